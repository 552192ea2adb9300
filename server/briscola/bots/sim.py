"""A fast simulator of one Briscola hand, for the strong bot's search.

The engine's values are right for the server (frozen, checked, projected per viewer) and
too slow to play out thousands of hands a move. Here a card is its canonical index (0 to
39, docs/RULES.md), a hand is a bit set of those indices (an ``int``), and a
:class:`Position` is one mutable value that :func:`play` and :func:`swap` change in place,
without building lists or objects on the way: a search copies a position once and plays it
out. The rules are the engine's, and a seeded test holds the two equal on random positions
(legal moves, trick winners, points, the draws with the face-up card taken last).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from briscola.engine.cards import RANK_POINTS, RANK_STRENGTH, TRICK_KEYS
from briscola.engine.state import (
    PARTNERSHIP_COUNTS,
    PLAYER_COUNTS,
    side_count,
    side_of,
    total_tricks,
)

#: The move that swaps the 7 of trumps (cards are 0 to 39).
SWAP: Final = 40
#: Per card index: its points, its suit, its strength within the suit (Ace 9 … Two 0).
POINTS: Final = tuple(RANK_POINTS[card % 10] for card in range(40))
SUIT: Final = tuple(card // 10 for card in range(40))
STRENGTH: Final = tuple(RANK_STRENGTH[card % 10] for card in range(40))
_SEVEN_STRENGTH: Final = RANK_STRENGTH[6]
#: Per player count: the side of each seat, whether partners share a side, the tricks in a
#: hand, and per trick winner the order of the draw (the winner first).
SIDE: Final = {n: tuple(side_of(seat, n) for seat in range(n)) for n in PLAYER_COUNTS}
PARTNERED: Final = {n: n in PARTNERSHIP_COUNTS for n in PLAYER_COUNTS}
TRICKS: Final = {n: total_tricks(n) for n in PLAYER_COUNTS}
DRAW_ORDER: Final = {
    n: tuple(tuple((w + k) % n for k in range(n)) for w in range(n)) for n in PLAYER_COUNTS
}


def seven_of(trump: int) -> int:
    """The index of the 7 of trumps."""
    return trump * 10 + 6


#: Per card index, its bit (a lookup is cheaper than a shift, which builds a new ``int``).
_BIT: Final = tuple(1 << card for card in range(40))
#: ``_SWAP_FOR[trump][face_up]``: the bit of the 7 of trumps if it may be swapped for that
#: face-up card (one above the 7), else 0; one lookup for :func:`can_swap`.
_SWAP_FOR: Final = tuple(
    tuple(_BIT[seven_of(trump)] if STRENGTH[card] > _SEVEN_STRENGTH else 0 for card in range(40))
    for trump in range(4)
)


def bits(cards: Sequence[int]) -> int:
    """The bit set of these card indices."""
    total = 0
    for card in cards:
        total |= 1 << card
    return total


def cards_of(hand: int) -> list[int]:
    """The card indices of a bit set, lowest first (for callers outside the inner loop)."""
    found = []
    while hand:
        low = hand & -hand
        found.append(low.bit_length() - 1)
        hand ^= low
    return found


@dataclass(slots=True)
class Position:
    """A hand in play, every card known: hands as bit sets per seat, the face-down stock
    top first (``drawn`` of them gone), the face-up trump card (``-1`` once drawn), the
    trick so far, and the points each side has taken since the position was made."""

    players: int
    trump: int
    hands: list[int]
    stock: tuple[int, ...]
    drawn: int
    face_up: int
    leader: int
    trick: list[int]
    points: list[int]
    tricks: int
    swap_rule: bool

    def copy(self) -> Position:
        """An independent copy (the stock is immutable and shared)."""
        return Position(
            self.players,
            self.trump,
            self.hands.copy(),
            self.stock,
            self.drawn,
            self.face_up,
            self.leader,
            self.trick.copy(),
            self.points.copy(),
            self.tricks,
            self.swap_rule,
        )

    @property
    def turn(self) -> int:
        """The seat to play (meaningless once the hand is over)."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def over(self) -> bool:
        return self.tricks == TRICKS[self.players]


def deal(players: int, dealer: int, deck: Sequence[int], swap_rule: bool) -> Position:
    """The position after the deal of ``deck`` (card indices, top first) as
    docs/RULES.md deals it: three each one at a time from the player after ``dealer``,
    then the face-up trump card, drawn last."""
    n = players
    dealt = 3 * n
    first = (dealer + 1) % n
    hands = [0] * n
    for k in range(n):  # the k-th seat from ``first`` is dealt cards k, k + n and k + 2n
        hands[(first + k) % n] = _BIT[deck[k]] | _BIT[deck[k + n]] | _BIT[deck[k + 2 * n]]
    face_up = deck[dealt]
    return Position(
        n,
        SUIT[face_up],
        hands,
        tuple(deck[dealt + 1 :]),
        0,
        face_up,
        first,
        [],
        [0] * side_count(n),
        0,
        swap_rule,
    )


def can_swap(pos: Position) -> bool:
    """Whether the seat to play may swap the 7 of trumps now (docs/RULES.md)."""
    return (
        pos.swap_rule
        and pos.tricks > 0
        and pos.face_up >= 0
        and not pos.trick
        and pos.hands[pos.leader] & _SWAP_FOR[pos.trump][pos.face_up] != 0
    )


def swap(pos: Position) -> None:
    """The leader gives the 7 of trumps for the face-up card, which it takes in hand."""
    seven = seven_of(pos.trump)
    pos.hands[pos.leader] ^= (1 << seven) | (1 << pos.face_up)
    pos.face_up = seven


def holder(trick: list[int], trump: int) -> tuple[int, int, int]:
    """Of the cards on a trick so far (at least one): the offset of the card that holds it,
    that card's key in ``TRICK_KEYS`` (a card with a higher key would take it), and the
    points on the trick."""
    keys = TRICK_KEYS[4 * trump + SUIT[trick[0]]]
    best = 0
    top = keys[trick[0]]
    points = POINTS[trick[0]]
    for offset in range(1, len(trick)):
        card = trick[offset]
        points += POINTS[card]
        if keys[card] > top:
            best, top = offset, keys[card]
    return best, top, points


def play(pos: Position, card: int) -> None:
    """The seat to play plays ``card`` (which it must hold); a full trick is scored, and
    the stock drawn from the winner round, the face-up card last.

    Every search's inner loop: the last card of a trick is not appended, and the trick is
    scored by comparisons written out for up to four players, without a call or a loop
    (six players loop over the cards after the third)."""
    n = pos.players
    trick = pos.trick
    played = len(trick)
    pos.hands[(pos.leader + played) % n] ^= _BIT[card]
    if played < n - 1:
        trick.append(card)
        return
    leader = pos.leader
    lead = trick[0]
    keys = TRICK_KEYS[4 * pos.trump + SUIT[lead]]
    best = 0
    top = keys[lead]
    gained = POINTS[lead] + POINTS[card]
    if n > 2:
        other = trick[1]
        gained += POINTS[other]
        if keys[other] > top:
            best, top = 1, keys[other]
        if n > 3:
            other = trick[2]
            gained += POINTS[other]
            if keys[other] > top:
                best, top = 2, keys[other]
            if n > 4:
                for offset in range(3, n - 1):
                    other = trick[offset]
                    gained += POINTS[other]
                    if keys[other] > top:
                        best, top = offset, keys[other]
    if keys[card] > top:
        best = n - 1
    winner = (leader + best) % n
    pos.points[SIDE[n][winner]] += gained
    trick.clear()
    pos.leader = winner
    pos.tricks += 1
    if pos.face_up < 0:
        return
    hands = pos.hands
    stock = pos.stock
    drawn = pos.drawn
    if drawn + n <= len(stock):  # the usual round: every card from the stock
        for drawer in DRAW_ORDER[n][winner]:
            hands[drawer] |= _BIT[stock[drawn]]
            drawn += 1
    else:
        for drawer in DRAW_ORDER[n][winner]:
            if drawn < len(stock):
                hands[drawer] |= _BIT[stock[drawn]]
                drawn += 1
            else:
                hands[drawer] |= _BIT[pos.face_up]
                pos.face_up = -1
    pos.drawn = drawn
