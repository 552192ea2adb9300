"""A room: one asyncio task that owns one :class:`~briscola.table.Table`, takes commands one
at a time from its queue, mirrors the resulting events (write-ahead), then tells everyone.

The order of every command is: validate and apply in memory, send the events to the
store and wait until it has them, then deliver replies and each member's projection.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from .engine import Resign, SwapSeven
from .errors import Code, Refusal
from .messages import RoomSummary
from .protocol import (
    AddBot,
    Chat,
    Command,
    Join,
    Leave,
    Move,
    Play,
    PlayAgain,
    Ready,
    RemoveBot,
    ResignCmd,
    Resume,
    Swap,
    Sync,
    Watch,
    command_type,
    encode,
    encode_text,
)
from .store import WriteResult
from .table import Audience, Table
from .transport import CLOSE_INTERNAL, CLOSE_REPLACED, Connection

if TYPE_CHECKING:
    from .manager import RoomManager

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Detach:
    """Internal: the connection left for another room or went away."""


@dataclass(frozen=True)
class Close:
    """Internal: the room is being closed; its task ends between two commands."""


@dataclass(frozen=True)
class Checkpoint:
    """Internal: write a full snapshot (the mirror lost writes and is catching up)."""


@dataclass
class Member:
    """Someone at the table: a seat's token holder, or a spectator (``token`` None)."""

    token: str | None
    name: str


Item = tuple[Connection | None, Command | Detach | Checkpoint | Close | None, float]
#: Queued by the room's timer: something is due (a bot's move, a clock, a grace period).
_TICK: Item = (None, None, 0.0)


class Room:
    """The imperative shell around one table."""

    def __init__(self, table: Table, manager: RoomManager) -> None:
        self.table = table
        self.manager = manager
        self.members: dict[Connection, Member] = {}
        self.queue: asyncio.Queue[Item] = asyncio.Queue(manager.settings.room_queue)
        self.task: asyncio.Task[None] | None = None
        self._replies: list[tuple[Connection, str]] = []
        self._timer: asyncio.TimerHandle | None = None
        self._deadline: float | None = None
        self._timer_due = False
        #: Since when nobody has been at the table (the manager closes it after a while).
        self.empty_since: float | None = None
        self._summary_cache: tuple[tuple[int, str, int], RoomSummary, msgspec.Raw] | None = None

    @property
    def id(self) -> str:
        return self.table.id

    @property
    def spectators(self) -> int:
        return sum(1 for member in self.members.values() if member.token is None)

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"room {self.id}")

    def submit(
        self, conn: Connection | None, command: Command | Detach | Checkpoint | Close
    ) -> None:
        """Queue a command; a full queue refuses it at once rather than wait."""
        try:
            self.queue.put_nowait((conn, command, time.perf_counter()))
        except asyncio.QueueFull:
            if conn is not None and isinstance(command, Command):
                self.manager.refused(conn, Refusal(Code.SERVER_BUSY, "table busy"), None)

    def summary(self) -> RoomSummary:
        """The public summary, rebuilt only when seats, status or spectators change."""
        return self._summary()[0]

    def _summary(self) -> tuple[RoomSummary, msgspec.Raw]:
        table = self.table
        key = (table.seats_revision, table.status, self.spectators)
        cached = self._summary_cache
        if cached is None or cached[0] != key:
            summary = table.summary(key[2])
            cached = self._summary_cache = (key, summary, msgspec.Raw(encode(summary)))
        return cached[1], cached[2]

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        await self._publish(loop.time())
        try:
            while True:
                self._arm(loop)
                item = await self.queue.get()
                if isinstance(item[1], Close):
                    return
                now = loop.time()
                if item is _TICK:
                    self._timer_due = False
                    self.table.tick(now)
                    await self._publish(now)
                    continue
                await self._process(item, now)
        finally:
            if self._timer is not None:
                self._timer.cancel()

    def _arm(self, loop: asyncio.AbstractEventLoop) -> None:
        """Have a tick queued at the table's next deadline (one timer, moved when it moves)."""
        deadline = self.table.next_deadline()
        if deadline == self._deadline:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._deadline = deadline
        if deadline is not None:
            self._timer = loop.call_at(deadline, self._ring)

    def _ring(self) -> None:
        self._timer, self._deadline = None, None
        if not self._timer_due:
            try:
                self.queue.put_nowait(_TICK)
            except asyncio.QueueFull:
                return  # a full queue: the timer is set again after the next command
            self._timer_due = True

    async def _process(self, item: Item, now: float) -> None:
        """One command: apply it, mirror it, tell everyone. A bug in a handler costs only the
        connection that sent the command (closed with 1011), never the room."""
        conn, command, received = item
        try:
            self._handle(conn, command, now)
        except Exception:
            log.exception("room %s: command %r failed", self.id, command)
            if conn is not None:
                conn.close(CLOSE_INTERNAL, "internal error")
        await self._publish(now)
        if isinstance(command, Play | Swap):
            self.manager.metrics.move_latency.observe(time.perf_counter() - received)

    def _handle(self, conn: Connection | None, command: object, now: float) -> None:
        if conn is None:
            if isinstance(command, Checkpoint):
                self.table.snapshot_due = True
            return
        if isinstance(command, Detach):
            self._detach(conn, now)
            return
        assert isinstance(command, Command)
        member = self.members.get(conn)
        seat = self.table.seat_of(member.token) if member is not None else None
        if seat is not None:
            self.table.acted(seat, now)
        try:
            HANDLERS[type(command)](self, conn, command, now)
        except Refusal as refusal:
            self.manager.refused(conn, refusal, command_type(command))
            if isinstance(command, Join | Resume | Watch) and conn not in self.members:
                conn.room = None
            return
        if isinstance(command, Play | Swap):
            self.manager.metrics.moves.inc()

    async def _publish(self, now: float) -> None:
        """Mirror what changed (and wait for the store), then reply and broadcast."""
        table = self.table
        events, finished = table.drain()
        if events or finished or table.snapshot_due:
            snapshot = table.snapshot() if table.snapshot_due else None
            table.snapshot_due = False
            result = await self.manager.store.write(table.id, events, snapshot, finished)
            if result is WriteResult.GAP:  # Redis lost writes (an outage): catch up first
                await self.manager.store.write(table.id, [], table.snapshot(), [])
        replies, self._replies = self._replies, []
        for conn, data in replies:
            conn.send(data)
        if events:
            self._broadcast(now)
            self.manager.lobby_changed()

    def _broadcast(self, now: float) -> None:
        table = self.table
        summary, clock = self._summary()[1], table.clock(now)
        encoded: dict[int | None, str] = {}
        for conn, member in self.members.items():
            seat = table.seat_of(member.token)
            data = encoded.get(seat)
            if data is None:
                data = encoded[seat] = encode_text(table.state_message(seat, summary, clock))
            conn.send(data)

    def _reply(self, conn: Connection, message: dict[str, Any]) -> None:
        self._replies.append((conn, encode_text(message)))

    def _send_state(self, conn: Connection, now: float) -> None:
        member = self.members[conn]
        seat = self.table.seat_of(member.token)
        message = self.table.state_message(seat, self._summary()[1], self.table.clock(now))
        self._replies.append((conn, encode_text(message)))

    def _seat(self, conn: Connection) -> int:
        member = self.members.get(conn)
        if member is None:
            raise Refusal(Code.NOT_AT_TABLE, "you are not at this table")
        seat = self.table.seat_of(member.token)
        if seat is None:
            raise Refusal(Code.NOT_SEATED, "spectators cannot do that")
        return seat

    def _admit(self, conn: Connection, member: Member, seat: int | None, now: float) -> None:
        self.members[conn] = member
        conn.room, conn.token = self, member.token
        self._reply(
            conn,
            {
                "type": "joined",
                "room": self.id,
                "seat": seat,
                "token": member.token,
                "version": self.table.version,
            },
        )
        self._send_state(conn, now)

    def _require_unseated(self, conn: Connection) -> None:
        member = self.members.get(conn)
        if member is not None and member.token is not None:
            raise Refusal(Code.ALREADY_SEATED, "you already have a seat at this table")

    # ---------------------------------------------------------------- handlers

    def _join(self, conn: Connection, cmd: Join, now: float) -> None:
        self._require_unseated(conn)
        seat, token = self.table.sit(cmd.name, cmd.seat, cmd.side, now)
        self._admit(conn, Member(token, cmd.name), seat, now)

    def _resume(self, conn: Connection, cmd: Resume, now: float) -> None:
        self._require_unseated(conn)
        seat = self.table.resume(cmd.token, now)
        for other, member in list(self.members.items()):
            if member.token == cmd.token and other is not conn:
                del self.members[other]
                other.room = None
                other.close(CLOSE_REPLACED, "your seat was opened elsewhere")
        name = self.table.seats[seat].name or f"Seat {seat + 1}"
        self._admit(conn, Member(cmd.token, name), seat, now)

    def _watch(self, conn: Connection, cmd: Watch, now: float) -> None:
        self._require_unseated(conn)
        self._admit(conn, Member(None, cmd.name or "Spectator"), None, now)
        self.manager.lobby_changed()

    def _leave(self, conn: Connection, cmd: Leave, now: float) -> None:
        member = self.members.pop(conn, None)
        conn.room = None
        if member is None:
            raise Refusal(Code.NOT_AT_TABLE, "you are not at this table")
        seat = self.table.seat_of(member.token)
        if seat is not None:
            self.table.leave(seat, now)
        self._reply(conn, {"type": "left", "room": self.id, "version": self.table.version})
        self.manager.lobby_changed()

    def _detach(self, conn: Connection, now: float) -> None:
        member = self.members.pop(conn, None)
        if conn.room is self:
            conn.room = None
        if member is None:
            return
        seat = self.table.seat_of(member.token)
        if seat is not None:
            self.table.disconnect(seat, now)
        self.manager.lobby_changed()

    def _ready(self, conn: Connection, cmd: Ready, now: float) -> None:
        self.table.set_ready(self._seat(conn), cmd.ready, now)

    def _add_bot(self, conn: Connection, cmd: AddBot, now: float) -> None:
        self.table.add_bot(self._seat(conn), cmd.seat, now)

    def _remove_bot(self, conn: Connection, cmd: RemoveBot, now: float) -> None:
        self.table.remove_bot(self._seat(conn), cmd.seat, now)

    def _move(self, conn: Connection, cmd: Move, now: float) -> None:
        self.table.move(self._seat(conn), cmd.seat, cmd.to, now)

    def _play(self, conn: Connection, cmd: Play, now: float) -> None:
        self.table.play(self._seat(conn), cmd.card, now)

    def _swap(self, conn: Connection, cmd: Swap, now: float) -> None:
        seat = self._seat(conn)
        self.table.act(seat, SwapSeven(seat), now)

    def _resign(self, conn: Connection, cmd: ResignCmd, now: float) -> None:
        seat = self._seat(conn)
        self.table.act(seat, Resign(seat), now)

    def _play_again(self, conn: Connection, cmd: PlayAgain, now: float) -> None:
        self.table.play_again(self._seat(conn), now)

    def _chat(self, conn: Connection, cmd: Chat, now: float) -> None:
        member = self.members.get(conn)
        if member is None:
            raise Refusal(Code.NOT_AT_TABLE, "you are not at this table")
        out = self.table.chat(self.table.seat_of(member.token), member.name, cmd.text)
        data = encode_text(
            {
                "type": "chat",
                "version": self.table.version,
                "channel": out.channel,
                "name": out.name,
                "seat": out.seat,
                "text": out.text,
            }
        )
        for other, m in self.members.items():
            if out.audience is Audience.ALL or m.token is None:
                self._replies.append((other, data))

    def _sync(self, conn: Connection, cmd: Sync, now: float) -> None:
        if conn not in self.members:
            raise Refusal(Code.NOT_AT_TABLE, "you are not at this table")
        self._send_state(conn, now)


HANDLERS: dict[type[Command], Callable[[Room, Connection, Any, float], None]] = {
    Join: Room._join,
    Resume: Room._resume,
    Watch: Room._watch,
    Leave: Room._leave,
    Ready: Room._ready,
    AddBot: Room._add_bot,
    RemoveBot: Room._remove_bot,
    Move: Room._move,
    Play: Room._play,
    Swap: Room._swap,
    ResignCmd: Room._resign,
    PlayAgain: Room._play_again,
    Chat: Room._chat,
    Sync: Room._sync,
}
