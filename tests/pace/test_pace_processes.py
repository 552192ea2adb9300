"""Tables at their own pace across processes' lives, with real ``briscola serve`` processes
on a real Redis: an idle one leaves memory for Redis alone (parked) and comes back when its
player opens it, its deadline kept; a deadline that passed while it was parked, or while no
server ran at all, loses the match when the table is loaded again."""

from __future__ import annotations

import asyncio
import time

from support.accounts import connect_as
from support.pace import lost_on_time, paced_table, post_room, sign_up_all, to_move
from support.servers import RedisServer, Spawn

DEADLINES, PARKED, ROOMS = "briscola:deadlines", "briscola:parked", "briscola:rooms"


async def until_past(deadline: float) -> None:
    """Wait for the wall clock to pass ``deadline``: the very condition the server acts on."""
    while time.time() <= deadline:
        await asyncio.sleep(deadline - time.time() + 0.01)


async def test_an_idle_table_is_parked_reloaded_on_demand_and_its_deadline_applied(
    spawn: Spawn, redis_server: RedisServer
) -> None:
    """Both players gone: the table leaves memory (out of the live rooms, into the parked
    ones, its deadline in the sorted set); a player's ``join`` loads it with its deadline
    and seat; once the deadline passes the player to move has lost on time."""
    server = await spawn()
    people = await sign_up_all(server.url, ["Ada", "Bob"])
    room, cookies, clients = await paced_table(server.url, server.ws_url, people, 6)
    mover = to_move(clients)
    assert mover.state is not None
    deadline = mover.state["clock"]["deadline"]
    names = {client.seat: client.name for client in clients}
    for client in clients:
        await client.close()

    await asyncio.to_thread(server.wait_for_line, f"parked table {room}", 10)
    redis = redis_server.client()
    assert redis.sismember(PARKED, room) and not redis.sismember(ROOMS, room)
    assert redis.zscore(DEADLINES, room) == deadline

    back = await connect_as(server.ws_url, cookies[mover.seat or 0], names[mover.seat])
    await back.join(room)  # the account's seat, given back: the table loaded on demand
    assert back.seat == mover.seat and back.state is not None
    assert back.state["clock"]["deadline"] == deadline
    assert redis.sismember(ROOMS, room) and not redis.sismember(PARKED, room)
    await back.close()

    await until_past(deadline)
    again = await connect_as(server.ws_url, cookies[mover.seat or 0], names[mover.seat])
    await again.send({"type": "join", "room": room, "name": names[mover.seat]})
    over = await again.wait_for(lost_on_time)
    assert over["match"]["resigned"] == mover.seat
    assert redis.zscore(DEADLINES, room) is None
    await again.close()


async def test_a_deadline_that_passed_while_no_server_ran_is_applied_on_load(
    spawn: Spawn, redis_server: RedisServer
) -> None:
    """The only server is killed mid-turn; the deadline passes; a new server loads the
    table and the player to move has lost the match, for everyone who comes back."""
    server = await spawn()
    people = await sign_up_all(server.url, ["Cleo", "Dan"])
    room, cookies, clients = await paced_table(server.url, server.ws_url, people, 2)
    mover = to_move(clients)
    waiting = next(client for client in clients if client is not mover)
    assert mover.state is not None
    deadline = mover.state["clock"]["deadline"]
    server.kill()  # SIGKILL: nobody applies the deadline
    for client in clients:
        await client.close()
    await until_past(deadline + 0.5)

    restarted = await spawn()
    redis = redis_server.client()
    other = await connect_as(restarted.ws_url, cookies[waiting.seat or 0], waiting.name)
    await other.send({"type": "join", "room": room, "name": waiting.name})
    over = await other.wait_for(lost_on_time)
    assert over["match"]["resigned"] == mover.seat
    assert over["match"]["winners"] == [waiting.seat]
    assert redis.zscore(DEADLINES, room) is None
    await other.close()


async def test_a_killed_owners_table_keeps_its_deadline_on_the_survivor(spawn: Spawn) -> None:
    """Two processes; the table's owner is killed mid-turn. The player on the other process
    is attached to the table there with the same deadline, and when it passes the player
    to move loses, applied by the new owner."""
    owner, survivor = await spawn(), await spawn()
    people = await sign_up_all(owner.url, ["Eva", "Fil"])
    created = await post_room(owner.url, people["Eva"], players=2, deadline=6)
    assert created.status_code == 201, created.text
    room = created.json()["id"]
    eva = await connect_as(owner.ws_url, people["Eva"], "Eva")
    await eva.join(room, seat=0)
    fil = await connect_as(survivor.ws_url, people["Fil"], "Fil")
    await fil.join(room, seat=1)
    for client in (eva, fil):
        await client.send({"type": "ready"})
    state = await fil.wait_for(lambda m: m["type"] == "state" and m.get("clock") is not None)
    deadline, mover = state["clock"]["deadline"], state["clock"]["seat"]

    await asyncio.to_thread(owner.kill)
    await eva.close()
    await fil.wait_type("joined", timeout=15)  # the table taken over on Fil's process
    again = await fil.wait_type("state")
    assert again["clock"]["deadline"] == deadline
    over = await fil.wait_for(lost_on_time, timeout=15)
    assert over["match"]["resigned"] == mover
    await fil.close()
