"""Redis loses writes it had acknowledged while the server runs on: a FLUSHALL, or a restart
(or a failover) without its last writes. The server notices within seconds (its marker in
Redis is gone or behind), says so on /healthz and /metrics, and writes every table and every
finished hand's record again, so a server killed afterwards comes back with all of them.

Waits are on events: the store's own signals for a server in this process, and Redis
keyspace notifications for what a separate ``briscola serve`` process writes."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx
import redis.asyncio as aioredis

from briscola.store.base import MirrorStatus
from briscola.store.cluster import LOBBY
from support.client import Client, create_room
from support.driver import Driver
from support.mirror import assert_mirrored, store_of
from support.servers import InProcessServer, RedisServer, Spawn

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]
TIMEOUT = 30


def room_key(room: str) -> str:
    return f"briscola:room:{{{room}}}"


def hand_key(hand_id: str) -> str:
    return f"briscola:hand:{hand_id}"


async def until_redis(
    redis_server: RedisServer,
    keys: Sequence[str],
    holds: Callable[[aioredis.Redis], Awaitable[bool]],
) -> None:
    """Wait until ``holds`` is true of what Redis has, asking again at each change of one of
    ``keys`` (keyspace notifications): the server's writes are the events waited on."""
    client = aioredis.Redis.from_url(redis_server.url)
    try:
        async with asyncio.timeout(TIMEOUT):
            await client.config_set("notify-keyspace-events", "KA")
            async with client.pubsub() as pubsub:
                channels = {f"__keyspace@0__:{key}" for key in keys}
                await pubsub.subscribe(*channels)
                confirmed = 0
                while confirmed < len(channels):  # subscribed before the first question
                    message = await pubsub.get_message(timeout=None)
                    confirmed += message is not None and message["type"] == "subscribe"
                while not await holds(client):
                    await pubsub.get_message(ignore_subscribe_messages=True, timeout=None)
    finally:
        await client.aclose()


async def get_json(url: str) -> tuple[int, Any]:
    async with httpx.AsyncClient() as http:
        response = await http.get(url)
        return response.status_code, response.json()


async def metric(base_url: str, name: str) -> float:
    """One sample of the server's Prometheus metrics."""
    async with httpx.AsyncClient() as http:
        text = (await http.get(f"{base_url}/metrics")).text
    [value] = [line.split()[1] for line in text.splitlines() if line.split(" ")[0] == name]
    return float(value)


async def assert_loss_reported(base_url: str) -> None:
    """/healthz and /metrics both count one loss of acknowledged writes."""
    health = (await get_json(f"{base_url}/healthz"))[1]
    assert health["data_loss"] == 1, health
    assert await metric(base_url, "briscola_mirror_data_loss_total") == 1


async def test_idle_tables_survive_a_flushall_then_a_crash(
    redis_server: RedisServer, spawn: Spawn
) -> None:
    """FLUSHALL under two idle tables (one person seated, not ready; a finished match): the
    server writes both tables and the hand's record again by itself, reports the loss, and
    after a SIGKILL a new process serves them all and gives the seats back to their tokens."""
    first = await spawn()
    waiting = (await create_room(first.url, players=2))["id"]
    ana = await Client.connect(first.ws_url, "Ana")
    await ana.join(waiting)
    finished = (await create_room(first.url, players=2, best_of=1))["id"]
    driver = await Driver.seat(first.ws_url, finished, 2, seed=4)
    await driver.finish_match()  # one hand, or more after a drawn one
    hands = [hand_key(ref["hand_id"]) for ref in driver.state["records"]]
    seen = driver.views()

    await asyncio.to_thread(redis_server.flush)
    keys = [room_key(waiting), room_key(finished), *hands, LOBBY]

    async def all_back(redis: aioredis.Redis) -> bool:
        """The tables, the records, and the tables in the shared lobby (the next process
        finds a table there while the dead one's lease runs out)."""
        listed = await redis.hmget(LOBBY, [waiting, finished])
        return bool(await redis.exists(*keys) == len(keys)) and None not in listed

    await until_redis(redis_server, keys, all_back)
    await assert_loss_reported(first.url)
    await ana.close()
    first.kill(signal.SIGKILL)

    second = await spawn()
    for room in (waiting, finished):
        assert (await get_json(f"{second.url}/api/rooms/{room}"))[0] == 200
    again = await Client.connect(second.ws_url, "Ana")
    await again.send({"type": "resume", "room": waiting, "token": ana.token})
    assert (await again.wait_type("joined"))["seat"] == ana.seat
    state = await again.wait_type("state")
    assert [(s["name"], s["ready"]) for s in state["room"]["seats"]][ana.seat] == ("Ana", False)
    await again.close()
    assert [(s["match"], s["records"]) for s in await driver.resume(second.ws_url)] == seen
    await driver.check_records(second.url)
    await driver.close()


async def test_records_redis_lost_in_a_restart_are_written_again(
    redis_server: RedisServer, spawn: Spawn
) -> None:
    """Redis restarts (a new run id) without the writes of the end of a hand: the server
    writes the table and the hand's record again, reports the loss, and after a SIGKILL a
    new process serves the record and the table, and the hand after it can be played."""
    first = await spawn()
    room = (await create_room(first.url, players=2, best_of=3))["id"]
    driver = await Driver.seat(first.ws_url, room, 2, seed=8)
    before_the_end = await asyncio.to_thread(redis_server.copy_data)
    await driver.play_until(lambda d: bool(d.hand["over"]))
    [record] = driver.state["records"]
    seen, version = driver.views(), driver.version

    await asyncio.to_thread(redis_server.restart, data=before_the_end)
    keys = [room_key(room), hand_key(record["hand_id"])]

    async def caught_up(redis: aioredis.Redis) -> bool:
        held = await redis.hget(room_key(room), "version")
        return bool(await redis.exists(keys[1])) and int(held or -1) >= version

    await until_redis(redis_server, keys, caught_up)
    await assert_loss_reported(first.url)
    first.kill(signal.SIGKILL)

    second = await spawn()
    status, served = await get_json(f"{second.url}/api/hands/{record['hand_id']}")
    assert (status, served["hand_id"]) == (200, record["hand_id"])
    assert (await get_json(f"{second.url}/api/rooms/{room}"))[0] == 200
    assert [(s["match"], s["records"]) for s in await driver.resume(second.ws_url)] == seen
    await driver.check_records(second.url)
    await driver.next_hand()
    await driver.move()
    await driver.close()


async def test_an_idle_server_reports_and_repairs_a_loss_and_records_keep_their_expiry(
    redis_server: RedisServer, make_server: MakeServer
) -> None:
    """FLUSHALL at an idle table: the heartbeat finds the marker gone, the mirror is
    ``repairing`` until the table and the record are in again, then ``ok`` with the loss
    counted on /healthz and /metrics. The record is written again with what was left of
    its TTL: found at the heartbeat, a second after the hand ended, a fresh TTL would
    outlive the original by that second."""
    async with make_server(redis_url=redis_server.url, record_ttl=3600) as server:
        store = store_of(server)
        assert (await get_json(f"{server.url}/healthz"))[1]["data_loss"] == 0
        room = (await create_room(server.url, players=2, best_of=3))["id"]
        driver = await Driver.seat(server.ws_url, room, 2, seed=2)
        await driver.play_until(lambda d: bool(d.hand["over"]))
        key = hand_key(driver.state["records"][0]["hand_id"])
        with redis_server.client() as redis:
            left, measured = redis.pttl(key), time.monotonic()
            redis.flushall()

        async with asyncio.timeout(TIMEOUT):
            await store.wait_data_loss()
        assert store.status is MirrorStatus.REPAIRING
        async with asyncio.timeout(TIMEOUT):
            await store.wait_synced()
        health = (await get_json(f"{server.url}/healthz"))[1]
        assert (health["status"], health["mirror"], health["data_loss"]) == ("ok", "ok", 1)
        assert await metric(server.url, "briscola_mirror_data_loss_total") == 1
        assert await metric(server.url, "briscola_mirror_repairing") == 0
        await assert_mirrored(server, room)
        with redis_server.client() as redis:
            now_left, now = redis.pttl(key), time.monotonic()
        assert 0 < now_left <= left - (now - measured) * 1000 + 250
        await driver.close()


async def test_a_busy_server_finds_a_loss_with_its_next_write(
    redis_server: RedisServer, make_server: MakeServer
) -> None:
    """FLUSHALL under a table in play: the pipeline of the very next move finds the marker
    gone (no idle heartbeat needed), before the move is told; the finished hand's record
    and the table are written again."""
    async with make_server(redis_url=redis_server.url) as server:
        store = store_of(server)
        room = (await create_room(server.url, players=2, best_of=3))["id"]
        driver = await Driver.seat(server.ws_url, room, 2, seed=6)
        await driver.play_until(lambda d: bool(d.hand["over"]))
        key = hand_key(driver.state["records"][0]["hand_id"])
        await driver.next_hand()
        with redis_server.client() as redis:
            redis.flushall()
        await driver.move()
        assert store.data_losses == 1
        async with asyncio.timeout(TIMEOUT):
            await store.wait_synced()
        with redis_server.client() as redis:
            assert redis.exists(key)
        await assert_mirrored(server, room)
        await driver.close()
