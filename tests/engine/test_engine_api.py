"""The engine's public API stays what the server is built on: names, signatures, fields,
and value semantics of the states (equality, hashing, pickling, copying, replace)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import random

import pytest
from engine_helpers import seed_of

import briscola.engine as engine
from briscola.engine import (
    HandRules,
    HandState,
    HandView,
    MatchRules,
    MatchView,
    apply,
    apply_action,
    deal,
    legal_actions,
    new_match,
    start_hand,
)

SIGNATURES = {
    "start_hand": ["rules", "dealer", "seed"],
    "legal_actions": ["state", "seat"],
    "apply": ["state", "action"],
    "view": ["state", "viewer"],
    "match_view": ["match", "viewer"],
    "new_match": ["rules", "match_seed"],
    "deal": ["match", "seed"],
    "apply_action": ["match", "action"],
    "hand_record": ["state"],
    "verify_record": ["record"],
    "hand_result": ["state"],
}
HAND_STATE_FIELDS = [
    "rules", "dealer", "seed", "commitment", "trump", "hands", "stock", "public", "leader",
    "trick", "tricks", "captured", "log", "resigned",
]  # fmt: skip
HAND_VIEW_FIELDS = [
    "seat", "players", "dealer", "commitment", "trump", "face_up", "stock", "stock_cards",
    "hand", "hand_sizes", "public", "trick", "last_trick", "turn", "taken", "tricks_played",
    "winners", "swaps", "legal", "can_swap", "signals", "seen", "over", "points", "result",
    "seed", "resigned",
]  # fmt: skip
MATCH_VIEW_FIELDS = [
    "players", "swap_seven", "best_of", "wins", "results", "hands_dealt", "next_dealer",
    "hand", "over", "winners", "resigned",
]  # fmt: skip


def test_exported_names() -> None:
    """Everything the server imports from briscola.engine is still exported."""
    expected = {
        *SIGNATURES, "Card", "HandState", "HandRules", "HandView", "MatchView", "MatchRules",
        "MatchState", "RuleError", "ErrorCode", "PlayCard", "SwapSeven", "Resign", "SPECTATOR",
        "DECK", "Suit", "Rank", "VerifyError", "LoggedAction", "TrickRecord", "HandResult",
        "GAMES", "Game", "Phase", "Standings", "standings", "record_game", "CHIAMATA",
        "ChiamataRules", "ChiamataMatch", "ChiamataMatchView",
    }  # fmt: skip
    assert expected <= set(engine.__all__)
    for name in engine.__all__:
        assert hasattr(engine, name), name


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_signatures(name: str) -> None:
    """The public functions keep their parameter names and order."""
    assert list(inspect.signature(getattr(engine, name)).parameters) == SIGNATURES[name]


def test_fields() -> None:
    """HandState, HandView and MatchView keep their fields, in order."""
    assert [f.name for f in dataclasses.fields(HandState)] == HAND_STATE_FIELDS
    assert [f.name for f in dataclasses.fields(HandView)] == HAND_VIEW_FIELDS
    assert [f.name for f in dataclasses.fields(MatchView)] == MATCH_VIEW_FIELDS


def some_states() -> list[HandState]:
    rng = random.Random(3)
    state = start_hand(HandRules(4, True), 1, seed_of("api"))
    states = [state]
    while not state.over:
        state = apply(state, rng.choice(legal_actions(state, state.turn or 0)))
        states.append(state)
    return states


def test_states_are_values() -> None:
    """States compare, hash, pickle, copy and replace as values, turn and over intact."""
    for state in some_states():
        for twin in [
            pickle.loads(pickle.dumps(state)),
            copy.copy(state),
            copy.deepcopy(state),
            dataclasses.replace(state),
            HandState(**{f.name: getattr(state, f.name) for f in dataclasses.fields(state)}),
        ]:
            assert type(twin) is HandState
            assert twin == state and hash(twin) == hash(state)
            assert (twin.turn, twin.over, twin.face_up) == (state.turn, state.over, state.face_up)
            assert legal_actions(twin, state.turn or 0) == legal_actions(state, state.turn or 0)


def test_states_are_frozen() -> None:
    """Assigning to a state's field raises FrozenInstanceError."""
    state = start_hand(HandRules(2), 0, seed_of("frozen"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.leader = 1  # type: ignore[misc]


def test_replace_recomputes_turn_and_over() -> None:
    """A state built with dataclasses.replace answers turn and over for its own fields."""
    state = start_hand(HandRules(4), 0, seed_of("replace"))
    moved = dataclasses.replace(state, leader=(state.leader + 2) % 4)
    assert moved.turn == (state.leader + 2) % 4
    resigned = dataclasses.replace(state, resigned=0)
    assert resigned.over and resigned.turn is None and legal_actions(resigned, 1) == []


def test_matches_are_values() -> None:
    """Match states survive pickle and compare equal."""
    match = deal(new_match(MatchRules(players=2), seed_of("m")), seed_of("h"))
    assert match.hand is not None and match.hand.turn is not None
    hand = match.hand
    match = apply_action(match, legal_actions(hand, hand.turn or 0)[0])
    assert pickle.loads(pickle.dumps(match)) == match
