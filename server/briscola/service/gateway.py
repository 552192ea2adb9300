"""The gateway: this process's connections, which room each one is at, and the way in and
out between them and the rooms.

It alone knows which room each connection is at, so moving from one table to another is one
ordered operation that a late answer from the old table cannot undo. It sends each command
to the room's runner here or, through the cluster's bus, to the process that owns the room
(a room being looked up holds what comes for it, and answers it in order); and it delivers
each room's frames, seat tokens, closes and releases to the connections here, or to the
gateway process of each other connection. When a table moves it attaches its people here to
it again, each with what it knows of them: its seat's ``resume`` or its ``watch``.
docs/ARCHITECTURE.md tells how a move flows.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Iterable

import msgspec
from redis.exceptions import RedisError

from briscola.metrics import Metrics
from briscola.service.config import Settings
from briscola.service.lobby import Lobby
from briscola.service.rooms import Rooms
from briscola.service.runner import Detach
from briscola.service.tasks import Tasks
from briscola.service.transport import Connection
from briscola.store.cluster import (
    NODE_SHIFT,
    Cluster,
    Forward,
    Frame,
    Gone,
    Owner,
    Released,
    Seated,
    Shut,
    node_of,
)
from briscola.table.session import ConnId, Outcome
from briscola.wire.commands import AccountJoin, Command, Join, Resume, Watch, command_type
from briscola.wire.commands import Lobby as LobbyCommand
from briscola.wire.errors import Code, Refusal
from briscola.wire.messages import CloseCode, error_text

log = logging.getLogger(__name__)

#: How long a gateway keeps looking for a table's new owner (the old one's lease must run
#: out first when it froze rather than died), and how often it asks.
FOLLOW_TIMEOUT = 15.0
FOLLOW_RETRY = 0.1

_command_encoder = msgspec.json.Encoder()
#: A held command: the connection it came from, and the command.
_Held = tuple[ConnId, Command]


class Gateway:
    """This process's connections and where they are (the transport's ``Router``, the
    rooms' :class:`~briscola.service.rooms.People`)."""

    def __init__(
        self,
        settings: Settings,
        metrics: Metrics,
        cluster: Cluster,
        tasks: Tasks,
        rooms: Rooms,
        lobby: Lobby,
    ) -> None:
        self.settings = settings
        self.metrics = metrics
        self.cluster = cluster
        self.tasks = tasks
        self.rooms = rooms
        self.lobby = lobby
        rooms.people = self
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
        self._conn_ids = itertools.count(1)

    def next_conn_id(self) -> ConnId:
        """A new connection's id: unique across the processes (its node number on top)."""
        return (self.cluster.node << NODE_SHIFT) | next(self._conn_ids)

    # ------------------------------------------------------------ connections

    def connected(self, conn: Connection) -> None:
        self.connections[conn.id] = conn
        self.metrics.connections.set(len(self.connections))

    def disconnected(self, conn: Connection) -> None:
        del self.connections[conn.id]
        self.lobby.unsubscribe(conn.id)
        self._rejoin.pop(conn.id, None)
        self.metrics.connections.set(len(self.connections))
        room_id = self._at.pop(conn.id, None)
        if room_id is not None:
            self._leave(conn.id, room_id)

    async def close_connections(self) -> None:
        """Close every socket with 1001 (going away) and wait until the frames are out."""
        conns = list(self.connections.values())
        for conn in conns:
            conn.close(CloseCode.GOING_AWAY, "server shutting down")
        await asyncio.gather(*(conn.finish() for conn in conns))

    def room_of(self, conn: Connection) -> str | None:
        """The id of the room the connection is at, if any."""
        return self._at.get(conn.id)

    def refused(self, conn: Connection, refusal: Refusal, ref: str | None) -> None:
        """Answer a refused frame, with the version of the table the connection is at (if
        it runs here)."""
        self.metrics.errors.labels(refusal.code.value).inc()
        room = self.rooms.by_id.get(self._at.get(conn.id, ""))
        version = room.table.shown_version if room is not None else None
        conn.send(error_text(refusal.code, refusal.message, ref, version))

    # ---------------------------------------------------------------- commands

    def route(self, conn: Connection, command: Command) -> None:
        """Send a command to the room it is for, here or where it runs; a room being looked
        up holds it."""
        if isinstance(command, LobbyCommand):
            self.lobby.subscribe(conn)
            return
        try:
            if isinstance(command, Join | AccountJoin | Resume | Watch):
                self._unhold(conn.id)  # a later move wins over a held one
                room_id = command.room
                if room_id not in self.rooms.by_id and room_id not in self._remote:
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
                if room_id not in self.rooms.by_id and room_id not in self._remote:
                    raise Refusal(Code.NOT_AT_TABLE, "join or watch a table first")
            self._dispatch(conn.id, room_id, command)
        except Refusal as refusal:
            self.refused(conn, refusal, command_type(command))

    def _dispatch(self, conn_id: ConnId, room_id: str, command: Command) -> None:
        room = self.rooms.by_id.get(room_id)
        if room is not None:
            room.submit(conn_id, command)
        else:
            owner = self._remote[room_id]
            data = _command_encoder.encode(command)
            self.cluster.post(owner.node, Forward(room_id, conn_id, data))

    def _move(self, conn_id: ConnId, room_id: str) -> None:
        """The connection goes to ``room_id``: the room it was at is told it left (after
        everything it sent there), and from now on its commands go to ``room_id``."""
        old = self._at.get(conn_id)
        self._at[conn_id] = room_id
        if old is not None and old != room_id:
            self._leave(conn_id, old)
        self.lobby.unsubscribe(conn_id)

    def _leave(self, conn_id: ConnId, room_id: str) -> None:
        """Tell the room the connection is no longer at it, here or where it runs."""
        room = self.rooms.by_id.get(room_id)
        if room is not None:
            room.control(Detach(conn_id))
            return
        owner = self._remote.get(room_id)
        if owner is not None:
            self.cluster.post(owner.node, Gone(room_id, conn_id))
            if room_id not in self._at.values():
                del self._remote[room_id]

    def _hold(self, room_id: str, conn_id: ConnId, command: Command) -> None:
        """Keep a command until the room is found; start looking if nobody is."""
        self._look_up(room_id).append((conn_id, command))

    def _unhold(self, conn_id: ConnId) -> None:
        for held in self._held.values():
            held[:] = [entry for entry in held if entry[0] != conn_id]

    # ---------------------------------------------------------- tables moving

    def arrived(self, room_id: str) -> None:
        """The room runs here now: the people here who were at it where it ran before are
        attached to it here."""
        if self._remote.pop(room_id, None) is not None:
            self.follow(room_id)

    def follow(self, room_id: str) -> None:
        """The room moved: its people here are attached to it wherever it runs now."""
        self._follow(room_id, [c for c, r in self._at.items() if r == room_id])

    def restart(self, room_id: str) -> None:
        """The room failed and is reloaded: its people here are closed with 1011 (they
        reconnect and resume), and what comes for it meanwhile waits until it is back."""
        for conn_id, at in list(self._at.items()):
            if at == room_id:
                del self._at[conn_id]
                self.close_connection(conn_id, CloseCode.INTERNAL, "the table restarts: reconnect")
        self._follow(room_id, ())

    def moved(self, room_id: str, node: int, conns: list[ConnId]) -> None:
        """Node ``node`` says it does not run the room (any more): ``conns`` follow it,
        unless the room is known to run elsewhere than there (here, or at a newer owner): a
        former owner that woke up says so too late."""
        known = self._remote.get(room_id)
        if room_id in self.rooms.by_id or (known is not None and known.node != node):
            return
        self._follow(room_id, conns)

    def owners_changed(self, stale: dict[str, int]) -> None:
        """These rooms' owners (by room, the node this process forwarded to) died, froze
        past their lease, or changed: each room still forwarded to that node is followed
        (one this process has followed meanwhile is not, twice)."""
        for room_id, node in stale.items():
            known = self._remote.get(room_id)
            if known is not None and known.node == node:
                self.follow(room_id)

    def watched(self) -> dict[str, Owner]:
        """The rooms run by other processes that connections here are at, and their owners."""
        return dict(self._remote)

    def _follow(self, room_id: str, conns: Iterable[ConnId]) -> None:
        """Look the room up again, and attach ``conns`` there with their ``resume`` or
        ``watch``; what they send meanwhile waits behind it."""
        self._remote.pop(room_id, None)
        held = self._look_up(room_id)
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

    def _look_up(self, room_id: str) -> list[_Held]:
        """What is held for the room while it is looked up; the look-up starts if it is not
        under way."""
        held = self._held.get(room_id)
        if held is None:
            held = self._held[room_id] = []
            self.tasks.own(self._find(room_id), f"find {room_id}")
        return held

    async def _find(self, room_id: str) -> None:
        """Find where the room runs, taking it over if nobody runs it; then answer what
        was held for it, in order (refused ``room_not_found`` if it is nowhere)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FOLLOW_TIMEOUT
        found = False
        try:
            while not self.tasks.closed:
                if room_id in self.rooms.by_id:
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
                if await self.rooms.take(room_id, holder):
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

    # ---------------------------------------------------------------- delivery

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

    def lobby_changed(self, room_id: str | None = None) -> None:
        self.lobby.changed(room_id)

    def current(self, room_id: str, epoch: int) -> bool:
        """Whether a message from the room's owner at ``epoch`` is from its latest owner
        known here (a former owner's late frames are dropped)."""
        known = self._remote.get(room_id)
        return known is None or epoch >= known.epoch

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
