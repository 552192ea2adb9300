"""Signals: bots signal only what is true of their hands, when the rules allow it; the
strong bot's deals keep what its partners signalled and showed, and ignore opponents."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from briscola.bots import Bot, Level, make_bot, sim
from briscola.bots.claims import ORDER, Claim, meaning, standing
from briscola.bots.deals import Knowledge, knowledge, sample
from briscola.bots.memory import Memory
from briscola.bots.strong import Settings, StrongBot
from briscola.engine import (
    Card,
    HandRules,
    HandState,
    HandView,
    PartnerComm,
    Signal,
    SignalCode,
    Suit,
    apply,
    signal_refusal,
    start_hand,
    view,
)

QUICK = Settings(plays=1_000, min_samples=8)
RULES = {
    "four-signals": HandRules(4, True, partner_comm=PartnerComm.SIGNALS),
    "four-open": HandRules(4, True, partner_comm=PartnerComm.OPEN, catch=100),
    "six-signals": HandRules(6, True, partner_comm=PartnerComm.SIGNALS, catch=100),
    "six-open": HandRules(6, partner_comm=PartnerComm.OPEN, catch=0),
}


@dataclass(frozen=True)
class Signalled:
    """A signal a bot made: the state it was made in, by whom, what."""

    state: HandState
    seat: int
    code: SignalCode


@dataclass(frozen=True)
class Seen:
    """One of seat 0's decisions: the state, its view, and its memory then."""

    state: HandState
    seen: HandView
    memory: Memory


def play(
    rules: HandRules, bots: Sequence[Bot], seed: bytes, dealer: int
) -> tuple[list[Signalled], list[Seen]]:
    """One hand at a table of signals: before each move every seat's bot, from the one to
    play on, is asked for a signal with its view (as a table may ask at any time), and the
    one to play then moves. Returns the signals made and seat 0's decisions."""
    state = start_hand(rules, dealer, seed)
    signals: list[Signalled] = []
    decisions: list[Seen] = []
    memory = Memory(0)
    while not state.over:
        turn = state.turn
        assert turn is not None
        for seat in [(turn + k) % rules.players for k in range(rules.players)]:
            code = bots[seat].signal(view(state, seat))
            if code is not None:
                assert signal_refusal(state, seat) is None, (code, signal_refusal(state, seat))
                signals.append(Signalled(state, seat, code))
                state = apply(state, Signal(seat, code))
        seen = view(state, turn)
        if turn == 0:
            memory = memory.seen(seen)
            decisions.append(Seen(state, seen, memory))
        state = apply(state, bots[turn].choose(seen))
    return signals, decisions


def bots_of(level: Level, players: int) -> list[Bot]:
    if level is Level.STRONG:
        return [StrongBot(seat, QUICK) for seat in range(players)]
    return [make_bot(level, seat) for seat in range(players)]


def hand_bits(state: HandState, seat: int) -> int:
    return sim.bits([card.index for card in state.hands[seat]])


@pytest.mark.parametrize("name", list(RULES))
@pytest.mark.parametrize("level", list(Level))
def test_bot_signals_are_true_of_its_hand(level: Level, name: str) -> None:
    """Bots of each level, asked for a signal by every seat before every move, signal only
    when the engine allows (from the end of the first trick, once a trick), make only
    claims of the codebook (no requests), and every claim is true of the signaller's hand
    when it is made; they do signal."""
    rules = RULES[name]
    made = 0
    for number in range(1 if level is Level.STRONG else 4):
        seed = random.Random(f"signals/{name}/{level}/{number}").randbytes(32)
        signals, _ = play(rules, bots_of(level, rules.players), seed, number % rules.players)
        for signal in signals:
            claim = meaning(signal.code, signal.state.trump)
            assert signal.code in ORDER and claim is not None
            assert claim.holds(hand_bits(signal.state, signal.seat)), signal
        made += len(signals)
    assert made >= rules.players


def test_a_bot_signals_once_a_trick_and_not_before_the_first_is_over() -> None:
    """Before the first trick is complete no bot signals; after it, a bot signals, and asked
    again in the same trick it does not."""
    rules = RULES["four-signals"]
    state = start_hand(rules, 0, random.Random("once").randbytes(32))
    bots = bots_of(Level.NORMAL, 4)
    for _ in range(4):
        assert all(bot.signal(view(state, seat)) is None for seat, bot in enumerate(bots))
        turn = state.turn
        assert turn is not None
        state = apply(state, bots[turn].choose(view(state, turn)))
    assert state.tricks
    code = bots[1].signal(view(state, 1))
    assert code is not None
    state = apply(state, Signal(1, code))
    assert bots[1].signal(view(state, 1)) is None


def test_a_bot_refuses_to_signal_for_another_seat() -> None:
    """A bot signals for its own seat only: another seat's view is a ValueError."""
    state = start_hand(RULES["four-signals"], 0, bytes(32))
    with pytest.raises(ValueError):
        make_bot("strong", 0).signal(view(state, 1))


@pytest.mark.parametrize("name", list(RULES))
def test_deals_keep_what_partners_signalled_and_showed(name: str) -> None:
    """At every decision of seat 0 (strong, its partners and opponents strong too), in
    deals sampled from its knowledge: a partner's hand shown at an open table is dealt to
    it exactly; a trump honour a partner signalled and has not played is in its hand; what
    each partner signal still says (a trump held, no trumps since the last draw, a load
    not yet played) holds of the partner's dealt hand, as it does of its real one; and no
    opponent's signal, even caught, is read."""
    rules = RULES[name]
    n = rules.players
    rng = random.Random(name)
    checked = Counter[str]()
    for number in range(3):
        seed = random.Random(f"deals/{name}/{number}").randbytes(32)
        _, decisions = play(rules, bots_of(Level.STRONG, n), seed, number % n)
        for decision in decisions:
            seen, memory = decision.seen, decision.memory
            if not seen.legal:
                continue
            known = knowledge(seen, memory)
            assert all(seat % 2 == 0 for seat, _ in known.claims)
            for opponent in range(1, n, 2):
                public = sim.bits([Card.from_code(code).index for code in seen.public[opponent]])
                assert known.placed[opponent] == public
            for _ in range(4):
                deal = sample(known, rng)
                for partner in range(2, n, 2):
                    real = hand_bits(decision.state, partner)
                    checked.update(check_partner(seen, memory, partner, deal.hands[partner], real))
    assert checked["honour"] and checked["claim"]
    if rules.partner_comm is PartnerComm.OPEN:
        assert checked["shown"]


def check_partner(seen: HandView, memory: Memory, partner: int, dealt: int, real: int) -> list[str]:
    """Checks a partner's dealt hand against what seat 0 knows of it; names those made."""
    made = []
    if seen.seen and seen.seen[partner]:
        assert dealt == real
        made.append("shown")
    for signal in seen.signals:
        if signal.seat != partner:
            continue
        code = SignalCode(signal.signal)
        claim = meaning(code, Suit.from_code(seen.trump))
        assert claim is not None
        if claim.cards.bit_count() == 1 and not claim.cards & sim.bits(sorted(memory.played)):
            assert dealt & claim.cards
            made.append("honour")
        since = memory.played_by(partner, signal.tricks, claim.cards)
        still = standing(claim, signal.tricks, seen.tricks_played, seen.players, since)
        assert still.holds(real) and still.holds(dealt), (signal, still)
        made.append("claim")
    return made


def test_a_partners_claims_are_dealt_uniformly() -> None:
    """A partner who claims at least one of three cards gets, over 6,400 deals of nine
    unseen cards into three hands of three, each of the 64 hands that hold one of them
    about equally often (100 expected), and never one of the 20 that hold none."""
    claimed = sim.bits([0, 1, 2])
    known = Knowledge(
        players=4,
        seat=0,
        trump=0,
        hand=sim.bits([30, 31, 32]),
        placed=(0, 0, 0, 0),
        hidden=(0, 3, 3, 3),
        face_down=0,
        face_up=-1,
        leader=0,
        trick=(),
        tricks=7,
        swap_rule=False,
        unseen=tuple(range(9)),
        claims=((2, Claim(claimed, 1)),),
    )
    rng = random.Random(64)
    counts = Counter(sample(known, rng).hands[2] for _ in range(6_400))
    assert all(hand & claimed for hand in counts)
    assert len(counts) == 64
    assert min(counts.values()) >= 60 and max(counts.values()) <= 145
