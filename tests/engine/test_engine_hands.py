"""Property tests over thousands of random hands of 2, 3 and 4 players, with and without the
swap of the 7, played on the engine and the independent oracle side by side."""

from __future__ import annotations

import random

import pytest
from engine_helpers import play_beside_oracle, random_policy, seed_of
from hypothesis import given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=300, derandomize=True, deadline=None, database=None)


@st.composite
def hands(draw: st.DrawFn) -> tuple[int, bool, int, bytes, int]:
    players = draw(st.sampled_from([2, 3, 4]))
    return (
        players,
        draw(st.booleans()),
        draw(st.integers(0, players - 1)),
        draw(st.binary(min_size=32, max_size=32)),
        draw(st.integers(0, 2**32)),
    )


@SETTINGS
@given(hands())
def test_random_hands_with_every_view_checked(hand: tuple[int, bool, int, bytes, int]) -> None:
    """Random hands match the oracle step by step and no view ever shows a hidden card."""
    players, swap, dealer, seed, policy_seed = hand
    play_beside_oracle(
        players, swap, dealer, seed, random_policy(random.Random(policy_seed)), views=True
    )


@SETTINGS
@given(hands(), st.integers(0, 45), st.integers(0, 3))
def test_random_resignations(
    hand: tuple[int, bool, int, bytes, int], step: int, resigner: int
) -> None:
    """A resignation at any moment ends the hand as the oracle says; views stay secret."""
    players, swap, dealer, seed, policy_seed = hand
    total = {2: 40, 3: 39, 4: 40}[players]
    state, _ = play_beside_oracle(
        players,
        swap,
        dealer,
        seed,
        random_policy(random.Random(policy_seed)),
        views=True,
        resign_at=(step % total, resigner % players),
    )
    assert state.over and state.resigned == resigner % players


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("swap", [False, True], ids=["no-swap", "swap"])
def test_a_thousand_seeded_hands(players: int, swap: bool) -> None:
    """500 seeded hands per count and rule: all tricks, cards and 120 points; swaps happen."""
    rng = random.Random(f"hands-{players}-{swap}")
    swaps = 0
    for number in range(500):
        seed = seed_of((players, swap, number))
        _, table = play_beside_oracle(players, swap, number % players, seed, random_policy(rng))
        swaps += sum(1 for _, move in table.log if move == ("swap",))
    if swap:
        assert swaps > 20
    else:
        assert swaps == 0
