"""The normal bot: a heuristic that plays from one seat's :class:`HandView` alone.

Pure and deterministic: the same view always gives the same action, and nothing is kept
between calls (the view is all it reads, so it does not count every card played; it knows
its hand, the trick, the last trick, the face-up trump and the cards the rules made public).
It plays the hints of docs/RULES.md: swap the 7 when allowed; lead cheap plain cards; load a
trick the partner is safely winning; take a trick that holds points with the cheapest card
that does the job; never give a load to a trick a trump can still take; otherwise throw
the cheapest card.

>>> from briscola.engine import HandRules, start_hand, view
>>> hand = start_hand(HandRules(players=2), dealer=0, seed=bytes(32))
>>> seen = view(hand, 1)
>>> action = choose_action(seen)
>>> action.seat, action.card.code in seen.legal
(1, True)
"""

from __future__ import annotations

from typing import Final

from briscola.engine import (
    DECK,
    PARTNERSHIP_COUNTS,
    Card,
    HandView,
    PlayCard,
    Suit,
    SwapSeven,
    trick_winner_offset,
)

from .claims import Signaller, honours_claimed
from .player import BotChoice

_CARDS: Final = {card.code: card for card in DECK}
_LOAD: Final = 10  # Aces and Threes: the points of a load
_HIGH_TRUMP: Final = 8  # the Three's strength: a Three or Ace of trumps is "high"
_TRUMP_BASE: Final = 70  # what giving up any trump costs, on the scale of _cost


def _beaters() -> dict[tuple[Card, Suit], frozenset[Card]]:
    table = {}
    for trump in Suit:
        for card in DECK:
            table[card, trump] = frozenset(
                other
                for other in DECK
                if (other.suit is card.suit and other.strength > card.strength)
                or (other.suit is trump and card.suit is not trump)
            )
    return table


#: The cards that would take the trick from ``card`` if played after it, per trump suit.
_BEATERS: Final = _beaters()


def choose_action(view: HandView) -> BotChoice:
    """Choose what ``view.seat`` does now.

    Args:
        view: the hand as the bot's own seat sees it.

    Returns:
        ``SwapSeven(seat)`` when the swap of the 7 is allowed (the face-up card always ranks
        above the 7 then), else ``PlayCard(seat, card)`` with a card from ``view.legal``.

    Raises:
        ValueError: if it is not this seat's turn (no legal card), or the view is a
            spectator's.
    """
    seat = check_turn(view)
    if view.can_swap:
        return SwapSeven(seat)
    return PlayCard(seat, _choose_card(view, seat))


def check_turn(view: HandView, seat: int | None = None) -> int:
    """The view's seat, once sure that it is to play (and is ``seat``, if given).

    Raises:
        ValueError: if the view is a spectator's or another seat's, or not at its turn.
    """
    if view.seat is None or (seat is not None and view.seat != seat):
        raise ValueError(f"seat {seat}'s bot was given the view of seat {view.seat}")
    if view.turn != view.seat or not view.legal:
        raise ValueError(f"it is not seat {view.seat}'s turn to play")
    return view.seat


def _cost(card: Card, trump: Suit) -> int:
    """What giving a card away costs: points first, then any trump, then strength."""
    if card.suit is trump:
        return _TRUMP_BASE + card.points * 20 + card.strength
    return card.points * 20 + card.strength


def _cheapest(cards: list[Card], trump: Suit) -> Card:
    return min(cards, key=lambda card: _cost(card, trump))


def _choose_card(view: HandView, seat: int) -> Card:
    trump = Suit.from_code(view.trump)
    hand = [_CARDS[code] for code in view.legal]
    trick = tuple(_CARDS[code] for code in view.trick.cards)
    if not trick:
        return _cheapest(hand, trump)

    n = view.players
    position = len(trick)
    offset = trick_winner_offset(trick, trump)
    best = trick[offset]
    partnered = n in PARTNERSHIP_COUNTS
    ours = partnered and (view.trick.leader + offset - seat) % 2 == 0
    after = [(seat + k) % n for k in range(1, n - position)]
    opponents = [s for s in after if not (partnered and (s - seat) % 2 == 0)]
    known = _known_elsewhere(view, hand, trick, opponents)

    def safe(card: Card) -> bool:
        """No opponent still to play can take the trick from ``card`` (a simple estimate)."""
        if not opponents:
            return True
        beaters = _BEATERS[card, trump]
        if beaters <= known:
            return True
        if card.suit is trump and card.strength >= _HIGH_TRUMP:
            return not any(_CARDS[code] in beaters for s in opponents for code in view.public[s])
        return False

    if ours:
        if safe(best):
            return _load(hand, trump)
        return _cheapest(hand, trump)

    points = sum(card.points for card in trick)
    winners = [card for card in hand if card.suit is best.suit and card.strength > best.strength]
    if best.suit is not trump:
        winners += [card for card in hand if card.suit is trump]
    losers = [card for card in hand if card not in winners]
    if _prefers_to_lose(view, points) and losers:
        return _cheapest(losers, trump)
    throw = _cheapest(losers or hand, trump)

    sure = [card for card in winners if safe(card)]
    plain = [card for card in sure if card.suit is not trump]
    if plain:  # a plain card that takes the trick for sure: bank the most points
        return max(plain, key=lambda card: (card.points, -card.strength))
    if sure:
        trump_card = min(sure, key=lambda card: card.strength)
        if points >= _worth(trump_card) or throw.points >= _LOAD:
            return trump_card
        return throw
    if points and winners:  # a trick with points that somebody after us may still take
        cheap = [card for card in winners if card.points < _LOAD]
        if points >= _LOAD:
            trumps = [card for card in winners if card.suit is trump]
            if trumps:
                return min(trumps, key=lambda card: card.strength)
        plain_cheap = [card for card in cheap if card.suit is not trump]
        if plain_cheap:
            return min(plain_cheap, key=lambda card: card.strength)
    return throw


def _known_elsewhere(
    view: HandView, hand: list[Card], trick: tuple[Card, ...], opponents: list[int]
) -> set[Card]:
    """Cards that no opponent still to play can hold: ours, on the table, the face-up
    trump under the stock, the last trick, the public cards of everyone else, the partners'
    hands shown at an open table, and the trump honours partners signalled holding."""
    known = set(hand)
    known.update(trick)
    if view.face_up is not None:
        known.add(_CARDS[view.face_up])
    if view.last_trick is not None:
        known.update(_CARDS[code] for code in view.last_trick.cards)
    for s, cards in enumerate(view.public):
        if s not in opponents:
            known.update(_CARDS[code] for code in cards)
    for cards in view.seen:
        known.update(_CARDS[code] for code in cards)
    known.update(DECK[index] for index in honours_claimed(view))
    return known


def _load(hand: list[Card], trump: Suit) -> Card:
    """The richest plain card to give a trick our side is sure to take."""
    plain = [card for card in hand if card.suit is not trump and card.points]
    if plain:
        return max(plain, key=lambda card: (card.points, card.strength))
    return _cheapest(hand, trump)


def _worth(trump_card: Card) -> int:
    """How many points a trick must hold before it is worth this trump."""
    if trump_card.points >= _LOAD:
        return _LOAD
    return 4 if trump_card.points else 2


def _prefers_to_lose(view: HandView, points: int) -> bool:
    """Two players, last draw: losing this trick takes the face-up trump, a load."""
    if view.players != 2 or view.stock != 2 or view.face_up is None:
        return False
    return _CARDS[view.face_up].points >= _LOAD and points < _LOAD


class NormalBot(Signaller):
    """The normal level: :func:`choose_action` for one seat (it needs no memory)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def decide(self, view: HandView) -> BotChoice:
        """The heuristic's move for this seat's ``view``.

        Raises:
            ValueError: if the view is another seat's, or not at this seat's turn.
        """
        check_turn(view, self.seat)
        return choose_action(view)
