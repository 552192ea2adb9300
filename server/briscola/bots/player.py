"""What every bot is: a player for one seat of one deal, asked with that seat's view of
either family of games — a trick-and-draw :class:`HandView` or a Briscola Chiamata
:class:`DealView` — and answering with that game's choices.

The two bases give each bot ``choose`` typed for both views (an overload per game: a
``HandView`` gives a :data:`BotChoice`, a ``DealView`` a :data:`ChiamataChoice`), so that
the table may hold any bot as one :class:`~.levels.Bot` and mypy still knows what each view's
answer is. A bot given the other family's view raises ``ValueError``, as for any view that
is not its seat's.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TypeAlias, overload

from briscola.engine import DealView, HandView, PlayCard, SwapSeven

from .chiamata.turns import ChiamataChoice

#: What a trick-and-draw bot answers: play a card, or swap the 7 of trumps.
BotChoice: TypeAlias = PlayCard | SwapSeven
#: A seat's view of either family, and either family's answer.
View: TypeAlias = HandView | DealView
Choice: TypeAlias = BotChoice | ChiamataChoice


class Player(ABC):
    """A bot for one seat: ``choose`` for either family's view (see the module)."""

    seat: int

    @overload
    def choose(self, view: HandView) -> BotChoice: ...

    @overload
    def choose(self, view: DealView) -> ChiamataChoice: ...

    def choose(self, view: View) -> Choice:
        """The decision for this seat's ``view``: its family's ``decide``.

        Raises:
            ValueError: for a view of the other family, and as ``decide`` says.
        """
        return self._answer(view)

    @abstractmethod
    def _answer(self, view: View) -> Choice:
        """The decision for ``view``, once sure it is of this bot's family."""


class TrickBot(Player):
    """A bot of the trick-and-draw games (classic, six players, Scoperta)."""

    def _answer(self, view: View) -> Choice:
        if type(view) is not HandView:
            raise ValueError("a bot of the trick-and-draw games was given a Chiamata view")
        return self.decide(view)

    @abstractmethod
    def decide(self, view: HandView) -> BotChoice:
        """The move for this seat's ``view``: play a card, or swap the 7 of trumps."""


class ChiamataBot(Player):
    """A bot of Briscola Chiamata, which has no signals."""

    def _answer(self, view: View) -> Choice:
        if type(view) is not DealView:
            raise ValueError("a Chiamata bot was given a view of another game")
        return self.decide(view)

    @abstractmethod
    def decide(self, view: DealView) -> ChiamataChoice:
        """The decision for this seat's ``view``: a bid or a pass, the call, or a card."""

    def signal(self, view: View) -> None:
        """Chiamata has no signals: never one."""
        return None
