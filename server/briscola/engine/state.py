"""The state of a hand as frozen values. Secrets (hands, stock, captured cards, the seed)
live here; :mod:`.view` decides who may see what."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import LoggedAction
from .cards import Card, Suit

#: Sides (scoring units): seats with 2 or 3 players, partnerships 0+2 and 1+3 with 4.
PLAYER_COUNTS = (2, 3, 4)


def side_count(players: int) -> int:
    return 2 if players == 4 else players


def side_of(seat: int, players: int) -> int:
    """The side a seat scores for: its partnership with four players, itself otherwise."""
    return seat % 2 if players == 4 else seat


def total_tricks(players: int) -> int:
    return 39 // 3 if players == 3 else 40 // players


@dataclass(frozen=True, slots=True)
class HandRules:
    players: int
    swap_seven: bool = False


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A completed trick: who led, the cards in the order played, who took it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """Points per side and the winning side (``None`` for a draw)."""

    points: tuple[int, ...]
    winner: int | None
    resigned: int | None = None

    @property
    def result_code(self) -> str:
        """The record's ``result``: the winning side's index as a string, or ``"draw"``."""
        return "draw" if self.winner is None else str(self.winner)


@dataclass(frozen=True, slots=True)
class HandState:
    """One hand, from the deal to the last trick.

    ``stock`` is top first and, while it lies, ends with the face-up trump card: the last
    card drawn. ``public`` holds the cards in hands that everyone has seen go there.
    """

    rules: HandRules
    dealer: int
    seed: bytes
    commitment: str
    trump: Suit
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    public: frozenset[Card]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[TrickRecord, ...]
    captured: tuple[tuple[Card, ...], ...]
    log: tuple[LoggedAction, ...]
    resigned: int | None = None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def face_up(self) -> Card | None:
        """The trump card under the stock, or ``None`` once it has been drawn."""
        return self.stock[-1] if self.stock else None

    @property
    def over(self) -> bool:
        return self.resigned is not None or len(self.tricks) == total_tricks(self.rules.players)

    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        if self.over:
            return None
        return (self.leader + len(self.trick)) % self.rules.players
