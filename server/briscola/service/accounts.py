"""Accounts in the shell: sign-up, log-in (rate-limited per name and per address), log-out,
who a request or a websocket handshake is (its signed session cookie), and the check of
every ``join`` and ``watch`` against the accounts — a signed-in person sits under their
account, a guest never under an account's name. The HTTP routes are
:mod:`briscola.service.account_routes`."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass

from redis.exceptions import RedisError

from briscola.accounts.cookies import SESSION_TTL, SessionSigner
from briscola.accounts.mail import MailLinks
from briscola.accounts.model import Account, StoredAccount
from briscola.accounts.passwords import BadPassword, check_rule, hash_password, password_matches
from briscola.service.config import Settings
from briscola.store.accounts import AccountStore
from briscola.wire.commands import AccountJoin, AccountResume, Command, Join, Resume, Watch
from briscola.wire.errors import Code, Refusal
from briscola.wire.names import BadName, name_key, normalise_name
from briscola.wire.ratings import fresh_ratings

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Identity:
    """Who a connection is signed in as."""

    account: str
    name: str


class TooManyAttempts(Exception):
    """Logins refused for a while: too many failed for this name or from this address."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after


class Accounts:
    """The accounts' rules over the store's accounts."""

    def __init__(self, store: AccountStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self._signer: SessionSigner | None = None
        self._links: MailLinks | None = None

    async def start(self) -> None:
        """Take the key the cookies and mail links are signed with: the configured secret,
        else the one every process on this store shares."""
        secret = self.settings.secret.encode() or await self.store.secret()
        self._signer = SessionSigner(secret)
        self._links = MailLinks(secret)

    @property
    def signer(self) -> SessionSigner:
        assert self._signer is not None, "Accounts.start() first"
        return self._signer

    @property
    def links(self) -> MailLinks:
        assert self._links is not None, "Accounts.start() first"
        return self._links

    # ------------------------------------------------------------------ who

    async def identify(self, cookie: str | None) -> Identity | None:
        """Who a session cookie says the person is: None for a guest, a cookie that is
        tampered with, too old or logged out, or while the store cannot answer."""
        try:
            account = await self.account(cookie)
        except RedisError:
            log.warning("accounts: the store did not answer; this person is a guest for now")
            return None
        return Identity(account.id, account.name) if account is not None else None

    async def account(self, cookie: str | None) -> Account | None:
        """The account a session cookie is signed in to, if any.

        Raises:
            redis.exceptions.RedisError: the store does not answer.
        """
        session = self.signer.session_of(cookie)
        account_id = await self.store.session_account(session) if session else None
        stored = await self.store.get(account_id) if account_id else None
        return stored.account if stored is not None else None

    async def vet(self, identity: Identity | None, command: Join | Watch | Resume) -> Command:
        """A ``join``, ``watch`` or ``resume`` as it goes on to the table: a signed-in
        person's under their account (a join or resume with its ratings: a guest's seat
        they take back becomes the account's); a guest's refused if its name is an
        account's. A resume always goes on: while the store cannot answer, as it was sent.

        Raises:
            Refusal: ``name_taken``; ``store_unavailable`` for a signed-in person's join
                while the store cannot answer (their ratings are needed).
        """
        if isinstance(command, Resume):
            return await self._resume(identity, command)
        if identity is None:
            name = command.name
            if name is not None and await self._registered(name):
                raise Refusal(
                    Code.NAME_TAKEN,
                    f"{name!r} is a registered player's name: log in, or choose another",
                )
            return command
        if isinstance(command, Watch):
            return Watch(command.room, identity.name)
        try:
            stored = await self.store.get(identity.account)
        except RedisError:
            raise Refusal(
                Code.STORE_UNAVAILABLE, "accounts are unavailable for a moment: try again"
            ) from None
        ratings = stored.account.ratings if stored is not None else fresh_ratings()
        return AccountJoin(
            command.room, identity.account, identity.name, ratings, command.seat, command.side
        )

    async def _resume(self, identity: Identity | None, command: Resume) -> Command:
        if identity is None:
            return command
        try:
            stored = await self.store.get(identity.account)
        except RedisError:
            return command
        if stored is None:
            return command
        account = stored.account
        return AccountResume(command.room, command.token, account.id, account.name, account.ratings)

    async def _registered(self, name: str) -> bool:
        try:
            return await self.store.get(name_key(name)) is not None
        except RedisError:  # a guest plays on while Redis is away, as the tables do
            return False

    # ---------------------------------------------------------- sign-up, log-in

    async def sign_up(self, name: str, password: str, address: str) -> tuple[Account, str]:
        """A new account, signed in: the account and its session cookie.

        Raises:
            Refusal: ``bad_name``, ``bad_password``, ``name_taken``.
            TooManyAttempts: too many sign-ups from this address.
        """
        try:
            shown = normalise_name(name)
        except BadName as exc:
            raise Refusal(Code.BAD_NAME, str(exc)) from None
        key = name_key(shown)
        if not key:
            raise Refusal(Code.BAD_NAME, "an account's name needs a letter or a digit")
        try:
            check_rule(password)
        except BadPassword as exc:
            raise Refusal(Code.BAD_PASSWORD, str(exc)) from None
        await self._limit([f"signup:{address}"], self.settings.signup_limit)
        await self.store.failed([f"signup:{address}"], self.settings.login_window)
        digest = await asyncio.to_thread(hash_password, password)
        account = Account(key, shown, time.time(), fresh_ratings())
        if not await self.store.create(StoredAccount(account, digest)):
            raise Refusal(
                Code.NAME_TAKEN,
                f"{shown!r} is taken (names count alike whatever their case, accents or spaces)",
            )
        log.info("account %s signed up", key)
        return account, await self._open(key)

    async def log_in(self, name: str, password: str, address: str) -> tuple[Account, str]:
        """Sign in: the account and a new session cookie. An unknown name and a wrong
        password get the same answer, after the same work.

        Raises:
            Refusal: ``bad_credentials``.
            TooManyAttempts: too many failures for this name or from this address.
        """
        key = name_key(name)
        by_name, by_address = f"name:{key}", f"address:{address}"
        await self._limit([by_name], self.settings.login_name_limit)
        await self._limit([by_address], self.settings.login_address_limit)
        stored = await self.store.get(key) if key else None
        digest = stored.password_hash if stored is not None else None
        if stored is None or not await asyncio.to_thread(password_matches, digest, password):
            await self.store.failed([by_name, by_address], self.settings.login_window)
            raise Refusal(Code.BAD_CREDENTIALS, "wrong name or password")
        await self.store.forget_failures(by_name)
        return stored.account, await self._open(key)

    async def log_out(self, cookie: str | None) -> None:
        session = self.signer.session_of(cookie)
        if session is not None:
            await self.store.close_session(session)

    async def _open(self, account_id: str) -> str:
        session, cookie = self.signer.new()
        await self.store.open_session(session, account_id, SESSION_TTL)
        return cookie

    async def _limit(self, keys: list[str], limit: int) -> None:
        if await self.store.failures(keys) >= limit:
            raise TooManyAttempts(self.settings.login_window)
