"""The new games at a table, sans I/O: six seats in two partnerships, Scoperta's open hands,
signals that reach only those who see them (and leave every other frame byte for byte as it
would have been), table talk at open tables, and all of it through a snapshot and restore."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from briscola.bots import Level
from briscola.engine import ActionType, PartnerComm, SignalCode, legal_actions
from briscola.table.core import Table
from briscola.table.events import Played, Signalled
from briscola.table.session import Outcome, RoomSession
from briscola.wire.commands import AddBot, Chat, Join, Play, Ready, SignalCmd, Watch
from briscola.wire.errors import Code
from briscola.wire.table_rules import TableRules

SPECTATOR = 99


def session(players: int, **rules: Any) -> RoomSession:
    table = Table(
        "room",
        TableRules(players=players, **rules),
        entropy=random.Random(11).randbytes,
        now=0.0,
        bot_delay=0.0,
        stand_in=Level.NORMAL,
        pause=15.0,
    )
    return RoomSession(table)


def seated(players: int, **rules: Any) -> RoomSession:
    """Connection ``i`` in seat ``i``, a spectator watching, everyone ready: a hand is on."""
    room = session(players, **rules)
    for conn in range(players):
        room.handle(conn, Join("room", f"P{conn}", seat=conn), 0.0)
    room.handle(SPECTATOR, Watch("room"), 0.0)
    for conn in range(players):
        room.handle(conn, Ready(), 0.0)
    assert room.table.match is not None and room.table.match.hand is not None
    return room


def errors(outcome: Outcome, conn: int) -> list[str]:
    return [
        m["code"]
        for to, text in outcome.frames
        if to == conn and (m := json.loads(text))["type"] == "error"
    ]


def play_one(room: RoomSession, now: float) -> Outcome:
    """The seat to move plays its first legal card."""
    hand = room.table.match.hand  # type: ignore[union-attr]
    assert hand is not None and hand.turn is not None
    card = legal_actions(hand, hand.turn)[0].card  # type: ignore[union-attr]
    return room.handle(hand.turn, Play(card.code), now)


def test_six_players_sit_in_two_partnerships_and_play_six_tricks() -> None:
    """Six seats: joining a partnership gives alternate seats; a hand of six tricks is
    played to its end with two sides' points."""
    room = session(6)
    for conn in range(6):
        room.handle(conn, Join("room", f"P{conn}", side=conn % 2), 0.0)
    assert [room.table.seat_of(m.token) for m in room.members.values()] == [0, 1, 2, 3, 4, 5]
    refused = room.handle(9, Join("room", "Late", side=0), 0.0)
    assert errors(refused, 9) == [Code.ROOM_FULL]
    for conn in range(6):
        room.handle(conn, Ready(), 0.0)
    for step in range(36):
        play_one(room, 0.001 * step)
    hand = room.table.match.hand  # type: ignore[union-attr]
    assert hand is not None and hand.over and len(hand.tricks) == 6
    assert len(room.table.records) == 1 and sum(room.table.records[0].points) == 120


def test_scoperta_shows_the_opponents_hand_to_everyone() -> None:
    room = seated(2, game="scoperta", stock="top")
    outcome = room.handle(SPECTATOR, Chat("hello"), 0.0)
    assert not errors(outcome, SPECTATOR)
    state = room.table.state_message(None, None, None)
    assert state.match is not None and state.match.hand is not None
    hand = state.match.hand
    assert [len(cards) for cards in hand.public] == [3, 3] and len(hand.stock_cards) == 1


def signals_table(**rules: Any) -> RoomSession:
    """A four-player table of signals with the first trick played."""
    room = seated(4, partner_comm="signals", **rules)
    for step in range(4):
        play_one(room, 0.01 * step)
    return room


def test_a_signal_is_refused_during_the_first_trick_and_at_a_no_signals_table() -> None:
    plain = seated(4)
    play_one(plain, 0.0)
    assert errors(plain.handle(0, SignalCmd(SignalCode.CARICO), 0.1), 0) == [
        Code.SIGNAL_NOT_ALLOWED
    ]
    room = seated(4, partner_comm="signals")
    assert errors(room.handle(1, SignalCmd(SignalCode.CARICO), 0.1), 1) == [Code.SIGNAL_NOT_ALLOWED]
    spectator = room.handle(SPECTATOR, SignalCmd(SignalCode.CARICO), 0.1)
    assert errors(spectator, SPECTATOR) == [Code.NOT_SEATED]


@pytest.mark.parametrize("catch", [0, 1])
def test_a_signal_reaches_only_those_who_see_it(catch: float) -> None:
    """A signal sends a state, at the same shown version, to the signaller and its partner
    and (when caught) the opponents; nothing to the others or the spectators; the lobby is
    not told."""
    room = signals_table(signal_catch=catch)
    version = room.table.shown_version
    outcome = room.handle(0, SignalCmd(SignalCode.ACE_OF_TRUMPS), 1.0)
    assert [type(e) for _, e in outcome.events] == [Signalled]
    assert not outcome.lobby_changed
    told = sorted({conn for conn, _ in outcome.frames})
    assert told == ([0, 1, 2, 3] if catch else [0, 2])
    for _, text in outcome.frames:
        state = json.loads(text)
        assert state["version"] == version
        assert state["match"]["hand"]["signals"] == [
            {"seat": 0, "signal": "ace_of_trumps", "tricks": 1, "caught": None}
        ]
    assert room.table.shown_version == version


def frames_of(room: RoomSession, signal: bool) -> dict[int, list[str]]:
    """Every frame each connection gets from the first trick's end to the hand's, with or
    without seat 0's signal after it."""
    frames: dict[int, list[str]] = {}
    outcomes = []
    if signal:
        outcomes.append(room.handle(0, SignalCmd(SignalCode.NO_TRUMPS), 1.0))
    step = 0
    while not room.table.match.hand.over:  # type: ignore[union-attr]
        outcomes.append(play_one(room, 2.0 + step))
        step += 1
    for outcome in outcomes:
        for conn, text in outcome.frames:
            frames.setdefault(conn, []).append(text)
    return frames


def test_an_opponent_who_did_not_catch_a_signal_gets_the_same_frames_as_without_it() -> None:
    """Two twin tables dealt alike; at one seat 0 signals. The uncaught opponents and the
    spectator receive, until the hand ends, byte for byte the frames they get at the table
    where nobody signalled; the partner's differ."""
    quiet = frames_of(signals_table(signal_catch=0), signal=False)
    loud = frames_of(signals_table(signal_catch=0), signal=True)
    for conn in (1, 3, SPECTATOR):
        assert loud[conn][:-1] == quiet[conn][:-1]
    assert loud[2] != quiet[2]


def test_open_tables_talk_after_the_first_trick_and_everyone_hears() -> None:
    room = seated(4, partner_comm="open")
    play_one(room, 0.0)
    assert errors(room.handle(1, Chat("trump this"), 0.1), 1) == [Code.SIGNALS_FORBIDDEN]
    for step in range(3):
        play_one(room, 0.2 + step)
    talk = room.handle(1, Chat("trump this"), 1.0)
    assert sorted(conn for conn, _ in talk.frames) == [0, 1, 2, 3, SPECTATOR]
    plain = signals_table()
    assert errors(plain.handle(1, Chat("trump this"), 1.0), 1) == [Code.SIGNALS_FORBIDDEN]


def test_signals_survive_a_snapshot_and_restore_with_the_shown_version() -> None:
    """A restored table has the hand's signals and still counts them out of the version
    it shows."""
    room = signals_table(signal_catch=0.5)
    room.handle(0, SignalCmd(SignalCode.CARICO), 1.0)
    room.handle(1, SignalCmd(SignalCode.LOW_TRUMPS), 1.0)
    table = room.table
    restored = Table.restore(
        table.snapshot(), [], entropy=random.Random(1).randbytes, now=2.0, bot_delay=0.0
    )
    assert restored.match == table.match and restored.quiet == table.quiet == 2
    assert restored.rules.partner_comm is PartnerComm.SIGNALS


def test_bots_at_a_table_of_signals_signal_after_their_moves() -> None:
    """A bot partner signals, after its move, what its hand holds; the person sees its
    partner's signals and, at a catch chance of 1, the opponents' too."""
    room = session(4, partner_comm="signals", signal_catch=1)
    room.handle(0, Join("room", "Ana", seat=0), 0.0)
    for seat in (1, 2, 3):
        room.handle(0, AddBot(seat, Level.NORMAL), 0.0)
    room.handle(0, Ready(), 0.0)
    now = 0.0
    while not room.table.match.hand.over:  # type: ignore[union-attr]
        now += 1.0
        if room.table.match.hand.turn == 0:  # type: ignore[union-attr]
            play_one(room, now)
        else:
            room.tick(now)
    log = room.table.match.hand.log  # type: ignore[union-attr]
    signals = [entry for entry in log if entry.type is ActionType.SIGNAL]
    assert {entry.seat for entry in signals} >= {2}
    assert all(entry.seat != 0 for entry in signals)
    seen = room.table.state_message(0, None, None).match.hand.signals  # type: ignore[union-attr]
    assert len(seen) == len(signals)


def test_a_signal_does_not_make_a_strong_bot_think_again() -> None:
    """A strong bot's thought asked before a signal is still played after it: the signal
    leaves the shown version as it was, so the bot's timing cannot tell anyone of it."""
    room = session(4, partner_comm="signals", signal_catch=0)
    room.handle(0, Join("room", "Ana", seat=0), 0.0)
    for seat in (1, 2, 3):
        room.handle(0, AddBot(seat, Level.STRONG), 0.0)
    outcome = room.handle(0, Ready(), 0.0)
    now = 0.0
    while True:
        now += 1.0
        hand = room.table.match.hand  # type: ignore[union-attr]
        assert hand is not None
        if hand.turn == 0:
            outcome = play_one(room, now)
        if outcome.thought is None:
            outcome = room.tick(now)
        thought = outcome.thought
        if thought is None:
            continue
        if hand.tricks and thought.seat != 2:  # an opponent of seat 0 is to move
            break
        outcome = room.decided(thought, thought.bot.choose(thought.view), thought.bot, now)
    signalled = room.handle(0, SignalCmd(SignalCode.CARICO), now)
    assert [type(e) for _, e in signalled.events] == [Signalled]
    decided = room.decided(thought, thought.bot.choose(thought.view), thought.bot, now + 1.0)
    assert [e.seat for _, e in decided.events if type(e) is Played] == [thought.seat]
