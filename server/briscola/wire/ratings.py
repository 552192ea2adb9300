"""A player's rating as the wire, the tables and the store carry it: an openskill
Bradley-Terry estimate (``mu`` and its uncertainty ``sigma``) and the ``ordinal``
(``mu - 3 sigma``, a cautious figure the leaderboard ranks by), one per kind of rated
game. The arithmetic that moves ratings is :mod:`briscola.accounts.ratings`."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from briscola.engine import GameName
from briscola.wire.table_rules import TableRules

#: Where every rating starts: openskill's defaults.
MU = 25.0
SIGMA = 25.0 / 3


class RatingKind(StrEnum):
    """Which rating a rated table moves: the classic game's at its player count (a four- or
    six-player rating is a partnership player's), Briscola Scoperta's or Briscola
    Chiamata's. The partnership house rules (signals, open tables) share their player
    count's: the same game under another convention. The counts' keys are those accounts
    have always been stored under."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    SIX = "6"
    SCOPERTA = "scoperta"
    #: Briscola Chiamata: five players, each rated alone, placed by match points.
    CHIAMATA = "chiamata"

    @property
    def players(self) -> int:
        return _PLAYERS[self]


_PLAYERS = {
    RatingKind.TWO: 2,
    RatingKind.THREE: 3,
    RatingKind.FOUR: 4,
    RatingKind.SIX: 6,
    RatingKind.SCOPERTA: 2,
    RatingKind.CHIAMATA: 5,
}

#: Every kind rated separately, in the order the leaderboard's tabs show them.
RATED_KINDS = tuple(RatingKind)


def rating_kind(rules: TableRules) -> RatingKind:
    """The rating a table with ``rules`` moves (:class:`RatingKind`)."""
    return RatingKind(str(rules.players) if rules.game is GameName.CLASSIC else rules.game)


class Rating(msgspec.Struct, frozen=True):
    mu: float = MU
    sigma: float = SIGMA
    #: ``mu - 3 sigma``, kept with the estimate so every reader ranks alike.
    ordinal: float = MU - 3 * SIGMA
    #: Rated matches played of this kind.
    matches: int = 0

    @classmethod
    def of(cls, mu: float, sigma: float, matches: int) -> Rating:
        return cls(mu, sigma, mu - 3 * sigma, matches)


def fresh_ratings() -> dict[str, Rating]:
    """Ratings as they start, one per kind (keys "2", "3", "4", "6", "scoperta",
    "chiamata": JSON's)."""
    return {kind.value: Rating() for kind in RATED_KINDS}
