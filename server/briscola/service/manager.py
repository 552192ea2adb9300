"""The room manager: this process's rooms and connections, built from their parts, started
and stopped as one.

- :class:`~briscola.service.rooms.Rooms`: the rooms this process runs (created, restored,
  taken over, dropped, closed) and their tasks.
- :class:`~briscola.service.gateway.Gateway`: the connections, which room each one is at,
  commands routed in and frames delivered out.
- :class:`~briscola.service.lobby.Lobby`: the public tables and the connections following
  them.
- :class:`~briscola.service.bus.Bus`: what the other processes say, handed to the rooms or
  the gateway.

docs/ARCHITECTURE.md tells how a move flows.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from briscola.metrics import Metrics
from briscola.service.bus import Bus
from briscola.service.config import Settings
from briscola.service.gateway import Gateway
from briscola.service.lobby import Lobby
from briscola.service.notices import NoNotices, TurnNotices
from briscola.service.rooms import Rooms
from briscola.service.runner import RoomRunner
from briscola.service.tasks import Tasks
from briscola.service.thinker import Thinker
from briscola.store.base import Store
from briscola.store.cluster import Cluster, LocalCluster

#: At shutdown, how long rooms may take to finish what they have queued.
DRAIN_TIMEOUT = 5.0


class RoomManager:
    """Owns every room task and connection of this process, through its parts."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        metrics: Metrics,
        cluster: Cluster | None = None,
        *,
        notices: TurnNotices | None = None,
    ) -> None:
        self.settings = settings
        self.store = store
        self.metrics = metrics
        self.cluster: Cluster = cluster if cluster is not None else LocalCluster()
        #: How a player away from the page is told a turn of theirs began (the app's one).
        self.notices: TurnNotices = notices if notices is not None else NoNotices()
        self.thinker = Thinker(settings.think_workers)
        self.tasks = Tasks()
        self.owned = Rooms(
            settings, store, metrics, self.cluster, self.thinker, self.tasks, self.notices
        )
        self.lobby = Lobby(self.cluster, self.tasks, self.owned.by_id)
        self.gateway = Gateway(settings, metrics, self.cluster, self.tasks, self.owned, self.lobby)
        self.bus = Bus(self.owned, self.gateway, self.tasks)
        self.on_started: Callable[[], None] | None = None

    @property
    def rooms(self) -> dict[str, RoomRunner]:
        """The rooms this process runs, by id."""
        return self.owned.by_id

    async def start(self) -> None:
        """Join the cluster, take over every room nobody runs, then start the lobby."""
        await self.store.start(self.owned.resync)
        await self.cluster.start(self.bus)
        await self.owned.start()
        self.lobby.start()
        if self.on_started is not None:
            self.on_started()

    async def close(self) -> None:
        """Close every socket with 1001; let every room finish what it has queued (within
        :data:`DRAIN_TIMEOUT`), then cancel what is left; give the leases up, so that
        other processes take the tables at once; flush the store. Idempotent."""
        if self.tasks.closed:
            return
        self.tasks.closed = True
        await self.gateway.close_connections()
        rooms = self.owned.stop()
        if rooms:
            await asyncio.wait(rooms, timeout=DRAIN_TIMEOUT)
        left = [*rooms, *self.tasks.running, *self.owned.taking]
        for task in left:
            task.cancel()
        await asyncio.gather(*left, return_exceptions=True)
        self.thinker.close()
        await self.cluster.close()
        await self.store.close()
