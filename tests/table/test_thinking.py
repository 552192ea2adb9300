"""Bots at the table, sans I/O with a fake clock: easy and normal bots move in the room's
step; a strong one's move is asked for as a thought as soon as its turn comes, worked out
elsewhere (here: at once, as a worker would), and played when its delay is up; an answer to
a table that has moved on since is dropped. Levels show in the summary and survive the
mirror."""

from __future__ import annotations

import random

import msgspec

from briscola.bots import Level
from briscola.service.thinker import choose
from briscola.table.core import Table, Thought
from briscola.table.events import BotAdded, Expiries, Played, Presence
from briscola.table.session import Outcome, RoomSession
from briscola.table.snapshots import TableSnapshot
from briscola.wire.commands import AddBot, Join, Play, Ready
from briscola.wire.table_rules import TableRules

DELAY = 1.0
CLOCK = 5


def room_with_bot(level: Level, players: int = 2, people: int = 1) -> tuple[RoomSession, Outcome]:
    """A person in seat 0 (and with ``people=2`` one in the last seat too), a bot of
    ``level`` in every other seat, all ready at 0: the room and the outcome of the deal."""
    table = Table(
        "room",
        TableRules(players=players, clock=CLOCK),
        entropy=random.Random(5).randbytes,
        now=0.0,
        bot_delay=DELAY,
    )
    room = RoomSession(table)
    humans = [0, *range(players - 1, players - people, -1)][:people]
    for seat in humans:
        room.handle(seat, Join("room", f"P{seat}", seat=seat), 0.0)
    for seat in range(players):
        if seat not in humans:
            room.handle(0, AddBot(seat, level=level), 0.0)
    dealt = Outcome()
    for seat in humans:
        dealt = room.handle(seat, Ready(), 0.0)
    return room, dealt


def turn(room: RoomSession) -> int | None:
    hand = room.table.match.hand  # type: ignore[union-attr]
    assert hand is not None
    return hand.turn


def to_bot(room: RoomSession, last: Outcome, now: float) -> Outcome:
    """The people play their first card until a bot has the turn: that step's outcome."""
    while not room.table.seats[turn(room) or 0].bot_moves:
        hand = room.table.match.hand  # type: ignore[union-attr]
        assert hand is not None and hand.turn is not None
        last = room.handle(hand.turn, Play(hand.hands[hand.turn][0].code), now)
    return last


def answer(room: RoomSession, thought: Thought, now: float) -> Outcome:
    """The thought worked out (as a worker does) and its answer handed to the room."""
    action, bot = choose(thought.bot, thought.view)
    return room.decided(thought, action, bot, now)


def played(outcome: Outcome) -> bool:
    return any(type(event) is Played for _, event in outcome.events)


def test_easy_and_normal_bots_move_in_the_step_with_no_thought() -> None:
    """An easy or normal bot's move is worked out in the room's own step."""
    for level in (Level.EASY, Level.NORMAL):
        room, dealt = room_with_bot(level)
        given = to_bot(room, dealt, 0.1)
        assert given.thought is None
        assert room.next_deadline() is not None
        assert played(room.tick(room.next_deadline() or 0.0))


def test_a_strong_bot_thinks_while_its_delay_runs_and_plays_when_it_is_up() -> None:
    """The step that gives a strong bot the turn asks for its thought, once; nothing is
    due while it thinks; an early answer waits for the delay, then the tick plays it."""
    room, dealt = room_with_bot(Level.STRONG)
    given = to_bot(room, dealt, 0.1)
    thought = given.thought
    assert thought is not None and thought.seat == turn(room) == 1
    assert thought.view.seat == 1 and thought.version == room.table.version
    assert room.next_deadline() is None  # waiting on the thought, not on a time
    assert room.tick(50.0).thought is None and turn(room) == 1  # asked once per version

    early = answer(room, thought, 0.2)
    assert not played(early)
    due = room.next_deadline()
    assert due is not None and due > 0.2
    assert not played(room.tick(due - 0.001))
    assert played(room.tick(due))


def test_an_answer_after_the_delay_is_played_at_once() -> None:
    """A strong bot slower than its delay plays the moment its answer comes."""
    room, dealt = room_with_bot(Level.STRONG)
    thought = to_bot(room, dealt, 0.1).thought
    assert thought is not None
    assert played(answer(room, thought, 0.1 + DELAY + 3.0))


def test_an_answer_to_a_table_that_moved_on_is_dropped_and_asked_again() -> None:
    """Something happened at the table while the bot thought: its answer is not played,
    and the step asks the bot again with what the table is now."""
    room, _ = room_with_bot(Level.STRONG, players=3, people=2)
    thought = to_bot(room, Outcome(), 0.1).thought
    assert thought is not None
    moved_on = room.detach(2, 0.2)  # Bea's connection goes: the table's version moves on
    assert any(type(event) is Presence for _, event in moved_on.events)
    again = moved_on.thought
    assert again is not None and again.version == room.table.version != thought.version
    assert not played(answer(room, thought, 5.0))
    assert played(answer(room, again, 5.0))


def test_a_person_out_of_time_gets_a_strong_move_through_a_thought() -> None:
    """A person whose clock runs out has the strong stand-in work out their one move."""
    table = Table(
        "room",
        TableRules(players=2, clock=CLOCK),
        entropy=random.Random(9).randbytes,
        now=0.0,
        bot_delay=DELAY,
    )
    room = RoomSession(table)
    for conn in range(2):
        room.handle(conn, Join("room", f"P{conn}", seat=conn), 0.0)
    for conn in range(2):
        room.handle(conn, Ready(), 0.0)
    idle = turn(room)
    expired = room.tick(CLOCK)
    assert [type(event) for _, event in expired.events] == [Expiries]
    assert expired.thought is not None and expired.thought.seat == idle
    assert played(answer(room, expired.thought, CLOCK + 0.05))
    assert turn(room) != idle


def test_levels_show_in_the_summary_and_survive_the_mirror() -> None:
    """A bot's level is in the summary, in the snapshot and in the events; a mirror from
    before there were levels reads its bots as normal."""
    room, _ = room_with_bot(Level.EASY, players=4)
    shown = [seat.level for seat in room.summary().seats]
    assert shown == [None, "easy", "easy", "easy"]
    snapshot = room.table.snapshot()
    restored = Table.restore(snapshot, [], entropy=random.Random(1).randbytes, now=1.0)
    assert [s.level for s in restored.seats] == [None, Level.EASY, Level.EASY, Level.EASY]

    old = msgspec.json.decode(msgspec.json.encode(snapshot))
    for seat in old["seats"]:
        seat.pop("level")
    before_levels = msgspec.json.decode(msgspec.json.encode(old), type=TableSnapshot)
    restored = Table.restore(before_levels, [], entropy=random.Random(1).randbytes, now=1.0)
    assert [s.level for s in restored.seats][1:] == [Level.NORMAL] * 3
    old_event = msgspec.json.decode(b'{"e":"bot","seat":1}', type=BotAdded)
    assert old_event.level == "normal"
