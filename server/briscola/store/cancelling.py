"""Stopping the store's loops when they are asked to.

redis-py can turn a task's cancellation, when it lands inside a command, into a connection
error (a known class of redis-py bugs). The loops that talk to Redis catch those errors and
carry on, so such a loop would outlive its ``cancel()`` and hang the shutdown that awaits
it. Each of them calls :func:`stop_if_cancelled` first in its handler.
"""

from __future__ import annotations

import asyncio


def stop_if_cancelled() -> None:
    """Raise ``CancelledError`` if the current task has been asked to stop: an error caught
    while it was may have been its cancellation in disguise."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError
