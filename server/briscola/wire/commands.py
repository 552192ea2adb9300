"""The wire: incoming frames validated at the edge into typed commands, outgoing messages
encoded to JSON. See docs/PROTOCOL.md for every message and error code."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from briscola.bots import Level
from briscola.engine import SignalCode
from briscola.wire.errors import Code, Refusal
from briscola.wire.names import MAX_INPUT, normalise_name
from briscola.wire.ratings import Rating

#: The largest frame a client may send, in bytes of its payload. Enforced in one place: by
#: the websocket protocol as it reads the frame's header
#: (:mod:`briscola.service.websocket_protocol`), so a frame over it is never buffered.
MAX_FRAME = 4096

#: A person's name as sent; :class:`Join` and :class:`Watch` keep it normalised by the rule of
#: :mod:`briscola.wire.names`, or refuse it (``bad_message``).
Name = Annotated[str, msgspec.Meta(max_length=MAX_INPUT)]
RoomId = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Token = Annotated[str, msgspec.Meta(min_length=1, max_length=128)]
SeatNo = Annotated[int, msgspec.Meta(ge=0, le=5)]
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

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "name", normalise_name(self.name))


class AccountJoin(Command, tag="account_join", frozen=True):
    """A ``join`` from a signed-in person, as their gateway passes it on: under the
    account's name, with its ratings. Never read from a client (not in
    :data:`AnyCommand`): the account comes from the session cookie."""

    room: RoomId
    account: str
    name: str
    ratings: dict[str, Rating]
    seat: SeatNo | None = None
    side: Annotated[int, msgspec.Meta(ge=0, le=1)] | None = None


class Resume(Command, tag="resume", frozen=True):
    room: RoomId
    token: Token


class AccountResume(Resume, tag="account_resume", frozen=True):
    """A ``resume`` from a signed-in socket, as its gateway passes it on: a guest's seat
    taken back after signing in becomes the account's. Never read from a client."""

    account: str
    name: str
    ratings: dict[str, Rating]


class Watch(Command, tag="watch", frozen=True):
    room: RoomId
    name: Name | None = None

    def __post_init__(self) -> None:
        if self.name is not None:
            msgspec.structs.force_setattr(self, "name", normalise_name(self.name))


class Leave(Command, tag="leave", frozen=True):
    pass


class Ready(Command, tag="ready", frozen=True):
    ready: bool = True


class AddBot(Command, tag="add_bot", frozen=True):
    seat: SeatNo
    level: Level = Level.STRONG


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


class SignalCmd(Command, tag="signal", frozen=True):
    """A signal of the codebook to one's partners (a table of signals)."""

    signal: SignalCode


#: A bid's target: 61 (the default: a plain rank) to 120.
Target = Annotated[int, msgspec.Meta(ge=61, le=120)]


class BidCmd(Command, tag="bid", frozen=True):
    """A bid of Briscola Chiamata's auction: a rank (``"K"``; the 2 ``"at"`` a target above
    61 once the high bid is a 2), or in the points auction a target alone."""

    rank: Annotated[str, msgspec.Meta(min_length=1, max_length=1)] | None = None
    target: Target = 61


class PassCmd(Command, tag="pass", frozen=True):
    """A pass in Briscola Chiamata's auction: final for the deal."""


class CallCmd(Command, tag="call", frozen=True):
    """The auction's winner names the called card (its suit is trumps, its holder the
    partner)."""

    card: CardCode


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
    | SignalCmd
    | BidCmd
    | PassCmd
    | CallCmd
    | Chat
    | PlayAgain
    | Sync
)

COMMAND_TYPES = frozenset(cls.__struct_config__.tag for cls in AnyCommand.__args__)
_decoder = msgspec.json.Decoder(AnyCommand)
_forwarded = msgspec.json.Decoder(AnyCommand | AccountJoin | AccountResume)
_raw = msgspec.json.Decoder(dict[str, Any])


#: The answer to a frame that is not one JSON object (malformed, trailing bytes, or nested
#: deeper than the decoder goes).
NOT_JSON = "the frame is not one valid JSON object"


def decode_command(data: bytes) -> Command:
    """A command validated at another process's edge and forwarded as JSON (the bus)."""
    command: Command = _forwarded.decode(data)
    return command


def parse(frame: str) -> Command:
    """Validate one incoming text frame into a typed command.

    :raises Refusal: ``bad_json``, ``unknown_type`` or ``bad_message``.
    """
    try:
        return _decoder.decode(frame)
    except msgspec.ValidationError as exc:
        raise _classify(frame, exc) from None
    except (msgspec.DecodeError, RecursionError):
        raise Refusal(Code.BAD_JSON, NOT_JSON) from None


def _classify(frame: str, exc: msgspec.ValidationError) -> Refusal:
    """Say why a frame that is JSON was refused: which of the four codes, and what."""
    try:
        raw = _raw.decode(frame)
    except msgspec.ValidationError:
        return Refusal(Code.BAD_JSON, 'a message is a JSON object with a "type"')
    except (msgspec.DecodeError, RecursionError):
        return Refusal(Code.BAD_JSON, NOT_JSON)
    kind = raw.get("type")
    if not isinstance(kind, str):
        return Refusal(Code.BAD_MESSAGE, 'a message needs a string "type"')
    if kind not in COMMAND_TYPES:
        return Refusal(Code.UNKNOWN_TYPE, f"unknown message type {kind!r}")
    return Refusal(Code.BAD_MESSAGE, f"{kind}: {exc}")


def command_type(command: Command) -> str:
    return str(command.__struct_config__.tag)
