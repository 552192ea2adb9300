"""The partnership signals (docs/RULES.md, "Partnership house rules"): a fixed codebook, and
which opponents catch a signal, drawn from the deal's secret seed so that the finished
hand's record shows and anyone can verify who caught what.
"""

from __future__ import annotations

import hashlib
from enum import StrEnum

_U64 = 1 << 64


class SignalCode(StrEnum):
    """The codebook. A signal is a claim, not checked against the hand (false signals are
    part of the game); the client draws each as its traditional gesture."""

    ACE_OF_TRUMPS = "ace_of_trumps"  # lips as for a kiss
    THREE_OF_TRUMPS = "three_of_trumps"  # mouth twisted aside
    KING_OF_TRUMPS = "king_of_trumps"  # eyes to the sky
    KNIGHT_OF_TRUMPS = "knight_of_trumps"  # the tip of the tongue
    JACK_OF_TRUMPS = "jack_of_trumps"  # one shoulder raised
    LOW_TRUMPS = "low_trumps"  # thumb rubbed on the forefinger
    NO_TRUMPS = "no_trumps"  # a squint
    CARICO = "carico"  # cheeks puffed: an ace or three in another suit
    PLAY_LISCIO = "play_liscio"  # a request: play a card worth nothing
    PLAY_CARICO = "play_carico"  # a request: load the trick


def catchers(seed: bytes, index: int, opponents: tuple[int, ...], percent: int) -> tuple[int, ...]:
    """The opponents who catch the hand's signal number ``index`` (0-based): opponent ``o``
    catches it when the first 8 bytes of SHA-256(seed || "catch" || index as 2 bytes ||
    o as 1 byte), read big-endian, are below ``percent``% of 2^64.

    >>> catchers(bytes(32), 0, (1, 3), 100), catchers(bytes(32), 0, (1, 3), 0)
    ((1, 3), ())
    """
    limit = _U64 * percent // 100
    caught = []
    for opponent in opponents:
        digest = hashlib.sha256(
            seed + b"catch" + index.to_bytes(2, "big") + opponent.to_bytes(1, "big")
        ).digest()
        if int.from_bytes(digest[:8], "big") < limit:
            caught.append(opponent)
    return tuple(caught)
