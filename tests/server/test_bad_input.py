"""Bad input gets a clear error with a stable code; the room and the other players carry on."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager

import pytest
import websockets
from websockets.exceptions import InvalidStatus

from support.client import Client, Message, create_room
from support.play import play_all, seat_table
from support.servers import InProcessServer

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]


def in_hand(message: Message) -> bool:
    return message["type"] == "state" and message["match"] is not None


@pytest.fixture
async def table(server: InProcessServer) -> AsyncIterator[tuple[str, list[Client]]]:
    """A two-player table with a hand under way (swap of the 7 on)."""
    room = await create_room(server.url, players=2, swap_seven=True)
    clients = await seat_table(server.ws_url, room["id"], 2)
    for client in clients:
        await client.wait_for(in_hand)
    yield room["id"], clients
    for client in clients:
        await client.close()


async def finish(clients: list[Client]) -> None:
    """The table plays on to the end of the hand after the refusal."""
    final = await play_all(clients, lambda s: bool(s["match"]["hand"]["over"]))
    assert sum(final[0]["match"]["hand"]["points"]) == 120


def turn_and_other(clients: list[Client]) -> tuple[Client, Client]:
    turn = clients[0].hand["turn"]  # type: ignore[index]
    return clients[turn], clients[1 - turn]


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ('{"type": "dance"}', "unknown_type"),
        ("{not json", "bad_json"),
        ("[1, 2, 3]", "bad_json"),
        ('{"type": "play"}', "bad_message"),
        ('{"type": "play", "card": "AD", "extra": 1}', "bad_message"),
        ('{"type": "play", "card": 7}', "bad_message"),
        ('{"type": "chat", "text": ""}', "bad_message"),
    ],
)
async def test_malformed_messages(table: tuple[str, list[Client]], frame: str, code: str) -> None:
    """Unknown types and malformed JSON or fields are refused by code; play goes on."""
    _, clients = table
    await clients[0].send(frame)
    await clients[0].error(code)
    await finish(clients)


async def test_oversized_frame(table: tuple[str, list[Client]]) -> None:
    """A frame over 4 KiB gets too_large and its socket is closed with 1009."""
    _, clients = table
    await clients[0].send(json.dumps({"type": "chat", "text": "x" * 5000}))
    await clients[0].error("too_large")
    async with asyncio.timeout(30):
        await clients[0].ws.wait_closed()
    assert clients[0].ws.close_code == 1009


async def test_out_of_turn_and_cards_not_held(table: tuple[str, list[Client]]) -> None:
    """Playing out of turn, a card not held, or a card that does not exist is refused."""
    _, clients = table
    mover, waiter = turn_and_other(clients)
    await waiter.send({"type": "play", "card": waiter.hand["hand"][0]})  # type: ignore[index]
    await waiter.error("not_your_turn")
    held = set(mover.hand["hand"])  # type: ignore[index]
    foreign = next(c for c in ("AD", "3C", "KS", "7B", "2D", "NB") if c not in held)
    await mover.send({"type": "play", "card": foreign})
    await mover.error("card_not_in_hand")
    await mover.send({"type": "play", "card": "ZZ"})
    await mover.error("card_not_in_hand")
    await finish(clients)


async def test_illegal_swap(table: tuple[str, list[Client]]) -> None:
    """A swap on the first trick is refused with swap_not_allowed and the reason."""
    _, clients = table
    mover, _ = turn_and_other(clients)
    await mover.send({"type": "swap"})
    refused = await mover.error("swap_not_allowed")
    assert "trick" in refused["message"]
    await finish(clients)


async def test_actions_where_not_seated(
    server: InProcessServer, table: tuple[str, list[Client]]
) -> None:
    """A spectator cannot play (not_seated); a socket at no table cannot act (not_at_table)."""
    room, clients = table
    spectator = await Client.connect(server.ws_url, "Spec")
    await spectator.watch(room)
    await spectator.send({"type": "play", "card": "AD"})
    await spectator.error("not_seated")
    stranger = await Client.connect(server.ws_url, "Nobody")
    await stranger.send({"type": "ready"})
    await stranger.error("not_at_table")
    await stranger.send({"type": "join", "room": "no-such-room", "name": "X"})
    await stranger.error("room_not_found")
    await stranger.send({"type": "join", "room": room, "name": "X"})
    await stranger.error("match_started")
    await finish(clients)
    for client in (spectator, stranger):
        await client.close()


async def test_seating_refusals(server: InProcessServer) -> None:
    """Taken seats, full partnerships, a second seat, and host-only actions are refused."""
    room = (await create_room(server.url, players=4))["id"]
    host, guest, third = [await Client.connect(server.ws_url, n) for n in ("H", "G", "T")]
    await host.join(room, side=0)
    await guest.send({"type": "join", "room": room, "name": "G", "seat": host.seat})
    await guest.error("seat_taken")
    await guest.join(room, side=0)
    await third.send({"type": "join", "room": room, "name": "T", "side": 0})
    await third.error("room_full")
    await guest.send({"type": "join", "room": room, "name": "G"})
    await guest.error("already_seated")
    await guest.send({"type": "add_bot", "seat": 1})
    await guest.error("not_host")
    await host.send({"type": "add_bot", "seat": 1})
    state = await guest.wait_for(lambda m: m["type"] == "state" and m["room"]["free_seats"] == 1)
    assert state["room"]["seats"][1]["kind"] == "bot"
    for client in (host, guest, third):
        await client.close()


async def test_stale_token_after_leaving(server: InProcessServer) -> None:
    """A token whose seat was given up before the match opens nothing (bad_token)."""
    room = (await create_room(server.url, players=2))["id"]
    ana = await Client.connect(server.ws_url, "Ana")
    await ana.join(room)
    token = ana.token
    await ana.send({"type": "leave"})
    await ana.wait_type("left")
    await ana.send({"type": "resume", "room": room, "token": token})
    await ana.error("bad_token")
    await ana.close()


async def test_flood_is_closed_while_other_tables_play(make_server: MakeServer) -> None:
    """With the production rate limit (20 a second, bursts of 60), a flooder gets
    rate_limited and is closed with 1008; another table plays on."""
    async with make_server(rate=20.0, burst=60.0) as server:
        await flood_while_a_table_plays(server)


async def flood_while_a_table_plays(server: InProcessServer) -> None:
    room = await create_room(server.url, players=2)
    players = await seat_table(server.ws_url, room["id"], 2)
    flooder = await Client.connect(server.ws_url, "Flood")
    for _ in range(200):
        try:
            await flooder.send({"type": "lobby"})
        except websockets.ConnectionClosed:
            break
    await flooder.wait_for(lambda m: m["type"] == "error" and m["code"] == "rate_limited")
    async with asyncio.timeout(30):
        await flooder.ws.wait_closed()
    assert flooder.ws.close_code == 1008
    final = await play_all(players, lambda s: bool(s["match"] and s["match"]["hand"]["over"]))
    assert sum(final[0]["match"]["hand"]["points"]) == 120
    for client in players:
        await client.close()


async def test_foreign_origin_is_refused(server: InProcessServer) -> None:
    """A browser page from another origin cannot open the websocket."""
    with pytest.raises(InvalidStatus) as refused:
        await Client.connect(server.ws_url, "Evil", origin="http://evil.example")
    assert refused.value.response.status_code == 403
    same = await Client.connect(server.ws_url, "Ok", origin=server.url)
    await same.send({"type": "lobby"})
    assert (await same.wait_type("lobby"))["rooms"] == []
    await same.close()
