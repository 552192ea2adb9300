"""The easy Chiamata bot, for beginners: legal and simple.

In the auction it mostly passes, and now and then bids the lowest bid when that is one of
the three lowest of the ladder (the Ace, the Three or the King; 61 to 63 points); it calls
in the suit it holds most of; in the play it takes a trick holding a load with a card of the
suit led when it can, and otherwise plays a card at random, never the Ace or Three of
trumps while it holds another. Its random choices are seeded from the view, so the same
view always gives the same decision.
"""

from __future__ import annotations

import random
from typing import Final

from briscola.engine import Card, DealView, PlayCard, Suit
from briscola.engine.chiamata import Bid, Call, Pass, level

from ..easy import beginner_card
from ..player import ChiamataBot
from .auction import callable_cards, open_bids
from .seen import auction_of
from .turns import AUCTION, CALL, ChiamataChoice, check_turn

#: How often it bids when it may bid low, and how low is low: the first bids of the ladder.
BIDDING: Final = 0.3
LOW_BIDS: Final = 3


class EasyChiamataBot(ChiamataBot):
    """The easy level for one seat of a Chiamata deal (it needs no memory)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def decide(self, view: DealView) -> ChiamataChoice:
        """A beginner's decision for this seat's ``view``.

        Raises:
            ValueError: if the view is another seat's, or not at this seat's turn.
        """
        phase = check_turn(view, self.seat)
        seat = self.seat
        rng = random.Random(
            f"{view.commitment}/{seat}/{len(view.auction)}/{view.tricks_played}"
            f"/{len(view.trick.cards)}"
        )
        if phase == AUCTION:
            bids = open_bids(view)
            if bids and _low(view, bids[0]) and rng.random() < BIDDING:
                return bids[0]
            return Pass(seat)
        if phase == CALL:
            return Call(seat, _long_suit_call(view))
        assert view.trumps is not None
        trump = Suit.from_code(view.trumps)
        return PlayCard(seat, beginner_card(view.legal, view.trick.cards, trump, rng))


def _low(view: DealView, bid: Bid) -> bool:
    """Whether ``bid`` is among the :data:`LOW_BIDS` lowest of the ladder."""
    at = level(auction_of(view), bid.rank, bid.target)
    return at is not None and at < LOW_BIDS


def _long_suit_call(view: DealView) -> Card:
    """A card of the suit the hand holds most of, of those it may call; the strongest."""
    hand = [Card.from_code(code) for code in view.hand]
    length = {suit: sum(card.suit is suit for card in hand) for suit in Suit}
    cards = callable_cards(view)
    return max(cards, key=lambda card: (length[card.suit], card not in hand, card.strength))
