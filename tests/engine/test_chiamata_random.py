"""Random Chiamata matches of every option: whatever legal lists applies, everything else a
seat could send is refused (with a code, the state unchanged), and each deal keeps its
invariants."""

from __future__ import annotations

import random

from chiamata_support import ALL_RULES, random_policy, universe
from engine_helpers import seed_of

from briscola.engine import Resign, RuleError
from briscola.engine.chiamata import (
    PLAYERS,
    ChiamataAction,
    DealState,
    apply,
    apply_action,
    deal,
    deal_result,
    legal,
    new_match,
)
from briscola.engine.phase import Phase

UNIVERSE = {seat: universe(seat) for seat in range(PLAYERS)}


def accepted(deal_: DealState, action: ChiamataAction) -> bool:
    try:
        apply(deal_, action)
    except RuleError:
        return False
    return True


def check_moves(deal_: DealState, rng: random.Random, everything: bool) -> None:
    """Every legal action applies; of the rest, every one (or a sample) is refused."""
    for seat in range(PLAYERS):
        allowed = set(legal(deal_, seat))
        assert len(allowed) == len(legal(deal_, seat))
        assert (seat == deal_.turn) == bool(allowed)
        for action in allowed:
            assert accepted(deal_, action), action
        candidates = UNIVERSE[seat] if everything else rng.sample(UNIVERSE[seat], 40)
        for action in candidates:
            if action not in allowed:
                assert not accepted(deal_, action), action


def check_invariants(deal_: DealState) -> None:
    cards = [c for hand in deal_.hands for c in hand]
    cards += [c for pile in deal_.captured for c in pile] + list(deal_.trick)
    assert sorted(c.index for c in cards) == list(range(40))
    in_trick = {(deal_.leader + k) % PLAYERS for k in range(len(deal_.trick))}
    for seat, hand in enumerate(deal_.hands):
        assert len(hand) == 8 - len(deal_.tricks) - (seat in in_trick)
    assert (deal_.turn is None) == (deal_.phase is Phase.OVER)
    if deal_.called is not None and not deal_.revealed:
        assert deal_.partner is not None and deal_.called in deal_.hands[deal_.partner]


def test_random_matches() -> None:
    rng = random.Random(22)
    finished = {"played": 0, "void": 0, "resigned": 0}
    for number in range(16):
        rules = ALL_RULES[number % len(ALL_RULES)]
        policy = random_policy(rng, rng.choice((0.3, 0.6, 0.9)))
        match = new_match(rules, seed_of(("random", number)))
        dealt = 0
        while not match.over:
            match = deal(match, seed_of(("random deal", number, dealt)))
            dealt += 1
            while (hand := match.hand) is not None and hand.turn is not None:
                check_invariants(hand)
                check_moves(hand, rng, everything=rng.random() < 0.02)
                if rng.random() < 0.0015:
                    action: ChiamataAction = Resign(rng.randrange(PLAYERS))
                else:
                    action = policy(hand, legal(hand, hand.turn))
                match = apply_action(match, action)
            assert match.hand is not None
            check_invariants(match.hand)
            result = deal_result(match.hand)
            if match.hand.resigned is not None:
                finished["resigned"] += 1
            else:
                finished["void" if result is None else "played"] += 1
            if result is not None:
                assert sum(result.points) == 120 and sum(result.deltas) == 0
        assert sum(match.scores) == 0 and match.outcome is not None
    assert all(finished.values()), finished
