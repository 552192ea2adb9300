"""Sampling the cards a seat cannot see: deals consistent with everything public.

A :class:`Knowledge` is what one seat knows at a decision, as card indices: its own hand,
the public cards in each hand (a card taken by a swap of the 7, the face-up card taken by the
last draw), the face-up card while it lies, how many cards each hand and the stock hold,
the trick, the cards it cannot place (:attr:`Knowledge.unseen`) and, if it saw every trick,
the points each side took. :func:`sample` deals those at random into the hidden places: the
other seats' hidden cards and the face-down stock, whose order is random too; the face-up
card stays last in the stock, so the seat that draws last takes it. Briscola has no duty to
follow suit, so a card played says nothing of what its player still holds: every hidden
place may hold any unseen card. Cards the seat saw nobody play but that must have been
played (a bot made in mid-hand) are the unseen cards left over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from briscola.engine import Card, HandView, Suit
from briscola.engine.cards import TWO_OF_COINS
from briscola.engine.state import side_count

from .memory import Memory
from .sim import Position, bits


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows at its decision, cards as indices (``face_up`` -1 once drawn)."""

    players: int
    seat: int
    trump: int
    hand: int
    public: tuple[int, ...]
    hidden: tuple[int, ...]
    face_down: int
    face_up: int
    leader: int
    trick: tuple[int, ...]
    tricks: int
    swap_rule: bool
    unseen: tuple[int, ...]
    scores: tuple[int, ...] | None = None

    @property
    def exact(self) -> bool:
        """Whether only one deal is possible: nothing hidden in the stock, and the hidden
        cards all in one other hand."""
        holders = sum(1 for count in self.hidden if count)
        return self.face_down == 0 and holders <= 1 and sum(self.hidden) == len(self.unseen)


def knowledge(view: HandView, memory: Memory) -> Knowledge:
    """What the view and the memory of its seat tell, as card indices.

    Raises:
        ValueError: if the view is a spectator's, or shows fewer unseen cards than there
            are hidden places (a view and memory of different hands).
    """
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no seat to choose for")
    n = view.players
    index = _index
    hand = [index(code) for code in view.hand]
    public = [[index(code) for code in cards] for cards in view.public]
    trick = tuple(index(code) for code in view.trick.cards)
    face_up = index(view.face_up) if view.face_up is not None else -1
    known = set(hand).union(trick, memory.played, *public)
    if face_up >= 0:
        known.add(face_up)
    deck = _DECK_3 if n == 3 else range(40)
    unseen = tuple(card for card in deck if card not in known)
    hidden = tuple(0 if s == seat else view.hand_sizes[s] - len(public[s]) for s in range(n))
    face_down = view.stock - (1 if face_up >= 0 else 0)
    if len(unseen) < sum(hidden) + face_down:
        raise ValueError("fewer unseen cards than hidden places: view and memory disagree")
    return Knowledge(
        n,
        seat,
        int(Suit.from_code(view.trump)),
        bits(hand),
        tuple(bits(cards) for cards in public),
        hidden,
        face_down,
        face_up,
        view.trick.leader,
        trick,
        view.tricks_played,
        bool(memory.swap_rule),
        unseen,
        memory.scores or None,
    )


def sample(known: Knowledge, rng: random.Random) -> Position:
    """One deal of the unseen cards into the hidden places, uniformly at random."""
    pool = list(known.unseen)
    rng.shuffle(pool)
    hands = list(known.public)
    hands[known.seat] |= known.hand
    taken = 0
    for s, count in enumerate(known.hidden):
        for card in pool[taken : taken + count]:
            hands[s] |= 1 << card
        taken += count
    return Position(
        known.players,
        known.trump,
        hands,
        tuple(pool[taken : taken + known.face_down]),
        0,
        known.face_up,
        known.leader,
        list(known.trick),
        [0] * side_count(known.players),
        known.tricks,
        known.swap_rule,
    )


_DECK_3 = tuple(card for card in range(40) if card != TWO_OF_COINS.index)


def _index(code: str) -> int:
    return Card.from_code(code).index
