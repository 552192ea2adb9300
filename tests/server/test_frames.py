"""Frames are written straight through the websocket protocol: byte for byte the frames
websockets would make, on every connection of a real server, with the hand played out."""

from __future__ import annotations

import pytest
from websockets.frames import Frame, Opcode

from briscola.service.websocket_protocol import text_frame
from support.client import create_room
from support.play import hand_done, play_all, seat_table
from support.servers import InProcessServer


@pytest.mark.parametrize("length", [0, 1, 125, 126, 127, 850, 65535, 65536, 70_000])
def test_a_text_frame_is_the_one_websockets_makes(length: int) -> None:
    payload = bytes(range(256)) * (length // 256) + bytes(range(length % 256))
    expected = Frame(Opcode.TEXT, payload).serialize(mask=False, extensions=[])
    assert text_frame(payload) == expected


async def test_every_connection_writes_directly_and_a_hand_plays_out(
    server: InProcessServer,
) -> None:
    room = (await create_room(server.url, players=2))["id"]
    players = await seat_table(server.ws_url, room, 2)
    assert server.manager.gateway.connections
    assert all(conn.direct for conn in server.manager.gateway.connections.values())
    states = await play_all(players, hand_done())
    assert all(s["match"]["hand"]["over"] for s in states)
    for player in players:
        await player.close()
