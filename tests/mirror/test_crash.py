"""A server process killed with SIGKILL loses nothing that anyone saw: a new process on the
same Redis brings every table back, and the players resume and finish their match."""

from __future__ import annotations

import signal

import httpx
import pytest

from support.client import create_room
from support.driver import Driver, Stop, steer_to_swap
from support.servers import Spawn


def mid_trick(d: Driver) -> bool:
    return d.hand["tricks_played"] >= 2 and len(d.hand["trick"]["cards"]) == 2


def after_trick(d: Driver) -> bool:
    return d.hand["tricks_played"] >= 3 and not d.hand["trick"]["cards"]


def between_hands(d: Driver) -> bool:
    return bool(d.hand["over"] and not d.match["over"])


def after_swap(d: Driver) -> bool:
    return d.last is not None and d.last[0] == "swap"


POINTS: dict[str, tuple[Stop, dict[str, object]]] = {
    "mid_trick": (mid_trick, {"best_of": 1}),
    "after_trick": (after_trick, {"best_of": 1}),
    "between_hands": (between_hands, {"best_of": 3}),
    "after_swap": (after_swap, {"best_of": 3, "swap_seven": True}),
}


@pytest.mark.parametrize("point", list(POINTS))
async def test_sigkill_loses_no_move_anyone_saw(spawn: Spawn, point: str) -> None:
    """SIGKILL at a point of the hand; a new process shows every seat exactly what it saw,
    has the table (adjourned until its people resume, then in the lobby again), takes the
    tokens, and the match ends with records that verify."""
    stop, rules = POINTS[point]
    first = await spawn()
    room = await create_room(first.url, players=4, **rules)
    driver = await Driver.seat(first.ws_url, room["id"], 4, seed=len(point))
    await driver.play_until(stop, steer_to_swap if point == "after_swap" else None)
    seen = driver.views()
    assert first.kill(signal.SIGKILL) == -signal.SIGKILL

    second = await spawn()
    async with httpx.AsyncClient() as http:
        # Everyone counts as gone after the restart: the match is adjourned, out of the
        # lobby, until its first person is back.
        listed = (await http.get(f"{second.url}/api/rooms")).json()["rooms"]
        assert listed == []
        table = (await http.get(f"{second.url}/api/rooms/{room['id']}")).json()
        assert table["status"] == "adjourned"
        resumed = await driver.resume(second.ws_url)
        assert [(s["match"], s["records"]) for s in resumed] == seen
        listed = (await http.get(f"{second.url}/api/rooms")).json()["rooms"]
        assert [r["id"] for r in listed] == [room["id"]]

    await driver.finish_match()
    records = await driver.check_records(second.url)
    assert len(records) == driver.match["hands_dealt"]
    await driver.close()


async def test_sigkill_with_a_move_in_flight(spawn: Spawn) -> None:
    """A move sent just before SIGKILL is either wholly back after the restart or not at
    all; what the table had confirmed is all there, and play goes on."""
    first = await spawn()
    room = await create_room(first.url, players=4)
    driver = await Driver.seat(first.ws_url, room["id"], 4, seed=7)
    await driver.play_until(lambda d: d.hand["tricks_played"] >= 1 and not d.hand["trick"]["cards"])
    seen = driver.views()
    seat = driver.hand["turn"]
    mover = driver.clients[seat].hand
    assert mover is not None
    card = mover["legal"][0]
    await driver.clients[seat].send({"type": "play", "card": card})
    first.kill(signal.SIGKILL)

    second = await spawn()
    resumed = await driver.resume(second.ws_url)
    landed = resumed[0]["match"]["hand"]["trick"]["cards"] == [card]
    for (match, records), state in zip(seen, resumed, strict=True):
        assert state["records"] == records
        if not landed:
            assert state["match"] == match
            continue
        before, after = match["hand"], state["match"]["hand"]
        assert after["tricks_played"] == before["tricks_played"]
        assert after["trick"]["cards"] == [card] and after["turn"] == (seat + 1) % 4
    if landed:
        driver.log[driver.hand["commitment"]].append(("play", seat, card))
    await driver.finish_match()
    await driver.check_records(second.url)
    await driver.close()
