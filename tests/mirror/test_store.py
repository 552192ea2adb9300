"""The store against a real Redis: versioned writes checked by the Lua scripts, loading,
compaction of a room's events into a snapshot."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator

import pytest

from briscola.metrics import Metrics
from briscola.store.base import WriteResult
from briscola.store.redis import COMPACT_AFTER, RedisStore
from briscola.table.core import Table
from briscola.wire.table_rules import TableRules
from support.servers import RedisServer


@pytest.fixture
async def store(redis_server: RedisServer) -> AsyncIterator[RedisStore]:
    store = RedisStore(redis_server.url, Metrics(), record_ttl=60)
    yield store
    await store.close()


def playing_table() -> Table:
    """A table of two people, dealt, with its creation events drained."""
    table = Table("t1", TableRules(players=2), entropy=secrets.token_bytes, now=0)
    for seat in range(2):
        table.sit(f"P{seat}", seat, None, 0)
        table.set_ready(seat, True, 0)
    return table


def play(table: Table, moves: int) -> None:
    for _ in range(moves):
        assert table.match is not None and table.match.hand is not None
        hand = table.match.hand
        table.play(hand.turn, hand.hands[hand.turn][0].code, 0)


async def loaded(store: RedisStore, room: str) -> Table:
    [stored] = [r for r in await store.load_rooms() if r.snapshot.id == room]
    return Table.restore(stored.snapshot, stored.events, entropy=secrets.token_bytes, now=0)


async def test_stale_and_out_of_order_writes_are_refused(store: RedisStore) -> None:
    """Events Redis already has and older snapshots are STALE, events after a missing
    version are a GAP; neither changes what Redis holds."""
    table = Table("t1", TableRules(players=2), entropy=secrets.token_bytes, now=0)
    old = table.snapshot()
    assert await store.put_snapshot(old) is WriteResult.ACCEPTED
    table = playing_table()
    events, _ = table.drain()
    assert await store.append("t1", events) is WriteResult.ACCEPTED
    play(table, 3)
    newer, _ = table.drain()
    assert await store.append("t1", newer[1:]) is WriteResult.GAP
    assert await store.append("t1", newer) is WriteResult.ACCEPTED
    assert await store.append("t1", newer) is WriteResult.STALE
    assert await store.append("t1", newer[:1]) is WriteResult.STALE
    assert await store.put_snapshot(old) is WriteResult.STALE
    assert (await loaded(store, "t1")).match == table.match

    snapshot = table.snapshot()
    assert await store.put_snapshot(snapshot) is WriteResult.ACCEPTED
    assert await store.put_snapshot(snapshot) is WriteResult.ACCEPTED  # same version: no harm
    assert await store.append("t1", newer) is WriteResult.STALE
    assert (await loaded(store, "t1")).match == table.match


async def test_a_long_events_list_is_compacted(store: RedisStore) -> None:
    """After COMPACT_AFTER appended events the store asks the room for a snapshot, which
    replaces them."""
    asked: asyncio.Queue[set[str]] = asyncio.Queue()
    await store.start(asked.put_nowait)
    table = Table("t2", TableRules(players=2), entropy=secrets.token_bytes, now=0)
    assert await store.write("t2", [], table.snapshot(), []) is WriteResult.ACCEPTED
    table.sit("Ana", 0, None, 0)
    for _ in range(COMPACT_AFTER // 2):
        table.disconnect(0, 0)
        table.connect(0, 0)
        events, _ = table.drain()
        assert await store.write("t2", events, None, []) is WriteResult.ACCEPTED
    async with asyncio.timeout(30):
        assert await asked.get() == {"t2"}
    assert await store.write("t2", [], table.snapshot(), []) is WriteResult.ACCEPTED
    [stored] = await store.load_rooms()
    assert stored.events == [] and stored.snapshot == table.snapshot()
