"""A real SMTP server for the tests (aiosmtpd), on a free port of the test's own event
loop: every mail it accepts is parsed and queued for the test to read."""

from __future__ import annotations

import asyncio
import email
import email.policy
import re
from email.message import EmailMessage

from aiosmtpd.smtp import SMTP, Envelope, Session


class MailBox:
    """Accepts every mail for any address, and keeps them in arrival order."""

    def __init__(self) -> None:
        self.received: asyncio.Queue[EmailMessage] = asyncio.Queue()
        self.port = 0
        self._server: asyncio.Server | None = None

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        message = email.message_from_bytes(content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.received.put_nowait(message)
        return "250 OK"

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(lambda: SMTP(self), "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Stop listening: later mails find nobody at the port."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    async def next(self, timeout: float = 10.0) -> EmailMessage:
        """The next mail to arrive."""
        async with asyncio.timeout(timeout):
            return await self.received.get()

    def empty(self) -> bool:
        return self.received.empty()


def body(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    text = part.get_content()
    assert isinstance(text, str)
    return text


def token_of(message: EmailMessage, page: str) -> str:
    """The token of the link to ``page`` (``confirm`` or ``stop``) in a mail."""
    found = re.search(rf"/email/{page}\?token=(\S+)", body(message))
    assert found, body(message)
    return found.group(1)
