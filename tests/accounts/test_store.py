"""The account store's own rules, in memory and in the suite's Redis alike: failed logins
count within their window only; a session ends when it is closed; an id is taken once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import msgspec
import pytest
import redis.asyncio as aioredis

from briscola.accounts.model import Account, Point, StoredAccount
from briscola.store.accounts import AccountStore, MemoryAccounts, RedisAccounts
from briscola.table.rated import RatedResult, RatedSeat
from briscola.wire.ratings import RATED_KINDS, Rating, RatingKind, fresh_ratings
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
    return RatedResult(match_id, 2, RatingKind.TWO, seats, [0, 1], [f"{match_id}-h1"], None)


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
    assert len(await accounts.history("ana", RatingKind.TWO)) == 3
    board = await accounts.leaderboard(RatingKind.TWO, 10)
    assert [entry.rank for entry in board] == [1, 2, 3]
    assert board == sorted(board, key=lambda entry: -entry.rating.ordinal)


def rated(match_id: str, kind: RatingKind, ids: list[str], ranks: list[int]) -> RatedResult:
    """A match of ``ids`` in seat order, in partnerships of alternate seats past three."""
    sides = [seat % 2 if len(ids) > 3 else seat for seat in range(len(ids))]
    seats = [RatedSeat(seat, i, i.title(), sides[seat]) for seat, i in enumerate(ids)]
    return RatedResult(match_id, len(ids), kind, seats, ranks, [f"{match_id}-h1"], None)


async def test_six_players_and_scoperta_move_their_own_kind_only(accounts: AccountStore) -> None:
    """A six-player match and a Scoperta one each move their own ratings, history and
    leaderboard, and no other kind's."""
    six = ["ana", "bea", "cai", "dan", "eva", "fay"]
    for name in six:
        await accounts.create(StoredAccount(Account(name, name.title(), 0.0, fresh_ratings()), "h"))
    await accounts.settle(rated("m6", RatingKind.SIX, six, [0, 1]), at=1.0)
    await accounts.settle(rated("ms", RatingKind.SCOPERTA, ["ana", "bea"], [1, 0]), at=2.0)
    board = await accounts.leaderboard(RatingKind.SIX, 10)
    assert {e.id for e in board[:3]} == {"ana", "cai", "eva"}  # the winners, level
    assert sorted(e.id for e in board) == sorted(six)
    scoperta = await accounts.leaderboard(RatingKind.SCOPERTA, 10)
    assert [(e.id, e.matches) for e in scoperta] == [("bea", 1), ("ana", 1)]
    for kind in (RatingKind.TWO, RatingKind.THREE, RatingKind.FOUR):
        assert await accounts.leaderboard(kind, 10) == []
    ana = await accounts.get("ana")
    assert ana is not None
    moved = {k: r.matches for k, r in ana.account.ratings.items()}
    assert moved == {"2": 0, "3": 0, "4": 0, "6": 1, "scoperta": 1, "chiamata": 0}
    history = [len(await accounts.history("ana", kind)) for kind in RATED_KINDS]
    assert history == [0, 0, 0, 1, 1, 0]
    assert [(e.kind, e.players) for e in await accounts.matches("ana")] == [
        ("scoperta", 2),
        ("6", 6),
    ]
    cai = await accounts.get("cai")
    assert cai is not None and cai.account.ratings["scoperta"] == Rating()


async def test_an_account_kept_before_the_new_kinds_reads_and_plays_them(
    redis_server: RedisServer,
) -> None:
    """Keys as they were written before six players and Scoperta were rated (an account's
    ratings for 2, 3 and 4 only; its two-player history, board and a match entry without a
    kind) read as they were, the new kinds fresh; a Scoperta match then moves only its own."""
    client = aioredis.Redis.from_url(redis_server.url)
    store = RedisAccounts(client)
    rating = {"mu": 30.0, "sigma": 5.0, "ordinal": 15.0, "matches": 1}
    fresh = {"mu": 25.0, "sigma": 25 / 3, "ordinal": 0.0, "matches": 0}
    entry = {"match_id": "m0", "players": 2, "at": 1.0, "room": None, "result": "won",
             "side": 0, "partners": [], "opponents": ["New"], "hands": ["h0"],
             "change": 1.0}  # fmt: skip
    point = Point(1.0, "m0", 30.0, 5.0, 15.0)
    try:
        for name in ("old", "new"):
            ratings = {"2": rating if name == "old" else fresh, "3": fresh, "4": fresh}
            account = {"id": name, "name": name.title(), "created": 0.0, "ratings": ratings,
                       "version": 1}  # fmt: skip
            data = msgspec.json.encode({"account": account, "password_hash": "h"})
            key = f"briscola:{{accounts}}:account:{name}"
            await client.hset(key, mapping={"data": data, "version": "1"})
        await client.zadd("briscola:{accounts}:board:2", {"old": 15.0})
        await client.lpush("briscola:{accounts}:history:old:2", msgspec.json.encode(point))
        await client.lpush("briscola:{accounts}:matches:old", msgspec.json.encode(entry))

        stored = await store.get("old")
        assert stored is not None
        assert stored.account.ratings["2"] == Rating.of(30.0, 5.0, 1)
        assert stored.account.ratings["6"] == stored.account.ratings["scoperta"] == Rating()
        assert [e.id for e in await store.leaderboard(RatingKind.TWO, 10)] == ["old"]
        assert await store.history("old", RatingKind.TWO) == [point]
        [kept] = await store.matches("old")
        assert (kept.kind, kept.players, kept.match_id) == ("2", 2, "m0")

        await store.settle(rated("m1", RatingKind.SCOPERTA, ["old", "new"], [0, 1]), at=2.0)
        after = await store.get("old")
        assert after is not None and after.account.version == 2
        assert after.account.ratings["scoperta"].matches == 1
        assert after.account.ratings["2"] == Rating.of(30.0, 5.0, 1)
        assert [e.id for e in await store.leaderboard(RatingKind.TWO, 10)] == ["old"]
        assert [e.id for e in await store.leaderboard(RatingKind.SCOPERTA, 10)] == ["old", "new"]
        assert [e.kind for e in await store.matches("old")] == ["scoperta", "2"]
        assert await store.history("old", RatingKind.TWO) == [point]
    finally:
        await client.aclose()
