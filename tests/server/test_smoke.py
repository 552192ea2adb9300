"""The server answers over HTTP and websockets."""

from __future__ import annotations

import httpx

from support.client import Client, create_room
from support.servers import InProcessServer


async def test_health_and_lobby(server: InProcessServer) -> None:
    """/healthz answers ok with the mirror off, and a created public table is listed."""
    async with httpx.AsyncClient() as http:
        health = (await http.get(f"{server.url}/healthz")).json()
        assert health["status"] == "ok" and health["mirror"] == "off"
        room = await create_room(server.url, players=2)
        listed = (await http.get(f"{server.url}/api/rooms")).json()["rooms"]
    assert [r["id"] for r in listed] == [room["id"]]


async def test_bots_finish_a_hand(server: InProcessServer) -> None:
    """One person and three bots play a whole hand to its end."""
    room = await create_room(server.url, players=4)
    ana = await Client.connect(server.ws_url, "Ana")
    await ana.join(room["id"])
    for seat in (1, 2, 3):
        await ana.send({"type": "add_bot", "seat": seat})
    await ana.send({"type": "ready"})
    while True:
        await ana.wait_type("state")
        hand = ana.hand
        if hand and hand["over"]:
            break
        if ana.my_turn():
            assert hand is not None
            await ana.send({"type": "play", "card": hand["legal"][0]})
    assert sum(hand["points"]) == 120
    await ana.close()
