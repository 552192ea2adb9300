"""make_bot: the three levels, each legal for its own seat and deterministic."""

from __future__ import annotations

import random

import pytest

from briscola.bots import Level, make_bot
from briscola.bots.strong import Settings, StrongBot
from briscola.engine import PLAYER_COUNTS, HandRules, SwapSeven, start_hand, view
from support.hands import play_hand


def test_the_levels_are_named_by_strings() -> None:
    """Level is a StrEnum of easy, normal and strong; make_bot takes either form."""
    assert [str(level) for level in Level] == ["easy", "normal", "strong"]
    assert Level("strong") is Level.STRONG
    assert make_bot("easy", 1).seat == make_bot(Level.EASY, 1).seat == 1


@pytest.mark.parametrize("level", ["hard", "", "Strong", "random"])
def test_an_unknown_level_raises_value_error(level: str) -> None:
    """Anything but the three level names is refused with ValueError."""
    with pytest.raises(ValueError):
        make_bot(level, 0)


def test_a_negative_seat_raises_value_error() -> None:
    """There is no seat -1."""
    with pytest.raises(ValueError):
        make_bot("normal", -1)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_legal_actions_for_its_seat(level: Level, players: int) -> None:
    """Bots of one level in every seat finish their hands (two, one for strong), swap on:
    each action is legal for the view's seat and all 120 points are taken."""
    for number in range(1 if level is Level.STRONG else 2):
        seed = random.Random(f"legal/{level}/{players}/{number}").randbytes(32)
        bots = [make_bot(level, seat) for seat in range(players)]
        points, decisions = play_hand(bots, seed, number % players)
        assert sum(points) == 120
        for decision in decisions:
            assert decision.action.seat == decision.seen.seat
            if isinstance(decision.action, SwapSeven):
                assert decision.seen.can_swap
            else:
                assert decision.action.card.code in decision.seen.legal


@pytest.mark.parametrize("level", list(Level))
def test_a_bot_refuses_another_seats_view(level: Level) -> None:
    """A bot is for one seat: another seat's view, or one out of turn, is a ValueError."""
    state = start_hand(HandRules(2), 0, bytes(32))  # seat 1 leads
    with pytest.raises(ValueError):
        make_bot(level, 0).choose(view(state, 1))
    with pytest.raises(ValueError):
        make_bot(level, 0).choose(view(state, 0))


@pytest.mark.parametrize("level", [Level.EASY, Level.STRONG])
def test_the_same_history_gives_the_same_moves(level: Level) -> None:
    """Two fresh bots of a level given the same views in order choose the same moves."""
    seed = random.Random(f"same/{level}").randbytes(32)
    first = [make_bot(level, seat) for seat in range(4)]
    _, decisions = play_hand(first, seed, 2)
    again = [make_bot(level, seat) for seat in range(4)]
    for decision in decisions:
        assert decision.seen.seat is not None
        assert again[decision.seen.seat].choose(decision.seen) == decision.action


def test_a_strong_bot_with_a_time_budget_still_plays_legally() -> None:
    """With a tiny time budget the strong bot stops sampling early and plays a legal card."""
    seed = random.Random("budget").randbytes(32)
    bots = [StrongBot(seat, Settings(budget=1e-4)) for seat in range(2)]
    points, decisions = play_hand(bots, seed)
    assert sum(points) == 120 and len(decisions) >= 40
