"""Frames go straight through the websocket protocol, both ways: written byte for byte as
websockets would make them, and read as they come, off the ASGI queue, on every connection
of a real server, with the hand played out; in the order each socket sent them, whether
they wait for the accounts or not."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.frames import Frame, Opcode

from briscola.service.accounts import Accounts
from briscola.service.websocket_protocol import text_frame
from support.client import Client, create_room
from support.play import hand_done, play_all, seat_table
from support.servers import InProcessServer


@pytest.mark.parametrize("length", [0, 1, 125, 126, 127, 850, 65535, 65536, 70_000])
def test_a_text_frame_is_the_one_websockets_makes(length: int) -> None:
    payload = bytes(range(256)) * (length // 256) + bytes(range(length % 256))
    expected = Frame(Opcode.TEXT, payload).serialize(mask=False, extensions=[])
    assert text_frame(payload) == expected


async def test_every_connection_writes_directly_and_a_hand_plays_out(
    server: InProcessServer,
) -> None:
    room = (await create_room(server.url, players=2))["id"]
    players = await seat_table(server.ws_url, room, 2)
    assert server.manager.gateway.connections
    connections = server.manager.gateway.connections.values()
    assert all(conn.direct and conn.listening for conn in connections)
    states = await play_all(players, hand_done())
    assert all(s["match"]["hand"]["over"] for s in states)
    for player in players:
        await player.close()


def masked(message: dict[str, object]) -> bytes:
    return Frame(Opcode.TEXT, json.dumps(message).encode()).serialize(mask=True, extensions=[])


async def test_messages_in_one_write_are_handled_in_the_order_sent(
    server: InProcessServer,
) -> None:
    """A ``join`` (which waits for the accounts' word, in the socket's task) and the
    messages behind it, all in one TCP write: none of them overtakes it (a ``sync`` or a
    ``chat`` read at once would find the socket at no table), and each is answered in turn."""
    room = (await create_room(server.url, players=2))["id"]
    client = await Client.connect(server.ws_url, "Ana")
    burst = [
        {"type": "join", "room": room, "name": "Ana", "seat": 0},
        {"type": "sync"},
        {"type": "chat", "text": "ciao"},
        {"type": "sync"},
    ]
    client.ws.transport.write(b"".join(masked(message) for message in burst))
    await client.wait_type("joined")
    await client.wait_for(lambda m: m["type"] == "chat")
    await client.wait_type("state")
    kinds = [m["type"] for m in client.inbox]
    assert kinds == ["state", "state"], client.inbox  # the join's, then the first sync's
    assert not any(m["type"] == "error" for m in client.inbox)
    await client.close()


async def test_what_comes_while_a_join_waits_for_the_accounts_waits_behind_it(
    server: InProcessServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The socket's task holds a ``join`` while the accounts look its name up; a ``sync``
    read meanwhile (the server has read it: it answered the ping sent after it) is handled
    after the join, not at once at no table."""
    entered, go = asyncio.Event(), asyncio.Event()
    vet = Accounts.vet

    async def held(self: Accounts, identity: Any, command: Any) -> Any:
        entered.set()
        await go.wait()
        return await vet(self, identity, command)

    monkeypatch.setattr(Accounts, "vet", held)
    room = (await create_room(server.url, players=2))["id"]
    client = await Client.connect(server.ws_url, "Ana")
    await client.send({"type": "join", "room": room, "name": "Ana", "seat": 0})
    await entered.wait()
    await client.send({"type": "sync"})
    await (await client.ws.ping())  # the pong comes once the sync before it has been read
    go.set()
    await client.wait_type("joined")
    await client.wait_type("state")  # the join's
    await client.wait_type("state")  # the sync's
    assert not client.inbox, client.inbox  # and nothing before them, no not_at_table
    await client.close()
