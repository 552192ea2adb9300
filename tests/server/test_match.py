"""Whole matches through the protocol: four players, a spectator, records that verify."""

from __future__ import annotations

import asyncio

import httpx

from briscola.engine import verify_record
from support.client import Client, Message, create_room
from support.play import autoplay, play_to_the_end, seat_table
from support.servers import InProcessServer


async def play_match(server: InProcessServer, clients: list[Client], spectator: Client) -> Message:
    """Play the match to its end with a spectator watching; the last state every seat saw."""
    watching = asyncio.create_task(
        autoplay(spectator, lambda s: bool(s["match"] and s["match"]["over"]))
    )
    last = await play_to_the_end(clients)
    await watching
    return last


async def test_best_of_three_partnership_match(server: InProcessServer) -> None:
    """Four clients play a best-of-3 partnership match to the end with a spectator watching;
    the match result agrees with the hand records, and every record verifies."""
    room = await create_room(server.url, players=4, best_of=3, swap_seven=True)
    clients = await seat_table(server.ws_url, room["id"], 4)
    spectator = await Client.connect(server.ws_url, "Watcher")
    await spectator.watch(room["id"])
    final = await play_match(server, clients, spectator)

    match = final["match"]
    wins = [0, 0]
    async with httpx.AsyncClient() as http:
        for ref in final["records"]:
            record = (await http.get(f"{server.url}/api/hands/{ref['hand_id']}")).json()
            state = verify_record(record)
            assert state.over and record["result"] == ref["result"]
            assert record["points"] == ref["points"] and sum(record["points"]) == 120
            if record["result"] != "draw":
                wins[int(record["result"])] += 1
    assert match["wins"] == wins
    assert max(wins) == 2 and match["winners"] == [wins.index(2)]
    assert len(final["records"]) == match["hands_dealt"]
    assert spectator.state is not None and spectator.state["match"]["winners"] == match["winners"]
    for client in (*clients, spectator):
        await client.close()


async def test_resignation_ends_the_match(server: InProcessServer) -> None:
    """A resignation ends the match at once against that partnership, for everyone."""
    room = await create_room(server.url, players=4, best_of=3)
    clients = await seat_table(server.ws_url, room["id"], 4)
    for client in clients:
        await client.wait_for(lambda m: m["type"] == "state" and m["match"] is not None)
    await clients[1].send({"type": "resign"})
    for client in clients:
        state = await client.wait_for(lambda m: m["type"] == "state" and m["match"]["over"])
        assert state["match"]["winners"] == [0] and state["match"]["resigned"] == 1
        assert state["match"]["hand"]["seed"] is not None
    for client in clients:
        await client.close()


async def test_play_again_reseats_the_same_people(server: InProcessServer) -> None:
    """After the match each says play again; the new match starts, everyone in their seat,
    once both have (the finished match stands meanwhile, with who has said yes)."""
    room = await create_room(server.url, players=2)
    clients = await seat_table(server.ws_url, room["id"], 2, ["Ana", "Bea"])
    await play_to_the_end(clients)  # a drawn hand (60-60) is replayed: play until it is over
    await clients[0].send({"type": "play_again"})
    state = await clients[1].wait_for(
        lambda m: m["type"] == "state" and m["room"]["seats"][0]["ready"]
    )
    assert state["match"]["over"] and not state["room"]["seats"][1]["ready"]
    await clients[1].send({"type": "play_again"})
    state = await clients[0].wait_for(
        lambda m: m["type"] == "state" and m["match"] is not None and not m["match"]["over"]
    )
    assert [s["name"] for s in state["room"]["seats"]] == ["Ana", "Bea"]
    assert state["match"]["hands_dealt"] == 1 and not state["match"]["hand"]["over"]
    for client in clients:
        await client.close()
