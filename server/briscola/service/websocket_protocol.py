"""The websocket protocol under the app: uvicorn's sans-I/O websockets protocol, with the
frame size limit answered the way docs/PROTOCOL.md says, and a direct way in and out for
the app's text messages, off the ASGI path.

websockets refuses a message over ``max_size`` as it reads the frame's header, before the
payload is buffered, and closes with 1009: the one place the limit is enforced, in bytes,
whatever the frame's size. Here that close is preceded by the protocol's ``too_large``
error, so that a client sees the same answer for a frame of 5 KB as for one of 5 MB.
"""

from __future__ import annotations

import logging
import struct
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import CloseCode
from websockets.http11 import Request
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


_HEAD16, _HEAD64 = struct.Struct("!BBH"), struct.Struct("!BBQ")
#: The ASGI scope extensions under which the protocol offers :meth:`write_text` and
#: :meth:`listen`.
WRITE_TEXT = "briscola.write_text"
READ_TEXT = "briscola.read_text"
#: What :meth:`BriscolaWebSocketProtocol.listen` is given: offered each text message as it
#: is read, it says whether it took it (False: the message goes to the ASGI ``receive``).
TextReader = Callable[[str], bool]


class BriscolaWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's ``websockets-sansio`` protocol with :class:`LimitedServerProtocol` inside
    (no permessage-deflate, which the server turns off anyway), and a way to write a text
    frame without the ASGI ``send`` (:meth:`write_text`) and to read text messages without
    the ASGI ``receive`` (:meth:`listen`), both offered to the app in the scope's
    extensions."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn = LimitedServerProtocol(
            max_size=MAX_FRAME, logger=logging.getLogger("uvicorn.error")
        )
        self._reader: TextReader | None = None

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        if self.response.status_code == 101:
            extensions: Any = self.scope["extensions"]  # uvicorn types its values narrowly
            extensions[WRITE_TEXT] = self.write_text
            extensions[READ_TEXT] = self.listen

    def listen(self, reader: TextReader) -> None:
        """From now on, offer ``reader`` each text message as it is read, before the ASGI
        ``receive`` would see it.

        A message it takes costs no ASGI event, no queue and no wake of the app's task, and
        reading goes on (uvicorn stops reading the socket after each message it queues, until
        the app has received it). A message it leaves, and every message while earlier ones
        wait in the queue (the order is kept), goes the ASGI way; so do binary messages, a
        text that is not UTF-8 (uvicorn closes with 1007) and anything after a close."""
        self._reader = reader

    def send_receive_event_to_app(self) -> None:
        reader = self._reader
        if (
            reader is not None
            and self.curr_msg_data_type == "text"
            and not self.close_sent
            and self.queue.empty()
        ):
            frames = self.frames
            data = frames[0] if len(frames) == 1 else b"".join(frames)
            try:
                text = data.decode()
            except UnicodeDecodeError:
                pass  # uvicorn's own path answers it
            else:
                if reader(text):
                    self.frames = []
                    return
        super().send_receive_event_to_app()

    def write_text(self, text: str) -> bool:
        """Write a text frame now, as the ASGI ``send`` would, if the socket takes it
        without waiting: accepted, open, not closing, not paused by flow control. False
        (nothing written) otherwise: the ASGI ``send`` then waits, or says why not.

        Every frame of every move is written here (five per move at a table of four with a
        spectator): the ASGI path's two coroutines, its checks and websockets' general frame
        serializer took about 9 of a move's ~166 µs of server CPU (docs/BENCHMARKS.md)."""
        conn = self.conn
        if (
            not self.handshake_complete
            or self.initial_response is not None
            or self.close_sent
            or self.disconnected
            or not self.writable.is_set()
            or conn.state is not State.OPEN
            or conn.expect_continuation_frame
            or conn.writes
            or conn.extensions
        ):
            return False
        self.transport.write(text_frame(text.encode()))
        return True


def text_frame(payload: bytes) -> bytes:
    """A whole, unmasked text frame as the server writes it (RFC 6455 section 5.2: FIN and
    the text opcode, then the length in 7, 16 or 64 bits), with no extension: what
    websockets' ``Frame.serialize`` makes of it (a test holds them equal), without the
    general code's frame object, checks and buffer, on the one path taken by every state."""
    length = len(payload)
    if length < 126:
        return bytes((0x81, length)) + payload
    if length < 65536:
        return _HEAD16.pack(0x81, 126, length) + payload
    return _HEAD64.pack(0x81, 127, length) + payload
