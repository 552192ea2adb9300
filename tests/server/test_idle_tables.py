"""Tables nobody is at are closed after a while: out of the lobby, out of the mirror."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx

from briscola.store.redis import ROOMS, RedisStore
from support.client import Client, Message, create_room
from support.servers import InProcessServer, RedisServer

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]
IDLE_CLOSE = 3.0


def listed(room: str) -> Callable[[Message], bool]:
    return lambda m: m["type"] == "lobby" and room in [r["id"] for r in m["rooms"]]


def unlisted(room: str) -> Callable[[Message], bool]:
    return lambda m: m["type"] == "lobby" and room not in [r["id"] for r in m["rooms"]]


async def test_an_empty_table_is_closed_and_a_busy_one_is_not(
    make_server: MakeServer, redis_server: RedisServer
) -> None:
    """A table everyone left is closed after the idle time and leaves the lobby and Redis;
    a table with someone at it stays."""
    # Long enough that neither table is closed before its first person sits down, however
    # slow the machine: the test waits for the close itself, not for a time.
    async with make_server(idle_close=IDLE_CLOSE, redis_url=redis_server.url) as server:
        watcher = await Client.connect(server.ws_url, "Lobby")
        await watcher.send({"type": "lobby"})
        left = (await create_room(server.url, players=2))["id"]
        kept = (await create_room(server.url, players=2))["id"]
        ana = await Client.connect(server.ws_url, "Ana")
        await ana.join(left)
        bea = await Client.connect(server.ws_url, "Bea")
        await bea.join(kept)
        await watcher.wait_for(lambda m: listed(left)(m) and listed(kept)(m))
        await ana.close()

        gone = await watcher.wait_for(unlisted(left))
        assert kept in [r["id"] for r in gone["rooms"]]
        async with httpx.AsyncClient() as http:
            missing = await http.get(f"{server.url}/api/rooms/{left}")
        assert missing.status_code == 404
        store = server.manager.store
        assert isinstance(store, RedisStore)
        rooms = {member.decode() for member in await store.redis.smembers(ROOMS)}
        assert left not in rooms and kept in rooms
        for client in (watcher, bea):
            await client.close()
