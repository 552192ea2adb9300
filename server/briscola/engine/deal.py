"""The verifiable shuffle of FAIRPLAY.md: seed -> commitment and seed -> deck.

Pure functions of their arguments; the caller supplies the seed (the shell draws it from
``secrets``), so the same seed always gives the same deal in any implementation.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from .cards import DECK, TWO_OF_COINS, Card

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
    """The unbounded stream of 64-bit integers of FAIRPLAY.md step 4."""
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
    """The canonical deck for ``players`` (the 2 of coins left out with three)."""
    if players == 3:
        return [card for card in DECK if card is not TWO_OF_COINS]
    return list(DECK)


def shuffled_deck(seed: bytes, players: int) -> tuple[Card, ...]:
    """The deck shuffled from ``seed``, top (position 0) first."""
    deck = initial_deck(players)
    stream = random_stream(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = unbiased_below(stream, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)
