"""The bots' levels and the one way to make a bot: :func:`make_bot`."""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from briscola.engine import GameName, HandView, SignalCode

from .easy import EasyBot
from .heuristic import BotChoice, NormalBot
from .strong import StrongBot


class Level(StrEnum):
    """How well a bot plays: ``easy`` for beginners, ``normal`` (the heuristic), ``strong``."""

    EASY = "easy"
    NORMAL = "normal"
    STRONG = "strong"


class Bot(Protocol):
    """A player for one seat of one hand, asked at each of the seat's decisions in order,
    and, at a table of signals, whether it signals."""

    seat: int

    def choose(self, view: HandView) -> BotChoice:
        """The move for this seat's ``view``: play a card, or swap the 7 of trumps."""
        ...

    def signal(self, view: HandView) -> SignalCode | None:
        """The signal for this seat's ``view`` at a table of signals, if it makes one now:
        true of its hand, at most one a trick, from the end of the first trick."""
        ...


def make_bot(level: Level | str, seat: int, game: GameName = GameName.CLASSIC) -> Bot:
    """A new bot of ``level`` for ``seat``, to play one hand.

    Args:
        level: ``"easy"``, ``"normal"`` or ``"strong"`` (or the :class:`Level`).
        seat: the seat it plays; every view it is given must be that seat's.
        game: the game it plays (a trick-and-draw game: Chiamata has no bots yet).

    Returns:
        The bot; call ``bot.choose(view)`` at each of the seat's decisions, in order.

    Raises:
        ValueError: for an unknown level or a negative seat.
    """
    chosen = Level(level)
    if seat < 0:
        raise ValueError(f"no seat {seat}")
    if game is GameName.CHIAMATA:
        raise ValueError("Briscola Chiamata has no bots yet")
    if chosen is Level.EASY:
        return EasyBot(seat)
    if chosen is Level.NORMAL:
        return NormalBot(seat)
    return StrongBot(seat)
