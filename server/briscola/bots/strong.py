"""The strong bot: card counting, determinized search (PIMC) and an exact endgame.

At each decision it counts the cards (its :class:`~.memory.Memory` of every trick it saw,
so it knows which cards, trumps and loads are still out), deals the cards it cannot see at
random consistently with everything public (:mod:`.deals`), and scores each card it may
play on every sampled deal: played out to the end by the rollout policy (:mod:`.rollout`),
or searched (:mod:`.endgame`) once few tricks remain: exactly with three or four players,
as its best reply to the others playing the policy with two while the stock lasts. It plays
the card with the most points for its side over the samples, the same deals serving every
card. With two players and the stock gone, the one possible deal is solved exactly. Its
random choices are seeded
from the view (the hand's commitment, the seat, the tricks and cards played), so the same
history always gives the same move.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from briscola.engine import Card, HandView, PlayCard, SwapSeven

from .deals import Knowledge, knowledge, sample
from .endgame import solve
from .heuristic import BotChoice, check_turn
from .memory import Memory
from .rollout import COST, playout
from .sim import SIDE, TRICKS, cards_of, play


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard the strong bot searches.

    A decision scores as many sampled deals as ``plays`` card plays of rollouts allow
    (each deal costs one rollout per card in hand, as long as the cards left to play), so
    that early and late decisions take alike; at least ``min_samples`` and at most
    ``max_samples``. ``budget`` (seconds, measured with ``time.perf_counter``) stops it
    sooner if given; without one the bot is deterministic. Each sampled deal is solved
    exactly when at most ``exact_tricks[players - 2]`` tricks remain (every seat at its
    best, partners by the policy); else, when at most ``response_tricks[players - 2]``
    remain, the seat's best reply to the others playing the rollout policy is searched (two
    players: this did better against normal than assuming a perfect opponent or playing
    out); else it is played out. A decision searches at most ``search_samples`` deals.
    """

    plays: int = 5_000
    min_samples: int = 24
    max_samples: int = 400
    budget: float | None = None
    exact_tricks: tuple[int, int, int] = (0, 2, 2)
    response_tricks: tuple[int, int, int] = (5, 0, 0)
    search_samples: int = 24


class StrongBot:
    """A strong player for one seat of one hand; see the module's description."""

    def __init__(self, seat: int, settings: Settings | None = None) -> None:
        self.seat = seat
        self.settings = settings or Settings()
        self.memory = Memory(seat)

    def choose(self, view: HandView) -> BotChoice:
        """The move for this seat's ``view``, the next of its decisions in the hand.

        Raises:
            ValueError: if it is not this seat's turn, or the view is another hand's.
        """
        seat = check_turn(view, self.seat)
        self.memory = self.memory.seen(view)
        if view.can_swap:
            return SwapSeven(seat)
        if len(view.legal) == 1:
            return PlayCard(seat, Card.from_code(view.legal[0]))
        known = knowledge(view, self.memory)
        rng = random.Random(
            f"{view.commitment}/{seat}/{view.tricks_played}/{len(view.trick.cards)}"
        )
        return PlayCard(seat, Card.from_index(best_card(known, self.settings, rng)))


def sample_count(known: Knowledge, candidates: int, settings: Settings) -> int:
    """How many deals a decision scores: the plays budget over one deal's rollouts."""
    public = sum(cards.bit_count() for seat, cards in enumerate(known.public) if seat != known.seat)
    left = sum(known.hidden) + public + known.hand.bit_count() + known.face_down
    left += known.face_up >= 0
    per_deal = candidates * left
    return max(settings.min_samples, min(settings.max_samples, settings.plays // per_deal))


def best_card(known: Knowledge, settings: Settings, rng: random.Random) -> int:
    """The card (index) with the most points for the seat's side over the sampled deals.

    Args:
        known: what the seat knows now; it holds at least one card.
        settings: samples, time budget and when to solve exactly.
        rng: the source of the deals.

    Returns:
        A card of the seat's hand; among equals the cheapest to give away.
    """
    n = known.players
    cost = COST[known.trump]
    candidates = sorted(cards_of(known.hand), key=lambda card: cost[card])
    totals = [0] * len(candidates)
    left = TRICKS[n] - known.tricks
    exact = known.exact or left <= settings.exact_tricks[n - 2]
    response = not exact and left <= settings.response_tricks[n - 2]
    side = SIDE[n][known.seat]
    samples = 1 if known.exact else sample_count(known, len(candidates), settings)
    if exact or response:
        samples = min(samples, settings.search_samples)
    deadline = None if settings.budget is None else time.perf_counter() + settings.budget
    solved: dict[tuple[tuple[int, ...], tuple[int, ...]], dict[int, int]] = {}
    for _ in range(samples):
        deal = sample(known, rng)
        if exact or response:
            key = (tuple(deal.hands), deal.stock)
            values = solved.get(key)
            if values is None:
                values = solved[key] = solve(deal, response)
            for j, card in enumerate(candidates):
                totals[j] += values[card]
        else:
            for j, card in enumerate(candidates):
                line = deal.copy()
                play(line, card)
                playout(line)
                totals[j] += line.points[side]
        if deadline is not None and time.perf_counter() > deadline:
            break
    best = max(range(len(candidates)), key=lambda j: (totals[j], -j))
    return candidates[best]
