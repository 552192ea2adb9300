"""GET /api/hands/{hand}/replay: a finished hand's steps, every card face up, as JSON."""

from __future__ import annotations

import httpx
import pytest

from briscola.engine import HandRules, start_hand
from support.client import create_room
from support.play import hand_over, play_all, seat_table
from support.servers import InProcessServer


@pytest.mark.parametrize("players", [2, 4])
async def test_a_finished_hand_is_replayed_from_its_record(
    server: InProcessServer, players: int
) -> None:
    """The replay names the seats as they were, starts from the deal the seed makes, has a
    step per action and per trick, and ends with the record's result and points."""
    room = await create_room(server.url, players=players, swap_seven=True)
    names = ["Ana", "Bea", "Cleo", "Dino"][:players]
    clients = await seat_table(server.ws_url, room["id"], players, names)
    final = await play_all(clients, hand_over)
    hand_id = final[0]["hand_id"]
    async with httpx.AsyncClient() as http:
        record = (await http.get(f"{server.url}/api/hands/{hand_id}")).json()
        response = await http.get(f"{server.url}/api/hands/{hand_id}/replay")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    replay = response.json()
    assert record["names"] == replay["names"] == names
    for key in ("hand_id", "match_id", "room", "players", "dealer", "seed", "commitment"):
        assert replay[key] == record[key], key
    assert (replay["result"], replay["points"]) == (record["result"], record["points"])
    steps = replay["steps"]
    dealt = start_hand(HandRules(players), record["dealer"], bytes.fromhex(record["seed"]))
    deal = steps[0]
    assert deal["kind"] == "deal" and deal["seat"] == record["dealer"]
    assert deal["hands"] == [[card.code for card in hand] for hand in dealt.hands]
    assert deal["face_up"] == deal["stock"][-1] and deal["trump"] == dealt.trump.code
    assert deal["trick"] == {
        "leader": (record["dealer"] + 1) % players,
        "cards": [],
        "winner": None,
    }
    kinds = [step["kind"] for step in steps]
    assert len(steps) == 2 + len(record["actions"]) + len(record["tricks"])
    assert kinds.count("trick") == len(record["tricks"]) and kinds[-1] == "end"
    last = steps[-1]
    assert (last["result"], last["points"]) == (record["result"], record["points"])
    assert all(step["hands"] == [[], [], [], []][:players] for step in steps[-2:])
    for client in clients:
        await client.close()


async def test_an_unknown_hand_has_no_replay(server: InProcessServer) -> None:
    async with httpx.AsyncClient() as http:
        missing = await http.get(f"{server.url}/api/hands/nope/replay")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "hand_not_found"


async def test_a_finished_hands_record_and_replay_may_be_cached(server: InProcessServer) -> None:
    """A finished hand never changes: both its record and its replay say caches may keep it."""
    room = await create_room(server.url, players=2)
    clients = await seat_table(server.ws_url, room["id"], 2)
    final = await play_all(clients, hand_over)
    async with httpx.AsyncClient(base_url=server.url) as http:
        for path in ("", "/replay"):
            response = await http.get(f"/api/hands/{final[0]['hand_id']}{path}")
            assert response.status_code == 200
            assert "immutable" in response.headers["cache-control"]
    for client in clients:
        await client.close()
