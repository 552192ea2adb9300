"""The rollout policy: the normal bot's play hints on a simulator :class:`~.sim.Position`.

The strong bot plays each sampled deal out to the end with this policy for every seat, so it
must be quick and sensible. It reads only what the seat to play could see (its own hand,
the trick, the face-up card and the stock's size), never the other hands of the sample: it
takes the same decisions as :mod:`.heuristic`, with the one simplification that a trick is
judged safe only when nobody after us can still play to it or it is held by the Ace or
Three of trumps.
"""

from __future__ import annotations

from typing import Final

from briscola.engine.cards import TRICK_KEYS

from .sim import (
    PARTNERED,
    POINTS,
    STRENGTH,
    SUIT,
    TRICKS,
    Position,
    can_swap,
    holder,
    play,
    swap,
)

_LOAD: Final = 10  # an Ace's or a Three's points and above
_HIGH: Final = 8  # the Three's strength: the Ace and Three of trumps hold a trick safely
#: ``COST[trump][card]``: what throwing a card away gives up (points, then any trump, then
#: strength), the scale of the heuristic's ``_cost``.
COST: Final = tuple(
    tuple(
        POINTS[card] * 20 + STRENGTH[card] + (70 if SUIT[card] == trump else 0)
        for card in range(40)
    )
    for trump in range(4)
)


def choose(pos: Position) -> int:
    """The card the seat to play plays by the heuristic."""
    n = pos.players
    trump = pos.trump
    trick = pos.trick
    played = len(trick)
    hand = pos.hands[(pos.leader + played) % n]
    cost = COST[trump]
    if not played:
        return cheapest(hand, cost)
    best, top, points = holder(trick, trump)
    keys = TRICK_KEYS[4 * trump + SUIT[trick[0]]]
    last = played == n - 1
    held_high = SUIT[trick[best]] == trump and STRENGTH[trick[best]] >= _HIGH
    if PARTNERED[n] and best % 2 == played % 2:  # a partner holds the trick
        return load(hand, trump, cost) if last or held_high else cheapest(hand, cost)

    throw, plain_win, trump_win, cheap_win = takers(hand, trump, keys, top, cost)
    cheap_throw = -1
    if throw < 0:
        cheap_throw = cheapest(hand, cost)
    else:
        cheap_throw = throw
        if n == 2 and _wants_face_up(pos, points):
            return throw
    if last:
        if plain_win >= 0:
            return plain_win
        if trump_win >= 0 and (points >= worth(trump_win) or POINTS[cheap_throw] >= _LOAD):
            return trump_win
        return cheap_throw
    if points and (plain_win >= 0 or trump_win >= 0):
        if points >= _LOAD and trump_win >= 0:
            return trump_win
        if cheap_win >= 0:
            return cheap_win
    return cheap_throw


def takers(
    hand: int, trump: int, keys: tuple[int, ...], top: int, cost: tuple[int, ...]
) -> tuple[int, int, int, int]:
    """Of ``hand`` on a trick held by a card of key ``top`` (in ``keys``, the trick's
    ``TRICK_KEYS``): the cheapest card that does not take it, the richest plain card that
    does, the weakest trump that does, and the weakest plain card but a load that does
    (each -1 when there is none)."""
    throw = plain_win = trump_win = cheap_win = -1
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        if keys[card] > top:
            if SUIT[card] == trump:
                if trump_win < 0 or STRENGTH[card] < STRENGTH[trump_win]:
                    trump_win = card
            else:
                if plain_win < 0 or (POINTS[card], -STRENGTH[card]) > (
                    POINTS[plain_win],
                    -STRENGTH[plain_win],
                ):
                    plain_win = card
                if POINTS[card] < _LOAD and (cheap_win < 0 or STRENGTH[card] < STRENGTH[cheap_win]):
                    cheap_win = card
        elif throw < 0 or cost[card] < cost[throw]:
            throw = card
    return throw, plain_win, trump_win, cheap_win


def playout(pos: Position) -> None:
    """Play ``pos`` to the end of the hand, every seat by :func:`choose` (swapping the 7
    whenever it may)."""
    total = TRICKS[pos.players]
    while pos.tricks < total:
        if pos.swap_rule and not pos.trick and pos.face_up >= 0 and can_swap(pos):
            swap(pos)
        play(pos, choose(pos))


def cheapest(hand: int, cost: tuple[int, ...]) -> int:
    best = -1
    while hand:
        low = hand & -hand
        hand ^= low
        card = low.bit_length() - 1
        if best < 0 or cost[card] < cost[best]:
            best = card
    return best


def load(hand: int, trump: int, cost: tuple[int, ...]) -> int:
    """The richest plain card, to give a trick our side holds; else the cheapest card."""
    best = -1
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        if (
            SUIT[card] != trump
            and POINTS[card]
            and (best < 0 or (POINTS[card], STRENGTH[card]) > (POINTS[best], STRENGTH[best]))
        ):
            best = card
    return best if best >= 0 else cheapest(hand, cost)


def worth(trump_card: int) -> int:
    """How many points a trick must hold before it is worth this trump."""
    if POINTS[trump_card] >= _LOAD:
        return _LOAD
    return 4 if POINTS[trump_card] else 2


def _wants_face_up(pos: Position, points: int) -> bool:
    """Two players at the last draw: losing a poor trick takes the face-up load."""
    return (
        pos.face_up >= 0
        and len(pos.stock) - pos.drawn == 1
        and POINTS[pos.face_up] >= _LOAD
        and points < _LOAD
    )
