"""An account and what is kept of its matches, as stored and as served (docs/PROTOCOL.md,
"Accounts")."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from briscola.wire.ratings import RATED_KINDS, Rating, fresh_ratings


class Account(msgspec.Struct, frozen=True):
    """One person's account. ``id`` is the name's key (:func:`briscola.wire.names.name_key`),
    so two accounts never share a name however it is spelt."""

    id: str
    name: str
    created: float
    #: Per kind of rated game (:class:`~briscola.wire.ratings.RatingKind`: "2", "3", "4",
    #: "6", "scoperta").
    ratings: dict[str, Rating]
    #: Bumped by every change of the ratings: a settlement applies only to the version it
    #: was worked out from (no lost update between two matches ending at once).
    version: int = 0

    def __post_init__(self) -> None:
        # An account kept before a kind was rated (decoded too) starts that kind afresh.
        if any(kind not in self.ratings for kind in RATED_KINDS):
            msgspec.structs.force_setattr(self, "ratings", {**fresh_ratings(), **self.ratings})


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
    #: The rating it moved (a :class:`~briscola.wire.ratings.RatingKind`); an entry kept
    #: before kinds were, at the classic game, reads its player count's.
    kind: str = ""
    #: The match ended on time: a player at a table at its own pace let a deadline pass
    #: (the losing side's).
    on_time: bool = False

    def __post_init__(self) -> None:
        if not self.kind:
            msgspec.structs.force_setattr(self, "kind", str(self.players))


class LeaderboardEntry(msgspec.Struct, frozen=True):
    rank: int
    id: str
    name: str
    rating: Rating
    matches: int


class Profile(msgspec.Struct, frozen=True):
    """A player's page: the account, the rating after each rated match per kind (newest
    first), and their rated matches (newest first)."""

    account: AccountView
    history: dict[str, list[Point]]
    matches: list[MatchEntry]


class MailState(StrEnum):
    """Where an account's e-mail address stands: waiting for its link to be followed,
    receiving notices, or stopped by its "stop these e-mails" link."""

    UNCONFIRMED = "unconfirmed"
    CONFIRMED = "confirmed"
    STOPPED = "stopped"


class MailAddress(msgspec.Struct, frozen=True):
    """An account's e-mail address, kept apart from the account (private: never in an
    :class:`AccountView`; and a change of it never races a settlement of the ratings)."""

    address: str
    state: MailState = MailState.UNCONFIRMED

    @property
    def receives(self) -> bool:
        """Whether turn notices go to it."""
        return self.state is MailState.CONFIRMED
