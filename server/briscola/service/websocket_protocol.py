"""The websocket protocol under the app: uvicorn's sans-I/O websockets protocol, with the
frame size limit answered the way docs/PROTOCOL.md says.

websockets refuses a message over ``max_size`` as it reads the frame's header, before the
payload is buffered, and closes with 1009: the one place the limit is enforced, in bytes,
whatever the frame's size. Here that close is preceded by the protocol's ``too_large``
error, so that a client sees the same answer for a frame of 5 KB as for one of 5 MB.
"""

from __future__ import annotations

import logging
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import CloseCode
from websockets.protocol import State
from websockets.server import ServerProtocol

from briscola.wire.commands import MAX_FRAME
from briscola.wire.errors import Code
from briscola.wire.messages import error_text

TOO_LARGE = error_text(Code.TOO_LARGE, f"frames are limited to {MAX_FRAME} bytes", None, None)


class LimitedServerProtocol(ServerProtocol):
    """websockets' server protocol that says ``too_large`` before it closes with 1009."""

    def fail(self, code: CloseCode | int, reason: str = "") -> None:
        if code == CloseCode.MESSAGE_TOO_BIG and self.state is State.OPEN:
            self.send_text(TOO_LARGE.encode())
            reason = "frame too large"
        super().fail(code, reason)


class BriscolaWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's ``websockets-sansio`` protocol with :class:`LimitedServerProtocol` inside
    (no permessage-deflate, which the server turns off anyway)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn = LimitedServerProtocol(
            max_size=MAX_FRAME, logger=logging.getLogger("uvicorn.error")
        )
