"""Everything the server sends, as typed values: the public summary of a table (lobby and
every state), the full state message around the engine's projection, ``joined``, ``left``,
``chat``, ``chat_history``, ``lobby`` and ``error``; the close codes; and their one JSON
encoder (msgspec). docs/PROTOCOL.md describes each field."""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any

import msgspec

from briscola.engine.chiamata import ChiamataMatchView
from briscola.engine.view import MatchView
from briscola.wire.errors import Code
from briscola.wire.ratings import Rating
from briscola.wire.table_rules import TableRules


class SeatInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    """One seat as everyone sees it. The fields with a default are left out of the JSON
    while they hold it (most seats have no account and no rating: every state is shorter)."""

    seat: int
    side: int
    name: str | None
    kind: str | None
    ready: bool
    connected: bool
    away: bool
    bot_playing: bool
    host: bool
    #: The level of the bot that moves for this seat now (a bot's, or "strong" standing in
    #: for a person), else null.
    level: str | None
    #: The account a person is signed in to (absent: a guest or a bot): only an account's
    #: holder can sit under it.
    account: str | None = None
    #: At a rated table, the person's rating, and how far the last match moved it.
    rating: Rating | None = None
    rating_change: float | None = None


class RoomSummary(msgspec.Struct, frozen=True):
    id: str
    name: str
    rules: TableRules
    status: str
    seats: list[SeatInfo]
    free_seats: int
    spectators: int

    @property
    def listed(self) -> bool:
        """Whether the lobby lists it: a public table one could sit at or watch being
        played. Not a finished match, nor one adjourned (no person connected), nor a table
        of bots only (no person seated: its last person left); their links still open them."""
        if self.rules.private or self.status in ("over", "adjourned"):
            return False
        kinds = {seat.kind for seat in self.seats}
        return "human" in kinds or "bot" not in kinds


class RecordRef(msgspec.Struct, frozen=True):
    hand_id: str
    result: str
    points: list[int]


class Clock(msgspec.Struct, frozen=True, omit_defaults=True):
    """Whose turn runs, and how long it has left; at a table at its own pace also when its
    deadline falls (Unix seconds), which a page shows as a date and time."""

    seat: int
    remaining_ms: int
    deadline: float | None = None


class You(msgspec.Struct, frozen=True):
    seat: int | None
    host: bool


class StateMessage(msgspec.Struct, frozen=True, tag_field="type", tag="state", omit_defaults=True):
    """The full state for one connection. ``room``, the table's public summary, is left out
    when it has not changed since the last state this connection was sent (most moves
    change nothing of it: half the bytes of a state)."""

    version: int
    you: You
    match: MatchView | ChiamataMatchView | None
    hand_id: str | None
    clock: Clock | None
    records: list[RecordRef]
    room: msgspec.Raw | None = None


class JoinedMessage(msgspec.Struct, frozen=True, tag_field="type", tag="joined"):
    room: str
    seat: int | None
    token: str | None
    version: int


class LeftMessage(msgspec.Struct, frozen=True, tag_field="type", tag="left"):
    room: str
    version: int


class ChatMessage(msgspec.Struct, frozen=True, tag_field="type", tag="chat"):
    version: int
    channel: str
    name: str
    seat: int | None
    text: str


class ChatLine(msgspec.Struct, frozen=True):
    """One line of chat, as kept in a room's history."""

    channel: str
    name: str
    seat: int | None
    text: str


class ChatHistoryMessage(msgspec.Struct, frozen=True, tag_field="type", tag="chat_history"):
    """The recent chat a joiner may see, oldest first, sent once after ``joined``."""

    version: int
    lines: list[ChatLine]


class LobbyMessage(msgspec.Struct, frozen=True, tag_field="type", tag="lobby"):
    rooms: list[RoomSummary]


class ErrorMessage(msgspec.Struct, frozen=True, tag_field="type", tag="error", omit_defaults=True):
    """``ref`` (the type of the message refused) and ``version`` (the table's, when the
    connection is at one) are left out when unknown."""

    code: Code
    message: str
    ref: str | None = None
    version: int | None = None


class CloseCode(IntEnum):
    """The websocket close codes the server uses (docs/PROTOCOL.md, "Close codes")."""

    GOING_AWAY = 1001
    POLICY = 1008
    INTERNAL = 1011
    TRY_AGAIN = 1013
    REPLACED = 4000


_encoder = msgspec.json.Encoder()


#: Encode an outgoing message (msgspec Structs, engine dataclasses, dicts): the encoder's
#: own method, with no call around it (it runs several times per recipient of every move).
encode: Callable[[Any], bytes] = _encoder.encode


def encode_text(message: Any) -> str:
    """Encode a message for a websocket text frame (decoded once, however many receive it)."""
    return _encoder.encode(message).decode()


def error_text(code: Code, message: str, ref: str | None, version: int | None) -> str:
    """An ``error`` message, encoded."""
    return encode_text(ErrorMessage(code, message, ref, version))
