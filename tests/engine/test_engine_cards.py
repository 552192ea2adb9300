"""Cards and trick winners, checked against the oracle's independent formulation."""

from __future__ import annotations

import itertools
import pickle
import random

import pytest
from briscola_oracle import ALL_CODES, POINTS, RANKS, STRENGTH, SUITS, trick_winner
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.engine import DECK, Card, Rank, Suit, beats, trick_winner_offset

SETTINGS = settings(max_examples=500, derandomize=True, deadline=None, database=None)
TRUMPS = list(Suit)


def test_codes_and_indices_follow_the_canonical_order() -> None:
    """Index i is rank i % 10 of suit i // 10, and its code is rank letter then suit letter."""
    assert [card.code for card in DECK] == list(ALL_CODES)
    for index, code in enumerate(ALL_CODES):
        card = Card.from_index(index)
        assert card.index == index and card.code == code and str(card) == code
        assert card is Card.from_code(code) is Card.of(Rank(index % 10), Suit(index // 10))
        assert card.suit.code == code[1] and card.rank.code == code[0]


def test_points_total_120_and_match_the_rules() -> None:
    """Ace 11, Three 10, King 4, Knight 3, Jack 2, the rest 0: 30 a suit, 120 in all."""
    assert [card.points for card in DECK] == [POINTS.get(code[0], 0) for code in ALL_CODES]
    assert sum(card.points for card in DECK) == 120
    for suit in Suit:
        assert sum(card.points for card in DECK if card.suit is suit) == 30


def test_strength_orders_ranks_A3KNJ76542() -> None:
    """Within a suit the engine's strength sorts the ranks A 3 K N J 7 6 5 4 2."""
    for suit in SUITS:
        cards = [Card.from_code(rank + suit) for rank in RANKS]
        ranked = sorted(cards, key=lambda card: card.strength, reverse=True)
        assert "".join(card.code[0] for card in ranked) == STRENGTH


def test_unknown_codes_and_indices_are_refused() -> None:
    """Card.from_code and Card.from_index raise ValueError for what names no card."""
    for bad in ["", "A", "ADX", "1D", "AX", "ad", "10D"]:
        with pytest.raises(ValueError):
            Card.from_code(bad)
    for index in [-1, 40, 100]:
        with pytest.raises(ValueError):
            Card.from_index(index)


def test_cards_are_interned_through_pickle() -> None:
    """A card survives pickling as the same object, so identity comparisons stay valid."""
    for card in DECK:
        assert pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize("trump", TRUMPS, ids=[suit.code for suit in TRUMPS])
def test_every_ordered_pair_under_every_trump(trump: Suit) -> None:
    """For all 40x39 ordered pairs, beats() and trick_winner_offset agree with the oracle."""
    checked = 0
    for first, second in itertools.permutations(DECK, 2):
        expected = trick_winner([first.code, second.code], trump.code)
        assert trick_winner_offset((first, second), trump) == expected, (first, second)
        assert beats(second, first, trump) == (expected == 1), (first, second)
        checked += 1
    assert checked == 40 * 39


@pytest.mark.parametrize("trump", TRUMPS, ids=[suit.code for suit in TRUMPS])
def test_every_three_card_trick_under_every_trump(trump: Suit) -> None:
    """All 40x39x38 ordered three-card tricks: the engine's winner is the oracle's."""
    code = {card: card.code for card in DECK}
    for trick in itertools.permutations(DECK, 3):
        expected = trick_winner([code[card] for card in trick], trump.code)
        assert trick_winner_offset(trick, trump) == expected, trick


def test_many_random_four_card_tricks() -> None:
    """50,000 seeded random four-card tricks under random trumps agree with the oracle."""
    rng = random.Random(40)
    for _ in range(50_000):
        trick = tuple(rng.sample(DECK, 4))
        trump = rng.choice(TRUMPS)
        expected = trick_winner([card.code for card in trick], trump.code)
        assert trick_winner_offset(trick, trump) == expected, (trick, trump)


@SETTINGS
@given(
    st.lists(st.sampled_from(DECK), min_size=2, max_size=4, unique=True),
    st.sampled_from(TRUMPS),
)
def test_trick_winner_property(trick: list[Card], trump: Suit) -> None:
    """Any 2-4 card trick: the oracle's winner, a trump if one was played, else the suit led."""
    offset = trick_winner_offset(tuple(trick), trump)
    assert offset == trick_winner([card.code for card in trick], trump.code)
    winner = trick[offset]
    if any(card.suit is trump for card in trick):
        assert winner.suit is trump
    else:
        assert winner.suit is trick[0].suit
