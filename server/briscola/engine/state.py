"""The state of a hand as frozen values. Secrets (hands, stock, captured cards, the seed)
live here; :mod:`.view` decides who may see what."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ._values import shell_of
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


_TrickShell = shell_of(TrickRecord)


def build_trick(leader: int, cards: tuple[Card, ...], winner: int) -> TrickRecord:
    """``TrickRecord(leader, cards, winner)``, built the fast way (see :mod:`._values`)."""
    s: Any = _TrickShell()
    s.leader = leader
    s.cards = cards
    s.winner = winner
    s.__class__ = TrickRecord
    built: TrickRecord = s  # no runtime cast() call: this is a hot path
    return built


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


class _Derived:
    """Slots derived from a hand's fields, kept beside them so that reading them is cheap.

    They are not dataclass fields: equality, hashing, ``repr`` and pickling see only the
    fields, and every way of making a state (``__init__``, ``dataclasses.replace``,
    unpickling, the engine's builder) sets them from the fields.
    """

    __slots__ = ("_over", "_shared", "_turn")
    _turn: int | None  # the seat to act; None when the hand is over
    _over: bool
    _shared: Any  # view.py's projection of what every viewer sees alike, made once


@dataclass(frozen=True, slots=True)
class HandState(_Derived):
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

    def __post_init__(self) -> None:
        n = self.rules.players
        over = self.resigned is not None or len(self.tricks) == total_tricks(n)
        turn = None if over else (self.leader + len(self.trick)) % n
        object.__setattr__(self, "_over", over)
        object.__setattr__(self, "_turn", turn)
        object.__setattr__(self, "_shared", None)

    def __getstate__(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in _HAND_FIELDS)

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for name, value in zip(_HAND_FIELDS, state, strict=True):
            object.__setattr__(self, name, value)
        self.__post_init__()

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def face_up(self) -> Card | None:
        """The trump card under the stock, or ``None`` once it has been drawn."""
        return self.stock[-1] if self.stock else None

    @property
    def over(self) -> bool:
        return self._over

    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return self._turn


_HAND_FIELDS = tuple(field.name for field in fields(HandState))
_HandShell = shell_of(HandState)


def advance(
    base: HandState,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    public: frozenset[Card],
    leader: int,
    trick: tuple[Card, ...],
    tricks: tuple[TrickRecord, ...],
    captured: tuple[tuple[Card, ...], ...],
    log: tuple[LoggedAction, ...],
    resigned: int | None,
    turn: int | None,
) -> HandState:
    """The state after ``base`` with these fields changed (rules, dealer, seed, commitment
    and trump stay), from values the caller guarantees consistent, ``turn`` included
    (``None`` exactly when the hand is over). The rules' fast path; see :mod:`._values`."""
    s: Any = _HandShell()
    s.rules = base.rules
    s.dealer = base.dealer
    s.seed = base.seed
    s.commitment = base.commitment
    s.trump = base.trump
    s.hands = hands
    s.stock = stock
    s.public = public
    s.leader = leader
    s.trick = trick
    s.tricks = tricks
    s.captured = captured
    s.log = log
    s.resigned = resigned
    s._turn = turn
    s._over = turn is None
    s._shared = None
    s.__class__ = HandState
    built: HandState = s  # no runtime cast() call: this is a hot path
    return built
