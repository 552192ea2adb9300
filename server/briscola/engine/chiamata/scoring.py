"""Scoring a played deal: the caller's side against the defenders, in match points per
player, zero-sum (docs/RULES.md, "Scoring a deal"): when the caller's side wins, the caller
+2, the partner +1 and each of the three defenders -1; the caller alone +4 and each of the
four defenders -1; a loss the same negated; all doubled when one side takes all 120 points
(*cappotto*, if the table plays it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..cards import Card
from .actions import Bid
from .options import PLAYERS

#: Match points of a won deal: (the caller, the partner, each defender); a lost deal is
#: the same negated.
WITH_PARTNER: Final = (2, 1, -1)
ALONE: Final = (4, 0, -1)
ALL_POINTS: Final = 120


@dataclass(frozen=True, slots=True)
class DealResult:
    """A played deal's score. ``partner`` is the seat that held the called card (the
    caller when alone); ``points`` each seat's pile; ``side`` the caller's side's points;
    ``won`` whether they reach the contract's target; ``deltas`` each seat's match points."""

    caller: int
    partner: int
    contract: Bid
    points: tuple[int, ...]
    side: int
    won: bool
    cappotto: bool
    deltas: tuple[int, ...]

    @property
    def alone(self) -> bool:
        return self.partner == self.caller

    @property
    def result_code(self) -> str:
        """The record's ``result``: ``"caller"`` when the caller's side made its contract,
        ``"defenders"`` when it did not."""
        return "caller" if self.won else "defenders"


def pile_points(captured: tuple[tuple[Card, ...], ...]) -> tuple[int, ...]:
    return tuple(sum(card.points for card in pile) for pile in captured)


def score(
    caller: int,
    partner: int,
    contract: Bid,
    captured: tuple[tuple[Card, ...], ...],
    cappotto_doubles: bool,
) -> DealResult:
    """The score of a deal played out: a 60-60 split loses for the caller (61 is the
    lowest target)."""
    points = pile_points(captured)
    side = points[caller] + (points[partner] if partner != caller else 0)
    won = side >= contract.target
    cappotto = cappotto_doubles and side in (0, ALL_POINTS)
    lead, second, defender = ALONE if partner == caller else WITH_PARTNER
    factor = (1 if won else -1) * (2 if cappotto else 1)
    deltas = tuple(
        factor * (lead if seat == caller else second if seat == partner else defender)
        for seat in range(PLAYERS)
    )
    return DealResult(caller, partner, contract, points, side, won, cappotto, deltas)
