"""Finishing a coroutine begun by hand: a hot path runs a coroutine in the caller's task
(``coro.send(None)``) so that, when it does not have to wait, no task is made and no hop
through the event loop is paid; when it does, :func:`finish` carries it on in a task.

A coroutine that suspended yielded the future it waits on (or ``None``, a bare yield), as
it would to the task running it. Awaiting that future directly is wrong: the future is
still marked as awaited by the coroutine, and asyncio refuses it ("await wasn't used with
future"). So :func:`finish` waits for it to be done, as a task would, and resumes the
coroutine, which then takes the future's result, or its exception, at its own await."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


async def finish(coro: Coroutine[Any, Any, Any], waiting: Any) -> Any:
    """Carry ``coro`` on, in this task, from where it suspended yielding ``waiting``, to
    its end: its return value (its exception raised here). Cancelled, it closes ``coro``."""
    try:
        while True:
            if waiting is None:
                await asyncio.sleep(0)
            else:
                await asyncio.wait((waiting,))
            try:
                waiting = coro.send(None)
            except StopIteration as stop:
                return stop.value
    except asyncio.CancelledError:
        coro.close()
        raise
