"""The room manager: the one owner of the process's rooms and connections.

It creates and restores rooms and owns their tasks (a room that fails is logged, its people
are told, and it is restored from the store or closed); it is the only one that knows which
room each connection is at, so moving from one table to another is one ordered operation
that a late answer from the old table cannot undo; it delivers each room's frames to the
connections by id, keeps the lobby subscribers informed, closes idle tables, and shuts down
by draining every room before cancelling what is left.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

from briscola.metrics import Metrics
from briscola.service.config import Settings
from briscola.service.runner import Checkpoint, Close, Detach, RoomRunner
from briscola.service.thinker import Thinker
from briscola.service.transport import Connection
from briscola.store.base import Store, StoredRoom
from briscola.table.core import Table
from briscola.table.session import ConnId, RoomSession
from briscola.wire.commands import Command, Join, Lobby, Resume, Watch, command_type
from briscola.wire.errors import Code, Refusal
from briscola.wire.messages import CloseCode, LobbyMessage, RoomSummary, encode_text, error_text
from briscola.wire.table_rules import TableRules

log = logging.getLogger(__name__)

LOBBY_INTERVAL = 0.25
REAP_INTERVAL = 60.0
#: At shutdown, how long rooms may take to finish what they have queued.
DRAIN_TIMEOUT = 5.0


class RoomManager:
    """Owns every room task and connection of this process."""

    def __init__(self, settings: Settings, store: Store, metrics: Metrics) -> None:
        self.settings = settings
        self.store = store
        self.metrics = metrics
        self.thinker = Thinker(settings.think_workers)
        self.rooms: dict[str, RoomRunner] = {}
        self.connections: dict[ConnId, Connection] = {}
        #: Which room each connection is at: written here and nowhere else.
        self._at: dict[ConnId, str] = {}
        self._lobby: set[ConnId] = set()
        self._lobby_changed = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        #: Rooms being reloaded after a failure, and the joins, resumes and watches that
        #: came for them meanwhile (answered once the room is back, or refused if it is not).
        self._reloading: dict[str, list[tuple[Connection, Join | Resume | Watch]]] = {}
        self._closed = False
        self.on_started: Callable[[], None] | None = None

    async def start(self) -> None:
        """Load every live room from the store and start it, then the lobby and the reaper."""
        await self.store.start(self.resync)
        for stored in await self.store.load_rooms():
            self._add(self._restore(stored))
        if self.rooms:
            log.info("restored %d tables", len(self.rooms))
        self._own(self._lobby_loop(), "lobby")
        self._own(self._reap_loop(), "reaper")
        if self.on_started is not None:
            self.on_started()

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
        :data:`DRAIN_TIMEOUT`), then cancel what is left; flush the store. Idempotent."""
        if self._closed:
            return
        self._closed = True
        await self.close_connections()
        rooms = [room.task for room in self.rooms.values() if room.task is not None]
        for room in self.rooms.values():
            room.control(Close())
        if rooms:
            await asyncio.wait(rooms, timeout=DRAIN_TIMEOUT)
        for task in (*rooms, *self._tasks):
            task.cancel()
        await asyncio.gather(*rooms, *self._tasks, return_exceptions=True)
        self.thinker.close()
        await self.store.close()

    # ------------------------------------------------------------------ rooms

    async def create_room(self, rules: TableRules) -> RoomRunner:
        """A new table, mirrored before anyone hears of it."""
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
        room.start().add_done_callback(lambda task: self._room_ended(room, task))
        self.metrics.rooms.set(len(self.rooms))
        return room

    def _room_ended(self, room: RoomRunner, task: asyncio.Task[None]) -> None:
        """A room's task ended. Closed on purpose, nothing to do; failed: log it, tell its
        people (closed with 1011, they reconnect and resume), and restore it from the store
        (a table the store does not have is closed)."""
        if task.cancelled() or task.exception() is None or self._closed:
            return
        log.error("room %s failed; restoring it", room.id, exc_info=task.exception())
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        for conn_id, room_id in list(self._at.items()):
            if room_id == room.id:
                del self._at[conn_id]
                self.close_connection(conn_id, CloseCode.INTERNAL, "the table restarts: reconnect")
        self._reloading[room.id] = []
        self._own(self._reload(room.id), f"reload {room.id}")

    async def _reload(self, room_id: str) -> None:
        try:
            stored = await self.store.load_room(room_id)
            if stored is None:
                log.warning("room %s is not in the store: closed", room_id)
                await self.store.forget(room_id)
            else:
                self._add(self._restore(stored))
        finally:
            waiting = self._reloading.pop(room_id, [])
        self.metrics.rooms.set(len(self.rooms))
        self.lobby_changed()
        for conn, command in waiting:  # in the order they came
            if conn.id in self.connections:
                self.route(conn, command)

    def resync(self, room_ids: set[str]) -> None:
        """The mirror lost these rooms' writes: each writes a full snapshot."""
        for room_id in room_ids:
            room = self.rooms.get(room_id)
            if room is not None:
                room.table.snapshot_due = True  # in case the room writes before the checkpoint
                room.control(Checkpoint())

    def public_rooms(self) -> list[RoomSummary]:
        """The lobby: public tables one could sit at or watch being played. A finished match
        or an adjourned one (no person connected) is left out; its link still opens it."""
        rooms = []
        for room in self.rooms.values():
            if room.table.rules.private:
                continue
            summary = room.summary()
            if summary.status not in ("over", "adjourned"):
                rooms.append(summary)
        return rooms

    # ------------------------------------------------------------ connections

    def connected(self, conn: Connection) -> None:
        self.connections[conn.id] = conn
        self.metrics.connections.set(len(self.connections))

    def disconnected(self, conn: Connection) -> None:
        del self.connections[conn.id]
        self._lobby.discard(conn.id)
        self.metrics.connections.set(len(self.connections))
        room_id = self._at.pop(conn.id, None)
        if room_id is not None and room_id in self.rooms:
            self.rooms[room_id].control(Detach(conn.id))

    def refused(self, conn: Connection, refusal: Refusal, ref: str | None) -> None:
        """Answer a refused frame, with the version of the table the connection is at."""
        self.metrics.errors.labels(refusal.code.value).inc()
        room = self.rooms.get(self._at.get(conn.id, ""))
        version = room.table.version if room is not None else None
        conn.send(error_text(refusal.code, refusal.message, ref, version))

    def room_of(self, conn: Connection) -> str | None:
        """The id of the room the connection is at, if any."""
        return self._at.get(conn.id)

    def route(self, conn: Connection, command: Command) -> None:
        """Send a command to the room it is for."""
        if isinstance(command, Lobby):
            self._lobby.add(conn.id)
            conn.send(encode_text(LobbyMessage(self.public_rooms())))
            return
        try:
            if isinstance(command, Join | Resume | Watch):
                for waiting in self._reloading.values():  # a later move wins over a held one
                    waiting[:] = [held for held in waiting if held[0] is not conn]
                if command.room in self._reloading:  # its people reconnect faster than it
                    self._reloading[command.room].append((conn, command))
                    return
                room = self.rooms.get(command.room)
                if room is None:
                    raise Refusal(Code.ROOM_NOT_FOUND, "no such table")
                self._move(conn.id, room)
            else:
                room = self.rooms.get(self._at.get(conn.id, ""))
                if room is None:
                    raise Refusal(Code.NOT_AT_TABLE, "join or watch a table first")
            room.submit(conn.id, command)
        except Refusal as refusal:
            self.refused(conn, refusal, command_type(command))

    def _move(self, conn_id: ConnId, room: RoomRunner) -> None:
        """The connection goes to ``room``: the room it was at is told it left (after
        everything it sent there), and from now on its commands go to ``room``."""
        old = self._at.get(conn_id)
        if old is not None and old != room.id and old in self.rooms:
            self.rooms[old].control(Detach(conn_id))
        self._at[conn_id] = room.id
        self._lobby.discard(conn_id)

    # ---------------------------------------------------------------- outbox

    def send(self, conn_id: ConnId, text: str) -> None:
        conn = self.connections.get(conn_id)
        if conn is not None:
            conn.send(text)

    def close_connection(self, conn_id: ConnId, code: CloseCode, reason: str) -> None:
        conn = self.connections.get(conn_id)
        if conn is not None:
            conn.close(code, reason)

    def release(self, conn_id: ConnId, room_id: str) -> None:
        """``room_id`` says the connection is no longer at it: forgotten, unless the
        connection has moved on to another room since (that answer came late)."""
        if self._at.get(conn_id) == room_id:
            del self._at[conn_id]

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
        """Stop a room's task after what it has queued and forget the table, here and in
        the mirror (its finished hands' records stay until they expire)."""
        room.control(Close())
        if room.task is not None:
            await room.task
        del self.rooms[room.id]
        self.metrics.rooms.set(len(self.rooms))
        await self.store.forget(room.id)
        log.info("closed table %s: nobody there for %.0f s", room.id, self.settings.idle_close)
        self.lobby_changed()

    # ------------------------------------------------------------------ lobby

    def lobby_changed(self) -> None:
        self._lobby_changed.set()

    async def _lobby_loop(self) -> None:
        while True:
            await self._lobby_changed.wait()
            self._lobby_changed.clear()
            if self._lobby:
                data = encode_text(LobbyMessage(self.public_rooms()))
                for conn_id in self._lobby:
                    self.send(conn_id, data)
            await asyncio.sleep(LOBBY_INTERVAL)
