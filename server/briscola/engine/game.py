"""The seam between a game and everything around it: one typed protocol that each game
module implements, and the registry of games by name.

A table, a bot, the record's verifier and the replay viewer reach a game only through its
:class:`Game`: how to deal, the phase and whose turn, the legal actions, apply, each
viewer's projection, the sides as far as a viewer may know them, the result, the record,
its verification and its replay. A new game (Briscola Chiamata, say) is a new module with
its own state, actions and view, registered in :data:`GAMES`; the layers above do not
change. The trick-and-draw family (classic Briscola for 2, 3, 4 and 6, and Scoperta) is one
module, :data:`TRICK_AND_DRAW`, whose options are in :class:`HandRules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from .actions import Action, PlayCard, SwapSeven
from .record import hand_record, verify_record
from .replay import ReplayStep, replay_steps
from .rules import apply, hand_result, legal_actions, start_hand
from .state import GameName, HandResult, HandRules, HandState, side_of
from .view import HandView, view


class Phase(StrEnum):
    """Where a deal stands. Games with an auction add their own phases before play."""

    PLAY = "play"
    OVER = "over"


S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V", covariant=True)
R = TypeVar("R", contravariant=True)


class Game(Protocol[R, S, A, V]):
    """One game: ``R`` its rules, ``S`` the state of a deal, ``A`` its actions, ``V`` a
    viewer's projection. Values in, values out; deterministic from the seed."""

    def start(self, rules: R, dealer: int, seed: bytes) -> S:
        """Deal from ``seed`` (docs/FAIRPLAY.md), ``dealer`` dealing."""
        ...

    def phase(self, state: S) -> Phase: ...

    def turn(self, state: S) -> int | None:
        """The seat to act, or ``None`` when nobody is (the deal is over)."""
        ...

    def legal(self, state: S, seat: int) -> Sequence[A]:
        """The moves ``seat`` may make now (empty when it is not its turn)."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; :class:`RuleError` when it is not allowed now."""
        ...

    def view(self, state: S, viewer: int | None) -> V:
        """What ``viewer`` (a seat, or ``None`` for a spectator) may see: the one projection."""
        ...

    def sides(self, state: S, viewer: int | None) -> tuple[int | None, ...]:
        """Each seat's side as ``viewer`` may know it (``None``: not known to it)."""
        ...

    def result(self, state: S) -> HandResult:
        """Points per side and the winner of a finished deal."""
        ...

    def record(self, state: S) -> dict[str, Any]:
        """The finished deal's JSON record (docs/FAIRPLAY.md)."""
        ...

    def verify(self, record: Mapping[str, Any]) -> S:
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

    def start(self, rules: HandRules, dealer: int, seed: bytes) -> HandState:
        return start_hand(rules, dealer, seed)

    def phase(self, state: HandState) -> Phase:
        return Phase.OVER if state.over else Phase.PLAY

    def turn(self, state: HandState) -> int | None:
        return state.turn

    def legal(self, state: HandState, seat: int) -> Sequence[PlayCard | SwapSeven]:
        return legal_actions(state, seat)

    def apply(self, state: HandState, action: Action) -> HandState:
        return apply(state, action)

    def view(self, state: HandState, viewer: int | None) -> HandView:
        return view(state, viewer)

    def sides(self, state: HandState, viewer: int | None) -> tuple[int | None, ...]:
        n = state.players
        return tuple(side_of(seat, n) for seat in range(n))

    def result(self, state: HandState) -> HandResult:
        return hand_result(state)

    def record(self, state: HandState) -> dict[str, Any]:
        return hand_record(state)

    def verify(self, record: Mapping[str, Any]) -> HandState:
        return verify_record(record)

    def replay(self, record: Mapping[str, Any]) -> tuple[ReplayStep, ...]:
        return replay_steps(record)


TRICK_AND_DRAW = TrickAndDraw()

#: Every game by the name a table's rules and a record give it.
GAMES: Mapping[GameName, Game[HandRules, HandState, Action, HandView]] = {
    GameName.CLASSIC: TRICK_AND_DRAW,
    GameName.SCOPERTA: TRICK_AND_DRAW,
}
