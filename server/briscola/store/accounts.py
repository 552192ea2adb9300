"""Where accounts, sessions, login attempts, ratings and the leaderboard are kept: in memory
(``make run``, gone at exit, like its tables) or in Redis, shared by every process.

Key layout in Redis (docs/ARCHITECTURE.md, "Accounts and ratings"), every key in one hash
slot (``{accounts}``) so that one script can settle a match across all its players:

``briscola:{accounts}:account:{id}``     hash: ``data`` (the account and its password hash,
                                         JSON) and ``version`` (bumped by every settlement)
``briscola:{accounts}:session:{sid}``    the account id of a signed-in session, with a TTL
``briscola:{accounts}:attempts:{key}``   failed logins counted for a name or an address
``briscola:{accounts}:board:{kind}``     sorted set: account ids by ordinal, per kind of rated
                                         game ("2", "3", "4", "6", "scoperta")
``briscola:{accounts}:history:{id}:{kind}`` list: the rating after each rated match, newest
                                         first
``briscola:{accounts}:matches:{id}``     list: the player's rated matches, newest first
``briscola:{accounts}:settled:{match}``  a settled match's new ratings per seat: the proof it
                                         was applied, and the answer to any later ask
``briscola:{accounts}:secret``           the key the session cookies are signed with
``briscola:{accounts}:mail:{id}``        the account's e-mail address and its state (JSON)
``briscola:{accounts}:notified:{id}:{turn}`` a turn the player was e-mailed about, with a
                                         TTL past its deadline: told once, whichever
                                         process saw the turn begin

**Exactly once.** A rated match is settled by :meth:`AccountStore.settle`, which reads its
players' accounts, works out their new ratings (:func:`briscola.accounts.ratings.settle`)
and hands them to one Lua script that applies all of them, their histories and the
leaderboard, and marks the match settled — or nothing: if the match is settled already the
script answers with what it recorded then, and if an account changed since it was read (a
match of theirs ended elsewhere at the same moment) it refuses, and the work is done again
from the new ratings.
"""

from __future__ import annotations

import secrets
import time
from collections import defaultdict
from typing import Any, Protocol

import msgspec
import redis.asyncio as aioredis

from briscola.accounts.model import (
    Account,
    LeaderboardEntry,
    MailAddress,
    MailState,
    MatchEntry,
    Point,
    StoredAccount,
)
from briscola.accounts.ratings import Settlement, settle
from briscola.table.events import SeatRating
from briscola.table.rated import RatedResult
from briscola.wire.ratings import Rating, RatingKind

#: How much of each player's history is kept.
HISTORY = 200
MATCHES = 100
#: How many rated matches' worth of tries to settle one before giving up for now.
SETTLE_TRIES = 20
#: Past this many turns marked as told, the memory store drops the lapsed marks.
NOTIFIED_KEPT = 10_000

_encoder = msgspec.json.Encoder()
_stored = msgspec.json.Decoder(StoredAccount)
_seats = msgspec.json.Decoder(list[SeatRating])
_point = msgspec.json.Decoder(Point)
_entry = msgspec.json.Decoder(MatchEntry)
_mail = msgspec.json.Decoder(MailAddress)


class AccountStore(Protocol):
    """What the service needs of the accounts' storage."""

    async def create(self, stored: StoredAccount) -> bool:
        """Keep a new account; False if its id (its name's key) is taken."""
        ...

    async def get(self, account_id: str) -> StoredAccount | None: ...
    async def open_session(self, session: str, account_id: str, ttl: int) -> None: ...
    async def session_account(self, session: str) -> str | None: ...
    async def close_session(self, session: str) -> None: ...
    async def failures(self, keys: list[str]) -> int:
        """The most failed logins counted for any of ``keys`` in their current windows."""
        ...

    async def failed(self, keys: list[str], window: int) -> None:
        """Count one failed login for each key; a key's count lasts ``window`` seconds from
        its first failure."""
        ...

    async def forget_failures(self, key: str) -> None: ...
    async def settle(self, result: RatedResult, at: float) -> list[SeatRating]:
        """Apply a rated match to its players' ratings, once: a match settled already is
        answered with the ratings it gave then."""
        ...

    async def leaderboard(self, kind: RatingKind, limit: int) -> list[LeaderboardEntry]: ...
    async def history(self, account_id: str, kind: RatingKind) -> list[Point]: ...
    async def matches(self, account_id: str) -> list[MatchEntry]: ...
    async def secret(self) -> bytes:
        """The key the session cookies are signed with, the same for every process."""
        ...

    async def mail(self, account_id: str) -> MailAddress | None: ...
    async def put_mail(self, account_id: str, mail: MailAddress | None) -> None:
        """Keep an account's e-mail address (None: forget it)."""
        ...

    async def mail_state(self, account_id: str, address: str, state: MailState) -> bool:
        """Set the state of an account's address if it is still ``address``; False if the
        address changed (or went) meanwhile."""
        ...

    async def first_notice(self, account_id: str, turn: str, ttl: int) -> bool:
        """Mark ``turn`` as told to the player, for ``ttl`` seconds: True the first time
        only, whichever process asks."""
        ...


def _board(ids: list[str], found: dict[str, Account], kind: RatingKind) -> list[LeaderboardEntry]:
    """The leaderboard's rows for ``ids``, best first (an account gone meanwhile left out)."""
    entries: list[LeaderboardEntry] = []
    for account_id in ids:
        account = found.get(account_id)
        if account is None:
            continue
        rating = account.ratings.get(kind, Rating())
        entries.append(
            LeaderboardEntry(len(entries) + 1, account.id, account.name, rating, rating.matches)
        )
    return entries


class MemoryAccounts:
    """Accounts in this process's memory only (no mirror): gone when it stops."""

    def __init__(self) -> None:
        self._accounts: dict[str, StoredAccount] = {}
        self._sessions: dict[str, str] = {}
        #: Per key: failures counted, and when (``time.monotonic()``) their window ends.
        self._failures: dict[str, tuple[int, float]] = {}
        self._settled: dict[str, list[SeatRating]] = {}
        self._history: dict[tuple[str, RatingKind], list[Point]] = defaultdict(list)
        self._matches: dict[str, list[MatchEntry]] = defaultdict(list)
        self._secret = secrets.token_bytes(32)
        self._mail: dict[str, MailAddress] = {}
        #: Per (account, turn) told: when (``time.monotonic()``) the mark lapses.
        self._notified: dict[tuple[str, str], float] = {}

    async def create(self, stored: StoredAccount) -> bool:
        if stored.account.id in self._accounts:
            return False
        self._accounts[stored.account.id] = stored
        return True

    async def get(self, account_id: str) -> StoredAccount | None:
        return self._accounts.get(account_id)

    async def open_session(self, session: str, account_id: str, ttl: int) -> None:
        self._sessions[session] = account_id

    async def session_account(self, session: str) -> str | None:
        return self._sessions.get(session)

    async def close_session(self, session: str) -> None:
        self._sessions.pop(session, None)

    async def failures(self, keys: list[str]) -> int:
        now = time.monotonic()
        counted = (self._failures.get(key, (0, now)) for key in keys)
        return max((count for count, ends in counted if ends > now), default=0)

    async def failed(self, keys: list[str], window: int) -> None:
        now = time.monotonic()
        for key in keys:
            count, ends = self._failures.get(key, (0, now))
            self._failures[key] = (count + 1, ends) if ends > now else (1, now + window)

    async def forget_failures(self, key: str) -> None:
        self._failures.pop(key, None)

    async def settle(self, result: RatedResult, at: float) -> list[SeatRating]:
        done = self._settled.get(result.match_id)
        if done is not None:
            return done
        accounts = {s.account: self._accounts[s.account].account for s in result.seats}
        settlement = settle(result, accounts, at)
        for account in settlement.accounts:
            kept = self._accounts[account.id]
            self._accounts[account.id] = StoredAccount(account, kept.password_hash)
            history = self._history[(account.id, result.kind)]
            history.insert(0, settlement.points[account.id])
            self._matches[account.id].insert(0, settlement.entries[account.id])
            del history[HISTORY:]
            del self._matches[account.id][MATCHES:]
        self._settled[result.match_id] = settlement.seats
        return settlement.seats

    async def leaderboard(self, kind: RatingKind, limit: int) -> list[LeaderboardEntry]:
        rated = [
            (stored.account.id, stored.account.ratings[kind].ordinal)
            for stored in self._accounts.values()
            if stored.account.ratings[kind].matches
        ]
        rated.sort(key=lambda item: (-item[1], item[0]))
        ids = [account_id for account_id, _ in rated[:limit]]
        return _board(ids, {i: self._accounts[i].account for i in ids}, kind)

    async def history(self, account_id: str, kind: RatingKind) -> list[Point]:
        return list(self._history.get((account_id, kind), []))

    async def matches(self, account_id: str) -> list[MatchEntry]:
        return list(self._matches.get(account_id, []))

    async def secret(self) -> bytes:
        return self._secret

    async def mail(self, account_id: str) -> MailAddress | None:
        return self._mail.get(account_id)

    async def put_mail(self, account_id: str, mail: MailAddress | None) -> None:
        if mail is None:
            self._mail.pop(account_id, None)
        else:
            self._mail[account_id] = mail

    async def mail_state(self, account_id: str, address: str, state: MailState) -> bool:
        kept = self._mail.get(account_id)
        if kept is None or kept.address != address:
            return False
        self._mail[account_id] = MailAddress(address, state)
        return True

    async def first_notice(self, account_id: str, turn: str, ttl: int) -> bool:
        now = time.monotonic()
        if len(self._notified) > NOTIFIED_KEPT:
            self._notified = {k: ends for k, ends in self._notified.items() if ends > now}
        if self._notified.get((account_id, turn), now) > now:
            return False
        self._notified[(account_id, turn)] = now + ttl
        return True


_SECRET = "briscola:{accounts}:secret"


def _key(kind: str, *parts: object) -> str:
    """``briscola:{accounts}:<kind>:<part>:…``: every account key in one hash slot."""
    return ":".join(["briscola:{accounts}", kind, *map(str, parts)])


#: Keep a new account unless its id is taken (1), or say it is (0).
CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'data', ARGV[1], 'version', '0')
return 1
"""

#: Settle one rated match, all of it or nothing. KEYS: the settled marker, the
#: leaderboard, then per player their account, history and matches. ARGV: the seats'
#: ratings (the marker's value), the number of players, the two list caps, then per
#: player the account version it was worked out from, the new account JSON and version,
#: the new ordinal, the id, the history point and the match entry. Answers {1, seats};
#: {2, seats} if the match was settled already; {0, ''} if an account changed meanwhile.
SETTLE = """
local done = redis.call('GET', KEYS[1])
if done then return {2, done} end
local k = tonumber(ARGV[2])
for i = 0, k - 1 do
  if redis.call('HGET', KEYS[3 + 3 * i], 'version') ~= ARGV[5 + 7 * i] then return {0, ''} end
end
for i = 0, k - 1 do
  local a, key = 5 + 7 * i, 3 + 3 * i
  redis.call('HSET', KEYS[key], 'data', ARGV[a + 1], 'version', ARGV[a + 2])
  redis.call('ZADD', KEYS[2], ARGV[a + 3], ARGV[a + 4])
  redis.call('LPUSH', KEYS[key + 1], ARGV[a + 5])
  redis.call('LTRIM', KEYS[key + 1], 0, tonumber(ARGV[3]) - 1)
  redis.call('LPUSH', KEYS[key + 2], ARGV[a + 6])
  redis.call('LTRIM', KEYS[key + 2], 0, tonumber(ARGV[4]) - 1)
end
redis.call('SET', KEYS[1], ARGV[1])
return {1, ARGV[1]}
"""


#: Set the state in an address kept as JSON (KEYS[1]) if it is still ARGV[1]'s: 1, else 0.
MAIL_STATE = """
local kept = redis.call('GET', KEYS[1])
if not kept or cjson.decode(kept)['address'] ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
return 1
"""


def _text(value: bytes | str | Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class SettleConflict(RuntimeError):
    """A match could not be settled: its players' accounts kept changing under it."""


class RedisAccounts:
    """Accounts in Redis, shared by every process on it."""

    def __init__(self, redis: aioredis.Redis) -> None:
        self.redis = redis
        self._create = redis.register_script(CREATE)
        self._settle = redis.register_script(SETTLE)
        self._mail_state = redis.register_script(MAIL_STATE)

    async def create(self, stored: StoredAccount) -> bool:
        created = await self._create(
            keys=[_key("account", stored.account.id)], args=[_encoder.encode(stored)]
        )
        return bool(created)

    async def get(self, account_id: str) -> StoredAccount | None:
        data = await self.redis.hget(_key("account", account_id), "data")
        return None if data is None else _stored.decode(data)

    async def open_session(self, session: str, account_id: str, ttl: int) -> None:
        await self.redis.set(_key("session", session), account_id, ex=ttl)

    async def session_account(self, session: str) -> str | None:
        account_id = await self.redis.get(_key("session", session))
        return None if account_id is None else _text(account_id)

    async def close_session(self, session: str) -> None:
        await self.redis.delete(_key("session", session))

    async def failures(self, keys: list[str]) -> int:
        counts = await self.redis.mget([_key("attempts", key) for key in keys])
        return max((int(count) for count in counts if count is not None), default=0)

    async def failed(self, keys: list[str], window: int) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.incr(_key("attempts", key))
                pipe.expire(_key("attempts", key), window, nx=True)
            await pipe.execute()

    async def forget_failures(self, key: str) -> None:
        await self.redis.delete(_key("attempts", key))

    async def settle(self, result: RatedResult, at: float) -> list[SeatRating]:
        marker = _key("settled", result.match_id)
        ids = [seat.account for seat in result.seats]
        for _ in range(SETTLE_TRIES):
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.get(marker)
                for account_id in ids:
                    pipe.hget(_key("account", account_id), "data")
                done, *found = await pipe.execute()
            if done is not None:
                return _seats.decode(done)
            stored = {
                account_id: _stored.decode(data)
                for account_id, data in zip(ids, found, strict=True)
            }
            settlement = settle(result, {i: s.account for i, s in stored.items()}, at)
            answer = await self._apply(result, marker, stored, settlement)
            if answer is not None:
                return answer
        raise SettleConflict(f"match {result.match_id}: its players' ratings kept changing")

    async def _apply(
        self,
        result: RatedResult,
        marker: str,
        stored: dict[str, StoredAccount],
        settlement: Settlement,
    ) -> list[SeatRating] | None:
        keys = [marker, _key("board", result.kind)]
        args: list[bytes | str | int | float] = [
            _encoder.encode(settlement.seats),
            len(settlement.accounts),
            HISTORY,
            MATCHES,
        ]
        for account in settlement.accounts:
            keys += [
                _key("account", account.id),
                _key("history", account.id, result.kind),
                _key("matches", account.id),
            ]
            before = stored[account.id]
            args += [
                str(before.account.version),
                _encoder.encode(StoredAccount(account, before.password_hash)),
                str(account.version),
                account.ratings[result.kind].ordinal,
                account.id,
                _encoder.encode(settlement.points[account.id]),
                _encoder.encode(settlement.entries[account.id]),
            ]
        status, seats = await self._settle(keys=keys, args=args)
        return None if int(status) == 0 else _seats.decode(seats)

    async def leaderboard(self, kind: RatingKind, limit: int) -> list[LeaderboardEntry]:
        ranked = await self.redis.zrevrange(_key("board", kind), 0, limit - 1)
        ids = [_text(account_id) for account_id in ranked]
        async with self.redis.pipeline(transaction=False) as pipe:
            for account_id in ids:
                pipe.hget(_key("account", account_id), "data")
            datas = await pipe.execute() if ids else []
        found = {i: _stored.decode(d).account for i, d in zip(ids, datas, strict=True) if d}
        return _board(ids, found, kind)

    async def history(self, account_id: str, kind: RatingKind) -> list[Point]:
        points = await self.redis.lrange(_key("history", account_id, kind), 0, -1)
        return [_point.decode(point) for point in points]

    async def matches(self, account_id: str) -> list[MatchEntry]:
        entries = await self.redis.lrange(_key("matches", account_id), 0, -1)
        return [_entry.decode(entry) for entry in entries]

    async def secret(self) -> bytes:
        await self.redis.set(_SECRET, secrets.token_hex(32), nx=True)
        secret = await self.redis.get(_SECRET)
        assert secret is not None
        return _text(secret).encode()

    async def mail(self, account_id: str) -> MailAddress | None:
        data = await self.redis.get(_key("mail", account_id))
        return None if data is None else _mail.decode(data)

    async def put_mail(self, account_id: str, mail: MailAddress | None) -> None:
        if mail is None:
            await self.redis.delete(_key("mail", account_id))
        else:
            await self.redis.set(_key("mail", account_id), _encoder.encode(mail))

    async def mail_state(self, account_id: str, address: str, state: MailState) -> bool:
        updated = await self._mail_state(
            keys=[_key("mail", account_id)],
            args=[address, _encoder.encode(MailAddress(address, state))],
        )
        return bool(updated)

    async def first_notice(self, account_id: str, turn: str, ttl: int) -> bool:
        first = await self.redis.set(_key("notified", account_id, turn), 1, nx=True, ex=ttl)
        return bool(first)
