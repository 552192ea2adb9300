"""A rated match's result as the table hands it to the store: which rating it moves, who
sat where for which side, and how the sides placed. The ratings it moves are worked out and
applied, exactly once, by the store (:mod:`briscola.store.accounts`)."""

from __future__ import annotations

import msgspec

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
    #: Each rating team's place, 0 the best (openskill's ranks: equal places tie): the
    #: game's standings (a seat's ``side`` is its team).
    ranks: list[int]
    #: The match's hands, to link from the players' histories.
    hands: list[str]
    #: The table, unless it is private (its id is its secret).
    room: str | None
    #: The seat whose missed deadline lost the match (a table at its own pace), if one did.
    lost_on_time: int | None = None
