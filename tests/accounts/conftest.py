"""Fixtures of the account tests: a server on the suite's Redis, or in memory."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager

import pytest

from support.servers import InProcessServer, RedisServer

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]


@pytest.fixture(params=["redis", "memory"])
async def site(
    request: pytest.FixtureRequest, make_server: MakeServer
) -> AsyncIterator[InProcessServer]:
    """A server keeping accounts in Redis (the suite's own) or in memory; low login limits
    so the rate-limit tests stay short."""
    limits = {"login_name_limit": 3, "login_address_limit": 5, "signup_limit": 50}
    if request.param == "redis":
        redis_server: RedisServer = request.getfixturevalue("redis_server")
        limits["redis_url"] = redis_server.url  # type: ignore[assignment]
    async with make_server(**limits) as running:
        yield running
