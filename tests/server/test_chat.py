"""The no-signals rule: table chat is closed during a hand; spectators chat among
themselves; everyone talks before the first deal and between hands."""

from __future__ import annotations

from support.client import Client, Message, create_room
from support.play import play_all, seat_table
from support.servers import InProcessServer


def is_chat(message: Message) -> bool:
    return message["type"] == "chat"


async def barrier(sender: Client, receivers: list[Client]) -> list[Message]:
    """Make the room process one more command (a sync) after what was sent before, and
    collect what each receiver got up to that point: a refused chat would come before."""
    await sender.send({"type": "sync"})
    await sender.wait_type("state")
    got = []
    for client in receivers:
        client.inbox.clear()
        await client.send({"type": "sync"})
        await client.wait_type("state")
        got.extend(client.inbox)
    return got


async def test_chat_closed_during_a_hand_and_open_between_hands(server: InProcessServer) -> None:
    """Seated chat is delivered before the deal and between hands, refused with
    signals_forbidden during a hand, and then delivered to nobody."""
    room = await create_room(server.url, players=2, best_of=3)
    ana = await Client.connect(server.ws_url, "Ana")
    bea = await Client.connect(server.ws_url, "Bea")
    await ana.join(room["id"], seat=0)
    await bea.join(room["id"], seat=1)

    await ana.send({"type": "chat", "text": "good luck"})
    line = await bea.wait_for(is_chat)
    assert line["text"] == "good luck" and line["channel"] == "table" and line["seat"] == 0

    for client in (ana, bea):
        await client.send({"type": "ready"})
    await bea.wait_for(lambda m: m["type"] == "state" and m["match"] is not None)
    await ana.wait_for(lambda m: m["type"] == "state" and m["match"] is not None)
    await ana.send({"type": "chat", "text": "I hold the ace"})
    refused = await ana.error("signals_forbidden")
    assert refused["ref"] == "chat"
    assert not [m for m in await barrier(ana, [bea]) if is_chat(m)]

    await play_all([ana, bea], lambda s: bool(s["match"] and s["match"]["hand"]["over"]))
    await bea.send({"type": "chat", "text": "well played"})
    line = await ana.wait_for(is_chat)
    assert line["text"] == "well played"
    for client in (ana, bea):
        await client.close()


async def test_spectator_chat_never_reaches_players_during_a_hand(server: InProcessServer) -> None:
    """During a hand spectator chat goes to spectators only; seated players never get it."""
    room = await create_room(server.url, players=2)
    players = await seat_table(server.ws_url, room["id"], 2)
    watchers = [await Client.connect(server.ws_url, f"W{i}") for i in range(2)]
    for watcher in watchers:
        await watcher.watch(room["id"])
    await players[0].wait_for(lambda m: m["type"] == "state" and m["match"] is not None)

    await watchers[0].send({"type": "chat", "text": "seat 1 has the 3 of cups"})
    line = await watchers[1].wait_for(is_chat)
    assert line["channel"] == "spectators" and line["seat"] is None
    assert not [m for m in await barrier(watchers[0], players) if is_chat(m)]
    for client in (*players, *watchers):
        await client.close()


async def test_a_reload_and_a_late_spectator_get_the_chat_history(server: InProcessServer) -> None:
    """After a reload (a new socket that resumes the seat) a player gets the lines said
    before, once, in a chat_history between joined and state; so does a late spectator."""
    room = await create_room(server.url, players=2)
    ana = await Client.connect(server.ws_url, "Ana")
    bea = await Client.connect(server.ws_url, "Bea")
    joined = await ana.join(room["id"], seat=0)
    await bea.join(room["id"], seat=1)
    for client, text in ((ana, "ciao"), (bea, "buona fortuna")):
        await client.send({"type": "chat", "text": text})
        await ana.wait_for(lambda m, text=text: is_chat(m) and m["text"] == text)
    await ana.close()

    again = await Client.connect(server.ws_url, "Ana")
    await again.send({"type": "resume", "room": room["id"], "token": joined["token"]})
    await again.wait_type("state")
    got = [m["type"] for m in again.inbox]
    assert got == ["joined", "chat_history"]
    lines = again.inbox[1]["lines"]
    assert [(line["name"], line["seat"], line["text"]) for line in lines] == [
        ("Ana", 0, "ciao"),
        ("Bea", 1, "buona fortuna"),
    ]
    assert {line["channel"] for line in lines} == {"table"}

    late = await Client.connect(server.ws_url, "Sam")
    await late.send({"type": "watch", "room": room["id"], "name": "Sam"})
    await late.wait_type("state")
    [history] = [m for m in late.inbox if m["type"] == "chat_history"]
    assert [line["text"] for line in history["lines"]] == ["ciao", "buona fortuna"]
    for client in (again, bea, late):
        await client.close()
