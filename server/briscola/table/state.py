"""What a table holds: its seats, its match and the bookkeeping around them, with the
queries every concern of the table asks of them. The state changes only through events
(:mod:`briscola.table.appliers`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from briscola.bots import Bot, BotChoice, Level
from briscola.engine import GAMES, MatchState
from briscola.table.events import Event, HandAction, SeatKind
from briscola.wire.messages import RecordRef
from briscola.wire.ratings import Rating
from briscola.wire.table_rules import TableRules

Entropy = Callable[[int], bytes]


class Status(StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    BETWEEN_HANDS = "between_hands"
    OVER = "over"


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
    #: The person left with ``leave`` once the match had started (mirrored): the seat is
    #: still theirs to come back to, but nobody waits for them (:attr:`TableState.deserted`).
    left: bool = False
    #: A bot seat's level (docs/BOTS.md).
    level: Level | None = None
    #: A person's account (None: a guest), their rating of this table's kind
    #: (:func:`~briscola.wire.ratings.rating_kind`), and how far the last rated match here
    #: moved it.
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
class FinishedHand:
    """A finished hand's record, to be kept by the store and served by id."""

    hand_id: str
    record: dict[str, Any]


@dataclass
class HandLog:
    """A deal and the actions since it: the hand's own, then a resignation between hands."""

    hand_id: str
    seed: str
    actions: list[HandAction] = field(default_factory=list)


class TableState:
    """One table's state, and the queries on it. Owned by one room task.

    Events change all of it but the server's own working memory, which is never mirrored:
    the bots of this hand, the move owed to an expired clock, the strong bot's thought and
    decision, whether a rated result is with the store (and the caches: the tokens' seats).
    """

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
        #: The game the table plays: every rule of a match is its (docs/ARCHITECTURE.md,
        #: "Adding a game").
        self.game = GAMES[rules.game]
        self.entropy = entropy
        self.bot_delay = bot_delay
        self.pause = pause
        #: The level of the bot that moves for a person (away, gone, or out of time): at a
        #: rated table the weakest, so that nobody gains a rating by letting it play.
        self.stand_in = Level.EASY if rules.rated else stand_in
        self.seats = [Seat(index) for index in range(rules.players)]
        self.host: int | None = None
        #: Bumped by every event: the order of the mirror's events.
        self.version = 0
        #: How many of those events were signals, which only some see: the players are
        #: shown :attr:`shown_version`, which a signal leaves as it was, so that one who did
        #: not see it cannot tell from the versions that it was made.
        self.quiet = 0
        #: The seats that saw the signals applied since the last drain.
        self.heard: set[int] = set()
        #: Bumped by every event but a card played or a swap: what the summary shows of the
        #: seats can only change then (the status is checked beside it).
        self.seats_revision = 0
        #: Which seat each token holds, as of a seats revision (:meth:`seat_of`).
        self._seat_index: tuple[int, dict[str | None, int]] = (-1, {})
        self.match: MatchState | None = None
        self.match_id: str | None = None
        self.match_seed: str | None = None
        self.hands: list[HandLog] = []
        self.records: list[RecordRef] = []
        #: The events applied and the hands finished since the last drain, for the mirror.
        self.outbox: list[tuple[int, Event]] = []
        self.finished: list[FinishedHand] = []
        self.snapshot_due = True
        #: The rated match whose ratings the store has applied, and whether the result of
        #: the one still to settle is with the store now.
        self.settled: str | None = None
        self._rating_asked = False
        #: The time of the command being handled: the events it causes happen then.
        self._now = now
        #: Since when the seat to move has had the turn (or the hand has been over).
        self._turn_since = now
        #: This hand's bots, by seat, with their level: a bot's memory lasts one hand, and
        #: lives only here (never mirrored: a bot made again after a restart plays on from
        #: what its view shows).
        self._bots: dict[int, tuple[Level, Bot]] = {}
        #: A person's seat whose clock ran out: the server owes it this one move.
        self._owed: int | None = None
        #: The shown version a :class:`~briscola.table.thinking.Thought` was last handed out
        #: at, and the strong bot's decision with the shown version it was worked out for.
        self._asked: int | None = None
        self._decision: tuple[int, BotChoice] | None = None
        #: At a table at its own pace (mirrored, :class:`~briscola.table.events.DeadlineSet`):
        #: the person's turn running (its key and seat) and when its deadline falls, Unix
        #: seconds; and whether that changed since the owner last asked (for the store).
        self.turn_key: str | None = None
        self.deadline_seat: int | None = None
        self.deadline_at: float | None = None
        self.pace_changed = False
        #: Whether no person is connected, as of a seats revision (:attr:`adjourned`).
        self._nobody_here: tuple[int, bool] = (-1, False)

    @property
    def shown_version(self) -> int:
        """The version every message to a client carries (see :attr:`quiet`)."""
        return self.version - self.quiet

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

    def _turn(self) -> int | None:
        match = self.match
        if match is None or match.hand is None or match.over:
            return None
        return match.hand.turn

    @property
    def adjourned(self) -> bool:
        """A match is on and no person is connected (bots do not count): nothing is dealt,
        no clock runs and no bot plays until a person comes back."""
        match = self.match
        if match is None or match.over or self.rules.deadline:
            return False  # a table at its own pace waits for nobody: its deadlines run
        revision, nobody = self._nobody_here
        if revision != self.seats_revision:
            nobody = self._nobody_connected()
            self._nobody_here = (self.seats_revision, nobody)
        return nobody

    def _nobody_connected(self) -> bool:
        """No person is connected (bots do not count), looked at afresh."""
        return not any(s.connected and s.kind is SeatKind.HUMAN for s in self.seats)

    @property
    def deserted(self) -> bool:
        """Nobody is left to play: some seat is held, and no person holds one but those who
        left it with ``leave`` (bots only, or everyone gone that way). Such a table is not
        listed, and closes once nobody has been at it for its grace period."""
        held = False
        for s in self.seats:
            if s.human and not s.left:
                return False
            held = held or not s.free
        return held

    @property
    def hand_on(self) -> bool:
        """A hand is being played: the no-signals rule is in force."""
        return self.status is Status.PLAYING

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds, if any."""
        return None if token is None else self.token_seats().get(token)

    def token_seats(self) -> dict[str | None, int]:
        """Which seat each token holds (looked up several times a move: listed again only
        when the seats have changed; ``None`` holds none)."""
        revision, seats = self._seat_index
        if revision != self.seats_revision:
            seats = {s.token: s.index for s in self.seats if s.token is not None}
            self._seat_index = (self.seats_revision, seats)
        return seats
