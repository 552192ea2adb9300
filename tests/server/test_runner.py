"""A room's runner: client commands are bounded, control inputs never dropped; shutdown lets
every room finish what it has queued before anything is cancelled."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import pytest

from briscola.metrics import Metrics
from briscola.service.runner import Close, Detach, RoomRunner
from briscola.service.thinker import Thinker
from briscola.store.memory import MemoryStore
from briscola.store.redis import RedisStore
from briscola.table.core import Table
from briscola.table.events import Presence
from briscola.table.session import ConnId, Outcome, RoomSession
from briscola.wire.commands import Join, Sync
from briscola.wire.errors import Refusal
from briscola.wire.table_rules import TableRules
from support.client import create_room
from support.play import seat_table
from support.servers import InProcessServer, RedisServer

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]


class Recorder:
    """An outbox that keeps what it is given."""

    def __init__(self) -> None:
        self.sent: list[tuple[ConnId, str]] = []
        self.released: list[tuple[ConnId, str]] = []

    def deliver(self, room_id: str, outcome: Outcome) -> None:
        assert not outcome.closes, "nothing is closed here"
        self.sent += outcome.frames
        self.released += [(conn, room_id) for conn in outcome.released]

    def lobby_changed(self, room_id: str | None = None) -> None:
        return None


async def test_commands_are_bounded_but_controls_are_never_dropped() -> None:
    """With two commands waiting, a third is refused server_busy at once; a detach and the
    close are queued all the same, and everything queued is carried out in order."""
    table = Table("r", TableRules(players=2), entropy=random.Random(1).randbytes, now=0.0)
    outbox = Recorder()
    thinker = Thinker(workers=1)  # never started: no bot here
    runner = RoomRunner(RoomSession(table), MemoryStore(), outbox, thinker, Metrics(), limit=2)
    runner.submit(1, Join("r", "Ana"))
    runner.submit(1, Sync())
    with pytest.raises(Refusal) as busy:
        runner.submit(1, Sync())
    assert busy.value.code == "server_busy"
    runner.control(Detach(1))
    runner.control(Close())
    await runner.start()
    assert [conn for conn, _ in outbox.sent] == [1, 1, 1]  # joined, state, state
    assert not table.seats[0].connected and runner.session.members == {}


async def test_shutdown_lets_rooms_finish_what_they_have_queued(
    make_server: MakeServer, redis_server: RedisServer
) -> None:
    """At shutdown every socket closes, each room writes that its people are gone, and only
    then do the rooms stop: Redis has every seat's Presence(False)."""
    async with make_server(redis_url=redis_server.url) as server:
        room = (await create_room(server.url, players=2))["id"]
        await seat_table(server.ws_url, room, 2)
    store = RedisStore(redis_server.url, Metrics(), record_ttl=60)
    await store.start(lambda rooms: None)
    try:
        [stored] = await store.load_rooms()
    finally:
        await store.close()
    gone = [e.seat for _, e in stored.events if isinstance(e, Presence) and not e.connected]
    assert sorted(gone) == [0, 1]
