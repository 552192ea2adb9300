"""One owner for every connection: the manager alone knows which table a connection is at,
so a late answer from a table it left cannot undo a move; every joiner gets the state once;
a room that fails is logged, its people told and the room restored; nothing queued is
dropped, and shutdown lets rooms finish before it cancels them."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import pytest

from briscola.service.runner import Checkpoint
from briscola.service.transport import Connection
from briscola.store.base import StoredRoom
from briscola.store.redis import RedisStore
from briscola.table.core import Table
from briscola.table.session import Outcome
from briscola.wire.commands import Command, Resume
from support.client import Client, Message, create_room
from support.play import seat_table
from support.servers import InProcessServer, RedisServer

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]
RUNS = 10


def seats(table: Table) -> list[tuple[str | None, str | None, bool]]:
    return [(s.name, s.token, s.ready) for s in table.seats]


def is_state(message: Message) -> bool:
    return bool(message["type"] == "state")


def seat_of(state: Message, name: str) -> Message:
    return next(s for s in state["room"]["seats"] if s["name"] == name)


@pytest.mark.parametrize("first", ["resume", "join"])
async def test_a_late_refusal_from_the_old_table_does_not_undo_the_move(
    make_server: MakeServer, redis_server: RedisServer, first: str
) -> None:
    """`resume A` with a bad token (or `join A`, full) and at once `join B`, in Redis mode:
    the connection is at B for good. Its commands reach B, and when it goes away B sees it
    gone (the seat is not `connected` forever)."""
    async with make_server(redis_url=redis_server.url) as server:
        full = (await create_room(server.url, players=2))["id"]
        players = await seat_table(server.ws_url, full, 2)
        for run in range(RUNS):
            other = (await create_room(server.url, players=2))["id"]
            host = await Client.connect(server.ws_url, "Host")
            await host.join(other)
            mover = await Client.connect(server.ws_url, f"Mover{run}")
            refused = (
                {"type": "resume", "room": full, "token": "not-a-token"}
                if first == "resume"
                else {"type": "join", "room": full, "name": "Late"}
            )
            await mover.send(refused)
            await mover.send({"type": "join", "room": other, "name": mover.name})
            await mover.wait_type("joined")
            await mover.send({"type": "ready"})
            ready = await host.wait_for(
                lambda m, n=mover.name: is_state(m) and seat_of(m, n)["ready"]
            )
            assert seat_of(ready, mover.name)["connected"]
            await mover.close()
            await host.wait_for(
                lambda m, n=mover.name: is_state(m) and not seat_of(m, n)["connected"]
            )
            await host.close()
        for client in players:
            await client.close()


async def test_a_joiner_gets_the_state_once(server: InProcessServer) -> None:
    """`join` is answered by `joined` and one `state`, not two."""
    room = (await create_room(server.url, players=2))["id"]
    ana = await Client.connect(server.ws_url, "Ana")
    await ana.send({"type": "join", "room": room, "name": "Ana"})
    await ana.wait_type("joined")
    await ana.send({"type": "sync"})  # its state follows the join's in the same order
    await ana.wait_type("state")
    await ana.wait_type("state")
    kinds = [json.loads(frame)["type"] for frame in ana.frames]
    assert kinds == ["joined", "state", "state"], kinds
    await ana.close()


async def test_a_room_that_fails_is_logged_its_people_told_and_it_is_restored(
    make_server: MakeServer,
    redis_server: RedisServer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The room's own loop fails (here: a checkpoint raises): the traceback is logged, its
    people are closed with 1011, and the table is restored from the store; they resume,
    even when their resumes come before the table is back (they are held until it is)."""
    async with make_server(redis_url=redis_server.url) as server:
        room = (await create_room(server.url, players=2))["id"]
        ana, bea = await seat_table(server.ws_url, room, 2)
        store = server.manager.store
        assert isinstance(store, RedisStore)
        await store.wait_synced()
        broken = server.manager.rooms[room]

        def checkpoint(now: float) -> Outcome:
            raise RuntimeError("a bug in the checkpoint")

        broken.session.checkpoint = checkpoint  # type: ignore[method-assign]
        # The table is read back from Redis only once both resumes are held: people who
        # reconnect faster than the reload are answered when the table is back.
        gateway = server.manager.gateway
        reading, routing = store.load_room, gateway.route
        held = asyncio.Event()

        resumes: list[Command] = []

        def route(conn: Connection, command: Command) -> None:
            routing(conn, command)
            if isinstance(command, Resume):
                resumes.append(command)
                if len(resumes) == 2:
                    held.set()

        async def load_room(room_id: str) -> StoredRoom | None:
            await held.wait()
            return await reading(room_id)

        gateway.route = route  # type: ignore[method-assign]
        store.load_room = load_room  # type: ignore[method-assign]
        broken.control(Checkpoint())
        for client in (ana, bea):
            async with asyncio.timeout(30):
                await client.ws.wait_closed()
            assert client.ws.close_code == 1011
        assert any(
            r.levelno == logging.ERROR and r.exc_info and "failed" in r.getMessage()
            for r in caplog.records
        )
        back = []
        for client in (ana, bea):
            again = await Client.connect(server.ws_url, client.name)
            await again.send({"type": "resume", "room": room, "token": client.token})
            back.append(again)
        for client, again in zip((ana, bea), back, strict=True):
            assert (await again.wait_type("joined"))["seat"] == client.seat
            await again.wait_type("state")
        restored = server.manager.rooms[room]
        assert restored is not broken and restored.table.match == broken.table.match
        assert seats(restored.table) == seats(broken.table)
        for client in back:
            await client.close()


async def test_a_table_that_leaves_the_process_takes_its_people_here_along(
    make_server: MakeServer, redis_server: RedisServer
) -> None:
    """The cluster finds a table's lease lost (here this same process takes it back at
    once): the room is dropped and found again, and its people on this process are
    attached to it again, each player with their seat's token and the spectator with its
    watch, without a reconnect."""
    async with make_server(redis_url=redis_server.url) as server:
        room = (await create_room(server.url, players=2))["id"]
        players = await seat_table(server.ws_url, room, 2)
        watcher = await Client.connect(server.ws_url, "Eve")
        await watcher.watch(room)
        store = server.manager.store
        assert isinstance(store, RedisStore)
        await store.wait_synced()
        dropped = server.manager.rooms[room]
        held = [(client.seat, client.token) for client in players]
        server.manager.bus.lost({room})
        for client, (seat, token) in zip(players, held, strict=True):
            joined = await client.wait_type("joined")
            assert (joined["seat"], joined["token"]) == (seat, token)
            await client.wait_type("state")
        assert (await watcher.wait_type("joined"))["seat"] is None
        await watcher.wait_type("state")
        assert server.manager.rooms[room] is not dropped
        assert all(client.ws.close_code is None for client in (*players, watcher))
        for client in (*players, watcher):
            await client.close()
