"""Fixtures of the tests of games at their own pace: ``briscola serve`` processes on the
suite's Redis, with a least deadline of a second and tables parked half a second after
their last person goes, so that nothing waits a minute."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from support.servers import RedisServer, Spawn, spawning

ENV = {
    "BRISCOLA_BOT_DELAY": "0",
    "BRISCOLA_PAUSE": "600",
    "BRISCOLA_RATE": "1e9",
    "BRISCOLA_BURST": "1e9",
    "BRISCOLA_MIN_DEADLINE": "1",
    "BRISCOLA_PARK_AFTER": "0.5",
    "BRISCOLA_DEADLINE_POLL": "0.2",
}


@pytest.fixture
async def spawn(redis_server: RedisServer) -> AsyncIterator[Spawn]:
    """Start ``briscola serve --redis-url`` processes on free ports; all stopped at the end."""
    async with spawning(redis_server.url, ENV) as start:
        yield start
