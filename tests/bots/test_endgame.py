"""The exact endgame finds the best play, checked against plain minimax."""

from __future__ import annotations

import random

import pytest

from briscola.bots import make_bot, sim
from briscola.bots.endgame import moves, solve
from briscola.bots.rollout import choose
from briscola.bots.strong import Settings, StrongBot
from briscola.engine import (
    Card,
    GameName,
    HandRules,
    PlayCard,
    StockShown,
    apply,
    start_hand,
    view,
)
from support.hands import play_hand, position_of


def brute_force(pos: sim.Position, side: int, modelled: bool) -> int:
    """``side``'s points from ``pos`` on with best play by both sides, by full minimax
    (``modelled``: the other side plays the rollout policy)."""
    if pos.over:
        return 0
    mine = sim.SIDE[pos.players][pos.turn] == side
    if modelled and not mine:
        return after(pos, sim.SWAP if sim.can_swap(pos) else choose(pos), side, modelled)
    values = [after(pos, move, side, modelled) for move in moves(pos)]
    return max(values) if mine else min(values)


def after(pos: sim.Position, move: int, side: int, modelled: bool = False) -> int:
    child = pos.copy()
    if move == sim.SWAP:
        sim.swap(child)
    else:
        sim.play(child, move)
    return child.points[side] - pos.points[side] + brute_force(child, side, modelled)


def two_player(mine: str, theirs: str, trump: str, trick: str = "") -> sim.Position:
    """A two-player position with the stock gone: seat 0 (``mine``) to play."""
    index = [Card.from_code(code).index for code in trick.split()]
    return sim.Position(
        2,
        "DCSB".index(trump),
        [sim.bits([Card.from_code(c).index for c in cards.split()]) for cards in (mine, theirs)],
        (),
        0,
        -1,
        1 if index else 0,
        index,
        [0, 0],
        20 - len(mine.split()),
        False,
    )


@pytest.mark.parametrize(
    ("mine", "theirs", "trump", "trick", "best"),
    [
        # Leading the 2 of trumps, the heuristic's cheapest card, lets the Ace of trumps
        # take everything after it (0 points); the King or Three first keeps 4.
        ("2D 3C KS", "AD AC 4S", "D", "", "KS"),
        # On their Three of swords the Ace of swords or the 5 of trumps takes 21.
        ("AS 5D 4C", "KC 2B", "D", "3S", "AS"),
        # On their Ace of clubs only the 7 of trumps takes it: 11 points, else none.
        ("7B 2C 4S", "3B 6C", "B", "AC", "7B"),
        # The top three trumps against three plain loads: 50 points whatever the order.
        ("AD 3D KD", "AC 3C KC", "D", "", None),
    ],
)
def test_small_hand_made_positions_are_solved_exactly(
    mine: str, theirs: str, trick: str, trump: str, best: str | None
) -> None:
    """On small hand-made two-player endgames every move's value is minimax's, and the
    expected best card is among the best."""
    pos = two_player(mine, theirs, trump, trick)
    values = solve(pos)
    assert values == {move: after(pos, move, 0) for move in moves(pos)}
    if best is not None:
        assert values[Card.from_code(best).index] == max(values.values())


def test_random_two_player_endgames_match_minimax() -> None:
    """From the last five tricks of 30 real two-player hands (draws still to come) and
    from the last three, the solver's values are minimax's, and with the opponent playing
    the rollout policy, the best replies found by brute force."""
    checked = 0
    for number in range(30):
        seed = random.Random(f"endgame/{number}").randbytes(32)
        _, decisions = play_hand([make_bot("normal", s) for s in range(2)], seed, number % 2)
        for decision in decisions:
            if len(decision.state.tricks) >= 15 and isinstance(decision.action, PlayCard):
                pos = position_of(decision.state)
                side = pos.turn
                assert solve(pos) == {move: after(pos, move, side) for move in moves(pos)}
                replies = {move: after(pos, move, side, True) for move in moves(pos)}
                assert solve(pos, modelled=True) == replies
                checked += 1
    assert checked > 250


def test_the_strong_bot_plays_the_exact_endgame() -> None:
    """Once the stock is gone, a strong bot that saw the whole two-player hand plays a
    card of the best value by minimax, at every decision of 20 hands."""
    checked = 0
    for number in range(20):
        seed = random.Random(f"strong-endgame/{number}").randbytes(32)
        bots = [StrongBot(0, Settings(plays=600, min_samples=2)), make_bot("normal", 1)]
        _, decisions = play_hand(bots, seed, number % 2)
        for decision in decisions:
            seen = decision.seen
            if seen.seat == 0 and seen.stock == 0 and len(seen.legal) > 1:
                assert isinstance(decision.action, PlayCard)
                pos = position_of(decision.state)
                values = {move: after(pos, move, 0) for move in moves(pos)}
                assert values[decision.action.card.index] == max(values.values())
                checked += 1
    assert checked > 20


def test_with_the_stock_shown_the_strong_bot_plays_the_perfect_information_game() -> None:
    """In Scoperta with the whole stock shown every card's place is known: at each of the
    strong bot's decisions of 12 hands against normal with five tricks left or fewer (the
    stock still drawn from at four and five) its card has the best value by brute-force
    minimax, and with six to eight left the best value by the exact solver."""
    rules = HandRules(2, True, GameName.SCOPERTA, StockShown.ALL)
    brute = solved = 0
    for number in range(12):
        seed = random.Random(f"scoperta-endgame/{number}").randbytes(32)
        state = start_hand(rules, number % 2, seed)
        bots = [StrongBot(0, Settings(horizon=1)), make_bot("normal", 1)]
        while not state.over:
            seat = state.turn
            assert seat is not None
            seen = view(state, seat)
            action = bots[seat].choose(seen)
            left = 20 - len(state.tricks)
            if seat == 0 and len(seen.legal) > 1 and left <= 8:
                assert isinstance(action, PlayCard)
                pos = position_of(state)
                if left <= 5:
                    values = {move: after(pos, move, 0) for move in moves(pos)}
                    brute += 1
                else:
                    values = solve(pos)
                    solved += 1
                assert values[action.card.index] == max(values.values())
            state = apply(state, action)
    assert brute > 40 and solved > 20
