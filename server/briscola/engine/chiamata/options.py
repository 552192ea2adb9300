"""Briscola Chiamata's table options (docs/RULES.md, "Briscola Chiamata")."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

#: Five players, eight cards each: eight tricks of five.
PLAYERS: Final = 5
TRICKS: Final = 8
#: The counted deals a match may have: every seat deals once or twice.
DEAL_COUNTS: Final = (5, 10)


class Auction(StrEnum):
    """How the contract is bid for: by rank (a weaker rank is a higher bid, then the 2 at
    a higher target), or by points alone."""

    RANK = "rank"
    POINTS = "points"


@dataclass(frozen=True, slots=True)
class ChiamataRules:
    """What a Chiamata table plays: its auction, whether the caller may call a card of
    their own hand (and play alone), whether taking all 120 points doubles the deal, and
    how many counted deals make the match."""

    auction: Auction = Auction.RANK
    self_call: bool = True
    cappotto: bool = True
    deals: int = 5

    def __post_init__(self) -> None:
        object.__setattr__(self, "auction", Auction(self.auction))  # "points" as well
        if type(self.self_call) is not bool or type(self.cappotto) is not bool:
            raise ValueError("self_call and cappotto are true or false")
        if self.deals not in DEAL_COUNTS:
            raise ValueError(f"a Chiamata match is {DEAL_COUNTS[0]} or {DEAL_COUNTS[1]} deals")

    @property
    def players(self) -> int:
        return PLAYERS
