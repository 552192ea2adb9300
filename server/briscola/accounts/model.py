"""An account and what is kept of its matches, as stored and as served (docs/PROTOCOL.md,
"Accounts")."""

from __future__ import annotations

import msgspec

from briscola.wire.ratings import Rating


class Account(msgspec.Struct, frozen=True):
    """One person's account. ``id`` is the name's key (:func:`briscola.wire.names.name_key`),
    so two accounts never share a name however it is spelt."""

    id: str
    name: str
    created: float
    #: Per player count ("2", "3", "4").
    ratings: dict[str, Rating]
    #: Bumped by every change of the ratings: a settlement applies only to the version it
    #: was worked out from (no lost update between two matches ending at once).
    version: int = 0


class AccountView(msgspec.Struct, frozen=True):
    """An account as anyone may see it (no version, no hash)."""

    id: str
    name: str
    created: float
    ratings: dict[str, Rating]

    @classmethod
    def of(cls, account: Account) -> AccountView:
        return cls(account.id, account.name, account.created, account.ratings)


class StoredAccount(msgspec.Struct, frozen=True):
    """An account as the store keeps it: with its password's argon2id hash."""

    account: Account
    password_hash: str


class Point(msgspec.Struct, frozen=True):
    """A player's rating after one rated match: the profile's rating history."""

    at: float
    match_id: str
    mu: float
    sigma: float
    ordinal: float


class MatchEntry(msgspec.Struct, frozen=True):
    """One rated match in a player's history, as they saw it."""

    match_id: str
    players: int
    at: float
    room: str | None
    result: str
    side: int
    partners: list[str]
    opponents: list[str]
    hands: list[str]
    #: How far the match moved the player's ordinal.
    change: float


class LeaderboardEntry(msgspec.Struct, frozen=True):
    rank: int
    id: str
    name: str
    rating: Rating
    matches: int


class Profile(msgspec.Struct, frozen=True):
    """A player's page: the account, the rating after each rated match per player count
    (newest first), and their rated matches (newest first)."""

    account: AccountView
    history: dict[str, list[Point]]
    matches: list[MatchEntry]
