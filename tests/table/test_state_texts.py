"""A state spliced from the table's one template is, byte for byte, the encoding of that
recipient's whole state message: for every seat and the spectators, with and without the
room's summary, at every step of many random games (plays, swaps of the 7, signals,
resignations, hands and matches that end) of every trick-and-draw game: classic for 2, 3,
4 and 6, Scoperta, and the partnership house rules, whose tables have more own fields."""

from __future__ import annotations

import random
from typing import Any

import pytest

from briscola.engine import SignalCode, SwapSeven, legal_actions, signal_refusal
from briscola.table.core import Table
from briscola.table.session import RoomSession
from briscola.table.states import StateTexts
from briscola.wire.commands import (
    Command,
    Join,
    Play,
    PlayAgain,
    Ready,
    ResignCmd,
    SignalCmd,
    Swap,
    Watch,
)
from briscola.wire.messages import encode_text
from briscola.wire.table_rules import TableRules

SPECTATOR = 99


def seated(players: int, source: int, **rules: Any) -> RoomSession:
    """Everyone seated and ready at a table whose deals come from the entropy of ``source``."""
    table = Table(
        "room",
        TableRules(players=players, clock=5, grace=10, **rules),
        entropy=random.Random(source).randbytes,
        now=0.0,
        bot_delay=0.0,
        pause=15.0,
    )
    room = RoomSession(table)
    for conn in range(players):
        room.handle(conn, Join("room", f"P{conn}", seat=conn), 0.0)
    for conn in range(players):
        room.handle(conn, Ready(), 0.0)
    return room


def whole(room: RoomSession, seat: int | None, fresh: bool, now: float) -> str:
    """What encoding the recipient's whole state gives."""
    _, _, summary = room._summary()
    message = room.table.state_message(seat, summary if fresh else None, room.table.clock(now))
    return encode_text(message)


def spliced(room: RoomSession, seat: int | None, fresh: bool, now: float) -> str:
    _, _, summary = room._summary()
    return StateTexts(room.table, summary, room.table.clock(now)).text(seat, fresh)


def a_move(room: RoomSession, rng: random.Random) -> tuple[int, Command] | None:
    """A random legal command for the seat whose turn it is (now and then a resignation),
    or None when no hand is being played."""
    match = room.table.match
    hand = match.hand if match is not None else None
    if hand is None or hand.over or hand.turn is None:
        return None
    seat = hand.turn
    if rng.random() < 0.01:
        return seat, ResignCmd()
    signaller = rng.randrange(hand.players)
    if signal_refusal(hand, signaller) is None and rng.random() < 0.3:
        return signaller, SignalCmd(rng.choice(list(SignalCode)))
    action = rng.choice(legal_actions(hand, seat))
    if isinstance(action, SwapSeven):
        return seat, Swap()
    return seat, Play(action.card.code)


@pytest.mark.parametrize(
    ("players", "games", "rules"),
    [
        (2, 40, {"best_of": 3}),
        (3, 40, {"best_of": 3}),
        (4, 40, {"best_of": 3}),
        (6, 10, {"best_of": 3}),
        (2, 10, {"best_of": 3, "game": "scoperta", "stock": "top"}),
        (4, 15, {"best_of": 3, "partner_comm": "signals", "signal_catch": 0.5}),
        (6, 10, {"partner_comm": "open", "deals": 6}),
    ],
)
def test_every_spliced_state_is_the_whole_state(
    players: int, games: int, rules: dict[str, Any]
) -> None:
    checked = 0
    for game in range(games):
        rng = random.Random(game * 10 + players)
        room = seated(players, game, swap_seven=True, **rules)
        room.handle(SPECTATOR, Watch("room", "Vi"), 0.0)
        now = 1.0
        for _ in range(200):
            for seat in (*range(players), None):
                for fresh in (True, False):
                    assert spliced(room, seat, fresh, now) == whole(room, seat, fresh, now)
                    checked += 1
            move = a_move(room, rng)
            if move is not None:
                room.handle(*move, now)
            elif room.table.match is not None and room.table.match.over:
                for seat in range(players):
                    room.handle(seat, PlayAgain(), now)
            else:
                room.tick(now + 60.0)  # the next deal, after the pause between hands
                now += 60.0
            now += 0.5
    assert checked > games * 200 * players


def test_the_host_and_a_possible_swap_are_spliced_in() -> None:
    """The values that only some recipients have (``you.host``, ``can_swap``) come out
    where the whole encoding puts them."""
    seen_host = seen_swap = False
    for game in range(500):
        if seen_host and seen_swap:
            break
        rng = random.Random(game)
        room = seated(2, game, swap_seven=True)
        for _ in range(40):
            for seat in (0, 1):
                text = spliced(room, seat, True, 1.0)
                assert text == whole(room, seat, True, 1.0)
                seen_host |= '"host":true' in text.split('"match"')[0]
                seen_swap |= '"can_swap":true' in text
            move = a_move(room, rng)
            if move is None:
                break
            room.handle(*move, 1.0)
    assert seen_host and seen_swap
