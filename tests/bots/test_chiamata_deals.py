"""The strong Chiamata bot's sampler: every deal it imagines keeps what its seat knows, and
puts the called card only where the public history allows."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from briscola.bots import make_bot
from briscola.bots.chiamata.deals import evidence, holder_weights, holders, sample
from briscola.bots.chiamata.memory import Memory
from briscola.bots.chiamata.seen import Knowledge, knowledge
from briscola.engine import GameName
from briscola.engine.chiamata import PLAYERS, ChiamataRules, DealState, view
from support.chiamata_deals import arranged, hands_around, play_deal, remembered

WEIGHTS = {"alone_prior": 0.1, "load_odds": 4.0, "overtake_odds": 4.0}
#: Five hands before the first lead (called: the Ace of cups, in seat 1's hand).
FIRST_LEAD = [
    "AD 3D KD ND JD 7D 6D 5D",
    "4D 2D AC 3C KC NC JC 7C",
    "6C 5C 4C 2C AS 3S KS NS",
    "JS 7S 6S 5S 4S 2S AB 3B",
    "KB NB JB 7B 6B 5B 4B 2B",
]


def decisions_of_the_play(
    rules: ChiamataRules, deals: int, tag: str
) -> list[tuple[DealState, Knowledge]]:
    """Every decision of the play of seeded deals of normal bots, with what its seat knew
    then (its memory fed each of its views in order)."""
    found = []
    for number in range(deals):
        seed = random.Random(f"{tag}/{number}").randbytes(32)
        bots = [make_bot("normal", seat, GameName.CHIAMATA, rules) for seat in range(PLAYERS)]
        _, decisions = play_deal(bots, seed, number % PLAYERS, rules)
        for decision, memory in remembered(decisions):
            if decision.seen.phase == "play":
                found.append((decision.state, knowledge(decision.seen, memory, rules)))
    return found


@pytest.mark.parametrize("self_call", [True, False])
def test_samples_keep_what_the_seat_knows_and_place_the_called_card_lawfully(
    self_call: bool,
) -> None:
    """At every decision of the play of 12 deals, 20 sampled deals each: the seat's hand is
    its own; every other seat holds as many cards as it does, none of them played; the
    called card is in no hand once played; before, in exactly one — the seat's own exactly
    when it holds it, never a seat without cards, the caller's only where calling oneself is
    allowed — and not always where it truly is."""
    rules = ChiamataRules(self_call=self_call)
    rng = random.Random(f"samples/{self_call}")
    elsewhere = 0
    for state, known in decisions_of_the_play(rules, 12, f"samples/{self_call}"):
        seat = known.seat
        called = known.called
        weights = holder_weights(known, **WEIGHTS)
        for _ in range(20):
            deal = sample(known, weights, rng)
            assert deal.hands[seat] == known.hand
            assert [h.bit_count() for h in deal.hands] == [len(h) for h in state.hands]
            everything = 0
            for hand in deal.hands:
                assert hand & known.played == 0 and hand & everything == 0
                everything |= hand
            assert everything | known.played == (1 << 40) - 1
            owners = [s for s in range(PLAYERS) if deal.hands[s] >> called & 1]
            if state.revealed:
                assert owners == [] and deal.revealed and deal.partner == state.partner
                continue
            assert len(owners) == 1 and owners[0] == deal.partner
            holder = owners[0]
            assert (holder == seat) == (state.partner == seat)
            assert holder in holders(known) and known.sizes[holder] > 0
            if not self_call:
                assert holder != state.caller
            elsewhere += holder != state.partner
    assert elsewhere > 100


def at_first_lead(rules: ChiamataRules) -> Knowledge:
    """What seat 2, a defender, knows before the first lead of :data:`FIRST_LEAD`, seat 0
    calling the Ace of cups."""
    state = arranged(FIRST_LEAD, caller=0, called="AC", leader=1, rules=rules)
    return knowledge(view(state, 2), Memory(2).seen(view(state, 2)), rules)


def test_a_caller_may_hold_the_called_card_only_where_calling_oneself_is_allowed() -> None:
    """The seats that may hold the called card, for a defender: the other non-callers, and
    the caller too only where the table lets a caller call their own card; the caller's
    chance scaled down by the prior."""
    for self_call in (True, False):
        known = at_first_lead(ChiamataRules(self_call=self_call))
        allowed = holders(known)
        assert allowed == ((0, 1, 3, 4) if self_call else (1, 3, 4))
        weights = holder_weights(known, **WEIGHTS)
        assert weights[2] == 0 and weights[0] == (0.8 if self_call else 0)
        assert weights[1] == weights[3] == weights[4] == 8


def test_the_called_card_is_dealt_in_proportion_to_the_hidden_cards() -> None:
    """With no play to tell the seats apart, the called card goes to each seat that may
    hold it about as often as it holds cards: here equally, a third each."""
    known = at_first_lead(ChiamataRules(self_call=False))
    weights = holder_weights(known, **WEIGHTS)
    rng = random.Random("proportion")
    counts = Counter(sample(known, weights, rng).partner for _ in range(3_000))
    assert set(counts) == {1, 3, 4}
    assert all(abs(counts[seat] / 3_000 - 1 / 3) < 0.04 for seat in (1, 3, 4)), counts


def test_the_play_says_who_is_likely_the_partner() -> None:
    """A seat that loaded a trick the caller held is weighed as likelier to hold the called
    card (here seat 1, which put the Ace of coins on the caller's King of trumps), one that
    took a trick from the caller as less likely (seat 2, with the Three of trumps)."""
    rules = ChiamataRules(self_call=False)
    trick = "KC AD 3C"
    hands = hands_around(trick, [7, 7, 7, 8, 8], {4: "AC"})
    state = arranged(hands, caller=0, called="AC", leader=0, trick=trick, rules=rules)
    known = knowledge(view(state, 3), Memory(3).seen(view(state, 3)), rules)
    assert evidence(known, 4.0, 4.0) == [1.0, 4.0, 0.25, 1.0, 1.0]
    weights = holder_weights(known, **WEIGHTS)
    assert weights == (0, 7 * 4.0, 7 / 4.0, 0, 8)
    rng = random.Random("odds")
    counts = Counter(sample(known, weights, rng).partner for _ in range(2_000))
    assert counts[1] > 2 * counts[4] > 4 * counts[2]


def test_nothing_is_read_from_plays_once_the_called_card_has_fallen() -> None:
    """Once the called card is played the sides are known: the card itself, and what
    follows, weigh nothing (seat 1 took the caller's King with the called Ace), and no seat
    is dealt the card."""
    rules = ChiamataRules()
    trick = "KC AC"
    hands = hands_around(trick, [7, 7, 8, 8, 8], {})
    state = arranged(hands, caller=0, called="AC", leader=0, trick=trick, rules=rules)
    known = knowledge(view(state, 2), Memory(2).seen(view(state, 2)), rules)
    assert known.revealed and known.holder == 1 and holders(known) == ()
    assert evidence(known, 4.0, 4.0) == [1.0] * PLAYERS
    deal = sample(known, holder_weights(known, **WEIGHTS), random.Random("fallen"))
    assert deal.partner == 1 and not any(hand >> known.called & 1 for hand in deal.hands)
