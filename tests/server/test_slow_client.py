"""A stalled client never holds up its room: once everything on the way to it is full (the
kernel's buffers, then the socket's, until flow control holds it) its send queue overflows,
it is dropped with 1013 and must resync, while the rest of the table plays on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import websockets

from support.client import Message, create_room
from support.play import play_all, seat_table
from support.servers import InProcessServer

#: Syncs sent at a time.
CHUNK = 500
#: At most this many chunks: their states (1.4 KB each) are far more than the buffers hold.
CHUNKS = 100


def spectators(state: Message) -> int:
    return int(state["room"]["spectators"])


async def test_a_stalled_spectator_is_dropped_and_the_table_plays_on(
    make_server: Callable[..., AbstractAsyncContextManager[InProcessServer]],
) -> None:
    """A spectator that stops reading is dropped once its buffers and queue are full: it
    leaves the table, the players finish their hand meanwhile, and when it reads again it
    finds the close (1013) after what was sent before it."""
    async with make_server(send_queue=16) as server:
        room = (await create_room(server.url, players=2))["id"]
        players = await seat_table(server.ws_url, room, 2)
        host = server.url.removeprefix("http://").split(":")
        # A small receive buffer, set before connecting, and max_queue=1: the client library
        # stops reading after one message, and what the server sends piles up on its side.
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect((host[0], int(host[1])))
        stalled = await websockets.connect(
            server.ws_url, max_queue=1, compression=None, sock=sock, ping_interval=None
        )
        await stalled.send(json.dumps({"type": "watch", "room": room, "name": "Slow"}))
        watcher = players[0]
        # The watch waits for the accounts' word, so a sync on another socket may overtake
        # it: the watcher asks until it sees the spectator.
        seen = 0
        while seen != 1:
            await watcher.send({"type": "sync"})
            seen = spectators(await watcher.wait_for(lambda m: m["type"] == "state"))
        for _ in range(CHUNKS):
            for _ in range(CHUNK):
                await stalled.send('{"type": "sync"}')
            # The room's answer to this sync: its state (or server_busy while the chunks
            # are still arriving) tells whether the spectator is still at the table.
            await watcher.send({"type": "sync"})
            answer = await watcher.wait_for(lambda m: m["type"] in ("state", "error"))
            if answer["type"] == "state" and spectators(answer) == 0:  # dropped
                break
        assert answer["type"] == "state" and spectators(answer) == 0
        final = await play_all(players, lambda s: bool(s["match"] and s["match"]["hand"]["over"]))
        assert sum(final[0]["match"]["hand"]["points"]) == 120
        async with asyncio.timeout(60):  # reading again: what was sent, then the close
            with contextlib.suppress(websockets.ConnectionClosed):
                while True:
                    await stalled.recv()
        assert stalled.close_code == 1013
        for client in players:
            await client.close()
