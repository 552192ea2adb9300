"""A rematch, sans I/O: after a match each person says yes (``play_again``), bots at once;
the finished match stands, with who has said yes, until every person has, and then the new
match starts in the same seats. A yes goes with its person (leaving, a dropped socket); a
person who left frees nothing. A restart keeps the yeses said."""

from __future__ import annotations

import json
import random
import secrets

from briscola.bots import Level
from briscola.engine import PlayCard, legal_actions
from briscola.table.core import Table
from briscola.table.events import Dealt, MatchReset, MatchStarted, ReadySet, SeatKind
from briscola.table.session import Outcome, RoomSession
from briscola.table.state import Status
from briscola.wire.commands import AddBot, Join, Leave, Play, PlayAgain, Ready, ResignCmd, Resume
from briscola.wire.table_rules import TableRules


def event_types(outcome: Outcome) -> list[type]:
    return [type(event) for _, event in outcome.events]


def two_people_two_bots(best_of: int = 1) -> RoomSession:
    """Ana (connection 0, seat 0, the host) and Bea (1, seat 1), bots in seats 2 and 3,
    everyone ready: the first hand is dealt."""
    table = Table(
        "room",
        TableRules(players=4, best_of=best_of, clock=30, grace=60),
        entropy=random.Random(3).randbytes,
        now=0.0,
        bot_delay=0.0,
        stand_in=Level.NORMAL,
    )
    room = RoomSession(table)
    room.handle(0, Join("room", "Ana", seat=0), 0.0)
    room.handle(1, Join("room", "Bea", seat=1), 0.0)
    for seat in (2, 3):
        room.handle(0, AddBot(seat, Level.EASY), 0.0)
    for conn in (0, 1):
        room.handle(conn, Ready(), 0.0)
    assert table.status is Status.PLAYING
    return room


def ready_flags(room: RoomSession) -> list[bool]:
    return [s.ready for s in room.table.seats]


def test_the_rematch_waits_for_every_person_and_starts_in_the_same_seats() -> None:
    room = two_people_two_bots()
    table = room.table
    room.handle(1, ResignCmd(), 1.0)
    assert table.status is Status.OVER
    assert ready_flags(room) == [False, False, True, True]  # the bots say yes at once

    said = room.handle(0, PlayAgain(), 2.0)
    assert event_types(said) == [ReadySet] and table.status is Status.OVER
    [state] = [json.loads(text) for to, text in said.frames if to == 1]
    assert [s["ready"] for s in state["room"]["seats"]] == [True, False, True, True]
    assert state["match"]["over"]  # the finished match stands meanwhile
    again = room.handle(0, PlayAgain(), 2.5)  # said twice: nothing new
    assert event_types(again) == [] and table.status is Status.OVER

    bea = table.seats[1].token
    assert bea is not None
    room.handle(1, Leave(), 3.0)
    seat = table.seats[1]
    assert seat.name == "Bea" and seat.token == bea and not seat.free and not seat.connected
    assert not any(s.free for s in table.seats)
    assert ready_flags(room) == [True, False, True, True] and table.status is Status.OVER

    room.handle(5, Resume("room", bea), 4.0)
    started = room.handle(5, PlayAgain(), 5.0)
    assert event_types(started) == [ReadySet, MatchReset, MatchStarted, Dealt]
    match = table.match
    assert match is not None and not match.over and match.hands_dealt == 1
    assert [s.name for s in table.seats] == ["Ana", "Bea", "Bot 3", "Bot 4"]
    assert ready_flags(room) == [False, False, True, True]  # ready again between hands


def test_a_dropped_connection_takes_its_yes_back() -> None:
    room = two_people_two_bots()
    room.handle(0, ResignCmd(), 1.0)
    room.handle(1, PlayAgain(), 2.0)
    room.detach(1, 3.0)
    assert ready_flags(room)[1] is False
    room.handle(0, PlayAgain(), 4.0)
    assert room.table.status is Status.OVER  # Bea has to come back and say it again


def test_a_match_resigned_between_hands_leaves_nobody_saying_yes() -> None:
    """Ana was ready for a next hand when Bea resigned: that is no yes to a rematch."""
    room = two_people_two_bots(best_of=3)
    table = room.table
    rng, now = random.Random(1), 1.0
    while table.status is Status.PLAYING:
        hand = table.match.hand if table.match else None
        assert hand is not None and hand.turn is not None
        now += 0.01
        if table.seats[hand.turn].kind is SeatKind.BOT:
            room.tick(now)
        else:
            action = rng.choice(legal_actions(hand, hand.turn))
            assert isinstance(action, PlayCard)
            room.handle(hand.turn, Play(action.card.code), now)
    assert table.status is Status.BETWEEN_HANDS
    room.handle(0, Ready(), now)
    room.handle(1, ResignCmd(), now)
    assert table.status is Status.OVER and ready_flags(room) == [False, False, True, True]
    room.handle(1, PlayAgain(), now)
    assert table.status is Status.OVER


def test_a_restart_keeps_the_yeses_said() -> None:
    room = two_people_two_bots()
    room.handle(1, ResignCmd(), 1.0)
    room.handle(0, PlayAgain(), 2.0)
    snapshot = room.table.snapshot()
    restored = Table.restore(snapshot, [], entropy=secrets.token_bytes, now=10.0)
    assert restored.status is Status.OVER
    assert [s.ready for s in restored.seats] == [True, False, True, True]


def test_a_rematch_replays_from_the_mirror_as_it_was_played() -> None:
    """The snapshot of the finished match and the rematch's events after it (the yeses, the
    agreed reset, the new match and its deal) rebuild the new match exactly."""
    room = two_people_two_bots()
    room.handle(1, ResignCmd(), 1.0)
    snapshot = room.table.snapshot()
    later = [*room.handle(0, PlayAgain(), 2.0).events, *room.handle(1, PlayAgain(), 3.0).events]
    assert any(isinstance(event, MatchReset) and event.agreed for _, event in later)
    restored = Table.restore(snapshot, later, entropy=secrets.token_bytes, now=10.0)
    live, back = room.table.match, restored.match
    assert back is not None and live is not None and back.hand is not None
    assert (back.hands_dealt, back.over, restored.match_id) == (1, False, room.table.match_id)
    assert live.hand is not None and back.hand.commitment == live.hand.commitment
    assert back.hand.hands == live.hand.hands
    assert [s.name for s in restored.seats] == [s.name for s in room.table.seats]
