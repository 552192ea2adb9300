"""The new games through the Redis mirror: a six-player table of signals, killed mid-hand
with a signal made, comes back in a new process with every view as it was, the signal
included and still out of the version the players are shown; the hand's record verifies
with the signal and who caught it."""

from __future__ import annotations

import signal

import httpx

from briscola.engine import verify_record
from support.client import Message, create_room
from support.driver import Driver
from support.servers import Spawn


def signals_of(message: Message) -> list[Message]:
    match = message.get("match") or {}
    hand = match.get("hand") or {}
    return list(hand.get("signals") or [])


async def test_a_six_player_table_of_signals_survives_a_crash(spawn: Spawn) -> None:
    first = await spawn()
    room = await create_room(first.url, players=6, partner_comm="signals", signal_catch=1)
    driver = await Driver.seat(first.ws_url, room["id"], 6, seed=3)
    for _ in range(6):  # the first trick: signals may follow it
        await driver.move()
    version = driver.version
    await driver.clients[1].send({"type": "signal", "signal": "no_trumps"})
    for client in driver.clients:  # a catch chance of 1: every seat sees it
        await client.wait_for(lambda m: m["type"] == "state" and bool(signals_of(m)))
        assert client.state is not None and client.state["version"] == version
    for _ in range(3):
        await driver.move()
    seen, before = driver.views(), driver.version
    first.kill(signal.SIGKILL)

    second = await spawn()
    resumed = await driver.resume(second.ws_url)
    assert [(s["match"], s["records"]) for s in resumed] == seen
    assert [s["signal"] for s in signals_of(resumed[3])] == ["no_trumps"]
    # Each seat marked gone by the restore, then the first back: the signal still uncounted.
    assert resumed[0]["version"] == before + 6 + 1, (before, resumed[0]["version"])
    await driver.play_until(lambda d: bool(d.hand["over"]))
    [ref] = driver.state["records"]
    async with httpx.AsyncClient() as http:
        record = (await http.get(f"{second.url}/api/hands/{ref['hand_id']}")).json()
    verify_record(record)
    [made] = [entry for entry in record["actions"] if entry["type"] == "signal"]
    assert (made["seat"], made["signal"], made["caught"]) == (1, "no_trumps", [0, 2, 4])
    assert record["rules"]["partner_comm"] == "signals" and record["players"] == 6
    await driver.close()
