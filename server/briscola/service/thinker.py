"""Strong bots think in worker processes, off the event loop: a search takes tens of
milliseconds of CPU, which run on the loop would hold up every table of the process.

The room's session asks for a :class:`~briscola.table.core.Thought` (a bot and the view it
must answer); :class:`Thinker` has a worker work it out and brings back the move and the bot,
which now remembers that view. The answer always comes: a worker that fails is logged and
the normal heuristic's move stands in, so a table never waits on a bot forever.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from briscola.bots import Bot, BotChoice, Level, make_bot
from briscola.engine import HandView
from briscola.table.core import Thought

log = logging.getLogger(__name__)

Answer = tuple[BotChoice, Bot]


def choose(bot: Bot, view: HandView) -> Answer:
    """In a worker: the bot's move for its view, and the bot as it is after choosing."""
    return bot.choose(view), bot


class Thinker:
    """A pool of worker processes for strong bots, started when the first one thinks."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def think(self, thought: Thought) -> asyncio.Future[Answer]:
        """The answer to ``thought``, worked out in a worker process.

        Returns:
            A future that always gets a result (the normal bot's move if the worker failed),
            unless the pool is shut down first.
        """
        loop = asyncio.get_running_loop()
        if self._pool is None:
            # A fork server: workers start from a clean process, not a copy of this one's
            # event loop and sockets.
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        answer: asyncio.Future[Answer] = loop.create_future()

        def done(work: Future[Answer]) -> None:
            if work.cancelled():
                return
            error = work.exception()
            if error is None:
                loop.call_soon_threadsafe(_settle, answer, work.result())
            else:
                log.error("a strong bot failed to think", exc_info=error)
                loop.call_soon_threadsafe(_settle, answer, _stand_in(thought))

        try:
            self._pool.submit(choose, thought.bot, thought.view).add_done_callback(done)
        except BrokenProcessPool:  # a worker died: the next thought starts a new pool
            log.error("the strong bots' workers are gone; starting new ones")
            self._pool = None
            answer.set_result(_stand_in(thought))
        return answer

    def close(self) -> None:
        """Stop the workers; thoughts still being worked out are dropped (a restarted table
        asks again)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _stand_in(thought: Thought) -> Answer:
    """The normal bot's move, when a worker could not give the strong one's."""
    return make_bot(Level.NORMAL, thought.seat).choose(thought.view), thought.bot


def _settle(answer: asyncio.Future[Answer], result: Answer) -> None:
    if not answer.done():
        answer.set_result(result)
