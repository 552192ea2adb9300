"""The state of a hand as frozen values. Secrets (hands, stock, captured cards, the seed)
live here; :mod:`.view` decides who may see what."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from ._values import shell_of
from .actions import LoggedAction
from .cards import Card, Suit
from .deal import deck_size

#: The player counts of the trick-and-draw games (classic, Scoperta, six players). Sides
#: (scoring units): each seat with 2 or 3 players; with 4 and 6 two partnerships in
#: alternate seats (0+2 against 1+3; 0+2+4 against 1+3+5).
PLAYER_COUNTS = (2, 3, 4, 6)
PARTNERSHIP_COUNTS = (4, 6)


def side_count(players: int) -> int:
    return 2 if players in PARTNERSHIP_COUNTS else players


def side_of(seat: int, players: int) -> int:
    """The side a seat scores for: its partnership with four or six players, itself
    otherwise."""
    return seat % 2 if players in PARTNERSHIP_COUNTS else seat


def total_tricks(players: int) -> int:
    """Every card is played: 13 tricks of three, 10 of four, 6 of six, 20 of two."""
    return deck_size(players) // players


class GameName(StrEnum):
    """Which game a table plays: one of the trick-and-draw family, or Briscola Chiamata."""

    CLASSIC = "classic"
    #: Briscola Scoperta: two players, both hands face up, the stock as ``StockShown`` says.
    SCOPERTA = "scoperta"
    #: Briscola Chiamata: five players, an auction, a called partner (its own rules, in
    #: :mod:`briscola.engine.chiamata`).
    CHIAMATA = "chiamata"


class StockShown(StrEnum):
    """How much of the stock Scoperta shows: all of it in draw order, the next card, none."""

    ALL = "all"
    TOP = "top"
    NONE = "none"


class PartnerComm(StrEnum):
    """What partners may pass each other (four and six players): nothing (the no-signals
    rule), the codebook's signals, or signals, table talk and hands shown at the end."""

    NONE = "none"
    SIGNALS = "signals"
    OPEN = "open"


#: The chances, in percent, that an opponent catches a signal (``signal_catch``).
CATCH_PERCENTS = (0, 25, 50, 100)


@dataclass(frozen=True, slots=True)
class HandRules:
    """What one hand plays. The defaults are the classic game's; ``stock`` matters only in
    Scoperta, ``partner_comm`` and ``catch`` only with four or six players."""

    players: int
    swap_seven: bool = False
    game: GameName = GameName.CLASSIC
    stock: StockShown = StockShown.ALL
    partner_comm: PartnerComm = PartnerComm.NONE
    #: The chance in percent that each opponent catches a signal.
    catch: int = 25

    def __post_init__(self) -> None:
        # The options' names are accepted for their values ("scoperta" for SCOPERTA).
        object.__setattr__(self, "game", GameName(self.game))
        object.__setattr__(self, "stock", StockShown(self.stock))
        object.__setattr__(self, "partner_comm", PartnerComm(self.partner_comm))
        if self.game is GameName.CHIAMATA:
            raise ValueError("Briscola Chiamata is not a trick-and-draw game: see ChiamataRules")
        if self.players not in PLAYER_COUNTS:
            raise ValueError(f"this game is played by 2, 3, 4 or 6, not {self.players}")
        if self.game is GameName.SCOPERTA and self.players != 2:
            raise ValueError("Briscola Scoperta is a two-player game")
        if self.partner_comm is not PartnerComm.NONE and self.players not in PARTNERSHIP_COUNTS:
            raise ValueError("signals and table talk are for partnerships of four or six")
        if self.catch not in CATCH_PERCENTS:
            raise ValueError(f"a signal's catch chance is one of {CATCH_PERCENTS} percent")


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
    ``captured`` holds each seat's tricks (a side's points are its seats' added up at the
    end).
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
