"""Fixtures of the cluster tests: several ``briscola serve`` processes on one Redis."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from support.servers import RedisServer, ServerProcess

#: As tests/mirror: bots at once, no deal on a timer, no rate limit.
PROCESS_ENV = {
    "BRISCOLA_BOT_DELAY": "0",
    "BRISCOLA_PAUSE": "600",
    "BRISCOLA_RATE": "1e9",
    "BRISCOLA_BURST": "1e9",
}

Cluster = Callable[[int], Awaitable[list[ServerProcess]]]


@pytest.fixture
async def cluster(redis_server: RedisServer) -> AsyncIterator[Cluster]:
    """Start N ``briscola serve`` processes on the suite's Redis; all stopped at the end."""
    started: list[ServerProcess] = []

    async def start(count: int) -> list[ServerProcess]:
        processes = [ServerProcess(redis_server.url, env=dict(PROCESS_ENV)) for _ in range(count)]
        started.extend(processes)
        await asyncio.gather(*(asyncio.to_thread(p.start) for p in processes))
        return processes

    yield start
    await asyncio.gather(*(asyncio.to_thread(p.stop) for p in started))
