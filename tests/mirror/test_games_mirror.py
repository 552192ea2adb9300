"""The new games through the Redis mirror: a six-player table of signals, killed mid-hand
with a signal made, comes back in a new process with every view as it was, the signal
included and still out of the version the players are shown; the hand's record verifies
with the signal and who caught it. A Chiamata table killed in its auction and in its play
comes back as it was each time."""

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


async def test_a_chiamata_table_survives_crashes_in_its_auction_and_in_its_play(
    spawn: Spawn,
) -> None:
    """A five-player Chiamata table, killed (SIGKILL) in the middle of its auction, then again
    in the middle of its play with the called card still unplayed, comes back each time in a
    new process with every seat's view as it was (the partner's secret kept: only the
    holder's own view says partner); the deal's record verifies with its auction and call."""
    server = await spawn()
    room = await create_room(server.url, game="chiamata", players=5)
    driver = await Driver.seat(server.ws_url, room["id"], 5, seed=7)

    def phase(d: Driver) -> str:
        return str(d.hand["phase"])

    for _ in range(2):  # two speeches: the auction cannot be over yet
        await driver.move()
    assert phase(driver) == "auction" and len(driver.hand["auction"]) == 2
    for crash in ("auction", "play"):
        if crash == "play":
            await driver.play_until(lambda d: phase(d) == "play" and d.hand["tricks_played"] == 1)
        seen = driver.views()
        server.kill(signal.SIGKILL)
        server = await spawn()
        resumed = await driver.resume(server.ws_url)
        assert [(s["match"], s["records"]) for s in resumed] == seen, crash
    partners = [s["match"]["hand"]["partner"] for s in resumed]
    assert partners.count(True) <= 1  # the holder's own view, or nobody's (a self-call)
    await driver.play_until(lambda d: bool(d.hand["over"]))
    records = await driver.check_records(server.url)
    [record] = [r for r in records if r["result"] != "void"]  # before it, deals all passed
    assert record["rules"]["game"] == "chiamata" and record["caller"] is not None
    assert [a["type"] for a in record["actions"]].count("call") == 1
    await driver.close()
