"""The thin runner of one room: a queue, a timer, the store awaited, the frames delivered.

All the room's rules are in its :class:`~briscola.table.session.RoomSession`; the runner only
feeds it one input at a time (commands in arrival order, a tick when the table's next
deadline comes) and carries out each :class:`~briscola.table.session.Outcome`: write to the store
and wait until it has the change (write-ahead), then hand the frames, closes and releases to
its :class:`Outbox`. Client commands are bounded (a full room refuses them at once with
``server_busy``); control inputs (detach, checkpoint, close) are never dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from dataclasses import dataclass
from typing import Protocol

from redis.exceptions import RedisError

from briscola.bots import Bot, BotChoice
from briscola.metrics import Metrics
from briscola.service.faults import crash_point
from briscola.service.notices import NoNotices, TurnNotice, TurnNotices
from briscola.store.base import MirrorStatus, Store, WriteResult
from briscola.table.core import Table, Thought
from briscola.table.events import SeatRating
from briscola.table.rated import RatedResult
from briscola.table.session import ConnId, Outcome, RoomSession
from briscola.wire.commands import Command
from briscola.wire.errors import Code, Refusal
from briscola.wire.messages import CloseCode, RoomSummary

log = logging.getLogger(__name__)

#: After a rated match could not be settled (Redis away), how long before trying again.
SETTLE_RETRY = 1.0


class Outbox(Protocol):
    """Where a runner's output goes: the owner of the connections (the manager), which
    sends each frame to its connection here or to the connection's gateway process."""

    def deliver(self, room_id: str, outcome: Outcome) -> None: ...
    def lobby_changed(self, room_id: str | None = None) -> None: ...


class Thinking(Protocol):
    """Where a strong bot's move is worked out, off the room loop
    (:class:`briscola.service.thinker.Thinker`)."""

    def think(self, thought: Thought) -> asyncio.Future[tuple[BotChoice, Bot]]: ...


@dataclass(frozen=True)
class Detach:
    """The connection went away, or on to another table."""

    conn: ConnId


@dataclass(frozen=True)
class Checkpoint:
    """Write a full snapshot (the mirror lost writes and is catching up)."""


@dataclass(frozen=True)
class Close:
    """Stop after everything queued before it: the room is being closed."""


@dataclass(frozen=True)
class _Decided:
    """A strong bot's answer, back from the thinker."""

    thought: Thought
    action: BotChoice
    bot: Bot


@dataclass(frozen=True)
class _Settled:
    """The store settled a rated match (or could not, for now: ``seats`` None)."""

    match_id: str
    seats: list[SeatRating] | None


@dataclass(frozen=True)
class _Tick:
    """Something is due: a bot's move, a clock, a grace period, the next deal."""


@dataclass(frozen=True)
class _Command:
    conn: ConnId
    command: Command
    received: float


Control = Detach | Checkpoint | Close
_Item = _Command | Control | _Tick | _Decided | _Settled
_TICK = _Tick()


class RoomFailed(Exception):
    """The room's own loop failed (not one command): the manager restores or closes it."""


class RoomFenced(Exception):
    """The store refused a write: another process owns the table now. Nothing of that
    write went out; the manager drops the room and its people follow the table."""


class RoomRunner:
    """One room's task around its session."""

    def __init__(
        self,
        session: RoomSession,
        store: Store,
        outbox: Outbox,
        thinker: Thinking,
        metrics: Metrics,
        limit: int,
        notices: TurnNotices | None = None,
    ) -> None:
        self.session = session
        self.notices: TurnNotices = notices if notices is not None else NoNotices()
        #: A table at its own pace keeps the wall clock (its deadlines are dates, kept
        #: across restarts); a live table the loop's monotonic one.
        self.paced = session.table.rules.paced
        self.store = store
        self.outbox = outbox
        self.thinker = thinker
        self.metrics = metrics
        self.limit = limit
        self.task: asyncio.Task[None] | None = None
        #: Since when nobody has been at the table (the manager closes it after a while).
        self.empty_since: float | None = None
        #: The inputs waiting, oldest first, and the future the loop waits on when there
        #: are none (lighter than an ``asyncio.Queue``: one per move, on the hot path).
        self._inbox: deque[_Item] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self._commands = 0
        self._timer: asyncio.TimerHandle | None = None
        self._deadline: float | None = None
        #: The table's version when the timer was last set (the deadline moves only with it).
        self._armed_version: int | None = None
        self._tick_queued = False
        #: The task settling a finished rated match's ratings in the store, while it runs.
        self._settling: asyncio.Task[None] | None = None
        #: The notices of turns begun being sent (a slow mail server never holds the room).
        self._telling: set[asyncio.Task[None]] = set()

    @property
    def id(self) -> str:
        return self.session.id

    @property
    def table(self) -> Table:
        return self.session.table

    def summary(self) -> RoomSummary:
        return self.session.summary()

    def start(self) -> asyncio.Task[None]:
        self.task = asyncio.create_task(self._run(), name=f"room {self.id}")
        return self.task

    # ----------------------------------------------------------------- inputs

    def submit(self, conn: ConnId, command: Command) -> None:
        """Queue a client's command.

        Raises:
            Refusal: ``server_busy`` when the room already has ``limit`` commands waiting.
        """
        if self._commands >= self.limit:
            raise Refusal(Code.SERVER_BUSY, "table busy: try again")
        self._commands += 1
        self._put(_Command(conn, command, time.perf_counter()))

    def control(self, item: Control) -> None:
        """Queue a control input: never refused, never dropped."""
        self._put(item)

    def _put(self, item: _Item) -> None:
        self._inbox.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def _next(self) -> _Item:
        inbox = self._inbox
        while not inbox:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return inbox.popleft()

    # ------------------------------------------------------------------- loop

    def now(self) -> float:
        """The room's time: the wall clock at a table at its own pace, else the loop's."""
        return time.time() if self.paced else asyncio.get_running_loop().time()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        await self._carry_out(self.session.flush(self.now()))
        try:
            while True:
                self._arm(loop)
                item = self._inbox.popleft() if self._inbox else await self._next()
                if type(item) is Close:
                    return
                await self._step(item, self.now())
        finally:
            for telling in self._telling:
                telling.cancel()
            if self._timer is not None:
                self._timer.cancel()
            if self._settling is not None:
                self._settling.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._settling

    async def _step(self, item: _Item, now: float) -> None:
        session = self.session
        if type(item) is _Command:
            self._commands -= 1
            try:
                outcome = session.handle(item.conn, item.command, now)
            except Exception:  # a bug in a handler costs only the connection that sent it
                log.exception("room %s: command %r failed", self.id, item.command)
                outcome = session.fail(item.conn, CloseCode.INTERNAL, "internal error", now)
            await self._carry_out(outcome)
            if outcome.moved:
                self.metrics.moves.inc()
                self.metrics.move_latency.observe(time.perf_counter() - item.received)
            return
        try:
            if type(item) is _Tick:
                self._tick_queued = False
                outcome = session.tick(now)
            elif type(item) is _Decided:
                outcome = session.decided(item.thought, item.action, item.bot, now)
                self._armed_version = None  # the move is due now: look at the timer again
            elif type(item) is _Settled:
                if item.seats is None:
                    outcome = session.rating_failed(now)
                else:
                    outcome = session.settled(item.match_id, item.seats, now)
            elif type(item) is Detach:
                outcome = session.detach(item.conn, now)
            else:
                outcome = session.checkpoint(now)
        except Exception as exc:
            raise RoomFailed(f"room {self.id}: {item!r} failed") from exc
        await self._carry_out(outcome)

    async def _carry_out(self, outcome: Outcome) -> None:
        """Store first (write-ahead), then everything that goes out."""
        if outcome.writes:
            table = self.session.table
            result = await self.store.write(
                table.id, outcome.events, outcome.snapshot, outcome.finished
            )
            if result is WriteResult.GAP:  # Redis lost writes (an outage): catch up first
                result = await self.store.write(table.id, [], table.snapshot(), [])
            if result is WriteResult.FENCED:
                raise RoomFenced(f"room {table.id}: another process owns it now")
        if outcome.rated is not None:
            crash_point("rated-written")
        if outcome.pace is not None:
            await self._keep_pace(outcome)
        outbox = self.outbox
        for refused in outcome.refused:
            self.metrics.errors.labels(refused.value).inc()
        outbox.deliver(self.id, outcome)
        if outcome.lobby_changed:
            outbox.lobby_changed(self.id)
        if outcome.thought is not None:
            self._think(outcome.thought)
        if outcome.rated is not None and (self._settling is None or self._settling.done()):
            self._settling = asyncio.create_task(
                self._settle(outcome.rated), name=f"settle {outcome.rated.match_id}"
            )

    async def _keep_pace(self, outcome: Outcome) -> None:
        """A table at its own pace: its deadline and players' lists in the store (after the
        write, before the frames: a player who sees the turn finds it in their list), then
        the player whose turn began told."""
        pace, turn = outcome.pace, outcome.turn
        assert pace is not None
        if self.store.pace is not None and self.store.status is not MirrorStatus.DEGRADED:
            try:
                await self.store.pace.keep(pace)
            except (RedisError, OSError) as exc:  # written again by the repair's checkpoint
                log.warning("room %s: deadline not kept in redis: %s", self.id, exc)
        if turn is not None:
            notice = TurnNotice(turn.account, self.id, pace.name, turn.turn, turn.deadline)
            telling = asyncio.create_task(self._tell(notice), name=f"notice {self.id}")
            self._telling.add(telling)
            telling.add_done_callback(self._telling.discard)

    async def _tell(self, notice: TurnNotice) -> None:
        try:
            await self.notices.your_turn(notice)
        except Exception:
            log.exception("room %s: could not tell %s it is their turn", self.id, notice.account)

    async def _settle(self, result: RatedResult) -> None:
        """Have the store apply a finished rated match's ratings (once, however often it is
        asked: after a restart the table asks again); the answer comes back through the
        inbox, and a failure asks again a moment later."""
        try:
            seats = await self.store.accounts.settle(result, time.time())
        except Exception:
            log.exception("room %s: rated match %s not settled yet", self.id, result.match_id)
            await asyncio.sleep(SETTLE_RETRY)
            self._put(_Settled(result.match_id, None))
            return
        crash_point("rated-settled")
        self._put(_Settled(result.match_id, seats))

    def _think(self, thought: Thought) -> None:
        """Have the thinker work the move out; its answer comes back through the inbox, in
        turn with everything else (never dropped, like a control input)."""

        def answered(answer: asyncio.Future[tuple[BotChoice, Bot]]) -> None:
            if not answer.cancelled():
                self._put(_Decided(thought, *answer.result()))

        self.thinker.think(thought).add_done_callback(answered)

    def _arm(self, loop: asyncio.AbstractEventLoop) -> None:
        """Have a tick queued at the table's next deadline (one timer, looked at again only
        when the table has changed or the timer has rung). A timer that rings no later than
        the new deadline is kept: most moves push the deadline later (the next player's
        clock), and an early tick finds nothing due and sets the timer again, which is
        cheaper than cancelling and making a timer at every move."""
        version = self.session.table.version
        if version == self._armed_version:
            return
        self._armed_version = version
        deadline = self.session.next_deadline()
        kept = self._deadline
        if deadline == kept or (deadline is not None and kept is not None and kept <= deadline):
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._deadline = deadline
        if deadline is not None:
            if self.paced:  # a date: as long from now on the loop's clock
                self._timer = loop.call_later(max(0.0, deadline - time.time()), self._ring)
            else:
                self._timer = loop.call_at(deadline, self._ring)

    def _ring(self) -> None:
        self._timer, self._deadline, self._armed_version = None, None, None
        if not self._tick_queued:
            self._tick_queued = True
            self._put(_TICK)
