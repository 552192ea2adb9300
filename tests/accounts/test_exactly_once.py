"""A rated match is settled exactly once, however the server dies: killed after the last
move is in Redis but before anyone is told (the ratings not applied yet), or after the
ratings are applied but before the table has recorded it (nobody told of them), a new
process on the same Redis settles the match — once."""

from __future__ import annotations

import asyncio
import contextlib

import httpx
import msgspec
import pytest

from briscola.accounts.cookies import COOKIE
from briscola.accounts.model import StoredAccount
from support.accounts import connect_as, leaderboard, profile, sign_up
from support.client import Client, Message
from support.play import play_to_the_end
from support.servers import RedisServer, ServerProcess

#: As the mirror tests run their processes: bots at once, no pause, no rate limit.
ENV = {"BRISCOLA_BOT_DELAY": "0", "BRISCOLA_PAUSE": "600", "BRISCOLA_RATE": "1e9",
       "BRISCOLA_BURST": "1e9"}  # fmt: skip
NAMES = ["Ana", "Bea"]


def ratings_in_redis(redis_server: RedisServer) -> list[int]:
    """How many rated two-player matches each account has, read from Redis itself."""
    redis = redis_server.client()
    counts = []
    for account_id in ("ana", "bea"):
        data = redis.hget(f"briscola:{{accounts}}:account:{account_id}", "data")
        stored = msgspec.json.decode(data, type=StoredAccount)
        counts.append(stored.account.ratings["2"].matches)
    return counts


def settled(m: Message) -> bool:
    """A state whose every seat shows how the match moved its rating."""
    seats = m["room"]["seats"] if m["type"] == "state" else []
    return bool(seats) and all(seat.get("rating_change") is not None for seat in seats)


async def start(redis_server: RedisServer, **env: str) -> ServerProcess:
    process = ServerProcess(redis_server.url, env={**ENV, **env})
    await asyncio.to_thread(process.start)
    return process


@pytest.mark.parametrize("crash_at", ["rated-written", "rated-settled"])
async def test_a_kill_at_the_end_of_a_rated_match_settles_it_once(
    redis_server: RedisServer, crash_at: str
) -> None:
    first = await start(redis_server, BRISCOLA_CRASH_AT=crash_at)
    cookies = [await sign_up(first.url, name) for name in NAMES]
    async with httpx.AsyncClient(headers={"Cookie": f"{COOKIE}={cookies[0]}"}) as http:
        created = await http.post(f"{first.url}/api/rooms", json={"players": 2, "rated": True})
    room = created.json()["id"]
    clients = [await connect_as(first.ws_url, cookie) for cookie in cookies]
    tokens = []
    for seat, client in enumerate(clients):
        tokens.append((await client.join(room, seat=seat))["token"])
    for client in clients:
        await client.send({"type": "ready"})
    players = [asyncio.create_task(play_to_the_end(clients))]  # a drawn hand: dealt again
    assert first.process is not None
    code = await asyncio.to_thread(first.process.wait)
    assert code == 137  # it died at the crash point, not otherwise
    for task in players:
        with contextlib.suppress(Exception):
            await task  # each ends when its socket is cut
    if crash_at == "rated-written":  # nobody was told the match was over
        assert all(not (c.state and c.state["match"]["over"]) for c in clients)
    else:  # told it was over, but not the ratings
        assert all(c.state and not settled(c.state) for c in clients)
    assert ratings_in_redis(redis_server) == ([0, 0] if crash_at == "rated-written" else [1, 1])
    first.kill()

    second = await start(redis_server)
    back: list[Client] = []
    for cookie, token in zip(cookies, tokens, strict=True):
        client = await connect_as(second.ws_url, cookie)
        await client.send({"type": "resume", "room": room, "token": token})
        back.append(client)

    finals = [await client.wait_for(settled) for client in back]
    assert all(final["match"]["over"] for final in finals)
    assert ratings_in_redis(redis_server) == [1, 1]
    for account_id in ("ana", "bea"):
        page = await profile(second.url, account_id)
        assert len(page["matches"]) == 1 and len(page["history"]["2"]) == 1
    assert len(await leaderboard(second.url, 2)) == 2
    changes = [seat["rating_change"] for seat in finals[0]["room"]["seats"]]
    assert sorted(change > 0 for change in changes) == [False, True]
    for client in back:
        await client.close()
    second.stop()
