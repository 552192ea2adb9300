"""A bare relay on the server's stack, the ceiling to compare the briscola server with.

Starlette on uvicorn (the websockets-sansio implementation, uvloop), no game logic: a
websocket at ``/ws`` whose first message is ``{"type": "join", "room": ID}``; after that
every text message a socket sends is sent to every socket of its room, the sender too.
``GET /healthz`` answers ``{"status": "ok"}`` once it serves.

    python bench/relay.py --port 8765
"""

from __future__ import annotations

import argparse
import contextlib
import json

import uvicorn
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from common import raise_fd_limit

rooms: dict[str, list[WebSocket]] = {}


async def healthz(request: object) -> JSONResponse:
    sockets = sum(len(peers) for peers in rooms.values())
    return JSONResponse({"status": "ok", "rooms": len(rooms), "connections": sockets})


async def relay(websocket: WebSocket) -> None:
    await websocket.accept()
    peers: list[WebSocket] | None = None
    try:
        join = json.loads(await websocket.receive_text())
        room = str(join["room"])
        peers = rooms.setdefault(room, [])
        peers.append(websocket)
        while True:
            text = await websocket.receive_text()
            for peer in peers:
                # a peer that is going raises; its own handler removes it
                with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                    await peer.send_text(text)
    except (WebSocketDisconnect, RuntimeError, ValueError, KeyError, TypeError):
        pass
    finally:
        if peers is not None:
            peers.remove(websocket)
            if not peers:
                rooms.pop(room, None)


app = Starlette(routes=[Route("/healthz", healthz), WebSocketRoute("/ws", relay)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    raise_fd_limit()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        loop="uvloop",
        ws="websockets-sansio",
        log_level="warning",
        access_log=False,
        backlog=4096,
    )


if __name__ == "__main__":
    main()
