"""Bots that play Briscola from what one seat may see, at three levels.

>>> from briscola.engine import HandRules, start_hand, view
>>> hand = start_hand(HandRules(players=2), dealer=0, seed=bytes(32))
>>> bot = make_bot("strong", 1)
>>> action = bot.choose(view(hand, 1))
>>> action.seat, action.card.code in view(hand, 1).legal
(1, True)

:func:`make_bot` makes a bot of a :class:`Level` for one seat of one deal of a game
(docs/BOTS.md): the trick-and-draw games' bots, or Briscola Chiamata's (its own package,
:mod:`.chiamata`); :func:`choose_action` is the normal level's move for a trick-and-draw
view, needing no memory; :func:`with_budget` bounds a strong bot's next decisions in time.
"""

from .chiamata.turns import ChiamataChoice
from .heuristic import choose_action
from .levels import Bot, Level, make_bot, with_budget
from .player import BotChoice, Choice, View

__all__ = [
    "Bot",
    "BotChoice",
    "ChiamataChoice",
    "Choice",
    "Level",
    "View",
    "choose_action",
    "make_bot",
    "with_budget",
]
