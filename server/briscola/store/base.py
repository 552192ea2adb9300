"""What the rooms need of storage, whichever keeps it: the :class:`Store` protocol and the
values it speaks in. Implementations: :mod:`briscola.store.memory` (no mirror) and
:mod:`briscola.store.redis` (the Redis mirror)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from briscola.store.accounts import AccountStore
from briscola.store.pace import PaceStore
from briscola.table.core import FinishedHand
from briscola.table.events import AnyEvent, Event
from briscola.table.snapshots import TableSnapshot


class MirrorStatus(StrEnum):
    #: No mirror: tables live in memory only.
    OFF = "off"
    #: Redis answers and holds everything this process has written.
    OK = "ok"
    #: Redis answers again but lacks some tables or records, which are being written again.
    REPAIRING = "repairing"
    #: Redis does not answer: tables play on from memory.
    DEGRADED = "degraded"


class WriteResult(StrEnum):
    """What became of one room's write."""

    #: Stored (or, without a mirror, kept in memory).
    ACCEPTED = "accepted"
    #: Refused: Redis holds this version or a newer one.
    STALE = "stale"
    #: Refused: Redis lacks the versions before these events; write a snapshot.
    GAP = "gap"
    #: Not stored: the mirror is degraded and the room plays on from memory.
    LOST = "lost"
    #: Refused: another process owns the table now (a newer epoch); this one must drop it.
    FENCED = "fenced"


@dataclass
class StoredRoom:
    snapshot: TableSnapshot
    events: list[tuple[int, AnyEvent]]


class Store(Protocol):
    """What the rooms need of storage. Implementations: :class:`MemoryStore`,
    :class:`RedisStore`."""

    status: MirrorStatus
    #: The tables at their own pace (None: this store cannot keep them, having no Redis).
    pace: PaceStore | None
    #: How many times Redis was found to have lost writes it had acknowledged.
    data_losses: int

    @property
    def accounts(self) -> AccountStore:
        """Accounts, ratings and the leaderboard, kept where the tables are."""
        ...

    async def start(self, resync: Callable[[set[str]], None]) -> None: ...
    async def close(self) -> None: ...
    async def write(
        self,
        room_id: str,
        events: list[tuple[int, Event]],
        snapshot: TableSnapshot | None,
        finished: list[FinishedHand],
    ) -> WriteResult: ...
    async def load_rooms(self) -> list[StoredRoom]: ...
    async def load_room(self, room_id: str) -> StoredRoom | None: ...
    async def forget(self, room_id: str) -> None: ...
    def disown(self, room_id: str) -> None: ...
    async def get_record(self, hand_id: str) -> bytes | None: ...
