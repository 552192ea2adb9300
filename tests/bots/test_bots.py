"""The bot: always legal, better than chance, and the play hints of docs/RULES.md."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from briscola.bots import choose_action
from briscola.engine import (
    Card,
    HandRules,
    HandView,
    PlayCard,
    RuleError,
    SignalView,
    SwapSeven,
    TrickView,
    apply,
    hand_result,
    start_hand,
    view,
)

Player = Callable[[HandView, random.Random], PlayCard | SwapSeven]


def bot(seen: HandView, rng: random.Random) -> PlayCard | SwapSeven:
    return choose_action(seen)


def chance(seen: HandView, rng: random.Random) -> PlayCard | SwapSeven:
    assert seen.seat is not None
    return PlayCard(seen.seat, Card.from_code(rng.choice(seen.legal)))


Move = tuple[HandView, PlayCard | SwapSeven]


def play_hand(
    players: list[Player], swap: bool, dealer: int, rng: random.Random
) -> tuple[tuple[int, ...], list[Move]]:
    """Play one hand to the end, every seat choosing from its own view.

    Returns the points per side and every view shown with the action taken on it.
    """
    state = start_hand(HandRules(len(players), swap), dealer, rng.randbytes(32))
    moves: list[Move] = []
    while not state.over:
        seat = state.turn
        assert seat is not None
        seen = view(state, seat)
        action = players[seat](seen, rng)
        moves.append((seen, action))
        state = apply(state, action)
    return hand_result(state).points, moves


@pytest.mark.parametrize("swap", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_bots_always_play_legal_actions(players: int, swap: bool) -> None:
    """Bots in every seat finish 60 hands with no illegal action, all 120 points taken."""
    rng = random.Random(players * 10 + swap)
    for number in range(60):
        try:
            points, moves = play_hand([bot] * players, swap, number % players, rng)
        except RuleError as exc:
            pytest.fail(f"hand {number}: illegal action: {exc}")
        assert sum(points) == 120
        for seen, action in moves:
            assert action.seat == seen.seat
            if isinstance(action, SwapSeven):
                assert seen.can_swap
            else:
                assert action.card.code in seen.legal


def test_bots_swap_when_they_can() -> None:
    """Over 100 heads-up hands with the swap rule, bots swap whenever they may."""
    rng = random.Random(7)
    chances = swaps = 0
    for number in range(100):
        _, moves = play_hand([bot, bot], True, number % 2, rng)
        chances += sum(seen.can_swap for seen, _ in moves)
        swaps += sum(isinstance(action, SwapSeven) for _, action in moves)
    assert chances >= 5
    assert swaps == chances


def test_bot_beats_a_random_player() -> None:
    """Heads up over 300 hands, alternating seats and deals, the bot wins over 55 %."""
    rng = random.Random(2024)
    wins = 0
    total = 300
    for number in range(total):
        bot_seat = number % 2
        players: list[Player] = [chance, chance]
        players[bot_seat] = bot
        points, _ = play_hand(players, number % 3 == 0, (number // 2) % 2, rng)
        wins += points[bot_seat] > 60
    assert wins / total > 0.55, f"the bot won {wins} of {total}"


def test_bot_refuses_to_move_out_of_turn() -> None:
    """Asked when it is another seat's turn, or for a spectator, the bot raises ValueError."""
    state = start_hand(HandRules(2), 0, bytes(32))
    with pytest.raises(ValueError):
        choose_action(view(state, 0))
    with pytest.raises(ValueError):
        choose_action(view(state, None))


def make_view(
    hand: str,
    trick: str = "",
    *,
    seat: int = 0,
    players: int = 4,
    trump: str = "D",
    face_up: str | None = "5D",
    stock: int = 20,
    public: dict[int, str] | None = None,
    last_trick: str = "",
    can_swap: bool = False,
) -> HandView:
    """A view for ``seat`` to act, with space-separated card codes."""
    cards = tuple(hand.split())
    played = tuple(trick.split())
    shown = public or {}
    last = TrickView(seat, tuple(last_trick.split()), seat) if last_trick else None
    return HandView(
        seat=seat,
        players=players,
        dealer=(seat - len(played) - 1) % players,
        commitment="0" * 64,
        trump=trump,
        face_up=face_up,
        stock=stock,
        hand=cards,
        hand_sizes=(len(cards),) * players,
        public=tuple(tuple(shown.get(s, "").split()) for s in range(players)),
        trick=TrickView((seat - len(played)) % players, played),
        last_trick=last,
        turn=seat,
        taken=(0, 0) if players == 4 else (0,) * players,
        tricks_played=4,
        winners=(seat,) * 4,
        swaps=(),
        legal=cards,
        can_swap=can_swap,
        over=False,
    )


def played(seen: HandView) -> str:
    action = choose_action(seen)
    assert isinstance(action, PlayCard)
    return action.card.code


def test_swaps_the_seven_when_allowed() -> None:
    """With the swap allowed (face-up Ace of trumps), the bot swaps before leading."""
    seen = make_view("7D 4C 2S", players=2, face_up="AD", can_swap=True)
    assert choose_action(seen) == SwapSeven(0)


def test_loads_a_trick_the_partner_has_won() -> None:
    """Last to play, partner winning: the bot gives its Ace, not a plain card or a trump."""
    seen = make_view("4S AC 2D", "KS 3S 6S", seat=3)  # partner seat 1 holds the Three
    assert played(seen) == "AC"


def test_loads_on_a_partners_high_trump_with_an_opponent_to_play() -> None:
    """Partner led the Ace of trumps: no one can beat it, so the bot loads a Three."""
    seen = make_view("3C 5S KB", "AD 4S", seat=2)
    assert played(seen) == "3C"


def test_does_not_load_a_partners_trick_an_opponent_can_still_trump() -> None:
    """Partner winning with a plain King, an opponent still to play: no Ace goes on it."""
    seen = make_view("AC 5S 4B", "KS 2S", seat=2)
    assert played(seen) == "4B"


def test_does_not_throw_an_ace_where_an_opponent_can_trump() -> None:
    """Second on a plain King, an opponent still to play: it keeps its Ace of the suit."""
    seen = make_view("AS 4C 6B", "KS", seat=1, players=3)
    assert played(seen) == "4C"


def test_takes_a_rich_trick_with_the_cheapest_trump() -> None:
    """Last to play on an opponent's Three: the bot takes it with its lowest trump."""
    seen = make_view("AD 4D 2S", "3C", seat=1, players=2)
    assert played(seen) == "4D"


def test_takes_a_rich_trick_with_a_plain_card_rather_than_a_trump() -> None:
    """Last to play on an opponent's Three: the Ace of the suit takes it, no trump spent."""
    seen = make_view("4D AC 2S", "3C", seat=1, players=2)
    assert played(seen) == "AC"


def test_does_not_spend_a_trump_on_an_empty_trick() -> None:
    """Last to play on a trick worth nothing, the bot throws a plain card, keeping trumps."""
    seen = make_view("4D KD 2S", "5C", seat=1, players=2)
    assert played(seen) == "2S"


def test_keeps_high_trumps_for_rich_tricks() -> None:
    """On a trick worth a Knight, it will not spend its Ace of trumps; it throws a 2."""
    seen = make_view("AD 2S 5B", "NC", seat=1, players=2)
    assert played(seen) == "2S"


def test_leads_a_cheap_plain_card() -> None:
    """Leading, the bot keeps its loads and trumps and leads its lowest plain card."""
    seen = make_view("AC 4D 5S 3B", players=4)
    assert seen.trick.cards == ()
    assert played(seen) == "5S"


def test_two_players_lose_trick_seventeen_to_take_a_face_up_ace() -> None:
    """Heads up at the last draw with the Ace of trumps face up, the bot lets the trick go."""
    seen = make_view("6C 2S KD", "5C", seat=1, players=2, face_up="AD", stock=2)
    assert played(seen) == "2S"


def test_loads_a_trick_a_partner_of_six_has_won() -> None:
    """Six players, last to play, its partner at seat 1 winning with a Three: the bot gives
    its Ace, as with four."""
    seen = make_view("4S AC 2D", "KS 3S 6S 4S 5S", seat=5, players=6)
    assert played(seen) == "AC"


def test_a_partners_signalled_ace_of_trumps_makes_its_king_safe() -> None:
    """Partner winning with the King of trumps, an opponent still to play: with the Three
    of trumps in hand and the partner's signal that it holds the Ace, no opponent can take
    the trick, so the bot loads its Ace; without the signal it throws a cheap card."""
    seen = make_view("3D AC 4S", "KD 4C", seat=1)
    assert played(seen) == "4S"
    signalled = replace(seen, signals=(SignalView(3, "ace_of_trumps", 2),))
    assert played(signalled) == "AC"
    caught = replace(seen, signals=(SignalView(2, "ace_of_trumps", 2),))  # an opponent's
    assert played(caught) == "4S"
