"""A player's rating as the wire, the tables and the store carry it: an openskill
Plackett-Luce estimate (``mu`` and its uncertainty ``sigma``) and the ``ordinal``
(``mu - 3 sigma``, a cautious figure the leaderboard ranks by). The arithmetic that moves
ratings is :mod:`briscola.accounts.ratings`."""

from __future__ import annotations

import msgspec

#: Where every rating starts: openskill's defaults.
MU = 25.0
SIGMA = 25.0 / 3
#: The player counts rated separately (a four-player rating is a partnership player's).
RATED_COUNTS = (2, 3, 4)


class Rating(msgspec.Struct, frozen=True):
    mu: float = MU
    sigma: float = SIGMA
    #: ``mu - 3 sigma``, kept with the estimate so every reader ranks alike.
    ordinal: float = MU - 3 * SIGMA
    #: Rated matches played at this player count.
    matches: int = 0

    @classmethod
    def of(cls, mu: float, sigma: float, matches: int) -> Rating:
        return cls(mu, sigma, mu - 3 * sigma, matches)


def fresh_ratings() -> dict[str, Rating]:
    """A new account's ratings, one per player count (keys "2", "3", "4": JSON's)."""
    return {str(n): Rating() for n in RATED_COUNTS}
