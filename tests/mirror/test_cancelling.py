"""A store loop stops when cancelled, even when redis-py hands it the cancellation as a
connection error, or swallows it whole by retrying the command (known ways for such loops
to outlive a shutdown)."""

from __future__ import annotations

import asyncio

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

from briscola.store.cancelling import pause, stop_if_cancelled


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


async def test_a_loop_whose_command_swallowed_its_cancellation_stops_at_its_next_turn() -> None:
    """A command that retried after its cancellation and answered: the loop's next pause
    stops it, as the orphan scan was once seen not to in a test's teardown."""
    waiting = asyncio.Event()
    swallowed: list[bool] = []

    async def command() -> int:
        """A Redis call whose retry swallows its task's cancellation and answers."""
        waiting.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            if swallowed:  # only once: a loop that never stops still ends with the test
                raise
            swallowed.append(True)
            return 0  # retried on a new connection, answered: no trace of the cancellation
        return 1

    async def loop() -> None:
        while True:
            await pause(0.001)
            try:
                await command()
            except (RedisError, OSError):
                stop_if_cancelled()

    task = asyncio.create_task(loop())
    await waiting.wait()
    task.cancel()
    await asyncio.wait({task}, timeout=5)
    assert task.cancelled()
