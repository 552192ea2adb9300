"""Briscola Chiamata deals for the bots' tests: played by bots through the engine's public
API, or arranged card by card in the middle of the play."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from briscola.bots import Bot, ChiamataChoice
from briscola.bots.chiamata.memory import Memory
from briscola.engine import DECK, Card, DealView, Phase, Rank
from briscola.engine.chiamata import (
    PLAYERS,
    Bid,
    ChiamataRules,
    DealState,
    Pass,
    apply,
    deal_result,
    legal,
    start_deal,
    view,
)
from briscola.engine.deal import commitment


@dataclass(frozen=True)
class Decision:
    """One decision of a deal: the state before it, the view shown, the choice made."""

    state: DealState
    seen: DealView
    choice: ChiamataChoice


def play_deal(
    bots: Sequence[Bot], seed: bytes, dealer: int, rules: ChiamataRules | None = None
) -> tuple[DealState, list[Decision]]:
    """Play one deal, each seat's bot given that seat's views in order, every choice
    checked against the engine's legal actions: the last state and every decision."""
    state = start_deal(rules or ChiamataRules(), dealer, seed)
    decisions = []
    while state.turn is not None:
        seat = state.turn
        seen = view(state, seat)
        choice = bots[seat].choose(seen)
        assert choice in legal(state, seat), (choice, state.phase)
        decisions.append(Decision(state, seen, choice))
        state = apply(state, choice)
    return state, decisions


def remembered(decisions: list[Decision]) -> Iterator[tuple[Decision, Memory]]:
    """Each decision with its seat's memory of the deal then, fed each of its views in
    order (as a strong bot's is)."""
    memories = [Memory(seat) for seat in range(PLAYERS)]
    for decision in decisions:
        seat = decision.seen.seat
        assert seat is not None
        memories[seat] = memories[seat].seen(decision.seen)
        yield decision, memories[seat]


def seat_points(
    make: Callable[[int, bool], Bot], deals: int, tag: str, rules: ChiamataRules | None = None
) -> list[float]:
    """Per deal of ``deals`` seeded ones, the tested bot's match points averaged over the
    five seats it plays in turn (``make(seat, tested)`` makes each seat's bot)."""
    found = []
    for number in range(deals):
        seed = random.Random(f"{tag}/{number}").randbytes(32)
        total = 0
        for tested in range(PLAYERS):
            bots = [make(seat, seat == tested) for seat in range(PLAYERS)]
            state, _ = play_deal(bots, seed, number % PLAYERS, rules)
            result = deal_result(state)
            total += 0 if result is None else result.deltas[tested]
        found.append(total / PLAYERS)
    return found


def arranged(
    hands: Sequence[str],
    caller: int,
    called: str,
    leader: int,
    trick: str = "",
    rank: Rank | None = None,
    rules: ChiamataRules | None = None,
) -> DealState:
    """A deal at the first trick of the play, arranged: each seat's ``hands`` (codes
    separated by spaces, the cards it still holds), the cards already on the ``trick`` led
    by ``leader``, the ``caller`` who won the auction with the called card's rank (or
    ``rank`` at 61) against four passes, and the ``called`` card. Every card is somewhere."""
    held = [tuple(Card.from_code(code) for code in hand.split()) for hand in hands]
    on_trick = tuple(Card.from_code(code) for code in trick.split())
    assert sum(map(len, held)) + len(on_trick) == 40
    card = Card.from_code(called)
    partner = next(
        (seat for seat in range(PLAYERS) if card in held[seat]),
        (leader + on_trick.index(card)) % PLAYERS if card in on_trick else None,
    )
    assert partner is not None
    high = Bid(caller, card.rank if rank is None else rank, 61)
    auction = (high, *(Pass((caller + k) % PLAYERS) for k in range(1, PLAYERS)))
    seed = bytes(32)
    return DealState(
        rules or ChiamataRules(),
        (leader - 1) % PLAYERS,
        seed,
        commitment(seed),
        tuple(held),
        Phase.PLAY,
        (leader + len(on_trick)) % PLAYERS,
        auction=auction,
        passed=tuple(seat != caller for seat in range(PLAYERS)),
        high=high,
        caller=caller,
        called=card,
        partner=partner,
        leader=leader,
        trick=on_trick,
        revealed=card in on_trick,
    )


def hands_around(trick: str, sizes: list[int], placed: dict[int, str]) -> list[str]:
    """Hands of ``sizes`` cards from those not on ``trick``: each seat's ``placed`` cards,
    then the rest in the canonical order."""
    taken = set(trick.split()) | {code for codes in placed.values() for code in codes.split()}
    rest = [card.code for card in DECK if card.code not in taken]
    hands = []
    for seat, size in enumerate(sizes):
        mine = placed.get(seat, "").split()
        hands.append(" ".join(mine + [rest.pop(0) for _ in range(size - len(mine))]))
    return hands
