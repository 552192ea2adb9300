"""The websocket edge: one read loop per socket, one bounded send queue and writer task per
socket, a token-bucket rate limit, the Origin check. Knows nothing of the rules."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketState

from .errors import Code, Refusal
from .protocol import encode, error_message, parse

if TYPE_CHECKING:
    from .manager import RoomManager
    from .rooms import Room

log = logging.getLogger(__name__)

CLOSE_NORMAL = 1000
CLOSE_GOING_AWAY = 1001
CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009
CLOSE_INTERNAL = 1011
CLOSE_TRY_AGAIN = 1013
CLOSE_REPLACED = 4000
FLUSH_TIMEOUT = 2.0


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

    def __init__(self, ws: WebSocket, queue_size: int) -> None:
        self.ws = ws
        self.room: Room | None = None
        self.token: str | None = None
        self.name: str | None = None
        self.lobby = False
        self.closed = False
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(queue_size)
        self._writer = asyncio.create_task(self._write())
        self._closer: asyncio.Task[None] | None = None

    def send(self, data: bytes) -> None:
        if self.closed:
            return
        try:
            self._queue.put_nowait(data.decode())
        except asyncio.QueueFull:
            log.info("dropping a client whose send queue is full")
            self.close(CLOSE_TRY_AGAIN, "too slow: reconnect to resync")

    def error(self, refusal: Refusal, ref: str | None = None) -> None:
        version = self.room.table.version if self.room is not None else None
        self.send(error_message(refusal.code, refusal.message, ref, version))

    def close(self, code: int, reason: str = "", *, flush: bool = False) -> None:
        """Close the socket soon (idempotent). With ``flush``, what is queued (say, the error
        that explains the close) goes out first; otherwise it is abandoned."""
        if self.closed:
            return
        self.closed = True
        try:
            if not flush:
                raise asyncio.QueueFull
            self._queue.put_nowait(None)
        except asyncio.QueueFull:
            self._writer.cancel()
        self._closer = asyncio.create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        try:
            async with asyncio.timeout(FLUSH_TIMEOUT):
                await self._writer
        except (TimeoutError, asyncio.CancelledError, Exception):
            self._writer.cancel()
        if self.ws.application_state is WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await self.ws.close(code, reason)

    async def finish(self) -> None:
        """After the read loop: let a close under way finish, or stop the writer."""
        self.closed = True
        if self._closer is None:
            self._writer.cancel()
        for task in (self._closer, self._writer):
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _write(self) -> None:
        send = self.ws.send
        queue = self._queue
        try:
            while (text := await queue.get()) is not None:
                await send({"type": "websocket.send", "text": text})
        except asyncio.CancelledError:
            raise
        except Exception:  # the peer went away under us: the read loop will see it
            self.closed = True


def origin_allowed(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    """No Origin (a non-browser client), the page's own origin, or one configured."""
    origin = ws.headers.get("origin")
    if origin is None or "*" in allowed or origin in allowed:
        return True
    return urlsplit(origin).netloc == ws.headers.get("host")


async def serve_socket(ws: WebSocket, manager: RoomManager) -> None:
    """The websocket endpoint: accept, read, validate, route; always tidy up."""
    settings = manager.settings
    if not origin_allowed(ws, settings.allowed_origins):
        manager.metrics.errors.labels(Code.BAD_ORIGIN.value).inc()
        await ws.close(CLOSE_POLICY, "origin not allowed")
        return
    await ws.accept()
    conn = Connection(ws, settings.send_queue)
    bucket = TokenBucket(settings.rate, settings.burst)
    manager.connected(conn)
    try:
        while not conn.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            frame = message.get("text")
            if frame is None:
                frame = message.get("bytes") or b""
            if not bucket.take():
                manager.refused(conn, Refusal(Code.RATE_LIMITED, "too many messages"), None)
                conn.close(CLOSE_POLICY, "flood", flush=True)
                break
            try:
                command = parse(frame)
            except Refusal as refusal:
                manager.refused(conn, refusal, None)
                if refusal.code is Code.TOO_LARGE:
                    conn.close(CLOSE_TOO_BIG, "frame too large", flush=True)
                    break
                continue
            manager.route(conn, command)
    finally:
        manager.disconnected(conn)
        await conn.finish()


def encode_lobby(rooms: list[object]) -> bytes:
    return encode({"type": "lobby", "rooms": rooms})
