"""Where tables and finished hands are kept: in memory only, or mirrored to Redis.

Key layout in Redis (see docs/ARCHITECTURE.md):

``briscola:rooms``                 set of live room ids
``briscola:room:{id}``             hash: ``version``, ``snapshot_version``, ``snapshot`` (JSON)
``briscola:room:{id}:events``      list of ``[version, event]`` JSON since the snapshot
``briscola:hand:{hand_id}``        a finished hand's record (JSON), expires after the TTL

Every write is versioned and checked by a Lua script inside Redis, so a stale or
out-of-order write can never overwrite a newer state.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

import msgspec
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from .events import AnyEvent, Event
from .metrics import Metrics
from .table import FinishedHand, TableSnapshot

log = logging.getLogger(__name__)

ROOMS = "briscola:rooms"
_ROOM = "briscola:room:{}"
_EVENTS = "briscola:room:{}:events"
_HAND = "briscola:hand:{}"

RECENT_RECORDS = 10_000

_encoder = msgspec.json.Encoder()
_snapshot_decoder = msgspec.json.Decoder(TableSnapshot)
_event_decoder = msgspec.json.Decoder(tuple[int, AnyEvent])

#: Append events [first..last]: refused as stale if Redis already has ``last``, as a gap
#: if it lacks ``first - 1`` (the mirror then writes a fresh snapshot).
APPEND = """
local cur = tonumber(redis.call('HGET', KEYS[1], 'version') or '-1')
local first = tonumber(ARGV[1])
local last = tonumber(ARGV[2])
if last <= cur then return 0 end
if first ~= cur + 1 then return -1 end
for i = 3, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
redis.call('HSET', KEYS[1], 'version', last)
return 1
"""

#: Replace the snapshot with one at ``version`` unless Redis holds a newer state.
SNAPSHOT = """
local cur = tonumber(redis.call('HGET', KEYS[1], 'version') or '-1')
local v = tonumber(ARGV[1])
if v < cur then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'version', v, 'snapshot_version', v, 'snapshot', ARGV[2])
redis.call('SADD', KEYS[3], ARGV[3])
return 1
"""


class MirrorStatus(StrEnum):
    OFF = "off"
    OK = "ok"
    DEGRADED = "degraded"


class WriteResult(StrEnum):
    ACCEPTED = "accepted"
    STALE = "stale"
    GAP = "gap"
    LOST = "lost"


@dataclass
class StoredRoom:
    snapshot: TableSnapshot
    events: list[tuple[int, AnyEvent]]


class Store(Protocol):
    """What the rooms need of storage. Implementations: :class:`MemoryStore`,
    :class:`RedisStore`."""

    status: MirrorStatus

    async def start(self, resync: Callable[[set[str]], None]) -> None: ...
    async def close(self) -> None: ...
    async def write(
        self,
        room_id: str,
        events: list[tuple[int, Event]],
        snapshot: TableSnapshot | None,
        finished: list[FinishedHand],
    ) -> None: ...
    async def load_rooms(self) -> list[StoredRoom]: ...
    async def get_record(self, hand_id: str) -> bytes | None: ...


class MemoryStore:
    """No mirror: tables live only in this process; finished hands' records in a dict."""

    status = MirrorStatus.OFF

    def __init__(self) -> None:
        self.records: dict[str, bytes] = {}

    async def start(self, resync: Callable[[set[str]], None]) -> None:
        return None

    async def close(self) -> None:
        return None

    async def write(
        self,
        room_id: str,
        events: list[tuple[int, Event]],
        snapshot: TableSnapshot | None,
        finished: list[FinishedHand],
    ) -> None:
        for hand in finished:
            self.records[hand.hand_id] = _encoder.encode(hand.record)

    async def load_rooms(self) -> list[StoredRoom]:
        return []

    async def get_record(self, hand_id: str) -> bytes | None:
        return self.records.get(hand_id)


@dataclass
class _Write:
    room_id: str
    events: list[tuple[int, Event]]
    snapshot: TableSnapshot | None
    finished: list[FinishedHand]
    done: asyncio.Future[None] = field(repr=False)


def _append_args(events: list[tuple[int, Event]]) -> list[bytes | int]:
    return [events[0][0], events[-1][0], *(_encoder.encode(entry) for entry in events)]


def _snapshot_args(snapshot: TableSnapshot) -> list[bytes | int | str]:
    return [snapshot.version, _encoder.encode(snapshot), snapshot.id]


class RedisStore:
    """The Redis mirror: every room's writes are queued, and one flusher task sends them in
    pipelines (one round trip for many rooms). A room awaits its write before it tells
    anyone of the move (write-ahead). If Redis stops answering, writes are dropped and the
    rooms play on from memory; when it answers again each such room writes a full snapshot.
    """

    def __init__(self, url: str, metrics: Metrics, *, record_ttl: int, batch: int = 256) -> None:
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=4, timeout=2, socket_timeout=2, socket_connect_timeout=2
        )
        self.redis = aioredis.Redis(connection_pool=pool)
        self.metrics = metrics
        self.record_ttl = record_ttl
        self.batch = batch
        self.status = MirrorStatus.OK
        self._pending: list[_Write] = []
        self._wake = asyncio.Event()
        self._lost: set[str] = set()
        self._unsent: list[FinishedHand] = []
        self._recent: dict[str, dict[str, Any]] = {}
        self._resync: Callable[[set[str]], None] = lambda rooms: None
        self._task: asyncio.Task[None] | None = None
        self._append = self.redis.register_script(APPEND)
        self._snapshot = self.redis.register_script(SNAPSHOT)

    async def start(self, resync: Callable[[set[str]], None]) -> None:
        self._resync = resync
        self._task = asyncio.create_task(self._flush_loop(), name="redis mirror")

    async def close(self) -> None:
        if self._task is not None:
            self._wake.set()
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._pending and self.status is MirrorStatus.OK:
            with contextlib.suppress(RedisError, OSError):
                await self._flush(self._pending)
        await self.redis.aclose()

    async def write(
        self,
        room_id: str,
        events: list[tuple[int, Event]],
        snapshot: TableSnapshot | None,
        finished: list[FinishedHand],
    ) -> None:
        self._recent.update((hand.hand_id, hand.record) for hand in finished)
        while len(self._recent) > RECENT_RECORDS:
            del self._recent[next(iter(self._recent))]
        if self.status is MirrorStatus.DEGRADED:
            self._lost.add(room_id)
            self._unsent.extend(finished)
            return
        write = _Write(
            room_id, events, snapshot, finished, asyncio.get_running_loop().create_future()
        )
        self._pending.append(write)
        self._wake.set()
        await write.done

    async def _flush_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending:
                batch, self._pending = self._pending[: self.batch], self._pending[self.batch :]
                try:
                    started = time.perf_counter()
                    await self._flush(batch)
                    self.metrics.mirror_flush.observe(time.perf_counter() - started)
                except (RedisError, OSError) as exc:
                    self._degrade(exc, batch)
                    await self._recover()
                finally:
                    for write in batch:
                        if not write.done.done():
                            write.done.set_result(None)

    async def _flush(self, batch: list[_Write]) -> None:
        pipe = self.redis.pipeline(transaction=False)
        kinds: list[tuple[str, str]] = []
        for write in batch:
            room, events_key = _ROOM.format(write.room_id), _EVENTS.format(write.room_id)
            if write.events:
                await self._append(
                    keys=[room, events_key], args=_append_args(write.events), client=pipe
                )
                kinds.append(("events", write.room_id))
            if write.snapshot is not None:
                await self._snapshot(
                    keys=[room, events_key, ROOMS],
                    args=_snapshot_args(write.snapshot),
                    client=pipe,
                )
                kinds.append(("snapshot", write.room_id))
            for hand in write.finished:
                pipe.set(
                    _HAND.format(hand.hand_id), _encoder.encode(hand.record), ex=self.record_ttl
                )
                kinds.append(("record", write.room_id))
        results = await pipe.execute()
        gaps = {
            room
            for (kind, room), result in zip(kinds, results, strict=True)
            if kind == "events" and result == -1
        }
        if gaps:
            self._resync(gaps)

    def _degrade(self, exc: BaseException, batch: list[_Write]) -> None:
        if self.status is not MirrorStatus.DEGRADED:
            log.warning("redis mirror degraded (%s): tables play on from memory", exc)
        self.status = MirrorStatus.DEGRADED
        self.metrics.mirror_degraded.set(1)
        for write in (*batch, *self._pending):
            self._lost.add(write.room_id)
            self._unsent.extend(write.finished)
        for write in self._pending:
            write.done.set_result(None)
        self._pending = []

    async def _recover(self) -> None:
        """Wait until Redis answers again, then have every room that lost writes
        write a full snapshot. Rooms are not blocked meanwhile: their writes are dropped."""
        delay = 0.05
        while True:
            try:
                await self.redis.ping()
                break
            except (RedisError, OSError):
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
        lost, self._lost = self._lost, set()
        unsent, self._unsent = self._unsent, []
        if unsent:
            self._pending.append(
                _Write("", [], None, unsent, asyncio.get_running_loop().create_future())
            )
        self.status = MirrorStatus.OK
        self.metrics.mirror_degraded.set(0)
        log.warning("redis mirror back: catching up %d rooms", len(lost))
        self._resync(lost)

    async def append(self, room_id: str, events: list[tuple[int, Event]]) -> WriteResult:
        """Append events directly (one round trip), for tools and tests."""
        result = await self._append(
            keys=[_ROOM.format(room_id), _EVENTS.format(room_id)], args=_append_args(events)
        )
        return {1: WriteResult.ACCEPTED, 0: WriteResult.STALE}.get(result, WriteResult.GAP)

    async def put_snapshot(self, snapshot: TableSnapshot) -> WriteResult:
        """Write a snapshot directly, for tools and tests."""
        result = await self._snapshot(
            keys=[_ROOM.format(snapshot.id), _EVENTS.format(snapshot.id), ROOMS],
            args=_snapshot_args(snapshot),
        )
        return WriteResult.ACCEPTED if result == 1 else WriteResult.STALE

    async def load_rooms(self) -> list[StoredRoom]:
        members = await self.redis.smembers(ROOMS)
        ids = sorted(m.decode() if isinstance(m, bytes) else m for m in members)
        rooms: list[StoredRoom] = []
        for start in range(0, len(ids), 200):
            chunk = ids[start : start + 200]
            pipe = self.redis.pipeline(transaction=False)
            for room_id in chunk:
                pipe.hget(_ROOM.format(room_id), "snapshot")
                pipe.lrange(_EVENTS.format(room_id), 0, -1)
            results = await pipe.execute()
            for index, room_id in enumerate(chunk):
                raw, events = results[2 * index], results[2 * index + 1]
                if raw is None:
                    log.warning("room %s is listed but has no snapshot; skipped", room_id)
                    continue
                rooms.append(
                    StoredRoom(
                        _snapshot_decoder.decode(raw),
                        [_event_decoder.decode(entry) for entry in events],
                    )
                )
        return rooms

    async def get_record(self, hand_id: str) -> bytes | None:
        """From Redis, or from the records this process finished lately (Redis down)."""
        try:
            value: Any = await self.redis.get(_HAND.format(hand_id))
        except (RedisError, OSError):
            value = None
        if value is not None:
            return bytes(value)
        recent = self._recent.get(hand_id)
        return _encoder.encode(recent) if recent is not None else None
