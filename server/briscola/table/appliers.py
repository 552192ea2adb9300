"""How each event changes a table: one applier per event type, in one typed dispatch table.

Applying an event is the only way a table's state changes, live (:meth:`Applying._emit`,
which also queues the event for the mirror) or when a restarted server rebuilds the table
from its mirror (:mod:`briscola.table.persistence`), so both paths are the same code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias, TypeVar

from briscola.bots import Level
from briscola.engine import (
    Card,
    PlayCard,
    Rank,
    Resign,
    RuleError,
    Signal,
    SignalCode,
    SwapSeven,
    seed_from_hex,
)
from briscola.engine import ErrorCode as RuleCode
from briscola.engine.chiamata import Bid, Call, Pass
from briscola.table.dispatch import register
from briscola.table.events import (
    AwaySet,
    BidMade,
    BotAdded,
    Called,
    Claimed,
    DeadlineSet,
    Dealt,
    Event,
    Expiries,
    HandAction,
    MatchReset,
    MatchStarted,
    Moved,
    Passed,
    Played,
    Presence,
    RatingsSettled,
    ReadySet,
    Resigned,
    SeatAction,
    Seated,
    SeatFreed,
    SeatKind,
    Signalled,
    StandIn,
    Swapped,
)
from briscola.table.state import FinishedHand, HandLog, Seat, TableState
from briscola.wire.messages import RecordRef

E = TypeVar("E", bound=Event)
Applier: TypeAlias = Callable[["Applying", E], None]

#: Each event type's applier (filled by :func:`applies` as the class below is defined).
APPLIERS: dict[type[Event], Applier[Any]] = {}
#: The events that leave the seats as they were (see ``seats_revision``).
_MOVES = (Played, Swapped, Signalled, BidMade, Passed, Called)


def applies(kind: type[E]) -> Callable[[Applier[E]], Applier[E]]:
    """Make the decorated method the applier of ``kind``: mypy holds it to taking that
    event."""
    return register(APPLIERS, kind)


class Applying(TableState):
    """A table's state and the one way it changes: an event, through its applier."""

    def _emit(self, event: Event) -> None:
        """Apply ``event`` and queue it for the mirror."""
        self._apply(event)
        self.outbox.append((self.version, event))

    def _apply(self, event: Event) -> None:
        APPLIERS[type(event)](self, event)
        self.version += 1
        if type(event) not in _MOVES:
            self.seats_revision += 1

    def drain(self) -> tuple[list[tuple[int, Event]], list[FinishedHand]]:
        """The events and finished hands since the last drain, for the mirror."""
        events, finished = self.outbox, self.finished
        self.outbox, self.finished = [], []
        return events, finished

    # ------------------------------------------------------------------ seats

    @applies(Seated)
    def _seated(self, e: Seated) -> None:
        s = self.seats[e.seat]
        s.kind, s.name, s.token = SeatKind.HUMAN, e.name, e.token
        s.account, s.rating, s.rating_change = e.account, e.rating, None
        s.ready = s.away = s.standin = s.left = False
        s.expiries = 0
        s.connected, s.gone_since = True, None
        if self.host is None:
            self.host = e.seat

    @applies(SeatFreed)
    def _freed(self, e: SeatFreed) -> None:
        self.seats[e.seat] = Seat(e.seat)
        if self.host == e.seat:
            self.host = next((s.index for s in self.seats if s.human), None)

    @applies(BotAdded)
    def _bot_added(self, e: BotAdded) -> None:
        s = self.seats[e.seat]
        s.kind, s.ready, s.connected = SeatKind.BOT, True, True
        s.name = e.name or f"Bot {e.seat + 1}"
        s.level = Level(e.level)

    @applies(Moved)
    def _moved(self, e: Moved) -> None:
        a, b = self.seats[e.seat], self.seats[e.to]
        a.index, b.index = e.to, e.seat
        self.seats[e.seat], self.seats[e.to] = b, a
        if self.host in (e.seat, e.to):
            self.host = e.to if self.host == e.seat else e.seat

    @applies(ReadySet)
    def _ready(self, e: ReadySet) -> None:
        self.seats[e.seat].ready = e.ready

    @applies(Presence)
    def _presence(self, e: Presence) -> None:
        adjourned = self.adjourned
        s = self.seats[e.seat]
        s.connected = e.connected
        s.left = e.left and not e.connected
        s.gone_since = None if e.connected else self._now
        if adjourned and not self._nobody_connected():  # resumed: the clock or pause afresh
            self._turn_since = self._now

    @applies(AwaySet)
    def _away(self, e: AwaySet) -> None:
        self.seats[e.seat].away = e.away

    @applies(Expiries)
    def _expiries(self, e: Expiries) -> None:
        self.seats[e.seat].expiries = e.count

    @applies(StandIn)
    def _standin(self, e: StandIn) -> None:
        self.seats[e.seat].standin = e.on

    @applies(Claimed)
    def _claimed(self, e: Claimed) -> None:
        s = self.seats[e.seat]
        s.account, s.name, s.rating = e.account, e.name, e.rating

    @applies(RatingsSettled)
    def _settled(self, e: RatingsSettled) -> None:
        self.settled = e.match_id
        for seat in e.seats:
            s = self.seats[seat.seat]
            s.rating, s.rating_change = seat.rating, seat.change

    # ------------------------------------------------------------------ match

    @applies(MatchStarted)
    def _match_started(self, e: MatchStarted) -> None:
        self.match_id, self.match_seed = e.match_id, e.match_seed
        self._rating_asked = False
        self.match = self.game.new_match(self.rules.match_rules, seed_from_hex(e.match_seed))
        self.hands, self.records = [], []

    @applies(Dealt)
    def _dealt(self, e: Dealt) -> None:
        assert self.match is not None
        self.match = self.game.deal(self.match, seed_from_hex(e.seed))
        self.hands.append(HandLog(e.hand_id, e.seed))
        for s in self.seats:
            if s.human:
                s.ready = False
        self._turn_since = self._now
        self._bots, self._owed = {}, None
        self.snapshot_due = True

    @applies(Played)
    def _played(self, e: Played) -> None:
        self._act(e, PlayCard(e.seat, Card.from_code(e.card)))

    @applies(Swapped)
    def _swapped(self, e: Swapped) -> None:
        self._act(e, SwapSeven(e.seat))

    @applies(Resigned)
    def _resigned(self, e: Resigned) -> None:
        self._act(e, Resign(e.seat))

    @applies(BidMade)
    def _bid(self, e: BidMade) -> None:
        self._act(e, Bid(e.seat, None if e.rank is None else Rank.from_code(e.rank), e.target))

    @applies(Passed)
    def _passed(self, e: Passed) -> None:
        self._act(e, Pass(e.seat))

    @applies(Called)
    def _called(self, e: Called) -> None:
        self._act(e, Call(e.seat, Card.from_code(e.card)))

    def _act(self, e: HandAction, action: SeatAction) -> None:
        """A move through the engine's rules (a :class:`RuleError` changes nothing); a hand
        it ends leaves its record."""
        before = self.match
        if before is None:
            raise RuleError(RuleCode.NO_HAND, "the match has not started")
        self.match = self.game.apply(before, action)
        self.hands[-1].actions.append(e)
        self._turn_since = self._now
        self._owed = None
        if self.match.outcome is not None and before.outcome is None:
            # The match is over: nobody has said yes to a rematch yet (one resigned between
            # hands ends with some people ready for a next hand that will never come).
            for s in self.seats:
                s.ready = s.kind is SeatKind.BOT
        hand = self.match.hand
        assert hand is not None
        if hand.over and not before.between_hands:
            log = self.hands[-1]
            record = self.game.record(self.match)
            record.update(hand_id=log.hand_id, match_id=self.match_id)
            record["names"] = [s.name or f"Seat {s.index + 1}" for s in self.seats]
            if not self.rules.private:  # a private table's id is its secret
                record["room"] = self.id
            if type(e) is Resigned and e.timeout:
                record["lost_on_time"] = e.seat
            self.records.append(RecordRef(log.hand_id, record["result"], record["points"]))
            self.finished.append(FinishedHand(log.hand_id, record))

    @applies(DeadlineSet)
    def _deadline_set(self, e: DeadlineSet) -> None:
        """A table at its own pace: the turn running and when its deadline falls."""
        self.turn_key, self.deadline_at = e.turn, e.at
        self.deadline_seat = e.seat
        self.pace_changed = True

    @applies(Signalled)
    def _signalled(self, e: Signalled) -> None:
        """A signal: in the hand's log, seen by the signaller's side and those who caught
        it; it runs no clock and moves nobody's turn."""
        match = self.match
        if match is None:
            raise RuleError(RuleCode.NO_HAND, "the match has not started")
        self.match = self.game.apply(match, Signal(e.seat, SignalCode(e.signal)))
        self.hands[-1].actions.append(e)
        self.quiet += 1
        self.heard |= self.game.audience(self.match) or set()

    @applies(MatchReset)
    def _reset(self, e: MatchReset) -> None:
        self.match = None
        self.match_id = self.match_seed = None
        self.hands, self.records = [], []
        for s in self.seats:
            s.ready = s.ready if e.agreed else s.kind is SeatKind.BOT
            s.away = False
            s.expiries = 0
        self.snapshot_due = True
