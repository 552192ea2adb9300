"""How a seat plays a card of Briscola Chiamata by the heuristic, on a simulator
:class:`~.sim.Position`: the normal bot's play, and the strong bot's rollout policy.

It reads only what the seat to play may know: its own hand, the trick, the cards played, and
its row of :attr:`~.sim.Position.rel` (who it knows to be on its side). It plays for its
side as far as it knows it:

- leading, a cheap card of a plain suit;
- on a trick a seat of its side holds, a load (the richest plain card) when nobody after it
  who might be against it could still take the trick, else its cheapest card;
- on a trick held by a seat it cannot place (a defender's view of the other non-callers
  before the called card falls), cautiously: its cheapest card;
- on a trick held against it, the trick-and-draw hints: the richest plain card that takes
  it for sure, else the weakest trump that takes it for sure when the points are worth it;
  on a trick with points that may still be taken from it, the weakest trump (ten points or
  more) or the weakest plain card but a load that takes it; else its cheapest card.
"""

from __future__ import annotations

from typing import Final

from briscola.engine.cards import TRICK_KEYS

from ..rollout import COST, cheapest, load, takers, worth
from ..sim import POINTS, STRENGTH, SUIT, holder
from .sim import FRIEND, SEATS, TRICKS, UNSURE, Position, play

_LOAD: Final = 10  # an Ace's or a Three's points


def _beaters() -> tuple[tuple[int, ...], ...]:
    """``BEATERS[trump][card]``: the cards that take a trick from ``card`` if played after
    it (a stronger card of its suit; any trump over a plain card)."""
    table = []
    for trump in range(4):
        row = []
        for card in range(40):
            found = 0
            for other in range(40):
                same = SUIT[other] == SUIT[card] and STRENGTH[other] > STRENGTH[card]
                if same or (SUIT[other] == trump and SUIT[card] != trump):
                    found |= 1 << other
            row.append(found)
        table.append(tuple(row))
    return tuple(table)


BEATERS: Final = _beaters()


#: ``AFTER[seat][played]``: the seats still to play to a trick after ``seat``, which plays
#: its ``played``-th card.
AFTER: Final = tuple(
    tuple(tuple((seat + k) % SEATS for k in range(1, SEATS - played)) for played in range(SEATS))
    for seat in range(SEATS)
)


def choose(pos: Position) -> int:
    """The card the seat to play plays by the heuristic."""
    trick = pos.trick
    played = len(trick)
    seat = (pos.leader + played) % SEATS
    hand = pos.hands[seat]
    trump = pos.trump
    cost = COST[trump]
    if not played:
        return cheapest(hand, cost)
    rel = pos.rel[seat]
    best, top, points = holder(trick, trump)
    # Cards still out that a seat after us might hold; none when only our side plays after.
    out = 0
    for later in AFTER[seat][played]:
        if rel[later] != FRIEND:
            out = ~(pos.played | hand)
            break
    relation = rel[(pos.leader + best) % SEATS]
    beaters = BEATERS[trump]
    if relation == FRIEND:
        return load(hand, trump, cost) if beaters[trick[best]] & out == 0 else cheapest(hand, cost)
    if relation == UNSURE:
        return cheapest(hand, cost)
    keys = TRICK_KEYS[4 * trump + SUIT[trick[0]]]
    throw, plain_win, trump_win, cheap_win = takers(hand, trump, keys, top, cost)
    if throw < 0:
        throw = cheapest(hand, cost)
    if plain_win >= 0 and beaters[plain_win] & out == 0:  # a plain card takes it for sure
        return plain_win
    if (
        trump_win >= 0
        and beaters[trump_win] & out == 0
        and (points >= worth(trump_win) or POINTS[throw] >= _LOAD)
    ):
        return trump_win
    if points and (plain_win >= 0 or trump_win >= 0):
        if points >= _LOAD and trump_win >= 0:
            return trump_win
        if cheap_win >= 0:
            return cheap_win
    return throw


def playout(pos: Position) -> None:
    """Play ``pos`` to the end of the deal, every seat by :func:`choose`."""
    while pos.tricks < TRICKS:
        play(pos, choose(pos))
