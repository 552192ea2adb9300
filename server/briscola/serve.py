"""Run the app under uvicorn, tuned as docs/BENCHMARKS.md measured: uvloop, httptools, no
permessage-deflate, and long-lived objects frozen out of the garbage collector."""

from __future__ import annotations

import gc
import logging

import uvicorn

from .app import create_app
from .config import Settings

MAX_WS_FRAME = 64 * 1024


def serve_forever(host: str, port: int, redis_url: str | None) -> int:
    """Serve until interrupted; returns the process exit code."""
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    settings = Settings.from_env(redis_url)
    app = create_app(settings)
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        loop="uvloop",
        http="httptools",
        ws="websockets-sansio",
        ws_max_size=MAX_WS_FRAME,
        ws_per_message_deflate=False,
        lifespan="on",
        log_level="info",
        access_log=False,
        timeout_graceful_shutdown=5,
    )
    uvicorn.Server(config).run()
    return 0
