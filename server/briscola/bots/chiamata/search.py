"""The strong bot's search in the play: sampled deals, each card of the hand played on each
of them and the deal played out by the heuristic (:mod:`.policy`), or solved exactly once
few tricks remain; the card of the best total value is played.

A finished deal is worth to a seat its match points (:func:`match_points`, the scoring
table's) times a weight, plus its side's card points: match points decide, card points part
the deals that the samples score alike.
"""

from __future__ import annotations

import random
import time
from typing import Final, NamedTuple

from briscola.engine.chiamata import ALONE, WITH_PARTNER

from ..rollout import COST
from ..sim import cards_of
from .deals import holder_weights, sample
from .policy import playout
from .seen import Knowledge
from .settings import Settings
from .sim import TRICKS, Position, moves, play

ALL_POINTS: Final = 120


def match_points(
    seat: int, caller: int, partner: int, side: int, target: int, cappotto: bool
) -> int:
    """The match points ``seat`` gets for a deal whose caller's side (``caller`` with
    ``partner``, the caller alone when they are the same) took ``side`` card points against
    ``target``."""
    lead, second, defender = ALONE if partner == caller else WITH_PARTNER
    factor = 1 if side >= target else -1
    if cappotto and side in (0, ALL_POINTS):
        factor *= 2
    if seat == caller:
        return factor * lead
    return factor * (second if seat == partner else defender)


def worth(
    seat: int, caller: int, partner: int, side: int, target: int, cappotto: bool, weight: int
) -> int:
    """What a deal whose caller's side took ``side`` points is worth to ``seat``: its match
    points times ``weight`` plus its own side's card points."""
    ours = side if seat in (caller, partner) else ALL_POINTS - side
    return match_points(seat, caller, partner, side, target, cappotto) * weight + ours


def _on_side(pos: Position, seat: int) -> bool:
    return seat == pos.caller or seat == pos.partner


def _solve(pos: Position, alpha: int, beta: int) -> int:
    """The points the side of the seat to play takes from ``pos`` to the end, every seat
    playing for its side, exact inside (alpha, beta)."""
    if pos.tricks == TRICKS:
        return 0
    mover = _on_side(pos, pos.turn)
    ours = pos.side_points() if mover else sum(pos.points) - pos.side_points()
    best = -1
    for card in moves(pos):
        child = pos.copy()
        play(child, card)
        side = child.side_points()
        gained = (side if mover else sum(child.points) - side) - ours
        left = ALL_POINTS - sum(child.points)  # still to take after this card
        if _on_side(child, child.turn) == mover:
            value = gained + _solve(child, alpha - gained, beta - gained)
        else:  # the other side's best is ours' worst
            value = gained + left - _solve(child, left - beta + gained, left - alpha + gained)
        if value > best:
            best = value
            alpha = max(alpha, best)
            if alpha >= beta:
                break
    return best


def solve(pos: Position) -> dict[int, int]:
    """Per card of the seat to play, the caller's side's points at the end of the deal with
    every seat playing for its side (the sides as the deal has them, known to all)."""
    found = {}
    for card in moves(pos):
        child = pos.copy()
        play(child, card)
        left = ALL_POINTS - sum(child.points)
        future = _solve(child, -1, left + 1)  # the next mover's side's
        if not _on_side(child, child.turn):
            future = left - future
        found[card] = child.side_points() + future
    return found


def samples_for(known: Knowledge, candidates: int, settings: Settings) -> int:
    """How many deals a decision samples: as many as ``settings.plays`` card plays allow (a
    deal costs a rollout per candidate, each the cards left long), within the settings'
    bounds. It depends only on what everyone sees (the cards in hand and left), never on
    the seat's role."""
    plays = settings.plays // max(1, candidates * known.cards_left)
    return max(settings.min_samples, min(settings.max_samples, plays))


class Searched(NamedTuple):
    """A decision of the play: the card, and on how many deals it was judged."""

    card: int
    deals: int


def best_card(
    known: Knowledge, settings: Settings, deadline: float | None, rng: random.Random
) -> Searched:
    """The card of the seat's hand with the best total value over the sampled deals: played
    out by the heuristic, or solved exactly from ``settings.exact_tricks`` tricks left; among
    equals the cheapest to give away. Stops sooner at ``deadline`` (a ``perf_counter``
    time), if any."""
    cost = COST[known.trump]
    candidates = sorted(cards_of(known.hand), key=lambda card: cost[card])
    exact = TRICKS - known.tricks <= settings.exact_tricks
    count = settings.exact_samples if exact else samples_for(known, len(candidates), settings)
    weights = holder_weights(
        known, settings.alone_prior, settings.load_odds, settings.overtake_odds
    )
    seat, target, cappotto, weight = known.seat, known.target, known.cappotto, settings.weight
    totals = [0] * len(candidates)
    deals = 0
    while deals < count:
        deals += 1
        deal = sample(known, weights, rng)
        caller, partner = deal.caller, deal.partner
        if exact:
            sides = solve(deal)
            for j, card in enumerate(candidates):
                totals[j] += worth(seat, caller, partner, sides[card], target, cappotto, weight)
        else:
            for j, card in enumerate(candidates):
                line = deal.copy()
                play(line, card)
                playout(line)
                side = line.side_points()
                totals[j] += worth(seat, caller, partner, side, target, cappotto, weight)
        if deadline is not None and time.perf_counter() > deadline:
            break
    best = max(range(len(candidates)), key=lambda j: (totals[j], -j))
    return Searched(candidates[best], deals)
