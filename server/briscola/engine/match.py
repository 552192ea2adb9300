"""A match: single hand, best of 3 or best of 5, or (at an open partnership table) a fixed
number of counted deals; the deal passing; drawn hands replayed; resignation. The caller
brings a fresh seed for every deal."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ._values import shell_of
from .actions import Action, Resign
from .deal import random_stream, unbiased_below
from .errors import ErrorCode, RuleError
from .rules import apply, hand_result, start_hand
from .standings import Standings, dense_places
from .state import (
    GameName,
    HandResult,
    HandRules,
    HandState,
    PartnerComm,
    StockShown,
    side_count,
    side_of,
)

BEST_OF = (1, 3, 5)
#: The fewest deals of a fixed-length match (an open partnership table): every seat deals.
MIN_DEALS = 5


@dataclass(frozen=True, slots=True)
class MatchRules:
    """What a table plays: the game and its options, and how the match is won: ``best_of``
    hands, or (``deals``, at an open partnership table) a fixed number of counted deals."""

    players: int = 4
    swap_seven: bool = False
    best_of: int = 1
    game: GameName = GameName.CLASSIC
    stock: StockShown = StockShown.ALL
    partner_comm: PartnerComm = PartnerComm.NONE
    catch: int = 25
    deals: int = 0

    def __post_init__(self) -> None:
        hand = self.hand_rules  # validates the hand's options, and takes them by name
        object.__setattr__(self, "game", hand.game)
        object.__setattr__(self, "stock", hand.stock)
        object.__setattr__(self, "partner_comm", hand.partner_comm)
        if self.best_of not in BEST_OF:
            raise ValueError(f"best_of must be one of {BEST_OF}")
        if (self.partner_comm is PartnerComm.OPEN) != (self.deals > 0):
            raise ValueError("an open table, and only one, plays a fixed number of deals")
        if self.deals and self.deals < MIN_DEALS:
            raise ValueError(f"a match of fixed deals has at least {MIN_DEALS}")

    @property
    def hand_rules(self) -> HandRules:
        return HandRules(
            self.players, self.swap_seven, self.game, self.stock, self.partner_comm, self.catch
        )

    @property
    def wins_needed(self) -> int:
        return self.best_of // 2 + 1


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """How a match ended: the winning sides (more than one only in a three-player
    resignation with the other two level) and the resigning seat, if any."""

    winners: tuple[int, ...]
    resigned: int | None = None


@dataclass(frozen=True, slots=True)
class MatchState:
    rules: MatchRules
    first_dealer: int
    hand: HandState | None = None
    hands_dealt: int = 0
    wins: tuple[int, ...] = ()
    results: tuple[HandResult, ...] = ()
    outcome: MatchOutcome | None = None
    #: Deals dealt again by the same dealer (a drawn deal of a fixed-length match).
    redeals: int = 0

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand: the deal passes one seat after every hand, but for a
        drawn deal of a fixed-length match, which the same dealer deals again."""
        return (self.first_dealer + self.hands_dealt - self.redeals) % self.rules.players

    @property
    def between_hands(self) -> bool:
        """No hand is being played: before the first deal, between hands, or at the end."""
        return self.hand is None or self.hand.over


def new_match(rules: MatchRules, match_seed: bytes) -> MatchState:
    """A match whose first dealer is drawn, without bias, from ``match_seed``'s stream."""
    first_dealer = unbiased_below(random_stream(match_seed), rules.players)
    return MatchState(rules, first_dealer, wins=(0,) * side_count(rules.players))


def deal(match: MatchState, seed: bytes) -> MatchState:
    """Start the next hand from ``seed``.

    :raises RuleError: if a hand is still being played or the match is over.
    """
    if match.over:
        raise RuleError(ErrorCode.MATCH_OVER, "the match is over")
    if not match.between_hands:
        raise RuleError(ErrorCode.HAND_OVER, "a hand is still being played")
    hand = start_hand(match.rules.hand_rules, match.next_dealer, seed)
    return replace(match, hand=hand, hands_dealt=match.hands_dealt + 1)


def apply_action(match: MatchState, action: Action) -> MatchState:
    """Apply ``action`` to the current hand and settle the hand and match when it ends.
    A resignation between hands ends the match at once, with no hand to settle.

    :raises RuleError: if the action is not legal now; ``match`` is unchanged.
    """
    if match.over:
        raise RuleError(ErrorCode.MATCH_OVER, "the match is over")
    if match.hand is None:
        raise RuleError(ErrorCode.NO_HAND, "no hand has been dealt yet")
    if type(action) is Resign and match.hand.over:
        return _concede(match, action.seat)
    hand = apply(match.hand, action)
    if not hand.over:
        return _with_hand(match, hand)
    result = hand_result(hand)
    wins = list(match.wins)
    if result.winner is not None:
        wins[result.winner] += 1
    rules = match.rules
    redeals = match.redeals + (1 if rules.deals and result.winner is None else 0)
    outcome = None
    if type(action) is Resign:
        outcome = _resignation_outcome(tuple(wins), rules.players, action.seat)
    elif rules.deals:
        if match.hands_dealt - redeals == rules.deals:
            outcome = _most_deals(tuple(wins))
    elif result.winner is not None and wins[result.winner] >= rules.wins_needed:
        outcome = MatchOutcome((result.winner,))
    return replace(
        match,
        hand=hand,
        wins=tuple(wins),
        results=(*match.results, result),
        outcome=outcome,
        redeals=redeals,
    )


def _most_deals(wins: tuple[int, ...]) -> MatchOutcome:
    """The end of a fixed-length match: the side that won more deals, or both if level."""
    best = max(wins)
    return MatchOutcome(tuple(side for side, won in enumerate(wins) if won == best))


_MatchShell = shell_of(MatchState)


def _with_hand(match: MatchState, hand: HandState) -> MatchState:
    """``replace(match, hand=hand)`` for every action of a hand, the fast way (see
    :mod:`._values`): only the hand changes."""
    m: Any = _MatchShell()
    m.rules = match.rules
    m.first_dealer = match.first_dealer
    m.hand = hand
    m.hands_dealt = match.hands_dealt
    m.wins = match.wins
    m.results = match.results
    m.outcome = match.outcome
    m.redeals = match.redeals
    m.__class__ = MatchState
    built: MatchState = m  # no runtime cast() call: this is a hot path
    return built


def _concede(match: MatchState, seat: int) -> MatchState:
    """A resignation between hands: the hands already played decide who takes the match,
    by the same rule as a resignation during a hand."""
    players = match.rules.players
    if not 0 <= seat < players:
        raise RuleError(ErrorCode.INVALID_SEAT, f"there is no seat {seat} at a table of {players}")
    return replace(match, outcome=_resignation_outcome(match.wins, players, seat))


def _resignation_outcome(wins: tuple[int, ...], players: int, seat: int) -> MatchOutcome:
    """The other sides win; with three players, the one with more hands won (a resigned
    hand included), or both if they are level."""
    loser = side_of(seat, players)
    others = [side for side in range(len(wins)) if side != loser]
    best = max(wins[side] for side in others)
    return MatchOutcome(tuple(side for side in others if wins[side] == best), seat)


def standings(match: MatchState) -> Standings:
    """How the sides of a finished match placed (each side one team): its winners first;
    then, with three players, by hands won, and a side that resigned last."""
    outcome = match.outcome
    assert outcome is not None, "a match is placed once it is over"
    players = match.rules.players
    loser = None if outcome.resigned is None else side_of(outcome.resigned, players)
    return Standings(
        tuple(side_of(seat, players) for seat in range(players)),
        dense_places(
            [
                (side not in outcome.winners, side == loser, -match.wins[side])
                for side in range(side_count(players))
            ]
        ),
    )
