"""The room's chat history, sans I/O: who joins, resumes or watches later gets the recent
lines it may see, in one ``chat_history`` between ``joined`` and ``state``, and no more
than the last :data:`CHAT_HISTORY`."""

from __future__ import annotations

import json
import random
from typing import Any

from briscola.table.core import Table
from briscola.table.session import CHAT_HISTORY, Outcome, RoomSession
from briscola.wire.commands import Chat, Join, Ready, Resume, Watch
from briscola.wire.table_rules import TableRules


def session(players: int = 2) -> RoomSession:
    rules = TableRules(players=players, clock=5, grace=10)
    table = Table("room", rules, entropy=random.Random(7).randbytes, now=0.0, bot_delay=0.0)
    return RoomSession(table)


def seated() -> RoomSession:
    """Two players seated (connection ``i`` in seat ``i``) and a hand dealt."""
    room = session()
    for conn in range(2):
        room.handle(conn, Join("room", f"P{conn}", seat=conn), 0.0)
    for conn in range(2):
        room.handle(conn, Ready(), 0.0)
    assert room.table.hand_on
    return room


def messages(outcome: Outcome, conn: int) -> list[dict[str, Any]]:
    return [json.loads(text) for to, text in outcome.frames if to == conn]


def kinds(outcome: Outcome, conn: int) -> list[str]:
    return [m["type"] for m in messages(outcome, conn)]


def history(outcome: Outcome, conn: int) -> list[tuple[str, str, str]]:
    """The ``(channel, name, text)`` of the history lines sent to ``conn``."""
    [message] = [m for m in messages(outcome, conn) if m["type"] == "chat_history"]
    return [(line["channel"], line["name"], line["text"]) for line in message["lines"]]


def talked_through_a_deal() -> RoomSession:
    """Table chat and a spectator's line to all before the deal, a spectator's line for
    spectators only during the hand."""
    room = session()
    room.handle(0, Join("room", "Ana", seat=0), 0.0)
    room.handle(1, Join("room", "Bea", seat=1), 0.0)
    room.handle(9, Watch("room", "Sam"), 0.0)
    room.handle(0, Chat("buona fortuna"), 0.0)
    room.handle(9, Chat("forza tutti"), 0.0)  # no hand on: said to everyone
    room.handle(0, Ready(), 0.0)
    room.handle(1, Ready(), 0.0)
    assert room.table.hand_on
    room.handle(9, Chat("Ana holds the ace"), 0.0)  # during the hand: spectators only
    return room


def test_a_late_spectator_gets_every_line_in_order_before_the_state() -> None:
    room = talked_through_a_deal()
    late = room.handle(8, Watch("room", "Ugo"), 1.0)
    assert kinds(late, 8) == ["joined", "chat_history", "state"]
    assert history(late, 8) == [
        ("table", "Ana", "buona fortuna"),
        ("spectators", "Sam", "forza tutti"),
        ("spectators", "Sam", "Ana holds the ace"),
    ]
    [message] = [m for m in messages(late, 8) if m["type"] == "chat_history"]
    assert message["version"] == room.table.version
    assert message["lines"][0]["seat"] == 0 and message["lines"][1]["seat"] is None


def test_a_player_gets_table_chat_and_only_the_spectator_lines_said_to_all() -> None:
    room = talked_through_a_deal()
    token = room.members[1].token
    assert token is not None
    back = room.handle(5, Resume("room", token), 1.0)
    assert kinds(back, 5) == ["joined", "chat_history", "state"]
    assert history(back, 5) == [
        ("table", "Ana", "buona fortuna"),
        ("spectators", "Sam", "forza tutti"),
    ]


def test_a_player_joining_before_the_deal_gets_the_lines_said_to_all() -> None:
    room = session(players=3)
    room.handle(0, Join("room", "Ana"), 0.0)
    room.handle(9, Watch("room", "Sam"), 0.0)
    room.handle(0, Chat("ciao"), 0.0)
    room.handle(9, Chat("salve"), 0.0)
    joined = room.handle(1, Join("room", "Bea"), 0.0)
    assert kinds(joined, 1) == ["joined", "chat_history", "state"]
    assert history(joined, 1) == [("table", "Ana", "ciao"), ("spectators", "Sam", "salve")]


def test_no_history_message_when_nothing_was_said_or_nothing_may_be_seen() -> None:
    room = seated()
    assert kinds(room.handle(8, Watch("room", "Ugo"), 0.0), 8) == ["joined", "state"]
    room.handle(8, Chat("spectators only"), 0.0)
    token = room.members[0].token
    assert token is not None
    back = room.handle(5, Resume("room", token), 1.0)
    assert kinds(back, 5) == ["joined", "state"]


def test_only_the_last_lines_are_kept() -> None:
    room = session()
    room.handle(0, Join("room", "Ana"), 0.0)
    for n in range(CHAT_HISTORY + 7):
        room.handle(0, Chat(f"line {n}"), 0.0)
    assert len(room.chat_history) == CHAT_HISTORY
    late = room.handle(8, Watch("room", "Ugo"), 0.0)
    texts = [text for _, _, text in history(late, 8)]
    assert texts == [f"line {n}" for n in range(7, CHAT_HISTORY + 7)]


def test_a_refused_chat_is_not_kept() -> None:
    room = seated()
    refused = room.handle(0, Chat("I hold the ace"), 0.0)
    assert messages(refused, 0)[0]["code"] == "signals_forbidden"
    assert list(room.chat_history) == []
