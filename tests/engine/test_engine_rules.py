"""Named edge cases of the rules: the swap of the 7, draws and ties, illegal actions."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable

import pytest
from engine_helpers import arrange, codes, seed_of

from briscola.engine import (
    SPECTATOR,
    ActionType,
    Card,
    ErrorCode,
    HandRules,
    HandState,
    LoggedAction,
    PlayCard,
    Resign,
    RuleError,
    SwapSeven,
    apply,
    can_swap,
    hand_record,
    hand_result,
    legal_actions,
    start_hand,
    swap_refusal,
    view,
)

Policy = Callable[[HandState], PlayCard]


def lowest(state: HandState) -> PlayCard:
    """Play the card of lowest canonical index; never swap (independent of hand order)."""
    seat = state.turn
    assert seat is not None
    return PlayCard(seat, min(state.hands[seat], key=lambda card: card.index))


def step(state: HandState, policy: Policy = lowest) -> HandState:
    return apply(state, policy(state))


def play_out(state: HandState, policy: Policy = lowest) -> HandState:
    while not state.over:
        state = step(state, policy)
    return state


def after_first_trick(players: int = 4, swap: bool = True, keep: str = "7A") -> HandState:
    """A hand after its first trick, the first of the test seeds that leaves the trumps of
    the ranks in ``keep`` unplayed (so that they can be arranged into place)."""
    for number in range(100):
        state = start_hand(HandRules(players, swap), 0, seed_of(("edge", number)))
        for _ in range(players):
            state = step(state)
        played = {card.code for card in state.tricks[0].cards}
        if not played & {rank + state.trump.code for rank in keep}:
            return state
    raise AssertionError("no seed keeps those trumps")


def seven(state: HandState) -> str:
    return "7" + state.trump.code


def of_trumps(state: HandState, rank: str) -> str:
    return rank + state.trump.code


def refused(state: HandState, seat: int, code: ErrorCode = ErrorCode.SWAP_NOT_ALLOWED) -> str:
    """Assert that ``seat`` may not swap now, everywhere the engine says so."""
    before = dataclasses.replace(state)
    with pytest.raises(RuleError) as caught:
        apply(state, SwapSeven(seat))
    assert caught.value.code is code
    assert state == before
    assert not can_swap(state, seat)
    assert SwapSeven(seat) not in legal_actions(state, seat)
    assert not view(state, seat).can_swap
    return caught.value.message


# -- the swap of the 7 ------------------------------------------------------------------------


def test_swap_refused_on_the_first_trick() -> None:
    """Before anybody has won a trick, the leader holding the 7 of trumps may not swap."""
    state = start_hand(HandRules(4, swap_seven=True), 0, seed_of("first"))
    state = arrange(state, state.leader, [seven(state)], face_up=of_trumps(state, "A"))
    assert "nobody has won a trick" in refused(state, state.leader)


@pytest.mark.parametrize("rank", list("2456"))
def test_swap_refused_for_a_face_up_card_not_above_the_7(rank: str) -> None:
    """A face-up 2, 4, 5 or 6 does not rank above the 7: no swap."""
    state = after_first_trick(keep="7" + rank)
    state = arrange(state, state.leader, [seven(state)], face_up=of_trumps(state, rank))
    assert "does not rank above the 7" in refused(state, state.leader)


@pytest.mark.parametrize("rank", list("A3KNJ"))
def test_swap_allowed_for_a_face_up_card_above_the_7(rank: str) -> None:
    """A face-up Ace, Three, King, Knight or Jack may be taken by the trick's winner."""
    state = after_first_trick(keep="7" + rank)
    state = arrange(state, state.leader, [seven(state)], face_up=of_trumps(state, rank))
    assert can_swap(state, state.leader) and swap_refusal(state, state.leader) is None
    assert legal_actions(state, state.leader)[-1] == SwapSeven(state.leader)
    assert view(state, state.leader).can_swap
    assert not view(state, (state.leader + 1) % 4).can_swap


def test_swap_refused_when_the_table_does_not_play_it() -> None:
    """Without the swap rule the same position allows no swap."""
    state = after_first_trick(swap=False)
    state = arrange(state, state.leader, [seven(state)], face_up=of_trumps(state, "A"))
    assert "does not play the swap" in refused(state, state.leader)


def test_swap_refused_once_the_stock_is_gone() -> None:
    """After the face-up card has been drawn, the trick's winner holding the 7 cannot swap."""
    state = start_hand(HandRules(4, swap_seven=True), 0, seed_of("stock"))
    trump_seven = Card.from_code(seven(state))

    def keep_seven(state: HandState) -> PlayCard:
        seat = state.turn
        assert seat is not None
        cards = [c for c in state.hands[seat] if c is not trump_seven] or [trump_seven]
        return PlayCard(seat, min(cards, key=lambda card: card.index))

    while state.stock or state.trick:
        state = step(state, keep_seven)
    assert state.face_up is None and not state.over
    state = arrange(state, state.leader, [seven(state)])
    assert "has been drawn" in refused(state, state.leader)


def test_swap_refused_to_a_player_who_did_not_just_win() -> None:
    """A seat holding the 7 that did not just win the trick may not swap, in turn or not."""
    state = after_first_trick()
    winner = state.leader
    other = (winner + 1) % 4
    state = arrange(state, other, [seven(state)], face_up=of_trumps(state, "A"))
    refused(state, other, ErrorCode.NOT_YOUR_TURN)
    state = step(state)  # the winner leads
    assert state.turn == other
    assert "just won" in refused(state, other)


def test_swap_refused_to_the_winner_once_a_card_is_led() -> None:
    """The winner who has already led the next trick can no longer swap."""
    state = after_first_trick()
    winner = state.leader
    state = arrange(state, winner, [seven(state)], face_up=of_trumps(state, "A"))
    state = apply(state, PlayCard(winner, state.hands[winner][1]))
    refused(state, winner, ErrorCode.NOT_YOUR_TURN)


def test_a_legal_swap() -> None:
    """A legal swap: 7 under the stock, the card taken public to all until played, then not."""
    state = after_first_trick(keep="7K")
    winner = state.leader
    state = arrange(state, winner, [seven(state)], face_up=of_trumps(state, "K"))
    stock_before = state.stock
    state = apply(state, SwapSeven(winner))
    took, given = Card.from_code(of_trumps(state, "K")), Card.from_code(seven(state))
    assert state.stock == (*stock_before[:-1], given) and state.face_up is given
    assert state.hands[winner][0] is took and given not in state.hands[winner]
    assert state.log[-1] == LoggedAction(winner, ActionType.SWAP, given, took)
    assert state.turn == winner and took in state.public
    assert "does not rank above the 7" in refused(state, winner)  # no second swap

    def public_everywhere(state: HandState) -> list[tuple[str, ...]]:
        return [view(state, viewer).public[winner] for viewer in [0, 1, 2, 3, SPECTATOR]]

    for viewer in [0, 1, 2, 3, SPECTATOR]:
        assert view(state, viewer).face_up == given.code
    assert public_everywhere(state) == [(took.code,)] * 5
    state = apply(state, PlayCard(winner, state.hands[winner][1]))  # lead another card
    assert public_everywhere(state) == [(took.code,)] * 5
    while state.turn != winner:
        state = step(state)
    assert public_everywhere(state) == [(took.code,)] * 5
    state = apply(state, PlayCard(winner, took))
    assert public_everywhere(state) == [()] * 5
    assert took not in state.public and took in state.trick


def test_the_swapped_seven_is_drawn_last_and_public() -> None:
    """After a swap the 7 is the last card drawn, by the last drawer, in view of everyone."""
    state = after_first_trick()
    winner = state.leader
    state = arrange(state, winner, [seven(state)], face_up=of_trumps(state, "A"))
    state = apply(state, SwapSeven(winner))
    given = Card.from_code(seven(state))
    while state.stock:
        state = step(state)
    last_drawer = (state.leader + 3) % 4
    assert given in state.hands[last_drawer] and given in state.public
    for viewer in [0, 1, 2, 3, SPECTATOR]:
        assert given.code in view(state, viewer).public[last_drawer]


# -- draws and ties ---------------------------------------------------------------------------


@functools.cache
def seed_for(players: int, dealer: int, result: str) -> bytes:
    """The first test seed whose hand, played by ``lowest``, ends with ``result``."""
    for number in range(20_000):
        seed = seed_of(("result", players, number))
        final = play_out(start_hand(HandRules(players), dealer, seed))
        if hand_result(final).result_code == result:
            return seed
    raise AssertionError(f"no seed gives {result!r} with {players} players")


@pytest.mark.parametrize("players", [2, 4])
def test_sixty_sixty_is_a_draw(players: int) -> None:
    """A hand ending 60-60 is drawn: no winner, result "draw", shown in every view."""
    final = play_out(start_hand(HandRules(players), 0, seed_for(players, 0, "draw")))
    result = hand_result(final)
    assert result.points == (60, 60) and result.winner is None and result.result_code == "draw"
    assert view(final, SPECTATOR).result == "draw"
    assert hand_record(final)["result"] == "draw"


def test_three_players_two_way_tie_at_the_top_is_a_draw() -> None:
    """With three players, two sharing the top score draw the hand (found by play)."""
    final = play_out(start_hand(HandRules(3), 0, seed_for(3, 0, "draw")))
    result = hand_result(final)
    best = max(result.points)
    assert result.points.count(best) >= 2 and result.winner is None
    assert sum(result.points) == 120


def piles(*codes_: str) -> tuple[Card, ...]:
    return tuple(Card.from_code(code) for code in codes_)


def three_player_finish(captured: tuple[tuple[Card, ...], ...]) -> HandState:
    final = play_out(start_hand(HandRules(3), 0, seed_of("three")))
    return dataclasses.replace(final, captured=captured)


COINS = piles("AD", "3D", "4D", "5D", "6D", "7D", "JD", "ND", "KD")
CUPS = piles("AC", "2C", "3C", "4C", "5C", "6C", "7C", "JC", "NC", "KC")
SWORDS = piles("AS", "2S", "3S", "4S", "5S", "6S", "7S", "JS", "NS", "KS")
CLUBS = piles("AB", "2B", "3B", "4B", "5B", "6B", "7B", "JB", "NB", "KB")


def test_three_players_three_way_tie_is_a_draw() -> None:
    """40-40-40 with three players is a draw (built with dataclasses.replace)."""
    three_c = Card.from_code("3C")
    first = (*COINS, three_c)  # 30 + 10
    second = tuple(c for c in CUPS if c is not three_c) + piles("AS", "KS", "NS", "JS")
    third = tuple(c for c in SWORDS if c.code not in {"AS", "KS", "NS", "JS"}) + CLUBS
    result = hand_result(three_player_finish((first, second, third)))
    assert result.points == (40, 40, 40) and result.winner is None


@pytest.mark.parametrize(
    ("split", "winner"),
    [
        ((50, 50, 20), None),
        ((20, 50, 50), None),
        ((61, 30, 29), 0),
        ((30, 45, 45), None),
        ((40, 50, 30), 1),
    ],
)
def test_three_players_top_score_wins_or_draws(
    split: tuple[int, int, int], winner: int | None
) -> None:
    """Three players: the single highest score wins (even under 61); a shared top draws."""
    result = hand_result(three_player_finish(_split(split)))
    assert result.points == split and result.winner == winner


def _split(target: tuple[int, int, int]) -> tuple[tuple[Card, ...], ...]:
    """Deal the 39 cards into three piles worth ``target`` points (a small exact search)."""
    cards = sorted((*COINS, *CUPS, *SWORDS, *CLUBS), key=lambda c: -c.points)
    piles_: list[list[Card]] = [[], [], []]
    totals = [0, 0, 0]

    def place(i: int) -> bool:
        if i == len(cards):
            return totals == list(target)
        for p in range(3):
            if totals[p] + cards[i].points <= target[p]:
                piles_[p].append(cards[i])
                totals[p] += cards[i].points
                if place(i + 1):
                    return True
                totals[p] -= cards[i].points
                piles_[p].pop()
        return False

    assert place(0)
    return tuple(tuple(pile) for pile in piles_)


# -- illegal actions --------------------------------------------------------------------------


def refuse(state: HandState, action: PlayCard | SwapSeven | Resign, code: ErrorCode) -> None:
    before = dataclasses.replace(state)
    with pytest.raises(RuleError) as caught:
        apply(state, action)
    assert caught.value.code is code and caught.value.message
    assert state == before


def test_error_codes_are_the_stable_protocol_strings() -> None:
    """ErrorCode values are exactly the documented strings; RuleError carries code and text."""
    assert sorted(code.value for code in ErrorCode) == sorted(
        [
            "not_your_turn",
            "card_not_in_hand",
            "swap_not_allowed",
            "hand_over",
            "match_over",
            "no_hand",
            "invalid_seat",
            "signal_not_allowed",
            "not_this_game",
            "already_passed",
            "bid_too_low",
            "bad_bid",
            "auction_over",
            "not_caller",
            "no_call_now",
            "call_not_allowed",
            "play_not_started",
        ]
    )
    error = RuleError(ErrorCode.HAND_OVER, "the hand is over")
    assert isinstance(error, ValueError) and error.code == "hand_over"
    assert error.message == str(error) == "the hand is over"


def test_not_your_turn() -> None:
    """A seat playing out of turn is refused with not_your_turn, state unchanged."""
    state = start_hand(HandRules(4), 0, seed_of("turn"))
    other = (state.leader + 1) % 4
    refuse(state, PlayCard(other, state.hands[other][0]), ErrorCode.NOT_YOUR_TURN)
    assert legal_actions(state, other) == []


def test_card_not_in_hand() -> None:
    """Playing a card one does not hold is refused with card_not_in_hand, state unchanged."""
    state = start_hand(HandRules(4), 0, seed_of("card"))
    seat = state.leader
    for card in [*state.hands[(seat + 1) % 4], state.stock[0], state.stock[-1]]:
        refuse(state, PlayCard(seat, card), ErrorCode.CARD_NOT_IN_HAND)


@pytest.mark.parametrize("action", [PlayCard, SwapSeven, Resign])
def test_hand_over(action: type) -> None:
    """Any action on a finished hand is refused with hand_over, state unchanged."""
    final = play_out(start_hand(HandRules(2, True), 0, seed_of("over")))
    made = action(0, Card.from_code("AD")) if action is PlayCard else action(0)
    refuse(final, made, ErrorCode.HAND_OVER)


@pytest.mark.parametrize("seat", [-1, 4, 7])
def test_invalid_seat(seat: int) -> None:
    """A seat outside the table is refused with invalid_seat, in apply and in view."""
    state = start_hand(HandRules(4), 0, seed_of("seat"))
    refuse(state, PlayCard(seat, state.hands[0][0]), ErrorCode.INVALID_SEAT)
    refuse(state, Resign(seat), ErrorCode.INVALID_SEAT)
    with pytest.raises(RuleError) as caught:
        view(state, seat)
    assert caught.value.code is ErrorCode.INVALID_SEAT


def test_views_hide_the_running_score_and_captured_cards() -> None:
    """Mid-hand views give how many cards each side took, never points, seed or result."""
    state = start_hand(HandRules(4), 0, seed_of("score"))
    for _ in range(12):
        state = step(state)
    for viewer in [0, 1, 2, 3, SPECTATOR]:
        seen = view(state, viewer)
        piles = state.captured  # by seat; the view counts by partnership
        assert seen.taken == (len(piles[0]) + len(piles[2]), len(piles[1]) + len(piles[3]))
        assert sum(seen.taken) == 12
        assert seen.points is None and seen.seed is None and seen.result is None
        assert seen.tricks_played == 3 and seen.last_trick is not None
        assert seen.last_trick.cards == tuple(codes(state.tricks[-1].cards))
