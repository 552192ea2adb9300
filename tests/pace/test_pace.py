"""Games at their own pace, over real websockets and HTTP against a real server on a real
Redis: a deadline per move that both sides see as a date, one notice per turn to the
player whose turn began, a missed deadline or a resignation losing the match (recorded as
such), no stand-in and no adjournment, the player's list of games, and the refusals."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx

from briscola.service.config import Settings
from briscola.store.redis import RedisStore
from support.accounts import connect_as, profile, settled, sign_up
from support.client import Client
from support.pace import (
    RecordingNotices,
    lost_on_time,
    my_games,
    paced_table,
    play_one,
    post_room,
    sign_up_all,
    to_move,
)
from support.servers import InProcessServer, RedisServer, serve_in_process

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]


def paced_settings(redis_url: str | None, **changes: object) -> Settings:
    values: dict[str, object] = {
        "redis_url": redis_url,
        "bot_delay": 0.0,
        "pause": 60.0,
        "rate": 1e9,
        "burst": 1e9,
        "min_deadline": 1,
        **changes,
    }
    return Settings(**values)  # type: ignore[arg-type]


async def test_each_turn_has_a_deadline_and_one_notice_and_a_missed_one_loses(
    redis_server: RedisServer,
) -> None:
    """Two signed-in players at a table with a 3 s deadline: each turn begun tells its
    player once, with the deadline the state shows; the one who lets it pass, connected or
    not, loses the match on time (no stand-in plays for them), and the hand's record and
    the state say so; the table leaves both players' lists."""
    notices = RecordingNotices()
    settings = paced_settings(redis_server.url)
    async with serve_in_process(settings, notices) as site:
        people = await sign_up_all(site.url, ["Ana", "Bea"])
        room, cookies, clients = await paced_table(site.url, site.ws_url, people, 3, grace=1)
        first = to_move(clients)
        state = first.state
        assert state is not None
        deadline = state["clock"]["deadline"]
        assert time.time() < deadline <= time.time() + 3
        [notice] = await notices.wait_count(1)
        account = "ana" if first.seat == 0 else "bea"
        assert (notice.account, notice.table_id, notice.deadline) == (account, room, deadline)

        listed = await my_games(site.url, cookies[first.seat or 0])
        assert [(g["room"], g["your_turn"], g["deadline"]) for g in listed] == [
            (room, True, deadline)
        ]

        await play_one(clients)
        second = to_move(clients)
        assert second is not first
        notices_now = await notices.wait_count(2)
        assert [n.account for n in notices_now] == [account, "bea" if account == "ana" else "ana"]
        assert notices_now[1].turn != notices_now[0].turn

        await second.close()  # gone: at a live table a bot would stand in after the grace
        final = await first.wait_for(lost_on_time, timeout=10)
        match = final["match"]
        assert match["resigned"] == second.seat and match["winners"] == [first.seat]
        assert all(seat.get("level") is None for seat in final["room"]["seats"])
        assert len(notices.notices) == 2  # one notice per turn, none for the lost one
        async with httpx.AsyncClient() as http:
            hand = final["hand_id"]
            record = (await http.get(f"{site.url}/api/hands/{hand}")).json()
        assert record["lost_on_time"] == second.seat and record["resigned"] == second.seat
        for cookie in cookies:
            assert await my_games(site.url, cookie) == []
        await first.close()


async def test_a_resignation_ends_the_match_and_my_games_puts_your_turn_first(
    redis_server: RedisServer,
) -> None:
    """Cora at two tables, her turn at one only: her list has that one first, with each
    deadline. Resigning ends that match for her side: the table leaves her list."""
    async with serve_in_process(paced_settings(redis_server.url)) as site:
        people = await sign_up_all(site.url, ["Cora", "Dino", "Ezio"])
        tables: dict[str, list[Client]] = {}
        for opponent in ("Dino", "Ezio"):
            pair = {"Cora": people["Cora"], opponent: people[opponent]}
            room, _, clients = await paced_table(site.url, site.ws_url, pair, 3600)
            tables[room] = clients
        turns = {room: to_move(clients).name == "Cora" for room, clients in tables.items()}
        if len(set(turns.values())) == 1:  # the same at both: one move makes them differ
            room = next(iter(tables))
            await play_one(tables[room])
            turns[room] = not turns[room]
        listed = await my_games(site.url, people["Cora"])
        assert [g["room"] for g in listed] == sorted(turns, key=lambda r: not turns[r])
        assert [g["your_turn"] for g in listed] == [True, False]
        assert all(g["deadline"] > time.time() + 3000 and g["game"] == "classic" for g in listed)
        assert await my_games(site.url, await sign_up(site.url, "Zed")) == []

        room = listed[1]["room"]
        cora = next(c for c in tables[room] if c.name == "Cora")
        await cora.send({"type": "resign"})
        over = await cora.wait_for(lost_on_time)
        assert over["match"]["resigned"] == cora.seat
        assert [g["room"] for g in await my_games(site.url, people["Cora"])] == [listed[0]["room"]]
        for clients in tables.values():
            for client in clients:
                await client.close()


async def test_a_rated_match_lost_on_time_says_so_in_the_history(
    redis_server: RedisServer,
) -> None:
    """A rated table at its own pace: the missed deadline is a rated loss, and both
    players' histories mark the match as ended on time."""
    async with serve_in_process(paced_settings(redis_server.url)) as site:
        people = await sign_up_all(site.url, ["Hana", "Ivo"])
        _, _, clients = await paced_table(site.url, site.ws_url, people, 2, rated=True)
        mover = to_move(clients)
        waiting = next(client for client in clients if client is not mover)
        await waiting.wait_for(lambda m: lost_on_time(m) and settled(m), timeout=10)
        for name in people:
            [entry] = (await profile(site.url, name.lower()))["matches"]
            won = name == waiting.name
            assert (entry["result"], entry["on_time"]) == ("won" if won else "lost", True)
        for client in clients:
            await client.close()


async def test_redis_losing_its_data_gets_the_deadline_and_the_lists_back(
    redis_server: RedisServer,
) -> None:
    """Redis flushed under a table being played at its own pace: the server's repair writes
    its deadline in the sorted set and its players' lists again, with the mirror."""
    async with serve_in_process(paced_settings(redis_server.url)) as site:
        people = await sign_up_all(site.url, ["Lia", "Max"])
        room, _, clients = await paced_table(site.url, site.ws_url, people, 3600)
        mover = to_move(clients)
        assert mover.state is not None
        deadline = mover.state["clock"]["deadline"]
        store = site.manager.store
        assert isinstance(store, RedisStore)
        redis = redis_server.client()
        redis.flushall()
        await store.wait_data_loss(1)
        await store.wait_synced()
        await mover.send({"type": "sync"})  # queued behind the room's repair checkpoint
        await mover.wait_type("state")
        assert redis.zscore("briscola:deadlines", room) == deadline
        for account in ("lia", "max"):  # (the sessions went with the flush: read Redis)
            assert redis.smembers(f"briscola:games:{account}") == {room.encode()}
        for client in clients:
            await client.close()


async def test_refusals(redis_server: RedisServer) -> None:
    """Without Redis a table at its own pace is refused (redis_required); with it, a
    deadline under the least (bad_deadline) or over a week (bad_rules), a guest creating
    one (account_required) and a guest sitting at one (account_required) are refused;
    bots may fill its seats."""
    async with serve_in_process(paced_settings(None)) as memory:
        cookie = await sign_up(memory.url, "Fede")
        refused = await post_room(memory.url, cookie, players=2, deadline=3600)
        assert (refused.status_code, refused.json()["error"]["code"]) == (409, "redis_required")
    async with serve_in_process(paced_settings(redis_server.url, min_deadline=60)) as site:
        cookie = await sign_up(site.url, "Gino")
        for deadline, code in ((59, "bad_deadline"), (604801, "bad_rules")):
            refused = await post_room(site.url, cookie, players=2, deadline=deadline)
            assert (refused.status_code, refused.json()["error"]["code"]) == (422, code)
        refused = await post_room(site.url, None, players=2, deadline=604800)
        assert (refused.status_code, refused.json()["error"]["code"]) == (403, "account_required")
        created = await post_room(site.url, cookie, players=2, deadline=60)
        assert created.status_code == 201 and created.json()["rules"]["deadline"] == 60
        room = created.json()["id"]
        guest = await Client.connect(site.ws_url, "Guest")
        await guest.send({"type": "join", "room": room, "name": "Guest"})
        await guest.error("account_required")
        gino = await connect_as(site.ws_url, cookie, "Gino")
        await gino.join(room)
        await gino.send({"type": "add_bot", "seat": 1 - (gino.seat or 0)})
        state = await gino.wait_for(
            lambda m: m["type"] == "state" and all(s.get("name") for s in m["room"]["seats"])
        )
        assert state["room"]["rules"]["deadline"] == 60
        for client in (guest, gino):
            await client.close()
