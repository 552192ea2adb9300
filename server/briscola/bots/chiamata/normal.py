"""The normal Chiamata bot: a heuristic that plays from one seat's :class:`DealView` alone.

It bids by its hand's strength (:func:`~.auction.normal_speech`: its trumps in a suit, its
loads, the called card a partner would hold), calls the card that makes its hand strongest,
and plays the heuristic of :mod:`.policy` for its side as far as it knows it: the partner
from the call (its view says so), a caller alone too, a defender the caller's side from
the moment the called card is played; until then a defender plays cautiously on the tricks
of the seats it cannot place, and a caller takes every other seat as against it. It keeps
no memory: the view is all it reads (its hand, the trick, the last trick).
"""

from __future__ import annotations

from briscola.engine import Card, DealView, PlayCard
from briscola.engine.chiamata import ChiamataRules

from ..player import ChiamataBot
from .auction import normal_call, normal_speech
from .policy import choose
from .seen import bits, index
from .sim import RELATIONS, SEATS, Position
from .turns import AUCTION, CALL, ChiamataChoice, check_turn


class NormalChiamataBot(ChiamataBot):
    """The normal level for one seat of a Chiamata deal."""

    def __init__(self, seat: int, rules: ChiamataRules | None = None) -> None:
        self.seat = seat
        self.rules = rules or ChiamataRules()

    def decide(self, view: DealView) -> ChiamataChoice:
        """The heuristic's decision for this seat's ``view``.

        Raises:
            ValueError: if the view is another seat's, or not at this seat's turn.
        """
        phase = check_turn(view, self.seat)
        if phase == AUCTION:
            return normal_speech(view, self.rules.self_call)
        if phase == CALL:
            return normal_call(view)
        return play_card(view)


def seat_position(view: DealView) -> Position:
    """The play as ``view.seat`` sees it, on the simulator: its own hand (the others'
    empty), the trick, the cards of the trick and the last trick played, and what it knows
    of the sides."""
    seat, caller, called = view.seat, view.caller, view.called
    assert seat is not None and caller is not None and called is not None
    holder = view.holder if view.holder is not None else seat if view.partner else None
    if holder is not None:
        rel = RELATIONS[1][caller][holder]
    else:  # any holder but the viewer and the caller: its row is the same for all of them
        rel = RELATIONS[0][caller][next(s for s in range(SEATS) if s not in (seat, caller))]
    hands = [0] * SEATS
    hands[seat] = bits(view.hand)
    trick = [index(code) for code in view.trick.cards]
    last = view.last_trick
    played = bits(view.trick.cards) | (bits(last.cards) if last is not None else 0)
    partner = caller if holder is None else holder
    card = index(called)
    revealed = view.holder is not None
    return Position(
        Card.from_code(called).suit,
        hands,
        view.trick.leader,
        trick,
        [0] * SEATS,
        view.tricks_played,
        played,
        caller,
        partner,
        card,
        revealed,
        rel,
    )


def play_card(view: DealView) -> PlayCard:
    """The heuristic's card for ``view``'s seat."""
    seat = view.seat
    assert seat is not None
    return PlayCard(seat, Card.from_index(choose(seat_position(view))))
