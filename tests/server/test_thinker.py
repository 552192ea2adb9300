"""The thinker: strong bots' moves worked out in real worker processes; the answer always
comes, even when a worker is killed under it."""

from __future__ import annotations

import asyncio

from briscola.bots import make_bot
from briscola.bots.strong import StrongBot
from briscola.engine import GameName, HandRules, PlayCard, SwapSeven, start_hand, view
from briscola.service.thinker import Thinker, choose
from briscola.table.core import Thought

TIMEOUT = 60.0


def first_thought() -> Thought:
    """Seat 1's first decision of a four-player hand, for a strong bot."""
    hand = start_hand(HandRules(players=4), dealer=0, seed=bytes(range(32)))
    return Thought(1, 0, make_bot("strong", 1), view(hand, 1), GameName.CLASSIC, None)


def legal(thought: Thought, action: PlayCard | SwapSeven) -> bool:
    return isinstance(action, PlayCard) and action.card.code in thought.view.legal


async def test_a_worker_answers_and_a_killed_one_is_replaced() -> None:
    """A worker process answers with a legal move and the bot that chose it; after its
    workers are killed, every thought is still answered with a legal move."""
    thinker = Thinker(workers=1)
    thought = first_thought()
    try:
        async with asyncio.timeout(TIMEOUT):
            action, bot = await thinker.think(thought)
        assert legal(thought, action) and bot is not thought.bot and bot.seat == 1
        pool = thinker._pool
        assert pool is not None
        for process in list(pool._processes.values()):  # type: ignore[attr-defined]
            process.kill()
        async with asyncio.timeout(TIMEOUT):
            for _ in range(3):
                action, _bot = await thinker.think(thought)
                assert legal(thought, action)
    finally:
        thinker.close()


def test_a_search_under_load_keeps_to_its_budget() -> None:
    """What a worker runs: a strong bot's decision within the budget it is given (its
    settings carry it), and a full, deterministic search again without one."""
    thought = first_thought()
    action, bot = choose(thought.bot, thought.view, 0.002)
    assert legal(thought, action)
    assert isinstance(bot, StrongBot) and bot.settings.budget == 0.002
    again = first_thought()
    assert (
        choose(again.bot, again.view, None)[0] == choose(first_thought().bot, again.view, None)[0]
    )
    assert isinstance(again.bot, StrongBot) and again.bot.settings.budget is None
