"""The verifiable deal of docs/FAIRPLAY.md: commitment, shuffle, dealing order."""

from __future__ import annotations

import importlib

import pytest
from briscola_oracle import shuffle
from engine_helpers import codes, seed_of
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.engine import (
    DECK,
    Card,
    HandRules,
    commitment,
    seed_from_hex,
    shuffled_deck,
    start_hand,
)
from briscola.engine.deal import random_stream, reference_shuffle, unbiased_below

ZERO = bytes(32)
VECTOR_COMMITMENT = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
# As docs/FAIRPLAY.md prints them, canonical indices top first.
VECTOR_40 = "38, 3, 8, 39, 35, 5, 1, 30, 2, 33, 16, 13, 0, 19, 26, 23, 7, 25, 37, 34, 18, 20, \
21, 10, 29, 11, 22, 9, 6, 12, 31, 24, 27, 4, 14, 32, 15, 17, 36, 28"
VECTOR_39 = "24, 16, 21, 28, 3, 4, 11, 31, 8, 35, 22, 15, 0, 13, 36, 19, 18, 33, 17, 25, 29, 2, \
38, 5, 27, 26, 10, 9, 34, 14, 32, 39, 23, 20, 6, 12, 7, 30, 37"
# The package's name ``deal`` is the match function, so reach the module by its full name.
deal_module = importlib.import_module("briscola.engine.deal")
SETTINGS = settings(max_examples=200, derandomize=True, deadline=None, database=None)


def indices(text: str) -> list[int]:
    return [int(number) for number in text.split(",")]


def test_vector_commitment() -> None:
    """The commitment of the all-zero seed is the one docs/FAIRPLAY.md publishes."""
    assert commitment(ZERO) == VECTOR_COMMITMENT
    assert commitment(seed_from_hex("0" * 64)) == VECTOR_COMMITMENT


@pytest.mark.parametrize("players", [2, 4])
def test_vector_deck_for_two_and_four(players: int) -> None:
    """The all-zero seed shuffles the 40-card deck as docs/FAIRPLAY.md lists, Knight of clubs
    on top."""
    deck = shuffled_deck(ZERO, players)
    assert [card.index for card in deck] == indices(VECTOR_40)
    assert deck[0] is Card.from_code("NB")


def test_vector_deck_for_three() -> None:
    """The all-zero seed shuffles the 39-card deck (no 2 of coins) as docs/FAIRPLAY.md lists."""
    assert [card.index for card in shuffled_deck(ZERO, 3)] == indices(VECTOR_39)


def test_seed_from_hex_wants_32_bytes() -> None:
    """Seeds are 64 hex characters: shorter, longer or non-hex text is refused."""
    assert seed_from_hex("ab" * 32) == b"\xab" * 32
    for bad in ["", "00" * 31, "00" * 33, "zz" * 32]:
        with pytest.raises(ValueError):
            seed_from_hex(bad)


def test_random_stream_reads_blocks_as_four_big_endian_integers() -> None:
    """The stream is SHA-256(seed || k) blocks, each read as four 8-byte big-endian integers."""
    import hashlib

    stream = random_stream(ZERO)
    for k in range(3):
        block = hashlib.sha256(ZERO + k.to_bytes(8, "big")).digest()
        for offset in range(0, 32, 8):
            assert next(stream) == int.from_bytes(block[offset : offset + 8], "big")


def test_rejection_sampling_skips_values_at_or_above_the_limit() -> None:
    """unbiased_below draws again while u >= 2^64 - 2^64 mod m, then returns u mod m."""
    m = 3
    limit = 2**64 - 2**64 % m
    assert unbiased_below(iter([limit, 2**64 - 1, 7]), m) == 7 % m
    assert unbiased_below(iter([limit - 1]), m) == (limit - 1) % m


@SETTINGS
@given(st.binary(min_size=32, max_size=32), st.sampled_from([2, 3, 4]))
def test_shuffle_matches_the_oracle(seed: bytes, players: int) -> None:
    """For any seed the engine's shuffle is the oracle's, a permutation of the right deck."""
    deck = shuffled_deck(seed, players)
    assert codes(deck) == shuffle(seed, players)
    expected = [card for card in DECK if players != 3 or card.code != "2D"]
    assert sorted(deck, key=lambda card: card.index) == expected


@pytest.mark.parametrize(("players", "dealer"), [(p, d) for p in (2, 3, 4) for d in range(p)])
def test_dealing_order(players: int, dealer: int) -> None:
    """Deal one card at a time after the dealer, then face-up card, stock, face-up card last."""
    seed = seed_of(("deal", players, dealer))
    deck = shuffled_deck(seed, players)
    state = start_hand(HandRules(players), dealer, seed)
    for position in range(3 * players):
        seat = (dealer + 1 + position) % players
        assert state.hands[seat][position // players] is deck[position]
    assert state.face_up is deck[3 * players]
    assert state.trump is deck[3 * players].suit
    assert state.stock == (*deck[3 * players + 1 :], deck[3 * players])
    assert state.leader == state.turn == (dealer + 1) % players
    assert state.commitment == commitment(seed) and state.seed == seed


def test_start_hand_refuses_bad_players_and_dealers() -> None:
    """Only 2, 3 or 4 players, and the dealer must be one of their seats."""
    for players in [0, 1, 5]:
        with pytest.raises(ValueError):
            start_hand(HandRules(players), 0, ZERO)
    for dealer in [-1, 4]:
        with pytest.raises(ValueError):
            start_hand(HandRules(4), dealer, ZERO)


@SETTINGS
@given(st.binary(min_size=32, max_size=32), st.sampled_from([2, 3, 4]))
def test_fast_shuffle_is_the_reference_shuffle(seed: bytes, players: int) -> None:
    """The one-pass shuffle gives the deck of the step-by-step reference algorithm."""
    assert shuffled_deck(seed, players) == reference_shuffle(seed, players)


def test_a_rejected_draw_falls_back_to_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """A draw refused by rejection sampling makes the reference algorithm deal instead."""
    first, *rest = deal_module._STEPS[40]
    monkeypatch.setitem(deal_module._STEPS, 40, ((first[0], first[1], 0), *rest))
    original = deal_module.reference_shuffle
    calls: list[tuple[bytes, int]] = []

    def spy(seed: bytes, players: int) -> tuple[Card, ...]:
        calls.append((seed, players))
        return original(seed, players)

    monkeypatch.setattr(deal_module, "reference_shuffle", spy)
    assert shuffled_deck(ZERO, 4) == original(ZERO, 4)
    assert calls == [(ZERO, 4)]
