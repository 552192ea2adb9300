"""The HTTP side of e-mail (docs/PROTOCOL.md, "E-mail"): the signed-in player's address
(see, set, remove, send the confirmation again), and the two links the mails carry —
confirm the address, stop the notices — which need no login, only their signed token."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Annotated, TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from briscola.accounts.cookies import COOKIE
from briscola.accounts.mail import BadAddress, Link, normalise_address
from briscola.accounts.model import Account, MailAddress, MailState
from briscola.service.account_routes import guard
from briscola.service.accounts import Accounts, TooManyAttempts
from briscola.service.http import json_response, read_json_body
from briscola.service.mail import Letters, SmtpSender
from briscola.wire.errors import Code, Refusal

log = logging.getLogger(__name__)

#: Confirmation mails one account may have sent per login window (``login_window``).
CONFIRMATIONS = 5

_STATUS = {
    Code.ACCOUNT_REQUIRED: 401,
    Code.EMAIL_UNAVAILABLE: 501,
    Code.BAD_EMAIL: 422,
    Code.NO_EMAIL: 404,
    Code.EMAIL_CONFIRMED: 409,
    Code.EMAIL_NOT_SENT: 502,
}


class AddressGiven(msgspec.Struct, forbid_unknown_fields=True):
    address: Annotated[str, msgspec.Meta(max_length=320)]


class TokenGiven(msgspec.Struct, forbid_unknown_fields=True):
    token: Annotated[str, msgspec.Meta(max_length=1024)]


class MailView(msgspec.Struct, frozen=True):
    """The player's own view of their address: whether this server sends e-mail at all,
    and the address with its state (or null)."""

    available: bool
    email: MailAddress | None


T = TypeVar("T")
_address = msgspec.json.Decoder(AddressGiven)
_token = msgspec.json.Decoder(TokenGiven)


def _decode(decoder: msgspec.json.Decoder[T], body: bytes) -> T:
    try:
        return decoder.decode(body or b"{}")
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise Refusal(Code.BAD_MESSAGE, str(exc)) from None


def mail_routes(accounts: Accounts, sender: SmtpSender | None, letters: Letters) -> list[Route]:
    """The routes; without a ``sender`` (no SMTP host) no address can be set."""
    store = accounts.store
    available = sender is not None

    async def signed_in(request: Request) -> Account:
        account = await accounts.account(request.cookies.get(COOKIE))
        if account is None:
            raise Refusal(Code.ACCOUNT_REQUIRED, "log in to see or set your e-mail address")
        return account

    def view(mail: MailAddress | None) -> Response:
        return json_response(MailView(available, mail))

    def sending() -> SmtpSender:
        if sender is None:
            raise Refusal(Code.EMAIL_UNAVAILABLE, "this server does not send e-mail")
        return sender

    async def count_confirmation(account: Account) -> None:
        """One more confirmation mail for ``account``, unless it has had its share."""
        limit = [f"mail:{account.id}"]
        if await store.failures(limit) >= CONFIRMATIONS:
            raise TooManyAttempts(accounts.settings.login_window)
        await store.failed(limit, accounts.settings.login_window)

    async def send_confirmation(account: Account, mail: MailAddress) -> None:
        smtp = sending()
        letter = letters.confirmation(Link(account.id, mail.address), account.name)
        try:
            await smtp.send(letter, "confirmation")
        except OSError as exc:
            log.warning("confirmation mail for %s not sent: %r", account.id, exc)
            raise Refusal(
                Code.EMAIL_NOT_SENT, "the confirmation mail could not be sent: try again later"
            ) from None

    async def show(request: Request) -> Response:
        account = await signed_in(request)
        return view(await store.mail(account.id))

    async def put(request: Request) -> Response:
        account = await signed_in(request)
        given = _decode(_address, await read_json_body(request))
        sending()
        try:
            address = normalise_address(given.address)
        except BadAddress as exc:
            raise Refusal(Code.BAD_EMAIL, str(exc)) from None
        kept = await store.mail(account.id)
        if kept is not None and kept.address == address and kept.state is not MailState.UNCONFIRMED:
            # The address was confirmed once: setting it again turns the notices back on.
            mail = MailAddress(address, MailState.CONFIRMED)
            await store.put_mail(account.id, mail)
            return view(mail)
        await count_confirmation(account)
        mail = MailAddress(address)
        await store.put_mail(account.id, mail)
        await send_confirmation(account, mail)
        return view(mail)

    async def remove(request: Request) -> Response:
        account = await signed_in(request)
        await store.put_mail(account.id, None)
        return Response(status_code=204)

    async def resend(request: Request) -> Response:
        account = await signed_in(request)
        kept = await store.mail(account.id)
        if kept is None:
            raise Refusal(Code.NO_EMAIL, "no e-mail address is set")
        if kept.state is not MailState.UNCONFIRMED:
            raise Refusal(Code.EMAIL_CONFIRMED, "this address is confirmed already")
        sending()
        await count_confirmation(account)
        await send_confirmation(account, kept)
        return view(kept)

    def link_route(
        path: str, read: Callable[[str], Link | None], state: MailState, wrong: str
    ) -> Route:
        """A mail link's landing call: its token, read by ``read``, sets the address it
        names to ``state`` — if it is still the account's. A stop token was only ever
        sent to a confirmed address, so the mailbox is known to be the player's."""

        async def follow(request: Request) -> Response:
            given = _decode(_token, await read_json_body(request))
            link = read(given.token)
            if link is None or not await store.mail_state(link.account, link.address, state):
                raise Refusal(Code.BAD_LINK, wrong)
            return json_response({"state": state})

        return Route(path, guard(follow, _STATUS), methods=["POST"])

    return [
        Route("/api/session/email", guard(show, _STATUS), methods=["GET"]),
        Route("/api/session/email", guard(put, _STATUS), methods=["PUT"]),
        Route("/api/session/email", guard(remove, _STATUS), methods=["DELETE"]),
        Route("/api/session/email/confirmation", guard(resend, _STATUS), methods=["POST"]),
        link_route(
            "/api/email/confirm",
            lambda token: accounts.links.confirmed(token),
            MailState.CONFIRMED,
            "this link is broken, too old, or for an address no longer on the account",
        ),
        link_route(
            "/api/email/stop",
            lambda token: accounts.links.stopped(token),
            MailState.STOPPED,
            "this link is broken, or for an address no longer used",
        ),
    ]
