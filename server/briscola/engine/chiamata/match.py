"""A Chiamata match: a fixed number of counted deals, the deal passing one seat after each;
a void deal dealt again by its dealer; match points added up; resignation.

Resigning ends the match at once: the deal being played (if any) is not scored, the
resigner places last and the others are placed by their match points.
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import Resign
from ..deal import random_stream, unbiased_below
from ..errors import ErrorCode, RuleError
from ..match import MatchOutcome
from ..standings import Standings, dense_places
from .actions import ChiamataAction
from .options import PLAYERS, ChiamataRules
from .rules import apply, deal_result, start_deal
from .state import ChiamataMatch

_TEAMS = tuple(range(PLAYERS))


def new_match(rules: ChiamataRules, match_seed: bytes) -> ChiamataMatch:
    """A match whose first dealer is drawn, without bias, from ``match_seed``'s stream."""
    return ChiamataMatch(rules, unbiased_below(random_stream(match_seed), PLAYERS))


def deal(match: ChiamataMatch, seed: bytes) -> ChiamataMatch:
    """The next deal, from ``seed``.

    :raises RuleError: if a deal is still being played or the match is over.
    """
    if match.over:
        raise RuleError(ErrorCode.MATCH_OVER, "the match is over")
    if not match.between_hands:
        raise RuleError(ErrorCode.HAND_OVER, "a deal is still being played")
    hand = start_deal(match.rules, match.next_dealer, seed)
    return replace(match, hand=hand, dealt=match.dealt + 1)


def apply_action(match: ChiamataMatch, action: ChiamataAction) -> ChiamataMatch:
    """Apply ``action`` to the current deal and settle the deal and the match when it
    ends. A resignation between deals ends the match at once.

    :raises RuleError: if the action is not allowed now; ``match`` is unchanged.
    """
    if match.over:
        raise RuleError(ErrorCode.MATCH_OVER, "the match is over")
    hand = match.hand
    if hand is None:
        raise RuleError(ErrorCode.NO_HAND, "no deal has been dealt yet")
    if type(action) is Resign and hand.over:
        if not 0 <= action.seat < PLAYERS:
            raise RuleError(ErrorCode.INVALID_SEAT, f"there is no seat {action.seat}")
        return replace(match, outcome=_resigned(match.scores, action.seat))
    after = apply(hand, action)
    if not after.over:
        return replace(match, hand=after)
    if after.resigned is not None:
        return replace(match, hand=after, outcome=_resigned(match.scores, after.resigned))
    result = deal_result(after)
    if result is None:  # everyone passed
        return replace(match, hand=after, voids=match.voids + 1)
    scores = tuple(total + delta for total, delta in zip(match.scores, result.deltas, strict=True))
    results = (*match.results, result)
    outcome = _leaders(scores, range(PLAYERS)) if len(results) == match.rules.deals else None
    return replace(match, hand=after, scores=scores, results=results, outcome=outcome)


def _leaders(scores: tuple[int, ...], seats: range | list[int]) -> MatchOutcome:
    best = max(scores[seat] for seat in seats)
    return MatchOutcome(tuple(seat for seat in seats if scores[seat] == best))


def _resigned(scores: tuple[int, ...], seat: int) -> MatchOutcome:
    """The others' leaders win the match the resigner forfeits."""
    outcome = _leaders(scores, [other for other in range(PLAYERS) if other != seat])
    return MatchOutcome(outcome.winners, seat)


def standings(match: ChiamataMatch) -> Standings:
    """Each seat its own team, placed by match points, a resigner last."""
    outcome = match.outcome
    assert outcome is not None, "a match is placed once it is over"
    return Standings(
        _TEAMS,
        dense_places([(seat == outcome.resigned, -match.scores[seat]) for seat in _TEAMS]),
    )
