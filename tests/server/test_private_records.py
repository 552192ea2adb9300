"""A finished hand's record is public: it must not give away a private table's id."""

from __future__ import annotations

import httpx
import pytest

from briscola.engine import verify_record
from support.client import create_room
from support.play import hand_over, play_all, seat_table
from support.servers import InProcessServer


@pytest.mark.parametrize("private", [True, False])
async def test_a_private_tables_records_do_not_name_it(
    server: InProcessServer, private: bool
) -> None:
    """The record served for a private table's hand holds its id nowhere (so sharing it
    lets nobody watch the table); a public table's names its table. Both verify."""
    room = await create_room(server.url, players=2, private=private)
    clients = await seat_table(server.ws_url, room["id"], 2)
    final = await play_all(clients, hand_over)
    async with httpx.AsyncClient() as http:
        response = await http.get(f"{server.url}/api/hands/{final[0]['hand_id']}")
    assert response.status_code == 200
    record = response.json()
    assert verify_record(record).over
    if private:
        assert room["id"] not in response.text and "room" not in record
    else:
        assert record["room"] == room["id"]
    for client in clients:
        await client.close()
