"""The websocket edge: one read loop per socket; frames written at once while the socket
takes them, else to a bounded send queue drained by a writer task that runs only while the
socket makes it wait; a token-bucket rate limit,
the Origin check (:mod:`briscola.service.origins`). Knows nothing of the rules.

This is a plain ASGI handler rather than a Starlette endpoint: it sits on the hot path of
every message, and Starlette's ``WebSocket`` wrapper and exception middleware cost about 7 %
of the server's time per message (docs/BENCHMARKS.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from starlette.requests import cookie_parser

from briscola.accounts.cookies import COOKIE
from briscola.metrics import Metrics
from briscola.service.accounts import Identity
from briscola.service.config import Settings
from briscola.service.eager import finish
from briscola.service.origins import origin_allowed
from briscola.service.websocket_protocol import READ_TEXT, WRITE_TEXT
from briscola.wire.commands import Command, Join, Resume, Watch, command_type, parse
from briscola.wire.errors import Code, Refusal
from briscola.wire.messages import CloseCode

log = logging.getLogger(__name__)

Scope = dict[str, Any]
Receive = Any
Send = Any
#: Writes a text frame at once if the socket takes it (False: not written).
WriteNow = Callable[[str], bool]

FLUSH_TIMEOUT = 2.0
BINARY = Refusal(Code.BINARY_FRAME, "send messages as JSON text frames, not binary")
#: The commands the accounts look at before they go on (:meth:`Gate.vet`).
VETTED = (Join, Watch, Resume)


class TokenBucket:
    """``rate`` messages a second on average, bursts of up to ``burst``."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """One client socket. :meth:`send` never blocks: a client whose queue overflows is
    dropped (1013) and resyncs when it reconnects, so it cannot hold up its room."""

    __slots__ = (
        "_closer",
        "_pending",
        "_send",
        "_write_now",
        "_writer",
        "closed",
        "id",
        "limit",
        "listening",
    )

    def __init__(
        self, send: Send, limit: int, conn_id: int, write_now: WriteNow | None = None
    ) -> None:
        self._send = send
        self._write_now = write_now
        self.limit = limit
        #: Opaque: how the rooms and the gateway name this connection.
        self.id = conn_id
        self.closed = False
        #: Whether its messages are read as they come, off the websocket protocol
        #: (:class:`Reader`), rather than through the ASGI ``receive``.
        self.listening = False
        self._pending: deque[str] = deque()
        self._writer: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None

    @property
    def direct(self) -> bool:
        """Whether frames are written straight through the websocket protocol."""
        return self._write_now is not None

    def send(self, text: str) -> None:
        """Send a text frame now if the socket takes it, else queue it for the writer.

        The frame is written straight through the websocket protocol when it offers that
        (:data:`~briscola.service.websocket_protocol.WRITE_TEXT`) and the socket takes it.
        Otherwise uvicorn's ``send``, which also finishes without suspending while the
        socket is writable, is run in place, as an eager task would be (Python 3.12's
        ``eager_task_factory``): no task and no hop through the event loop per frame. Only
        a send that has to wait (the client reads slowly) gets a writer task, which
        finishes it and then the frames queued behind it.
        """
        if self.closed:
            return
        if self._writer is None:
            write_now = self._write_now
            if write_now is not None and write_now(text):
                return
            coro = self._send({"type": "websocket.send", "text": text})
            try:
                waiting = coro.send(None)
            except StopIteration:
                return
            except Exception:  # the peer went away under us: the read loop will see it
                return
            self._writer = asyncio.create_task(self._write(coro, waiting))
            return
        pending = self._pending
        if len(pending) >= self.limit:
            log.info("dropping a client whose send queue is full")
            self.close(CloseCode.TRY_AGAIN, "too slow: reconnect to resync")
            return
        pending.append(text)

    async def _write(self, started: Coroutine[Any, Any, None], waiting: Any) -> None:
        """Finish a send that suspended on ``waiting`` (what it yielded: a future, or
        ``None`` for a bare yield), then send what was queued meanwhile."""
        pending, send = self._pending, self._send
        try:
            await finish(started, waiting)
            while pending:
                await send({"type": "websocket.send", "text": pending.popleft()})
        except Exception:  # the peer went away under us: the read loop will see it
            pending.clear()
        finally:
            started.close()
            self._writer = None

    def close(self, code: int, reason: str = "", *, flush: bool = False) -> None:
        """Close the socket soon (idempotent). With ``flush``, what is queued (say, the error
        that explains the close) goes out first; otherwise it is abandoned."""
        if self.closed:
            return
        self.closed = True
        if not flush:
            self._pending.clear()
        self._closer = asyncio.create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        writer = self._writer
        if writer is not None:
            try:
                async with asyncio.timeout(FLUSH_TIMEOUT):
                    await asyncio.shield(writer)
            except (TimeoutError, Exception):
                writer.cancel()
        with contextlib.suppress(Exception):
            await self._send({"type": "websocket.close", "code": code, "reason": reason})

    async def finish(self) -> None:
        """After the read loop: let a close under way finish, or stop the writer."""
        self.closed = True
        if self._closer is None:
            self._pending.clear()
            if self._writer is not None:
                self._writer.cancel()
        for task in (self._closer, self._writer):
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


class Router(Protocol):
    """What the transport needs of the gateway (:class:`briscola.service.gateway.Gateway`):
    no rooms, only connections and commands."""

    @property
    def settings(self) -> Settings: ...
    @property
    def metrics(self) -> Metrics: ...
    def next_conn_id(self) -> int: ...
    def connected(self, conn: Connection) -> None: ...
    def disconnected(self, conn: Connection) -> None: ...
    def refused(self, conn: Connection, refusal: Refusal, ref: str | None) -> None: ...
    def route(self, conn: Connection, command: Command) -> None: ...


class Gate(Protocol):
    """Who a socket is, and what becomes of its ``join``, ``watch`` and ``resume``
    (:class:`briscola.service.accounts.Accounts`)."""

    async def identify(self, cookie: str | None) -> Identity | None: ...
    async def vet(self, identity: Identity | None, command: Join | Watch | Resume) -> Command: ...


def _cookie(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"cookie":
            return cookie_parser(value.decode("latin-1")).get(COOKIE)
    return None


class Reader:
    """A socket's messages, in the order they come: each checked against the rate limit,
    validated and routed.

    Most are taken as they are read (:meth:`offer`, given to the websocket protocol's
    :data:`~briscola.service.websocket_protocol.READ_TEXT` when it has it): no task wakes up
    for a move. The socket's task handles the rest from the ASGI ``receive``
    (:meth:`handle`): a ``join``, ``watch`` or ``resume``, which waits for the accounts'
    word, a binary frame, a flood, a message to a socket being closed (the task stops
    reading it), and whatever comes while it is busy with one of those."""

    __slots__ = ("_bucket", "_conn", "_gate", "_gateway", "_identity", "busy")

    def __init__(
        self, conn: Connection, gateway: Router, gate: Gate, identity: Identity | None
    ) -> None:
        settings = gateway.settings
        self._conn, self._gateway, self._gate, self._identity = conn, gateway, gate, identity
        self._bucket = TokenBucket(settings.rate, settings.burst)
        #: The socket's task is handling a message: what comes meanwhile waits for it.
        self.busy = False

    def offer(self, text: str) -> bool:
        """A text message as it is read: handled now (True), or left to the socket's task
        (False), which handles it in turn through :meth:`handle`."""
        conn = self._conn
        if self.busy or conn.closed:  # closed: the task wakes up to it, and stops reading
            return False
        try:
            command: Command | Refusal = parse(text)
        except Refusal as refusal:
            command = refusal
        if isinstance(command, VETTED) or not self._bucket.take():
            return False  # the accounts' check, or the flood's close: the task's to do
        if isinstance(command, Refusal):
            self._gateway.refused(conn, command, None)
        else:
            self._route(command)
        return True

    async def handle(self, frame: str | None) -> bool:
        """A message from the ASGI ``receive`` (``None``: a binary frame): False if the
        socket is to be read no more (a flood, closed)."""
        conn, gateway = self._conn, self._gateway
        if not self._bucket.take():
            gateway.refused(conn, Refusal(Code.RATE_LIMITED, "too many messages"), None)
            conn.close(CloseCode.POLICY, "flood", flush=True)
            return False
        if frame is None:
            gateway.refused(conn, BINARY, None)
            return True
        try:
            command = parse(frame)
        except Refusal as refusal:
            gateway.refused(conn, refusal, None)
            return True
        if isinstance(command, VETTED):  # the accounts' check first
            try:
                command = await self._gate.vet(self._identity, command)
            except Refusal as refusal:
                gateway.refused(conn, refusal, command_type(command))
                return True
        self._route(command)
        return True

    def _route(self, command: Command) -> None:
        try:
            self._gateway.route(self._conn, command)
        except Exception:  # a bug: one traceback, and only this connection pays for it
            log.exception("routing %s failed; closing its connection", command_type(command))
            self._conn.close(CloseCode.INTERNAL, "internal error")


async def serve_socket(
    scope: Scope, receive: Receive, send: Send, gateway: Router, gate: Gate
) -> None:
    """The websocket endpoint (ASGI): accept, read, validate, route; always tidy up. The
    session cookie of the handshake says who the socket is for as long as it is open."""
    if (await receive())["type"] != "websocket.connect":
        return
    settings = gateway.settings
    if not origin_allowed(scope, settings.allowed_origins):
        gateway.metrics.errors.labels(Code.BAD_ORIGIN.value).inc()
        await send({"type": "websocket.close", "code": CloseCode.POLICY})
        return
    identity = await gate.identify(_cookie(scope))
    extensions = scope.get("extensions", {})
    conn = Connection(send, settings.send_queue, gateway.next_conn_id(), extensions.get(WRITE_TEXT))
    reader = Reader(conn, gateway, gate, identity)
    await send({"type": "websocket.accept"})
    gateway.connected(conn)
    listen = extensions.get(READ_TEXT)
    if listen is not None:  # what came before is in the queue, and is handled first
        listen(reader.offer)
        conn.listening = True
    try:
        while not conn.closed:
            message = await receive()
            if message["type"] == "websocket.disconnect" or conn.closed:
                break
            reader.busy = True
            try:
                if not await reader.handle(message.get("text")):
                    break
            finally:
                reader.busy = False
    finally:
        gateway.disconnected(conn)
        await conn.finish()
