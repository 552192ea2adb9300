"""The Chiamata bots' simulator against the engine, the exact endgame against brute force,
and the contracts' expected match points against the scoring table."""

from __future__ import annotations

import random
from itertools import pairwise

from briscola.bots.chiamata.contracts import expected
from briscola.bots.chiamata.search import match_points, solve
from briscola.bots.chiamata.sim import FOE, FRIEND, TRICKS, UNSURE, Position, moves, play, position
from briscola.engine import PlayCard
from briscola.engine.chiamata import (
    PLAYERS,
    ChiamataRules,
    DealState,
    Pass,
    apply,
    deal_result,
    legal,
    start_deal,
)
from briscola.engine.chiamata.scoring import pile_points


def random_play(seed: str) -> tuple[DealState, list[DealState]]:
    """A deal to its end by random legal actions (an auction that someone wins), and every
    state of its play from the call on."""
    rng = random.Random(seed)
    while True:
        state = start_deal(ChiamataRules(), rng.randrange(PLAYERS), rng.randbytes(32))
        states = []
        while state.turn is not None:
            actions = legal(state, state.turn)
            passing = type(actions[-1]) is Pass and rng.random() < 0.5
            state = apply(state, actions[-1] if passing else rng.choice(actions))
            if state.called is not None:
                states.append(state)
        if states:
            return state, states


def simulated(state: DealState) -> Position:
    """The simulator's position of an engine state of the play, every card known."""
    assert state.caller is not None and state.partner is not None and state.called is not None
    return position(
        int(state.called.suit),
        [sum(1 << card.index for card in hand) for hand in state.hands],
        state.leader,
        [card.index for card in state.trick],
        list(pile_points(state.captured)),
        len(state.tricks),
        sum(1 << card.index for pile in state.captured for card in pile)
        | sum(1 << card.index for card in state.trick),
        state.caller,
        state.partner,
        state.called.index,
    )


def test_the_simulator_plays_as_the_engine() -> None:
    """Over 150 random deals, every card played in the simulator as in the engine gives the
    same hands, trick, leader, points per seat and tricks, and shows the sides exactly when
    the engine says the called card was played; the caller's side's points at the end, and
    each seat's match points for them, are the engine's score's."""
    for number in range(150):
        last, states = random_play(f"sim/{number}")
        pos = simulated(states[0])
        for before, after in pairwise(states):
            move = next(a for a in after.log[len(before.log) :] if type(a) is PlayCard)
            assert move.card.index in moves(pos)
            play(pos, move.card.index)
            assert pos == simulated(after)
            assert pos.revealed == after.revealed
        assert pos.over and last.over
        result = deal_result(last)
        assert result is not None and pos.side_points() == result.side
        assert last.high is not None and last.caller is not None and last.partner is not None
        assert result.deltas == tuple(
            match_points(seat, last.caller, last.partner, result.side, last.high.target, True)
            for seat in range(PLAYERS)
        )


def test_what_each_seat_knows_of_the_sides() -> None:
    """Before the called card falls the holder knows every side, the caller only itself,
    a defender itself and the caller; afterwards everyone knows every side."""
    pos = position(1, [0] * PLAYERS, 0, [], [0] * PLAYERS, 0, 0, caller=0, partner=2, called=10)
    assert pos.rel[2] == (FRIEND, FOE, FRIEND, FOE, FOE)
    assert pos.rel[0] == (FRIEND, FOE, FOE, FOE, FOE)
    assert pos.rel[3] == (FOE, UNSURE, UNSURE, FRIEND, UNSURE)
    pos.hands[0] = 1 << 10
    play(pos, 10)
    assert pos.revealed and all(pos.rel[s] == pos.rel[2 if s in (0, 2) else 1] for s in range(5))
    assert pos.rel[1] == (FOE, FRIEND, FOE, FRIEND, FRIEND)


def brute(pos: Position) -> int:
    """The caller's side's points at the end with every seat at its side's best, by plain
    minimax."""
    if pos.tricks == TRICKS:
        return pos.side_points()
    values = []
    for card in moves(pos):
        child = pos.copy()
        play(child, card)
        values.append(brute(child))
    return max(values) if pos.turn in (pos.caller, pos.partner) else min(values)


def test_the_endgame_solver_agrees_with_brute_force() -> None:
    """From two tricks left (and the cards of the seventh trick played so far), the solver's
    value of each card is plain minimax's, over 80 random deals."""
    for number in range(80):
        _, states = random_play(f"endgame/{number}")
        state = next(s for s in states if len(s.tricks) == 6 and len(s.trick) == number % 5)
        pos = simulated(state)
        for card, value in solve(pos).items():
            child = pos.copy()
            play(child, card)
            assert value == brute(child)


def test_expected_match_points_follow_the_scoring_table() -> None:
    """A contract's expected match points over sampled side points: the caller's entry of
    the scoring table per deal, alone twice as much, all 120 (or none) doubled."""
    sides = (0, 40, 60, 61, 75, 120)
    per_deal = [match_points(0, 0, 1, side, 61, True) for side in sides]
    assert per_deal == [-4, -2, -2, 2, 2, 4]
    assert expected(sides, False, 61, True) == sum(per_deal) / len(sides)
    assert expected(sides, True, 61, False) == 4 * (3 - 3) / 6
    assert expected(sides, False, 75, True) == (-4 - 2 - 2 - 2 + 2 + 4) / 6
