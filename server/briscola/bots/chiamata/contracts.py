"""The strong bot's judgement of contracts, for the auction and the call: each card it
might call, played as caller on the same sampled deals of the others' cards.

On each deal the holder of a called card is the partner (the seat itself when it holds it:
alone), the card's suit trumps, and the deal is played out by the heuristic from the
eldest hand's lead. Calls of one suit whose cards one seat holds play alike but for the
moment the sides are shown, so they share one playout. What a contract is worth follows for
any target: its expected match points (:func:`expected`).
"""

from __future__ import annotations

import random
import time
from bisect import bisect_left, bisect_right

from briscola.engine.chiamata import ALONE, WITH_PARTNER

from ..sim import STRENGTH, SUIT
from .deals import deal_others
from .policy import playout
from .search import ALL_POINTS
from .sim import SEATS, position

Outcomes = dict[int, tuple[int, ...]]


def outcomes(
    seat: int,
    hand: int,
    eldest: int,
    cards: list[int],
    samples: int,
    deadline: float | None,
    rng: random.Random,
) -> Outcomes:
    """Per card of ``cards`` (each one ``seat`` might call), the caller's side's card points
    on each of ``samples`` deals (fewer if ``deadline`` comes first), sorted."""
    found: dict[int, list[int]] = {card: [] for card in cards}
    suits = sorted({SUIT[card] for card in cards})
    for _ in range(samples):
        hands = deal_others(seat, hand, rng)
        for suit in suits:
            played: dict[int, int] = {}
            for card in cards:
                if SUIT[card] != suit:
                    continue
                partner = next(s for s in range(SEATS) if hands[s] >> card & 1)
                side = played.get(partner)
                if side is None:
                    start = hands.copy()
                    pos = position(suit, start, eldest, [], [0] * SEATS, 0, 0, seat, partner, card)
                    playout(pos)
                    side = played[partner] = pos.side_points()
                found[card].append(side)
        if deadline is not None and time.perf_counter() > deadline:
            break
    return {card: tuple(sorted(sides)) for card, sides in found.items()}


def expected(sides: tuple[int, ...], alone: bool, target: int, cappotto: bool) -> float:
    """The caller's mean match points over the deals whose side points are ``sides``
    (sorted, as :func:`outcomes` gives them)."""
    count = len(sides)
    if not count:
        return 0.0
    stake = (ALONE if alone else WITH_PARTNER)[0]
    won = count - bisect_left(sides, target)
    total = won - (count - won)
    if cappotto:  # all 120 points, or none, count double
        total += (count - bisect_left(sides, ALL_POINTS)) - bisect_right(sides, 0)
    return stake * total / count


def candidates(hand: int, any_card: bool, self_call: bool) -> list[int]:
    """The cards worth judging as calls: with a rank bid, every card (of the ranks the
    auction may reach, a call names the suit); in the points auction, where any card may be
    called, in each suit the two strongest the hand does not hold, and where a caller may
    call themselves the weakest it holds. None of the hand's own unless ``self_call``."""
    if not any_card:
        return [card for card in range(40) if self_call or not hand >> card & 1]
    found = []
    for suit in range(4):
        cards = sorted(range(10 * suit, 10 * suit + 10), key=lambda card: -STRENGTH[card])
        found += [card for card in cards if not hand >> card & 1][:2]
        own = [card for card in cards if hand >> card & 1]
        if self_call and own:
            found.append(own[-1])
    return found
