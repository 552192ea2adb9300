"""Seats survive drops: tokens, the grace period, the move clock, bots standing in."""

from __future__ import annotations

import asyncio
import contextlib

from support.client import Client, Message, create_room
from support.play import autoplay, play_all, seat_table
from support.servers import InProcessServer

CLOCK = 2


def in_hand(message: Message) -> bool:
    return message["type"] == "state" and message["match"] is not None


def seat_info(state: Message, seat: int) -> Message:
    info: Message = state["room"]["seats"][seat]
    return info


async def test_reconnect_mid_hand_with_the_token(server: InProcessServer) -> None:
    """A player who drops mid-hand comes back with the token from a new connection, gets
    the full view (same hand) and finishes the game."""
    room = await create_room(server.url, players=2)
    ana, bea = await seat_table(server.ws_url, room["id"], 2)
    await play_all(
        [ana, bea], lambda s: bool(s["match"] and s["match"]["hand"]["tricks_played"] >= 3)
    )
    before = bea.hand
    token = bea.token
    await bea.close()
    gone = await ana.wait_for(lambda m: in_hand(m) and not seat_info(m, 1)["connected"])
    assert gone["room"]["seats"][1]["name"] == "P1"

    again = await Client.connect(server.ws_url, "P1")
    await again.send({"type": "resume", "room": room["id"], "token": token})
    joined = await again.wait_type("joined")
    state = await again.wait_type("state")
    assert joined["seat"] == 1
    assert before is not None and sorted(state["match"]["hand"]["hand"]) == sorted(before["hand"])
    final = await play_all([ana, again], lambda s: bool(s["match"]["hand"]["over"]))
    assert sum(final[0]["match"]["hand"]["points"]) == 120
    await ana.close()
    await again.close()


async def test_wrong_and_foreign_tokens_are_refused(server: InProcessServer) -> None:
    """A made-up token, or one from another table, opens no seat (bad_token)."""
    first = await create_room(server.url, players=2)
    second = await create_room(server.url, players=2)
    ana = await Client.connect(server.ws_url, "Ana")
    await ana.join(first["id"])
    thief = await Client.connect(server.ws_url, "Thief")
    await thief.send({"type": "resume", "room": first["id"], "token": "0" * 36})
    await thief.error("bad_token")
    await thief.send({"type": "resume", "room": second["id"], "token": ana.token})
    await thief.error("bad_token")
    await thief.send({"type": "play", "card": "AD"})
    await thief.error("not_at_table")
    await ana.close()
    await thief.close()


async def test_resume_from_another_tab_replaces_the_old_connection(server: InProcessServer) -> None:
    """Opening a seat from a second connection closes the first with 4000."""
    room = await create_room(server.url, players=2)
    ana = await Client.connect(server.ws_url, "Ana")
    await ana.join(room["id"])
    tab = await Client.connect(server.ws_url, "Ana")
    await tab.send({"type": "resume", "room": room["id"], "token": ana.token})
    assert (await tab.wait_type("joined"))["seat"] == ana.seat
    async with asyncio.timeout(30):
        await ana.ws.wait_closed()
    assert ana.ws.close_code == 4000
    await tab.close()


async def test_clock_expiry_plays_for_the_absent_player(server: InProcessServer) -> None:
    """When a connected player's clock runs out the server plays that one move for them:
    they are not away and their next turn has the whole clock. A second clock run out in a
    row marks them away; any message (the client's "I'm back" sends sync) takes it back."""
    room = await create_room(server.url, players=2, clock=CLOCK)
    ana, bea = await seat_table(server.ws_url, room["id"], 2)
    state = await ana.wait_for(in_hand)
    idle = state["match"]["hand"]["turn"]
    sleeper, other = (ana, bea) if idle == 0 else (bea, ana)
    playing = asyncio.create_task(autoplay(other, lambda m: False))
    try:
        played = await sleeper.wait_for(
            lambda m: in_hand(m) and len(m["match"]["hand"]["hand"]) == 2
        )
        assert played["match"]["hand"]["trick"]["cards"]  # the card the server played
        assert not seat_info(played, idle)["away"] and not seat_info(played, idle)["bot_playing"]

        mine = await sleeper.wait_for(lambda m: in_hand(m) and m["match"]["hand"]["turn"] == idle)
        assert not seat_info(mine, idle)["away"] and mine["match"]["hand"]["legal"]
        assert mine["clock"] == {"seat": idle, "remaining_ms": CLOCK * 1000}

        away = await sleeper.wait_for(lambda m: in_hand(m) and seat_info(m, idle)["away"])
        assert seat_info(away, idle)["bot_playing"]
        assert away["clock"] is None or away["clock"]["seat"] != idle  # no clock for a bot
        await sleeper.send({"type": "sync"})
        back = await sleeper.wait_for(
            lambda m: m["type"] == "state" and not seat_info(m, idle)["away"]
        )
        assert not seat_info(back, idle)["bot_playing"]
    finally:
        playing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await playing
    await ana.close()
    await bea.close()


async def test_bot_stands_in_after_the_grace_period(server: InProcessServer) -> None:
    """A player gone past the grace period is replaced by a bot until they return."""
    room = await create_room(server.url, players=2, grace=1)
    ana, bea = await seat_table(server.ws_url, room["id"], 2)
    await ana.wait_for(in_hand)
    token = bea.token
    await bea.close()
    stood = await ana.wait_for(lambda m: in_hand(m) and seat_info(m, 1)["bot_playing"])
    assert not seat_info(stood, 1)["connected"]
    final = await play_all([ana], lambda s: bool(s["match"]["hand"]["over"]))
    assert sum(final[0]["match"]["hand"]["points"]) == 120
    back = await Client.connect(server.ws_url, "P1")
    await back.send({"type": "resume", "room": room["id"], "token": token})
    state = await back.wait_type("state")
    assert not seat_info(state, 1)["bot_playing"] and seat_info(state, 1)["connected"]
    await ana.close()
    await back.close()


async def test_bots_fill_seats_and_finish_a_match(server: InProcessServer) -> None:
    """A table of one person and bots plays a best-of-3 match to its end."""
    room = await create_room(server.url, players=3, best_of=3, swap_seven=True)
    ana = await Client.connect(server.ws_url, "Ana")
    await ana.join(room["id"], seat=0)
    for seat in (1, 2):
        await ana.send({"type": "add_bot", "seat": seat})
    state = await ana.wait_for(lambda m: m["type"] == "state" and m["room"]["free_seats"] == 0)
    assert [s["kind"] for s in state["room"]["seats"]] == ["human", "bot", "bot"]
    dealt = 0
    while True:
        await ana.send({"type": "ready"})
        dealt += 1

        def done(state: Message, dealt: int = dealt) -> bool:
            match = state["match"]
            return bool(match and match["hands_dealt"] == dealt and match["hand"]["over"])

        final = await play_all([ana], done)
        if final[0]["match"]["over"]:
            break
    assert final[0]["match"]["winners"]
    await ana.close()
