"""Briscola Chiamata behind the games' seam (:class:`briscola.engine.game.Game`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..phase import Phase
from ..seam import Game
from .actions import ChiamataAction
from .match import apply_action, deal, new_match, standings
from .options import PLAYERS, ChiamataRules
from .record import deal_record, verify_deal
from .replay import ChiamataStep, replay_steps
from .rules import legal
from .state import ChiamataMatch, DealState
from .view import OWN_FIELDS, ChiamataMatchView, match_owner, match_template, match_view

#: Sides as ``sides`` gives them: the caller's (with the partner), the defenders'.
CALLER_SIDE = 0
DEFENDERS = 1


class Chiamata:
    """Five players, an auction, a called card whose holder is the caller's secret
    partner: each for themselves in the match, two sides in each deal."""

    new_match = staticmethod(new_match)
    deal = staticmethod(deal)
    apply = staticmethod(apply_action)
    view = staticmethod(match_view)
    template = staticmethod(match_template)
    owner = staticmethod(match_owner)
    verify = staticmethod(verify_deal)
    replay = staticmethod(replay_steps)
    standings = staticmethod(standings)

    def own_fields(self, match: ChiamataMatch) -> tuple[str, ...]:
        return OWN_FIELDS

    def phase(self, match: ChiamataMatch) -> Phase:
        if match.over:
            return Phase.OVER
        hand = match.hand
        return Phase.WAITING if hand is None or hand.over else hand.phase

    def turn(self, match: ChiamataMatch) -> int | None:
        return None if match.hand is None else match.hand.turn

    def legal(self, match: ChiamataMatch, seat: int) -> list[ChiamataAction]:
        return [] if match.hand is None or match.over else legal(match.hand, seat)

    def audience(self, match: ChiamataMatch) -> frozenset[int] | None:
        """Everyone sees every action of a Chiamata deal."""
        return None

    def talk_allowed(self, match: ChiamataMatch) -> bool:
        """No talk of any kind while a deal is played: the partner may show themselves
        only by how they play."""
        return False

    def sides(self, match: ChiamataMatch, viewer: int | None) -> tuple[int | None, ...]:
        """Each seat's side in the current (or last) deal, as ``viewer`` may know it:
        nothing before the call; then the caller's; the holder of the called card knows
        the whole table (a caller who called their own card knows they are alone), and
        every other seat knows itself a defender; once the card is played, or the deal is
        over, everyone knows every side."""
        hand = match.hand
        if hand is None or hand.caller is None or hand.partner is None:
            return (None,) * PLAYERS
        return _known_sides(hand, viewer)(hand, viewer)

    def record(self, match: ChiamataMatch) -> dict[str, Any]:
        assert match.hand is not None
        return deal_record(match.hand)


Sides = Callable[[DealState, int | None], tuple[int | None, ...]]


def _known_sides(hand: DealState, viewer: int | None) -> Sides:
    """How much of the sides ``viewer`` knows: all of them, only the caller's, or the
    caller's and itself a defender."""
    if hand.revealed or hand.over or viewer == hand.partner:
        return _all
    if viewer is None or viewer == hand.caller:
        return _caller
    return _self


def _all(hand: DealState, viewer: int | None) -> tuple[int | None, ...]:
    team = (hand.caller, hand.partner)
    return tuple(CALLER_SIDE if seat in team else DEFENDERS for seat in range(PLAYERS))


def _caller(hand: DealState, viewer: int | None) -> tuple[int | None, ...]:
    return tuple(CALLER_SIDE if seat == hand.caller else None for seat in range(PLAYERS))


def _self(hand: DealState, viewer: int | None) -> tuple[int | None, ...]:
    return tuple(
        CALLER_SIDE if seat == hand.caller else DEFENDERS if seat == viewer else None
        for seat in range(PLAYERS)
    )


#: The game, typed as the protocol so that mypy checks every member against its types.
CHIAMATA: Game[ChiamataRules, ChiamataMatch, ChiamataAction, ChiamataMatchView, ChiamataStep] = (
    Chiamata()
)
