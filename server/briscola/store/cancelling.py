"""Stopping the store's loops when they are asked to.

redis-py can turn a task's cancellation, when it lands inside a command, into a connection
error (a known class of redis-py bugs) — and its retries can then run the command again on
a new connection and return its answer, so that the cancellation is gone without a trace
but the task's count of cancellations asked. The loops that talk to Redis catch those
errors and carry on, so such a loop would outlive its ``cancel()`` and hang the shutdown
that awaits it (seen: the orphan scan, in a test's teardown). So each of them calls
:func:`stop_if_cancelled` first in its error handler, and at every turn (:func:`pause`, or
the call itself where the loop waits on something else).
"""

from __future__ import annotations

import asyncio


def stop_if_cancelled() -> None:
    """Raise ``CancelledError`` if the current task has been asked to stop: an error caught
    while it was may have been its cancellation in disguise."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


async def pause(seconds: float) -> None:
    """A loop's wait between two turns: stop first if the task has been asked to (its
    last turn may have swallowed the cancellation), then sleep."""
    stop_if_cancelled()
    await asyncio.sleep(seconds)
