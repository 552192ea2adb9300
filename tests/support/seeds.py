"""Seeds chosen for what their first deal holds, for the browser tests that need one."""

from __future__ import annotations

import hashlib

from briscola.engine import HandRules
from briscola.engine.deal import random_stream, unbiased_below
from briscola.engine.rules import start_hand


def swap_seed() -> tuple[bytes, list[str], str]:
    """A seed whose first hand (two players, swap of the 7) gives seat 0 the 7 and the Ace
    of trumps with a King, Knight or Jack face up: seat 0 surely takes a trick with the Ace
    and may then swap. Returns the seed, seat 0's cards and the face-up card."""
    rules = HandRules(players=2, swap_seven=True)
    for i in range(100_000):
        seed = hashlib.sha256(str(i).encode()).digest()
        # The match's seed draws the first dealer; the same seed deals the first hand.
        dealer = unbiased_below(random_stream(seed), 2)
        hand = start_hand(rules, dealer, seed)
        cards = [card.code for card in hand.hands[0]]
        face_up = hand.stock[-1].code
        trump = face_up[1]
        if f"7{trump}" in cards and f"A{trump}" in cards and face_up[0] in "KNJ":
            return seed, cards, face_up
    raise AssertionError("no seed found")
