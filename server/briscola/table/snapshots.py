"""The stored form of a table: everything needed to rebuild it, the match as its seeds and
actions (the events since a snapshot are in :mod:`briscola.table.events`)."""

from __future__ import annotations

import msgspec

from briscola.table.events import DeadlineSet, HandAction, SeatKind
from briscola.wire.ratings import Rating
from briscola.wire.table_rules import TableRules


class SeatSnapshot(msgspec.Struct, frozen=True):
    kind: SeatKind | None
    name: str | None
    token: str | None
    ready: bool
    connected: bool
    away: bool
    standin: bool
    #: Move clocks run out in a row (absent from snapshots written before it existed).
    expiries: int = 0
    #: A bot's level (snapshots written before there were levels: "normal").
    level: str | None = None
    #: A person's account, their rating, and its move in the last rated match.
    account: str | None = None
    rating: Rating | None = None
    rating_change: float | None = None
    #: The person left with ``leave`` mid-match (absent from older snapshots: no).
    left: bool = False


class HandSnapshot(msgspec.Struct, frozen=True):
    hand_id: str
    seed: str
    actions: list[HandAction]


class TableSnapshot(msgspec.Struct, frozen=True):
    """Everything needed to rebuild a table; the match as its seeds and actions."""

    id: str
    rules: TableRules
    version: int
    host: int | None
    seats: list[SeatSnapshot]
    match_id: str | None
    match_seed: str | None
    hands: list[HandSnapshot]
    #: The rated match whose ratings the store has applied.
    settled: str | None = None
    #: How many of the events counted in ``version`` were signals (Table.quiet).
    quiet: int = 0
    #: A table at its own pace: the turn running and its deadline (else absent).
    deadline: DeadlineSet | None = None
