"""Fixtures of the mirror tests: ``briscola serve`` processes on the suite's Redis."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from support.servers import RedisServer, Spawn, spawning

#: Bots move at once; between hands a table waits for ready (no deal on a timer); no rate
#: limit, since the test drivers play as fast as the server answers.
ENV = {
    "BRISCOLA_BOT_DELAY": "0",
    "BRISCOLA_PAUSE": "600",
    "BRISCOLA_RATE": "1e9",
    "BRISCOLA_BURST": "1e9",
}


@pytest.fixture
async def spawn(redis_server: RedisServer) -> AsyncIterator[Spawn]:
    """Start ``briscola serve --redis-url`` processes on free ports; all stopped at the end."""
    async with spawning(redis_server.url, ENV) as start:
        yield start
