"""The seam between a table at its own pace and the ways a player is told it is their turn
while away (e-mail): the table says whose turn began, a notifier decides how to tell them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class TurnNotice:
    """A turn that began at a table played at its own pace, for one signed-in player."""

    #: The player's account id (the name's key).
    account: str
    table_id: str
    table_name: str
    #: Unique per turn (the hand's commitment, the trick and the card within it): a
    #: notifier tells a player at most once per key.
    turn: str
    #: When the turn's deadline falls, Unix seconds.
    deadline: float


class TurnNotices(Protocol):
    """Tells a player away from the page that it is their turn."""

    async def your_turn(self, notice: TurnNotice) -> None: ...


class NoNotices:
    """Tells no one: the server without mail settings."""

    async def your_turn(self, notice: TurnNotice) -> None:
        return None
