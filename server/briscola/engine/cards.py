"""Cards as values: suits, ranks, points, strength and the two-character codes of docs/RULES.md.

The 40 cards are interned: ``Card.from_index(i)`` and ``Card.from_code("7B")`` always return
the same object, so cards compare and hash by identity at the speed of an ``int``.
"""

from __future__ import annotations

from enum import IntEnum
from typing import ClassVar, Final


class Suit(IntEnum):
    """The four Italian suits, in canonical order (docs/RULES.md)."""

    COINS = 0
    CUPS = 1
    SWORDS = 2
    CLUBS = 3

    @property
    def code(self) -> str:
        return SUIT_CODES[self]

    @classmethod
    def from_code(cls, code: str) -> Suit:
        try:
            return cls(SUIT_CODES.index(code))
        except ValueError:
            raise ValueError(f"unknown suit code {code!r}") from None


class Rank(IntEnum):
    """The ten ranks, in canonical order (Ace, 2 … 7, Jack, Knight, King)."""

    ACE = 0
    TWO = 1
    THREE = 2
    FOUR = 3
    FIVE = 4
    SIX = 5
    SEVEN = 6
    JACK = 7
    KNIGHT = 8
    KING = 9

    @property
    def code(self) -> str:
        return RANK_CODES[self]

    @classmethod
    def from_code(cls, code: str) -> Rank:
        """The rank named by a one-character code such as ``"K"`` or ``"7"``.

        >>> Rank.from_code("N")
        <Rank.KNIGHT: 8>

        :raises ValueError: if ``code`` names no rank.
        """
        if len(code) != 1 or code not in RANK_CODES:
            raise ValueError(f"unknown rank code {code!r}")
        return cls(RANK_CODES.index(code))

    @property
    def points(self) -> int:
        return RANK_POINTS[self]

    @property
    def strength(self) -> int:
        """Higher beats lower within a suit: Ace 9, Three 8, King 7 … Two 0."""
        return RANK_STRENGTH[self]


SUIT_CODES: Final = "DCSB"
RANK_CODES: Final = "A234567JNK"
RANK_POINTS: Final = (11, 0, 10, 0, 0, 0, 0, 2, 3, 4)
#: Strength by canonical rank index: A 3 K N J 7 6 5 4 2, highest first.
RANK_STRENGTH: Final = (9, 0, 8, 1, 2, 3, 4, 5, 6, 7)


class Card:
    """One card of the 40. Build with :meth:`from_code` or :meth:`from_index`.

    >>> Card.from_code("7B").suit, Card.from_code("7B").rank
    (<Suit.CLUBS: 3>, <Rank.SEVEN: 6>)
    >>> Card.from_code("AD").points
    11
    """

    __slots__ = ("code", "index", "points", "rank", "strength", "suit")
    _ALL: ClassVar[tuple[Card, ...]]
    _BY_CODE: ClassVar[dict[str, Card]]

    index: int
    suit: Suit
    rank: Rank
    code: str
    points: int
    strength: int

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at canonical ``index`` (0 = Ace of coins … 39 = King of clubs)."""
        if not 0 <= index < 40:
            raise ValueError(f"card index out of range: {index!r}")
        return cls._ALL[index]

    @classmethod
    def from_code(cls, code: str) -> Card:
        """The card named by a two-character code such as ``"AD"`` or ``"7B"``.

        :raises ValueError: if ``code`` names no card.
        """
        try:
            return cls._BY_CODE[code]
        except (KeyError, TypeError):
            raise ValueError(f"unknown card code {code!r}") from None

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        return cls._ALL[suit * 10 + rank]

    def __repr__(self) -> str:
        return f"Card.from_code({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))


def _build() -> tuple[Card, ...]:
    cards = []
    for index in range(40):
        card = object.__new__(Card)
        suit, rank = Suit(index // 10), Rank(index % 10)
        card.index, card.suit, card.rank = index, suit, rank
        card.code = RANK_CODES[rank] + SUIT_CODES[suit]
        card.points, card.strength = RANK_POINTS[rank], RANK_STRENGTH[rank]
        cards.append(card)
    return tuple(cards)


Card._ALL = _build()
Card._BY_CODE = {card.code: card for card in Card._ALL}

#: Every card in canonical order.
DECK: Final[tuple[Card, ...]] = Card._ALL
#: The card removed from the three-player deck.
TWO_OF_COINS: Final = Card.from_code("2D")


def beats(challenger: Card, holder: Card, trump: Suit) -> bool:
    """Whether ``challenger``, played after ``holder``, takes the trick from it.

    A card beats the current holder if it is a higher card of the same suit, or a trump
    played on a non-trump. Any other card never wins.
    """
    if challenger.suit is holder.suit:
        return challenger.strength > holder.strength
    return challenger.suit is trump


def _trick_keys(trump: Suit, led: Suit) -> tuple[int, ...]:
    """Per card index, what a trick is won by: a trump beats the suit led, which beats the
    rest (which never wins); within a suit the stronger card wins."""
    return tuple(
        card.strength + (20 if card.suit is trump else 10 if card.suit is led else -100)
        for card in Card._ALL
    )


#: ``TRICK_KEYS[4 * trump + led][card.index]``: the highest key in a trick takes it.
TRICK_KEYS: Final = tuple(_trick_keys(trump, led) for trump in Suit for led in Suit)


def trick_winner_offset(cards: tuple[Card, ...], trump: Suit) -> int:
    """Position (0 = leader) of the card that takes a complete trick.

    >>> trick_winner_offset(tuple(map(Card.from_code, ["KD", "AD", "2B", "3D"])), Suit.COINS)
    1
    >>> trick_winner_offset(tuple(map(Card.from_code, ["KD", "AD", "2B", "3D"])), Suit.CLUBS)
    2
    """
    if not cards:
        return 0
    keys = TRICK_KEYS[4 * trump + cards[0].suit]
    best = 0
    top = keys[cards[0].index]
    for position in range(1, len(cards)):
        key = keys[cards[position].index]
        if key > top:
            best, top = position, key
    return best
