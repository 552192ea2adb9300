"""Matches: best of 3, drawn hands replayed, the deal passing, resignation."""

from __future__ import annotations

import functools
import pickle

import pytest
from engine_helpers import seed_of

from briscola.engine import (
    DECK,
    SPECTATOR,
    ErrorCode,
    HandRules,
    MatchRules,
    MatchState,
    PlayCard,
    Resign,
    RuleError,
    apply,
    apply_action,
    deal,
    hand_result,
    legal_actions,
    match_view,
    new_match,
    start_hand,
)
from briscola.engine.deal import random_stream


def lowest(match: MatchState) -> PlayCard:
    """Play the card of lowest canonical index (independent of the engine's hand order)."""
    hand = match.hand
    assert hand is not None and hand.turn is not None
    return PlayCard(hand.turn, min(hand.hands[hand.turn], key=lambda card: card.index))


@functools.cache
def seed_for(players: int, dealer: int, result: str) -> bytes:
    """The first test seed whose hand, dealt by ``dealer`` and played lowest-card-first,
    ends with ``result``."""
    for number in range(20_000):
        seed = seed_of(("match", players, number))
        hand = start_hand(HandRules(players), dealer, seed)
        while not hand.over:
            seat = hand.turn
            assert seat is not None
            hand = apply(hand, PlayCard(seat, min(hand.hands[seat], key=lambda c: c.index)))
        if hand_result(hand).result_code == result:
            return seed
    raise AssertionError(f"no seed gives {result!r}")


def play_match(players: int, best_of: int, results: list[str]) -> tuple[MatchState, list[int]]:
    """A match whose hands end with ``results`` in turn; returns it and the dealers."""
    match = new_match(MatchRules(players=players, best_of=best_of), seed_of(("m", players)))
    dealers = []
    for wanted in results:
        assert not match.over and match.between_hands
        dealer = match.next_dealer
        match = deal(match, seed_for(players, dealer, wanted))
        assert match.hand is not None and match.hand.dealer == dealer
        dealers.append(dealer)
        with pytest.raises(RuleError) as caught:
            deal(match, seed_of("again"))
        assert caught.value.code is ErrorCode.HAND_OVER
        while not match.hand.over:
            match = apply_action(match, lowest(match))
        assert match.results[-1].result_code == wanted
    return match, dealers


def test_new_match_draws_the_first_dealer_from_the_seed() -> None:
    """The first dealer is the first integer of the match seed's stream, modulo the players."""
    for players in [2, 3, 4]:
        seed = seed_of(("first", players))
        match = new_match(MatchRules(players=players), seed)
        assert match.first_dealer == next(random_stream(seed)) % players
        assert (
            match.next_dealer == match.first_dealer
            and match.wins == (0,) * {2: 2, 3: 3, 4: 2}[players]
        )


def test_best_of_three_two_nil_with_a_draw_between() -> None:
    """Best of 3: win, draw, win by the same side ends the match 2-0 after three hands."""
    match, dealers = play_match(2, 3, ["1", "draw", "1"])
    assert match.over and match.wins == (0, 2)
    assert match.outcome is not None and match.outcome.winners == (1,)
    assert [r.result_code for r in match.results] == ["1", "draw", "1"]
    first = match.first_dealer
    assert dealers == [first, (first + 1) % 2, first]


def test_best_of_three_two_one_with_a_draw_between() -> None:
    """Best of 3 with four players: 0, draw, 1, 0 ends 2-1; the deal passes every hand."""
    match, dealers = play_match(4, 3, ["0", "draw", "1", "0"])
    assert match.over and match.wins == (2, 1)
    assert match.outcome is not None and match.outcome.winners == (0,)
    first = match.first_dealer
    assert dealers == [(first + k) % 4 for k in range(4)]
    assert match.next_dealer == (first + 4) % 4
    seen = match_view(match, SPECTATOR)
    assert seen.results == ("0", "draw", "1", "0") and seen.wins == (2, 1)
    assert seen.over and seen.winners == (0,) and seen.hands_dealt == 4


def test_a_finished_match_refuses_everything() -> None:
    """After the match is over, dealing and acting are refused with match_over."""
    match, _ = play_match(2, 1, ["0"])
    before = pickle.loads(pickle.dumps(match))
    assert match.over
    for attempt in [lambda: deal(match, seed_of("x")), lambda: apply_action(match, Resign(0))]:
        with pytest.raises(RuleError) as caught:
            attempt()
        assert caught.value.code is ErrorCode.MATCH_OVER
    assert match == before


def test_no_hand_before_the_first_deal() -> None:
    """Acting before the first deal is refused with no_hand."""
    match = new_match(MatchRules(players=2), seed_of("nohand"))
    with pytest.raises(RuleError) as caught:
        apply_action(match, Resign(0))
    assert caught.value.code is ErrorCode.NO_HAND
    assert match == new_match(MatchRules(players=2), seed_of("nohand"))
    assert match_view(match, 0).hand is None


def test_best_of_five_needs_three() -> None:
    """Best of 5 goes on after two wins and ends at the third."""
    match, _ = play_match(3, 5, ["0", "1", "0", "draw", "2", "0"])
    assert match.over and match.wins == (3, 1, 1)
    assert match.outcome is not None and match.outcome.winners == (0,)


@pytest.mark.parametrize(
    ("players", "seat", "winners"),
    [(2, 0, (1,)), (2, 1, (0,)), (3, 1, None), (4, 1, (0,)), (4, 2, (1,))],
)
def test_resignation_loses_the_match(
    players: int, seat: int, winners: tuple[int, ...] | None
) -> None:
    """Resigning ends hand and match for the resigner's side, whoever's turn it is; with three
    players the match goes to whoever of the other two won the resigned hand (both if level)."""
    match = new_match(MatchRules(players=players, best_of=3), seed_of(("resign", players)))
    match = deal(match, seed_of(("resign-hand", players)))
    for _ in range(players + 1):
        match = apply_action(match, lowest(match))
    match = apply_action(match, Resign(seat))
    if winners is None:
        hand_winner = match.results[-1].winner
        winners = (0, 2) if hand_winner is None else (hand_winner,)
    assert match.over and match.outcome is not None
    assert match.outcome.winners == winners and match.outcome.resigned == seat
    assert match.hand is not None and match.hand.over and match.hand.resigned == seat
    result = match.results[-1]
    assert result.resigned == seat
    side = seat % 2 if players == 4 else seat
    assert result.winner != side
    for viewer in [*range(players), SPECTATOR]:
        seen = match_view(match, viewer)
        assert seen.resigned == seat and seen.winners == winners
        assert seen.hand is not None and seen.hand.over and seen.hand.resigned == seat
    assert legal_actions(match.hand, (seat + 1) % players) == []


def test_three_player_resignation_after_a_win() -> None:
    """Three players: a resignation's match goes to the other seat ahead on hands won."""
    match, _ = play_match(3, 3, ["2"])
    match = deal(match, seed_of("resign-3"))
    match = apply_action(match, Resign(0))
    assert match.outcome is not None and match.outcome.winners == (2,)


def test_rules_are_validated() -> None:
    """MatchRules refuses player counts other than 2-4 and best-of other than 1, 3, 5."""
    for bad in [{"players": 5}, {"players": 1}, {"best_of": 2}, {"best_of": 7}]:
        with pytest.raises(ValueError):
            MatchRules(**bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "results", "seat", "winners"),
    [
        (2, ["0"], 0, (1,)),
        (2, ["draw"], 1, (0,)),
        (4, ["1"], 3, (0,)),
        (4, ["0"], 2, (1,)),
        (3, ["1"], 0, (1,)),
        (3, ["draw"], 1, (0, 2)),
        (3, ["2", "0"], 1, (0, 2)),
    ],
)
def test_resignation_between_hands_ends_the_match(
    players: int, results: list[str], seat: int, winners: tuple[int, ...]
) -> None:
    """Between hands a side may concede: the match ends at once for the other sides, by the
    rule of a resignation in a hand (three players: the other seat ahead on hands won, both
    if level); the hands played and their score are left as they were."""
    match, _ = play_match(players, 3, results)
    assert match.between_hands and not match.over
    conceded = apply_action(match, Resign(seat))
    assert conceded.outcome is not None
    assert conceded.outcome.winners == winners and conceded.outcome.resigned == seat
    assert conceded.hand == match.hand and conceded.hand is not None
    assert conceded.hand.resigned is None
    assert (conceded.wins, conceded.results) == (match.wins, match.results)
    for viewer in [*range(players), SPECTATOR]:
        seen = match_view(conceded, viewer)
        assert seen.over and seen.winners == winners and seen.resigned == seat
    with pytest.raises(RuleError) as caught:
        deal(conceded, seed_of("after-concession"))
    assert caught.value.code is ErrorCode.MATCH_OVER


def test_between_hands_only_a_resignation_is_an_action() -> None:
    """Between hands a card is refused with hand_over and a resignation from a seat the table
    lacks with invalid_seat; the match goes on."""
    match, _ = play_match(2, 3, ["0"])
    for action, code in [
        (PlayCard(0, DECK[0]), ErrorCode.HAND_OVER),
        (Resign(2), ErrorCode.INVALID_SEAT),
    ]:
        with pytest.raises(RuleError) as caught:
            apply_action(match, action)
        assert caught.value.code is code
    assert not match.over
