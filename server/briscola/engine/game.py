"""The games behind the seam (:class:`Game`, in :mod:`.seam`), and the registry of games by
name, :data:`GAMES`.

The trick-and-draw family — classic Briscola for 2, 3, 4 and 6 (with the partnership house
rules) and Scoperta — is one module, :data:`TRICK_AND_DRAW`, whose options are in
:class:`MatchRules` and :class:`HandRules`. Briscola Chiamata is the package
:mod:`briscola.engine.chiamata`, :data:`CHIAMATA`. A new game is a new module with its own
rules, state, actions and view, registered in :data:`GAMES`; the layers above do not change
(docs/ARCHITECTURE.md, "Adding a game").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import Action, ActionType, PlayCard, SwapSeven
from .chiamata.game import CHIAMATA
from .match import MatchRules, MatchState, apply_action, deal, new_match, standings
from .phase import Phase
from .record import VerifyError, hand_record, verify_record
from .replay import ReplayStep, replay_steps
from .rules import legal_actions
from .seam import Game
from .state import GameName, PartnerComm, side_of
from .view import MatchView, match_own_fields, match_owner, match_template, match_view


class TrickAndDraw:
    """Classic Briscola for 2, 3, 4 and 6 (with the partnership house rules) and Briscola
    Scoperta: three cards each, a face-up trump under the stock, a draw after every trick.
    The sides are public and fixed by seat: each seat, or two partnerships in alternate
    seats."""

    # The engine's functions themselves where they fit the protocol: no call in between on
    # the paths every move takes.
    new_match = staticmethod(new_match)
    deal = staticmethod(deal)
    apply = staticmethod(apply_action)
    view = staticmethod(match_view)
    template = staticmethod(match_template)
    owner = staticmethod(match_owner)
    own_fields = staticmethod(match_own_fields)
    verify = staticmethod(verify_record)
    replay = staticmethod(replay_steps)
    standings = staticmethod(standings)

    def phase(self, match: MatchState) -> Phase:
        if match.over:
            return Phase.OVER
        return Phase.WAITING if match.between_hands else Phase.PLAY

    def turn(self, match: MatchState) -> int | None:
        return None if match.hand is None else match.hand.turn

    def legal(self, match: MatchState, seat: int) -> Sequence[PlayCard | SwapSeven]:
        return [] if match.hand is None else legal_actions(match.hand, seat)

    def audience(self, match: MatchState) -> frozenset[int] | None:
        hand = match.hand
        if hand is None or not hand.log or hand.log[-1].type is not ActionType.SIGNAL:
            return None
        signal = hand.log[-1]
        n = hand.players
        side = side_of(signal.seat, n)
        return frozenset(s for s in range(n) if side_of(s, n) == side) | set(signal.caught)

    def talk_allowed(self, match: MatchState) -> bool:
        hand = match.hand
        return (
            hand is not None and hand.rules.partner_comm is PartnerComm.OPEN and bool(hand.tricks)
        )

    def sides(self, match: MatchState, viewer: int | None) -> tuple[int | None, ...]:
        n = match.rules.players
        return tuple(side_of(seat, n) for seat in range(n))

    def record(self, match: MatchState) -> dict[str, Any]:
        assert match.hand is not None
        return hand_record(match.hand)


#: The game, typed as the protocol so that mypy checks every member against its types (a
#: structural check: a subclass of the protocol would cost every call on the hot path a
#: slower lookup, ~2 % of a move measured in-process).
TRICK_AND_DRAW: Game[MatchRules, MatchState, Action, MatchView, ReplayStep] = TrickAndDraw()

#: Every game by the name a table's rules and a record give it: a game-agnostic mapping
#: (each game's own types are checked where its instance is declared).
GAMES: Mapping[GameName, Game[Any, Any, Any, Any, Any]] = {
    GameName.CLASSIC: TRICK_AND_DRAW,
    GameName.SCOPERTA: TRICK_AND_DRAW,
    GameName.CHIAMATA: CHIAMATA,
}


def record_game(record: Mapping[str, Any]) -> GameName:
    """The game a finished deal's record is of: its rules' ``game``, classic when they name
    none (as records made before the other games).

    :raises VerifyError: if the record is no JSON object or names no game of this engine.
    """
    if not isinstance(record, Mapping):
        raise VerifyError("malformed record: a record is a JSON object")
    rules = record.get("rules")
    name = rules.get("game", GameName.CLASSIC) if isinstance(rules, Mapping) else GameName.CLASSIC
    try:
        return GameName(name)
    except ValueError:
        raise VerifyError(f"unknown game {name!r}") from None
