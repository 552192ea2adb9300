"""The lobby: the public tables one could sit at or watch, and the connections that follow it.

This process's rooms write their summaries to the shared lobby when they change (with
several processes), and the lobby's subscribers are sent the whole list again whenever it
changes, here or in the shared lobby (read again every :data:`LOBBY_POLL` seconds while
anyone subscribes).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping

from redis.exceptions import RedisError

from briscola.service.runner import RoomRunner
from briscola.service.tasks import Tasks
from briscola.service.transport import Connection
from briscola.store.cancelling import stop_if_cancelled
from briscola.store.cluster import Cluster
from briscola.table.session import ConnId
from briscola.wire.messages import LobbyMessage, RoomSummary, encode_text

log = logging.getLogger(__name__)

#: How often, at the most, the lobby is written and pushed.
LOBBY_INTERVAL = 0.25
#: With several processes, how often the shared lobby is read again for its subscribers.
LOBBY_POLL = 1.0


class Lobby:
    """The lobby's listing, its subscribers, and the task that keeps both current."""

    def __init__(self, cluster: Cluster, tasks: Tasks, rooms: Mapping[str, RoomRunner]) -> None:
        self.cluster = cluster
        self.tasks = tasks
        #: This process's rooms (:attr:`briscola.service.rooms.Rooms.by_id`).
        self.rooms = rooms
        self._subscribers: dict[ConnId, Connection] = {}
        self._changed = asyncio.Event()
        self._shared: list[RoomSummary] = []
        #: Rooms whose summary may have changed since it was last written to the shared
        #: lobby, and when the shared lobby was last read.
        self._dirty: set[str] = set()
        self._read_at = 0.0

    def start(self) -> None:
        self.tasks.own(self._loop(), "lobby")

    def subscribe(self, conn: Connection) -> None:
        """The connection follows the lobby: it gets the list now and whenever it changes."""
        self._subscribers[conn.id] = conn
        conn.send(encode_text(LobbyMessage(self.public_rooms())))

    def unsubscribe(self, conn_id: ConnId) -> None:
        self._subscribers.pop(conn_id, None)

    def changed(self, room_id: str | None = None) -> None:
        """The lobby may have changed (``room_id``'s summary, if given)."""
        if room_id is not None:
            self._dirty.add(room_id)
        self._changed.set()

    def public_rooms(self) -> list[RoomSummary]:
        """The tables the lobby lists (:attr:`RoomSummary.listed`), this process's and
        (with several) the others' from the shared lobby, each judged by its summary."""
        local = {room_id: room.summary() for room_id, room in self.rooms.items()}
        others = [s for s in self._shared if s.id not in local]
        return [summary for summary in (*local.values(), *others) if summary.listed]

    async def refresh(self, *, read: bool = True) -> None:
        """Write the summaries of this process's rooms that changed to the shared lobby,
        and (``read``) read everyone's."""
        if not self.cluster.shared:
            return
        dirty, self._dirty = self._dirty, set()
        rooms = self.rooms
        summaries = {r: rooms[r].session.summary_json() for r in dirty if r in rooms}
        try:
            await self.cluster.list_summaries(summaries)
            if read:
                self._shared = await self.cluster.lobby()
        except (RedisError, OSError) as exc:
            stop_if_cancelled()
            self._dirty |= dirty
            log.warning("could not refresh the shared lobby: %s", exc)

    async def find_summary(self, room_id: str) -> RoomSummary | None:
        """A table's summary, whichever process runs it."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room.summary()
        return await self.cluster.summary(room_id)

    async def _loop(self) -> None:
        """Write the summaries that changed to the shared lobby, and push the lobby to its
        subscribers when it changes (here, or in the shared lobby, read again every
        :data:`LOBBY_POLL` seconds while anyone subscribes)."""
        loop = asyncio.get_running_loop()
        sent = ""
        shared = self.cluster.shared
        while True:
            stop_if_cancelled()
            try:
                async with asyncio.timeout(LOBBY_POLL if shared else None):
                    await self._changed.wait()
            except TimeoutError:
                pass
            self._changed.clear()
            read = bool(self._subscribers) and loop.time() - self._read_at >= LOBBY_POLL
            await self.refresh(read=read)
            if read:
                self._read_at = loop.time()
            if self._subscribers:
                data = encode_text(LobbyMessage(self.public_rooms()))
                if data != sent:
                    for conn in list(self._subscribers.values()):
                        conn.send(data)
                    sent = data
            await asyncio.sleep(LOBBY_INTERVAL)
