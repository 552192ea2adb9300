"""``GET /api/my-games``: a signed-in player's games at their own pace, from the store's
lists (a table parked out of memory is listed as well as one being played), those where it
is their turn first, then by the deadline that falls first."""

from __future__ import annotations

import msgspec

from briscola.store.pace import PaceStore
from briscola.table.pace import PaceEntry


class MyGame(msgspec.Struct, frozen=True):
    """One table of the player's list (docs/PROTOCOL.md, "My games")."""

    room: str
    name: str
    game: str
    players: int
    #: The seat whose turn runs (None: nobody's yet, or a bot's).
    turn: int | None
    your_turn: bool
    #: When the turn's deadline falls, Unix seconds (None: no person's turn runs).
    deadline: float | None


def _game(entry: PaceEntry, account: str) -> MyGame:
    return MyGame(
        entry.room_id,
        entry.name,
        entry.game,
        entry.players,
        entry.turn_seat,
        entry.turn_account == account,
        entry.deadline,
    )


async def my_games(pace: PaceStore | None, account: str) -> list[MyGame]:
    """The account's games, "your turn" first, then the soonest deadline first."""
    if pace is None:
        return []
    games = [_game(entry, account) for entry in await pace.games(account)]
    never = float("inf")
    games.sort(key=lambda g: (not g.your_turn, g.deadline if g.deadline else never, g.room))
    return games
