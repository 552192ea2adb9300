"""Shared helpers of the Chiamata engine tests: playing deals and matches at random,
arranging who holds which card, refusing actions, and the universe of actions a seat could
send."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator

import pytest
from engine_helpers import seed_of

from briscola.engine import DECK, Card, ErrorCode, PlayCard, Rank, RuleError
from briscola.engine.chiamata import (
    PLAYERS,
    Auction,
    Bid,
    Call,
    ChiamataAction,
    ChiamataMatch,
    ChiamataRules,
    DealState,
    Pass,
    apply,
    apply_action,
    deal,
    legal,
    new_match,
    start_deal,
)

DEFAULT = ChiamataRules()
Policy = Callable[[DealState, list[ChiamataAction]], ChiamataAction]
ALL_RULES = [
    ChiamataRules(auction, self_call, cappotto)
    for auction in Auction
    for self_call in (True, False)
    for cappotto in (True, False)
]


def random_policy(rng: random.Random, passing: float = 0.6) -> Policy:
    """Uniform among the legal actions, but pass in the auction with ``passing``."""

    def choose(deal: DealState, actions: list[ChiamataAction]) -> ChiamataAction:
        if type(actions[-1]) is Pass and rng.random() < passing:
            return actions[-1]
        return rng.choice(actions)

    return choose


def bidding(*speeches: tuple[Rank | None, int] | None) -> Policy:
    """Speak ``speeches`` in turn (``None`` a pass; a bid as (rank, target)), then call the
    first card allowed and play the first card of the hand."""
    queue = list(speeches)

    def choose(deal: DealState, actions: list[ChiamataAction]) -> ChiamataAction:
        seat = actions[0].seat
        if queue and type(actions[-1]) is Pass:
            speech = queue.pop(0)
            return Pass(seat) if speech is None else Bid(seat, *speech)
        return actions[0]

    return choose


def play(deal: DealState, policy: Policy) -> Iterator[DealState]:
    """Every state of ``deal`` from now to its end, played by ``policy``."""
    yield deal
    while deal.turn is not None:
        deal = apply(deal, policy(deal, legal(deal, deal.turn)))
        yield deal


def finish(deal: DealState, policy: Policy) -> DealState:
    *_, last = play(deal, policy)
    return last


def a_deal(label: object, rules: ChiamataRules = DEFAULT, dealer: int = 0) -> DealState:
    return start_deal(rules, dealer, seed_of(("chiamata", label)))


def a_match(label: object, rules: ChiamataRules = DEFAULT) -> ChiamataMatch:
    return new_match(rules, seed_of(("chiamata match", label)))


def play_match(match: ChiamataMatch, policy: Policy, label: object) -> ChiamataMatch:
    """``match`` played to its end, each deal from a seed named by ``label``."""
    number = 0
    while not match.over:
        match = deal(match, seed_of(("chiamata deal", label, number)))
        number += 1
        hand = match.hand
        assert hand is not None
        while hand.turn is not None:
            match = apply_action(match, policy(hand, legal(hand, hand.turn)))
            hand = match.hand
            assert hand is not None
    return match


def refuse(deal: DealState, action: ChiamataAction, code: ErrorCode) -> RuleError:
    """``action`` is refused with ``code``."""
    with pytest.raises(RuleError) as refused:
        apply(deal, action)
    assert refused.value.code is code, refused.value
    return refused.value


def holding(deal: DealState, seat: int, cards: list[str]) -> DealState:
    """The same deal with ``seat`` holding ``cards`` (in its first places), each displaced
    card moved to where the card it makes room for came from: every card stays once, hand
    sizes stay, only where the cards lie changes. Before the call only."""
    hands = [list(hand) for hand in deal.hands]
    for index, code in enumerate(cards):
        card = Card.from_code(code)
        source = next(s for s in range(PLAYERS) if card in hands[s])
        place = hands[source].index(card)
        hands[source][place], hands[seat][index] = hands[seat][index], card
    return dataclasses.replace(deal, hands=tuple(tuple(hand) for hand in hands))


def speak(deal: DealState, *speeches: tuple[Rank | None, int] | None) -> DealState:
    """``deal`` after each seat in turn bids (rank, target) or passes (``None``)."""
    for speech in speeches:
        seat = deal.turn
        assert seat is not None
        deal = apply(deal, Pass(seat) if speech is None else Bid(seat, *speech))
    return deal


def universe(seat: int) -> list[ChiamataAction]:
    """Every action ``seat`` could send but a resignation: every bid of either form at
    every target from 60 to 121, the pass, a call and a play of every card."""
    ranks: list[Rank | None] = [None, *Rank]
    return [
        *(Bid(seat, rank, target) for rank in ranks for target in range(60, 122)),
        Pass(seat),
        *(Call(seat, card) for card in DECK),
        *(PlayCard(seat, card) for card in DECK),
    ]
