"""The HTTP side: table creation and its validation, lookups, records, health, metrics,
the browser client's files, and a shutdown that closes sockets with 1001."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager

import httpx
import pytest

from support.client import Client, create_room
from support.play import play_all, seat_table
from support.servers import InProcessServer


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient() as client:
        yield client


@pytest.mark.parametrize(
    "rules",
    [{"players": 5}, {"best_of": 2}, {"clock": 0}, {"colour": "red"}, {"name": "x" * 41}],
)
async def test_bad_rules_are_refused(
    server: InProcessServer, http: httpx.AsyncClient, rules: dict[str, object]
) -> None:
    """Creating a table with rules out of range is refused with 422 and bad_rules."""
    response = await http.post(f"{server.url}/api/rooms", json=rules)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "bad_rules"


async def test_private_tables_are_reached_only_by_their_link(
    server: InProcessServer, http: httpx.AsyncClient
) -> None:
    """A private table is not in the lobby but answers at its own address."""
    private = await create_room(server.url, players=2, private=True, name="Friends")
    assert (await http.get(f"{server.url}/api/rooms")).json()["rooms"] == []
    found = (await http.get(f"{server.url}/api/rooms/{private['id']}")).json()
    assert found["name"] == "Friends" and found["rules"]["private"] is True
    missing = await http.get(f"{server.url}/api/rooms/nope")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "room_not_found"
    page = await http.get(f"{server.url}/t/{private['id']}")
    assert page.status_code == 200 and "<html" in page.text.lower()


async def test_records_and_metrics(server: InProcessServer, http: httpx.AsyncClient) -> None:
    """A finished hand's record is served by id; metrics count moves and errors."""
    room = await create_room(server.url, players=2)
    clients = await seat_table(server.ws_url, room["id"], 2)
    await clients[0].send({"type": "dance"})
    final = await play_all(clients, lambda s: bool(s["match"] and s["match"]["hand"]["over"]))
    hand_id = final[0]["hand_id"]
    record = (await http.get(f"{server.url}/api/hands/{hand_id}")).json()
    assert record["format"] == "briscola-hand/1" and record["hand_id"] == hand_id
    missing = await http.get(f"{server.url}/api/hands/nope")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "hand_not_found"
    metrics = (await http.get(f"{server.url}/metrics")).text
    assert "briscola_moves_total 40.0" in metrics
    assert 'briscola_errors_total{code="unknown_type"} 1.0' in metrics
    assert "briscola_rooms 1.0" in metrics and "briscola_connections 2.0" in metrics
    for client in clients:
        await client.close()


async def test_shutdown_closes_sockets_with_1001(
    make_server: Callable[..., AbstractAsyncContextManager[InProcessServer]],
) -> None:
    """Stopping the server closes every websocket with 1001 (going away)."""
    async with make_server() as server:
        room = await create_room(server.url, players=2)
        ana = await Client.connect(server.ws_url, "Ana")
        await ana.join(room["id"])
        rooms = list(server.manager.rooms.values())
    async with asyncio.timeout(30):
        await ana.ws.wait_closed()
    assert ana.ws.close_code == 1001
    assert all(room.task is not None and room.task.done() for room in rooms)
