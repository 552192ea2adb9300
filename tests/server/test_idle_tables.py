"""Tables nobody is at are closed after a while (one whose last person left, after its
grace period): out of the lobby, out of the mirror."""

from __future__ import annotations

import asyncio
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


GRACE = 2


async def with_bots(ws_url: str, room: str, name: str, *, deal: bool) -> Client:
    """``name`` sits at seat 0 of a four-player table and the host's bots fill the others;
    with ``deal`` the person says ready and the first hand is dealt."""
    person = await Client.connect(ws_url, name)
    await person.join(room)
    for seat in (1, 2, 3):
        await person.send({"type": "add_bot", "seat": seat})
    await person.wait_for(lambda m: m["type"] == "state" and m["room"]["free_seats"] == 0)
    if deal:
        await person.send({"type": "ready", "ready": True})
        await person.wait_for(lambda m: m["type"] == "state" and m["room"]["status"] == "playing")
    return person


async def closed(http: httpx.AsyncClient, url: str, room: str) -> float:
    """Wait until the table's link answers 404; the loop's time then."""
    async with asyncio.timeout(30):
        while (await http.get(f"{url}/api/rooms/{room}")).status_code != 404:
            await asyncio.sleep(0.1)
    return asyncio.get_running_loop().time()


async def test_a_table_its_last_person_left_is_unlisted_at_once_and_closed_after_its_grace(
    make_server: MakeServer,
) -> None:
    """The rule (docs/ARCHITECTURE.md, "Tables nobody is at"): a table whose last person
    left with ``leave``, bots in the other seats, leaves the lobby at once and is closed
    once nobody has been at it for the table's grace period — before the match (the seat
    is freed: bots only) and during it (the seat is kept, to come back to). A person whose
    connection merely dropped keeps their table (adjourned, closed only when idle), and one
    who left and came back keeps playing."""
    async with make_server(idle_close=600.0) as server:
        watcher = await Client.connect(server.ws_url, "Lobby")
        await watcher.send({"type": "lobby"})
        rooms = {
            kind: (await create_room(server.url, players=4, grace=GRACE))["id"]
            for kind in ("waiting", "playing", "dropped", "back")
        }
        people = {
            kind: await with_bots(server.ws_url, room, kind.title(), deal=kind != "waiting")
            for kind, room in rooms.items()
        }
        await watcher.wait_for(lambda m: all(listed(room)(m) for room in rooms.values()))

        # Left and back at once: the table plays on, seat and all.
        back = people["back"]
        await back.send({"type": "leave"})
        await back.wait_type("left")
        await back.send({"type": "resume", "room": rooms["back"], "token": back.token})
        await back.wait_type("joined")
        # Gone without a word: adjourned (unlisted), but kept.
        await people["dropped"].close()

        async with httpx.AsyncClient() as http:
            for kind in ("waiting", "playing"):
                await people[kind].send({"type": "leave"})
                await people[kind].wait_type("left")
            left_at = asyncio.get_running_loop().time()
            shown = await watcher.wait_for(
                lambda m: all(unlisted(rooms[k])(m) for k in ("waiting", "playing", "dropped"))
            )
            assert rooms["back"] in [r["id"] for r in shown["rooms"]]
            # Unlisted, not closed: its link still opens it, for whoever holds a seat there.
            for kind in ("waiting", "playing"):
                assert (await http.get(f"{server.url}/api/rooms/{rooms[kind]}")).status_code == 200
            api = (await http.get(f"{server.url}/api/rooms")).json()["rooms"]
            assert {r["id"] for r in api} & set(rooms.values()) == {rooms["back"]}

            for kind in ("waiting", "playing"):
                assert await closed(http, server.url, rooms[kind]) - left_at >= GRACE - 0.1
            for kind in ("dropped", "back"):
                assert (await http.get(f"{server.url}/api/rooms/{rooms[kind]}")).status_code == 200

        # The one who came back still plays: a resume of the dropped seat opens it too.
        await back.send({"type": "sync"})
        state = await back.wait_type("state")
        assert state["room"]["status"] == "playing" and state["you"]["seat"] == 0
        again = await Client.connect(server.ws_url, "Dropped")
        await again.send(
            {"type": "resume", "room": rooms["dropped"], "token": people["dropped"].token}
        )
        assert (await again.wait_type("joined"))["seat"] == 0
        for client in (watcher, back, again, people["waiting"], people["playing"]):
            await client.close()
