"""Bots that play Briscola from what one seat may see, at three levels.

>>> from briscola.engine import HandRules, start_hand, view
>>> hand = start_hand(HandRules(players=2), dealer=0, seed=bytes(32))
>>> bot = make_bot("strong", 1)
>>> action = bot.choose(view(hand, 1))
>>> action.seat, action.card.code in view(hand, 1).legal
(1, True)

:func:`make_bot` makes a bot of a :class:`Level` for one seat of one hand (docs/BOTS.md);
:func:`choose_action` is the normal level's move for a view, needing no memory.
"""

from .heuristic import BotChoice, choose_action
from .levels import Bot, Level, make_bot

__all__ = ["Bot", "BotChoice", "Level", "choose_action", "make_bot"]
