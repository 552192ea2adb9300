"""What the store keeps of the tables played at their own pace besides their mirror: one
sorted set of deadlines (polled for the due ones: no table is looked at every second), each
table's entry (whose turn, the deadline, who plays), each account's set of such tables (its
list of games), and the set of tables parked out of every process's memory."""

from __future__ import annotations

from typing import Any

import msgspec
import redis.asyncio as aioredis

from briscola.table.pace import PaceEntry

#: The tables' deadlines: member the table id, score the deadline (Unix seconds).
DEADLINES = "briscola:deadlines"
#: The tables in Redis that no process holds on purpose (nobody there, nothing due): out
#: of ``briscola:rooms``, so no process takes them over at a restart; loaded on demand.
PARKED = "briscola:parked"
_ENTRY = "briscola:pace:{{{}}}"
_GAMES = "briscola:games:{}"

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(PaceEntry)


def pace_key(room_id: str) -> str:
    """A table's entry: whose turn, its deadline, who plays there."""
    return _ENTRY.format(room_id)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class PaceStore:
    """The tables at their own pace in Redis (the server without Redis refuses them)."""

    def __init__(self, redis: aioredis.Redis) -> None:
        self.redis = redis

    async def keep(self, entry: PaceEntry) -> None:
        """The table's deadline, entry and players' lists as they are now; a finished
        match leaves them all."""
        pipe = self.redis.pipeline(transaction=False)
        room = entry.room_id
        if entry.over:
            pipe.zrem(DEADLINES, room)
            pipe.delete(_ENTRY.format(room))
            for account in entry.accounts:
                pipe.srem(_GAMES.format(account), room)
        else:
            if entry.deadline is None:
                pipe.zrem(DEADLINES, room)
            else:
                pipe.zadd(DEADLINES, {room: entry.deadline})
            pipe.set(_ENTRY.format(room), _encoder.encode(entry))
            for account in entry.accounts:
                pipe.sadd(_GAMES.format(account), room)
        await pipe.execute()

    async def due(self, now: float, limit: int = 100) -> list[str]:
        """The tables whose deadline is ``now`` or earlier, soonest first: one ``ZRANGE``
        of the sorted set, whatever the number of tables."""
        found: list[Any] = await self.redis.zrange(
            DEADLINES, "-inf", now, byscore=True, offset=0, num=limit
        )
        return [_text(room) for room in found]

    async def games(self, account: str) -> list[PaceEntry]:
        """The account's tables at their own pace, as their owners last wrote them (a table
        it no longer sits at, or gone, is taken off its list)."""
        key = _GAMES.format(account)
        rooms = [_text(room) for room in await self.redis.smembers(key)]
        if not rooms:
            return []
        raw = await self.redis.mget([_ENTRY.format(room) for room in rooms])
        entries, gone = [], []
        for room, value in zip(rooms, raw, strict=True):
            entry = None if value is None else _decoder.decode(value)
            if entry is None or entry.over or account not in entry.accounts:
                gone.append(room)
            else:
                entries.append(entry)
        if gone:
            await self.redis.srem(key, *gone)
        return entries

    async def park(self, room_id: str, rooms_key: str) -> None:
        """The table leaves every process's memory: out of the live rooms (no take-over at
        a restart), into the parked ones (loaded when someone comes or its deadline falls)."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.srem(rooms_key, room_id)
        pipe.sadd(PARKED, room_id)
        await pipe.execute()

    async def unpark(self, room_id: str, rooms_key: str) -> None:
        """The table is loaded again: a live room."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.sadd(rooms_key, room_id)
        pipe.srem(PARKED, room_id)
        await pipe.execute()

    async def parked(self, room_id: str) -> bool:
        return bool(await self.redis.sismember(PARKED, room_id))
