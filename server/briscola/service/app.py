"""The Starlette application: HTTP routes, the websocket route, the browser client, and a
lifespan that owns the room manager and the store. Nothing imports this module."""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import msgspec
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from briscola.accounts.cookies import COOKIE
from briscola.engine import GAMES, record_game
from briscola.metrics import Metrics
from briscola.service.account_routes import account_routes
from briscola.service.accounts import Accounts
from briscola.service.config import Settings
from briscola.service.http import BodyRefused, error, json_response, read_json_body
from briscola.service.mail import EmailNotices, Letters, SmtpSender
from briscola.service.mail_routes import mail_routes
from briscola.service.manager import RoomManager
from briscola.service.my_games import my_games
from briscola.service.notices import NoNotices, TurnNotices
from briscola.service.origins import host_allowed
from briscola.service.transport import Receive, Scope, Send, serve_socket
from briscola.store.base import Store
from briscola.store.cluster import Cluster, LocalCluster, RedisCluster
from briscola.store.memory import MemoryStore
from briscola.store.redis import RedisStore
from briscola.wire.errors import Code
from briscola.wire.table_rules import TableRules

log = logging.getLogger(__name__)

CLIENT_DIR = Path(os.environ.get("BRISCOLA_CLIENT_DIR", Path(__file__).parents[3] / "client"))
#: Where the score pad lives: its page, and the service worker whose scope is that page (a
#: worker controls only what is under its own folder unless the server allows it more).
SCORE_PATH = "/score"
SCORE_WORKER = {"Service-Worker-Allowed": SCORE_PATH, "Cache-Control": "no-cache"}
_rules_decoder = msgspec.json.Decoder(TableRules)
WEBSOCKET_PATH = "/ws"
#: A finished hand never changes: browsers and caches may keep its record and replay.
FINISHED = {"Cache-Control": "public, max-age=86400, immutable"}
#: What a replay repeats of its hand's record beside the steps.
REPLAY_FIELDS = (
    "hand_id", "match_id", "room", "players", "names", "rules", "dealer", "seed",
    "commitment", "result", "points", "resigned",
    "caller", "contract", "called", "partner", "deltas",  # a Chiamata deal's
)  # fmt: skip


def create_app(settings: Settings, notices: TurnNotices | None = None) -> BriscolaApp:
    """Build the app for ``settings``; the manager starts and stops with its lifespan.
    ``notices`` tells a player away that their turn began at a table at their own pace
    (by default an e-mail when SMTP is set, else nobody is told)."""
    metrics = Metrics()
    store: Store
    cluster: Cluster
    if settings.redis_url:
        store = RedisStore(settings.redis_url, metrics, record_ttl=settings.record_ttl)
        cluster = RedisCluster(settings.redis_url, store, settings.node_id)
    else:
        store = MemoryStore()
        cluster = LocalCluster()
    accounts = Accounts(store.accounts, settings)
    sender = SmtpSender(settings, metrics) if settings.smtp_host else None
    letters = Letters(settings, accounts)
    if notices is None:
        notices = (
            EmailNotices(store.accounts, sender, letters) if sender is not None else NoNotices()
        )
    manager = RoomManager(settings, store, metrics, cluster, notices=notices)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if store.status == "off":
            log.warning("no REDIS_URL: tables and accounts live in memory only and are NOT durable")
        await manager.start()
        await accounts.start()
        try:
            yield
        finally:
            await manager.close()
            if isinstance(notices, EmailNotices):
                await notices.close()

    index = client_file("index.html")
    score_page = client_file("score/index.html")
    score_worker = client_file("score/sw.js", "text/javascript", SCORE_WORKER)
    score_manifest = client_file("score/manifest.webmanifest", "application/manifest+json")

    async def list_rooms(request: Request) -> Response:
        await manager.lobby.refresh()
        return json_response({"rooms": manager.lobby.public_rooms()})

    async def create_room(request: Request) -> Response:
        try:
            body = await read_json_body(request)
        except BodyRefused as refused:
            return refused.response
        try:
            rules = _rules_decoder.decode(body or b"{}")
        except (msgspec.ValidationError, msgspec.DecodeError, ValueError) as exc:
            return error(Code.BAD_RULES, str(exc), 422)
        if rules.paced:
            refusal = await _refuse_paced(rules, request)
            if refusal is not None:
                return refusal
        elif rules.rated and await accounts.identify(request.cookies.get(COOKIE)) is None:
            return error(Code.ACCOUNT_REQUIRED, "log in to open a rated table", 403)
        room = await manager.owned.create(rules)
        return json_response(room.summary(), 201)

    async def _refuse_paced(rules: TableRules, request: Request) -> Response | None:
        """A table at its own pace needs Redis (it outlives every process), a deadline no
        shorter than the server's least, and a signed-in creator."""
        if store.pace is None:
            return error(Code.REDIS_REQUIRED, "games at your own pace need the server's Redis", 409)
        if rules.deadline < settings.min_deadline:
            least = settings.min_deadline
            return error(Code.BAD_DEADLINE, f"a move's deadline is at least {least} s", 422)
        if await accounts.identify(request.cookies.get(COOKIE)) is None:
            return error(Code.ACCOUNT_REQUIRED, "log in to play at your own pace", 403)
        return None

    async def get_my_games(request: Request) -> Response:
        """The signed-in player's games at their own pace (docs/PROTOCOL.md, "My games")."""
        identity = await accounts.identify(request.cookies.get(COOKIE))
        if identity is None:
            return error(Code.ACCOUNT_REQUIRED, "log in to see your games", 401)
        return json_response({"games": await my_games(store.pace, identity.account)})

    async def get_room(request: Request) -> Response:
        summary = await manager.lobby.find_summary(request.path_params["room"])
        if summary is None:
            return error(Code.ROOM_NOT_FOUND, "no such table", 404)
        return json_response(summary)

    async def get_hand(request: Request) -> Response:
        record = await store.get_record(request.path_params["hand"])
        if record is None:
            return error(Code.HAND_NOT_FOUND, "no finished hand with that id", 404)
        return Response(record, media_type="application/json", headers=FINISHED)

    async def get_replay(request: Request) -> Response:
        """A finished hand step by step, every card face up (docs/PROTOCOL.md)."""
        stored = await store.get_record(request.path_params["hand"])
        if stored is None:
            return error(Code.HAND_NOT_FOUND, "no finished hand with that id", 404)
        record = msgspec.json.decode(stored)
        shown = {key: record[key] for key in REPLAY_FIELDS if key in record}
        steps = GAMES[record_game(record)].replay(record)
        response = json_response({**shown, "steps": steps})
        response.headers.update(FINISHED)
        return response

    async def healthz(request: Request) -> Response:
        """Up (HTTP 200) while the game is; ``degraded`` while Redis is away or lacks data
        being written again (``mirror``), and how often Redis lost acknowledged writes."""
        mirror = store.status.value
        return JSONResponse(
            {
                "status": "ok" if mirror in ("off", "ok") else "degraded",
                "mirror": mirror,
                "data_loss": store.data_losses,
                "node": manager.cluster.node,
                "rooms": len(manager.rooms),
                "connections": len(manager.gateway.connections),
            }
        )

    async def metrics_endpoint(request: Request) -> Response:
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    starlette = Starlette(
        routes=[
            Route("/", index),
            Route("/t/{room}", index),
            Route("/r/{hand}", index),
            Route("/leaderboard", index),
            Route("/my-games", index),
            Route("/help", index),
            Route("/login", index),
            Route("/u/{account}", index),
            Route("/email/confirm", index),
            Route("/email/stop", index),
            Route(SCORE_PATH, score_page),
            Route(f"{SCORE_PATH}/sw.js", score_worker),
            Route(f"{SCORE_PATH}/manifest.webmanifest", score_manifest),
            Route("/api/rooms", list_rooms, methods=["GET"]),
            Route("/api/rooms", create_room, methods=["POST"]),
            Route("/api/rooms/{room}", get_room),
            Route("/api/my-games", get_my_games),
            Route("/api/hands/{hand}", get_hand),
            Route("/api/hands/{hand}/replay", get_replay),
            *account_routes(accounts),
            *mail_routes(accounts, sender, letters),
            Route("/healthz", healthz),
            Route("/metrics", metrics_endpoint),
            Mount("/static", StaticFiles(directory=CLIENT_DIR, check_dir=False), name="static"),
        ],
        lifespan=lifespan,
    )
    return BriscolaApp(starlette, manager, accounts)


def client_file(
    name: str, media_type: str | None = None, headers: dict[str, str] | None = None
) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint that serves one file of the browser client (its type guessed from its
    name unless given)."""

    async def endpoint(request: Request) -> Response:
        return FileResponse(CLIENT_DIR / name, media_type=media_type, headers=headers)

    return endpoint


class BriscolaApp:
    """The ASGI entry point: ``/ws`` goes straight to the websocket handler, everything else
    (HTTP, the lifespan) to Starlette."""

    def __init__(self, starlette: Starlette, manager: RoomManager, accounts: Accounts) -> None:
        self.starlette = starlette
        self.manager = manager
        self.accounts = accounts
        self.hosts = manager.settings.allowed_hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not host_allowed(scope, self.hosts):
            await refuse_host(scope, receive, send)
            return
        if scope["type"] == "websocket":
            if scope["path"] == WEBSOCKET_PATH:
                await serve_socket(scope, receive, send, self.manager.gateway, self.accounts)
            else:
                await receive()
                await send({"type": "websocket.close", "code": 1008})
            return
        await self.starlette(scope, receive, send)


async def refuse_host(scope: Scope, receive: Receive, send: Send) -> None:
    """A request for a host this server is not (DNS rebinding): 400 ``bad_host`` over HTTP;
    a websocket handshake is refused (403)."""
    if scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.close", "code": 1008})
        return
    response = error(Code.BAD_HOST, "this server does not answer to that host name", 400)
    await response(scope, receive, send)
