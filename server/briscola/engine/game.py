"""The seam between a game and everything around it: one typed protocol that each game
module implements, and the registry of games by name.

A table reaches a game only through its :class:`Game`: how a match begins and each deal is
dealt, the phase and whose turn, the legal actions, apply, each viewer's projection (and the
template of it that the server encodes once for everyone), who sees an action that only some
may see, whether the table may talk, the sides as far as a viewer may know them, the record
of a finished deal, its verification and its replay. A new game (Briscola Chiamata, say) is
a new module with its own rules, state, actions and view, registered in :data:`GAMES`; the
layers above do not change (docs/ARCHITECTURE.md, "Adding a game").

The trick-and-draw family — classic Briscola for 2, 3, 4 and 6 (with the partnership house
rules) and Scoperta — is one module, :data:`TRICK_AND_DRAW`, whose options are in
:class:`MatchRules` and :class:`HandRules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from .actions import Action, ActionType, PlayCard, SwapSeven
from .match import MatchRules, MatchState, apply_action, deal, new_match
from .record import hand_record, verify_record
from .replay import ReplayStep, replay_steps
from .rules import legal_actions
from .state import GameName, PartnerComm, side_of
from .view import MatchView, match_own, match_own_fields, match_template, match_view


class Phase(StrEnum):
    """Where a match stands. Games with an auction add their own phases before play."""

    WAITING = "waiting"  # between deals, or before the first
    PLAY = "play"
    OVER = "over"


R = TypeVar("R", contravariant=True)
M = TypeVar("M")
A = TypeVar("A")
V = TypeVar("V", covariant=True)


class Game(Protocol[R, M, A, V]):
    """One game: ``R`` its rules, ``M`` the state of a match, ``A`` its actions, ``V`` a
    viewer's projection of a match. Values in, values out; deterministic from the seeds.

    :meth:`own_fields` names the fields of a deal's view that are one viewer's own, in
    order: :meth:`template` puts a hole in each and :meth:`own` gives a viewer's values for
    them.
    """

    def own_fields(self, match: M) -> tuple[str, ...]:
        """The fields of the deal's view that are one viewer's own under the match's rules,
        in order (a deal must be on)."""
        ...

    def new_match(self, rules: R, seed: bytes) -> M:
        """A match whose first dealer is drawn from ``seed`` (docs/FAIRPLAY.md)."""
        ...

    def deal(self, match: M, seed: bytes) -> M:
        """The next deal, from ``seed``."""
        ...

    def apply(self, match: M, action: A) -> M:
        """The match after ``action``; :class:`RuleError` when it is not allowed now."""
        ...

    def phase(self, match: M) -> Phase: ...

    def turn(self, match: M) -> int | None:
        """The seat to act, or ``None`` when nobody is."""
        ...

    def legal(self, match: M, seat: int) -> Sequence[A]:
        """The moves ``seat`` may make now (empty when it is not its turn)."""
        ...

    def view(self, match: M, viewer: int | None) -> V:
        """What ``viewer`` (a seat, or ``None`` for a spectator) may see: the one projection."""
        ...

    def template(self, match: M, hole: Any) -> V:
        """Everyone's view with ``hole`` in each of :meth:`own_fields` (a deal must be on)."""
        ...

    def own(self, match: M, viewer: int | None) -> tuple[Any, ...]:
        """``viewer``'s values for :meth:`own_fields` but the seat (a deal must be on)."""
        ...

    def audience(self, match: M) -> frozenset[int] | None:
        """The seats that saw the last action when only some did (a signal), else
        ``None``: everyone saw it."""
        ...

    def talk_allowed(self, match: M) -> bool:
        """Whether the seated may talk now, while a deal is being played."""
        ...

    def sides(self, match: M, viewer: int | None) -> tuple[int | None, ...]:
        """Each seat's side as ``viewer`` may know it (``None``: not known to it)."""
        ...

    def record(self, match: M) -> dict[str, Any]:
        """The JSON record of the deal just finished (docs/FAIRPLAY.md)."""
        ...

    def verify(self, record: Mapping[str, Any]) -> object:
        """Replay ``record`` under the rules; :class:`VerifyError` at the first disagreement."""
        ...

    def replay(self, record: Mapping[str, Any]) -> tuple[ReplayStep, ...]:
        """The verified record, step by step, every card face up."""
        ...


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
    own = staticmethod(match_own)
    own_fields = staticmethod(match_own_fields)
    verify = staticmethod(verify_record)
    replay = staticmethod(replay_steps)

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


TRICK_AND_DRAW = TrickAndDraw()

#: Every game by the name a table's rules and a record give it.
GAMES: Mapping[GameName, Game[MatchRules, MatchState, Action, MatchView]] = {
    GameName.CLASSIC: TRICK_AND_DRAW,
    GameName.SCOPERTA: TRICK_AND_DRAW,
}
