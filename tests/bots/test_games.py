"""The bots play the new games: six players, and Scoperta with the stock shown or not
(six-player hands of every level are in test_levels.py)."""

from __future__ import annotations

import random

import pytest

from briscola.bots import Bot, Level, make_bot, sim
from briscola.bots.deals import knowledge, sample
from briscola.bots.memory import Memory
from briscola.bots.strong import Settings, StrongBot
from briscola.engine import (
    GameName,
    HandRules,
    StockShown,
    hand_result,
)
from support.hands import Decision, play

QUICK = Settings(plays=1_500, min_samples=8, horizon=2)
SCOPERTA = {shown: HandRules(2, True, GameName.SCOPERTA, shown) for shown in StockShown}


def bots_of(level: Level, players: int) -> list[Bot]:
    if level is Level.STRONG:
        return [StrongBot(seat, QUICK) for seat in range(players)]
    return [make_bot(level, seat) for seat in range(players)]


@pytest.mark.parametrize("shown", list(StockShown))
@pytest.mark.parametrize("level", list(Level))
def test_every_level_finishes_scoperta_hands(level: Level, shown: StockShown) -> None:
    """Bots of one level in both seats finish Scoperta hands (each way of showing the
    stock), all 120 points taken: every action they chose, the engine took as legal."""
    for number in range(2 if level is Level.STRONG else 6):
        seed = random.Random(f"games/{shown}/{level}/{number}").randbytes(32)
        state, decisions = play(SCOPERTA[shown], bots_of(level, 2), seed, number % 2)
        assert sum(hand_result(state).points) == 120 and len(decisions) >= 40


def strong_decisions(rules: HandRules, hands: int) -> list[tuple[Decision, Memory]]:
    """Every decision of a strong seat 0 against normal in some hands, with its memory."""
    found = []
    for number in range(hands):
        seed = random.Random(f"known/{rules}/{number}").randbytes(32)
        bots = [StrongBot(0, QUICK), *(make_bot("normal", s) for s in range(1, rules.players))]
        _, decisions = play(rules, bots, seed, number % rules.players)
        memory = Memory(0)
        for decision in decisions:
            if decision.seen.seat == 0:
                memory = memory.seen(decision.seen)
                found.append((decision, memory))
    return found


@pytest.mark.parametrize("shown", list(StockShown))
def test_scoperta_deals_keep_the_opponents_hand_and_the_stock_shown(shown: StockShown) -> None:
    """In Scoperta every deal the strong bot samples gives the opponent exactly its real
    hand (nothing of it is sampled) and puts the stock's shown cards where they are: all of
    it in its order, or its next card; with the whole stock shown only one deal is
    possible."""
    rng = random.Random(7)
    for decision, memory in strong_decisions(SCOPERTA[shown], 6):
        state = decision.state
        known = knowledge(decision.seen, memory)
        stock = tuple(card.index for card in state.stock[:-1])
        count = {StockShown.ALL: len(stock), StockShown.TOP: min(1, len(stock))}.get(shown, 0)
        assert known.hidden == (0, 0)
        assert known.stock_top == stock[:count]
        assert known.exact == (count == len(stock))
        for _ in range(3):
            deal = sample(known, rng)
            assert deal.hands == [sim.bits([c.index for c in hand]) for hand in state.hands]
            assert deal.stock[:count] == stock[:count]
            assert sorted(deal.stock) == sorted(stock)


def test_six_player_deals_use_the_pack_without_the_twos() -> None:
    """With six players the strong bot's sampled deals hold only cards of the 36-card pack,
    every hand and the stock their real sizes."""
    rng = random.Random(6)
    twos = {card for card in range(40) if card % 10 == 1}
    for decision, memory in strong_decisions(HandRules(6, swap_seven=True), 4):
        state = decision.state
        known = knowledge(decision.seen, memory)
        assert not twos & set(known.unseen)
        deal = sample(known, rng)
        assert [hand.bit_count() for hand in deal.hands] == [len(h) for h in state.hands]
        assert len(deal.stock) + (deal.face_up >= 0) == len(state.stock)
        dealt = {card for hand in deal.hands for card in sim.cards_of(hand)} | set(deal.stock)
        assert not dealt & twos


def test_strong_partners_of_six_beat_normal_partners() -> None:
    """Over 6 fixed six-player deals, each played twice with the sides swapped, three light
    strong partners out-score three normal ones."""
    total = 0
    for number in range(6):
        seed = random.Random(f"six-strength/{number}").randbytes(32)
        for tested in (0, 1):
            bots: list[Bot] = [
                StrongBot(s, QUICK) if s % 2 == tested else make_bot("normal", s) for s in range(6)
            ]
            state, _ = play(HandRules(6, swap_seven=True), bots, seed, number)
            points = hand_result(state).points
            total += points[tested] - points[1 - tested]
    assert total > 0


def test_with_a_time_budget_the_perfect_information_search_still_plays() -> None:
    """With a tiny time budget the strong bot's search of Scoperta with the stock shown
    deepens only as far as time allows, and it still finishes its hands legally."""
    for number in range(2):
        seed = random.Random(f"scoperta-budget/{number}").randbytes(32)
        bots = [StrongBot(seat, Settings(budget=1e-4)) for seat in range(2)]
        state, _ = play(SCOPERTA[StockShown.ALL], bots, seed, number)
        assert sum(hand_result(state).points) == 120
