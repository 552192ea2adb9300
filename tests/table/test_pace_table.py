"""Every game at its own pace, sans I/O with a fake clock: one signed-in person and easy
bots; the bots move, the person's turn gets a deadline, and once it passes the person's
side has lost the match on time, in the classic game, Scoperta, the six-player game and
Briscola Chiamata (its auction included); the snapshot keeps the deadline."""

from __future__ import annotations

import random
from typing import Any

import pytest

from briscola.bots import Level
from briscola.table.core import Table
from briscola.table.session import RoomSession
from briscola.table.state import Status
from briscola.wire.commands import AccountJoin, AddBot, Ready
from briscola.wire.table_rules import TableRules

DAY = 86400.0

GAMES: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "game": "scoperta"},
    {"players": 6},
    {"players": 5, "game": "chiamata"},
]


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: r.get("game", f"classic-{r['players']}"))
def test_a_missed_deadline_loses_the_match_in_every_game(rules: dict[str, Any]) -> None:
    start = 1_800_000_000.0  # wall-clock seconds, as a table at its own pace keeps them
    table = Table(
        "room",
        TableRules(deadline=int(DAY), **rules),
        entropy=random.Random(3).randbytes,
        now=start,
        bot_delay=0.0,
    )
    room = RoomSession(table)
    room.handle(0, AccountJoin("room", "ada", "Ada", {}, seat=0), start)
    for seat in range(1, rules["players"]):
        room.handle(0, AddBot(seat, Level.EASY), start)
    room.handle(0, Ready(), start)
    now = start
    while table.turn_key is None:  # the bots play up to the person's turn
        deadline = table.next_deadline()
        assert deadline is not None and deadline < start + 1
        now = deadline
        room.tick(now)
    assert table.deadline_seat == 0 and table.deadline_at == now + DAY
    assert table.clock(now) is not None and table.clock(now).deadline == now + DAY  # type: ignore[union-attr]
    assert table.next_deadline() == now + DAY  # no grace, no stand-in: only the deadline
    restored = Table.restore(
        table.snapshot(), [], entropy=random.Random(4).randbytes, now=now + 2 * DAY
    )
    assert restored.deadline_at == now + DAY and not restored.adjourned

    room.tick(now + DAY - 1)
    assert table.status is not Status.OVER
    room.tick(now + DAY)
    assert table.match is not None and table.match.over
    standings = table.game.standings(table.match)
    assert standings.places[standings.teams[0]] == max(standings.places)  # Ada's side last
    last = table.hands[-1].actions[-1]
    assert getattr(last, "timeout", False) and table.turn_key is None
