"""Sampling the cards a seat cannot see: deals consistent with everything it knows.

A :class:`Knowledge` is what one seat knows at a decision, as card indices: its own hand,
the cards it knows to be in each other hand (:attr:`Knowledge.placed`: a card taken by a
swap of the 7, the face-up card taken by the last draw; in Scoperta every hand), the
face-up card while it lies, the top of the stock as far as Scoperta shows it, how many
cards each hand and the stock hold, the trick, the cards it cannot place
(:attr:`Knowledge.unseen`) and, if it saw every trick, the points each side took.
:func:`sample` deals the unseen cards at random into the hidden places: the other seats'
hidden cards and the stock below its shown top, whose order is random too; the face-up
card stays last in the stock, so the seat that draws last takes it. Briscola has no duty to
follow suit, so a card played says nothing of what its player still holds: every hidden
place may hold any unseen card. Cards the seat saw nobody play but that must have been
played (a bot made in mid-hand) are the unseen cards left over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from briscola.engine import Card, HandView, Suit
from briscola.engine.deal import initial_deck
from briscola.engine.state import PLAYER_COUNTS, side_count

from .memory import Memory
from .sim import Position, bits


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows at its decision, cards as indices (``face_up`` -1 once drawn).

    ``placed`` holds per seat the cards known to be in its hand (``0`` for the seat
    itself, whose hand is ``hand``), ``hidden`` how many other cards each holds;
    ``face_down`` counts the stock's cards but the face-up one, of which ``stock_top`` are
    known, top first.
    """

    players: int
    seat: int
    trump: int
    hand: int
    placed: tuple[int, ...]
    hidden: tuple[int, ...]
    face_down: int
    face_up: int
    leader: int
    trick: tuple[int, ...]
    tricks: int
    swap_rule: bool
    unseen: tuple[int, ...]
    scores: tuple[int, ...] | None = None
    stock_top: tuple[int, ...] = ()

    @property
    def exact(self) -> bool:
        """Whether only one deal is possible: every card's place known, or the stock known
        and the unknown cards all in one other hand, which holds every unseen card."""
        free = sum(self.hidden)
        if free == 0 and self.face_down == len(self.stock_top):
            return True
        holders = sum(1 for count in self.hidden if count)
        return self.face_down == len(self.stock_top) and holders <= 1 and free == len(self.unseen)


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
    trump = int(Suit.from_code(view.trump))
    hand = [index(code) for code in view.hand]
    placed = [0 if s == seat else bits([index(code) for code in view.public[s]]) for s in range(n)]
    trick = tuple(index(code) for code in view.trick.cards)
    face_up = index(view.face_up) if view.face_up is not None else -1
    stock_top = tuple(index(code) for code in view.stock_cards)
    known = bits([*hand, *trick, *memory.played, *stock_top])
    if face_up >= 0:
        known |= 1 << face_up
    for cards in placed:
        known |= cards
    unseen = [card for card in _DECKS[n] if not known >> card & 1]
    hidden = [0 if s == seat else view.hand_sizes[s] - placed[s].bit_count() for s in range(n)]
    face_down = view.stock - (1 if face_up >= 0 else 0)
    if len(unseen) < sum(hidden) + face_down - len(stock_top):
        raise ValueError("fewer unseen cards than hidden places: view and memory disagree")
    return Knowledge(
        n,
        seat,
        trump,
        bits(hand),
        tuple(placed),
        tuple(hidden),
        face_down,
        face_up,
        view.trick.leader,
        trick,
        view.tricks_played,
        bool(memory.swap_rule),
        tuple(unseen),
        memory.scores or None,
        stock_top,
    )


def sample(known: Knowledge, rng: random.Random) -> Position:
    """One deal of the unseen cards into the hidden places, uniformly at random."""
    pool = list(known.unseen)
    hands = list(known.placed)
    hands[known.seat] = known.hand
    rng.shuffle(pool)
    taken = 0
    for s, count in enumerate(known.hidden):
        for card in pool[taken : taken + count]:
            hands[s] |= 1 << card
        taken += count
    below = known.face_down - len(known.stock_top)
    return Position(
        known.players,
        known.trump,
        hands,
        (*known.stock_top, *pool[taken : taken + below]),
        0,
        known.face_up,
        known.leader,
        list(known.trick),
        [0] * side_count(known.players),
        known.tricks,
        known.swap_rule,
    )


def _deck(players: int) -> tuple[int, ...]:
    return tuple(card.index for card in initial_deck(players))


#: Per player count, the pack's card indices (no 2 of coins with three, no 2s with six).
_DECKS = {n: _deck(n) for n in PLAYER_COUNTS}


def _index(code: str) -> int:
    return Card.from_code(code).index
