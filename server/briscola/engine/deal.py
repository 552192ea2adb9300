"""The verifiable shuffle of docs/FAIRPLAY.md: seed -> commitment and seed -> deck.

Pure functions of their arguments; the caller supplies the seed (the shell draws it from
``secrets``), so the same seed always gives the same deal in any implementation.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator

from .cards import DECK, TWO_OF_COINS, Card, Rank

SEED_BYTES = 32
_U64 = 1 << 64


def commitment(seed: bytes) -> str:
    """SHA-256 of the raw seed, as 64 lowercase hex characters."""
    return hashlib.sha256(seed).hexdigest()


def seed_from_hex(text: str) -> bytes:
    """Parse a 64-character hex seed.

    :raises ValueError: if ``text`` is not 32 bytes of hex.
    """
    seed = bytes.fromhex(text)
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a seed is {SEED_BYTES} bytes, got {len(seed)}")
    return seed


def random_stream(seed: bytes) -> Iterator[int]:
    """The unbounded stream of 64-bit integers of docs/FAIRPLAY.md step 4."""
    k = 0
    while True:
        block = hashlib.sha256(seed + k.to_bytes(8, "big")).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(block[offset : offset + 8], "big")
        k += 1


def unbiased_below(stream: Iterator[int], m: int) -> int:
    """An integer in ``range(m)`` from the stream by rejection sampling (step 5)."""
    limit = _U64 - (_U64 % m)
    u = next(stream)
    while u >= limit:
        u = next(stream)
    return u % m


def initial_deck(players: int) -> list[Card]:
    """The canonical deck for ``players``: the 2 of coins left out with three, the four 2s
    with six."""
    return list(_DECKS.get(players, DECK))


def deck_size(players: int) -> int:
    return len(_DECKS.get(players, DECK))


_DECK_3 = tuple(card for card in DECK if card is not TWO_OF_COINS)
_DECK_6 = tuple(card for card in DECK if card.rank is not Rank.TWO)
_DECKS = {3: _DECK_3, 6: _DECK_6}
_BLOCK = struct.Struct(">4Q").unpack
#: ``k`` as 8 bytes big-endian, for the blocks one deal needs (10 of them, 39 integers).
_K = tuple(k.to_bytes(8, "big") for k in range(10))
#: Per deck size: (i, i + 1, limit) for the Fisher-Yates steps, i from the top down.
_STEPS = {
    size: tuple((i, i + 1, _U64 - _U64 % (i + 1)) for i in range(size - 1, 0, -1))
    for size in (len(_DECK_6), len(_DECK_3), len(DECK))
}


def shuffled_deck(seed: bytes, players: int) -> tuple[Card, ...]:
    """The deck shuffled from ``seed``, top (position 0) first.

    Computed in one go: the first ten blocks of the stream give the 40 integers a shuffle
    needs, unless rejection sampling refuses one (a chance below 2^-58 a deal), when the
    deal is made again by :func:`reference_shuffle`, which reads the stream on demand.
    """
    deck = list(_DECKS.get(players, DECK))
    sha256 = hashlib.sha256
    numbers: list[int] = []
    for k in _K:
        numbers += _BLOCK(sha256(seed + k).digest())
    for (i, m, limit), u in zip(_STEPS[len(deck)], numbers, strict=False):
        if u >= limit:
            return reference_shuffle(seed, players)
        j = u % m
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def reference_shuffle(seed: bytes, players: int) -> tuple[Card, ...]:
    """docs/FAIRPLAY.md steps 3-5 word for word: the same deck as :func:`shuffled_deck`."""
    deck = initial_deck(players)
    stream = random_stream(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = unbiased_below(stream, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)
