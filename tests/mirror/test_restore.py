"""Table.restore rebuilds a table from its snapshot and later events (no I/O here)."""

from __future__ import annotations

import secrets
from dataclasses import replace

from briscola.engine import Resign
from briscola.table.core import Table
from briscola.table.events import SeatRating
from briscola.table.state import Seat
from briscola.wire.ratings import Rating
from briscola.wire.table_rules import TableRules


def seated_table(grace: float = 60, clock: float = 30) -> Table:
    rules = TableRules(players=2, grace=grace, clock=clock)
    table = Table("t", rules, entropy=secrets.token_bytes, now=0)
    for seat in range(2):
        table.sit(f"P{seat}", seat, None, 0)
    return table


def test_a_person_gone_before_the_snapshot_gets_the_grace_period_again() -> None:
    """Seats whose people were already gone in the snapshot are freed when the grace period,
    counted from the restart, runs out (before the match), like everyone else's."""
    table = seated_table(grace=5)
    table.disconnect(1, 1.0)
    restored = Table.restore(table.snapshot(), [], entropy=secrets.token_bytes, now=100.0)
    assert restored.next_deadline() == 105.0
    restored.tick(105.0)
    assert restored.seats[0].free and restored.seats[1].free


def test_the_turn_clock_starts_afresh_when_the_first_person_returns() -> None:
    """Mid-hand, a restored table is adjourned (everyone counts as gone: no clock runs)
    until a person resumes; the player to move then gets the whole clock from that moment."""
    table = seated_table(clock=30)
    for seat in range(2):
        table.set_ready(seat, True, 10.0)
    assert table.match is not None and table.match.hand is not None
    turn = table.match.hand.turn
    restored = Table.restore(table.snapshot(), [], entropy=secrets.token_bytes, now=500.0)
    assert restored.adjourned and restored.clock(500.0) is None
    assert restored.next_deadline() is None
    token = restored.seats[0].token
    assert token is not None
    restored.resume(token, 700.0)
    assert restored.clock(700.0) == table.clock(10.0)
    clock = restored.clock(710.0)
    assert clock is not None and (clock.seat, clock.remaining_ms) == (turn, 20_000)


def at_restart(table: Table, now: float) -> list[Seat]:
    """The live table's seats as a restore at ``now`` leaves them: every person gone since."""
    return [replace(s, connected=False, gone_since=now) if s.human else s for s in table.seats]


def test_a_restore_rebuilds_every_seat_as_it_was() -> None:
    """The seats come back whole from the snapshot's events: the host after moving seats,
    a bot moved away from the seat it was named after, a guest's seat claimed by its holder
    signed in, a person gone, one ready and one not (the live table, its people disconnected
    at the restart, is equal seat for seat)."""
    rules = TableRules(players=4, grace=60, clock=30)
    table = Table("t", rules, entropy=secrets.token_bytes, now=0)
    table.sit("Host", 0, None, 0)
    table.sit("Ann", 1, None, 0)
    table.sit("Bob", 3, None, 0)
    table.add_bot(0, 2, 0)
    table.move(0, 2, 0, 0)  # the bot "Bot 3" to seat 0, the host to seat 2
    table.set_ready(1, True, 1)
    table.claim(1, "ann", "Ann B.", Rating.of(30.0, 5.0, 4))
    table.disconnect(3, 2)
    assert (table.host, table.seats[0].name) == (2, "Bot 3")
    restored = Table.restore(table.snapshot(), [], entropy=secrets.token_bytes, now=50.0)
    assert restored.seats == at_restart(table, 50.0) and restored.host == 2


def test_a_restore_rebuilds_the_ratings_settled() -> None:
    """At a rated table: each account's rating and its last move, and the match settled,
    come back as they were."""
    rules = TableRules(players=2, grace=60, clock=30, rated=True)
    table = Table("t", rules, entropy=secrets.token_bytes, now=0)
    table.sit("Ann", 0, None, 0, ("ann", Rating.of(25.0, 8.0, 0)))
    table.sit("Bob", 1, None, 0, ("bob", Rating.of(25.0, 8.0, 0)))
    for seat in range(2):
        table.set_ready(seat, True, 1)
    table.act(0, Resign(0), 2)
    result = table.rated_result()
    assert result is not None
    table.settle(
        result.match_id,
        [SeatRating(0, Rating.of(23.0, 7.0, 1), -2.0), SeatRating(1, Rating.of(27.0, 7.0, 1), 2.0)],
    )
    restored = Table.restore(table.snapshot(), [], entropy=secrets.token_bytes, now=9.0)
    assert restored.seats == at_restart(table, 9.0) and restored.settled == result.match_id
    assert restored.rated_result() is None  # settled: not handed out again
