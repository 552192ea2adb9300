"""Hands played by bots through the engine's public API, for the bots' tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from briscola.bots import Bot
from briscola.bots.sim import Position, bits
from briscola.engine import (
    HandRules,
    HandState,
    HandView,
    PlayCard,
    SwapSeven,
    apply,
    hand_result,
    side_count,
    start_hand,
    view,
)


@dataclass(frozen=True)
class Decision:
    """One decision of a hand: the state before it, the view shown, the action taken."""

    state: HandState
    seen: HandView
    action: PlayCard | SwapSeven


def play_hand(
    bots: Sequence[Bot], seed: bytes, dealer: int = 0, swap: bool = True
) -> tuple[tuple[int, ...], list[Decision]]:
    """Play one hand, each seat's bot given that seat's views in order.

    Returns:
        The points per side and every decision of the hand.
    """
    state, decisions = play(HandRules(len(bots), swap), bots, seed, dealer)
    return hand_result(state).points, decisions


def play(
    rules: HandRules, bots: Sequence[Bot], seed: bytes, dealer: int = 0
) -> tuple[HandState, list[Decision]]:
    """One hand of ``rules``, each seat's bot given that seat's views in order: the last
    state and every decision."""
    state = start_hand(rules, dealer, seed)
    decisions = []
    while not state.over:
        seat = state.turn
        assert seat is not None
        seen = view(state, seat)
        action = bots[seat].choose(seen)
        decisions.append(Decision(state, seen, action))
        state = apply(state, action)
    return state, decisions


def duplicate_margin(
    make: Callable[[int, bool], Bot], players: int, deals: int, tag: str
) -> tuple[float, int, int]:
    """The tested bots' mean margin per hand over ``deals`` seat-fair duplicate deals.

    Args:
        make: ``make(seat, tested)``, the bot for a seat, of the tested kind or the other.
        players: 2 or 4 (with four, the tested kind plays one partnership).
        deals: how many deals, each played twice with the sides swapped.
        tag: names the deals' seeds.

    Returns:
        The tested side's mean points minus the other's, its decisive hands won, and lost.
    """
    total = won = lost = 0
    for number in range(deals):
        seed = random.Random(f"{tag}/{number}").randbytes(32)
        for tested_side in (0, 1):
            bots = [make(seat, seat % 2 == tested_side) for seat in range(players)]
            points, _ = play_hand(bots, seed, number % players)
            margin = points[tested_side] - points[1 - tested_side]
            total += margin
            won += margin > 0
            lost += margin < 0
    return total / (2 * deals), won, lost


def position_of(state: HandState) -> Position:
    """The simulator's position of an engine state, every card known (as the engine has
    them; the points count from this position on)."""
    n = state.rules.players
    stock = [card.index for card in state.stock]
    return Position(
        n,
        int(state.trump),
        [bits([card.index for card in hand]) for hand in state.hands],
        tuple(stock[:-1]),
        0,
        stock[-1] if stock else -1,
        state.leader,
        [card.index for card in state.trick],
        [0] * side_count(n),
        len(state.tricks),
        state.rules.swap_seven,
    )
