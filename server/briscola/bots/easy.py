"""The easy bot, for beginners: mostly a random legal card, with a few sane rules.

It swaps the 7 when it may, takes a trick holding a load (an Ace or a Three) when a card of
the suit led does it, and otherwise plays a card at random, though never the Ace or Three of
trumps while it holds another card. Its random choices are seeded from the view, so the same
view always gives the same move.
"""

from __future__ import annotations

import random
from typing import Final

from briscola.engine import Card, HandView, PlayCard, Suit, SwapSeven, beats

from .claims import Signaller
from .heuristic import check_turn
from .player import BotChoice

_LOAD: Final = 10
_HIGH: Final = 8  # the Three's strength


class EasyBot(Signaller):
    """The easy level for one seat (it needs no memory)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def decide(self, view: HandView) -> BotChoice:
        """A beginner's move for this seat's ``view``.

        Raises:
            ValueError: if the view is another seat's, or not at this seat's turn.
        """
        seat = check_turn(view, self.seat)
        if view.can_swap:
            return SwapSeven(seat)
        trick = view.trick.cards
        rng = random.Random(f"{view.commitment}/{seat}/{view.tricks_played}/{len(trick)}")
        return PlayCard(seat, beginner_card(view.legal, trick, Suit.from_code(view.trump), rng))


def beginner_card(
    legal: tuple[str, ...], on_trick: tuple[str, ...], trump: Suit, rng: random.Random
) -> Card:
    """The beginner's card of ``legal`` (codes) on a trick of ``on_trick``: one of the
    suit led that takes a trick holding a load, else one at random, never the Ace or Three
    of trumps while there is another."""
    hand = [Card.from_code(code) for code in legal]
    trick = [Card.from_code(code) for code in on_trick]
    if sum(card.points for card in trick) >= _LOAD:
        holder = _holder(trick, trump)
        takers = [c for c in hand if c.suit is trick[0].suit and beats(c, holder, trump)]
        if takers:
            return takers[0]
    kept = [c for c in hand if not (c.suit is trump and c.strength >= _HIGH)] or hand
    return rng.choice(kept)


def _holder(trick: list[Card], trump: Suit) -> Card:
    """The card that holds the trick so far."""
    best = trick[0]
    for card in trick[1:]:
        if beats(card, best, trump):
            best = card
    return best
