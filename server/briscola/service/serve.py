"""Run the app under uvicorn, tuned as docs/BENCHMARKS.md measured: uvloop, httptools, the
sans-I/O websockets protocol without permessage-deflate, and long-lived objects frozen out of
the garbage collector."""

from __future__ import annotations

import gc
import logging
import socket

import uvicorn

from briscola.service.app import create_app
from briscola.service.config import Settings
from briscola.service.manager import RoomManager
from briscola.service.websocket_protocol import BriscolaWebSocketProtocol

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class QuietSockets(logging.Filter):
    """Drop uvicorn's line per websocket opened and closed: thousands a minute on a busy
    server, and the metrics count connections anyway."""

    NOISE = ("connection open", "connection closed", '"WebSocket /ws"')

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not any(noise in message for noise in self.NOISE)


class BriscolaServer(uvicorn.Server):
    """uvicorn's server, but at shutdown our sockets close with 1001 (going away) before
    uvicorn would close them with 1012."""

    def __init__(self, config: uvicorn.Config, manager: RoomManager) -> None:
        super().__init__(config)
        self.manager = manager

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await self.manager.close_connections()
        await super().shutdown(sockets)


def build_server(
    settings: Settings, host: str, port: int, *, loop: str = "uvloop"
) -> BriscolaServer:
    app = create_app(settings.served_at(host, port))
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        loop=loop,
        http="httptools",
        ws=BriscolaWebSocketProtocol,
        ws_per_message_deflate=False,
        lifespan="on",
        log_level="info",
        access_log=False,
        timeout_graceful_shutdown=5,
    )
    return BriscolaServer(config, app.manager)


def serve_forever(host: str, port: int, redis_url: str | None) -> int:
    """Serve until interrupted; returns the process exit code."""
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    logging.getLogger("uvicorn.error").addFilter(QuietSockets())
    server = build_server(Settings.from_env(redis_url), host, port)
    gc.collect()
    gc.freeze()
    # Fewer young collections, and far fewer that reach the long-lived tables and sockets:
    # measured +15-30 % moves/s at 1,000 saturated tables (docs/BENCHMARKS.md).
    gc.set_threshold(200_000, 200, 100)
    server.run()
    return 0
