"""What a table plays, chosen when it is created: the rules a ``POST /api/rooms`` body names
(docs/PROTOCOL.md, ``TableRules``), validated into one typed value."""

from __future__ import annotations

from typing import Annotated

import msgspec

from briscola.engine import MatchRules


class TableRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a table plays, chosen at creation (docs/PROTOCOL.md, ``TableRules``)."""

    players: Annotated[int, msgspec.Meta(ge=2, le=4)] = 4
    swap_seven: bool = False
    best_of: Annotated[int, msgspec.Meta(ge=1, le=5)] = 1
    clock: Annotated[int, msgspec.Meta(ge=1, le=600)] = 30
    grace: Annotated[int, msgspec.Meta(ge=1, le=3600)] = 60
    private: bool = False
    name: Annotated[str, msgspec.Meta(max_length=40)] = ""
    #: Only account holders sit, no bots, and the match moves their ratings.
    rated: bool = False

    def __post_init__(self) -> None:
        if self.best_of not in (1, 3, 5):
            raise ValueError("best_of must be 1, 3 or 5")

    @property
    def match_rules(self) -> MatchRules:
        return MatchRules(self.players, self.swap_seven, self.best_of)
