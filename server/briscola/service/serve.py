"""Run the app under uvicorn, tuned as docs/BENCHMARKS.md measured: uvloop, httptools, the
sans-I/O websockets protocol without permessage-deflate, and long-lived objects frozen out of
the garbage collector."""

from __future__ import annotations

import faulthandler
import gc
import logging
import os
import signal
import socket
import subprocess
import sys

import uvicorn

from briscola.service.app import create_app
from briscola.service.config import Settings
from briscola.service.manager import RoomManager
from briscola.service.notices import TurnNotices
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
        await self.manager.gateway.close_connections()
        await super().shutdown(sockets)


def build_server(
    settings: Settings,
    host: str,
    port: int,
    *,
    loop: str = "uvloop",
    notices: TurnNotices | None = None,
) -> BriscolaServer:
    app = create_app(settings.served_at(host, port), notices)
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


def serve_forever(
    host: str,
    port: int,
    redis_url: str | None,
    node_id: str | None = None,
    *,
    reuse_port: bool = False,
) -> int:
    """Serve until interrupted; returns the process exit code. With ``reuse_port`` the
    listening socket is shared with the other workers (the kernel spreads connections)."""
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    logging.getLogger("uvicorn.error").addFilter(QuietSockets())
    server = build_server(Settings.from_env(redis_url, node_id), host, port)
    sockets = None
    if reuse_port:
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
        sockets = [sock]
    # SIGUSR1 prints every thread's stack to stderr: how to see where a process is stuck
    # (the tests ask it of a server that does not stop when told).
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    gc.collect()
    gc.freeze()
    # Fewer young collections, and far fewer that reach the long-lived tables and sockets:
    # measured +15-30 % moves/s at 1,000 saturated tables (docs/BENCHMARKS.md).
    gc.set_threshold(200_000, 200, 100)
    server.run(sockets=sockets)
    return 0


def serve_workers(count: int, host: str, port: int, redis_url: str, node_id: str | None) -> int:
    """Start ``count`` server processes on one port (``SO_REUSEPORT``) and one Redis, and
    wait for them; a signal to this process is passed on to each. Returns the first
    failure's exit code, else 0 (a worker stopped by the signal passed on, which uvicorn
    raises again once it has shut down, stopped as asked)."""
    name = node_id or f"{socket.gethostname()}:{port}"
    command = [sys.executable, "-m", "briscola.cli", "serve", "--host", host, "--port", str(port)]
    workers = [
        subprocess.Popen(
            [*command, "--redis-url", redis_url, "--node-id", f"{name}/{index}"],
            env={**os.environ, "BRISCOLA_REUSE_PORT": "1"},
        )
        for index in range(1, count + 1)
    ]

    passed_on: set[int] = set()

    def pass_on(signum: int, frame: object) -> None:
        passed_on.add(-signum)
        for worker in workers:
            worker.send_signal(signum)

    signal.signal(signal.SIGINT, pass_on)
    signal.signal(signal.SIGTERM, pass_on)
    codes = [worker.wait() for worker in workers]
    return next((code for code in codes if code and code not in passed_on), 0)
