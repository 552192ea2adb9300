"""Fixtures shared by the suite: a real redis-server and real briscola servers on free ports."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager
from typing import Any

import pytest

from briscola.service.config import Settings
from support.servers import InProcessServer, RedisServer, serve_in_process


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A fresh redis-server of the suite's own, on a free port (a test may kill it)."""
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.close()


#: Test clients play as fast as the server answers, far faster than people can: no rate
#: limit unless a test sets one (the rate limit's own test does).
UNLIMITED = 1e9


def settings_for_tests(**changes: Any) -> Settings:
    """Settings for tests: bots move at once; between hands the table waits for ready; no
    rate limit (see :data:`UNLIMITED`)."""
    values: dict[str, Any] = {
        "bot_delay": 0.0,
        "pause": 60.0,
        "rate": UNLIMITED,
        "burst": UNLIMITED,
        **changes,
    }
    return Settings(**values)


@pytest.fixture
def make_server() -> Callable[..., AbstractAsyncContextManager[InProcessServer]]:
    """Start an in-process server with test settings (override any with keywords)."""

    def make(**changes: Any) -> AbstractAsyncContextManager[InProcessServer]:
        return serve_in_process(settings_for_tests(**changes))

    return make


@pytest.fixture
async def server(
    make_server: Callable[..., AbstractAsyncContextManager[InProcessServer]],
) -> AsyncIterator[InProcessServer]:
    """A briscola server in memory (no mirror), on a free port, for one test."""
    async with make_server() as running:
        yield running
