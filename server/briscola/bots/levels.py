"""The bots' levels and the one way to make a bot: :func:`make_bot`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum
from typing import Final, Protocol, overload

from briscola.engine import DealView, GameName, HandView, SignalCode
from briscola.engine.chiamata import ChiamataRules

from .chiamata.easy import EasyChiamataBot
from .chiamata.normal import NormalChiamataBot
from .chiamata.strong import StrongChiamataBot
from .chiamata.turns import ChiamataChoice
from .easy import EasyBot
from .heuristic import NormalBot
from .player import BotChoice, View
from .strong import StrongBot


class Level(StrEnum):
    """How well a bot plays: ``easy`` for beginners, ``normal`` (the heuristic), ``strong``."""

    EASY = "easy"
    NORMAL = "normal"
    STRONG = "strong"


class Bot(Protocol):
    """A player for one seat of one deal, of either family of games, asked at each of the
    seat's decisions in order with that seat's view, and, at a table of signals, whether it
    signals. A trick-and-draw view gets a card or the swap; a Chiamata view a bid or a
    pass, the call, or a card. A view of the other family raises ``ValueError``."""

    seat: int

    @overload
    def choose(self, view: HandView) -> BotChoice: ...

    @overload
    def choose(self, view: DealView) -> ChiamataChoice: ...

    def signal(self, view: View) -> SignalCode | None:
        """The signal for this seat's ``view`` at a table of signals, if it makes one now:
        true of its hand, at most one a trick, from the end of the first trick (never in
        Chiamata, which has no signals)."""
        ...


_TRICK_BOTS: Final[dict[Level, Callable[[int], Bot]]] = {
    Level.EASY: EasyBot,
    Level.NORMAL: NormalBot,
    Level.STRONG: StrongBot,
}
_CHIAMATA_BOTS: Final[dict[Level, Callable[[int, ChiamataRules], Bot]]] = {
    Level.EASY: lambda seat, rules: EasyChiamataBot(seat),
    Level.NORMAL: NormalChiamataBot,
    Level.STRONG: lambda seat, rules: StrongChiamataBot(seat, rules=rules),
}


def make_bot(
    level: Level | str,
    seat: int,
    game: GameName = GameName.CLASSIC,
    rules: ChiamataRules | None = None,
) -> Bot:
    """A new bot of ``level`` for ``seat`` of ``game``, to play one deal.

    Args:
        level: ``"easy"``, ``"normal"`` or ``"strong"`` (or the :class:`Level`).
        seat: the seat it plays; every view it is given must be that seat's.
        game: the table's game: the trick-and-draw games' bots play classic Briscola (for
            2, 3, 4 or 6) and Scoperta; ``GameName.CHIAMATA`` makes a Chiamata bot.
        rules: a Chiamata table's options, public to everyone at it, which the deal's view
            does not repeat: whether a caller may call their own card (so whether the
            caller may be holding it) and whether *cappotto* doubles. Without them the
            bot assumes the default options (both on).

    Returns:
        The bot; call ``bot.choose(view)`` at each of the seat's decisions, in order.

    Raises:
        ValueError: for an unknown level or a negative seat.
    """
    chosen = Level(level)
    if seat < 0:
        raise ValueError(f"no seat {seat}")
    if game is GameName.CHIAMATA:
        return _CHIAMATA_BOTS[chosen](seat, rules or ChiamataRules())
    return _TRICK_BOTS[chosen](seat)


def with_budget(bot: Bot, budget: float | None) -> None:
    """Give a strong bot of either family a time budget (seconds) for its next decisions,
    or none (a full, deterministic search); the other levels need none and are unchanged."""
    if isinstance(bot, StrongBot | StrongChiamataBot):
        bot.settings = replace(bot.settings, budget=budget)
