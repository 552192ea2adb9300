"""The rooms this process runs: created, restored, taken over, dropped and closed here.

Each room is a :class:`~briscola.service.runner.RoomRunner` whose task this owns. A room that
fails is logged, its people are told, and it is restored from the store or closed; a room
whose lease another process took is dropped, and its people follow it there; a room nobody
has been at for a while is closed (a deserted one, whose last person left, after its grace
period). What comes out of a room goes to the gateway
(:class:`People`), which owns the connections.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Iterable
from typing import Protocol

from redis.exceptions import RedisError

from briscola.metrics import Metrics
from briscola.service.config import Settings
from briscola.service.notices import NoNotices, TurnNotices
from briscola.service.runner import Checkpoint, Close, Detach, Outbox, RoomFenced, RoomRunner
from briscola.service.tasks import Tasks
from briscola.service.thinker import Thinker
from briscola.store.base import Store, StoredRoom
from briscola.store.cluster import Cluster, Moved, node_of
from briscola.store.redis import ROOMS
from briscola.table.core import Table
from briscola.table.session import ConnId, Outcome, RoomSession
from briscola.wire.commands import Command, command_type
from briscola.wire.errors import Refusal
from briscola.wire.messages import error_text
from briscola.wire.table_rules import TableRules

log = logging.getLogger(__name__)

#: How often the reaper looks for tables to close (a deserted one waits only its grace).
REAP_INTERVAL = 1.0
#: How many orphaned rooms are taken over at once.
ADOPT_CHUNK = 100


class People(Outbox, Protocol):
    """The gateway, as the rooms see it: where their output goes (the frames to the
    connections, the lobby told), and who takes a room's people here along when the room
    comes to this process, leaves it, or restarts."""

    def arrived(self, room_id: str) -> None: ...
    def follow(self, room_id: str) -> None: ...
    def restart(self, room_id: str) -> None: ...


class Rooms:
    """The rooms this process runs (it holds their leases), and their tasks."""

    #: Set once by the gateway as it is made: the two refer to each other.
    people: People

    def __init__(
        self,
        settings: Settings,
        store: Store,
        metrics: Metrics,
        cluster: Cluster,
        thinker: Thinker,
        tasks: Tasks,
        notices: TurnNotices | None = None,
    ) -> None:
        self.settings = settings
        #: How a player away is told their turn began at a table at their own pace.
        self.notices: TurnNotices = notices if notices is not None else NoNotices()
        self.store = store
        self.metrics = metrics
        self.cluster = cluster
        self.thinker = thinker
        self.tasks = tasks
        #: The rooms, by id: written here, read by the gateway and the lobby.
        self.by_id: dict[str, RoomRunner] = {}
        #: Rooms being taken over or reloaded here, and the forwarded commands that came
        #: for them meanwhile.
        self._taking: dict[str, asyncio.Task[bool]] = {}
        self._early: dict[str, list[tuple[ConnId, Command]]] = defaultdict(list)

    async def start(self) -> None:
        """Take over every room nobody runs (all of them, for a lone process that
        restarts), then start the reaper."""
        if self.cluster.shared:
            await self.adopt(await self.cluster.orphans(()))
        else:
            for stored in await self.store.load_rooms():
                await self.cluster.claim(stored.snapshot.id)
                self._add(self._restore(stored))
        if self.by_id:
            log.info("restored %d tables", len(self.by_id))
        self.tasks.own(self._reap_loop(), "reaper")
        if self.store.pace is not None:
            self.tasks.own(self._deadlines_loop(), "deadlines")

    def stop(self) -> list[asyncio.Task[None]]:
        """Ask every room to close after what it has queued: their tasks, to be awaited."""
        for room in self.by_id.values():
            room.control(Close())
        return [room.task for room in self.by_id.values() if room.task is not None]

    @property
    def taking(self) -> list[asyncio.Task[bool]]:
        """The take-overs under way (cancelled at shutdown)."""
        return list(self._taking.values())

    # --------------------------------------------------------------- creating

    async def create(self, rules: TableRules) -> RoomRunner:
        """A new table, leased and mirrored before anyone hears of it."""
        if self.tasks.closed:
            raise RuntimeError("creating a room after the manager was closed")
        table = Table(
            secrets.token_urlsafe(6),
            rules,
            entropy=secrets.token_bytes,
            now=_now(rules),
            bot_delay=self.settings.bot_delay,
            pause=self.settings.pause,
        )
        await self.cluster.claim(table.id)
        await self.store.write(table.id, [], table.snapshot(), [])
        table.snapshot_due = False
        return self._add(RoomSession(table))

    def _restore(self, stored: StoredRoom) -> RoomSession:
        settings = self.settings
        table = Table.restore(
            stored.snapshot,
            stored.events,
            entropy=secrets.token_bytes,
            now=_now(stored.snapshot.rules),
            bot_delay=settings.bot_delay,
            pause=settings.pause,
        )
        return RoomSession(table)

    def _add(self, session: RoomSession) -> RoomRunner:
        room = RoomRunner(
            session,
            self.store,
            self.people,
            self.thinker,
            self.metrics,
            self.settings.room_queue,
            self.notices,
        )
        self.by_id[room.id] = room
        self.people.lobby_changed(room.id)
        room.start().add_done_callback(lambda task: self._ended(room, task))
        self.metrics.rooms.set(len(self.by_id))
        self.people.arrived(room.id)
        for conn, command in self._early.pop(room.id, []):
            self._submit(room, conn, command)
        return room

    # ---------------------------------------------------------------- leaving

    def _ended(self, room: RoomRunner, task: asyncio.Task[None]) -> None:
        """A room's task ended. Closed on purpose, nothing to do. Fenced (another process
        took it): dropped, its people follow it. Failed: log it, have its people told
        (closed with 1011, they reconnect and resume), and reload it from the store (a
        table the store does not have is closed)."""
        if task.cancelled() or task.exception() is None or self.tasks.closed:
            return
        if isinstance(task.exception(), RoomFenced):
            self.drop({room.id})
            return
        log.error("room %s failed; restoring it", room.id, exc_info=task.exception())
        if self.by_id.get(room.id) is room:
            del self.by_id[room.id]
            self.metrics.rooms.set(len(self.by_id))
        self._moved_away(room)
        self.people.restart(room.id)

    def drop(self, room_ids: Iterable[str]) -> None:
        """These rooms are run by another process now: stop them here (nothing they still
        write is accepted) and have their people attached to them there."""
        for room_id in room_ids:
            room = self.by_id.pop(room_id, None)
            if room is None:
                continue
            log.warning("table %s moved to another process", room_id)
            room.control(Close())
            self.store.disown(room_id)
            self.cluster.epochs.pop(room_id, None)
            self._moved_away(room)
            self.people.follow(room_id)
        self.metrics.rooms.set(len(self.by_id))

    def _moved_away(self, room: RoomRunner) -> None:
        """Tell the gateways of the room's remote people that it is no longer run here."""
        by_node: dict[int, list[ConnId]] = defaultdict(list)
        for conn in room.session.members:
            if node_of(conn) != self.cluster.node:
                by_node[node_of(conn)].append(conn)
        for node, conns in by_node.items():
            self.cluster.post(node, Moved(room.id, self.cluster.node, conns))

    async def _reap_loop(self) -> None:
        """Close the tables nobody (player or spectator) has been at for ``idle_close``
        seconds, or for the table's grace period if it is deserted (its last person left:
        :attr:`~briscola.table.state.TableState.deserted`)."""
        loop = asyncio.get_running_loop()
        idle = self.settings.idle_close
        while True:
            await asyncio.sleep(min(REAP_INTERVAL, idle / 4))
            now = loop.time()
            for room in list(self.by_id.values()):
                if room.session.members:
                    room.empty_since = None
                    continue
                if room.empty_since is None:
                    room.empty_since = now
                table = room.session.table
                if table.rules.paced and table.match is not None and not table.match.over:
                    # A match at its own pace is never closed for being idle: once nothing
                    # is due it leaves memory for Redis alone, and comes back on demand.
                    if table.parkable and now - room.empty_since >= self.settings.park_after:
                        await self.park(room)
                    continue
                if table.rules.paced and table.match is None and table.parkable:
                    if now - room.empty_since >= min(idle, self.settings.park_after):
                        await self.park(room)
                    continue
                wait = min(idle, table.rules.grace) if table.deserted else idle
                if now - room.empty_since >= wait:
                    await self.close(room, now - room.empty_since)

    async def close(self, room: RoomRunner, empty_for: float) -> None:
        """Stop a room's task after what it has queued and forget the table, here, in the
        shared lobby and in the mirror (its finished hands' records stay until they
        expire)."""
        room.control(Close())
        if room.task is not None:
            await room.task
        if self.by_id.get(room.id) is not room:  # it moved to another process meanwhile
            return
        del self.by_id[room.id]
        self.metrics.rooms.set(len(self.by_id))
        await self.cluster.release(room.id)
        await self.store.forget(room.id)
        await self.cluster.unlist(room.id)
        log.info("closed table %s: nobody there for %.0f s", room.id, empty_for)
        self.people.lobby_changed()

    async def park(self, room: RoomRunner) -> None:
        """Stop a table at its own pace that nobody is at and where nothing is due before
        its deadline, and leave it in Redis alone (its mirror, its deadline in the sorted
        set): it is loaded again when someone opens it or its deadline falls. Its lease is
        given up, and it is out of the live rooms, so no process takes it over meanwhile."""
        pace = self.store.pace
        assert pace is not None
        room.control(Close())
        if room.task is not None:
            await room.task
        if self.by_id.get(room.id) is not room or self.tasks.closed:
            return
        del self.by_id[room.id]
        if room.session.members:  # someone came while it stopped: it runs on
            self._add(room.session)
            return
        try:
            await pace.park(room.id, ROOMS)
        except (RedisError, OSError) as exc:  # kept in memory, parked at a later round
            log.warning("could not park table %s: %s", room.id, exc)
            self._add(room.session)
            return
        self.metrics.rooms.set(len(self.by_id))
        self.store.disown(room.id)
        await self.cluster.release(room.id)
        self.cluster.epochs.pop(room.id, None)
        if room.id in self.by_id or room.id in self._taking:  # opened again meanwhile
            await pace.unpark(room.id, ROOMS)
        log.info("parked table %s in redis", room.id)

    async def _deadlines_loop(self) -> None:
        """Every ``deadline_poll`` seconds, the tables whose deadline has passed, from the
        sorted set (one query, whatever the number of tables): one that no process holds
        (parked, or its owner died) is taken and loaded here, where its tick applies the
        missed deadline; one held here or elsewhere is its owner's to apply."""
        pace = self.store.pace
        assert pace is not None
        while True:
            await asyncio.sleep(self.settings.deadline_poll)
            try:
                due = await pace.due(time.time())
                for room_id in due:
                    if room_id in self.by_id or room_id in self._taking:
                        continue
                    owner = await self.cluster.owner(room_id)
                    if owner is None or not owner.alive:
                        await self.take(room_id, None if owner is None else owner.node)
            except (RedisError, OSError) as exc:
                log.warning("could not poll the deadlines: %s", exc)

    # ------------------------------------------------------------- taking over

    async def adopt(self, orphans: list[tuple[str, int | None]]) -> None:
        """Take over rooms nobody runs (their owner died), a chunk at a time."""
        for start in range(0, len(orphans), ADOPT_CHUNK):
            chunk = orphans[start : start + ADOPT_CHUNK]
            await asyncio.gather(*(self.take(room_id, holder) for room_id, holder in chunk))

    async def take(self, room_id: str, holder: int | None) -> bool:
        """Take the room's lease (if nobody holds it, or ``holder``, known dead, does) and
        load it from the store: whether it runs here now. One take per room at a time."""
        if room_id in self.by_id:
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
            if self.tasks.closed or not await self.cluster.claim(room_id, holder):
                return False
            stored = await self.store.load_room(room_id)
            if stored is None:
                log.warning("room %s is not in the store: closed", room_id)
                await self.cluster.release(room_id)
                await self.store.forget(room_id)
                await self.cluster.unlist(room_id)
                return False
            if stored.snapshot.rules.paced and self.store.pace is not None:
                await self.store.pace.unpark(room_id, ROOMS)
            self._add(self._restore(stored))
            epoch = self.cluster.epochs.get(room_id)
            was = "its lease had run out" if holder is None else f"node {holder} is gone"
            log.info("took over table %s at epoch %s (%s)", room_id, epoch, was)
            return True
        finally:
            if room_id not in self.by_id:  # what was forwarded meanwhile goes back
                for conn, _ in self._early.pop(room_id, []):
                    self._not_here(room_id, conn)

    def resync(self, room_ids: set[str]) -> None:
        """The mirror lost these rooms' writes: each writes a full snapshot, and its summary
        goes to the shared lobby again (which Redis lost with them)."""
        self.cluster.relist(room_ids)
        for room_id in room_ids:
            room = self.by_id.get(room_id)
            if room is not None:
                room.table.snapshot_due = True  # in case the room writes before the checkpoint
                room.control(Checkpoint())
                self.people.lobby_changed(room_id)

    # ------------------------------------------------- from other processes

    def forwarded(self, room_id: str, conn: ConnId, command: Command) -> None:
        """A command another process's connection sent to a room: into the room if it runs
        here (held while it is being taken over), else its gateway is told to look again."""
        room = self.by_id.get(room_id)
        if room is not None:
            self._submit(room, conn, command)
        elif room_id in self._taking:
            self._early[room_id].append((conn, command))
        else:
            self._not_here(room_id, conn)

    def detach(self, room_id: str, conn: ConnId) -> None:
        """Another process's connection is no longer at the room."""
        room = self.by_id.get(room_id)
        if room is not None:
            room.control(Detach(conn))

    def _submit(self, room: RoomRunner, conn: ConnId, command: Command) -> None:
        """A forwarded command into its room; refused at once if the room is full."""
        try:
            room.submit(conn, command)
        except Refusal as refusal:
            self.metrics.errors.labels(refusal.code.value).inc()
            text = error_text(refusal.code, refusal.message, command_type(command), None)
            self.people.deliver(room.id, Outcome(frames=[(conn, text)]))

    def _not_here(self, room_id: str, conn: ConnId) -> None:
        self.cluster.post(node_of(conn), Moved(room_id, self.cluster.node, [conn]))


def _now(rules: TableRules) -> float:
    """A table's time: the wall clock at its own pace (its deadlines are dates), else the
    loop's (:meth:`RoomRunner.now`)."""
    return time.time() if rules.paced else asyncio.get_running_loop().time()
