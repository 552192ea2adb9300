"""The wire: incoming frames validated at the edge into typed commands, outgoing messages
encoded to JSON. See docs/PROTOCOL.md for every message and error code."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from .errors import Code, Refusal

MAX_FRAME = 4096

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=24)]
RoomId = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Token = Annotated[str, msgspec.Meta(min_length=1, max_length=128)]
SeatNo = Annotated[int, msgspec.Meta(ge=0, le=3)]
ChatText = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
CardCode = Annotated[str, msgspec.Meta(min_length=2, max_length=2)]


class Command(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    """A message from a client, validated."""


class Lobby(Command, tag="lobby", frozen=True):
    pass


class Join(Command, tag="join", frozen=True):
    room: RoomId
    name: Name
    seat: SeatNo | None = None
    side: Annotated[int, msgspec.Meta(ge=0, le=1)] | None = None


class Resume(Command, tag="resume", frozen=True):
    room: RoomId
    token: Token


class Watch(Command, tag="watch", frozen=True):
    room: RoomId
    name: Name | None = None


class Leave(Command, tag="leave", frozen=True):
    pass


class Ready(Command, tag="ready", frozen=True):
    ready: bool = True


class AddBot(Command, tag="add_bot", frozen=True):
    seat: SeatNo


class RemoveBot(Command, tag="remove_bot", frozen=True):
    seat: SeatNo


class Move(Command, tag="move", frozen=True):
    seat: SeatNo
    to: SeatNo


class Play(Command, tag="play", frozen=True):
    card: CardCode


class Swap(Command, tag="swap", frozen=True):
    pass


class ResignCmd(Command, tag="resign", frozen=True):
    pass


class Chat(Command, tag="chat", frozen=True):
    text: ChatText


class PlayAgain(Command, tag="play_again", frozen=True):
    pass


class Sync(Command, tag="sync", frozen=True):
    pass


AnyCommand = (
    Lobby
    | Join
    | Resume
    | Watch
    | Leave
    | Ready
    | AddBot
    | RemoveBot
    | Move
    | Play
    | Swap
    | ResignCmd
    | Chat
    | PlayAgain
    | Sync
)

COMMAND_TYPES = frozenset(cls.__struct_config__.tag for cls in AnyCommand.__args__)
_decoder = msgspec.json.Decoder(AnyCommand)
_raw = msgspec.json.Decoder(dict[str, Any])
_encoder = msgspec.json.Encoder()


def parse(frame: str | bytes) -> Command:
    """Validate one incoming frame into a typed command.

    :raises Refusal: ``too_large``, ``bad_json``, ``unknown_type`` or ``bad_message``.
    """
    if len(frame) > MAX_FRAME:
        raise Refusal(Code.TOO_LARGE, f"frames are limited to {MAX_FRAME} bytes")
    try:
        return _decoder.decode(frame)
    except msgspec.ValidationError as exc:
        raise _classify(frame, exc) from None
    except msgspec.DecodeError:
        raise Refusal(Code.BAD_JSON, "the frame is not valid JSON") from None


def _classify(frame: str | bytes, exc: msgspec.ValidationError) -> Refusal:
    try:
        raw = _raw.decode(frame)
    except msgspec.ValidationError:
        return Refusal(Code.BAD_JSON, 'a message is a JSON object with a "type"')
    kind = raw.get("type")
    if not isinstance(kind, str):
        return Refusal(Code.BAD_MESSAGE, 'a message needs a string "type"')
    if kind not in COMMAND_TYPES:
        return Refusal(Code.UNKNOWN_TYPE, f"unknown message type {kind!r}")
    return Refusal(Code.BAD_MESSAGE, f"{kind}: {exc}")


def command_type(command: Command) -> str:
    return str(command.__struct_config__.tag)


def encode(message: Any) -> bytes:
    """Encode an outgoing message (dicts, msgspec Structs and engine dataclasses)."""
    return _encoder.encode(message)


def encode_text(message: Any) -> str:
    """Encode a message for a websocket text frame (decoded once, however many receive it)."""
    return _encoder.encode(message).decode()


def error_message(code: Code, message: str, ref: str | None, version: int | None) -> str:
    payload: dict[str, Any] = {"type": "error", "code": code.value, "message": message}
    if ref is not None:
        payload["ref"] = ref
    if version is not None:
        payload["version"] = version
    return encode_text(payload)
