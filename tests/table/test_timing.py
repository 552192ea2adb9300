"""Move clocks and adjourned tables, sans I/O with a fake clock (steps of a millisecond):
one clock run out costs one move, two in a row mark the seat away, a move clears the run;
a match with no person connected stands still until one comes back."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from briscola.bots import Level
from briscola.engine import Resign
from briscola.table.core import Table
from briscola.table.events import AnyEvent, AwaySet, Dealt, Expiries, Played, StandIn
from briscola.table.session import Outcome, RoomSession
from briscola.table.snapshots import SeatSnapshot
from briscola.wire.commands import AddBot, Join, Play, Ready, Resume, Sync
from briscola.wire.table_rules import TableRules

MS = 0.001
CLOCK, GRACE, PAUSE = 5, 10, 15
FAR = 1e9


def table(players: int = 2, **rules: Any) -> Table:
    return Table(
        "room",
        TableRules(players=players, clock=CLOCK, grace=GRACE, **rules),
        entropy=random.Random(11).randbytes,
        now=0.0,
        bot_delay=0.0,
        stand_in=Level.NORMAL,  # the clocks are under test here, not the bots
        pause=PAUSE,
    )


def seated(players: int = 2, **rules: Any) -> RoomSession:
    """Everyone seated (connection ``i`` in seat ``i``) and ready at 0: a hand is dealt."""
    room = RoomSession(table(players, **rules))
    for conn in range(players):
        room.handle(conn, Join("room", f"P{conn}", seat=conn), 0.0)
    for conn in range(players):
        room.handle(conn, Ready(), 0.0)
    return room


def turn(room: RoomSession) -> int:
    hand = room.table.match.hand  # type: ignore[union-attr]
    assert hand is not None and hand.turn is not None
    return hand.turn


def play(room: RoomSession, seat: int, now: float) -> Outcome:
    """The person in ``seat`` plays their first legal card at ``now``."""
    hand = room.table.match.hand  # type: ignore[union-attr]
    assert hand is not None and hand.turn == seat
    card = hand.hands[seat][0]  # briscola has no duty to follow suit: any card is legal
    out = room.handle(seat, Play(card.code), now)
    assert Played in event_types(out), out.frames
    return out


def others_play_until_turn_of(room: RoomSession, seat: int, now: float) -> None:
    """The other (connected) people play at ``now`` until it is ``seat``'s turn again."""
    while turn(room) != seat:
        play(room, turn(room), now)


def event_types(outcome: Outcome) -> list[type]:
    return [type(event) for _, event in outcome.events]


def full_clock(room: RoomSession, seat: int, now: float) -> None:
    """It is ``seat``'s turn and its whole clock is left at ``now``."""
    clock = room.table.clock(now)
    assert clock is not None and (clock.seat, clock.remaining_ms) == (seat, CLOCK * 1000)


# ---- the move clock -------------------------------------------------------------------


def test_one_clock_run_out_plays_one_move_and_the_next_turn_has_a_full_clock() -> None:
    room = seated()
    idle = turn(room)
    assert not room.tick(CLOCK - MS).events
    expired = room.tick(CLOCK)
    assert event_types(expired) == [Expiries, Played]
    seat = room.table.seats[idle]
    assert not seat.away and not seat.bot_moves and seat.expiries == 1
    [(_, counted)] = [e for e in expired.events if type(e[1]) is Expiries]
    assert counted == Expiries(idle, 1)
    state = room.summary().seats[idle]
    assert not state.away and not state.bot_playing

    others_play_until_turn_of(room, idle, 7.0)
    full_clock(room, idle, 7.0)
    assert room.next_deadline() == pytest.approx(7.0 + CLOCK)
    assert not room.tick(7.0 + CLOCK - MS).events  # the person's own clock: nobody plays


def test_two_clocks_in_a_row_mark_the_seat_away_and_any_message_takes_it_back() -> None:
    room = seated()
    idle = turn(room)
    room.tick(CLOCK)
    others_play_until_turn_of(room, idle, 7.0)
    second = room.tick(7.0 + CLOCK)
    assert event_types(second) == [Expiries, AwaySet, Played]
    seat = room.table.seats[idle]
    assert seat.away and seat.bot_moves and seat.expiries == 2
    assert room.summary().seats[idle].bot_playing
    # Away: the bot plays that seat's turns at once (bot_delay is 0 here), no clock.
    others_play_until_turn_of(room, idle, 20.0)
    assert room.table.clock(20.0) is None and room.next_deadline() == pytest.approx(20.0)
    assert Played in event_types(room.tick(20.0))

    back = room.handle(idle, Sync(), 21.0)  # the client's "I'm back"
    assert AwaySet in event_types(back) and not room.table.seats[idle].away
    others_play_until_turn_of(room, idle, 22.0)
    full_clock(room, idle, 22.0)


def test_a_move_of_the_person_ends_the_run_of_clocks_run_out() -> None:
    room = seated()
    idle = turn(room)
    room.tick(CLOCK)
    others_play_until_turn_of(room, idle, 6.0)
    moved = play(room, idle, 7.0)
    assert event_types(moved) == [Played, Expiries] and room.table.seats[idle].expiries == 0
    others_play_until_turn_of(room, idle, 8.0)
    again = room.tick(8.0 + CLOCK)
    assert event_types(again) == [Expiries, Played]  # one in a row again: not away
    assert room.table.seats[idle].expiries == 1 and not room.table.seats[idle].away


def test_a_move_without_a_run_of_clocks_emits_nothing_more() -> None:
    room = seated()
    assert event_types(play(room, turn(room), 1.0)) == [Played]


def test_a_disconnected_person_whose_clock_runs_out_is_marked_away() -> None:
    room = seated()
    idle = turn(room)
    room.detach(idle, 1.0)  # the other person is still connected: the table plays on
    assert room.next_deadline() == pytest.approx(CLOCK)
    expired = room.tick(CLOCK)
    assert event_types(expired) == [Expiries, AwaySet, Played]
    assert room.table.seats[idle].away and room.table.seats[idle].expiries == 1


def test_a_stand_in_plays_for_a_person_gone_past_grace_while_another_is_connected() -> None:
    room = seated()
    gone = 1 - turn(room)
    play(room, turn(room), 0.5)
    room.detach(gone, 1.0)
    stood = room.tick(1.0 + GRACE)
    assert StandIn in event_types(stood) and room.table.seats[gone].bot_moves


# ---- adjourned tables -------------------------------------------------------------------


def test_a_match_with_every_person_gone_is_adjourned_until_one_comes_back() -> None:
    room = seated()
    idle = turn(room)
    tokens = [room.members[conn].token for conn in (0, 1)]
    room.detach(0, 1.0)
    room.detach(1, 2.0)
    assert room.table.adjourned and room.summary().status == "adjourned"
    assert room.next_deadline() is None and room.table.clock(3.0) is None
    for now in (CLOCK, 2.0 + GRACE, 1e3, FAR):
        assert room.tick(now).events == []
    assert room.table.seats[idle].expiries == 0 and not room.table.seats[idle].away

    back = 1e6
    token = tokens[idle]
    assert token is not None
    room.handle(7, Resume("room", token), back)
    assert not room.table.adjourned and room.summary().status == "playing"
    full_clock(room, idle, back)  # the clock starts afresh at the return
    # The other person's grace ended long ago: a bot stands in for them at once.
    assert event_types(room.tick(back)) == [StandIn]
    assert not room.tick(back + CLOCK - MS).events
    assert event_types(room.tick(back + CLOCK))[0] is Expiries


def test_an_adjourned_table_makes_no_bot_move() -> None:
    room = RoomSession(table())
    room.handle(0, Join("room", "Ana", seat=0), 0.0)
    room.handle(0, AddBot(1, level=Level.NORMAL), 0.0)
    room.handle(0, Ready(), 0.0)
    if turn(room) == 0:
        play(room, 0, 0.5)
    assert turn(room) == 1 and room.next_deadline() is not None  # the bot's move is due
    room.detach(0, 1.0)
    assert room.table.adjourned and room.next_deadline() is None
    assert room.tick(FAR).events == []
    assert turn(room) == 1


def test_between_hands_an_adjourned_table_deals_nothing_and_the_pause_starts_again() -> None:
    room = seated(best_of=3)
    now = 0.0
    while room.table.status.value == "playing":  # both let every clock run out
        deadline = room.next_deadline()
        assert deadline is not None
        now = deadline
        room.tick(now)
    assert room.table.status.value == "between_hands"
    assert room.next_deadline() == pytest.approx(now + PAUSE)
    tokens = [room.members[conn].token for conn in (0, 1)]
    room.detach(0, now)
    room.detach(1, now)
    assert room.summary().status == "adjourned" and room.next_deadline() is None
    assert room.tick(now + PAUSE).events == [] and room.tick(FAR).events == []
    assert room.table.match is not None and room.table.match.hands_dealt == 1

    back = now + 1e4
    token = tokens[0]
    assert token is not None
    room.handle(7, Resume("room", token), back)
    assert Dealt not in event_types(room.tick(back + PAUSE - MS))
    assert Dealt in event_types(room.tick(back + PAUSE))


def test_a_finished_match_is_not_adjourned() -> None:
    room = seated()
    room.table.act(0, Resign(0), 1.0)
    room.detach(0, 2.0)
    room.detach(1, 2.0)
    assert room.table.status.value == "over"
    assert not room.table.adjourned and room.summary().status == "over"


# ---- the mirror ---------------------------------------------------------------------------


def test_restore_keeps_the_run_of_clocks_run_out() -> None:
    """From the snapshot plus the events since (as Redis stores them, JSON), or from a
    snapshot taken after: the count survives, and the next clock run out marks away."""
    live = table()
    for seat in range(2):
        live.sit(f"P{seat}", seat, None, 0.0)
    for seat in range(2):
        live.set_ready(seat, True, 0.0)
    snapshot = live.snapshot()
    live.drain()
    assert live.match is not None and live.match.hand is not None
    idle = live.match.hand.turn
    live.tick(CLOCK)
    events, _ = live.drain()
    assert live.seats[idle].expiries == 1
    stored = msgspec.json.decode(msgspec.json.encode(events), type=list[tuple[int, AnyEvent]])
    assert stored == events

    for restored in (
        Table.restore(
            snapshot, stored, entropy=random.Random(1).randbytes, now=100.0, stand_in=Level.NORMAL
        ),
        Table.restore(
            live.snapshot(),
            [],
            entropy=random.Random(1).randbytes,
            now=100.0,
            stand_in=Level.NORMAL,
        ),
    ):
        assert [s.expiries for s in restored.seats] == [s.expiries for s in live.seats]
        assert restored.adjourned  # everyone counts as gone after a restore
        room = RoomSession(restored)
        for seat in range(2):
            token = restored.seats[seat].token
            assert token is not None
            room.handle(seat, Resume("room", token), 200.0)
        others_play_until_turn_of(room, idle, 201.0)
        assert event_types(room.tick(201.0 + CLOCK)) == [Expiries, AwaySet, Played]


def test_a_snapshot_from_before_the_count_existed_reads_as_no_run() -> None:
    old = b'{"kind":"human","name":"P0","token":"t","ready":true,"connected":true,'
    old += b'"away":false,"standin":false}'
    assert msgspec.json.decode(old, type=SeatSnapshot).expiries == 0
