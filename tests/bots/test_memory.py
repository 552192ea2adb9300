"""A bot's memory: every card played, from its own views alone; a bot made mid-hand."""

from __future__ import annotations

import random

import pytest

from briscola.bots import make_bot
from briscola.bots.memory import Memory
from briscola.bots.strong import Settings, StrongBot
from briscola.engine import HandState, RuleError, apply, hand_result, side_count, side_of, view
from support.hands import play_hand

QUICK = Settings(plays=600, min_samples=2)


def played_so_far(state: HandState) -> frozenset[int]:
    """Every card played in the hand before ``state``'s next action (the engine's truth)."""
    cards = [card for trick in state.tricks for card in trick.cards] + list(state.trick)
    return frozenset(card.index for card in cards)


def taken_so_far(state: HandState) -> tuple[int, ...]:
    """The points each side has taken before ``state``'s next action (the engine's truth:
    each seat's pile, added up by side)."""
    n = state.players
    points = [0] * side_count(n)
    for seat, pile in enumerate(state.captured):
        points[side_of(seat, n)] += sum(card.points for card in pile)
    return tuple(points)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_fed_every_view_in_order_a_memory_knows_every_card_played(players: int) -> None:
    """At each of its seat's decisions, a memory given that seat's views in order holds
    exactly the cards played so far and the points each side has taken, and says it is
    complete."""
    seed = random.Random(f"memory/{players}").randbytes(32)
    _, decisions = play_hand([make_bot("normal", s) for s in range(players)], seed)
    memories = [Memory(seat) for seat in range(players)]
    for decision in decisions:
        seat = decision.seen.seat
        assert seat is not None
        memories[seat] = memories[seat].seen(decision.seen)
        assert memories[seat].played == played_so_far(decision.state)
        assert memories[seat].scores == taken_so_far(decision.state)
        assert memories[seat].complete


def test_the_strong_bot_remembers_its_hand() -> None:
    """A strong bot's memory, after each of its decisions, is every card played so far."""
    seed = random.Random("strong-memory").randbytes(32)
    bots = [StrongBot(0, QUICK), make_bot("normal", 1)]
    _, decisions = play_hand(bots, seed)
    last = [d for d in decisions if d.seen.seat == 0][-1]
    assert bots[0].memory.played == played_so_far(last.state)


def test_a_memory_learns_whether_the_swap_is_played() -> None:
    """A swap offered, or one seen in the view, tells the table plays the swap of the 7."""
    for number in range(40):
        seed = random.Random(f"swap-rule/{number}").randbytes(32)
        _, decisions = play_hand([make_bot("normal", s) for s in range(2)], seed)
        offered = [d for d in decisions if d.seen.can_swap]
        if offered:
            seat = offered[0].seen.seat
            assert seat is not None
            assert Memory(seat).seen(offered[0].seen).swap_rule is True
            return
    pytest.fail("no swap offered in 40 hands")


def test_a_memory_refuses_another_hand() -> None:
    """Views of two different hands cannot share one memory (a bot plays one hand)."""
    _, first = play_hand([make_bot("normal", s) for s in range(2)], bytes(32))
    _, second = play_hand([make_bot("normal", s) for s in range(2)], bytes([1]) * 32)
    seat0 = next(d.seen for d in first if d.seen.seat == 0)
    other = next(d.seen for d in second if d.seen.seat == 0)
    with pytest.raises(ValueError):
        Memory(0).seen(seat0).seen(other)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_strong_bot_made_mid_hand_plays_legally(players: int) -> None:
    """Strong bots made after a restart in mid-hand (trick 5) finish it legally, knowing
    their memory is not complete."""
    seed = random.Random(f"restart/{players}").randbytes(32)
    _, decisions = play_hand([make_bot("normal", s) for s in range(players)], seed)
    state = next(d.state for d in decisions if len(d.state.tricks) == 5 and not d.state.trick)
    bots = [StrongBot(seat, QUICK) for seat in range(players)]
    while not state.over:
        seat = state.turn
        assert seat is not None
        try:
            state = apply(state, bots[seat].choose(view(state, seat)))
        except RuleError as exc:
            pytest.fail(f"illegal action after the restart: {exc}")
        assert not bots[seat].memory.complete
        assert bots[seat].memory.scores is None
    assert sum(hand_result(state).points) == 120
