"""A coroutine begun by hand and carried on by :func:`briscola.service.eager.finish`: as a
task would run it, whatever it waits on (an event, a future that fails, a bare yield),
and closed when the task finishing it is cancelled."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from briscola.service.eager import finish


async def waits_for(event: asyncio.Event) -> str:
    await event.wait()  # a future made by the event, pending: the coroutine suspends on it
    await asyncio.sleep(0)  # then a bare yield
    return "done"


async def takes(future: asyncio.Future[Any]) -> str:
    try:
        await future
    except ValueError as exc:
        return f"caught {exc}"
    return "no exception"


async def test_a_coroutine_suspended_on_an_event_runs_to_its_end() -> None:
    event = asyncio.Event()
    step = waits_for(event)
    waiting = step.send(None)
    task = asyncio.create_task(finish(step, waiting))
    await asyncio.sleep(0)
    assert not task.done()
    event.set()
    assert await task == "done"


async def test_the_future_s_exception_is_raised_at_the_coroutine_s_own_await() -> None:
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    step = takes(future)
    waiting = step.send(None)
    task = asyncio.create_task(finish(step, waiting))
    future.set_exception(ValueError("no"))
    assert await task == "caught no"


async def test_cancelled_it_closes_the_coroutine() -> None:
    step = waits_for(asyncio.Event())
    waiting = step.send(None)
    task = asyncio.create_task(finish(step, waiting))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert step.cr_frame is None  # closed
