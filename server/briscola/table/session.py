"""A room session, sans I/O: one table, the connections at it, the command handlers and the
presentation of what goes out.

Input: a connection id (opaque), a command and the time. Output: one :class:`Outcome`, the
value that says what to write to the store, which frames go to which connection ids, which
connections to close, which ones are no longer at the table, and whether the lobby changed.
No asyncio, no sockets, no manager: the room's runner does the I/O, in the order the
outcome implies (store first, then frames: write-ahead).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeAlias, TypeVar

import msgspec

from briscola.bots import Bot, BotChoice
from briscola.engine import Card, Rank, Resign, SwapSeven
from briscola.engine.chiamata import Bid, Call, Pass
from briscola.table.chat import Audience, ChatOut
from briscola.table.core import FinishedHand, Table, Thought
from briscola.table.dispatch import register
from briscola.table.events import Event, SeatRating, Signalled
from briscola.table.pace import PaceEntry, TurnBegan
from briscola.table.rated import RatedResult
from briscola.table.snapshots import TableSnapshot
from briscola.table.states import StateTexts
from briscola.wire.commands import (
    AccountJoin,
    AccountResume,
    AddBot,
    BidCmd,
    CallCmd,
    Chat,
    Command,
    Join,
    Leave,
    Move,
    PassCmd,
    Play,
    PlayAgain,
    Ready,
    RemoveBot,
    ResignCmd,
    Resume,
    SignalCmd,
    Swap,
    Sync,
    Watch,
    command_type,
)
from briscola.wire.errors import Code, Refusal
from briscola.wire.messages import (
    ChatHistoryMessage,
    ChatLine,
    ChatMessage,
    CloseCode,
    JoinedMessage,
    LeftMessage,
    RoomSummary,
    encode,
    encode_text,
    error_text,
)
from briscola.wire.ratings import Rating, rating_kind

#: A connection, as the session knows it: an opaque id given by whoever owns the sockets.
ConnId = int

#: How many chat lines a room keeps for those who join, resume or watch later.
CHAT_HISTORY = 50


C = TypeVar("C", bound=Command)
Handler: TypeAlias = Callable[["RoomSession", ConnId, C, float], None]

#: Each command type's handler (filled by :func:`handles` as :class:`RoomSession` is defined).
HANDLERS: dict[type[Command], Handler[Any]] = {}


def handles(kind: type[C]) -> Callable[[Handler[C]], Handler[C]]:
    """Make the decorated method the handler of ``kind``: mypy holds it to taking that
    command."""
    return register(HANDLERS, kind)


@dataclass
class Member:
    """Someone at the table: a seat's token holder, or a spectator (``token`` None)."""

    token: str | None
    name: str
    #: Which summary (its cache key) the member's last state carried: a state leaves it
    #: out while it is the same.
    summary_sent: tuple[int, str, int] | None = None


@dataclass
class Outcome:
    """What one input asks of the runner: write ``events``, ``snapshot`` and ``finished``
    to the store and wait until it has them; then send ``frames`` in order, close
    ``closes``, tell the owner of the connections that ``released`` are no longer here, and
    refresh the lobby if ``lobby_changed``; have ``thought`` worked out off the room loop
    and bring its answer back (:meth:`RoomSession.decided`)."""

    events: list[tuple[int, Event]] = field(default_factory=list)
    snapshot: TableSnapshot | None = None
    finished: list[FinishedHand] = field(default_factory=list)
    frames: list[tuple[ConnId, str]] = field(default_factory=list)
    closes: list[tuple[ConnId, CloseCode, str]] = field(default_factory=list)
    released: list[ConnId] = field(default_factory=list)
    #: The seat tokens given with this step's ``joined``, by connection: the owner of the
    #: connections attaches each one to the table again with it when the table moves.
    seated: list[tuple[ConnId, str]] = field(default_factory=list)
    lobby_changed: bool = False
    #: The codes of the refusals sent (for the metrics).
    refused: list[Code] = field(default_factory=list)
    #: A card was played or the 7 swapped (for the metrics).
    moved: bool = False
    thought: Thought | None = None
    #: A rated match that ended: the store is to settle its ratings, then say so
    #: (:meth:`RoomSession.settled`).
    rated: RatedResult | None = None
    #: A table at its own pace whose deadline or players changed: the store keeps it in
    #: its deadlines and the players' lists of games (after the write, before the frames).
    pace: PaceEntry | None = None
    #: A person's turn began there: they are told (a notice, once per turn).
    turn: TurnBegan | None = None

    @property
    def writes(self) -> bool:
        return bool(self.events or self.snapshot or self.finished)


class RoomSession:
    """The sans-I/O room: a :class:`Table` and the connections at it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.members: dict[ConnId, Member] = {}
        self._spectators: int | None = None
        self._out = Outcome()
        #: The seats revision a table at its own pace last reported its players at (a table
        #: made or restored is in the store as it is).
        self._paced_seats = table.seats_revision
        #: Members owed a full state at the end of this step (joined, or asked with sync).
        self._state_due: set[ConnId] = set()
        self._summary_cache: tuple[tuple[int, str, int], RoomSummary, msgspec.Raw] | None = None
        #: The last chat lines said here (in memory only: a restart or restore forgets them).
        self.chat_history: deque[ChatOut] = deque(maxlen=CHAT_HISTORY)

    @property
    def id(self) -> str:
        return self.table.id

    @property
    def spectators(self) -> int:
        """How many members watch, counted again only after the members changed."""
        if self._spectators is None:
            self._spectators = sum(1 for m in self.members.values() if m.token is None)
        return self._spectators

    def summary(self) -> RoomSummary:
        """The public summary, rebuilt only when seats, status or spectators change."""
        return self._summary()[1]

    def summary_json(self) -> bytes:
        """The public summary as JSON (the shared lobby keeps it so)."""
        return bytes(self._summary()[2])

    def _summary(self) -> tuple[tuple[int, str, int], RoomSummary, msgspec.Raw]:
        table = self.table
        key = (table.seats_revision, table.status, self.spectators)
        cached = self._summary_cache
        if cached is None or cached[0] != key:
            summary = table.summary(key[2])
            cached = self._summary_cache = (key, summary, msgspec.Raw(encode(summary)))
        return cached

    def next_deadline(self) -> float | None:
        return self.table.next_deadline()

    # ------------------------------------------------------------------ inputs

    def handle(self, conn: ConnId, command: Command, now: float) -> Outcome:
        """One command from a connection: applied, or refused to its sender alone."""
        member = self.members.get(conn)
        seat = self.table.seat_of(member.token) if member is not None else None
        if seat is not None:
            self.table.acted(seat, now)
        try:
            HANDLERS[type(command)](self, conn, command, now)
        except Refusal as refusal:
            self._refuse(conn, refusal, command_type(command))
        else:
            self._out.moved = isinstance(command, Play | Swap)
        if conn not in self.members:  # refused at the door, or left
            self._out.released.append(conn)
        return self._finish(now)

    def detach(self, conn: ConnId, now: float) -> Outcome:
        """The connection went away, or on to another table."""
        member = self._remove(conn)
        if member is not None:
            seat = self.table.seat_of(member.token)
            if seat is not None:
                self.table.disconnect(seat, now)
            self._out.lobby_changed = True
        return self._finish(now)

    def tick(self, now: float) -> Outcome:
        """What is due at ``now``: bot moves, expired clocks, ended grace, the next deal."""
        self.table.tick(now)
        return self._finish(now)

    def decided(self, thought: Thought, action: BotChoice, bot: Bot, now: float) -> Outcome:
        """A strong bot's answer to ``thought``: played now if due, else by a tick."""
        self.table.decided(thought, action, bot, now)
        return self._finish(now)

    def settled(self, match_id: str, seats: list[SeatRating], now: float) -> Outcome:
        """The store applied a rated match's ratings: each seat's rating and its move."""
        self.table.settle(match_id, seats)
        return self._finish(now)

    def rating_failed(self, now: float) -> Outcome:
        """The store could not settle the rated match: it is handed out again."""
        self.table.rating_failed()
        return self._finish(now)

    def checkpoint(self, now: float) -> Outcome:
        """A full snapshot for the store (the mirror lost writes and is catching up)."""
        self.table.snapshot_due = True
        self.table.pace_changed = True  # the store's deadlines may be lost with the rest
        return self._finish(now)

    def flush(self, now: float) -> Outcome:
        """What the table changed outside any command (a restore marks people gone)."""
        return self._finish(now)

    def fail(self, conn: ConnId, code: CloseCode, reason: str, now: float) -> Outcome:
        """Close one connection (a bug in its command): it leaves, the table plays on."""
        self._out.closes.append((conn, code, reason))
        outcome = self.detach(conn, now)
        outcome.released.append(conn)
        return outcome

    # ----------------------------------------------------------------- output

    def _finish(self, now: float) -> Outcome:
        """Close the step: what the table changed, then each member's state (everyone's if
        the table changed, else only those owed one), from one encoding of the table's."""
        out, self._out = self._out, Outcome()
        table = self.table
        if table.rules.paced:
            out.turn = table.mark_turn(now)
            if table.pace_changed or table.seats_revision != self._paced_seats:
                out.pace, table.pace_changed = table.pace_entry(), False
                self._paced_seats = table.seats_revision
        out.thought = table.thought()
        out.rated = table.rated_result()
        out.events, out.finished = table.drain()
        if table.snapshot_due:
            out.snapshot, table.snapshot_due = table.snapshot(), False
        due, self._state_due = self._state_due, set()
        heard = table.heard
        if heard:
            table.heard = set()
        if out.events:
            if heard and all(type(event) is Signalled for _, event in out.events):
                # Signals only: a state for those who saw one, nothing for the others.
                due |= {c for c, m in self.members.items() if table.seat_of(m.token) in heard}
            else:
                out.lobby_changed = True
                due = set(self.members)
        if due:
            key, _, summary = self._summary()
            texts = StateTexts(table, summary, table.clock(now))
            frames = out.frames
            seats = table.token_seats()
            for conn, member in self.members.items():
                if conn in due:
                    fresh = member.summary_sent != key
                    member.summary_sent = key
                    frames.append((conn, texts.text(seats.get(member.token), fresh)))
        return out

    def _send(self, conn: ConnId, message: Any) -> None:
        self._out.frames.append((conn, encode_text(message)))

    def _refuse(self, conn: ConnId, refusal: Refusal, ref: str | None) -> None:
        self._out.refused.append(refusal.code)
        text = error_text(refusal.code, refusal.message, ref, self.table.shown_version)
        self._out.frames.append((conn, text))

    def _seat(self, conn: ConnId) -> int:
        member = self.members.get(conn)
        if member is None:
            raise Refusal(Code.NOT_AT_TABLE, "you are not at this table")
        seat = self.table.seat_of(member.token)
        if seat is None:
            raise Refusal(Code.NOT_SEATED, "spectators cannot do that")
        return seat

    def _seat_in(self, conn: ConnId, chiamata: bool, move: str) -> int:
        """The sender's seat, for a move of one game only: Briscola Chiamata's (``chiamata``)
        or the trick-and-draw games'."""
        seat = self._seat(conn)
        if self.table.rules.chiamata != chiamata:
            game = "Briscola Chiamata" if self.table.rules.chiamata else "this game"
            raise Refusal(Code.NOT_THIS_GAME, f"{game} has no {move}")
        return seat

    def _admit(self, conn: ConnId, member: Member, seat: int | None) -> None:
        member.summary_sent = None  # a joiner's state is whole
        self.members[conn] = member
        self._spectators = None
        joined = JoinedMessage(self.id, seat, member.token, self.table.shown_version)
        self._send(conn, joined)
        if member.token is not None:
            self._out.seated.append((conn, member.token))
        self._send_history(conn, member)
        self._state_due.add(conn)
        self._out.lobby_changed = True

    def _send_history(self, conn: ConnId, member: Member) -> None:
        """The recent chat this member may see, in one ``chat_history`` (none if empty):
        spectators see every line; seated players the table chat and the spectators' lines
        that were said to everyone (while no hand was on)."""
        spectator = member.token is None
        lines = [
            ChatLine(line.channel, line.name, line.seat, line.text)
            for line in self.chat_history
            if spectator or line.audience is Audience.ALL
        ]
        if lines:
            self._send(conn, ChatHistoryMessage(self.table.shown_version, lines))

    def _remove(self, conn: ConnId) -> Member | None:
        """The member at ``conn`` is no longer at the table (the one way out, as
        :meth:`_admit` is the one way in: both keep the spectators' count right)."""
        self._spectators = None
        return self.members.pop(conn, None)

    def _require_unseated(self, conn: ConnId) -> None:
        member = self.members.get(conn)
        if member is not None and member.token is not None:
            raise Refusal(Code.ALREADY_SEATED, "you already have a seat at this table")

    # ---------------------------------------------------------------- handlers

    @handles(Join)
    def _join(self, conn: ConnId, cmd: Join, now: float) -> None:
        self._require_unseated(conn)
        seat, token = self.table.sit(cmd.name, cmd.seat, cmd.side, now)
        self._admit(conn, Member(token, cmd.name), seat)

    @handles(AccountJoin)
    def _account_join(self, conn: ConnId, cmd: AccountJoin, now: float) -> None:
        """A signed-in person sits under their account; if it holds a seat here already
        (opened in another browser), they take that seat back."""
        held = self.table.seat_of_account(cmd.account)
        token = self.table.seats[held].token if held is not None else None
        if token is not None:
            self._resume(conn, Resume(cmd.room, token), now)
            return
        self._require_unseated(conn)
        rating = cmd.ratings.get(rating_kind(self.table.rules), Rating())
        seat, token = self.table.sit(cmd.name, cmd.seat, cmd.side, now, (cmd.account, rating))
        self._admit(conn, Member(token, cmd.name), seat)

    @handles(AccountResume)
    def _account_resume(self, conn: ConnId, cmd: AccountResume, now: float) -> None:
        """A seat taken back by a signed-in person: a guest's seat becomes their account's."""
        self._resume(conn, cmd, now)
        seat = self.table.seat_of(cmd.token)
        if seat is not None:
            rating = cmd.ratings.get(rating_kind(self.table.rules), Rating())
            self.table.claim(seat, cmd.account, cmd.name, rating)
            self.members[conn].name = self.table.seats[seat].name or cmd.name

    @handles(Resume)
    def _resume(self, conn: ConnId, cmd: Resume, now: float) -> None:
        member = self.members.get(conn)
        if member is not None and member.token == cmd.token:  # again: answered again
            self._admit(conn, member, self.table.seat_of(cmd.token))
            return
        self._require_unseated(conn)
        seat = self.table.resume(cmd.token, now)
        for other, member in list(self.members.items()):
            if member.token == cmd.token and other != conn:
                self._remove(other)
                self._out.closes.append(
                    (other, CloseCode.REPLACED, "your seat was opened elsewhere")
                )
                self._out.released.append(other)
        name = self.table.seats[seat].name or f"Seat {seat + 1}"
        self._admit(conn, Member(cmd.token, name), seat)

    @handles(Watch)
    def _watch(self, conn: ConnId, cmd: Watch, now: float) -> None:
        self._require_unseated(conn)
        self._admit(conn, Member(None, cmd.name or "Spectator"), None)

    @handles(Leave)
    def _leave(self, conn: ConnId, cmd: Leave, now: float) -> None:
        member = self._remove(conn)
        if member is None:
            raise Refusal(Code.NOT_AT_TABLE, "you are not at this table")
        seat = self.table.seat_of(member.token)
        if seat is not None:
            self.table.leave(seat, now)
        self._send(conn, LeftMessage(self.id, self.table.shown_version))
        self._out.lobby_changed = True

    @handles(Ready)
    def _ready(self, conn: ConnId, cmd: Ready, now: float) -> None:
        self.table.set_ready(self._seat(conn), cmd.ready, now)

    @handles(AddBot)
    def _add_bot(self, conn: ConnId, cmd: AddBot, now: float) -> None:
        self.table.add_bot(self._seat(conn), cmd.seat, now, cmd.level)

    @handles(RemoveBot)
    def _remove_bot(self, conn: ConnId, cmd: RemoveBot, now: float) -> None:
        self.table.remove_bot(self._seat(conn), cmd.seat, now)

    @handles(Move)
    def _move(self, conn: ConnId, cmd: Move, now: float) -> None:
        self.table.move(self._seat(conn), cmd.seat, cmd.to, now)

    @handles(Play)
    def _play(self, conn: ConnId, cmd: Play, now: float) -> None:
        self.table.play(self._seat(conn), cmd.card, now)

    @handles(Swap)
    def _swap(self, conn: ConnId, cmd: Swap, now: float) -> None:
        seat = self._seat_in(conn, chiamata=False, move="a swap of the 7")
        self.table.act(seat, SwapSeven(seat), now)

    @handles(SignalCmd)
    def _signal(self, conn: ConnId, cmd: SignalCmd, now: float) -> None:
        self.table.signal(self._seat_in(conn, chiamata=False, move="signals"), cmd.signal, now)

    @handles(BidCmd)
    def _bid(self, conn: ConnId, cmd: BidCmd, now: float) -> None:
        seat = self._seat_in(conn, chiamata=True, move="bids")
        try:
            rank = None if cmd.rank is None else Rank.from_code(cmd.rank)
        except ValueError:
            raise Refusal(Code.BAD_BID, f"{cmd.rank!r} is not a rank") from None
        self.table.act(seat, Bid(seat, rank, cmd.target), now)

    @handles(PassCmd)
    def _pass(self, conn: ConnId, cmd: PassCmd, now: float) -> None:
        seat = self._seat_in(conn, chiamata=True, move="passing")
        self.table.act(seat, Pass(seat), now)

    @handles(CallCmd)
    def _call(self, conn: ConnId, cmd: CallCmd, now: float) -> None:
        seat = self._seat_in(conn, chiamata=True, move="a call")
        try:
            card = Card.from_code(cmd.card)
        except ValueError:
            raise Refusal(Code.CALL_NOT_ALLOWED, f"{cmd.card!r} is not a card") from None
        self.table.act(seat, Call(seat, card), now)

    @handles(ResignCmd)
    def _resign(self, conn: ConnId, cmd: ResignCmd, now: float) -> None:
        seat = self._seat(conn)
        self.table.act(seat, Resign(seat), now)

    @handles(PlayAgain)
    def _play_again(self, conn: ConnId, cmd: PlayAgain, now: float) -> None:
        self.table.play_again(self._seat(conn), now)

    @handles(Chat)
    def _chat(self, conn: ConnId, cmd: Chat, now: float) -> None:
        member = self.members.get(conn)
        if member is None:
            raise Refusal(Code.NOT_AT_TABLE, "you are not at this table")
        out = self.table.chat(self.table.seat_of(member.token), member.name, cmd.text)
        self.chat_history.append(out)
        data = encode_text(
            ChatMessage(self.table.shown_version, out.channel, out.name, out.seat, out.text)
        )
        for other, m in self.members.items():
            if out.audience is Audience.ALL or m.token is None:
                self._out.frames.append((other, data))

    @handles(Sync)
    def _sync(self, conn: ConnId, cmd: Sync, now: float) -> None:
        member = self.members.get(conn)
        if member is None:
            raise Refusal(Code.NOT_AT_TABLE, "you are not at this table")
        member.summary_sent = None  # all of it, summary included
        self._state_due.add(conn)
