"""Several server processes on one Redis: who owns which table, the bus between processes,
and the lobby they share (docs/ARCHITECTURE.md, "Several processes on one Redis").

- **Nodes.** Every process gets a node number, ``INCR briscola:nodes``, new at every start
  and never reused, and subscribes to its channel ``briscola:node:{n}``. A node is alive
  while that subscription is (a killed process's socket closes and Redis drops it at once).
- **Leases.** ``briscola:room:{id}:owner`` holds the owner's node number; the lease is the
  node's own, ``briscola:node:{n}:alive``, set with an expiry and renewed every second (one
  command a second whatever the number of tables). A table whose owner is not alive (its
  subscription gone, or its lease run out) may be taken. Taking a table over bumps the
  room's ``epoch`` (a field of its hash), the fencing number that every mirror write
  carries: the Lua scripts refuse a write from an older epoch, so a process that was paused
  past its lease and wakes up can never overwrite its successor
  (:data:`briscola.store.redis.APPEND`).
- **The bus.** A gateway forwards the commands of its connections to the owner of their
  table, and the owner sends their frames back, through each node's pub/sub channel. Redis
  delivers one publisher connection's messages in order, so each node publishes through a
  single connection and one task. Pub/sub is at most once: a message is lost only while a
  subscription is down, and then every table that node was at is looked up again and its
  people attached again (``resume``), so nobody is left with a stale view.
- **The lobby.** ``briscola:lobby`` holds every table's public summary, one field per table,
  written by its owner: every process lists every table.

Without Redis there is one process: :class:`LocalCluster` owns everything and forwards
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

import msgspec
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from briscola.store.cancelling import pause, stop_if_cancelled
from briscola.store.pace import PARKED
from briscola.store.redis import ROOMS, RedisStore, owner_key, room_key
from briscola.wire.messages import RoomSummary

log = logging.getLogger(__name__)

NODES = "briscola:nodes"
LOBBY = "briscola:lobby"
_CHANNEL = "briscola:node:{}"
_ALIVE = "briscola:node:{}:alive"
#: How long a node's lease lasts unless renewed, and how often it renews it.
LEASE_MS = 4000
RENEW_EVERY = 1.0
#: How often a node checks that it still holds every table it runs (another may have taken
#: one while it was paused; its writes would be refused anyway).
VERIFY_EVERY = 5.0
#: How often a process looks for tables nobody owns (their owner died) and takes its share.
SCAN_EVERY = 0.5
#: How often a gateway checks that the owners it forwards to still hold their tables.
CHECK_EVERY = 0.5
#: Keys read per round trip when looking at many tables' owners: the loop is never held up
#: long packing and parsing one huge pipeline.
CHUNK = 250
#: Connection ids carry their gateway's node number above these bits.
NODE_SHIFT = 32

#: Take a room: if nobody owns it, or ``ARGV[1]`` (an owner known dead) does. Bumps
#: the room's epoch and returns it (0: someone else holds it).
CLAIM = """
local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] then return 0 end
local epoch = redis.call('HINCRBY', KEYS[2], 'epoch', 1)
redis.call('SET', KEYS[1], ARGV[2])
return epoch
"""

#: Give a lease up, if it is still ours.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def node_of(conn: int) -> int:
    """The node number of the gateway a connection id belongs to."""
    return conn >> NODE_SHIFT


# ------------------------------------------------------------------ the bus's messages


class Forward(msgspec.Struct, tag="cmd", array_like=True):
    """Gateway to owner: a connection's command (its JSON) for a table."""

    room: str
    conn: int
    command: bytes


class Gone(msgspec.Struct, tag="gone", array_like=True):
    """Gateway to owner: the connection went away, or on to another table."""

    room: str
    conn: int


class Frame(msgspec.Struct, tag="frame", array_like=True):
    """Owner to gateway: a frame for one connection, from the owner at ``epoch``."""

    room: str
    epoch: int
    conn: int
    text: str


class Seated(msgspec.Struct, tag="seated", array_like=True):
    """Owner to gateway: the connection holds the seat of ``token`` (it was just given it,
    with its ``joined``); the gateway attaches it again with it when the table moves."""

    room: str
    epoch: int
    conn: int
    token: str


class Shut(msgspec.Struct, tag="close", array_like=True):
    """Owner to gateway: close the connection."""

    room: str
    epoch: int
    conn: int
    code: int
    reason: str


class Released(msgspec.Struct, tag="released", array_like=True):
    """Owner to gateway: the connection is no longer at the table."""

    room: str
    epoch: int
    conn: int


class Moved(msgspec.Struct, tag="moved", array_like=True):
    """Owner (or a former one), node ``node``, to gateway: the table is not run here (any
    more); look its owner up again and attach these connections there."""

    room: str
    node: int
    conns: list[int]


BusMessage = Forward | Gone | Frame | Seated | Shut | Released | Moved
_batch_decoder = msgspec.msgpack.Decoder(list[BusMessage])
_encoder = msgspec.msgpack.Encoder()
_summary_decoder = msgspec.json.Decoder(RoomSummary)


@dataclass(frozen=True)
class Owner:
    """Who holds a table's lease, at which epoch, and whether that node is alive."""

    node: int
    epoch: int
    alive: bool


class Node(Protocol):
    """What the cluster calls back: the room manager."""

    def received(self, messages: list[BusMessage]) -> None: ...
    def lost(self, rooms: set[str]) -> None: ...
    def orphaned(self, rooms: list[tuple[str, int | None]]) -> None: ...
    def owners_changed(self, stale: dict[str, int]) -> None: ...
    def resubscribed(self) -> None: ...
    def watched(self) -> dict[str, Owner]: ...


class Cluster(Protocol):
    """Ownership of tables, the bus and the shared lobby (:class:`RedisCluster`), or one
    process that owns everything (:class:`LocalCluster`)."""

    node: int
    #: Whether other processes may share the tables (then a table not run here may be
    #: run by another process, and the lobby is shared).
    shared: bool
    #: The tables this process holds the lease of, and at which epoch.
    epochs: dict[str, int]

    async def start(self, node: Node) -> None: ...
    async def close(self) -> None: ...
    async def claim(self, room_id: str, holder: int | None = None) -> bool: ...
    async def release(self, room_id: str) -> None: ...
    async def owner(self, room_id: str) -> Owner | None: ...
    async def exists(self, room_id: str) -> bool: ...
    async def orphans(self, owned: Iterable[str]) -> list[tuple[str, int | None]]: ...
    def post(self, node: int, message: BusMessage) -> None: ...
    async def list_summaries(self, summaries: dict[str, bytes]) -> None: ...
    def relist(self, room_ids: Iterable[str]) -> None:
        """The shared lobby lost these tables' entries (Redis lost data): the next
        :meth:`list_summaries` writes them whether or not they changed."""
        ...

    async def unlist(self, room_id: str) -> None: ...
    async def lobby(self) -> list[RoomSummary]: ...
    async def summary(self, room_id: str) -> RoomSummary | None: ...


class LocalCluster:
    """One process and no Redis: it owns every table; nothing to forward or share."""

    node = 0
    shared = False

    def __init__(self) -> None:
        self.epochs: dict[str, int] = {}

    async def start(self, node: Node) -> None:
        return None

    async def close(self) -> None:
        return None

    async def claim(self, room_id: str, holder: int | None = None) -> bool:
        self.epochs[room_id] = 1
        return True

    async def release(self, room_id: str) -> None:
        self.epochs.pop(room_id, None)

    async def owner(self, room_id: str) -> Owner | None:
        return None

    async def exists(self, room_id: str) -> bool:
        return False

    async def orphans(self, owned: Iterable[str]) -> list[tuple[str, int | None]]:
        return []

    def post(self, node: int, message: BusMessage) -> None:
        raise RuntimeError("one process: there is no other node to post to")

    async def list_summaries(self, summaries: dict[str, bytes]) -> None:
        return None

    def relist(self, room_ids: Iterable[str]) -> None:
        return None

    async def unlist(self, room_id: str) -> None:
        return None

    async def lobby(self) -> list[RoomSummary]:
        """Nothing shared: the lobby is this process's own tables."""
        return []

    async def summary(self, room_id: str) -> RoomSummary | None:
        return None


class RedisCluster:
    """N processes on one Redis: leases with fencing, the pub/sub bus, the shared lobby."""

    shared = True

    def __init__(self, url: str, store: RedisStore, label: str) -> None:
        self.redis = store.redis
        self.label = label
        self.node = 0
        #: Shared with the store, whose writes carry the epoch (fencing).
        self.epochs = store.epochs
        self._publisher = aioredis.Redis.from_url(url, single_connection_client=True)
        self._outgoing: dict[int, list[BusMessage]] = defaultdict(list)
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._listed: dict[str, bytes] = {}
        self._node: Node | None = None
        self._subscribed = asyncio.Event()
        self._claim = self.redis.register_script(CLAIM)
        self._release = self.redis.register_script(RELEASE)

    @property
    def channel(self) -> str:
        return _CHANNEL.format(self.node)

    async def start(self, node: Node) -> None:
        """Take a node number, subscribe to its channel, start renewing, publishing,
        listening, scanning for orphans and checking owners."""
        self._node = node
        self.node = int(await self.redis.incr(NODES))
        await self.redis.set(_ALIVE.format(self.node), self.label, px=LEASE_MS)
        await self.redis.hset(f"{NODES}:labels", str(self.node), self.label)
        for name, loop in (
            ("bus listener", self._listen_loop()),
            ("bus publisher", self._publish_loop()),
            ("lease renewer", self._renew_loop()),
            ("orphan scan", self._scan_loop()),
            ("owner check", self._check_loop()),
        ):
            self._tasks.append(asyncio.create_task(loop, name=name))
        async with asyncio.timeout(30):
            await self._subscribed.wait()
        log.info("node %d (%s) joined the cluster", self.node, self.label)

    async def close(self) -> None:
        """Give up every lease (another process takes the tables at once), stop."""
        await self._flush_outgoing()
        with contextlib.suppress(RedisError, OSError):
            async with self.redis.pipeline(transaction=False) as pipe:
                for room_id in self.epochs:
                    await self._release(keys=[owner_key(room_id)], args=[self.node], client=pipe)
                await pipe.execute()
        self.epochs.clear()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._publisher.aclose()

    # ---------------------------------------------------------------- leases

    async def claim(self, room_id: str, holder: int | None = None) -> bool:
        """Take the table's lease if nobody holds it (or ``holder``, known dead, does);
        on success the store's writes for it carry the new epoch."""
        epoch = int(
            await self._claim(
                keys=[owner_key(room_id), room_key(room_id)],
                args=["" if holder is None else holder, self.node],
            )
        )
        if epoch:
            self.epochs[room_id] = epoch
        return bool(epoch)

    async def release(self, room_id: str) -> None:
        self.epochs.pop(room_id, None)
        with contextlib.suppress(RedisError, OSError):
            await self._release(keys=[owner_key(room_id)], args=[self.node])

    async def owner(self, room_id: str) -> Owner | None:
        """Who holds the table's lease (None: nobody)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.get(owner_key(room_id))
            pipe.hget(room_key(room_id), "epoch")
            held, epoch = await pipe.execute()
        if held is None:
            return None
        node = int(held)
        alive = await self._alive({node})
        return Owner(node, int(epoch or 0), node in alive)

    async def exists(self, room_id: str) -> bool:
        """A live table's, or one parked out of memory (loaded on demand)."""
        if await self.redis.sismember(ROOMS, room_id):
            return True
        return bool(await self.redis.sismember(PARKED, room_id))

    async def _holders(self, room_ids: list[str]) -> list[bytes | None]:
        """The owner key of each table, :data:`CHUNK` tables a round trip."""
        holders: list[bytes | None] = []
        for start in range(0, len(room_ids), CHUNK):
            async with self.redis.pipeline(transaction=False) as pipe:
                for room_id in room_ids[start : start + CHUNK]:
                    pipe.get(owner_key(room_id))
                holders += await pipe.execute()
        return holders

    async def _alive(self, nodes: set[int]) -> set[int]:
        """Which of ``nodes`` are alive: subscribed to their channel (a killed process's
        subscription goes at once) and within their lease (a frozen one's runs out)."""
        if not nodes:
            return set()
        ordered = sorted(nodes)
        counts = await self.redis.pubsub_numsub(*(_CHANNEL.format(n) for n in ordered))
        subscribed = {int(_text(channel).rsplit(":", 1)[1]) for channel, n in counts if n > 0}
        leases = await self.redis.mget([_ALIVE.format(n) for n in ordered])
        return {n for n, lease in zip(ordered, leases, strict=True) if lease and n in subscribed}

    async def orphans(self, owned: Iterable[str]) -> list[tuple[str, int | None]]:
        """This process's share of the tables nobody owns (or whose owner died), with the
        dead holder of each: all of them divided by the live nodes, picked at random so
        that the survivors spread them between themselves."""
        mine = set(owned)
        ids = [_text(m) for m in await self.redis.smembers(ROOMS)]
        ids = [room_id for room_id in ids if room_id not in mine]
        if not ids:
            return []
        holders = await self._holders(ids)
        nodes = {int(h) for h in holders if h is not None}
        alive = await self._alive(nodes)
        free = [
            (room_id, None if held is None else int(held))
            for room_id, held in zip(ids, holders, strict=True)
            if held is None or int(held) not in alive
        ]
        if not free:
            return []
        live = len(await self.redis.pubsub_channels(_CHANNEL.format("*"))) or 1
        random.shuffle(free)
        return free[: math.ceil(len(free) / live)]

    async def _renew_loop(self) -> None:
        """Renew this node's lease every :data:`RENEW_EVERY` seconds. If it had run out (the
        process was paused), or every :data:`VERIFY_EVERY` seconds anyway, check that each
        table is still this node's, and report those another node took."""
        loop = asyncio.get_running_loop()
        verified = loop.time()
        alive = _ALIVE.format(self.node)
        while True:
            await pause(RENEW_EVERY)
            try:
                kept = await self.redis.set(alive, self.label, px=LEASE_MS, xx=True)
                if not kept:
                    log.warning("node %d: its lease had run out; checking its tables", self.node)
                    await self.redis.set(alive, self.label, px=LEASE_MS)
                if kept and loop.time() - verified < VERIFY_EVERY:
                    continue
                verified = loop.time()
                await self._verify()
            except (RedisError, OSError) as exc:
                stop_if_cancelled()
                log.warning("could not renew the lease: %s", exc)

    async def _verify(self) -> None:
        """Report the tables another node holds now; take back those nobody holds (Redis
        lost their keys: flushed, or failed over without them)."""
        rooms = list(self.epochs.items())
        if not rooms:
            return
        holders = await self._holders([room_id for room_id, _ in rooms])
        missing = [room_id for (room_id, _), held in zip(rooms, holders, strict=True) if not held]
        taken = {
            room_id
            for (room_id, _), held in zip(rooms, holders, strict=True)
            if held and int(held) != self.node
        }
        if missing:
            async with self.redis.pipeline(transaction=False) as pipe:
                for room_id in missing:
                    pipe.set(owner_key(room_id), self.node, nx=True)
                again = await pipe.execute()
            taken |= {room_id for room_id, ok in zip(missing, again, strict=True) if not ok}
        epochs = dict(rooms)
        lost = {room_id for room_id in taken if self.epochs.get(room_id) == epochs[room_id]}
        if lost:
            for room_id in lost:
                del self.epochs[room_id]
            log.warning("lost %d tables: another process has them", len(lost))
            assert self._node is not None
            self._node.lost(lost)

    async def _scan_loop(self) -> None:
        while True:
            await pause(SCAN_EVERY)
            try:
                rooms = await self.orphans(self.epochs)
            except (RedisError, OSError) as exc:
                stop_if_cancelled()
                log.warning("could not look for orphaned tables: %s", exc)
                continue
            if rooms:
                assert self._node is not None
                self._node.orphaned(rooms)

    async def _check_loop(self) -> None:
        """Have the tables this gateway forwards to looked up again when their owner is no
        longer the one it forwards to (dead, frozen past its lease, or replaced)."""
        while True:
            await pause(CHECK_EVERY)
            assert self._node is not None
            watched = self._node.watched()
            if not watched:
                continue
            try:
                rooms = list(watched)
                async with self.redis.pipeline(transaction=False) as pipe:
                    for room_id in rooms:
                        pipe.get(owner_key(room_id))
                        pipe.hget(room_key(room_id), "epoch")
                    results = await pipe.execute()
                holders = results[0::2]
                epochs = results[1::2]
                alive = await self._alive({int(h) for h in holders if h is not None})
            except (RedisError, OSError) as exc:
                stop_if_cancelled()
                log.warning("could not check the tables' owners: %s", exc)
                continue
            changed = {}
            for room_id, held, epoch in zip(rooms, holders, epochs, strict=True):
                known = watched[room_id]
                node = None if held is None else int(held)
                if node != known.node or node not in alive or int(epoch or 0) != known.epoch:
                    changed[room_id] = known.node
            if changed:
                self._node.owners_changed(changed)

    # ------------------------------------------------------------------- bus

    def post(self, node: int, message: BusMessage) -> None:
        """Queue a message for ``node``; sent, in order, with the others of this turn of the
        event loop in one ``PUBLISH`` per node."""
        self._outgoing[node].append(message)
        self._wake.set()

    async def _publish_loop(self) -> None:
        while True:
            stop_if_cancelled()
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._flush_outgoing()
            except (RedisError, OSError) as exc:
                stop_if_cancelled()
                log.warning("bus: could not publish: %s", exc)

    async def _flush_outgoing(self) -> None:
        if not self._outgoing:
            return
        batches, self._outgoing = self._outgoing, defaultdict(list)
        nodes = list(batches)
        async with self._publisher.pipeline(transaction=False) as pipe:
            for node in nodes:
                pipe.publish(_CHANNEL.format(node), _encoder.encode(batches[node]))
            heard = await pipe.execute()
        dead = {node for node, count in zip(nodes, heard, strict=True) if count == 0}
        if dead and self._node is not None:
            stale = {
                message.room: node
                for node in dead
                for message in batches[node]
                if isinstance(message, Forward | Gone)
            }
            if stale:
                self._node.owners_changed(stale)

    async def _listen_loop(self) -> None:
        """Read this node's channel; when the subscription breaks, subscribe again and have
        every table this node is at looked up again (messages may have been lost)."""
        first = True
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(self.channel)
                    while True:
                        stop_if_cancelled()
                        message = await pubsub.get_message(timeout=None)
                        if message is None:
                            continue
                        if message["type"] == "subscribe":
                            self._subscribed.set()
                            if not first and self._node is not None:
                                self._node.resubscribed()
                            first = False
                        elif message["type"] == "message" and self._node is not None:
                            self._node.received(_batch_decoder.decode(message["data"]))
            except (RedisError, OSError) as exc:
                stop_if_cancelled()
                log.warning("bus: subscription lost (%s); subscribing again", exc)
                await asyncio.sleep(0.1)

    # ----------------------------------------------------------------- lobby

    async def list_summaries(self, summaries: dict[str, bytes]) -> None:
        """Write those of these summaries that differ from what this process last wrote."""
        changed = {r: s for r, s in summaries.items() if self._listed.get(r) != s}
        if changed:
            await self.redis.hset(LOBBY, mapping=changed)  # type: ignore[arg-type]
            self._listed.update(changed)

    def relist(self, room_ids: Iterable[str]) -> None:
        for room_id in room_ids:
            self._listed.pop(room_id, None)

    async def unlist(self, room_id: str) -> None:
        self._listed.pop(room_id, None)
        with contextlib.suppress(RedisError, OSError):
            await self.redis.hdel(LOBBY, room_id)

    async def lobby(self) -> list[RoomSummary]:
        """Every table's summary, whichever process runs it."""
        raw = await self.redis.hgetall(LOBBY)
        return [_summary_decoder.decode(value) for value in raw.values()]

    async def summary(self, room_id: str) -> RoomSummary | None:
        raw = await self.redis.hget(LOBBY, room_id)
        return None if raw is None else _summary_decoder.decode(raw)
