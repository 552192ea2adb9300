"""The HTTP side of accounts (docs/PROTOCOL.md, "Accounts"): sign up, log in, log out, who
am I, the leaderboard per kind of rated game, and a player's profile. The session rides in a
signed, ``HttpOnly``, ``SameSite=Lax`` cookie (``Secure`` over HTTPS)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated

import msgspec
from redis.exceptions import RedisError
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from briscola.accounts.cookies import COOKIE, SESSION_TTL
from briscola.accounts.model import Account, AccountView, Profile
from briscola.service.accounts import Accounts, TooManyAttempts
from briscola.service.http import BodyRefused, error, json_response, read_json_body
from briscola.wire.errors import Code, Refusal
from briscola.wire.names import name_key
from briscola.wire.ratings import RATED_KINDS, RatingKind

#: The leaderboard's length.
LEADERBOARD = 100

_STATUS = {
    Code.BAD_NAME: 422,
    Code.BAD_PASSWORD: 422,
    Code.NAME_TAKEN: 409,
    Code.BAD_CREDENTIALS: 401,
}


class Credentials(msgspec.Struct, forbid_unknown_fields=True):
    name: Annotated[str, msgspec.Meta(max_length=96)]
    password: Annotated[str, msgspec.Meta(max_length=256)]


_credentials = msgspec.json.Decoder(Credentials)
Handler = Callable[[Request], Awaitable[Response]]


def _signed_in(account: Account, cookie: str, request: Request, status: int) -> Response:
    response = json_response({"account": AccountView.of(account)}, status)
    response.set_cookie(
        COOKIE,
        cookie,
        max_age=SESSION_TTL,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    return response


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


#: ``?players=N``: the classic game's rating at that count.
_BY_PLAYERS = {kind.value: kind for kind in RatingKind if kind is not RatingKind.SCOPERTA}


def _kind_asked(request: Request) -> RatingKind:
    """The leaderboard's kind: ``?kind=K`` (any kind), else ``?players=N``, else "4"."""
    kind = request.query_params.get("kind")
    if kind is None:
        players = request.query_params.get("players", "4")
        if players in _BY_PLAYERS:
            return _BY_PLAYERS[players]
    elif kind in RATED_KINDS:
        return RatingKind(kind)
    choices = f"kind is one of {', '.join(RATED_KINDS)}; players one of {', '.join(_BY_PLAYERS)}"
    raise Refusal(Code.BAD_MESSAGE, choices)


def guard(handler: Handler, status: dict[Code, int] = _STATUS) -> Handler:
    """Answer a refusal (its HTTP status from ``status``, else 400), a bad body, too many
    attempts or a store away as JSON errors."""

    async def guarded_handler(request: Request) -> Response:
        try:
            return await handler(request)
        except BodyRefused as refused:
            return refused.response
        except Refusal as refusal:
            return error(refusal.code, refusal.message, status.get(refusal.code, 400))
        except TooManyAttempts as limited:
            response = error(
                Code.TOO_MANY_ATTEMPTS, "too many attempts: wait a while and try again", 429
            )
            response.headers["Retry-After"] = str(limited.retry_after)
            return response
        except RedisError:
            message = "accounts are unavailable for a moment: try again"
            return error(Code.STORE_UNAVAILABLE, message, 503)

    return guarded_handler


def account_routes(accounts: Accounts) -> list[Route]:
    """The routes, over ``accounts``."""
    store = accounts.store

    async def credentials(request: Request) -> Credentials:
        try:
            return _credentials.decode(await read_json_body(request) or b"{}")
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise Refusal(Code.BAD_MESSAGE, str(exc)) from None

    async def sign_up(request: Request) -> Response:
        given = await credentials(request)
        account, cookie = await accounts.sign_up(given.name, given.password, _address(request))
        return _signed_in(account, cookie, request, 201)

    async def log_in(request: Request) -> Response:
        given = await credentials(request)
        account, cookie = await accounts.log_in(given.name, given.password, _address(request))
        return _signed_in(account, cookie, request, 200)

    async def log_out(request: Request) -> Response:
        await accounts.log_out(request.cookies.get(COOKIE))
        response = Response(status_code=204)
        response.delete_cookie(COOKIE, httponly=True, samesite="lax")
        return response

    async def who(request: Request) -> Response:
        account = await accounts.account(request.cookies.get(COOKIE))
        return json_response({"account": AccountView.of(account) if account else None})

    async def leaderboard(request: Request) -> Response:
        kind = _kind_asked(request)
        entries = await store.leaderboard(kind, LEADERBOARD)
        return json_response({"kind": kind, "players": kind.players, "entries": entries})

    async def profile(request: Request) -> Response:
        # An account's id is its name's key: the address is read by the same rule, so
        # /api/accounts/Nico, /api/accounts/nico and /api/accounts/NICO are one player's.
        account_id = name_key(request.path_params["account"])
        stored = await store.get(account_id) if account_id else None
        if stored is None:
            return error(Code.ACCOUNT_NOT_FOUND, "no player with that id", 404)
        history = {kind.value: await store.history(account_id, kind) for kind in RATED_KINDS}
        matches = await store.matches(account_id)
        return json_response(Profile(AccountView.of(stored.account), history, matches))

    return [
        Route("/api/accounts", guard(sign_up), methods=["POST"]),
        Route("/api/accounts/{account}", guard(profile), methods=["GET"]),
        Route("/api/session", guard(log_in), methods=["POST"]),
        Route("/api/session", guard(log_out), methods=["DELETE"]),
        Route("/api/session", guard(who), methods=["GET"]),
        Route("/api/leaderboard", guard(leaderboard), methods=["GET"]),
    ]
