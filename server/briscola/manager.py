"""The room manager: creates, restores and finds rooms, routes each connection's commands
to its room's queue, keeps the lobby subscribers informed, and shuts everything down."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable

from .config import Settings
from .errors import Code, Refusal
from .messages import RoomSummary, TableRules
from .metrics import Metrics
from .protocol import Command, Join, Lobby, Resume, Watch, command_type, encode_text
from .rooms import Checkpoint, Close, Detach, Room
from .store import Store
from .table import Table
from .transport import CLOSE_GOING_AWAY, Connection

log = logging.getLogger(__name__)

LOBBY_INTERVAL = 0.25
REAP_INTERVAL = 60.0


class RoomManager:
    """Owns every room task and connection of this process."""

    def __init__(self, settings: Settings, store: Store, metrics: Metrics) -> None:
        self.settings = settings
        self.store = store
        self.metrics = metrics
        self.rooms: dict[str, Room] = {}
        self.connections: set[Connection] = set()
        self._lobby_changed = asyncio.Event()
        self._lobby_task: asyncio.Task[None] | None = None
        self._reaper: asyncio.Task[None] | None = None
        self._closed = False
        self.on_started: Callable[[], None] | None = None

    async def start(self) -> None:
        """Load every live room from the store and start it, then the lobby task."""
        await self.store.start(self.resync)
        loop = asyncio.get_running_loop()
        for stored in await self.store.load_rooms():
            table = Table.restore(
                stored.snapshot,
                stored.events,
                entropy=secrets.token_bytes,
                now=loop.time(),
                bot_delay=self.settings.bot_delay,
                pause=self.settings.pause,
            )
            self._add(Room(table, self))
        if self.rooms:
            log.info("restored %d tables", len(self.rooms))
        self._lobby_task = asyncio.create_task(self._lobby_loop(), name="lobby")
        self._reaper = asyncio.create_task(self._reap_loop(), name="reaper")
        if self.on_started is not None:
            self.on_started()

    async def close_connections(self) -> None:
        """Close every socket with 1001 (going away) and wait until the frames are out."""
        conns = list(self.connections)
        for conn in conns:
            conn.close(CLOSE_GOING_AWAY, "server shutting down")
        await asyncio.gather(*(conn.finish() for conn in conns))

    async def close(self) -> None:
        """Close every socket with 1001, stop every room task, flush the store. Idempotent."""
        if self._closed:
            return
        self._closed = True
        await self.close_connections()
        tasks = [room.task for room in self.rooms.values() if room.task is not None]
        tasks += [task for task in (self._lobby_task, self._reaper) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.store.close()

    async def create_room(self, rules: TableRules) -> Room:
        """A new table, mirrored before anyone hears of it."""
        if self._closed:
            raise RuntimeError("creating a room after the manager was closed")
        room_id = secrets.token_urlsafe(6)
        table = Table(
            room_id,
            rules,
            entropy=secrets.token_bytes,
            now=asyncio.get_running_loop().time(),
            bot_delay=self.settings.bot_delay,
            pause=self.settings.pause,
        )
        await self.store.write(room_id, [], table.snapshot(), [])
        table.snapshot_due = False
        room = Room(table, self)
        self._add(room)
        self.lobby_changed()
        return room

    def _add(self, room: Room) -> None:
        self.rooms[room.id] = room
        room.start()
        self.metrics.rooms.set(len(self.rooms))

    def resync(self, room_ids: set[str]) -> None:
        """The mirror lacks these rooms' latest state (an outage, a loss, a long events
        list): each writes a full snapshot with its next write, which the checkpoint makes
        happen now. A full queue refuses the checkpoint, but then the room is busy and
        writes soon anyway: the flag makes sure that write carries the snapshot."""
        for room_id in room_ids:
            room = self.rooms.get(room_id)
            if room is not None:
                room.table.snapshot_due = True
                room.submit(None, Checkpoint())

    def public_rooms(self) -> list[RoomSummary]:
        return [room.summary() for room in self.rooms.values() if not room.table.rules.private]

    # ------------------------------------------------------------ connections

    def connected(self, conn: Connection) -> None:
        self.connections.add(conn)
        self.metrics.connections.set(len(self.connections))

    def disconnected(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self.metrics.connections.set(len(self.connections))
        if conn.room is not None:
            conn.room.submit(conn, Detach())

    def refused(self, conn: Connection, refusal: Refusal, ref: str | None) -> None:
        self.metrics.errors.labels(refusal.code.value).inc()
        conn.error(refusal, ref)

    def route(self, conn: Connection, command: Command) -> None:
        """Send a command to the room it is for."""
        if isinstance(command, Lobby):
            conn.lobby = True
            conn.send(encode_text({"type": "lobby", "rooms": self.public_rooms()}))
            return
        if isinstance(command, Join | Resume | Watch):
            room = self.rooms.get(command.room)
            if room is None:
                refusal = Refusal(Code.ROOM_NOT_FOUND, "no such table")
                self.refused(conn, refusal, command_type(command))
                return
            if conn.room is not None and conn.room is not room:
                conn.room.submit(conn, Detach())
            conn.room, conn.lobby = room, False
            room.submit(conn, command)
            return
        if conn.room is None:
            refusal = Refusal(Code.NOT_AT_TABLE, "join or watch a table first")
            self.refused(conn, refusal, command_type(command))
            return
        conn.room.submit(conn, command)

    # ---------------------------------------------------------------- closing

    async def _reap_loop(self) -> None:
        """Close the tables nobody has been at for ``idle_close`` seconds."""
        loop = asyncio.get_running_loop()
        idle = self.settings.idle_close
        while True:
            await asyncio.sleep(min(REAP_INTERVAL, idle / 4))
            now = loop.time()
            for room in list(self.rooms.values()):
                if room.members:
                    room.empty_since = None
                elif room.empty_since is None:
                    room.empty_since = now
                elif now - room.empty_since >= idle:
                    await self.close_room(room)

    async def close_room(self, room: Room) -> None:
        """Stop a room's task between two commands and forget the table, here and in the
        mirror (its finished hands' records stay until they expire)."""
        room.submit(None, Close())
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
            subscribers = [conn for conn in self.connections if conn.lobby]
            if subscribers:
                data = encode_text({"type": "lobby", "rooms": self.public_rooms()})
                for conn in subscribers:
                    conn.send(data)
            await asyncio.sleep(LOBBY_INTERVAL)
