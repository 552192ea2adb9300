"""One table's rules of the house, sans I/O: seating, readiness, the match, clocks, bots,
chat rules. Commands come in with the time; events, replies and hand records come out.

Like the websockets protocol core, a :class:`Table` does no I/O and is run by exactly one
owner (its room task), one call at a time. Every change goes through :meth:`Table._emit`,
which applies a typed event and queues it for the mirror; a restarted server rebuilds the
table by applying the same events (:meth:`Table.restore`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import msgspec

from briscola.bots import Bot, BotChoice, Level, make_bot
from briscola.engine import (
    Card,
    HandView,
    MatchState,
    MatchView,
    PlayCard,
    Resign,
    RuleError,
    SwapSeven,
    apply_action,
    deal,
    hand_record,
    match_template,
    match_view,
    new_match,
    seed_from_hex,
    side_of,
    view,
)
from briscola.engine import (
    ErrorCode as RuleCode,
)
from briscola.table.events import (
    AnyEvent,
    AwaySet,
    BotAdded,
    Claimed,
    Dealt,
    Event,
    Expiries,
    MatchReset,
    MatchStarted,
    Moved,
    Played,
    Presence,
    RatingsSettled,
    ReadySet,
    Resigned,
    Seated,
    SeatFreed,
    SeatKind,
    SeatRating,
    StandIn,
    Swapped,
)
from briscola.table.rated import RatedResult, RatedSeat, side_ranks
from briscola.table.snapshots import HandSnapshot, SeatSnapshot, TableSnapshot
from briscola.wire.errors import Code, Refusal
from briscola.wire.messages import Clock, RecordRef, RoomSummary, SeatInfo, StateMessage, You
from briscola.wire.ratings import Rating
from briscola.wire.table_rules import TableRules

Entropy = Callable[[int], bytes]

#: A connected person whose move clock runs out this many turns in a row is marked away.
AWAY_AFTER = 2


class Status(StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    BETWEEN_HANDS = "between_hands"
    OVER = "over"


class Audience(StrEnum):
    ALL = "all"
    SPECTATORS = "spectators"


@dataclass
class Seat:
    """A seat and whoever holds it. ``gone_since`` is local time, never mirrored;
    ``expiries`` counts the move clocks that ran out in a row (mirrored)."""

    index: int
    kind: SeatKind | None = None
    name: str | None = None
    token: str | None = None
    ready: bool = False
    connected: bool = False
    away: bool = False
    standin: bool = False
    expiries: int = 0
    gone_since: float | None = None
    #: A bot seat's level (docs/BOTS.md).
    level: Level | None = None
    #: A person's account (None: a guest), their rating at this table's player count, and
    #: how far the last rated match here moved it.
    account: str | None = None
    rating: Rating | None = None
    rating_change: float | None = None

    @property
    def free(self) -> bool:
        return self.kind is None

    @property
    def human(self) -> bool:
        return self.kind is SeatKind.HUMAN

    @property
    def bot_moves(self) -> bool:
        """Whether the server moves for this seat without waiting on its clock."""
        return self.kind is SeatKind.BOT or self.away or self.standin


@dataclass(frozen=True)
class ChatOut:
    """A chat line the table accepted, and who may receive it."""

    channel: str
    name: str
    seat: int | None
    text: str
    audience: Audience


@dataclass(frozen=True)
class FinishedHand:
    """A finished hand's record, to be kept by the store and served by id."""

    hand_id: str
    record: dict[str, Any]


@dataclass(frozen=True)
class Thought:
    """A strong bot's move, to be worked out off the room loop: ``bot.choose(view)``,
    asked at the table's ``version``. Its answer counts only while the table is still there
    (:meth:`Table.decided`)."""

    seat: int
    version: int
    bot: Bot
    view: HandView


@dataclass
class _HandLog:
    """A deal and the actions since it: the hand's own, then a resignation between hands."""

    hand_id: str
    seed: str
    actions: list[Played | Swapped | Resigned] = field(default_factory=list)


class Table:
    """The table's state and its rules of the house. Owned by one room task."""

    def __init__(
        self,
        room_id: str,
        rules: TableRules,
        *,
        entropy: Entropy,
        now: float,
        bot_delay: float = 0.8,
        pause: float = 15.0,
        stand_in: Level = Level.STRONG,
    ) -> None:
        self.id = room_id
        self.rules = rules
        self.entropy = entropy
        self.bot_delay = bot_delay
        self.pause = pause
        #: The level of the bot that moves for a person (away, gone, or out of time): at a
        #: rated table the weakest, so that nobody gains a rating by letting it play.
        self.stand_in = Level.EASY if rules.rated else stand_in
        self.seats = [Seat(index) for index in range(rules.players)]
        self.host: int | None = None
        self.version = 0
        #: Bumped by every event but a card played or a swap: what the summary shows of the
        #: seats can only change then (the status is checked beside it).
        self.seats_revision = 0
        #: Which seat each token holds, as of a seats revision (:meth:`seat_of`).
        self._seat_index: tuple[int, dict[str, int]] = (-1, {})
        self.match: MatchState | None = None
        self.match_id: str | None = None
        self.match_seed: str | None = None
        self.hands: list[_HandLog] = []
        self.records: list[RecordRef] = []
        self.outbox: list[tuple[int, Event]] = []
        self.finished: list[FinishedHand] = []
        self.snapshot_due = True
        #: The rated match whose ratings the store has applied, and whether the result of
        #: the one still to settle is with the store now.
        self.settled: str | None = None
        self._rating_asked = False
        self._now = now
        self._turn_since = now
        #: This hand's bots, by seat, with their level: a bot's memory lasts one hand, and
        #: lives only here (never mirrored: a bot made again after a restart plays on from
        #: what its view shows).
        self._bots: dict[int, tuple[Level, Bot]] = {}
        #: A person's seat whose clock ran out: the server owes it this one move.
        self._owed: int | None = None
        #: The version a :class:`Thought` was last handed out at, and the strong bot's
        #: decision with the version it was worked out for.
        self._asked: int | None = None
        self._decision: tuple[int, BotChoice] | None = None

    # ----------------------------------------------------------------- queries

    @property
    def status(self) -> Status:
        match = self.match
        if match is None:
            return Status.WAITING
        if match.over:
            return Status.OVER
        if match.hand is None or match.hand.over:
            return Status.BETWEEN_HANDS
        return Status.PLAYING

    @property
    def adjourned(self) -> bool:
        """A match is on and no person is connected (bots do not count): nothing is dealt,
        no clock runs and no bot plays until a person comes back."""
        match = self.match
        if match is None or match.over:
            return False
        for s in self.seats:  # noqa: SIM110 (a loop, not any(): asked several times a move)
            if s.connected and s.kind is SeatKind.HUMAN:
                return False
        return True

    @property
    def hand_on(self) -> bool:
        """A hand is being played: the no-signals rule is in force."""
        return self.status is Status.PLAYING

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds, if any (looked up several times a move: the tokens'
        seats are listed again only when the seats have changed)."""
        if token is None:
            return None
        revision, seats = self._seat_index
        if revision != self.seats_revision:
            seats = {s.token: s.index for s in self.seats if s.token is not None}
            self._seat_index = (self.seats_revision, seats)
        return seats.get(token)

    def summary(self, spectators: int) -> RoomSummary:
        n = self.rules.players
        return RoomSummary(
            id=self.id,
            name=self.rules.name or f"Table {self.id[:6]}",
            rules=self.rules,
            status="adjourned" if self.adjourned else self.status.value,
            seats=[
                SeatInfo(
                    seat=s.index,
                    side=side_of(s.index, n),
                    name=s.name,
                    kind=s.kind.value if s.kind is not None else None,
                    ready=s.ready,
                    connected=s.connected or s.kind is SeatKind.BOT,
                    away=s.away,
                    bot_playing=s.human and (s.away or s.standin),
                    host=self.host == s.index,
                    level=_shown_level(s, self.stand_in),
                    account=s.account,
                    rating=s.rating if self.rules.rated else None,
                    rating_change=s.rating_change if self.rules.rated else None,
                )
                for s in self.seats
            ],
            free_seats=sum(1 for s in self.seats if s.free),
            spectators=spectators,
        )

    def state_message(
        self, seat: int | None, summary: msgspec.Raw | None, clock: Clock | None
    ) -> StateMessage:
        """The full state for one seat (or a spectator): built on the engine's projection.
        ``summary`` is the room's public summary, encoded once for every recipient (None
        for those who have it already)."""
        match = match_view(self.match, seat) if self.match is not None else None
        return self._state(self.you(seat), match, summary, clock)

    def state_template(
        self, summary: msgspec.Raw | None, clock: Clock | None, hole: Any
    ) -> StateMessage:
        """The state with ``hole`` in ``you`` and in each field of the hand's view that is
        one seat's own (:func:`briscola.engine.view.template`): for an encoder that puts
        each recipient's values in (:mod:`briscola.table.states`). A hand must be on."""
        assert self.match is not None
        return self._state(hole, match_template(self.match, hole), summary, clock)

    def you(self, seat: int | None) -> You:
        """Who a recipient is at the table: its seat (None: a spectator), and host or not."""
        return You(seat, seat is not None and seat == self.host)

    def _state(
        self, you: You, match: MatchView | None, summary: msgspec.Raw | None, clock: Clock | None
    ) -> StateMessage:
        return StateMessage(
            version=self.version,
            room=summary,
            you=you,
            match=match,
            hand_id=self.hands[-1].hand_id if self.hands else None,
            clock=clock,
            records=self.records,
        )

    def clock(self, now: float) -> Clock | None:
        turn = self._turn()
        if turn is None or self.seats[turn].bot_moves or self.adjourned:
            return None
        remaining = self._turn_since + self.rules.clock - now
        return Clock(turn, max(0, int(remaining * 1000)))

    def _turn(self) -> int | None:
        match = self.match
        if match is None or match.hand is None or match.over:
            return None
        return match.hand.turn

    # ---------------------------------------------------------------- commands

    def sit(
        self,
        name: str,
        seat: int | None,
        side: int | None,
        now: float,
        account: tuple[str, Rating] | None = None,
    ) -> tuple[int, str]:
        """Seat a new person: at ``seat``, in partnership ``side``, or anywhere free; an
        account holder with their account and rating (a rated table seats only them)."""
        self._now = now
        if self.rules.rated and account is None:
            raise Refusal(Code.ACCOUNT_REQUIRED, "a rated table seats only signed-in players")
        self._require_waiting()
        index = self._choose_seat(seat, side)
        token = self.entropy(18).hex()
        held, rating = account if account is not None else (None, None)
        self._emit(Seated(index, name, token, held, rating))
        return index, token

    def claim(self, seat: int, account: str, name: str, rating: Rating) -> None:
        """A guest's seat becomes an account's, its holder having signed in (a seat that
        is an account's already stays that one's: the token opened it)."""
        if self.seats[seat].account is None and self.seat_of_account(account) is None:
            self._emit(Claimed(seat, account, name, rating))

    def seat_of_account(self, account: str) -> int | None:
        """The seat an account holds here, if any."""
        return next((s.index for s in self.seats if s.account == account), None)

    def _choose_seat(self, seat: int | None, side: int | None) -> int:
        n = self.rules.players
        if seat is not None:
            if seat >= n:
                raise Refusal(Code.INVALID_SEAT, f"this table has seats 0 to {n - 1}")
            if not self.seats[seat].free:
                raise Refusal(Code.SEAT_TAKEN, f"seat {seat} is taken")
            return seat
        if side is not None and n != 4:
            raise Refusal(Code.BAD_MESSAGE, "partnerships exist only at four-player tables")
        for s in self.seats:
            if s.free and (side is None or s.index % 2 == side):
                return s.index
        where = "in that partnership" if side is not None else "at this table"
        raise Refusal(Code.ROOM_FULL, f"no free seat {where}")

    def resume(self, token: str, now: float) -> int:
        """A person takes back their seat with its token."""
        self._now = now
        seat = self.seat_of(token)
        if seat is None:
            raise Refusal(Code.BAD_TOKEN, "that token opens no seat at this table")
        self.connect(seat, now)
        self.acted(seat, now)
        return seat

    def connect(self, seat: int, now: float) -> None:
        self._now = now
        s = self.seats[seat]
        s.gone_since = None
        if not s.connected:
            self._emit(Presence(seat, True))
        if s.standin:
            self._emit(StandIn(seat, False))

    def disconnect(self, seat: int, now: float) -> None:
        self._now = now
        s = self.seats[seat]
        if s.connected:
            s.gone_since = now
            self._emit(Presence(seat, False))

    def leave(self, seat: int, now: float) -> None:
        """Before the match the seat is freed; after, the person is only gone."""
        self._now = now
        if self.match is None:
            self._emit(SeatFreed(seat))
        else:
            self.disconnect(seat, now)

    def set_ready(self, seat: int, ready: bool, now: float) -> None:
        self._now = now
        if self.status in (Status.PLAYING, Status.OVER):
            raise Refusal(Code.MATCH_STARTED, "ready is for before the match and between hands")
        if self.seats[seat].ready != ready:
            self._emit(ReadySet(seat, ready))
        self._maybe_start()

    def add_bot(self, by: int, seat: int, now: float, level: Level = Level.STRONG) -> None:
        self._now = now
        self._require_host(by)
        if self.rules.rated:
            raise Refusal(Code.RATED_TABLE, "bots do not sit at rated tables")
        self._require_waiting()
        if seat >= self.rules.players:
            raise Refusal(Code.INVALID_SEAT, f"this table has seats 0 to {self.rules.players - 1}")
        if not self.seats[seat].free:
            raise Refusal(Code.SEAT_TAKEN, f"seat {seat} is taken")
        self._emit(BotAdded(seat, level.value))
        self._maybe_start()

    def remove_bot(self, by: int, seat: int, now: float) -> None:
        self._now = now
        self._require_host(by)
        self._require_waiting()
        if seat >= self.rules.players or self.seats[seat].kind is not SeatKind.BOT:
            raise Refusal(Code.INVALID_SEAT, f"there is no bot in seat {seat}")
        self._emit(SeatFreed(seat))

    def move(self, by: int, seat: int, to: int, now: float) -> None:
        self._now = now
        self._require_host(by)
        self._require_waiting()
        n = self.rules.players
        if seat >= n or to >= n or self.seats[seat].free:
            raise Refusal(Code.INVALID_SEAT, "move names an occupied seat and a seat of this table")
        if seat != to:
            self._emit(Moved(seat, to))

    def act(self, seat: int, action: PlayCard | SwapSeven | Resign, now: float) -> None:
        """A seat plays, swaps or resigns, through the engine's rules."""
        self._now = now
        try:
            self._emit(_action_event(action))
        except RuleError as exc:
            raise Refusal(Code(exc.code.value), exc.message) from None
        if type(action) is not Resign and self.seats[seat].expiries:
            self._emit(Expiries(seat, 0))  # the person moved: no longer a run of expiries

    def play(self, seat: int, code: str, now: float) -> None:
        try:
            card = Card.from_code(code)
        except ValueError:
            raise Refusal(Code.CARD_NOT_IN_HAND, f"{code!r} is not a card") from None
        self.act(seat, PlayCard(seat, card), now)

    def chat(self, seat: int | None, name: str, text: str) -> ChatOut:
        """Table chat for the seated (no signals during a hand), or spectator chat."""
        if seat is not None:
            if self.hand_on:
                raise Refusal(
                    Code.SIGNALS_FORBIDDEN,
                    "no signals: table chat is closed while a hand is being played",
                )
            return ChatOut("table", name, seat, text, Audience.ALL)
        audience = Audience.SPECTATORS if self.hand_on else Audience.ALL
        return ChatOut("spectators", name, None, text, audience)

    def rated_result(self) -> RatedResult | None:
        """A finished rated match for the store to settle, handed out once (again after
        :meth:`rating_failed`, and after a restart: the store applies it only once), until
        :meth:`settle` records that it was."""
        match = self.match
        if not self.rules.rated or match is None or not match.over or self.match_id is None:
            return None
        if self.settled == self.match_id or self._rating_asked:
            return None
        self._rating_asked = True
        n = self.rules.players
        return RatedResult(
            match_id=self.match_id,
            players=n,
            seats=[
                RatedSeat(s.index, s.account, s.name or "", side_of(s.index, n))
                for s in self.seats
                if s.account is not None
            ],
            ranks=side_ranks(match),
            hands=[hand.hand_id for hand in self.hands],
            room=None if self.rules.private else self.id,
        )

    def settle(self, match_id: str, seats: list[SeatRating]) -> None:
        """The store applied the rated match's ratings: each seat's new rating and move."""
        if self.settled != match_id:  # (even after play_again: the seats' ratings are news)
            self._emit(RatingsSettled(match_id, seats))

    def rating_failed(self) -> None:
        """The store could not settle the match now: hand the result out again."""
        self._rating_asked = False

    def play_again(self, seat: int, now: float) -> None:
        self._now = now
        if self.status is not Status.OVER:
            raise Refusal(Code.MATCH_NOT_OVER, "the match is not over")
        self._emit(MatchReset())

    # ------------------------------------------------------------------ time

    def next_deadline(self) -> float | None:
        """When :meth:`tick` next has something to do, or ``None`` (always while adjourned:
        a person coming back changes the table, which asks again)."""
        if self.adjourned:
            return None
        deadlines = []
        status = self.status
        turn = self._turn()
        if status is Status.PLAYING and turn is not None:
            if not self._server_moves(turn):
                deadlines.append(self._turn_since + self.rules.clock)
            elif not self._thinking(turn):  # else the strong bot's answer comes first
                deadlines.append(self._move_due(turn))
        elif status is Status.BETWEEN_HANDS:
            deadlines.append(self._turn_since + self.pause)
        for s in self.seats:
            if s.human and s.gone_since is not None and not s.standin:
                deadlines.append(s.gone_since + self.rules.grace)
        return min(deadlines) if deadlines else None

    def tick(self, now: float) -> None:
        """Do what is due at ``now``: bot moves, expired clocks, ended grace, the next deal.
        Nothing while the table is adjourned."""
        self._now = now
        if self.adjourned:
            return
        for s in self.seats:
            expired = s.gone_since is not None and now >= s.gone_since + self.rules.grace
            if s.human and expired and not s.standin:
                if self.match is None:
                    self._emit(SeatFreed(s.index))
                elif self.rules.rated and not self.match.over:
                    self._emit(Resigned(s.index))  # gone past the grace: the side forfeits
                    return
                else:
                    self._emit(StandIn(s.index, True))
        status = self.status
        if status is Status.BETWEEN_HANDS and now >= self._turn_since + self.pause:
            self._deal()
            return
        turn = self._turn()
        if status is not Status.PLAYING or turn is None:
            return
        seat = self.seats[turn]
        if not self._server_moves(turn) and now >= self._turn_since + self.rules.clock:
            # The server plays this one move; only a person who is gone, or whose clock ran
            # out AWAY_AFTER turns in a row, is marked away (the bot then plays at once).
            count = seat.expiries + 1
            self._emit(Expiries(turn, count))
            if count >= AWAY_AFTER or not seat.connected:
                self._emit(AwaySet(turn, True))
            else:
                self._owed = turn
        if self._server_moves(turn) and now >= self._move_due(turn):
            self._server_move(turn)

    # ------------------------------------------------------------------ bots

    def _server_moves(self, seat: int) -> bool:
        """Whether the server moves for this seat now (a bot, one standing in for a person,
        or the one move of a person whose clock ran out)."""
        return self.seats[seat].bot_moves or self._owed == seat

    def _move_due(self, seat: int) -> float:
        """When the server's move for the seat is due: a bot takes ``bot_delay`` over it; an
        expired clock's move is due at once."""
        return self._turn_since if self._owed == seat else self._turn_since + self.bot_delay

    def _bot(self, seat: int) -> tuple[Level, Bot]:
        """The seat's bot for this hand: its own level, or strong for a person's side."""
        s = self.seats[seat]
        level = (s.level or Level.NORMAL) if s.kind is SeatKind.BOT else self.stand_in
        held = self._bots.get(seat)
        if held is None or held[0] is not level:
            held = self._bots[seat] = (level, make_bot(level, seat))
        return held

    def _thinking(self, seat: int) -> bool:
        """A strong bot's move for the seat is being worked out (none decided yet)."""
        decided = self._decision is not None and self._decision[0] == self.version
        return self._bot(seat)[0] is Level.STRONG and not decided

    def _server_move(self, seat: int) -> None:
        """The server's move for the seat: worked out here by an easy or normal bot; a strong
        one's decision, once it has come (:meth:`decided`)."""
        assert self.match is not None and self.match.hand is not None
        level, bot = self._bot(seat)
        if level is not Level.STRONG:
            self._emit(_action_event(bot.choose(view(self.match.hand, seat))))
        elif self._decision is not None and self._decision[0] == self.version:
            self._emit(_action_event(self._decision[1]))

    def thought(self) -> Thought | None:
        """A strong bot's move to work out off the room loop, once per version: asked as
        soon as its turn comes, so that the bot's delay overlaps the thinking."""
        turn = self._turn()  # the cheap checks first: this runs after every input
        if turn is None or not self._server_moves(turn) or self._asked == self.version:
            return None
        if self.status is not Status.PLAYING or self.adjourned or not self._thinking(turn):
            return None
        assert self.match is not None and self.match.hand is not None
        self._asked = self.version
        return Thought(turn, self.version, self._bot(turn)[1], view(self.match.hand, turn))

    def decided(self, thought: Thought, action: BotChoice, bot: Bot, now: float) -> None:
        """The answer to a :class:`Thought`: kept (with the bot, which now remembers that
        view) if nothing has happened at the table since it was asked, else dropped; played
        at once if its move is due (else by the tick when the bot's delay is up)."""
        self._now = now
        if thought.version != self.version:
            return
        self._bots[thought.seat] = (Level.STRONG, bot)
        self._decision = (thought.version, action)
        if now >= self._move_due(thought.seat) and not self.adjourned:
            self._server_move(thought.seat)

    # --------------------------------------------------------------- helpers

    def _require_waiting(self) -> None:
        if self.match is not None:
            raise Refusal(Code.MATCH_STARTED, "seats are fixed once the match has started")

    def _require_host(self, seat: int) -> None:
        if seat != self.host:
            raise Refusal(Code.NOT_HOST, "only the table's host may do that")

    def acted(self, seat: int, now: float) -> None:
        """A person who sends anything takes their seat back from the bot."""
        self._now = now
        if self.seats[seat].away:
            self._emit(AwaySet(seat, False))

    def _maybe_start(self) -> None:
        people = [s for s in self.seats if s.human]
        if any(s.free for s in self.seats) or not all(s.ready for s in people):
            return
        if self.match is None:
            if not people:
                return
            self._emit(MatchStarted(self.entropy(8).hex(), self.entropy(32).hex()))
            self._deal()
        elif self.status is Status.BETWEEN_HANDS:
            self._deal()

    def _deal(self) -> None:
        self._emit(Dealt(self.entropy(8).hex(), self.entropy(32).hex()))

    def _emit(self, event: Event) -> None:
        self._apply(event)
        self.outbox.append((self.version, event))

    def drain(self) -> tuple[list[tuple[int, Event]], list[FinishedHand]]:
        """The events and finished hands since the last drain, for the mirror."""
        events, finished = self.outbox, self.finished
        self.outbox, self.finished = [], []
        return events, finished

    # ---------------------------------------------------------------- events

    def _apply(self, event: Event) -> None:
        _APPLY[type(event)](self, event)
        self.version += 1
        if type(event) not in _MOVES:
            self.seats_revision += 1

    def _seated(self, e: Seated) -> None:
        s = self.seats[e.seat]
        s.kind, s.name, s.token = SeatKind.HUMAN, e.name, e.token
        s.account, s.rating, s.rating_change = e.account, e.rating, None
        s.ready = s.away = s.standin = False
        s.expiries = 0
        s.connected, s.gone_since = True, None
        if self.host is None:
            self.host = e.seat

    def _freed(self, e: SeatFreed) -> None:
        self.seats[e.seat] = Seat(e.seat)
        if self.host == e.seat:
            self.host = next((s.index for s in self.seats if s.human), None)

    def _bot_added(self, e: BotAdded) -> None:
        s = self.seats[e.seat]
        s.kind, s.name, s.ready, s.connected = SeatKind.BOT, f"Bot {e.seat + 1}", True, True
        s.level = Level(e.level)

    def _moved(self, e: Moved) -> None:
        a, b = self.seats[e.seat], self.seats[e.to]
        a.index, b.index = e.to, e.seat
        self.seats[e.seat], self.seats[e.to] = b, a
        if self.host in (e.seat, e.to):
            self.host = e.to if self.host == e.seat else e.seat

    def _ready(self, e: ReadySet) -> None:
        self.seats[e.seat].ready = e.ready

    def _presence(self, e: Presence) -> None:
        adjourned = self.adjourned
        s = self.seats[e.seat]
        s.connected = e.connected
        s.gone_since = None if e.connected else self._now
        if adjourned and not self.adjourned:  # resumed: the turn's clock or pause afresh
            self._turn_since = self._now

    def _away(self, e: AwaySet) -> None:
        self.seats[e.seat].away = e.away

    def _expiries(self, e: Expiries) -> None:
        self.seats[e.seat].expiries = e.count

    def _standin(self, e: StandIn) -> None:
        self.seats[e.seat].standin = e.on

    def _match_started(self, e: MatchStarted) -> None:
        self.match_id, self.match_seed = e.match_id, e.match_seed
        self._rating_asked = False
        self.match = new_match(self.rules.match_rules, seed_from_hex(e.match_seed))
        self.hands, self.records = [], []

    def _dealt(self, e: Dealt) -> None:
        assert self.match is not None
        self.match = deal(self.match, seed_from_hex(e.seed))
        self.hands.append(_HandLog(e.hand_id, e.seed))
        for s in self.seats:
            if s.human:
                s.ready = False
        self._turn_since = self._now
        self._bots, self._owed = {}, None
        self.snapshot_due = True

    def _action(self, e: Played | Swapped | Resigned) -> None:
        before = self.match
        if before is None:
            raise RuleError(RuleCode.NO_HAND, "the match has not started")
        self.match = apply_action(before, _engine_action(e))
        self.hands[-1].actions.append(e)
        self._turn_since = self._now
        self._owed = None
        hand = self.match.hand
        assert hand is not None
        if hand.over and not before.between_hands:
            log = self.hands[-1]
            record = hand_record(hand)
            record.update(hand_id=log.hand_id, match_id=self.match_id)
            record["names"] = [s.name or f"Seat {s.index + 1}" for s in self.seats]
            if not self.rules.private:  # a private table's id is its secret
                record["room"] = self.id
            self.records.append(RecordRef(log.hand_id, record["result"], record["points"]))
            self.finished.append(FinishedHand(log.hand_id, record))

    def _claimed(self, e: Claimed) -> None:
        s = self.seats[e.seat]
        s.account, s.name, s.rating = e.account, e.name, e.rating

    def _settled(self, e: RatingsSettled) -> None:
        self.settled = e.match_id
        for seat in e.seats:
            s = self.seats[seat.seat]
            s.rating, s.rating_change = seat.rating, seat.change

    def _reset(self, e: MatchReset) -> None:
        self.match = None
        self.match_id = self.match_seed = None
        self.hands, self.records = [], []
        for s in self.seats:
            s.ready = s.kind is SeatKind.BOT
            s.away = False
            s.expiries = 0
        self.snapshot_due = True

    # -------------------------------------------------------------- snapshot

    def snapshot(self) -> TableSnapshot:
        return TableSnapshot(
            id=self.id,
            rules=self.rules,
            version=self.version,
            host=self.host,
            seats=[
                SeatSnapshot(
                    s.kind,
                    s.name,
                    s.token,
                    s.ready,
                    s.connected,
                    s.away,
                    s.standin,
                    s.expiries,
                    s.level.value if s.level is not None else None,
                    s.account,
                    s.rating,
                    s.rating_change,
                )
                for s in self.seats
            ],
            match_id=self.match_id,
            match_seed=self.match_seed,
            hands=[HandSnapshot(h.hand_id, h.seed, list(h.actions)) for h in self.hands],
            settled=self.settled,
        )

    @classmethod
    def restore(
        cls,
        snapshot: TableSnapshot,
        events: list[tuple[int, AnyEvent]],
        *,
        entropy: Entropy,
        now: float,
        bot_delay: float = 0.8,
        pause: float = 15.0,
        stand_in: Level = Level.STRONG,
    ) -> Table:
        """Rebuild a table from its mirror: the snapshot, then the later events in order.

        Every person counts as gone until they reconnect, so a match in progress is
        adjourned until the first of them does; its clock then starts in full (a restart
        never eats a player's time).
        """
        table = cls(
            snapshot.id,
            snapshot.rules,
            entropy=entropy,
            now=now,
            bot_delay=bot_delay,
            pause=pause,
            stand_in=stand_in,
        )
        if snapshot.match_seed is not None:
            assert snapshot.match_id is not None
            table._match_started(MatchStarted(snapshot.match_id, snapshot.match_seed))
            for hand in snapshot.hands:
                table._dealt(Dealt(hand.hand_id, hand.seed))
                for action in hand.actions:
                    table._action(action)
        table.host = snapshot.host
        table.settled = snapshot.settled
        for s, snap in zip(table.seats, snapshot.seats, strict=True):
            s.kind, s.name, s.token, s.ready = snap.kind, snap.name, snap.token, snap.ready
            s.connected, s.away, s.standin = snap.connected, snap.away, snap.standin
            s.expiries = snap.expiries
            s.account, s.rating, s.rating_change = snap.account, snap.rating, snap.rating_change
            if s.kind is SeatKind.BOT:
                s.level = Level(snap.level or Level.NORMAL)
        table._seat_index = (-1, {})  # the tokens were set here, outside any event
        table.version = snapshot.version
        for version, event in events:
            if version > table.version:
                table._apply(event)
                table.version = version
        table.finished.clear()
        table.snapshot_due = False
        for s in table.seats:
            if s.human and s.connected:
                table.disconnect(s.index, now)
            elif s.human:  # already gone: the grace period runs again from the restart
                s.gone_since = now
        return table


def _shown_level(s: Seat, stand_in: Level) -> str | None:
    """The level of the bot that moves for the seat now, as the summary shows it."""
    if s.kind is SeatKind.BOT:
        return (s.level or Level.NORMAL).value
    if s.human and (s.away or s.standin):
        return stand_in.value
    return None


def _action_event(action: PlayCard | SwapSeven | Resign) -> Played | Swapped | Resigned:
    if type(action) is PlayCard:
        return Played(action.seat, action.card.code)
    if type(action) is SwapSeven:
        return Swapped(action.seat)
    return Resigned(action.seat)


def _engine_action(event: Played | Swapped | Resigned) -> PlayCard | SwapSeven | Resign:
    if type(event) is Played:
        return PlayCard(event.seat, Card.from_code(event.card))
    if type(event) is Swapped:
        return SwapSeven(event.seat)
    return Resign(event.seat)


_MOVES = (Played, Swapped)

_APPLY: dict[type[Event], Callable[[Table, Any], None]] = {
    Seated: Table._seated,
    SeatFreed: Table._freed,
    BotAdded: Table._bot_added,
    Moved: Table._moved,
    ReadySet: Table._ready,
    Presence: Table._presence,
    AwaySet: Table._away,
    Expiries: Table._expiries,
    StandIn: Table._standin,
    MatchStarted: Table._match_started,
    Dealt: Table._dealt,
    Played: Table._action,
    Swapped: Table._action,
    Resigned: Table._action,
    RatingsSettled: Table._settled,
    Claimed: Table._claimed,
    MatchReset: Table._reset,
}
