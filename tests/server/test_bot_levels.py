"""Bots with levels at a real server: the host picks each bot's level (strong unless told),
the table shows it, a level the server does not know is refused, and a hand against strong
bots, whose moves are worked out in worker processes, plays to its end."""

from __future__ import annotations

from support.client import Client, create_room
from support.servers import InProcessServer


async def test_the_host_picks_levels_and_the_table_shows_them(server: InProcessServer) -> None:
    """Easy, strong by default, normal; an unknown level is refused and the room goes on."""
    room = await create_room(server.url, players=4)
    ana = await Client.connect(server.ws_url, "Ana")
    await ana.join(room["id"])
    await ana.send({"type": "add_bot", "seat": 1, "level": "easy"})
    await ana.send({"type": "add_bot", "seat": 2})
    await ana.send({"type": "add_bot", "seat": 3, "level": "genius"})
    refused = await ana.error("bad_message")
    assert "level" in refused["message"]
    await ana.send({"type": "add_bot", "seat": 3, "level": "normal"})
    state = await ana.wait_for(
        lambda m: m["type"] == "state" and all(s["kind"] for s in m["room"]["seats"])
    )
    levels = [seat["level"] for seat in state["room"]["seats"]]
    assert levels == [None, "easy", "strong", "normal"]
    await ana.close()


async def test_a_hand_against_strong_bots_plays_to_its_end(server: InProcessServer) -> None:
    """One person and three strong bots play a whole hand: every bot move comes back from
    the workers, and each state shows the bots as strong."""
    room = await create_room(server.url, players=4)
    ana = await Client.connect(server.ws_url, "Ana")
    await ana.join(room["id"])
    for seat in (1, 2, 3):
        await ana.send({"type": "add_bot", "seat": seat, "level": "strong"})
    await ana.send({"type": "ready"})
    while True:
        state = await ana.wait_type("state")
        hand = ana.hand
        if hand and hand["over"]:
            break
        if ana.my_turn():
            assert hand is not None
            await ana.send({"type": "play", "card": hand["legal"][0]})
    assert sum(hand["points"]) == 120
    assert [seat["level"] for seat in state["room"]["seats"]][1:] == ["strong"] * 3
    await ana.close()
