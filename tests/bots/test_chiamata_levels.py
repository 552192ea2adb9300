"""make_bot for Briscola Chiamata: the three levels bid, call and play legally under every
table option, refuse what is not their seat's decision, decide the same from the same
history, survive pickling, and the strong one honours its time budget."""

from __future__ import annotations

import pickle
import random
import time
from collections import Counter

import pytest

from briscola.bots import Level, make_bot, with_budget
from briscola.bots.chiamata.easy import EasyChiamataBot
from briscola.bots.chiamata.normal import NormalChiamataBot
from briscola.bots.chiamata.settings import Settings
from briscola.bots.chiamata.strong import StrongChiamataBot
from briscola.engine import GameName, HandRules, PlayCard, start_hand
from briscola.engine import view as hand_view
from briscola.engine.chiamata import (
    PLAYERS,
    Auction,
    ChiamataRules,
    Pass,
    apply,
    legal,
    start_deal,
    view,
)
from support.chiamata_deals import play_deal

#: A light search, so that strong bots play many deals quickly.
LIGHT = Settings(plays=1_500, min_samples=4, exact_samples=4, auction_samples=6, call_samples=6)
ALL_RULES = [
    ChiamataRules(auction, self_call, cappotto)
    for auction in Auction
    for self_call in (True, False)
    for cappotto in (True, False)
]
CHIAMATA = GameName.CHIAMATA


def bot(
    level: Level, seat: int, rules: ChiamataRules
) -> EasyChiamataBot | NormalChiamataBot | StrongChiamataBot:
    if level is Level.STRONG:
        return StrongChiamataBot(seat, LIGHT, rules)
    if level is Level.NORMAL:
        return NormalChiamataBot(seat, rules)
    return EasyChiamataBot(seat)


def test_make_bot_makes_each_levels_chiamata_bot() -> None:
    """With the game Chiamata, make_bot makes the Chiamata bot of each level, for its seat,
    with the table's options; the default game is still the trick-and-draw one."""
    rules = ChiamataRules(self_call=False)
    kinds = {Level.EASY: EasyChiamataBot, Level.NORMAL: NormalChiamataBot}
    for level, kind in kinds.items():
        made = make_bot(level, 3, CHIAMATA, rules)
        assert type(made) is kind and made.seat == 3
    strong = make_bot("strong", 2, CHIAMATA, rules)
    assert isinstance(strong, StrongChiamataBot) and strong.rules == rules
    assert not isinstance(make_bot("strong", 2), StrongChiamataBot)


@pytest.mark.parametrize("rules", ALL_RULES, ids=str)
@pytest.mark.parametrize("level", list(Level))
def test_every_level_bids_calls_and_plays_legally(level: Level, rules: ChiamataRules) -> None:
    """Five bots of a level play seeded deals under every table option (six deals, three
    for strong): every choice is one of the engine's legal actions for the view's seat
    (play_deal checks it), in the auction, the call and the play."""
    phases: Counter[str] = Counter()
    for number in range(3 if level is Level.STRONG else 6):
        seed = random.Random(f"legal/{level}/{rules}/{number}").randbytes(32)
        bots = [bot(level, seat, rules) for seat in range(PLAYERS)]
        _, decisions = play_deal(bots, seed, number % PLAYERS, rules)
        for decision in decisions:
            assert decision.choice.seat == decision.seen.seat
            phases[decision.seen.phase] += 1
    assert phases["auction"] and phases["call"] and phases["play"]


@pytest.mark.parametrize("level", list(Level))
def test_every_level_makes_a_legal_choice_in_random_deals(level: Level) -> None:
    """Mixed seats (the level in two seats, the others random players) over many random
    deals of random options: at each of the level's decisions, at every phase, its choice
    is legal; bots made in mid-deal (after a restart) play on legally."""
    rng = random.Random(f"random/{level}")
    seen = Counter[str]()
    for number in range(6 if level is Level.STRONG else 40):
        rules = rng.choice(ALL_RULES)
        state = start_deal(rules, number % PLAYERS, rng.randbytes(32))
        ours = set(rng.sample(range(PLAYERS), 2))
        late = rng.randrange(45)  # the decision from which our bots are new (a restart)
        bots = {seat: bot(level, seat, rules) for seat in ours}
        step = 0
        while state.turn is not None:
            seat = state.turn
            actions = legal(state, seat)
            if step == late:
                bots = {seat: bot(level, seat, rules) for seat in ours}
            if seat in ours:
                choice = bots[seat].choose(view(state, seat))
                assert choice in actions
                seen[state.phase.value] += 1
            else:
                choice = (
                    actions[-1]
                    if type(actions[-1]) is Pass and rng.random() < 0.6
                    else rng.choice(actions)
                )
            state = apply(state, choice)
            step += 1
    assert seen["auction"] and seen["call"] and seen["play"]


@pytest.mark.parametrize("level", list(Level))
def test_a_chiamata_bot_refuses_what_is_not_its_decision(level: Level) -> None:
    """Another seat's view, a view out of turn, a spectator's, and a trick-and-draw view
    are each a ValueError; a trick-and-draw bot refuses a Chiamata view the same way."""
    rules = ChiamataRules()
    state = start_deal(rules, 0, bytes(32))  # seat 1 speaks first
    chiamata_bot = make_bot(level, 1, CHIAMATA)
    for wrong in (view(state, 2), view(state, None)):
        with pytest.raises(ValueError):
            chiamata_bot.choose(wrong)
    with pytest.raises(ValueError):
        make_bot(level, 2, CHIAMATA).choose(view(state, 2))
    hand = start_hand(HandRules(2), 0, bytes(32))
    with pytest.raises(ValueError):
        make_bot(level, 1, CHIAMATA).choose(hand_view(hand, 1))
    with pytest.raises(ValueError):
        make_bot(level, 1).choose(view(state, 1))
    with pytest.raises(ValueError):
        make_bot(level, 1).signal(view(state, 1))
    assert make_bot(level, 1, CHIAMATA).signal(view(state, 1)) is None


@pytest.mark.parametrize("level", [Level.EASY, Level.STRONG])
def test_the_same_history_gives_the_same_decisions(level: Level) -> None:
    """Fresh bots given the same views in order decide the same, at every phase."""
    rules = ChiamataRules()
    seed = random.Random(f"same/{level}").randbytes(32)
    first = [bot(level, seat, rules) for seat in range(PLAYERS)]
    _, decisions = play_deal(first, seed, 2, rules)
    again = [bot(level, seat, rules) for seat in range(PLAYERS)]
    for decision in decisions:
        seat = decision.seen.seat
        assert seat is not None
        assert again[seat].choose(decision.seen) == decision.choice


@pytest.mark.parametrize("level", list(Level))
def test_a_bot_survives_pickling_mid_deal(level: Level) -> None:
    """The table pickles a bot and its view to a worker: a bot pickled at every decision of
    a deal and unpickled decides as the one that was not."""
    rules = ChiamataRules()
    seed = random.Random(f"pickle/{level}").randbytes(32)
    plain = [bot(level, seat, rules) for seat in range(PLAYERS)]
    state, decisions = play_deal(plain, seed, 4, rules)
    carried = [bot(level, seat, rules) for seat in range(PLAYERS)]
    for decision in decisions:
        seat = decision.seen.seat
        assert seat is not None
        copy, seen = pickle.loads(pickle.dumps((carried[seat], decision.seen)))
        assert copy.choose(seen) == decision.choice
        carried[seat] = copy
    assert state.over


def test_the_strong_bot_honours_its_time_budget() -> None:
    """With a time budget the strong bot stops at the first deal past it: its auction plan
    rests on one deal (48 without a budget), its play on few, and each decision ends within
    the budget and one deal's work; it still decides legally."""
    rules = ChiamataRules()
    state = start_deal(rules, 0, random.Random("budget").randbytes(32))
    hurried = make_bot(Level.STRONG, 1, CHIAMATA, rules)
    with_budget(hurried, 1e-9)
    assert isinstance(hurried, StrongChiamataBot)
    choice = hurried.choose(view(state, 1))
    assert choice in legal(state, 1)
    assert hurried.plan is not None and {len(sides) for sides in hurried.plan.values()} == {1}
    full = StrongChiamataBot(1, rules=rules)
    full.choose(view(state, 1))
    assert full.plan is not None and {len(sides) for sides in full.plan.values()} == {48}
    with_budget(hurried, 0.01)
    bots = [hurried if seat == 1 else make_bot("normal", seat, CHIAMATA) for seat in range(PLAYERS)]
    state = apply(state, choice)
    while state.turn is not None:
        seat = state.turn
        start = time.perf_counter()
        choice = bots[seat].choose(view(state, seat))
        if seat == 1 and type(choice) is PlayCard:
            assert time.perf_counter() - start < 0.01 + 0.05
        state = apply(state, choice)
    assert state.over
