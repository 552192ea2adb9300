"""The seam between a game and everything around it: the one typed protocol that each game
module implements (the registry of games by name is :data:`briscola.engine.game.GAMES`).

A table reaches a game only through its :class:`Game`: how a match begins and each deal is
dealt, the phase and whose turn, the legal actions, apply, each viewer's projection (and the
template of it that the server encodes once for everyone), who sees an action that only some
may see, whether the table may talk, the sides as far as a viewer may know them, how the
players of a finished match placed, the record of a finished deal, its verification and its
replay. Each game's one instance is declared as a ``Game`` of its own types, so that mypy
checks every member against them (docs/ARCHITECTURE.md, "Adding a game").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from .phase import Phase
from .standings import Standings

R = TypeVar("R", contravariant=True)
M = TypeVar("M")
A = TypeVar("A")
V = TypeVar("V", covariant=True)
S = TypeVar("S", covariant=True)


class Game(Protocol[R, M, A, V, S]):
    """One game: ``R`` its rules, ``M`` the state of a match, ``A`` its actions, ``V`` a
    viewer's projection of a match, ``S`` a step of a finished deal's replay. Values in,
    values out; deterministic from the seeds.

    :meth:`own_fields` names the fields of a deal's view that are one viewer's own, in
    order, the seat first: :meth:`template` puts a hole in each and :meth:`owner` gives each
    viewer's values for them but the seat.
    """

    def own_fields(self, match: M) -> tuple[str, ...]:
        """The fields of the deal's view that are one viewer's own under the match's rules,
        in order, the seat first (a deal must be on)."""
        ...

    def new_match(self, rules: R, match_seed: bytes) -> M:
        """A match whose first dealer is drawn from ``match_seed`` (docs/FAIRPLAY.md)."""
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

    def owner(self, match: M) -> Callable[[int | None], tuple[Any, ...]]:
        """For this state of the match, the function giving a viewer's values for
        :meth:`own_fields` but the seat (a deal must be on): made once a step, called once
        for each recipient."""
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

    def standings(self, match: M) -> Standings:
        """How the players of a finished match placed: each seat's rating team and each
        team's place."""
        ...

    def record(self, match: M) -> dict[str, Any]:
        """The JSON record of the deal just finished (docs/FAIRPLAY.md)."""
        ...

    def verify(self, record: Mapping[str, Any]) -> object:
        """Replay ``record`` under the rules; :class:`VerifyError` at the first disagreement."""
        ...

    def replay(self, record: Mapping[str, Any]) -> Sequence[S]:
        """The verified record, step by step, every card face up."""
        ...
