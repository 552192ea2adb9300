"""The tasks the process's parts start beside the rooms (the lobby feed, the reaper, the
look-ups of tables, the take-overs of orphans), and whether the process is shutting down."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)


class Tasks:
    """Every such task is kept until it ends, its failure logged with its traceback, and
    cancelled at shutdown (the manager awaits :attr:`running`)."""

    def __init__(self) -> None:
        self._running: set[asyncio.Task[None]] = set()
        #: The process is shutting down: nothing new starts, and what fails is not logged.
        self.closed = False

    @property
    def running(self) -> list[asyncio.Task[None]]:
        return list(self._running)

    def own(self, coroutine: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        """Start a task: kept until it ends, awaited at shutdown, its failure logged."""
        task = asyncio.create_task(coroutine, name=name)
        self._running.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        if not task.cancelled() and task.exception() is not None and not self.closed:
            log.error("task %s failed", task.get_name(), exc_info=task.exception())
