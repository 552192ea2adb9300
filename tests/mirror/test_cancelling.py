"""A store loop stops when cancelled, even when redis-py hands it the cancellation as a
connection error (a known way for such loops to outlive a shutdown)."""

from __future__ import annotations

import asyncio

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

from briscola.store.cancelling import stop_if_cancelled


async def test_a_loop_given_its_cancellation_as_a_connection_error_stops() -> None:
    waiting = asyncio.Event()

    async def command() -> None:
        """A Redis call that turns its task's cancellation into a connection error."""
        waiting.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            raise RedisConnectionError("Connection closed by server.") from None

    async def loop() -> None:
        while True:
            try:
                await command()
            except (RedisError, OSError):
                stop_if_cancelled()

    task = asyncio.create_task(loop())
    await waiting.wait()
    task.cancel()
    await asyncio.wait({task}, timeout=5)
    assert task.cancelled()


async def test_an_error_outside_a_cancellation_lets_the_loop_carry_on() -> None:
    try:
        raise RedisConnectionError("Connection reset")
    except RedisError:
        stop_if_cancelled()  # no cancellation asked: nothing raised
