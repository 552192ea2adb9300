"""No mirror: tables live only in this process, finished hands' records in a dict, and
accounts in :class:`MemoryAccounts` (the
``make run`` default, and the server's mode without ``REDIS_URL``)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from briscola.store.accounts import MemoryAccounts
from briscola.store.base import MirrorStatus, StoredRoom, WriteResult
from briscola.store.pace import PaceStore
from briscola.table.core import FinishedHand
from briscola.table.events import Event
from briscola.table.snapshots import TableSnapshot

_encoder = msgspec.json.Encoder()


class MemoryStore:
    """No mirror: tables live only in this process; finished hands' records in a dict."""

    status = MirrorStatus.OFF
    data_losses = 0

    def __init__(self) -> None:
        self.records: dict[str, bytes] = {}
        self.accounts = MemoryAccounts()
        #: None: no tables at their own pace without Redis (they are refused).
        self.pace: PaceStore | None = None

    async def start(self, resync: Callable[[set[str]], None]) -> None:
        return None

    async def close(self) -> None:
        return None

    async def write(
        self,
        room_id: str,
        events: list[tuple[int, Event]],
        snapshot: TableSnapshot | None,
        finished: list[FinishedHand],
    ) -> WriteResult:
        for hand in finished:
            self.records[hand.hand_id] = _encoder.encode(hand.record)
        return WriteResult.ACCEPTED

    async def forget(self, room_id: str) -> None:
        return None

    def disown(self, room_id: str) -> None:
        return None

    async def load_rooms(self) -> list[StoredRoom]:
        return []

    async def load_room(self, room_id: str) -> StoredRoom | None:
        return None

    async def get_record(self, hand_id: str) -> bytes | None:
        return self.records.get(hand_id)
