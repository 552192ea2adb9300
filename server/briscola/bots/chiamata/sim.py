"""A fast simulator of the play of one Briscola Chiamata deal, for the bots.

As in :mod:`briscola.bots.sim`, a card is its canonical index (0 to 39), a hand a bit set of
indices, and a :class:`Position` one mutable value that :func:`play` changes in place. Five
seats, no stock: eight tricks from hand. Each seat's points are kept apart (the sides are
the caller with the holder of the called card, against the rest), and so is what each seat
*knows* of the sides, :attr:`Position.rel`: the holder of the called card and a caller alone
know every side from the call; the caller knows only itself until the called card is played;
a defender knows the caller is against it and itself, not which of the other three is the
partner. When the called card is played everyone knows everything.

A seeded test holds the simulator equal to the engine (tricks, winners, points).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from briscola.engine.cards import TRICK_KEYS

from ..sim import POINTS, SUIT, cards_of

#: Five players, eight tricks of five cards.
SEATS: Final = 5
TRICKS: Final = 8

#: What a seat knows of another's side (:attr:`Position.rel`): on its side, against it, or
#: not known — a defender's view of the three seats it cannot tell apart (two of them its
#: fellow defenders). A caller with a hidden partner takes every other seat as against it.
FOE: Final = 0
UNSURE: Final = 1
FRIEND: Final = 2

_BIT: Final = tuple(1 << card for card in range(40))

Relations = tuple[tuple[int, ...], ...]


def _relations(caller: int, partner: int, revealed: bool) -> Relations:
    """``rel[a][b]``: what seat ``a`` knows of seat ``b``'s side (see the module)."""
    team = {caller, partner}

    def known(a: int, b: int) -> int:
        return FRIEND if (a in team) == (b in team) else FOE

    rows = []
    for a in range(SEATS):
        if revealed or a == partner:
            rows.append(tuple(known(a, b) for b in range(SEATS)))
        elif a == caller:
            rows.append(tuple(FRIEND if b == a else FOE for b in range(SEATS)))
        else:
            rows.append(
                tuple(FRIEND if b == a else FOE if b == caller else UNSURE for b in range(SEATS))
            )
    return tuple(rows)


#: ``RELATIONS[revealed][caller][partner]``, made once.
RELATIONS: Final = tuple(
    tuple(tuple(_relations(c, p, revealed) for p in range(SEATS)) for c in range(SEATS))
    for revealed in (False, True)
)


def same_side(caller: int, partner: int) -> tuple[bool, ...]:
    """Per seat, whether it is on the caller's side."""
    return tuple(seat in (caller, partner) for seat in range(SEATS))


@dataclass(slots=True)
class Position:
    """A deal in play, every card placed: the hands as bit sets, trumps, the trick so far
    and who led it, each seat's points (those taken before the position included), the
    tricks played, the cards played (a bit set), the caller, the seat holding the called
    card (``partner``, the caller when alone) and that card, whether it has been played,
    and :attr:`rel`, what each seat knows of the others' sides."""

    trump: int
    hands: list[int]
    leader: int
    trick: list[int]
    points: list[int]
    tricks: int
    played: int
    caller: int
    partner: int
    called: int
    revealed: bool
    rel: Relations

    def copy(self) -> Position:
        """An independent copy."""
        return Position(
            self.trump,
            self.hands.copy(),
            self.leader,
            self.trick.copy(),
            self.points.copy(),
            self.tricks,
            self.played,
            self.caller,
            self.partner,
            self.called,
            self.revealed,
            self.rel,
        )

    @property
    def turn(self) -> int:
        """The seat to play (meaningless once the deal is over)."""
        return (self.leader + len(self.trick)) % SEATS

    @property
    def over(self) -> bool:
        return self.tricks == TRICKS

    def side_points(self) -> int:
        """The caller's side's points."""
        points = self.points
        if self.partner == self.caller:
            return points[self.caller]
        return points[self.caller] + points[self.partner]


def position(
    trump: int,
    hands: list[int],
    leader: int,
    trick: list[int],
    points: list[int],
    tricks: int,
    played: int,
    caller: int,
    partner: int,
    called: int,
) -> Position:
    """A position with what every seat knows of the sides worked out."""
    revealed = played >> called & 1 == 1
    rel = RELATIONS[revealed][caller][partner]
    return Position(
        trump, hands, leader, trick, points, tricks, played, caller, partner, called, revealed, rel
    )


def play(pos: Position, card: int) -> None:
    """The seat to play plays ``card`` (which it must hold); a full trick is scored and its
    winner leads the next. Playing the called card shows everyone the sides."""
    trick = pos.trick
    played = len(trick)
    bit = _BIT[card]
    pos.hands[(pos.leader + played) % SEATS] ^= bit
    pos.played |= bit
    if card == pos.called:
        pos.revealed = True
        pos.rel = RELATIONS[1][pos.caller][pos.partner]
    if played < SEATS - 1:
        trick.append(card)
        return
    keys = TRICK_KEYS[4 * pos.trump + SUIT[trick[0]]]
    best = 4
    top = keys[card]
    gained = POINTS[card]
    for offset in range(4):
        other = trick[offset]
        gained += POINTS[other]
        if keys[other] > top:
            best, top = offset, keys[other]
    winner = (pos.leader + best) % SEATS
    pos.points[winner] += gained
    trick.clear()
    pos.leader = winner
    pos.tricks += 1


def moves(pos: Position) -> list[int]:
    """The cards the seat to play may play: any card of its hand."""
    return cards_of(pos.hands[pos.turn])
