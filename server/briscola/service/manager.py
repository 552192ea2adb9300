"""The room manager: the one owner of the process's rooms and connections.

As an **owner** it creates, takes over and restores rooms and owns their tasks (a room that
fails is logged, its people are told, and it is restored from the store or closed; a room
whose lease another process took is dropped, and its people follow it there). As a
**gateway** it is the only one that knows which room each connection is at, so moving from
one table to another is one ordered operation that a late answer from the old table cannot
undo; it sends each command to the room's runner here or, through the cluster's bus, to the
process that owns the room, and delivers each room's frames to the connections by id. It
keeps the lobby subscribers informed, closes idle tables, and shuts down by draining every
room before cancelling what is left. docs/ARCHITECTURE.md tells how a move flows.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
from collections import defaultdict
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

import msgspec
from redis.exceptions import RedisError

from briscola.metrics import Metrics
from briscola.service.config import Settings
from briscola.service.runner import Checkpoint, Close, Detach, RoomFenced, RoomRunner
from briscola.service.thinker import Thinker
from briscola.service.transport import Connection
from briscola.store.base import Store, StoredRoom
from briscola.store.cluster import (
    NODE_SHIFT,
    BusMessage,
    Cluster,
    Forward,
    Frame,
    Gone,
    LocalCluster,
    Moved,
    Owner,
    Released,
    Seated,
    Shut,
    node_of,
)
from briscola.table.core import Table
from briscola.table.session import ConnId, Outcome, RoomSession
from briscola.wire.commands import (
    AccountJoin,
    Command,
    Join,
    Lobby,
    Resume,
    Watch,
    command_type,
    decode_command,
)
from briscola.wire.errors import Code, Refusal
from briscola.wire.messages import (
    CloseCode,
    LobbyMessage,
    RoomSummary,
    encode_text,
    error_text,
)
from briscola.wire.table_rules import TableRules

log = logging.getLogger(__name__)

LOBBY_INTERVAL = 0.25
#: With several processes, how often the shared lobby is read again for its subscribers.
LOBBY_POLL = 1.0
#: How long a gateway keeps looking for a table's new owner (the old one's lease must run
#: out first when it froze rather than died), and how often it asks.
FOLLOW_TIMEOUT = 15.0
FOLLOW_RETRY = 0.1
REAP_INTERVAL = 60.0
#: At shutdown, how long rooms may take to finish what they have queued.
DRAIN_TIMEOUT = 5.0

_command_encoder = msgspec.json.Encoder()
#: A held command: the connection it came from, and the command.
_Held = tuple[ConnId, Command]


class RoomManager:
    """Owns every room task and connection of this process."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        metrics: Metrics,
        cluster: Cluster | None = None,
    ) -> None:
        self.settings = settings
        self.store = store
        self.metrics = metrics
        self.cluster: Cluster = cluster if cluster is not None else LocalCluster()
        self.thinker = Thinker(settings.think_workers)
        #: The rooms this process runs (it holds their leases).
        self.rooms: dict[str, RoomRunner] = {}
        self.connections: dict[ConnId, Connection] = {}
        #: Which room each connection is at: written here and nowhere else.
        self._at: dict[ConnId, str] = {}
        #: The rooms run by other processes that connections of this one are at.
        self._remote: dict[str, Owner] = {}
        #: Rooms being looked up (their owner found, or the room taken over or reloaded here),
        #: and the commands that came for them meanwhile, answered in order once it is done.
        self._held: dict[str, list[_Held]] = {}
        #: What attaches each connection to its table again when the table moves: its
        #: seat's ``resume``, or the ``watch`` it sent.
        self._rejoin: dict[ConnId, Resume | Watch] = {}
        #: Rooms being taken over or reloaded here, and the forwarded commands that came
        #: for them meanwhile.
        self._taking: dict[str, asyncio.Task[bool]] = {}
        self._early: dict[str, list[_Held]] = defaultdict(list)
        self._lobby: set[ConnId] = set()
        self._lobby_changed = asyncio.Event()
        self._shared_lobby: list[RoomSummary] = []
        #: Rooms whose summary may have changed since it was last written to the shared
        #: lobby, and when the shared lobby was last read.
        self._dirty: set[str] = set()
        self._lobby_read = 0.0
        self._tasks: set[asyncio.Task[None]] = set()
        self._conn_ids = itertools.count(1)
        self._closed = False
        self.on_started: Callable[[], None] | None = None

    async def start(self) -> None:
        """Join the cluster, take over every room nobody runs (all of them, for a lone
        process that restarts), then start the lobby and the reaper."""
        await self.store.start(self.resync)
        await self.cluster.start(self)
        if self.cluster.shared:
            await self._adopt(await self.cluster.orphans(()))
        else:
            for stored in await self.store.load_rooms():
                await self.cluster.claim(stored.snapshot.id)
                self._add(self._restore(stored))
        if self.rooms:
            log.info("restored %d tables", len(self.rooms))
        self._own(self._lobby_loop(), "lobby")
        self._own(self._reap_loop(), "reaper")
        if self.on_started is not None:
            self.on_started()

    def next_conn_id(self) -> ConnId:
        """A new connection's id: unique across the processes (its node number on top)."""
        return (self.cluster.node << NODE_SHIFT) | next(self._conn_ids)

    def _restore(self, stored: StoredRoom) -> RoomSession:
        settings = self.settings
        table = Table.restore(
            stored.snapshot,
            stored.events,
            entropy=secrets.token_bytes,
            now=asyncio.get_running_loop().time(),
            bot_delay=settings.bot_delay,
            pause=settings.pause,
        )
        return RoomSession(table)

    def _own(self, coroutine: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        """Start a task this manager owns: kept until it ends, awaited at shutdown, and its
        failure logged with its traceback."""
        task = asyncio.create_task(coroutine, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None and not self._closed:
            log.error("task %s failed", task.get_name(), exc_info=task.exception())

    async def close_connections(self) -> None:
        """Close every socket with 1001 (going away) and wait until the frames are out."""
        conns = list(self.connections.values())
        for conn in conns:
            conn.close(CloseCode.GOING_AWAY, "server shutting down")
        await asyncio.gather(*(conn.finish() for conn in conns))

    async def close(self) -> None:
        """Close every socket with 1001; let every room finish what it has queued (within
        :data:`DRAIN_TIMEOUT`), then cancel what is left; give the leases up, so that
        other processes take the tables at once; flush the store. Idempotent."""
        if self._closed:
            return
        self._closed = True
        await self.close_connections()
        rooms = [room.task for room in self.rooms.values() if room.task is not None]
        for room in self.rooms.values():
            room.control(Close())
        if rooms:
            await asyncio.wait(rooms, timeout=DRAIN_TIMEOUT)
        for task in (*rooms, *self._tasks, *self._taking.values()):
            task.cancel()
        await asyncio.gather(*rooms, *self._tasks, *self._taking.values(), return_exceptions=True)
        self.thinker.close()
        await self.cluster.close()
        await self.store.close()

    # ------------------------------------------------------------------ rooms

    async def create_room(self, rules: TableRules) -> RoomRunner:
        """A new table, leased and mirrored before anyone hears of it."""
        if self._closed:
            raise RuntimeError("creating a room after the manager was closed")
        table = Table(
            secrets.token_urlsafe(6),
            rules,
            entropy=secrets.token_bytes,
            now=asyncio.get_running_loop().time(),
            bot_delay=self.settings.bot_delay,
            pause=self.settings.pause,
        )
        await self.cluster.claim(table.id)
        await self.store.write(table.id, [], table.snapshot(), [])
        table.snapshot_due = False
        room = self._add(RoomSession(table))
        self.lobby_changed()
        return room

    def _add(self, session: RoomSession) -> RoomRunner:
        room = RoomRunner(
            session, self.store, self, self.thinker, self.metrics, self.settings.room_queue
        )
        self.rooms[room.id] = room
        self._dirty.add(room.id)
        room.start().add_done_callback(lambda task: self._room_ended(room, task))
        self.metrics.rooms.set(len(self.rooms))
        if self._remote.pop(room.id, None) is not None:  # its people here were attached there
            self._follow(room.id, [c for c, r in self._at.items() if r == room.id])
        for conn, command in self._early.pop(room.id, []):
            self._submit(room, conn, command)
        return room

    def _room_ended(self, room: RoomRunner, task: asyncio.Task[None]) -> None:
        """A room's task ended. Closed on purpose, nothing to do. Fenced (another process
        took it): dropped, its people follow it. Failed: log it, tell its people (closed
        with 1011, they reconnect and resume), and reload it from the store (a table the
        store does not have is closed)."""
        if task.cancelled() or task.exception() is None or self._closed:
            return
        if isinstance(task.exception(), RoomFenced):
            self._drop({room.id})
            return
        log.error("room %s failed; restoring it", room.id, exc_info=task.exception())
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        for conn_id, room_id in list(self._at.items()):
            if room_id == room.id:
                del self._at[conn_id]
                self.close_connection(conn_id, CloseCode.INTERNAL, "the table restarts: reconnect")
        self._moved_away(room)
        self._follow(room.id, ())

    def _drop(self, room_ids: Iterable[str]) -> None:
        """These rooms are run by another process now: stop them here (nothing they still
        write is accepted) and have their people attached to them there."""
        for room_id in room_ids:
            room = self.rooms.pop(room_id, None)
            if room is None:
                continue
            log.warning("table %s moved to another process", room_id)
            room.control(Close())
            self.store.disown(room_id)
            self.cluster.epochs.pop(room_id, None)
            self._moved_away(room)
            self._follow(room_id, [c for c, r in self._at.items() if r == room_id])
        self.metrics.rooms.set(len(self.rooms))

    def _moved_away(self, room: RoomRunner) -> None:
        """Tell the gateways of the room's remote people that it is no longer run here."""
        by_node: dict[int, list[ConnId]] = defaultdict(list)
        for conn in room.session.members:
            if node_of(conn) != self.cluster.node:
                by_node[node_of(conn)].append(conn)
        for node, conns in by_node.items():
            self.cluster.post(node, Moved(room.id, self.cluster.node, conns))

    async def _adopt(self, orphans: list[tuple[str, int | None]]) -> None:
        """Take over rooms nobody runs (their owner died), a chunk at a time."""
        for start in range(0, len(orphans), 100):
            chunk = orphans[start : start + 100]
            await asyncio.gather(*(self._take(room_id, holder) for room_id, holder in chunk))

    async def _take(self, room_id: str, holder: int | None) -> bool:
        """Take the room's lease (if nobody holds it, or ``holder``, known dead, does) and
        load it from the store: whether it runs here now. One take per room at a time."""
        if room_id in self.rooms:
            return True
        task = self._taking.get(room_id)
        if task is None:
            task = asyncio.create_task(self._claim_and_load(room_id, holder))
            self._taking[room_id] = task
            task.add_done_callback(lambda _: self._taking.pop(room_id, None))
        try:
            return await asyncio.shield(task)
        except (RedisError, OSError) as exc:
            log.warning("could not take table %s over: %s", room_id, exc)
            return False

    async def _claim_and_load(self, room_id: str, holder: int | None) -> bool:
        try:
            if self._closed or not await self.cluster.claim(room_id, holder):
                return False
            stored = await self.store.load_room(room_id)
            if stored is None:
                log.warning("room %s is not in the store: closed", room_id)
                await self.cluster.release(room_id)
                await self.store.forget(room_id)
                await self.cluster.unlist(room_id)
                return False
            self._add(self._restore(stored))
            epoch = self.cluster.epochs.get(room_id)
            was = "its lease had run out" if holder is None else f"node {holder} is gone"
            log.info("took over table %s at epoch %s (%s)", room_id, epoch, was)
            self.lobby_changed()
            return True
        finally:
            if room_id not in self.rooms:  # what was forwarded meanwhile goes back
                for conn, _ in self._early.pop(room_id, []):
                    self._not_here(room_id, conn)

    def resync(self, room_ids: set[str]) -> None:
        """The mirror lost these rooms' writes: each writes a full snapshot, and its summary
        goes to the shared lobby again (which Redis lost with them)."""
        for room_id in room_ids:
            room = self.rooms.get(room_id)
            if room is not None:
                room.table.snapshot_due = True  # in case the room writes before the checkpoint
                room.control(Checkpoint())
                self.lobby_changed(room_id)

    def public_rooms(self) -> list[RoomSummary]:
        """The lobby: public tables one could sit at or watch being played, this process's
        and (with several) the others' from the shared lobby. A finished match or an
        adjourned one (no person connected) is left out; its link still opens it."""
        local = {room_id: room.summary() for room_id, room in self.rooms.items()}
        others = [s for s in self._shared_lobby if s.id not in local]
        return [
            summary
            for summary in (*local.values(), *others)
            if not summary.rules.private and summary.status not in ("over", "adjourned")
        ]

    async def refresh_lobby(self, *, read: bool = True) -> None:
        """Write the summaries of this process's rooms that changed to the shared lobby,
        and (``read``) read everyone's."""
        if not self.cluster.shared:
            return
        dirty, self._dirty = self._dirty, set()
        summaries = {r: self.rooms[r].session.summary_json() for r in dirty if r in self.rooms}
        try:
            await self.cluster.list_summaries(summaries)
            if read:
                self._shared_lobby = await self.cluster.lobby()
        except (RedisError, OSError) as exc:
            self._dirty |= dirty
            log.warning("could not refresh the shared lobby: %s", exc)

    async def find_summary(self, room_id: str) -> RoomSummary | None:
        """A table's summary, whichever process runs it."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room.summary()
        return await self.cluster.summary(room_id)

    # ------------------------------------------------------------ connections

    def connected(self, conn: Connection) -> None:
        self.connections[conn.id] = conn
        self.metrics.connections.set(len(self.connections))

    def disconnected(self, conn: Connection) -> None:
        del self.connections[conn.id]
        self._lobby.discard(conn.id)
        self._rejoin.pop(conn.id, None)
        self.metrics.connections.set(len(self.connections))
        room_id = self._at.pop(conn.id, None)
        if room_id is not None:
            self._leave(conn.id, room_id)

    def _leave(self, conn_id: ConnId, room_id: str) -> None:
        """Tell the room the connection is no longer at it, here or where it runs."""
        room = self.rooms.get(room_id)
        if room is not None:
            room.control(Detach(conn_id))
            return
        owner = self._remote.get(room_id)
        if owner is not None:
            self.cluster.post(owner.node, Gone(room_id, conn_id))
            if room_id not in self._at.values():
                del self._remote[room_id]

    def refused(self, conn: Connection, refusal: Refusal, ref: str | None) -> None:
        """Answer a refused frame, with the version of the table the connection is at (if
        it runs here)."""
        self.metrics.errors.labels(refusal.code.value).inc()
        room = self.rooms.get(self._at.get(conn.id, ""))
        version = room.table.version if room is not None else None
        conn.send(error_text(refusal.code, refusal.message, ref, version))

    def room_of(self, conn: Connection) -> str | None:
        """The id of the room the connection is at, if any."""
        return self._at.get(conn.id)

    def route(self, conn: Connection, command: Command) -> None:
        """Send a command to the room it is for, here or where it runs; a room being looked
        up holds it."""
        if isinstance(command, Lobby):
            self._lobby.add(conn.id)
            conn.send(encode_text(LobbyMessage(self.public_rooms())))
            return
        try:
            if isinstance(command, Join | AccountJoin | Resume | Watch):
                self._unhold(conn.id)  # a later move wins over a held one
                room_id = command.room
                if room_id not in self.rooms and room_id not in self._remote:
                    if room_id not in self._held and not self.cluster.shared:
                        raise Refusal(Code.ROOM_NOT_FOUND, "no such table")
                    self._hold(room_id, conn.id, command)
                    return
                self._move(conn.id, room_id)
                if isinstance(command, Join | AccountJoin):
                    self._rejoin.pop(conn.id, None)  # until its seat's token comes back
                else:
                    self._rejoin[conn.id] = command
            else:
                room_id = self._at.get(conn.id, "")
                if room_id in self._held:
                    self._held[room_id].append((conn.id, command))
                    return
                if room_id not in self.rooms and room_id not in self._remote:
                    raise Refusal(Code.NOT_AT_TABLE, "join or watch a table first")
            self._dispatch(conn.id, room_id, command)
        except Refusal as refusal:
            self.refused(conn, refusal, command_type(command))

    def _dispatch(self, conn_id: ConnId, room_id: str, command: Command) -> None:
        room = self.rooms.get(room_id)
        if room is not None:
            room.submit(conn_id, command)
        else:
            owner = self._remote[room_id]
            data = _command_encoder.encode(command)
            self.cluster.post(owner.node, Forward(room_id, conn_id, data))

    def _hold(self, room_id: str, conn_id: ConnId, command: Command) -> None:
        """Keep a command until the room is found; start looking if nobody is."""
        held = self._held.get(room_id)
        if held is None:
            held = self._held[room_id] = []
            self._own(self._find(room_id), f"find {room_id}")
        held.append((conn_id, command))

    def _unhold(self, conn_id: ConnId) -> None:
        for held in self._held.values():
            held[:] = [entry for entry in held if entry[0] != conn_id]

    def _follow(self, room_id: str, conns: Iterable[ConnId]) -> None:
        """The room moved (or is reloaded): look it up again, and attach ``conns`` there
        with their ``resume`` or ``watch``; what they send meanwhile waits behind it."""
        self._remote.pop(room_id, None)
        held = self._held.get(room_id)
        if held is None:
            held = self._held[room_id] = []
            self._own(self._find(room_id), f"find {room_id}")
        waiting = {conn_id for conn_id, _ in held}  # already attached again first
        for conn_id in conns:
            rejoin = self._rejoin.get(conn_id)
            if conn_id in waiting:
                continue
            if rejoin is not None and self._at.get(conn_id) == room_id:
                held.append((conn_id, rejoin))
            elif self._at.get(conn_id) == room_id:  # its join was never answered
                del self._at[conn_id]
                self.close_connection(conn_id, CloseCode.TRY_AGAIN, "the table moved: reconnect")

    async def _find(self, room_id: str) -> None:
        """Find where the room runs, taking it over if nobody runs it; then answer what
        was held for it, in order (refused ``room_not_found`` if it is nowhere)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FOLLOW_TIMEOUT
        found = False
        try:
            while not self._closed:
                if room_id in self.rooms:
                    found = True
                    break
                owner = await self.cluster.owner(room_id)
                if owner is not None and owner.alive and owner.node != self.cluster.node:
                    self._remote[room_id] = owner
                    found = True
                    break
                if owner is None and not await self.cluster.exists(room_id):
                    break
                holder = owner.node if owner is not None else None
                if await self._take(room_id, holder):
                    found = True
                    break
                if loop.time() > deadline:
                    log.warning("gave up looking for table %s's owner", room_id)
                    break
                await asyncio.sleep(FOLLOW_RETRY)
        except (RedisError, OSError) as exc:
            log.warning("could not look table %s up: %s", room_id, exc)
        finally:
            held = self._held.pop(room_id, [])
        self.metrics.rooms.set(len(self.rooms))
        for conn_id, command in held:  # in the order they came
            conn = self.connections.get(conn_id)
            if conn is None:
                continue
            if found:
                self.route(conn, command)
            else:
                if self._at.get(conn_id) == room_id:
                    del self._at[conn_id]
                self.refused(conn, Refusal(Code.ROOM_NOT_FOUND, "no such table"), None)

    def _move(self, conn_id: ConnId, room_id: str) -> None:
        """The connection goes to ``room_id``: the room it was at is told it left (after
        everything it sent there), and from now on its commands go to ``room_id``."""
        old = self._at.get(conn_id)
        self._at[conn_id] = room_id
        if old is not None and old != room_id:
            self._leave(conn_id, old)
        self._lobby.discard(conn_id)

    # ---------------------------------------------------------------- outbox

    def deliver(self, room_id: str, outcome: Outcome) -> None:
        """A room's frames, seat tokens, closes and releases: to this process's connections,
        or to the gateway process of each other connection."""
        node, post = self.cluster.node, self.cluster.post
        epoch = self.cluster.epochs.get(room_id, 0)
        for conn, text in outcome.frames:
            if node_of(conn) == node:
                self.send(conn, text)
            else:
                post(node_of(conn), Frame(room_id, epoch, conn, text))
        for conn, token in outcome.seated:
            if node_of(conn) == node:
                self.seated(conn, room_id, token)
            else:
                post(node_of(conn), Seated(room_id, epoch, conn, token))
        for conn, code, reason in outcome.closes:
            if node_of(conn) == node:
                self.close_connection(conn, code, reason)
            else:
                post(node_of(conn), Shut(room_id, epoch, conn, code, reason))
        for conn in outcome.released:
            if node_of(conn) == node:
                self.release(conn, room_id)
            else:
                post(node_of(conn), Released(room_id, epoch, conn))

    def send(self, conn_id: ConnId, text: str) -> None:
        conn = self.connections.get(conn_id)
        if conn is not None:
            conn.send(text)

    def seated(self, conn_id: ConnId, room_id: str, token: str) -> None:
        """The connection holds the seat of ``token`` at ``room_id``: if the table moves, it
        is attached there again with its ``resume`` (unless it has moved on since)."""
        if self._at.get(conn_id) == room_id:
            self._rejoin[conn_id] = Resume(room_id, token)

    def close_connection(self, conn_id: ConnId, code: CloseCode, reason: str) -> None:
        conn = self.connections.get(conn_id)
        if conn is not None:
            conn.close(code, reason)

    def release(self, conn_id: ConnId, room_id: str) -> None:
        """``room_id`` says the connection is no longer at it: forgotten, unless the
        connection has moved on to another room since (that answer came late)."""
        if self._at.get(conn_id) == room_id:
            del self._at[conn_id]
            self._rejoin.pop(conn_id, None)

    # ------------------------------------------------------------------- bus

    def received(self, messages: list[BusMessage]) -> None:
        """Messages from the other processes, in the order each one sent them."""
        for message in messages:
            _BUS_HANDLERS[type(message)](self, message)

    def _forwarded(self, message: Forward) -> None:
        command = decode_command(message.command)
        room = self.rooms.get(message.room)
        if room is not None:
            self._submit(room, message.conn, command)
        elif message.room in self._taking:
            self._early[message.room].append((message.conn, command))
        else:
            self._not_here(message.room, message.conn)

    def _submit(self, room: RoomRunner, conn: ConnId, command: Command) -> None:
        """A forwarded command into its room; refused at once if the room is full."""
        try:
            room.submit(conn, command)
        except Refusal as refusal:
            self.metrics.errors.labels(refusal.code.value).inc()
            text = error_text(refusal.code, refusal.message, command_type(command), None)
            self.deliver(room.id, Outcome(frames=[(conn, text)]))

    def _not_here(self, room_id: str, conn: ConnId) -> None:
        self.cluster.post(node_of(conn), Moved(room_id, self.cluster.node, [conn]))

    def _gone(self, message: Gone) -> None:
        room = self.rooms.get(message.room)
        if room is not None:
            room.control(Detach(message.conn))

    def _current(self, room_id: str, epoch: int) -> bool:
        """Whether a message from the room's owner at ``epoch`` is from its latest owner
        known here (a former owner's late frames are dropped)."""
        known = self._remote.get(room_id)
        return known is None or epoch >= known.epoch

    def _frame(self, message: Frame) -> None:
        if self._current(message.room, message.epoch):
            self.send(message.conn, message.text)

    def _seated(self, message: Seated) -> None:
        if self._current(message.room, message.epoch):
            self.seated(message.conn, message.room, message.token)

    def _shut(self, message: Shut) -> None:
        if self._current(message.room, message.epoch):
            self.close_connection(message.conn, CloseCode(message.code), message.reason)

    def _released(self, message: Released) -> None:
        if self._current(message.room, message.epoch):
            self.release(message.conn, message.room)

    def _moved(self, message: Moved) -> None:
        """Followed, unless the table is known to run elsewhere than at the sender (here,
        or at a newer owner): a former owner that woke up says so too late."""
        known = self._remote.get(message.room)
        if message.room in self.rooms or (known is not None and known.node != message.node):
            return
        self._follow(message.room, message.conns)

    def lost(self, rooms: set[str]) -> None:
        """The cluster found these rooms' leases taken by another process."""
        self._drop(rooms)

    def orphaned(self, rooms: list[tuple[str, int | None]]) -> None:
        """The cluster found rooms nobody runs: take this process's share."""
        if not self._closed:
            self._own(self._adopt(rooms), "adopt")

    def owners_changed(self, stale: dict[str, int]) -> None:
        """These rooms' owners (by room, the node this process forwarded to) died, froze
        past their lease, or changed: each room still forwarded to that node is followed
        (one this process has followed meanwhile is not, twice)."""
        for room_id, node in stale.items():
            known = self._remote.get(room_id)
            if known is not None and known.node == node:
                self._follow(room_id, [c for c, r in self._at.items() if r == room_id])

    def resubscribed(self) -> None:
        """The bus was down: messages may be lost; every remote room is looked up again."""
        self.owners_changed({room_id: owner.node for room_id, owner in self._remote.items()})

    def watched(self) -> dict[str, Owner]:
        return dict(self._remote)

    # ---------------------------------------------------------------- closing

    async def _reap_loop(self) -> None:
        """Close the tables nobody has been at for ``idle_close`` seconds."""
        loop = asyncio.get_running_loop()
        idle = self.settings.idle_close
        while True:
            await asyncio.sleep(min(REAP_INTERVAL, idle / 4))
            now = loop.time()
            for room in list(self.rooms.values()):
                if room.session.members:
                    room.empty_since = None
                elif room.empty_since is None:
                    room.empty_since = now
                elif now - room.empty_since >= idle:
                    await self.close_room(room)

    async def close_room(self, room: RoomRunner) -> None:
        """Stop a room's task after what it has queued and forget the table, here, in the
        shared lobby and in the mirror (its finished hands' records stay until they
        expire)."""
        room.control(Close())
        if room.task is not None:
            await room.task
        if self.rooms.get(room.id) is not room:  # it moved to another process meanwhile
            return
        del self.rooms[room.id]
        self.metrics.rooms.set(len(self.rooms))
        await self.cluster.release(room.id)
        await self.store.forget(room.id)
        await self.cluster.unlist(room.id)
        log.info("closed table %s: nobody there for %.0f s", room.id, self.settings.idle_close)
        self.lobby_changed()

    # ------------------------------------------------------------------ lobby

    def lobby_changed(self, room_id: str | None = None) -> None:
        """The lobby may have changed (``room_id``'s summary, if given)."""
        if room_id is not None:
            self._dirty.add(room_id)
        self._lobby_changed.set()

    async def _lobby_loop(self) -> None:
        """Write the summaries that changed to the shared lobby, and push the lobby to its
        subscribers when it changes (here, or in the shared lobby, read again every
        :data:`LOBBY_POLL` seconds while anyone subscribes)."""
        loop = asyncio.get_running_loop()
        sent = ""
        shared = self.cluster.shared
        while True:
            try:
                async with asyncio.timeout(LOBBY_POLL if shared else None):
                    await self._lobby_changed.wait()
            except TimeoutError:
                pass
            self._lobby_changed.clear()
            read = bool(self._lobby) and loop.time() - self._lobby_read >= LOBBY_POLL
            await self.refresh_lobby(read=read)
            if read:
                self._lobby_read = loop.time()
            if self._lobby:
                data = encode_text(LobbyMessage(self.public_rooms()))
                if data != sent:
                    for conn_id in self._lobby:
                        self.send(conn_id, data)
                    sent = data
            await asyncio.sleep(LOBBY_INTERVAL)


_BUS_HANDLERS: dict[type, Callable[[RoomManager, Any], None]] = {
    Forward: RoomManager._forwarded,
    Gone: RoomManager._gone,
    Frame: RoomManager._frame,
    Seated: RoomManager._seated,
    Shut: RoomManager._shut,
    Released: RoomManager._released,
    Moved: RoomManager._moved,
}
