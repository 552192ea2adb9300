"""The room session, sans I/O: commands in with a fake clock (steps of a millisecond), one
outcome out. Seat, readiness, clock, grace, away, chat and host rules, and what goes to whom,
without a socket or an event loop."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from briscola.bots import Level
from briscola.table.core import Table
from briscola.table.events import Dealt, Expiries, Played, StandIn
from briscola.table.session import Outcome, RoomSession
from briscola.wire.commands import AddBot, Chat, Join, Leave, Play, Ready, Resume, Watch
from briscola.wire.table_rules import TableRules

MS = 0.001
CLOCK, GRACE = 5, 10


def session(players: int = 2, **rules: Any) -> RoomSession:
    table = Table(
        "room",
        TableRules(players=players, clock=CLOCK, grace=GRACE, **rules),
        entropy=random.Random(7).randbytes,
        now=0.0,
        bot_delay=0.0,
        stand_in=Level.NORMAL,  # the clocks are under test here, not the bots
        pause=15.0,
    )
    return RoomSession(table)


def messages(outcome: Outcome, conn: int) -> list[dict[str, Any]]:
    return [json.loads(text) for to, text in outcome.frames if to == conn]


def kinds(outcome: Outcome, conn: int) -> list[str]:
    return [m["type"] for m in messages(outcome, conn)]


def event_types(outcome: Outcome) -> list[type]:
    return [type(event) for _, event in outcome.events]


def seated(players: int = 2, **rules: Any) -> RoomSession:
    """Everyone seated (connection ``i`` in seat ``i``) and ready: a hand is dealt."""
    room = session(players, **rules)
    for conn in range(players):
        room.handle(conn, Join("room", f"P{conn}", seat=conn), 0.0)
    for conn in range(players):
        room.handle(conn, Ready(), 0.0)
    assert room.table.match is not None and room.table.match.hand is not None
    return room


def test_a_joiner_gets_joined_and_one_state_and_the_others_one_state() -> None:
    room = session()
    first = room.handle(1, Join("room", "Ana"), 0.0)
    assert kinds(first, 1) == ["joined", "state"] and first.lobby_changed
    assert first.events and first.released == []
    second = room.handle(2, Join("room", "Bea"), 0.0)
    assert kinds(second, 2) == ["joined", "state"] and kinds(second, 1) == ["state"]


def test_a_refused_joiner_is_released_and_told_alone() -> None:
    room = session()
    room.handle(1, Join("room", "Ana", seat=0), 0.0)
    refused = room.handle(2, Join("room", "Bea", seat=0), 0.0)
    [error] = messages(refused, 2)
    assert error["code"] == "seat_taken" and error["ref"] == "join"
    assert refused.released == [2] and not refused.writes and kinds(refused, 1) == []


def test_a_resume_of_the_seat_a_connection_holds_is_answered_again() -> None:
    """Sent twice on one connection (a table that moved between processes attaches its
    people again): the second answers as the first, joined and the state, and changes
    nothing."""
    room = session()
    joined = messages(room.handle(1, Join("room", "Ana"), 0.0), 1)[0]
    again = room.handle(1, Resume("room", joined["token"]), 0.0)
    assert kinds(again, 1) == ["joined", "state"] and not again.events
    assert messages(again, 1)[0]["seat"] == joined["seat"] and again.released == []


def test_a_seat_token_goes_out_typed_with_its_joined_and_a_spectator_has_none() -> None:
    """The owner of the connections learns each seat's token from the outcome (to attach
    its holder again when the table moves), never by reading the ``joined`` frame."""
    room = session()
    joined = room.handle(1, Join("room", "Ana"), 0.0)
    token = messages(joined, 1)[0]["token"]
    assert joined.seated == [(1, token)]
    assert room.handle(2, Resume("room", token), 0.0).seated == [(2, token)]
    assert room.handle(3, Watch("room", "Eve"), 0.0).seated == []
    assert room.handle(4, Join("room", "Bea", seat=0), 0.0).seated == []  # refused


def test_only_the_host_seats_bots() -> None:
    room = session(players=3)
    room.handle(1, Join("room", "Ana"), 0.0)
    room.handle(2, Join("room", "Bea"), 0.0)
    refused = room.handle(2, AddBot(2), 0.0)
    assert messages(refused, 2)[0]["code"] == "not_host" and refused.released == []
    added = room.handle(1, AddBot(2), 0.0)
    assert kinds(added, 1) == ["state"] and kinds(added, 2) == ["state"]
    assert room.table.seats[2].name == "Bot 3"


def test_the_deal_waits_for_every_person_to_be_ready() -> None:
    room = session()
    room.handle(1, Join("room", "Ana"), 0.0)
    room.handle(2, Join("room", "Bea"), 0.0)
    assert Dealt not in event_types(room.handle(1, Ready(), 0.0))
    assert Dealt in event_types(room.handle(2, Ready(), 0.0))


def test_an_expired_clock_plays_one_move_for_the_seat_at_the_millisecond() -> None:
    """One clock run out: the server plays that move, the seat is not away (the rest of
    the rules of the clock and of away: tests/table/test_timing.py)."""
    room = seated()
    turn = room.table.match.hand.turn  # type: ignore[union-attr]
    assert room.next_deadline() == pytest.approx(CLOCK)
    assert not room.tick(CLOCK - MS).events
    expired = room.tick(CLOCK)
    assert event_types(expired) == [Expiries, Played] and not room.table.seats[turn].away


def test_grace_ends_in_a_bot_standing_in_at_the_millisecond() -> None:
    room = seated()
    gone = room.detach(1, 1.0)
    assert gone.lobby_changed and not room.table.seats[1].connected
    assert StandIn not in event_types(room.tick(1.0 + GRACE - MS))
    assert StandIn in event_types(room.tick(1.0 + GRACE))


def test_no_signals_during_a_hand_and_spectators_among_themselves() -> None:
    room = seated()
    room.handle(9, Watch("room", "Sam"), 0.0)
    refused = room.handle(0, Chat("pass me the ace"), 0.0)
    assert messages(refused, 0)[0]["code"] == "signals_forbidden"
    said = room.handle(9, Chat("nice hand"), 0.0)
    assert kinds(said, 9) == ["chat"] and kinds(said, 0) == [] and kinds(said, 1) == []


def test_a_move_goes_to_everyone_once_projected_for_each() -> None:
    room = seated()
    room.handle(9, Watch("room", "Sam"), 0.0)
    hand = room.table.match.hand  # type: ignore[union-attr]
    card = hand.hands[hand.turn][0].code
    moved = room.handle(hand.turn, Play(card), 1.0)
    assert moved.moved and moved.events
    for conn in (0, 1, 9):
        [state] = messages(moved, conn)
        mine = state["match"]["hand"]["hand"]
        assert mine == ([] if conn == 9 else [c.code for c in room.table.match.hand.hands[conn]])  # type: ignore[union-attr]


def test_resume_elsewhere_closes_and_releases_the_old_connection() -> None:
    room = seated()
    token = room.members[0].token
    assert token is not None
    moved = room.handle(5, Resume("room", token), 1.0)
    assert moved.closes == [(0, 4000, "your seat was opened elsewhere")]
    assert moved.released == [0] and kinds(moved, 5) == ["joined", "state"]


def test_leaving_before_the_match_frees_the_seat_and_releases() -> None:
    room = session()
    room.handle(1, Join("room", "Ana"), 0.0)
    left = room.handle(1, Leave(), 0.0)
    assert kinds(left, 1) == ["left"] and left.released == [1] and room.table.seats[0].free


def test_a_table_whose_last_person_left_is_deserted_through_a_restore_until_they_resume() -> None:
    """Leaving mid-match keeps the seat (its token resumes) but marks it left: with bots in
    the other seats the table is deserted, as it is rebuilt from its snapshot or from the
    events since; a resume ends it. A person whose connection only dropped is not."""
    room = session(players=2)
    room.handle(0, Join("room", "Ana", seat=0), 0.0)
    room.handle(0, AddBot(1), 0.0)
    room.handle(0, Ready(), 0.0)
    assert room.table.match is not None and not room.table.deserted
    room.detach(0, 1.0)
    assert not room.table.deserted  # gone, not left: the table waits for her (adjourned)
    token = room.table.seats[0].token
    assert token is not None
    resumed = room.handle(1, Resume("room", token), 2.0)
    assert kinds(resumed, 1) == ["joined", "state"]
    snapshot = room.table.snapshot()
    left = room.handle(1, Leave(), 3.0)
    assert kinds(left, 1) == ["left"] and not room.table.seats[0].free
    assert room.table.deserted
    for restored in (
        Table.restore(room.table.snapshot(), [], entropy=random.Random(1).randbytes, now=4.0),
        Table.restore(snapshot, left.events, entropy=random.Random(1).randbytes, now=4.0),
    ):
        assert restored.deserted and restored.adjourned
    again = room.handle(2, Resume("room", token), 5.0)
    assert kinds(again, 2) == ["joined", "state"] and not room.table.deserted
