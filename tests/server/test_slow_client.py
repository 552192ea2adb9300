"""A stalled client never holds up its room: its send queue overflows, it is dropped with
1013 and must resync, while the rest of the table plays on."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import websockets

from support.client import create_room
from support.play import play_all, seat_table
from support.servers import InProcessServer


async def test_a_stalled_spectator_is_dropped_and_the_table_plays_on(
    make_server: Callable[..., AbstractAsyncContextManager[InProcessServer]],
) -> None:
    """A spectator that stops reading is closed with 1013 once its queue overflows; the
    players finish their hand meanwhile."""
    async with make_server(send_queue=16) as server:
        room = await create_room(server.url, players=2)
        players = await seat_table(server.ws_url, room["id"], 2)
        # max_queue=1: the client library stops reading the socket after one message, so
        # everything else piles up in the kernel's buffers and then in the server's queue.
        stalled = await websockets.connect(server.ws_url, max_queue=1, compression=None)
        await stalled.send(json.dumps({"type": "watch", "room": room["id"], "name": "Slow"}))
        for _ in range(5000):
            await stalled.send(json.dumps({"type": "sync"}))
        final = await play_all(players, lambda s: bool(s["match"] and s["match"]["hand"]["over"]))
        assert sum(final[0]["match"]["hand"]["points"]) == 120
        async with asyncio.timeout(30):
            try:
                while True:
                    await stalled.recv()
            except websockets.ConnectionClosed:
                pass
        assert stalled.close_code == 1013
        for client in players:
            await client.close()
