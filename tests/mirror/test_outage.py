"""Redis goes away under a running server: tables play on from memory, /healthz says so,
and the mirror catches up when Redis is back. Write-ahead holds whenever Redis answers.

Catch-up is awaited on the store's own signal, :meth:`RedisStore.wait_synced` (Redis
answers and every room that fell behind has written a fresh snapshot), not by polling."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx

from briscola.store.base import MirrorStatus
from support.client import create_room
from support.driver import Driver
from support.mirror import assert_mirrored, store_of
from support.servers import InProcessServer, RedisServer

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]
TIMEOUT = 30


async def health(server: InProcessServer) -> dict[str, Any]:
    async with httpx.AsyncClient() as http:
        body: dict[str, Any] = (await http.get(f"{server.url}/healthz")).json()
        return body


async def test_play_goes_on_through_a_redis_outage(
    redis_server: RedisServer, make_server: MakeServer
) -> None:
    """Redis killed mid-hand: moves still arrive, /healthz says degraded, a hand finished
    meanwhile is served; Redis back: /healthz ok, Redis matches memory, records included."""
    async with make_server(redis_url=redis_server.url) as server:
        store = store_of(server)
        room = (await create_room(server.url, players=4, best_of=3))["id"]
        driver = await Driver.seat(server.ws_url, room, 4, seed=3)
        for _ in range(5):
            await driver.move()
        redis_server.kill()
        await driver.move()  # its write fails: the room must not wait for Redis to return
        down = await health(server)
        assert (down["status"], down["mirror"]) == ("degraded", "degraded")
        await driver.play_until(lambda d: bool(d.hand["over"]))
        [served] = await driver.check_records(server.url)  # from memory, Redis is down

        await asyncio.to_thread(redis_server.restart)
        async with asyncio.timeout(TIMEOUT):
            await store.wait_synced()
        back = await health(server)
        assert (back["status"], back["mirror"]) == ("ok", "ok")
        await assert_mirrored(server, room)
        with redis_server.client() as redis:
            ttl = redis.ttl(f"briscola:hand:{served['hand_id']}")
        assert 0 < ttl <= 30 * 24 * 3600

        await driver.next_hand()
        await driver.move()
        await assert_mirrored(server, room)  # write-ahead again: Redis had it before we did
        await driver.finish_match()
        await driver.check_records(server.url)
        await driver.close()


async def test_no_move_is_told_before_redis_has_it(
    redis_server: RedisServer, make_server: MakeServer
) -> None:
    """With Redis frozen (SIGSTOP) a move reaches the table only once the store has given
    up on Redis (degraded), never while the write is still unanswered."""
    async with make_server(redis_url=redis_server.url) as server:
        store = store_of(server)
        room = (await create_room(server.url, players=4))["id"]
        driver = await Driver.seat(server.ws_url, room, 4, seed=5)
        await driver.move()
        redis_server.freeze()
        try:
            await driver.move()
            assert store.status is MirrorStatus.DEGRADED
        finally:
            redis_server.thaw()
        async with asyncio.timeout(TIMEOUT):
            await store.wait_synced()
        await assert_mirrored(server, room)
        await driver.close()


async def test_an_idle_mirror_notices_an_outage_and_refills_a_redis_that_lost_its_data(
    redis_server: RedisServer, make_server: MakeServer
) -> None:
    """With nothing to write, the heartbeat still finds Redis gone (/healthz degraded); when
    it comes back empty (a new server, its data lost) every table is written again."""
    async with make_server(redis_url=redis_server.url) as server:
        store = store_of(server)
        room = (await create_room(server.url, players=4))["id"]
        driver = await Driver.seat(server.ws_url, room, 4, seed=1)
        await driver.move()
        redis_server.kill()
        async with asyncio.timeout(TIMEOUT):
            await store.wait_status(MirrorStatus.DEGRADED)
        assert (await health(server))["mirror"] == "degraded"
        await asyncio.to_thread(redis_server.restart, wipe=True)
        async with asyncio.timeout(TIMEOUT):
            await store.wait_synced()
        assert (await health(server))["status"] == "ok"
        await assert_mirrored(server, room)
        await driver.close()


async def test_a_room_rewrites_what_redis_lost_before_telling_anyone(
    redis_server: RedisServer, make_server: MakeServer
) -> None:
    """Redis loses its data under a live connection (FLUSHALL): the next move's append is
    refused as a gap, and the room writes a full snapshot before the move is broadcast."""
    async with make_server(redis_url=redis_server.url) as server:
        room = (await create_room(server.url, players=4))["id"]
        driver = await Driver.seat(server.ws_url, room, 4, seed=9)
        await driver.move()
        with redis_server.client() as redis:
            redis.flushall()
        await driver.move()
        await assert_mirrored(server, room)
        assert store_of(server).status is MirrorStatus.OK
        await driver.close()
