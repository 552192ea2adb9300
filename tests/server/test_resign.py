"""Resigning between hands concedes the match; it is mirrored and replays on a restore."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import msgspec

from briscola.engine import Resign, legal_actions
from briscola.table.core import Table
from briscola.table.events import Resigned
from briscola.table.snapshots import TableSnapshot
from briscola.table.state import Status
from briscola.wire.table_rules import TableRules
from support.client import Client, Message, create_room
from support.play import hand_over, play_all, seat_table
from support.servers import InProcessServer, RedisServer

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]


def match_over(message: Message) -> bool:
    return message["type"] == "state" and bool(message["match"] and message["match"]["over"])


async def test_resigning_between_hands_ends_the_match(server: InProcessServer) -> None:
    """Best of 3, four players: after the first hand a player resigns; the match is over at
    once, won by the other partnership, for every player and the spectator; no new record."""
    room = await create_room(server.url, players=4, best_of=3)
    clients = await seat_table(server.ws_url, room["id"], 4)
    spectator = await Client.connect(server.ws_url, "Watcher")
    await spectator.watch(room["id"])
    final = await play_all(clients, hand_over)
    assert final[0]["room"]["status"] == "between_hands" and not final[0]["match"]["over"]
    records = final[0]["records"]

    await clients[1].send({"type": "resign"})
    for client in (*clients, spectator):
        state = await client.wait_for(match_over)
        match = state["match"]
        assert match["winners"] == [0] and match["resigned"] == 1
        assert match["hands_dealt"] == 1 and match["hand"]["resigned"] is None
        assert state["room"]["status"] == "over" and state["records"] == records

    await clients[3].send({"type": "resign"})
    await clients[3].error("match_over")
    for client in (*clients, spectator):
        await client.close()


async def test_resigning_before_the_first_deal_is_refused(server: InProcessServer) -> None:
    """Before the match starts there is nothing to concede: no_hand, and the table waits."""
    room = await create_room(server.url, players=2)
    ana = await Client.connect(server.ws_url, "Ana")
    await ana.join(room["id"])
    await ana.send({"type": "ready"})
    await ana.send({"type": "resign"})
    refused = await ana.error("no_hand")
    assert refused["ref"] == "resign"
    await ana.send({"type": "sync"})
    state = await ana.wait_type("state")
    assert state["room"]["status"] == "waiting" and state["match"] is None
    await ana.close()


def without_hand(match: Message) -> Message:
    return {key: value for key, value in match.items() if key != "hand"}


def between_hands(rules: TableRules) -> Table:
    """A table whose people have played its first hand out (no I/O: the table alone)."""
    table = Table("t", rules, entropy=secrets.token_bytes, now=0)
    for seat in range(rules.players):
        table.sit(f"P{seat}", seat, None, 0)
        table.set_ready(seat, True, 0)
    while table.status is Status.PLAYING:
        assert table.match is not None and table.match.hand is not None
        hand = table.match.hand
        assert hand.turn is not None
        table.act(hand.turn, legal_actions(hand, hand.turn)[0], 1)
    assert table.status is Status.BETWEEN_HANDS
    return table


def test_a_resignation_between_hands_replays_on_restore() -> None:
    """The concession is one ``Resigned`` event with no hand record; a table restored from
    the stored snapshot before it plus that event, or from a stored snapshot taken after it,
    is over in the same way, with the same records and no hand record written again."""
    table = between_hands(TableRules(players=3, best_of=5))
    _, finished = table.drain()
    assert len(finished) == 1
    before = table.snapshot()
    table.act(2, Resign(2), 2)
    events, finished = table.drain()
    assert [event for _, event in events] == [Resigned(2)] and finished == []
    assert table.status is Status.OVER and table.match is not None
    assert table.match.outcome is not None and table.match.outcome.resigned == 2
    for snapshot, later in [(before, events), (table.snapshot(), [])]:
        stored = msgspec.json.decode(msgspec.json.encode(snapshot), type=TableSnapshot)
        restored = Table.restore(stored, list(later), entropy=secrets.token_bytes, now=5)
        assert restored.status is Status.OVER
        assert restored.match == table.match and restored.records == table.records
        assert restored.drain()[1] == []


async def test_a_concession_survives_a_restart(
    make_server: MakeServer, redis_server: RedisServer
) -> None:
    """Mirrored to Redis, a match conceded between hands comes back over after a restart:
    same winners, same resigning seat, same records."""
    async with make_server(redis_url=redis_server.url) as first:
        room = await create_room(first.url, players=2, best_of=3)
        clients = await seat_table(first.ws_url, room["id"], 2)
        await play_all(clients, hand_over)
        await clients[0].send({"type": "resign"})
        conceded = await clients[1].wait_for(match_over)
        for client in clients:
            await client.close()
    async with make_server(redis_url=redis_server.url) as second:
        watcher = await Client.connect(second.ws_url, "Watcher")
        await watcher.watch(room["id"])
        assert watcher.state is not None
        match, before = watcher.state["match"], conceded["match"]
        assert match["over"] and match["winners"] == [1] and match["resigned"] == 0
        assert without_hand(match) == without_hand(before)
        assert match["hand"]["seed"] == before["hand"]["seed"]
        assert watcher.state["records"] == conceded["records"]
        await watcher.close()
