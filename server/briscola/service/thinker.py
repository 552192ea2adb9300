"""Strong bots think in worker processes, off the event loop: a search takes tens of
milliseconds of CPU, which run on the loop would hold up every table of the process.

The room's session asks for a :class:`~briscola.table.core.Thought` (a bot and the view it
must answer); :class:`Thinker` has a worker work it out and brings back the move and the bot,
which now remembers that view. The answer always comes: a worker that fails is logged and
the normal heuristic's move stands in, so a table never waits on a bot forever.

Under load the searches get shorter rather than the tables slower: while more thoughts are
waiting than there are workers, each gets a time budget (:func:`budget_for`) so that the
queue drains within about :data:`DRAIN` seconds. The workers run at a lower priority than
the event loop (:data:`WORKER_NICE`), so that on a shared core the search yields to the
tables' moves.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from briscola.bots import Bot, BotChoice, Level, make_bot, with_budget
from briscola.engine import HandView
from briscola.table.core import Thought

log = logging.getLogger(__name__)

Answer = tuple[BotChoice, Bot]

#: Seconds the thoughts waiting should take to drain, at most, when the workers fall behind
#: (about a bot's delay, so that its move still comes about when it is due).
DRAIN = 0.5
#: The least time budget a strong decision gets, however long the queue.
MIN_BUDGET = 0.002
#: How much lower than the server's the workers' priority is.
WORKER_NICE = 5


def budget_for(waiting: int, workers: int) -> float | None:
    """The time budget of the next strong decision while ``waiting`` thoughts are queued for
    ``workers``: none (a full, deterministic search) while every one has a worker; else an
    equal share of :data:`DRAIN`, never below :data:`MIN_BUDGET`.

    >>> budget_for(1, 1) is None, budget_for(10, 2), budget_for(10_000, 1)
    (True, 0.1, 0.002)
    """
    if waiting <= workers:
        return None
    return max(MIN_BUDGET, DRAIN * workers / waiting)


def choose(bot: Bot, view: HandView, budget: float | None = None) -> Answer:
    """In a worker: the bot's move for its view (a strong one's within ``budget``
    seconds, if given), and the bot as it is after choosing."""
    with_budget(bot, budget)
    return bot.choose(view), bot


class Thinker:
    """A pool of worker processes for strong bots, started when the first one thinks."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        #: Thoughts handed to the workers and not answered yet.
        self.waiting = 0

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
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=os.nice, initargs=(WORKER_NICE,)
            )
        answer: asyncio.Future[Answer] = loop.create_future()
        self.waiting += 1
        answer.add_done_callback(self._answered)

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
            budget = budget_for(self.waiting, self.workers)
            self._pool.submit(choose, thought.bot, thought.view, budget).add_done_callback(done)
        except BrokenProcessPool:  # a worker died: the next thought starts a new pool
            log.error("the strong bots' workers are gone; starting new ones")
            self._pool = None
            answer.set_result(_stand_in(thought))
        return answer

    def _answered(self, answer: asyncio.Future[Answer]) -> None:
        self.waiting -= 1

    def close(self) -> None:
        """Stop the workers; thoughts still being worked out are dropped (a restarted table
        asks again)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _stand_in(thought: Thought) -> Answer:
    """The normal bot's move, when a worker could not give the strong one's."""
    bot = make_bot(Level.NORMAL, thought.seat, thought.game, thought.rules)
    return bot.choose(thought.view), thought.bot


def _settle(answer: asyncio.Future[Answer], result: Answer) -> None:
    if not answer.done():
        answer.set_result(result)
