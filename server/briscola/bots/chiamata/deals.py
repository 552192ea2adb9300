"""Sampling the cards a seat cannot see in Briscola Chiamata: deals consistent with what it
knows, the called card only where the public history allows.

The seat's own hand is exactly its hand, each other seat gets as many cards as it holds, and
the cards played stay played. Briscola has no duty to follow suit, so a card played says
nothing of what its player still holds; but **the called card** is placed first, and only
where it may be (:func:`holders`): nowhere once it has been played; in the seat's own hand
exactly when it holds it; else in another seat that still holds cards, and in the caller's
hand only where the table lets a caller call their own card. Among those seats it goes
by :func:`holder_weights`: as many chances as the seat holds cards (a uniform deal), the
caller's scaled down by how seldom callers call themselves, and each seat's scaled by what
its play so far says (:func:`evidence`): a seat that loaded a trick the caller held is more
likely the partner, one that took a trick from the caller less. The other unseen cards are
dealt uniformly into the hidden places; those left over went to the tricks a bot made in
mid-deal never saw, five to each, their points to the seats that took them.
"""

from __future__ import annotations

import random
from typing import Final

from briscola.engine.cards import TRICK_KEYS

from ..sim import POINTS, SUIT
from .seen import Knowledge
from .sim import SEATS, Position, position

_LOAD: Final = 10


def holders(known: Knowledge) -> tuple[int, ...]:
    """The seats that may hold the called card as far as ``known`` tells (none once it is
    played)."""
    if known.revealed:
        return ()
    if known.holder is not None:
        return (known.holder,)
    return tuple(
        seat
        for seat in range(SEATS)
        if seat != known.seat
        and known.sizes[seat] > 0
        and (seat != known.caller or known.self_call)
    )


def evidence(known: Knowledge, load_odds: float, overtake_odds: float) -> list[float]:
    """Per seat, how much more likely its play so far makes it the partner: ``load_odds``
    for each load (an Ace or a Three) it put on a trick the caller held and did not take,
    ``1 / overtake_odds`` for each trick it took from the caller. Only plays made before the
    called card was played count (the sides are known from then on)."""
    odds = [1.0] * SEATS
    caller, trump = known.caller, known.trump
    plays = [(trick.leader, trick.cards) for trick in known.tricks_seen]
    plays.append((known.leader, known.trick))
    for leader, cards in plays:
        if not cards:
            continue
        keys = TRICK_KEYS[4 * trump + SUIT[cards[0]]]
        best = 0
        for offset, card in enumerate(cards):
            if card == known.called:
                return odds
            if offset == 0:
                continue
            seat = (leader + offset) % SEATS
            beats = keys[card] > keys[cards[best]]
            if (leader + best) % SEATS == caller and seat != caller:
                if beats:
                    odds[seat] /= overtake_odds
                elif POINTS[card] >= _LOAD:
                    odds[seat] *= load_odds
            if beats:
                best = offset
    return odds


def holder_weights(
    known: Knowledge, alone_prior: float, load_odds: float, overtake_odds: float
) -> tuple[float, ...]:
    """Per seat, the weight of its holding the called card: zero where it may not (see
    :func:`holders`), else its hidden cards, times ``alone_prior`` for the caller, times
    what its play says (:func:`evidence`). Worked out the same way whatever the seat's
    role, so that its cost says nothing of it."""
    odds = evidence(known, load_odds, overtake_odds)
    allowed = holders(known)
    weights = [0.0] * SEATS
    for seat in allowed:
        prior = alone_prior if seat == known.caller else 1.0
        weights[seat] = known.sizes[seat] * prior * odds[seat]
    return tuple(weights)


def _pick(weights: tuple[float, ...], rng: random.Random) -> int:
    """A seat drawn with probability proportional to its weight (some weight is positive)."""
    point = rng.random() * sum(weights)
    for seat, weight in enumerate(weights):
        point -= weight
        if point < 0 and weight > 0:
            return seat
    return max(range(SEATS), key=lambda seat: weights[seat])


def sample(known: Knowledge, weights: tuple[float, ...], rng: random.Random) -> Position:
    """One deal consistent with ``known``, the called card placed by ``weights`` (from
    :func:`holder_weights`) when the seat does not know where it is."""
    called = known.called
    free = list(known.unseen)
    hands = [0] * SEATS
    hands[known.seat] = known.hand
    slots = list(known.sizes)
    slots[known.seat] = 0
    missed_called = known.revealed and called in free  # played in a trick never seen
    if missed_called:
        free.remove(called)
    if known.revealed or known.holder is not None:
        partner = known.holder
    else:
        partner = _pick(weights, rng)
        hands[partner] |= 1 << called
        slots[partner] -= 1
        free.remove(called)
    assert partner is not None
    rng.shuffle(free)
    at = 0
    for seat in range(SEATS):
        for card in free[at : at + slots[seat]]:
            hands[seat] |= 1 << card
        at += slots[seat]
    gone = free[at:]
    if missed_called:
        gone.insert(rng.randrange(len(gone) + 1), called)
    points = list(known.points)
    played = known.played
    for number, winner in enumerate(known.missed):
        cards = gone[5 * number : 5 * number + 5]
        points[winner] += sum(POINTS[card] for card in cards)
    for card in gone:
        played |= 1 << card
    return position(
        known.trump,
        hands,
        known.leader,
        list(known.trick),
        points,
        known.tricks,
        played,
        known.caller,
        partner,
        called,
    )


def deal_others(seat: int, hand: int, rng: random.Random) -> list[int]:
    """The other seats' eight cards each, dealt at random from the cards not in ``hand``
    (the auction and the call: nothing has been played)."""
    free = [card for card in range(40) if not hand >> card & 1]
    rng.shuffle(free)
    hands = [0] * SEATS
    hands[seat] = hand
    at = 0
    for other in range(SEATS):
        if other != seat:
            for card in free[at : at + 8]:
                hands[other] |= 1 << card
            at += 8
    return hands
