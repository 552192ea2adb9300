"""The search's simulator plays by the engine's rules, position for position."""

from __future__ import annotations

import random

from briscola.bots import sim
from briscola.engine import (
    PLAYER_COUNTS,
    HandRules,
    HandState,
    PlayCard,
    SwapSeven,
    apply,
    hand_result,
    legal_actions,
    shuffled_deck,
    start_hand,
)

POSITIONS = 100_000


def hand_bits(state: HandState) -> list[int]:
    return [sim.bits([card.index for card in hand]) for hand in state.hands]


def moves_of(state: HandState, seat: int) -> set[int]:
    """The engine's legal actions as simulator moves."""
    return {
        action.card.index if isinstance(action, PlayCard) else sim.SWAP
        for action in legal_actions(state, seat)
    }


def sim_moves(pos: sim.Position) -> set[int]:
    found = set(sim.cards_of(pos.hands[pos.turn]))
    return found | {sim.SWAP} if sim.can_swap(pos) else found


def check_same(state: HandState, pos: sim.Position) -> None:
    """Every rule the search relies on gives the engine's answer in this position."""
    assert pos.hands == hand_bits(state)
    assert pos.over == state.over
    assert pos.face_up == (state.stock[-1].index if state.stock else -1)
    assert len(pos.stock) - pos.drawn + (pos.face_up >= 0) == len(state.stock)
    assert tuple(pos.points) == hand_result(state).points
    assert pos.trick == [card.index for card in state.trick]
    assert pos.tricks == len(state.tricks)
    if state.tricks:
        assert pos.leader == state.tricks[-1].winner
    if not state.over:
        assert pos.turn == state.turn
        assert sim_moves(pos) == moves_of(state, pos.turn)


def test_the_simulator_equals_the_engine_on_random_positions() -> None:
    """On 100,000 positions of random 2-, 3-, 4- and 6-player hands, swap on and off, the
    simulator's hands, draws (the face-up card last), legal moves, trick winners and points
    are the engine's."""
    rng = random.Random(1)
    positions = hands = 0
    while positions < POSITIONS:
        players = PLAYER_COUNTS[hands % len(PLAYER_COUNTS)]
        swap = hands // len(PLAYER_COUNTS) % 2 == 0
        dealer = rng.randrange(players)
        seed = rng.randbytes(32)
        state = start_hand(HandRules(players, swap), dealer, seed)
        deck = [card.index for card in shuffled_deck(seed, players)]
        pos = sim.deal(players, dealer, deck, swap)
        while True:
            check_same(state, pos)
            positions += 1
            if state.over:
                break
            assert state.turn is not None
            action = rng.choice(legal_actions(state, state.turn))
            state = apply(state, action)
            if isinstance(action, SwapSeven):
                sim.swap(pos)
            else:
                sim.play(pos, action.card.index)
        assert tuple(pos.points) == hand_result(state).points
        hands += 1
    assert hands > 2_000
