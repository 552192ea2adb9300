"""The state messages of one step, encoded once for the whole table.

Every recipient's state differs from the spectator's only in ``you`` and in the fields the
table's game names as one viewer's own (``Game.own_fields``, filled by the function
``Game.owner`` gives; in the trick-and-draw games its seat, cards, those it may play,
whether it may swap and, at a table of partner talk, the signals it saw and its partners'
cards shown to it). So the spectator's state is projected and encoded once, with a hole at
each of those places, and a seat's text is that template with its own values put in the
holes: byte for byte what encoding its whole :class:`StateMessage` gives (a property test
holds the two equal), for a fraction of the work. JSON text never holds a raw NUL byte (a
string's control characters are escaped), so the holes are unambiguous.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from briscola.engine import PLAYER_COUNTS
from briscola.table.core import Table
from briscola.wire.messages import Clock, encode, encode_text

_HOLE = msgspec.Raw(b"\0")
_SEATS = tuple(str(seat).encode() for seat in range(PLAYER_COUNTS[-1]))
#: ``Table.you(seat)`` encoded, by seat and host (all it depends on): there are few.
_YOU: dict[tuple[int | None, int | None], bytes] = {}


class StateTexts:
    """The texts of one table's state for each kind of recipient, at one moment: a seat
    (or ``None``, a spectator) with or without the room's summary (``fresh``: it changed
    since that recipient's last state)."""

    __slots__ = ("_clock", "_owner", "_summary", "_table", "_templates", "_texts")

    def __init__(self, table: Table, summary: msgspec.Raw, clock: Clock | None) -> None:
        self._table = table
        self._summary = summary
        self._clock = clock
        self._templates: dict[bool, list[bytes]] = {}
        self._texts: dict[tuple[int | None, bool], str] = {}
        #: The game's function of a viewer's own values at this state (one a step).
        self._owner: Callable[[int | None], tuple[Any, ...]] | None = None

    def text(self, seat: int | None, fresh: bool) -> str:
        key = (seat, fresh)
        text = self._texts.get(key)
        if text is not None:
            return text
        table = self._table
        match = table.match
        if match is None or match.hand is None:  # no deal to splice into: the whole state
            summary = self._summary if fresh else None
            text = encode_text(table.state_message(seat, summary, self._clock))
        else:
            parts = self._templates.get(fresh)
            if parts is None:
                parts = self._templates[fresh] = self._template(fresh)
            owner = self._owner
            if owner is None:
                owner = self._owner = table.game.owner(match)
            you = _YOU.get((seat, table.host))
            if you is None:
                you = _YOU[(seat, table.host)] = encode(table.you(seat))
            # The holes, in order: ``you`` (a field of the state before its match), the
            # seat, then the rest of the game's own fields as its owner gives them; each
            # value encoded by msgspec in one C call, all put in by one slice assignment.
            parts = parts.copy()
            seat_text = b"null" if seat is None else _SEATS[seat]
            parts[1::2] = (you, seat_text, *map(encode, owner(seat)))
            text = b"".join(parts).decode()
        self._texts[key] = text
        return text

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
