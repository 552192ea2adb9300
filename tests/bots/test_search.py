"""The strong bot's search: candidates leave the race when clearly behind; 3 players
score their points against the best other seat's."""

from __future__ import annotations

import random

from briscola.bots.strong import margin, race


def test_a_candidate_clearly_behind_leaves_the_race() -> None:
    """Of three candidates over 32 deals: the leader stays, one a point behind on half the
    deals and ahead on the others stays, one 10 points behind on every deal leaves."""
    leader = [random.Random(k).randrange(60) for k in range(32)]
    close = [points + (1 if k % 2 else -1) for k, points in enumerate(leader)]
    behind = [points - 10 for points in leader]
    kept = race({0: behind, 1: leader, 2: close}, 3.0)
    assert set(kept) == {1, 2}


def test_an_equal_dearer_candidate_leaves_the_race() -> None:
    """A candidate worth exactly the leader's points on every deal leaves it if it is
    the dearer one (they sort cheapest first), and stays if it is the cheaper."""
    values = [random.Random(k).randrange(60) for k in range(32)]
    assert set(race({0: values, 1: list(values)}, 3.0)) == {0}


def test_three_players_count_their_points_against_the_best_other_seat() -> None:
    """With three seats a rollout is worth the seat's points minus the best other seat's,
    the points taken before it counted: 30 + 5 against 40 + 0 is 5 behind, though the
    third seat took the most in the rollout."""
    assert margin((30, 40, 10), [5, 0, 20], 0) == -5
    assert margin((30, 40, 10), [5, 0, 20], 2) == -10


def test_two_sides_rank_rollouts_by_the_sides_points() -> None:
    """With two sides the margin is twice the side's points less the pack's: the same
    order as its points."""
    assert [margin((20, 30), [a, 70 - a], 0) for a in (10, 40)] == [-60, 0]
