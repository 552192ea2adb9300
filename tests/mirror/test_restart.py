"""A graceful restart (SIGTERM, then a new process on the same Redis) brings back every
table, seat, token, clock and finished hand."""

from __future__ import annotations

import signal
import time

import httpx

from support.client import Client, create_room
from support.driver import Driver
from support.servers import RedisServer, Spawn

CLOCK = 30


async def test_a_graceful_restart_brings_everything_back(
    spawn: Spawn, redis_server: RedisServer
) -> None:
    """After SIGTERM and a new process: the lobby lists the waiting table (the match is
    adjourned until its people resume), tokens open their seats (a wrong one is refused),
    the turn clock starts afresh, and records are served."""
    first = await spawn()
    room = await create_room(first.url, players=4, best_of=3, clock=CLOCK)
    waiting = await create_room(first.url, players=2, name="Waiting")
    solo = await Client.connect(first.ws_url, "Solo")
    await solo.join(waiting["id"])
    driver = await Driver.seat(first.ws_url, room["id"], 4, seed=11)
    await driver.play_until(lambda d: bool(d.hand["over"]))
    await driver.next_hand()
    for _ in range(5):
        await driver.move()
    seen = driver.views()
    assert first.kill(signal.SIGTERM) == -signal.SIGTERM  # uvicorn re-raises it when done
    assert any("Application shutdown complete" in line for line in first.log)

    started = time.monotonic()
    second = await spawn()
    async with httpx.AsyncClient() as http:
        lobby = {r["id"]: r for r in (await http.get(f"{second.url}/api/rooms")).json()["rooms"]}
        # The match is adjourned (everyone counts as gone) until its first person is back.
        assert set(lobby) == {waiting["id"]}
        adjourned = (await http.get(f"{second.url}/api/rooms/{room['id']}")).json()
    assert [s["name"] for s in lobby[waiting["id"]]["seats"]] == ["Solo", None]
    assert adjourned["status"] == "adjourned"

    resumed = await driver.resume(second.ws_url)
    assert [(s["match"], s["records"]) for s in resumed] == seen
    assert resumed[0]["room"]["status"] == "playing"
    clock = driver.clients[driver.hand["turn"]].state["clock"]  # type: ignore[index]
    assert clock["seat"] == driver.hand["turn"]
    assert clock["remaining_ms"] >= CLOCK * 1000 - (time.monotonic() - started) * 1000

    thief = await Client.connect(second.ws_url, "Thief")
    await thief.send({"type": "resume", "room": room["id"], "token": "f" * 36})
    await thief.error("bad_token")
    back = await Client.connect(second.ws_url, "Solo")
    await back.send({"type": "resume", "room": waiting["id"], "token": solo.token})
    assert (await back.wait_type("joined"))["seat"] == 0

    [record] = await driver.check_records(second.url)  # the first hand, from Redis
    with redis_server.client() as redis:
        ttl = redis.ttl(f"briscola:hand:{record['hand_id']}")
    assert 0 < ttl <= 30 * 24 * 3600
    await driver.finish_match()
    await driver.check_records(second.url)
    for client in (thief, back, solo):
        await client.close()
    await driver.close()
