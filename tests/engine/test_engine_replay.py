"""The replay of a finished hand from its record: the deal, every action, every trick taken
and the result, each step the whole table as it lay, every card in one place."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from engine_helpers import seed_of
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.engine import (
    DECK,
    Card,
    HandRules,
    HandState,
    PlayCard,
    ReplayStep,
    Resign,
    StepKind,
    SwapSeven,
    VerifyError,
    apply,
    hand_record,
    legal_actions,
    replay_steps,
    shuffled_deck,
    side_of,
    start_hand,
)

SETTINGS = settings(max_examples=60, derandomize=True, deadline=None, database=None)
HANDS = st.tuples(
    st.sampled_from([2, 3, 4]),
    st.integers(0, 3),
    st.binary(min_size=32, max_size=32),
    st.integers(0, 2**32),
)
Record = dict[str, Any]
DECK_POINTS = {card.code: card.points for card in DECK}


def played(
    players: int, dealer: int, seed: bytes, rng: random.Random, resign_at: int = -1
) -> Record:
    """The record of a hand with the swap rule, random legal moves, every allowed swap
    taken, and a resignation before action ``resign_at`` if there is one."""
    state = start_hand(HandRules(players, swap_seven=True), dealer % players, seed)
    while not state.over:
        seat = state.turn
        assert seat is not None
        if len(state.log) == resign_at:
            state = apply(state, Resign(rng.randrange(players)))
            continue
        moves = legal_actions(state, seat)
        swap = next((m for m in moves if isinstance(m, SwapSeven)), None)
        state = apply(state, swap or rng.choice(moves))
    return hand_record(state)


def swapped_record() -> Record:
    """The record of a hand in which the 7 was swapped."""
    for number in range(200):
        record = played(2, number % 2, seed_of(("replay", number)), random.Random(number))
        if any(entry["type"] == "swap" for entry in record["actions"]):
            return record
    raise AssertionError("no hand with a swap")


def cards_out(step: ReplayStep, record: Record) -> list[str]:
    """Every card lying somewhere at ``step``: hands, stock, the trick being played and the
    tricks taken (a taken trick shown on the table is already in its pile)."""
    cards = [code for hand in step.hands for code in hand] + list(step.stock)
    if step.trick.winner is None:
        cards += step.trick.cards
    for trick in record["tricks"][: step.tricks_played]:
        cards += trick["cards"]
    return cards


@SETTINGS
@given(HANDS)
def test_every_step_holds_every_card_once(hand: tuple[int, int, bytes, int]) -> None:
    players, dealer, seed, choices = hand
    record = played(players, dealer, seed, random.Random(choices))
    deck = sorted(card.code for card in shuffled_deck(seed, players))
    for step in replay_steps(record):
        out = cards_out(step, record)
        assert sorted(out) == deck, (step.kind, Counter(out) - Counter(deck))
        assert step.face_up == (step.stock[-1] if step.stock else None)
        assert len(step.hands) == players and len(step.points) == len(record["points"])


@SETTINGS
@given(HANDS)
def test_the_first_step_is_the_deal_and_the_last_the_result(
    hand: tuple[int, int, bytes, int],
) -> None:
    players, dealer, seed, choices = hand
    record = played(players, dealer, seed, random.Random(choices))
    dealt = start_hand(HandRules(players), dealer % players, seed)
    steps = replay_steps(record)
    first, last = steps[0], steps[-1]
    assert (first.kind, first.seat) == (StepKind.DEAL, record["dealer"])
    assert first.hands == tuple(tuple(c.code for c in hand) for hand in dealt.hands)
    assert dealt.face_up is not None and first.face_up == first.card == dealt.face_up.code
    assert first.trump == dealt.trump.code and len(first.stock) == len(dealt.stock)
    assert first.turn == (record["dealer"] + 1) % players and first.trick.cards == ()
    assert first.points == (0,) * len(record["points"])
    assert (last.kind, last.result, last.turn) == (StepKind.END, record["result"], None)
    assert list(last.points) == record["points"]
    assert last.tricks_played == len(record["tricks"])


@SETTINGS
@given(HANDS)
def test_one_step_per_action_and_per_trick(hand: tuple[int, int, bytes, int]) -> None:
    """The action steps are the record's actions in order; a trick step follows the card
    that completes each trick and names its winner, its points and the cards drawn."""
    players, dealer, seed, choices = hand
    record = played(players, dealer, seed, random.Random(choices))
    steps = replay_steps(record)
    acted = [s for s in steps if s.kind in (StepKind.PLAY, StepKind.SWAP, StepKind.RESIGN)]
    assert [(s.kind.value, s.seat, s.card) for s in acted] == [
        (a["type"], a["seat"], a.get("card")) for a in record["actions"]
    ]
    taken = [(i, s) for i, s in enumerate(steps) if s.kind is StepKind.TRICK]
    assert len(taken) == len(record["tricks"])
    for (i, step), trick in zip(taken, record["tricks"], strict=True):
        before = steps[i - 1]
        assert before.kind is StepKind.PLAY and before.turn is None
        assert list(before.trick.cards) == trick["cards"] == list(step.trick.cards)
        assert step.seat == step.trick.winner == trick["winner"]
        assert step.turn in (trick["winner"], None)
        won = sum(DECK_POINTS[code] for code in trick["cards"])
        assert step.trick_points == won
        side = side_of(trick["winner"], players)
        assert step.points[side] == before.points[side] + won
        if before.stock:
            assert len(step.drawn) == players and list(step.stock) == list(before.stock[players:])
            for seat, card in enumerate(step.drawn):
                assert step.hands[seat] == (*before.hands[seat], card)
        else:
            assert step.drawn == () and step.hands == before.hands


def test_a_swap_moves_the_seven_and_the_face_up_card() -> None:
    record = swapped_record()
    steps = replay_steps(record)
    index = next(i for i, s in enumerate(steps) if s.kind is StepKind.SWAP)
    before, swap = steps[index - 1], steps[index]
    seven, took = swap.card, swap.took
    assert seven == "7" + swap.trump and before.face_up == took and swap.face_up == seven
    assert swap.seat is not None and seven in before.hands[swap.seat]
    assert took in swap.hands[swap.seat] and seven not in swap.hands[swap.seat]
    assert swap.turn == swap.seat and swap.stock[:-1] == before.stock[:-1]


def test_a_resignation_ends_the_replay_with_the_trick_left_on_the_table() -> None:
    record = played(3, 1, seed_of("replay-resign"), random.Random(5), resign_at=7)
    steps = replay_steps(record)
    resign, end = steps[-2], steps[-1]
    assert resign.kind is StepKind.RESIGN and resign.seat == record["resigned"]
    assert end.trick == resign.trick and end.hands == resign.hands
    assert end.result == record["result"] and list(end.points) == record["points"]


def test_a_false_record_is_not_replayed() -> None:
    record = swapped_record()
    record["points"] = [120 - p for p in record["points"]]
    with pytest.raises(VerifyError, match="wrong points"):
        replay_steps(record)


def test_every_state_of_the_hand_is_a_step() -> None:
    """Between the tricks the steps show exactly the hands the engine held after each
    action (the deal replayed by hand, independently of the replay)."""
    record = swapped_record()
    state: HandState = start_hand(
        HandRules(2, True), record["dealer"], bytes.fromhex(record["seed"])
    )
    states = [state]
    for entry in record["actions"]:
        seat = entry["seat"]
        if entry["type"] == "swap":
            state = apply(state, SwapSeven(seat))
        else:
            state = apply(state, PlayCard(seat, Card.from_code(entry["card"])))
        states.append(state)
    steps = [s for s in replay_steps(record) if s.kind is not StepKind.END and s.turn is not None]
    hands = [tuple(tuple(c.code for c in h) for h in s.hands) for s in states if not s.over]
    assert [s.hands for s in steps] == hands
