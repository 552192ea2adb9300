"""Shared helpers of the engine tests: deterministic seeds, playing the engine beside the
oracle, checking every view against what its viewer may know, arranging positions."""

from __future__ import annotations

import dataclasses
import hashlib
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
from briscola_oracle import TRICKS, Table, commitment

from briscola.engine import (
    SPECTATOR,
    Action,
    Card,
    HandRules,
    HandState,
    PlayCard,
    Resign,
    SwapSeven,
    apply,
    hand_record,
    hand_result,
    legal_actions,
    start_hand,
    verify_record,
    view,
)

Move = tuple[str, ...]
CODE = re.compile(r"[A2-7JNK][DCSB]")


def seed_of(label: object) -> bytes:
    """A fixed 32-byte seed named by ``label``."""
    return hashlib.sha256(f"briscola-test:{label}".encode()).digest()


def to_action(seat: int, move: Move) -> Action:
    if move[0] == "play":
        return PlayCard(seat, Card.from_code(move[1]))
    if move[0] == "swap":
        return SwapSeven(seat)
    return Resign(seat)


def to_move(action: Action) -> Move:
    if isinstance(action, PlayCard):
        return ("play", action.card.code)
    if isinstance(action, SwapSeven):
        return ("swap",)
    return ("resign",)


def codes(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [card.code for card in cards]


def strings_in(value: Any) -> Iterator[str]:
    """Every string in a decoded JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def check_views(state: HandState, table: Table) -> None:
    """Every viewer's view holds exactly what it may know, serialised or not."""
    n = table.players
    for viewer in [*range(n), SPECTATOR]:
        seen = view(state, viewer)
        encoded = msgspec.json.encode(seen)
        allowed = table.visible_to(viewer)
        for text in strings_in(msgspec.json.decode(encoded)):
            leaked = set(CODE.findall(text)) - allowed
            assert not leaked, f"viewer {viewer} sees {leaked} in {text!r}"
        own = table.hands[viewer] if viewer is not None else []
        assert sorted(seen.hand) == sorted(own)
        for seat in range(n):
            expected = table.public & set(table.hands[seat])
            assert set(seen.public[seat]) == expected, (viewer, seat)
        assert seen.hand_sizes == tuple(len(table.hands[seat]) for seat in range(n))
        assert (seen.seat, seen.players, seen.dealer) == (viewer, n, table.dealer)
        assert (seen.commitment, seen.trump) == (commitment(state.seed), table.trump)
        assert seen.stock == len(table.stock) + (table.face_up is not None)
        assert seen.taken == tuple(len(pile) for pile in table.won)
        assert seen.tricks_played == len(table.tricks) and seen.resigned == table.resigned
        assert seen.winners == tuple(winner for _, _, winner in table.tricks)
        assert [(s.seat, s.seven, s.took, s.tricks) for s in seen.swaps] == table.swaps
        last = table.tricks[-1] if table.tricks else None
        assert (seen.last_trick is None) == (last is None)
        if seen.last_trick is not None and last is not None:
            expected_last = (last[0], tuple(last[1]), last[2])
            assert (seen.last_trick.leader, seen.last_trick.cards, seen.last_trick.winner) == (
                expected_last
            )
        assert (seen.trick.leader, seen.trick.winner) == (table.leader, None)
        assert seen.face_up == table.face_up
        assert seen.trick.cards == tuple(table.trick)
        assert seen.turn == table.to_play
        mine = viewer is not None and viewer == table.to_play
        assert seen.can_swap == (mine and viewer is not None and table.may_swap(viewer))
        assert sorted(seen.legal) == (sorted(own) if mine else [])
        assert seen.over == table.over
        if table.over:
            assert seen.points == tuple(table.scores())
            assert seen.result == table.result()
            assert seen.seed == state.seed.hex()
        else:
            assert seen.points is None and seen.result is None and seen.seed is None
            assert state.seed.hex().encode() not in encoded


Policy = Callable[[Table, int, list[Move]], Move]


def random_policy(rng: random.Random, swap_bias: float = 0.5) -> Policy:
    """Uniform among the legal moves, but take an allowed swap with ``swap_bias``."""

    def choose(table: Table, seat: int, moves: list[Move]) -> Move:
        if moves[-1] == ("swap",) and rng.random() < swap_bias:
            return moves[-1]
        return rng.choice(moves)

    return choose


def play_beside_oracle(
    players: int,
    swap_seven: bool,
    dealer: int,
    seed: bytes,
    policy: Policy,
    *,
    views: bool = False,
    resign_at: tuple[int, int] | None = None,
) -> tuple[HandState, Table]:
    """Play one hand on the engine and the oracle at once, comparing them after every step.

    ``resign_at``: (step, seat) makes ``seat`` resign before action number ``step``.
    """
    n = players
    state = start_hand(HandRules(players, swap_seven), dealer, seed)
    table = Table(players, swap_seven, dealer, seed)
    dealt = [c for hand in state.hands for c in hand] + list(state.stock)
    assert sorted(codes(dealt)) == sorted(table.deck) and len(set(dealt)) == len(table.deck)
    assert codes(state.stock[:-1]) == table.stock and state.face_up is not None
    assert state.face_up.code == table.face_up
    step = 0
    while not table.over:
        if views:
            check_views(state, table)
        seat = table.to_play
        assert seat is not None and state.turn == seat and not state.over
        for other in range(n):
            moves = {to_move(a) for a in legal_actions(state, other)}
            assert moves == set(table.options(other)), (other, moves)
        if resign_at is not None and step == resign_at[0]:
            mover, move = resign_at[1], ("resign",)
        else:
            mover, move = seat, policy(table, seat, table.options(seat))
        face_up, drawing = state.face_up, bool(state.stock)
        state = apply(state, to_action(mover, move))
        table.act(mover, move)
        step += 1
        if drawing and not state.stock:  # the final draw: the face-up card went last
            assert face_up is not None and table.face_up_taker == table.last_draw_order[-1]
            assert face_up in state.hands[(state.leader + n - 1) % n]
        for seat_ in range(n):
            assert sorted(codes(state.hands[seat_])) == sorted(table.hands[seat_])
        assert {card.code for card in state.public} == table.public
        assert len(state.stock) == len(table.stock) + (table.face_up is not None)
        assert (state.face_up.code if state.face_up else None) == table.face_up
        assert state.turn == table.to_play and state.over == table.over
    if views:
        check_views(state, table)
    check_finished(state, table)
    return state, table


def check_finished(state: HandState, table: Table) -> None:
    """A finished hand agrees with the oracle, scores 120 and its record verifies."""
    n = table.players
    assert [(t.leader, codes(t.cards), t.winner) for t in state.tricks] == table.tricks
    result = hand_result(state)
    assert list(result.points) == table.scores()
    assert result.result_code == table.result()
    if table.resigned is None:
        assert len(state.tricks) == TRICKS[n]
        assert sum(result.points) == 120
        played = sorted(c.code for t in state.tricks for c in t.cards)
        assert played == sorted(table.deck)
    record = hand_record(state)
    assert record["commitment"] == hashlib.sha256(state.seed).hexdigest()
    logged = [(a["seat"], _move_of(a)) for a in record["actions"]]
    assert logged == table.log
    assert verify_record(record) == state


def _move_of(entry: dict[str, Any]) -> Move:
    return ("play", entry["card"]) if entry["type"] == "play" else (entry["type"],)


def replace_state(state: HandState, **changes: Any) -> HandState:
    return dataclasses.replace(state, **changes)


def arrange(state: HandState, seat: int, holds: list[str], face_up: str | None = None) -> HandState:
    """The same state with ``seat`` holding ``holds`` (and ``face_up`` under the stock),
    the displaced cards swapped into the places those cards came from: every card stays
    exactly once, only where it lies changes."""
    places: list[list[Card]] = [list(hand) for hand in state.hands] + [list(state.stock)]
    stock = len(places) - 1
    targets = [(seat, i, code) for i, code in enumerate(holds)]
    if face_up is not None:
        assert face_up[1] == state.trump.code, "the face-up card is of the trump suit"
        targets.append((stock, len(places[stock]) - 1, face_up))
    for where, index, code in targets:
        card = Card.from_code(code)
        source = next((p, places[p].index(card)) for p in range(len(places)) if card in places[p])
        displaced = places[where][index]
        places[where][index] = card
        places[source[0]][source[1]] = displaced
    hands = tuple(tuple(place) for place in places[:stock])
    return replace_state(state, hands=hands, stock=tuple(places[stock]))
