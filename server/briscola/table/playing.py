"""The match: readiness and the deals, the seats' moves, playing again, and a rated
match's result handed to the store and settled."""

from __future__ import annotations

from briscola.engine import Card, PlayCard, Resign, RuleError, Signal, SignalCode
from briscola.table.appliers import Applying
from briscola.table.events import (
    Dealt,
    Expiries,
    MatchReset,
    MatchStarted,
    RatingsSettled,
    ReadySet,
    Resigned,
    SeatAction,
    SeatRating,
    action_event,
)
from briscola.table.rated import RatedResult, RatedSeat
from briscola.table.state import Status
from briscola.wire.errors import Code, Refusal
from briscola.wire.ratings import rating_kind


class Playing(Applying):
    """Starting the match and each hand, and the moves in it."""

    def set_ready(self, seat: int, ready: bool, now: float) -> None:
        self._now = now
        if self.status in (Status.PLAYING, Status.OVER):
            raise Refusal(Code.MATCH_STARTED, "ready is for before the match and between hands")
        if self.seats[seat].ready != ready:
            self._emit(ReadySet(seat, ready))
        self._maybe_start()

    def act(self, seat: int, action: SeatAction, now: float) -> None:
        """A seat's move (a card, a swap, a resignation, a bid, a pass, a call), through
        the game's rules."""
        self._now = now
        try:
            self._emit(action_event(action))
        except RuleError as exc:
            raise Refusal(Code(exc.code.value), exc.message) from None
        if type(action) is not Resign and self.seats[seat].expiries:
            self._emit(Expiries(seat, 0))  # the person moved: no longer a run of expiries

    def signal(self, seat: int, code: SignalCode, now: float) -> None:
        """A seat signals its partners, where the table allows it (the engine's rules)."""
        self._now = now
        if self.match is None or self.match.between_hands:
            raise Refusal(Code.NO_HAND, "signals are made during a hand")
        try:
            self._emit(action_event(Signal(seat, code)))
        except RuleError as exc:
            raise Refusal(Code(exc.code.value), exc.message) from None

    def play(self, seat: int, code: str, now: float) -> None:
        try:
            card = Card.from_code(code)
        except ValueError:
            raise Refusal(Code.CARD_NOT_IN_HAND, f"{code!r} is not a card") from None
        self.act(seat, PlayCard(seat, card), now)

    def play_again(self, seat: int, now: float) -> None:
        """The seat says yes to a rematch: the same people in the same seats. Until every
        person has said so (bots say yes at once) the finished match stands, each seat's
        ``ready`` telling who has; then the new match starts at once."""
        self._now = now
        if self.status is not Status.OVER:
            raise Refusal(Code.MATCH_NOT_OVER, "the match is not over")
        if not self.seats[seat].ready:
            self._emit(ReadySet(seat, True))
        if all(s.ready for s in self.seats if s.human):
            self._emit(MatchReset(agreed=True))
            self._maybe_start()

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
        standings = self.game.standings(match)
        return RatedResult(
            match_id=self.match_id,
            players=self.rules.players,
            kind=rating_kind(self.rules),
            seats=[
                RatedSeat(s.index, s.account, s.name or "", standings.teams[s.index])
                for s in self.seats
                if s.account is not None
            ],
            ranks=list(standings.places),
            hands=[hand.hand_id for hand in self.hands],
            room=None if self.rules.private else self.id,
            lost_on_time=self._lost_on_time(),
        )

    def _lost_on_time(self) -> int | None:
        """The seat whose missed deadline ended the match, if one did."""
        actions = self.hands[-1].actions if self.hands else []
        last = actions[-1] if actions else None
        return last.seat if type(last) is Resigned and last.timeout else None

    def settle(self, match_id: str, seats: list[SeatRating]) -> None:
        """The store applied the rated match's ratings: each seat's new rating and move."""
        if self.settled != match_id:  # (even after play_again: the seats' ratings are news)
            self._emit(RatingsSettled(match_id, seats))

    def rating_failed(self) -> None:
        """The store could not settle the match now: hand the result out again."""
        self._rating_asked = False

    def _maybe_start(self) -> None:
        """The match, or its next hand, once every seat is taken and every person ready."""
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
