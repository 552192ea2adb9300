"""The state messages of one step, encoded once for the whole table.

Every recipient's state differs from the spectator's only in ``you`` and in the fields the
table's game names as one viewer's own (``Game.own_fields``, filled by ``Game.own``; in the
trick-and-draw games its seat, cards, those it may play, whether it may swap and, at a table
of partner talk, the signals it saw and its partners' cards shown to it). So the spectator's
state is projected and encoded once, with a hole at each of those places, and a seat's text
is that template with its own values put in the holes: byte for byte what encoding its whole
:class:`StateMessage` gives (a property test holds the two equal), for a fraction of the
work. JSON text never holds a raw NUL byte (a string's control characters are escaped), so
the holes are unambiguous.
"""

from __future__ import annotations

import msgspec

from briscola.engine import PLAYER_COUNTS
from briscola.table.core import Table
from briscola.wire.messages import Clock, encode, encode_text

_HOLE = msgspec.Raw(b"\0")
_SEATS = tuple(str(seat).encode() for seat in range(PLAYER_COUNTS[-1]))
_YOU: dict[tuple[int | None, int | None], bytes] = {}


def _you(table: Table, seat: int | None) -> bytes:
    """``table.you(seat)`` encoded. It depends on the seat and the host only, so each is
    encoded once, and looked up by those two numbers (no ``You`` made per recipient)."""
    key = (seat, table.host)
    encoded = _YOU.get(key)
    if encoded is None:
        encoded = _YOU[key] = encode(table.you(seat))
    return encoded


class StateTexts:
    """The texts of one table's state for each kind of recipient, at one moment: a seat
    (or ``None``, a spectator) with or without the room's summary (``fresh``: it changed
    since that recipient's last state)."""

    __slots__ = ("_clock", "_summary", "_table", "_templates", "_texts")

    def __init__(self, table: Table, summary: msgspec.Raw, clock: Clock | None) -> None:
        self._table = table
        self._summary = summary
        self._clock = clock
        self._templates: dict[bool, list[bytes]] = {}
        self._texts: dict[tuple[int | None, bool], str] = {}

    def text(self, seat: int | None, fresh: bool) -> str:
        key = (seat, fresh)
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = self._build(seat, fresh)
        return text

    def _build(self, seat: int | None, fresh: bool) -> str:
        table = self._table
        match = table.match
        if match is None or match.hand is None:  # no deal to splice into: the whole state
            summary = self._summary if fresh else None
            return encode_text(table.state_message(seat, summary, self._clock))
        parts = self._templates.get(fresh)
        if parts is None:
            parts = self._templates[fresh] = self._template(fresh)
        # The holes, in order: ``you`` (a field of the state before its match), the seat,
        # then the rest of the game's own fields as ``own`` gives them; each value encoded
        # by msgspec in one C call, and put in its hole by one slice assignment.
        parts = parts.copy()
        parts[1::2] = (
            _you(table, seat),
            b"null" if seat is None else _SEATS[seat],
            *map(encode, table.game.own(match, seat)),
        )
        return b"".join(parts).decode()

    def _template(self, fresh: bool) -> list[bytes]:
        """The state, encoded with holes where a recipient's own values go: its pieces with
        a blank between each two, where the values go."""
        summary = self._summary if fresh else None
        table = self._table
        assert table.match is not None
        pieces = encode(table.state_template(summary, self._clock, _HOLE)).split(b"\0")
        assert len(pieces) == len(table.game.own_fields(table.match)) + 2  # and ``you``
        parts = [b""] * (2 * len(pieces) - 1)
        parts[0::2] = pieces
        return parts
