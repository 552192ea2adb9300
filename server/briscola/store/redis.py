"""Where tables and finished hands are kept: in memory only, or mirrored to Redis.

Key layout in Redis (docs/ARCHITECTURE.md, "The Redis mirror"):

``briscola:rooms``                 set of live room ids (a room joins with its first snapshot)
``briscola:room:{id}``             hash: ``version``, ``snapshot_version``, ``snapshot`` (JSON),
                                   ``epoch`` (the fencing number of its owner)
``briscola:room:{id}:events``      list of ``[version, event]`` JSON since the snapshot
``briscola:room:{id}:owner``       the owner's node number (:mod:`briscola.store.cluster`)
``briscola:hand:{hand_id}``        a finished hand's record (JSON), expires after the TTL
``briscola:mirror:{process}``      one process's marker: the number of its last flush

The braces are Redis hash tags: a table's keys share one hash slot, as Redis Cluster needs
of the keys one script touches. Every write is versioned and fenced, checked by a Lua
script inside Redis, so a stale or out-of-order write, or one from a process that no longer
owns the table (:mod:`briscola.store.cluster`), can never overwrite a newer state. The
marker, written by every flush and read back by the next one (or by the heartbeat), tells
when Redis has lost writes it had acknowledged: then every table and every record this
process holds is written again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec
import redis.asyncio as aioredis
from redis.exceptions import BusyLoadingError, RedisError

from briscola.metrics import Metrics
from briscola.store.accounts import RedisAccounts
from briscola.store.base import MirrorStatus, StoredRoom, WriteResult
from briscola.store.cancelling import pause, stop_if_cancelled
from briscola.store.pace import DEADLINES, PARKED, PaceStore, pace_key
from briscola.table.core import FinishedHand
from briscola.table.events import AnyEvent, Event
from briscola.table.snapshots import TableSnapshot

log = logging.getLogger(__name__)

ROOMS = "briscola:rooms"
_ROOM = "briscola:room:{{{}}}"
_EVENTS = "briscola:room:{{{}}}:events"
_OWNER = "briscola:room:{{{}}}:owner"
_HAND = "briscola:hand:{}"
_MARKER = "briscola:mirror:{}"

#: Finished hands' records kept in this process too, to serve them while Redis is down.
RECENT_RECORDS = 10_000
#: With nothing to write, the flusher pings Redis this often, so that an outage shows in
#: ``/healthz`` even at idle tables.
HEARTBEAT = 1.0
#: A room that has appended this many events since its last snapshot is asked for a new
#: one, which replaces them: the events list, and the work of a restore, stay short.
COMPACT_AFTER = 256
#: At shutdown, how long the flusher may take to send what is queued.
CLOSE_TIMEOUT = 5.0
#: At start-up, how long to wait for a Redis that is still loading its data.
STARTUP_LOADING = 120.0
#: Rooms loaded per round trip at start-up.
LOAD_CHUNK = 250
#: Seconds Redis keeps a process's marker after its last flush or heartbeat, so that the
#: marker of a process that died goes away by itself.
MARKER_TTL = 24 * 3600
#: Finished hands' records per write when they are written again after a loss.
RECORD_CHUNK = 256

_encoder = msgspec.json.Encoder()
_snapshot_decoder = msgspec.json.Decoder(TableSnapshot)
_event_decoder = msgspec.json.Decoder(tuple[int, AnyEvent])

#: Append events [first..last] as the owner at epoch ``ARGV[1]``: refused as fenced (-2)
#: if the table has a newer owner, as stale (0) if Redis already has ``last``, as a gap (-1)
#: if it lacks ``first - 1`` (the room then writes a full snapshot instead).
APPEND = """
if tonumber(ARGV[1]) < tonumber(redis.call('HGET', KEYS[1], 'epoch') or '0') then return -2 end
local cur = tonumber(redis.call('HGET', KEYS[1], 'version') or '-1')
local first = tonumber(ARGV[2])
local last = tonumber(ARGV[3])
if last <= cur then return 0 end
if first ~= cur + 1 then return -1 end
for i = 4, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
redis.call('HSET', KEYS[1], 'version', last)
return 1
"""

#: Replace the snapshot with one at ``version`` (and drop the events it covers) as the
#: owner at epoch ``ARGV[1]``, unless the table has a newer owner (-2) or Redis holds a newer
#: state (0). The room id joins ``briscola:rooms`` in the same pipeline, not in the script:
#: that set is the one key shared by all tables, in another hash slot.
SNAPSHOT = """
local epoch = tonumber(ARGV[1])
if epoch < tonumber(redis.call('HGET', KEYS[1], 'epoch') or '0') then return -2 end
local cur = tonumber(redis.call('HGET', KEYS[1], 'version') or '-1')
local v = tonumber(ARGV[2])
if v < cur then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'version', v, 'snapshot_version', v, 'snapshot', ARGV[3])
redis.call('HSET', KEYS[1], 'epoch', epoch)
return 1
"""

#: Raise the marker to flush number ``ARGV[1]`` (a late, older one never lowers it) and
#: return the number it held (-1 if it was gone). Less than the last number Redis
#: acknowledged: Redis lost acknowledged writes.
MARK = """
local held = tonumber(redis.call('GET', KEYS[1]) or '-1')
if tonumber(ARGV[1]) > held then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
return held
"""


_SCRIPT_RESULT = {
    1: WriteResult.ACCEPTED,
    0: WriteResult.STALE,
    -1: WriteResult.GAP,
    -2: WriteResult.FENCED,
}


def room_key(room_id: str) -> str:
    return _ROOM.format(room_id)


def owner_key(room_id: str) -> str:
    return _OWNER.format(room_id)


@dataclass(frozen=True)
class _Kept:
    """A finished hand's record kept in memory, and when (``time.monotonic()``) Redis's copy
    expires: written again after a loss, it keeps that end rather than a fresh TTL."""

    hand: FinishedHand
    expires: float


@dataclass
class _Write:
    room_id: str
    events: list[tuple[int, Event]]
    snapshot: TableSnapshot | None
    finished: list[FinishedHand]
    done: asyncio.Future[WriteResult] = field(repr=False)

    def resolve(self, result: WriteResult) -> None:
        if not self.done.done():
            self.done.set_result(result)


def _append_args(epoch: int, events: list[tuple[int, Event]]) -> list[bytes | int]:
    return [epoch, events[0][0], events[-1][0], *(_encoder.encode(entry) for entry in events)]


def _snapshot_args(epoch: int, snapshot: TableSnapshot) -> list[bytes | int | str]:
    return [epoch, snapshot.version, _encoder.encode(snapshot)]


class RedisStore:
    """The Redis mirror: every room's writes are queued, and one flusher task sends them in
    pipelines (one round trip for many rooms). A room awaits its write before it tells
    anyone of the move (write-ahead).

    If Redis stops answering, the queued writes are dropped and answered ``LOST``: the rooms
    play on from memory, and ``status`` is ``DEGRADED``. When Redis answers again, every
    room that lost writes is asked through ``resync`` for a full snapshot, and the records
    finished meanwhile are written; ``status`` is ``REPAIRING`` until they all are in
    (:meth:`wait_synced`).

    Every flush, and the heartbeat of an idle flusher, ends by setting this process's marker
    to a new number and reading the number it held. Redis applies one connection's commands
    in order, and persists and replicates them in that order, so a marker older than the
    last one Redis acknowledged (or none) means that Redis lost acknowledged writes: it was
    flushed, or restarted or failed over without them. Then, as when Redis restarted
    (a new run id), every room writes a full snapshot and every record this process still
    holds is written again.
    """

    def __init__(self, url: str, metrics: Metrics, *, record_ttl: int, batch: int = 256) -> None:
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=4, timeout=2, socket_timeout=2, socket_connect_timeout=2
        )
        self.redis = aioredis.Redis(connection_pool=pool)
        self.accounts = RedisAccounts(self.redis)
        #: The tables at their own pace: deadlines, lists of games, the parked ones.
        self.pace: PaceStore | None = PaceStore(self.redis)
        self.metrics = metrics
        self.record_ttl = record_ttl
        self.batch = batch
        self.status = MirrorStatus.OK
        self.data_losses = 0
        #: The epoch of each table this process owns (set by its cluster's leases), which its
        #: writes carry; 0 for a table it holds no lease of (a tool's write).
        self.epochs: dict[str, int] = {}
        self._pending: list[_Write] = []
        self._wake = asyncio.Event()
        self._changed = asyncio.Event()
        self._known: set[str] = set()
        self._lost: set[str] = set()
        self._behind: set[str] = set()
        self._appended: dict[str, int] = {}
        self._unsent: list[FinishedHand] = []
        #: Writes of records queued to catch up, not yet answered.
        self._records_due = 0
        self._recent: dict[str, _Kept] = {}
        self._resync: Callable[[set[str]], None] = lambda rooms: None
        self._server_id: str | None = None
        self._marker = _MARKER.format(secrets.token_hex(8))
        #: The number of the last marker sent, and of the last one Redis acknowledged.
        self._mark_sent = 0
        self._mark_held = -1
        self._delay = 0.05
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._append = self.redis.register_script(APPEND)
        self._snapshot = self.redis.register_script(SNAPSHOT)
        self._mark = self.redis.register_script(MARK)

    # ------------------------------------------------------------------ life

    async def start(self, resync: Callable[[set[str]], None]) -> None:
        """Check that Redis answers (waiting while it loads its data), set the marker, then
        start the flusher.

        Raises:
            redis.exceptions.RedisError: Redis does not answer. The server does not start
                without its mirror rather than start empty and forget every table.
        """
        self._resync = resync
        async with asyncio.timeout(STARTUP_LOADING):
            while True:
                try:
                    self._server_id = await self._identify()
                    break
                except BusyLoadingError:
                    log.info("waiting for Redis to load its data")
                    await asyncio.sleep(0.1)
        await self._load_scripts()
        await self._check()
        self._task = asyncio.create_task(self._flush_loop(), name="redis mirror")

    async def close(self) -> None:
        """Send what is queued (if Redis answers, within :data:`CLOSE_TIMEOUT`), remove the
        marker, then stop. Idempotent."""
        if self._closing:
            return
        self._closing = True
        if self._task is not None:
            if self.status is MirrorStatus.DEGRADED:
                self._task.cancel()
            self._wake.set()
            try:
                await asyncio.wait_for(self._task, CLOSE_TIMEOUT)
            except (TimeoutError, asyncio.CancelledError):
                current = asyncio.current_task()
                if current is not None and current.cancelling() > 0:
                    raise
                if self._pending:
                    log.warning("redis mirror: %d writes unsent at shutdown", len(self._pending))
            self._task = None
        for write in self._pending:
            write.resolve(WriteResult.LOST)
        if self.status is not MirrorStatus.DEGRADED:
            with contextlib.suppress(RedisError, OSError):
                await self.redis.delete(self._marker)
        await self.redis.aclose(close_connection_pool=True)

    async def wait_synced(self) -> None:
        """Wait until Redis answers and holds every room's latest state and every record
        that this process has written (status ``OK``). For tests and tools: no polling."""
        while not self.synced:
            await self._next_change()

    async def wait_status(self, status: MirrorStatus) -> None:
        """Wait until the mirror's status is ``status``. For tests and tools."""
        while self.status is not status:
            await self._next_change()

    async def wait_data_loss(self, count: int = 1) -> None:
        """Wait until Redis has been found ``count`` times to have lost acknowledged writes.
        For tests and tools."""
        while self.data_losses < count:
            await self._next_change()

    async def _next_change(self) -> None:
        self._changed.clear()
        await self._changed.wait()

    @property
    def synced(self) -> bool:
        return self.status is MirrorStatus.OK

    def _notify(self) -> None:
        self._changed.set()

    # ---------------------------------------------------------------- writes

    async def write(
        self,
        room_id: str,
        events: list[tuple[int, Event]],
        snapshot: TableSnapshot | None,
        finished: list[FinishedHand],
    ) -> WriteResult:
        """Mirror one room's change and wait until Redis has it (or is found down).

        Returns:
            ``ACCEPTED``; ``GAP`` if Redis lacks the versions before ``events`` (the caller
            then writes a full snapshot); ``STALE`` if Redis holds a newer state; ``LOST``
            while the mirror is degraded.

        Raises:
            RuntimeError: after :meth:`close`.
        """
        if self._closing:
            raise RuntimeError("mirror write after the store was closed")
        self._known.add(room_id)
        expires = time.monotonic() + self.record_ttl
        self._recent.update((hand.hand_id, _Kept(hand, expires)) for hand in finished)
        while len(self._recent) > RECENT_RECORDS:
            del self._recent[next(iter(self._recent))]
        if self.status is MirrorStatus.DEGRADED:
            self._lost.add(room_id)
            self._unsent.extend(finished)
            return WriteResult.LOST
        write = _Write(
            room_id, events, snapshot, finished, asyncio.get_running_loop().create_future()
        )
        self._pending.append(write)
        self._wake.set()
        return await write.done

    async def _flush_loop(self) -> None:
        while not (self._closing and not self._pending):
            stop_if_cancelled()
            if not self._pending and not self._closing:
                try:
                    async with asyncio.timeout(HEARTBEAT):
                        await self._wake.wait()
                except TimeoutError:
                    pass
            self._wake.clear()
            batch, self._pending = self._pending[: self.batch], self._pending[self.batch :]
            try:
                started = time.perf_counter()
                if batch:
                    await self._flush(batch)
                    self.metrics.mirror_flush.observe(time.perf_counter() - started)
                elif not self._closing and await self._check():
                    self._data_lost()
                self._delay = 0.05
            except (RedisError, OSError) as exc:
                stop_if_cancelled()
                self._degrade(exc, batch)
                if self._closing:
                    return
                await self._recover()
            except Exception:  # a bug here must not leave every room waiting forever
                log.exception("redis mirror: a flush failed; its rooms play on unmirrored")
            finally:
                for write in batch:
                    write.resolve(WriteResult.LOST)

    async def _flush(self, batch: list[_Write]) -> None:
        # For each write, which of the pipeline's results are its append and its snapshot.
        slots: list[tuple[int | None, int | None]] = []
        count = 0
        async with self.redis.pipeline(transaction=False) as pipe:
            for write in batch:
                room, events_key = _ROOM.format(write.room_id), _EVENTS.format(write.room_id)
                epoch = self.epochs.get(write.room_id, 0)
                append = snapshot = None
                if write.events:
                    events = _append_args(epoch, write.events)
                    pipe.evalsha(self._append.sha, 2, room, events_key, *events)
                    append, count = count, count + 1
                if write.snapshot is not None:
                    state = _snapshot_args(epoch, write.snapshot)
                    pipe.evalsha(self._snapshot.sha, 2, room, events_key, *state)
                    pipe.sadd(ROOMS, write.room_id)
                    snapshot, count = count, count + 2
                for hand in write.finished:
                    ttl = self._ttl_ms(hand.hand_id)
                    if ttl > 0:
                        record = _encoder.encode(hand.record)
                        pipe.set(_HAND.format(hand.hand_id), record, px=ttl)
                        count += 1
                slots.append((append, snapshot))
            mark = self._next_mark()
            pipe.evalsha(self._mark.sha, 1, self._marker, mark, MARKER_TTL)
            results = await pipe.execute()
        lost = self._marked(results[-1], mark)
        compact: set[str] = set()
        for write, (append, snapshot) in zip(batch, slots, strict=True):
            result = WriteResult.ACCEPTED
            if append is not None:
                result = _SCRIPT_RESULT[results[append]]
                if result is WriteResult.ACCEPTED:
                    appended = self._appended.get(write.room_id, 0) + len(write.events)
                    if appended >= COMPACT_AFTER:
                        compact.add(write.room_id)
                        appended = 0  # ask again only if this request goes unanswered
                    self._appended[write.room_id] = appended
            if snapshot is not None:
                result = _SCRIPT_RESULT[results[snapshot]]
                self._appended.pop(write.room_id, None)
                self._behind.discard(write.room_id)
            if result is WriteResult.STALE:
                log.warning("room %s: Redis holds a newer state; write refused", write.room_id)
            elif result is WriteResult.FENCED:
                log.warning("room %s: another process owns it now; write refused", write.room_id)
            write.resolve(result)
        self._records_due -= sum(1 for write in batch if not write.room_id)
        if lost:
            self._data_lost()
        if compact:
            self._resync(compact)
        self._settle()
        self._notify()

    def _ttl_ms(self, hand_id: str) -> int:
        """What is left, in milliseconds, of a record's time in Redis, which started when
        its hand finished (written again after a loss, a record does not live longer)."""
        kept = self._recent.get(hand_id)
        if kept is None:
            return self.record_ttl * 1000
        return math.ceil((kept.expires - time.monotonic()) * 1000)

    # -------------------------------------------------------------- outages

    def _degrade(self, exc: BaseException, batch: list[_Write]) -> None:
        if self.status is not MirrorStatus.DEGRADED:
            log.warning("redis mirror degraded (%s): tables play on from memory", exc)
        self.status = MirrorStatus.DEGRADED
        self.metrics.mirror_degraded.set(1)
        self.metrics.mirror_repairing.set(0)
        for write in (*batch, *self._pending):
            if write.room_id:
                self._lost.add(write.room_id)
            self._unsent.extend(write.finished)
            write.resolve(WriteResult.LOST)
        self._pending = []
        self._records_due = 0
        self._notify()

    async def _recover(self) -> None:
        """Wait until Redis answers again, then have every room that may be behind write a
        full snapshot, and write the records that may be missing. Rooms are not blocked
        meanwhile: their writes are dropped."""
        while True:
            await pause(self._delay)
            self._delay = min(self._delay * 2, 1.0)
            try:
                server_id = await self._identify()
                await self._load_scripts()
                lost = await self._check()
                break
            except (RedisError, OSError):
                stop_if_cancelled()
                continue
        rooms, self._lost = self._lost, set()
        records, self._unsent = self._unsent, []
        restarted = server_id != self._server_id
        self._server_id = server_id
        if lost:
            self._count_loss()
        if lost or restarted:
            # It may have lost its last writes (appendfsync everysec), or did: all again.
            rooms |= self._known
            records = self._kept_records(records)
        log.warning(
            "redis mirror back%s: %d tables and %d records to write again",
            " (a new Redis server)" if restarted else "",
            len(rooms | self._behind),
            len(records),
        )
        self._repair(rooms, records)

    def _data_lost(self) -> None:
        """Redis answers but has lost acknowledged writes: every room writes a full snapshot
        and lists itself in the shared lobby again, every record this process holds is
        written again. (A room whose snapshot went in the very pipeline that found the loss
        writes one more: its lobby entry was lost all the same.)"""
        self._count_loss()
        rooms = set(self._known)
        records = self._kept_records([])
        log.error(
            "redis mirror: Redis lost writes it had acknowledged (flushed, or restarted or "
            "failed over without them): writing %d tables and %d records again",
            len(rooms),
            len(records),
        )
        self._repair(rooms, records)

    def _count_loss(self) -> None:
        self.data_losses += 1
        self.metrics.mirror_data_loss.inc()

    def _kept_records(self, unsent: list[FinishedHand]) -> list[FinishedHand]:
        """Every record kept in memory, and those of ``unsent`` that no longer are."""
        kept = [entry.hand for entry in self._recent.values()]
        return kept + [hand for hand in unsent if hand.hand_id not in self._recent]

    def _repair(self, rooms: set[str], records: list[FinishedHand]) -> None:
        """Have ``rooms`` write full snapshots (through ``resync``) and queue ``records``;
        the status is ``REPAIRING`` until they, and the rooms already behind, are in."""
        self._behind |= rooms
        loop = asyncio.get_running_loop()
        for start in range(0, len(records), RECORD_CHUNK):
            chunk = records[start : start + RECORD_CHUNK]
            self._pending.append(_Write("", [], None, chunk, loop.create_future()))
            self._records_due += 1
        self.status = MirrorStatus.REPAIRING
        self.metrics.mirror_degraded.set(0)
        self.metrics.mirror_repairing.set(1)
        self._wake.set()
        self._settle()
        self._notify()
        self._resync(rooms)

    def _settle(self) -> None:
        """From ``REPAIRING`` to ``OK`` once no room or record is left to write again."""
        if self.status is MirrorStatus.REPAIRING and not self._behind and not self._records_due:
            self.status = MirrorStatus.OK
            self.metrics.mirror_repairing.set(0)
            log.warning("redis mirror repaired: Redis holds every table and record again")

    def _next_mark(self) -> int:
        self._mark_sent += 1
        return self._mark_sent

    def _marked(self, held: int, mark: int) -> bool:
        """Redis answered marker ``mark``, and had held ``held``: whether it had lost the
        last marker it acknowledged, and with it the writes before."""
        lost = held < self._mark_held
        self._mark_held = mark
        return lost

    async def _check(self) -> bool:
        """Set the marker (one round trip): whether Redis lost acknowledged writes."""
        mark = self._next_mark()
        held = await self.redis.evalsha(self._mark.sha, 1, self._marker, mark, MARKER_TTL)
        return self._marked(int(held), mark)

    async def _load_scripts(self) -> None:
        """Load the Lua scripts, so that a pipeline can call them by hash (EVALSHA) in the
        same round trip. A Redis that loses them fails the flush, and this runs again."""
        for script in (self._append, self._snapshot, self._mark):
            script.sha = await self.redis.script_load(script.script)

    async def _identify(self) -> str:
        """The Redis server's run id, which changes when it restarts.

        Raises:
            redis.exceptions.BusyLoadingError: Redis is still loading its data.
        """
        info = await self.redis.info("server", "persistence")
        if info.get("loading"):
            raise BusyLoadingError("Redis is loading its dataset")
        return str(info.get("run_id", ""))

    # ------------------------------------------------------ direct, for tools

    async def append(self, room_id: str, events: list[tuple[int, Event]]) -> WriteResult:
        """Append events directly (one round trip), for tools and tests."""
        result = await self._append(
            keys=[_ROOM.format(room_id), _EVENTS.format(room_id)],
            args=_append_args(self.epochs.get(room_id, 0), events),
        )
        return _SCRIPT_RESULT[result]

    async def put_snapshot(self, snapshot: TableSnapshot) -> WriteResult:
        """Write a snapshot directly, for tools and tests."""
        result = await self._snapshot(
            keys=[_ROOM.format(snapshot.id), _EVENTS.format(snapshot.id)],
            args=_snapshot_args(self.epochs.get(snapshot.id, 0), snapshot),
        )
        await self.redis.sadd(ROOMS, snapshot.id)
        return _SCRIPT_RESULT[result]

    # ------------------------------------------------------------------ reads

    def disown(self, room_id: str) -> None:
        """This process no longer runs the room (another one does): it is no longer one to
        write again after a loss."""
        self._known.discard(room_id)
        self._lost.discard(room_id)
        self._behind.discard(room_id)
        self._appended.pop(room_id, None)
        self._settle()
        self._notify()

    async def forget(self, room_id: str) -> None:
        """Take a closed room out of the mirror: its id, snapshot, events and lease (and a
        table at its own pace's deadline and entry)."""
        self.disown(room_id)
        pipe = self.redis.pipeline(transaction=True)
        pipe.srem(ROOMS, room_id)
        pipe.srem(PARKED, room_id)
        pipe.zrem(DEADLINES, room_id)
        pipe.delete(
            _ROOM.format(room_id),
            _EVENTS.format(room_id),
            _OWNER.format(room_id),
            pace_key(room_id),
        )
        try:
            await pipe.execute()
        except (RedisError, OSError) as exc:
            log.warning("could not remove closed room %s from redis: %s", room_id, exc)

    async def load_rooms(self) -> list[StoredRoom]:
        """Every live room's snapshot and later events, a chunk of rooms per round trip.
        The rooms loaded are among those to write again if Redis loses data."""
        members = await self.redis.smembers(ROOMS)
        ids = sorted(m.decode() if isinstance(m, bytes) else m for m in members)
        rooms: list[StoredRoom] = []
        for start in range(0, len(ids), LOAD_CHUNK):
            rooms += await self._load(ids[start : start + LOAD_CHUNK])
        return rooms

    async def load_room(self, room_id: str) -> StoredRoom | None:
        """One room's snapshot and later events (a room restored after its task failed)."""
        loaded = await self._load([room_id])
        return loaded[0] if loaded else None

    async def _load(self, ids: list[str]) -> list[StoredRoom]:
        pipe = self.redis.pipeline(transaction=False)
        for room_id in ids:
            pipe.hget(_ROOM.format(room_id), "snapshot")
            pipe.lrange(_EVENTS.format(room_id), 0, -1)
        results = await pipe.execute()
        rooms: list[StoredRoom] = []
        for index, room_id in enumerate(ids):
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
        self._known.update(room.snapshot.id for room in rooms)
        return rooms

    async def get_record(self, hand_id: str) -> bytes | None:
        """From Redis, or from the records this process finished lately (Redis down)."""
        try:
            value: Any = await self.redis.get(_HAND.format(hand_id))
        except (RedisError, OSError):
            value = None
        if value is not None:
            return bytes(value)
        kept = self._recent.get(hand_id)
        return _encoder.encode(kept.hand.record) if kept is not None else None
