"""What a seat can do: play a card, swap the 7 of trumps, signal its partners, resign.
Frozen values."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import Card
from .signals import SignalCode


class ActionType(StrEnum):
    PLAY = "play"
    SWAP = "swap"
    RESIGN = "resign"
    SIGNAL = "signal"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``card`` from ``seat``'s hand onto the trick."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class SwapSeven:
    """Swap the 7 of trumps for the face-up trump card (optional rule)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Resign:
    """Concede the match for ``seat``'s side."""

    seat: int


@dataclass(frozen=True, slots=True)
class Signal:
    """Make a signal of the codebook to ``seat``'s partners (a table of signals)."""

    seat: int
    signal: SignalCode


Action = PlayCard | SwapSeven | Resign | Signal


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """An accepted action as the hand's record keeps it (a swap names both cards; a signal
    its code and the opponents who caught it)."""

    seat: int
    type: ActionType
    card: Card | None = None
    took: Card | None = None
    signal: SignalCode | None = None
    caught: tuple[int, ...] = ()
