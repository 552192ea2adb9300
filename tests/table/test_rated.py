"""Rated tables, sans I/O with a fake clock: only account holders sit, no bots; the end of
the match hands its result to the store once per version, and again after a restore until
the table records the settlement; a person gone past the grace forfeits; the server moves
for an away person at the easy level only."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from briscola.bots import Level
from briscola.table.core import Table
from briscola.table.events import Resigned, SeatRating
from briscola.table.session import Outcome, RoomSession
from briscola.wire.commands import AccountJoin, AddBot, Join, Ready, ResignCmd
from briscola.wire.ratings import Rating, fresh_ratings
from briscola.wire.table_rules import TableRules

GRACE = 10


def refusals(outcome: Outcome, conn: int) -> list[str]:
    return [
        json.loads(text).get("code")
        for to, text in outcome.frames
        if to == conn and '"error"' in text
    ]


def rated_session(players: int = 2, **rules: Any) -> RoomSession:
    table = Table(
        "room",
        TableRules(players=players, grace=GRACE, clock=5, rated=True, **rules),
        entropy=random.Random(3).randbytes,
        now=0.0,
        bot_delay=0.0,
        pause=15.0,
    )
    return RoomSession(table)


#: Each kind's rating of every account here: told apart by its matches.
RATINGS = {
    **fresh_ratings(),
    "2": Rating.of(30.0, 5.0, 4),
    "6": Rating.of(20.0, 4.0, 6),
    "scoperta": Rating.of(28.0, 6.0, 9),
}


def account_join(seat: int) -> AccountJoin:
    return AccountJoin("room", f"acct{seat}", f"Player {seat}", RATINGS, seat=seat)


def started(players: int = 2, **rules: Any) -> RoomSession:
    room = rated_session(players, **rules)
    for seat in range(players):
        room.handle(seat, account_join(seat), 0.0)
    for seat in range(players):
        room.handle(seat, Ready(), 0.0)
    assert room.table.match is not None
    return room


def test_only_account_holders_sit_and_no_bots() -> None:
    room = rated_session()
    refused = room.handle(0, Join("room", "Guest"), 0.0)
    assert refusals(refused, 0) == ["account_required"]
    joined = room.handle(1, account_join(0), 0.0)
    assert json.loads(joined.frames[0][1])["type"] == "joined"
    seat = room.summary().seats[0]
    assert (seat.account, seat.name, seat.rating) == ("acct0", "Player 0", Rating.of(30, 5, 4))
    bot = room.handle(1, AddBot(1), 0.0)
    assert refusals(bot, 1) == ["rated_table"]


def test_the_result_is_handed_out_until_the_table_records_it() -> None:
    room = started()
    assert room.handle(0, Ready(), 0.0).rated is None  # nothing to settle mid-match
    ended = room.handle(0, ResignCmd(), 1.0)
    result = ended.rated
    assert result is not None and result.players == 2 and result.ranks == [1, 0]
    assert [(s.seat, s.account, s.side) for s in result.seats] == [(0, "acct0", 0), (1, "acct1", 1)]
    assert result.hands == [room.table.hands[0].hand_id] and result.room == "room"
    assert room.tick(2.0).rated is None  # handed out once, whatever happens meanwhile
    assert room.detach(1, 2.5).rated is None
    assert room.rating_failed(3.0).rated == result  # the store failed: asked again
    # A restore (a restart before the store said it had settled) asks again.
    restored = RoomSession(
        Table.restore(room.table.snapshot(), [], entropy=random.Random(1).randbytes, now=4.0)
    )
    assert restored.flush(4.0).rated == result
    after = Rating.of(31.0, 4.8, 5)
    out = room.settled(
        result.match_id, [SeatRating(0, after, -1.5), SeatRating(1, after, 2.0)], 5.0
    )
    assert out.rated is None and out.events
    shown = room.summary().seats
    assert (shown[0].rating, shown[0].rating_change, shown[1].rating_change) == (after, -1.5, 2.0)
    again = RoomSession(
        Table.restore(room.table.snapshot(), [], entropy=random.Random(1).randbytes, now=6.0)
    )
    assert again.flush(6.0).rated is None  # settled: never handed out again
    assert again.summary().seats[0].rating_change == -1.5


def test_a_person_gone_past_the_grace_forfeits() -> None:
    room = started()
    room.detach(1, 1.0)
    assert room.tick(1.0 + GRACE - 0.001).rated is None
    out = room.tick(1.0 + GRACE)
    assert any(type(event) is Resigned and event.seat == 1 for _, event in out.events)
    assert out.rated is not None and out.rated.ranks == [0, 1]


@pytest.mark.parametrize(
    ("players", "rules", "kind", "sides"),
    [
        (6, {}, "6", [0, 1, 0, 1, 0, 1]),
        (6, {"partner_comm": "open"}, "6", [0, 1, 0, 1, 0, 1]),
        (2, {"game": "scoperta"}, "scoperta", [0, 1]),
    ],
)
def test_the_new_games_seat_and_rate_their_own_kind(
    players: int, rules: dict[str, str], kind: str, sides: list[int]
) -> None:
    """Six players (also at an open table) and Scoperta: each seat shows the account's
    rating of the table's kind, and the result hands that kind to the store, the six seats
    in two partnerships of three."""
    room = started(players, **rules)
    assert [seat.rating for seat in room.summary().seats] == [RATINGS[kind]] * players
    result = room.handle(1, ResignCmd(), 1.0).rated
    assert result is not None and (result.kind, result.players) == (kind, players)
    assert [s.side for s in result.seats] == sides and result.ranks == [0, 1]


def test_the_server_moves_for_an_away_person_at_the_easy_level() -> None:
    assert started().table.stand_in is Level.EASY
