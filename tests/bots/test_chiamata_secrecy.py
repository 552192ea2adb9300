"""What a strong Chiamata bot's work could tell the table: nothing of its role. The deals a
decision samples, and so its work, follow from what everyone sees alone (the cards in its
hand and the cards left), the same for the partner, the caller and a defender."""

from __future__ import annotations

import random
from collections import defaultdict

from briscola.bots import make_bot
from briscola.bots.chiamata.search import best_card
from briscola.bots.chiamata.seen import knowledge
from briscola.bots.chiamata.settings import Settings
from briscola.engine import GameName
from briscola.engine.chiamata import PLAYERS, ChiamataRules
from support.chiamata_deals import play_deal, remembered

LIGHT = Settings(plays=4_000, min_samples=6, exact_samples=6)


def test_a_decisions_deals_do_not_depend_on_the_seats_role() -> None:
    """Over every decision of the play of 10 deals, the deals searched at each public
    moment (tricks played, cards on the trick, cards in hand) are as many whatever the
    seat's role, and the partner's and defenders' decisions meet at the same moments."""
    rules = ChiamataRules()
    deals: dict[tuple[int, int, int], set[int]] = defaultdict(set)
    roles: dict[tuple[int, int, int], set[str]] = defaultdict(set)
    for number in range(10):
        seed = random.Random(f"work/{number}").randbytes(32)
        bots = [make_bot("normal", seat, GameName.CHIAMATA, rules) for seat in range(PLAYERS)]
        _, decisions = play_deal(bots, seed, number % PLAYERS, rules)
        for decision, memory in remembered(decisions):
            seen = decision.seen
            if seen.phase != "play" or len(seen.legal) == 1 or seen.holder is not None:
                continue
            known = knowledge(seen, memory, rules)
            moment = (seen.tricks_played, len(seen.trick.cards), len(seen.hand))
            deals[moment].add(best_card(known, LIGHT, None, random.Random(number)).deals)
            mine = seen.seat == seen.caller
            role = "caller" if mine else "partner" if seen.partner else "defender"
            roles[moment].add(role)
    assert all(len(counts) == 1 for counts in deals.values()), deals
    assert sum({"partner", "defender"} <= found for found in roles.values()) >= 10
