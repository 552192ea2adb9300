"""The shapes of what the server sends about a table: the public summary (lobby and every
state), the full state message around the engine's projection, and their parts. Typed
values, encoded by msgspec; docs/PROTOCOL.md describes each field."""

from __future__ import annotations

from typing import Annotated

import msgspec

from .engine import MatchRules
from .engine.view import MatchView


class TableRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a table plays, chosen at creation (docs/PROTOCOL.md, ``TableRules``)."""

    players: Annotated[int, msgspec.Meta(ge=2, le=4)] = 4
    swap_seven: bool = False
    best_of: Annotated[int, msgspec.Meta(ge=1, le=5)] = 1
    clock: Annotated[int, msgspec.Meta(ge=1, le=600)] = 30
    grace: Annotated[int, msgspec.Meta(ge=1, le=3600)] = 60
    private: bool = False
    name: Annotated[str, msgspec.Meta(max_length=40)] = ""

    def __post_init__(self) -> None:
        if self.best_of not in (1, 3, 5):
            raise ValueError("best_of must be 1, 3 or 5")

    @property
    def match_rules(self) -> MatchRules:
        return MatchRules(self.players, self.swap_seven, self.best_of)


class SeatInfo(msgspec.Struct, frozen=True):
    seat: int
    side: int
    name: str | None
    kind: str | None
    ready: bool
    connected: bool
    away: bool
    bot_playing: bool
    host: bool


class RoomSummary(msgspec.Struct, frozen=True):
    id: str
    name: str
    rules: TableRules
    status: str
    seats: list[SeatInfo]
    free_seats: int
    spectators: int


class RecordRef(msgspec.Struct, frozen=True):
    hand_id: str
    result: str
    points: list[int]


class Clock(msgspec.Struct, frozen=True):
    seat: int
    remaining_ms: int


class You(msgspec.Struct, frozen=True):
    seat: int | None
    host: bool


class StateMessage(msgspec.Struct, frozen=True, tag_field="type", tag="state"):
    version: int
    room: msgspec.Raw
    you: You
    match: MatchView | None
    hand_id: str | None
    clock: Clock | None
    records: list[RecordRef]
