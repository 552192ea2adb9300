"""The server answers over HTTP: health and the lobby (a whole hand with bots over websockets
is played in test_bot_levels.py)."""

from __future__ import annotations

import httpx

from support.client import create_room
from support.servers import InProcessServer


async def test_health_and_lobby(server: InProcessServer) -> None:
    """/healthz answers ok with the mirror off, and a created public table is listed."""
    async with httpx.AsyncClient() as http:
        health = (await http.get(f"{server.url}/healthz")).json()
        assert health["status"] == "ok" and health["mirror"] == "off"
        room = await create_room(server.url, players=2)
        listed = (await http.get(f"{server.url}/api/rooms")).json()["rooms"]
    assert [r["id"] for r in listed] == [room["id"]]
