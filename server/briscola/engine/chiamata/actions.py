"""What a seat does in Briscola Chiamata: bid, pass, call, then play a card (the engine's
:class:`PlayCard`), or resign (its :class:`Resign`). Frozen values."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import PlayCard, Resign
from ..cards import Card, Rank


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of the auction. By rank: ``rank`` with ``target`` 61, or the 2 "at"
    ``target`` 62..120 once the high bid is a 2. By points: ``rank`` ``None`` and
    ``target`` 61..120."""

    seat: int
    rank: Rank | None
    target: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass in the auction: final, the seat speaks no more this deal."""

    seat: int


@dataclass(frozen=True, slots=True)
class Call:
    """The auction's winner names the called card: in the rank auction a card of the
    contract's rank (so it names the suit), in the points auction any card. Its suit is
    trumps and its holder the caller's partner."""

    seat: int
    card: Card


Speech = Bid | Pass
ChiamataAction = Bid | Pass | Call | PlayCard | Resign
