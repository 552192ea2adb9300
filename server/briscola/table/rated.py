"""A rated match's result as the table hands it to the store: which rating it moves, who
sat where for which side, and how the sides placed. The ratings it moves are worked out and
applied, exactly once, by the store (:mod:`briscola.store.accounts`)."""

from __future__ import annotations

import msgspec

from briscola.engine import MatchState, side_count, side_of
from briscola.wire.ratings import RatingKind


class RatedSeat(msgspec.Struct, frozen=True):
    seat: int
    account: str
    name: str
    side: int


class RatedResult(msgspec.Struct, frozen=True):
    match_id: str
    players: int
    #: The rating it moves.
    kind: RatingKind
    seats: list[RatedSeat]
    #: Each side's place, 0 the best (openskill's ranks: equal places tie).
    ranks: list[int]
    #: The match's hands, to link from the players' histories.
    hands: list[str]
    #: The table, unless it is private (its id is its secret).
    room: str | None


def side_ranks(match: MatchState) -> list[int]:
    """How the sides of a finished match placed: its winners first; then, with three
    players, by hands won, and a side that resigned last."""
    outcome = match.outcome
    assert outcome is not None
    players = match.rules.players
    loser = None if outcome.resigned is None else side_of(outcome.resigned, players)
    standings = [
        (side not in outcome.winners, side == loser, -match.wins[side])
        for side in range(side_count(players))
    ]
    order = sorted(set(standings))
    return [order.index(standing) for standing in standings]
