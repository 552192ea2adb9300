"""The bid ladder: every bid of an auction has a level, and a bid is higher than another
when its level is. The rank auction's ladder is the ranks from the Ace (the lowest bid) to
the 2 (a weaker rank is a harder contract), then the 2 at 62, 63 … 120 points; the points
auction's is 61 … 120.

>>> level(Auction.RANK, Rank.ACE, 61), level(Auction.RANK, Rank.TWO, 62), TOP[Auction.RANK]
(0, 10, 68)
>>> bid_at(Auction.POINTS, 14)
(None, 75)
"""

from __future__ import annotations

from typing import Final

from ..cards import Rank
from .options import Auction

MIN_TARGET: Final = 61
MAX_TARGET: Final = 120
#: The rank auction's ranks from the lowest bid to the highest.
RANK_LADDER: Final = (
    Rank.ACE,
    Rank.THREE,
    Rank.KING,
    Rank.KNIGHT,
    Rank.JACK,
    Rank.SEVEN,
    Rank.SIX,
    Rank.FIVE,
    Rank.FOUR,
    Rank.TWO,
)
#: The level of the plain 2 (the 2 at 61): only above it may a 2 be bid at more.
TWO: Final = RANK_LADDER.index(Rank.TWO)

BidForm = tuple[Rank | None, int]

_LADDERS: Final[dict[Auction, tuple[BidForm, ...]]] = {
    Auction.RANK: (
        *((rank, MIN_TARGET) for rank in RANK_LADDER),
        *((Rank.TWO, target) for target in range(MIN_TARGET + 1, MAX_TARGET + 1)),
    ),
    Auction.POINTS: tuple((None, target) for target in range(MIN_TARGET, MAX_TARGET + 1)),
}
_LEVELS: Final = {
    auction: {form: index for index, form in enumerate(ladder)}
    for auction, ladder in _LADDERS.items()
}
#: The highest level of each auction: a bid there ends the auction at once.
TOP: Final = {auction: len(ladder) - 1 for auction, ladder in _LADDERS.items()}


def level(auction: Auction, rank: Rank | None, target: int) -> int | None:
    """The level of the bid ``rank`` at ``target``, or ``None`` if it is no bid of this
    auction (a rank in the points auction, a rank other than the 2 above 61, …)."""
    return _LEVELS[auction].get((rank, target))


def bid_at(auction: Auction, at: int) -> BidForm:
    """The rank and target of the bid at level ``at``."""
    return _LADDERS[auction][at]


def ladder(auction: Auction) -> tuple[BidForm, ...]:
    """Every bid of ``auction``, lowest first."""
    return _LADDERS[auction]
