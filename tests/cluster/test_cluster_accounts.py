"""Accounts across processes on one Redis: a cookie from one process opens the account on
another (they share the signing key in Redis), a rated table run by one process seats a
player whose socket is on another, the match is settled once and every process shows it,
and failed logins count wherever they were tried."""

from __future__ import annotations

import asyncio

import httpx

from briscola.accounts.cookies import COOKIE
from support.accounts import PASSWORD, connect_as, leaderboard, sign_up
from support.client import Message
from support.play import play_to_the_end
from support.servers import RedisServer, ServerProcess

from .conftest import PROCESS_ENV


async def processes(redis_server: RedisServer, count: int) -> list[ServerProcess]:
    """``count`` processes on the suite's Redis, as the cluster fixture starts them, with a
    low limit of failed logins per name."""
    env = {**PROCESS_ENV, "BRISCOLA_LOGIN_NAME_LIMIT": "3"}
    started = [ServerProcess(redis_server.url, env=env) for _ in range(count)]
    await asyncio.gather(*(asyncio.to_thread(p.start) for p in started))
    return started


def settled(m: Message) -> bool:
    seats = m["room"]["seats"] if m["type"] == "state" else []
    return bool(seats) and all(seat.get("rating_change") is not None for seat in seats)


async def test_a_rated_match_across_two_processes(redis_server: RedisServer) -> None:
    a, b = await processes(redis_server, 2)
    try:
        ana = await sign_up(a.url, "Ana")
        bea = await sign_up(b.url, "Bea")
        async with httpx.AsyncClient(headers={"Cookie": f"{COOKIE}={bea}"}) as http:
            # Bea's cookie, from b, is good on a: one signing key for every process.
            me = (await http.get(f"{a.url}/api/session")).json()["account"]
            assert me["id"] == "bea"
            room = (
                await http.post(f"{a.url}/api/rooms", json={"players": 2, "rated": True})
            ).json()["id"]
        here = await connect_as(a.ws_url, ana)
        there = await connect_as(b.ws_url, bea)  # the table runs on a: b forwards
        await here.join(room, seat=0)
        await there.join(room, seat=1)
        assert there.state is not None
        assert [s["account"] for s in there.state["room"]["seats"]] == ["ana", "bea"]
        for client in (here, there):
            await client.send({"type": "ready"})
        await play_to_the_end([here, there])  # a drawn hand is dealt again
        final = await there.wait_for(settled)
        assert sorted(s["rating"]["matches"] for s in final["room"]["seats"]) == [1, 1]
        for process in (a, b):
            assert len(await leaderboard(process.url, 2)) == 2
        for client in (here, there):
            await client.close()
    finally:
        for process in (a, b):
            await asyncio.to_thread(process.stop)


async def test_failed_logins_count_on_every_process(redis_server: RedisServer) -> None:
    a, b = await processes(redis_server, 2)
    try:
        await sign_up(a.url, "Cai")
        async with httpx.AsyncClient() as http:
            for process in (a, b, a):
                wrong = {"name": "Cai", "password": "not it at all"}
                response = await http.post(f"{process.url}/api/session", json=wrong)
                assert response.status_code == 401
            right = {"name": "Cai", "password": PASSWORD}
            assert (await http.post(f"{b.url}/api/session", json=right)).status_code == 429
    finally:
        for process in (a, b):
            await asyncio.to_thread(process.stop)
