"""The strong Chiamata bot: contracts judged on sampled deals, card counting, who holds the
called card reasoned from the auction and the play, determinized search and an exact
endgame.

- **The auction.** At its first speech it plays every card it might call, as caller, on the
  same sampled deals of the others' cards (:mod:`.contracts`), and keeps what each gave; at
  each speech it bids the bid open to it whose best call has the highest expected match
  points, if that is above its margin, and else passes.
- **The call.** The card of those it may call with the best expected match points for the
  contract won, on a fresh set of deals.
- **The play.** It remembers every trick (:mod:`.memory`), so it knows which cards are out
  and each seat's points; it deals the cards it cannot see at random consistently with what
  it knows — the called card only where the history allows, weighed by how the seats have
  played (:mod:`.deals`) — and plays each card it may play on every deal, the deal played
  out by the heuristic for every seat (each seat knowing of the sides only what it may),
  or solved exactly in the last tricks (:mod:`.search`). It plays the card of the best total
  value: its match points, then its side's card points.

The number of deals a decision plays depends only on what everyone sees (the cards in hand
and left), so that its time says nothing of its role. Its random choices are seeded from the
view (the deal's commitment, the seat, the auction, the tricks and cards played), so the
same history always gives the same decisions; a time budget (``settings.budget``) stops it
sooner.
"""

from __future__ import annotations

import random
import time

from briscola.engine import Card, DealView, PlayCard
from briscola.engine.chiamata import Auction, Bid, Call, ChiamataRules, Pass

from ..player import ChiamataBot
from .auction import bid_cards, open_bids
from .contracts import Outcomes, candidates, expected, outcomes
from .memory import Memory
from .search import best_card
from .seen import auction_of, bits, index, knowledge
from .settings import Settings
from .sim import SEATS
from .turns import AUCTION, CALL, ChiamataChoice, check_turn


class StrongChiamataBot(ChiamataBot):
    """A strong player for one seat of one Chiamata deal; see the module's description."""

    def __init__(
        self, seat: int, settings: Settings | None = None, rules: ChiamataRules | None = None
    ) -> None:
        self.seat = seat
        self.settings = settings or Settings()
        self.rules = rules or ChiamataRules()
        self.memory = Memory(seat)
        #: What each call would give, judged at the auction's first speech.
        self.plan: Outcomes | None = None

    def decide(self, view: DealView) -> ChiamataChoice:
        """The decision for this seat's ``view``, the next of its decisions in the deal.

        Raises:
            ValueError: if the view is another seat's, not at this seat's turn, or of
                another deal.
        """
        phase = check_turn(view, self.seat)
        self.memory = self.memory.seen(view)
        budget = self.settings.budget
        deadline = None if budget is None else time.perf_counter() + budget
        rng = random.Random(
            f"{view.commitment}/{self.seat}/{len(view.auction)}/{view.tricks_played}"
            f"/{len(view.trick.cards)}"
        )
        if phase == AUCTION:
            return self._speak(view, deadline, rng)
        if phase == CALL:
            return self._call(view, deadline, rng)
        if len(view.legal) == 1:
            return PlayCard(self.seat, Card.from_code(view.legal[0]))
        known = knowledge(view, self.memory, self.rules)
        searched = best_card(known, self.settings, deadline, rng)
        return PlayCard(self.seat, Card.from_index(searched.card))

    def _judge(
        self,
        view: DealView,
        cards: list[int],
        samples: int,
        deadline: float | None,
        rng: random.Random,
    ) -> Outcomes:
        eldest = (view.dealer + 1) % SEATS
        return outcomes(self.seat, bits(view.hand), eldest, cards, samples, deadline, rng)

    def _speak(self, view: DealView, deadline: float | None, rng: random.Random) -> Bid | Pass:
        """The bid open with the best expected match points, if above the margin."""
        bids = open_bids(view)
        if not bids:
            return Pass(self.seat)
        hand = bits(view.hand)
        self_call = self.rules.self_call
        if self.plan is None:
            any_card = auction_of(view) is Auction.POINTS
            cards = candidates(hand, any_card, self_call)
            samples = self.settings.auction_samples
            self.plan = self._judge(view, cards, samples, deadline, rng)
        plan = self.plan
        cappotto = self.rules.cappotto
        best: Bid | Pass = Pass(self.seat)
        best_value = self.settings.bid_margin
        for bid in bids:
            for card in bid_cards(bid, hand, self_call):
                sides = plan.get(card.index)
                if sides is None:
                    continue
                value = expected(sides, hand >> card.index & 1 == 1, bid.target, cappotto)
                if value > best_value:
                    best, best_value = bid, value
        return best

    def _call(self, view: DealView, deadline: float | None, rng: random.Random) -> Call:
        """The card of those it may call with the best expected match points."""
        assert view.contract is not None
        hand = bits(view.hand)
        allowed = {index(code) for code in view.calls}
        any_card = view.contract.rank is None
        cards = [c for c in candidates(hand, any_card, True) if c in allowed] or sorted(allowed)
        judged = self._judge(view, cards, self.settings.call_samples, deadline, rng)
        target, cappotto = view.contract.target, self.rules.cappotto
        best = max(
            cards, key=lambda card: expected(judged[card], hand >> card & 1 == 1, target, cappotto)
        )
        return Call(self.seat, Card.from_index(best))
