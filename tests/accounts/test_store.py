"""The account store's own rules, in memory and in the suite's Redis alike: failed logins
count within their window only; a session ends when it is closed; an id is taken once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import redis.asyncio as aioredis

from briscola.accounts.model import Account, StoredAccount
from briscola.store.accounts import AccountStore, MemoryAccounts, RedisAccounts
from briscola.table.rated import RatedResult, RatedSeat
from briscola.wire.ratings import fresh_ratings
from support.servers import RedisServer


@pytest.fixture(params=["memory", "redis"])
async def accounts(request: pytest.FixtureRequest) -> AsyncIterator[AccountStore]:
    if request.param == "memory":
        yield MemoryAccounts()
        return
    redis_server: RedisServer = request.getfixturevalue("redis_server")
    client = aioredis.Redis.from_url(redis_server.url)
    try:
        yield RedisAccounts(client)
    finally:
        await client.aclose()


async def test_failures_count_within_their_window(accounts: AccountStore) -> None:
    await accounts.failed(["name:ana", "address:1"], 600)
    await accounts.failed(["name:ana"], 600)
    assert await accounts.failures(["name:ana"]) == 2
    assert await accounts.failures(["address:1", "name:bea"]) == 1
    await accounts.failed(["name:bea"], 0)  # a window already over counts nothing
    assert await accounts.failures(["name:bea"]) == 0
    await accounts.forget_failures("name:ana")
    assert await accounts.failures(["name:ana"]) == 0


async def test_an_id_is_taken_once_and_a_closed_session_opens_nothing(
    accounts: AccountStore,
) -> None:
    stored = StoredAccount(Account("ana", "Ana", 0.0, fresh_ratings()), "hash")
    assert await accounts.create(stored)
    assert not await accounts.create(StoredAccount(Account("ana", "ANA", 1.0, {}), "other"))
    assert await accounts.get("ana") == stored
    await accounts.open_session("s1", "ana", 60)
    assert await accounts.session_account("s1") == "ana"
    await accounts.close_session("s1")
    assert await accounts.session_account("s1") is None
    assert await accounts.secret() == await accounts.secret()


def two_player_match(match_id: str, winner: str, loser: str) -> RatedResult:
    seats = [RatedSeat(0, winner, winner, 0), RatedSeat(1, loser, loser, 1)]
    return RatedResult(match_id, 2, seats, [0, 1], [f"{match_id}-h1"], None)


async def test_a_match_is_settled_once_and_two_at_once_both_count(
    accounts: AccountStore,
) -> None:
    """Settling a match again answers with the first settlement and changes nothing; two
    matches of one player settled at the same moment both count (no lost update)."""
    for name in ("ana", "bea", "cai"):
        await accounts.create(StoredAccount(Account(name, name, 0.0, fresh_ratings()), "h"))
    first = await accounts.settle(two_player_match("m1", "ana", "bea"), at=1.0)
    assert await accounts.settle(two_player_match("m1", "ana", "bea"), at=2.0) == first
    await asyncio.gather(
        accounts.settle(two_player_match("m2", "ana", "cai"), at=3.0),
        accounts.settle(two_player_match("m3", "bea", "ana"), at=3.0),
    )
    ana = await accounts.get("ana")
    assert ana is not None
    assert (ana.account.ratings["2"].matches, ana.account.version) == (3, 3)
    assert [entry.match_id for entry in await accounts.matches("ana")][2] == "m1"
    assert len(await accounts.history("ana", 2)) == 3
    board = await accounts.leaderboard(2, 10)
    assert [entry.rank for entry in board] == [1, 2, 3]
    assert board == sorted(board, key=lambda entry: -entry.rating.ordinal)
