"""How the players of a finished match placed, for the ratings: each seat's team, and each
team's place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Standings:
    """``teams[seat]`` is the team a seat is rated with; ``places[team]`` that team's place,
    0 the best, equal places a tie (openskill's ranks)."""

    teams: tuple[int, ...]
    places: tuple[int, ...]


def dense_places(keys: Sequence[Any]) -> tuple[int, ...]:
    """Each key's place when the lowest key is first: equal keys share a place, and the
    next key takes the place after it (places 0, 0, 1, not 0, 0, 2).

    >>> dense_places([(False, -3), (True, 0), (False, -3), (False, 1)])
    (0, 2, 0, 1)
    """
    order = sorted(set(keys))
    return tuple(order.index(key) for key in keys)
