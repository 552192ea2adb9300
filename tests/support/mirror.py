"""Checks of what the Redis mirror holds, for the mirror tests."""

from __future__ import annotations

import secrets

from briscola.store.redis import RedisStore
from briscola.table.core import Table

from .servers import InProcessServer


def store_of(server: InProcessServer) -> RedisStore:
    store = server.manager.store
    assert isinstance(store, RedisStore)
    return store


async def assert_mirrored(server: InProcessServer, room: str) -> None:
    """What Redis holds for ``room`` rebuilds the table this process has in memory: version,
    match, hands, records and seats."""
    table = server.manager.rooms[room].table
    stored = {r.snapshot.id: r for r in await store_of(server).load_rooms()}[room]
    assert (stored.events[-1][0] if stored.events else stored.snapshot.version) == table.version
    restored = Table.restore(stored.snapshot, stored.events, entropy=secrets.token_bytes, now=0)
    assert restored.match == table.match and restored.records == table.records
    assert restored.snapshot().hands == table.snapshot().hands
    assert [(s.kind, s.name, s.token, s.ready) for s in restored.seats] == [
        (s.kind, s.name, s.token, s.ready) for s in table.seats
    ]
