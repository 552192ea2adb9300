"""The strong bot: card counting, determinized search (PIMC) and an exact endgame.

At each decision it counts the cards (its :class:`~.memory.Memory` of every trick it saw,
so it knows which cards, trumps and loads are still out), deals the cards it cannot see at
random consistently with everything it knows (:mod:`.deals`), and scores each card it may
play on every sampled deal: played out to the end by the rollout policy (:mod:`.rollout`),
or searched (:mod:`.endgame`) once few tricks remain: exactly with three, four or six
players, as its best reply to the others playing the policy with two while the stock lasts.
It plays the card with the best margin over the samples (its side's points at the end minus
the best other side's, counting the points taken before, which its memory knows), the same
deals serving every card; cards clearly behind are dropped from the rollouts on the way.
When only one deal is possible (two players once the stock is gone; Scoperta with the whole
stock shown, from the start) there is nothing to sample: that game of perfect information
is searched, exactly once few enough tricks remain, before that a few tricks ahead and then
played out by the policy. Its random choices are seeded from the view (the hand's
commitment, the seat, the tricks and cards played), so the same history always gives the
same move.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Final

from briscola.engine import Card, HandView, PlayCard, SwapSeven, side_count

from .claims import Signaller
from .deals import Knowledge, knowledge, sample
from .endgame import best_move, solve
from .heuristic import check_turn
from .memory import Memory
from .player import BotChoice
from .rollout import COST, playout
from .sim import SIDE, TRICKS, cards_of, play

#: Per player count, the tricks left from which sampled deals are solved exactly, and those
#: from which the seat's best reply to the policy is searched (see :class:`Settings`).
EXACT_TRICKS: Final = {2: 0, 3: 2, 4: 2, 6: 2}
RESPONSE_TRICKS: Final = {2: 7, 3: 0, 4: 0, 6: 0}


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard the strong bot searches.

    A decision scores as many sampled deals as ``plays`` card plays of rollouts allow
    (each deal costs one rollout per card in hand, as long as the cards left to play), so
    that early and late decisions take alike; at least ``min_samples`` and at most
    ``max_samples``. Every 16 deals a card clearly behind the best (by more than
    ``race_z`` standard errors of their paired difference) stops being played out, so
    that the plays go to the close ones. ``budget`` (seconds, measured with
    ``time.perf_counter``) stops it sooner if given; without one the bot is
    deterministic. Each sampled deal is solved
    exactly when at most ``exact_tricks[players]`` tricks remain (every seat at its
    best, partners by the policy); else, when at most ``response_tricks[players]``
    remain, the seat's best reply to the others playing the rollout policy is searched (two
    players: this did better against normal than assuming a perfect opponent or playing
    out); else it is played out. A decision searches at most ``search_samples`` deals.
    When only one deal is possible (the stock gone with two players; Scoperta with the
    stock shown), that deal is solved exactly once at most ``perfect_tricks`` tricks remain,
    and before that searched ``horizon`` tricks ahead, then played out by the policy.
    """

    plays: int = 20_000
    min_samples: int = 96
    max_samples: int = 1_600
    budget: float | None = None
    exact_tricks: dict[int, int] = field(default_factory=lambda: dict(EXACT_TRICKS))
    response_tricks: dict[int, int] = field(default_factory=lambda: dict(RESPONSE_TRICKS))
    search_samples: int = 24
    race_z: float = 3.0
    perfect_tricks: int = 8
    horizon: int = 5


class StrongBot(Signaller):
    """A strong player for one seat of one hand; see the module's description."""

    def __init__(self, seat: int, settings: Settings | None = None) -> None:
        self.seat = seat
        self.settings = settings or Settings()
        self.memory = Memory(seat)

    def decide(self, view: HandView) -> BotChoice:
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


def _cards_left(known: Knowledge) -> int:
    """How many cards are still to be played in the hand: one rollout's length."""
    placed = sum(cards.bit_count() for cards in known.placed)
    left = sum(known.hidden) + placed + known.hand.bit_count() + known.face_down
    return left + (known.face_up >= 0)


def best_card(known: Knowledge, settings: Settings, rng: random.Random) -> int:
    """The card (index) with the best total over the sampled deals: of the margins of its
    rollouts, or of the points its side takes where the deals are searched.

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
    left = TRICKS[n] - known.tricks
    deadline = None if settings.budget is None else time.perf_counter() + settings.budget
    if known.exact:
        return _perfect(known, candidates, settings, deadline, rng)
    exact = left <= settings.exact_tricks[n]
    response = not exact and left <= settings.response_tricks[n]
    if exact or response:
        totals = _searched(known, candidates, settings.search_samples, response, deadline, rng)
    else:
        totals = _played_out(known, candidates, settings, deadline, rng)
    best = max(totals, key=lambda j: (totals[j], -j))
    return candidates[best]


def _perfect(
    known: Knowledge,
    candidates: list[int],
    settings: Settings,
    deadline: float | None,
    rng: random.Random,
) -> int:
    """The best card of the one possible deal: searched to the end once at most
    ``settings.perfect_tricks`` tricks remain, else ``settings.horizon`` tricks ahead. With
    a deadline the search deepens a trick at a time from one, and the deepest search done
    when time is up decides."""
    deal = sample(known, rng)
    left = TRICKS[known.players] - known.tricks
    depth = left if left <= settings.perfect_tricks else min(settings.horizon, left)
    best = candidates[0]
    for tricks in range(1 if deadline is not None else depth, depth + 1):
        best = best_move(deal, candidates, None if tricks == left else known.tricks + tricks)
        if deadline is not None and time.perf_counter() > deadline:
            break
    return best


def _searched(
    known: Knowledge,
    candidates: list[int],
    samples: int,
    response: bool,
    deadline: float | None,
    rng: random.Random,
) -> dict[int, int]:
    """Each candidate's points over ``samples`` deals, each deal searched (:func:`solve`)."""
    totals = dict.fromkeys(range(len(candidates)), 0)
    solved: dict[tuple[tuple[int, ...], tuple[int, ...]], dict[int, int]] = {}
    for _ in range(samples):
        deal = sample(known, rng)
        key = (tuple(deal.hands), deal.stock)
        values = solved.get(key)
        if values is None:
            values = solved[key] = solve(deal, response)
        for j, card in enumerate(candidates):
            totals[j] += values[card]
        if deadline is not None and time.perf_counter() > deadline:
            break
    return totals


#: How often (in deals) the candidates behind are looked at.
_RACE_EVERY = 16


def _played_out(
    known: Knowledge,
    candidates: list[int],
    settings: Settings,
    deadline: float | None,
    rng: random.Random,
) -> dict[int, int]:
    """The points of the candidates still in the race, summed over the deals played out.

    Deals are sampled until ``settings.plays`` card plays are spent (``min_samples`` to
    ``max_samples`` deals). Every ``_RACE_EVERY`` deals, a candidate clearly behind the
    leader (by more than ``settings.race_z`` standard errors of their paired difference)
    leaves the race, so that the plays left go to the close ones; the race ends when one
    candidate is left.
    """
    side = SIDE[known.players][known.seat]
    base = known.scores or (0,) * side_count(known.players)
    length = _cards_left(known)
    scores: dict[int, list[int]] = {j: [] for j in range(len(candidates))}
    used = count = 0
    while count < settings.max_samples and (count < settings.min_samples or used < settings.plays):
        deal = sample(known, rng)
        for j, values in scores.items():
            line = deal.copy()
            play(line, candidates[j])
            playout(line)
            values.append(margin(base, line.points, side))
        used += len(scores) * length
        count += 1
        if count % _RACE_EVERY == 0 and count >= settings.min_samples:
            scores = race(scores, settings.race_z)
            if len(scores) == 1:
                break
        if deadline is not None and time.perf_counter() > deadline:
            break
    return {j: sum(values) for j, values in scores.items()}


def margin(base: tuple[int, ...], points: list[int], side: int) -> int:
    """The side's points at the end minus the best other side's: ``base`` taken before the
    rollout, ``points`` in it (with two sides, the same order as the side's points)."""
    totals = [before + gained for before, gained in zip(base, points, strict=True)]
    return totals[side] - max(total for other, total in enumerate(totals) if other != side)


def race(scores: dict[int, list[int]], z: float) -> dict[int, list[int]]:
    """The candidates not clearly behind the leader: the leader, and each other whose
    paired difference to it is not above ``z`` standard errors (an equal candidate, the same
    on every deal, is kept only if cheaper)."""
    leader = max(scores, key=lambda j: (sum(scores[j]), -j))
    top = scores[leader]
    count = len(top)
    kept = {}
    for j, values in scores.items():
        gaps = [a - b for a, b in zip(top, values, strict=True)]
        mean = sum(gaps) / count
        spread = sum((gap - mean) ** 2 for gap in gaps) / (count - 1)
        behind = mean > 0 and mean * mean * count > z * z * spread
        same = j > leader and not any(gaps)
        if j == leader or not (behind or same):
            kept[j] = values
    return kept
