"""Table.restore rebuilds a table from its snapshot and later events (no I/O here)."""

from __future__ import annotations

import secrets

from briscola.table.core import Table
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
