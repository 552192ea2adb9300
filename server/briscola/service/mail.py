"""E-mail in the shell: the SMTP sender, the mails themselves, and the :class:`TurnNotices`
that tells a player by e-mail that it is their turn at a table played at its own pace.

Sent with the standard library's ``smtplib`` in a small thread pool of its own: mail is
rare (at most once a turn per player), so a thread per send costs nothing worth a new
dependency, and a pool of its own means a slow or hanging SMTP server holds only its own
threads (never the default executor's, which hashes passwords) and never the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
import time
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from urllib.parse import quote

from redis.exceptions import RedisError

from briscola.accounts.mail import Link
from briscola.metrics import Metrics
from briscola.service.accounts import Accounts
from briscola.service.config import Settings
from briscola.service.notices import TurnNotice
from briscola.store.accounts import AccountStore

log = logging.getLogger(__name__)

#: How long one conversation with the SMTP server may take, in seconds.
SMTP_TIMEOUT = 15.0
#: Mails sent at once, at most (the pool's threads); as many notices at once ask the store,
#: so that a burst of turns never crowds the tables' own Redis connections.
SENDERS = 2
#: How long a turn stays marked as told after its deadline, in seconds.
NOTICE_MARGIN = 24 * 3600
#: At shutdown, how long mails on their way may take to go.
DRAIN_TIMEOUT = 5.0


class SmtpSender:
    """Sends mails through the configured SMTP server, off the event loop."""

    def __init__(self, settings: Settings, metrics: Metrics) -> None:
        self.settings = settings
        self.metrics = metrics
        self._pool = ThreadPoolExecutor(max_workers=SENDERS, thread_name_prefix="smtp")

    async def send(self, message: EmailMessage, kind: str) -> None:
        """Hand ``message`` (a ``kind`` of mail, as the metrics count it) to the SMTP server.

        Raises:
            OSError: the server could not be reached, or refused the mail
                (``smtplib.SMTPException`` is one).
        """
        try:
            await asyncio.get_running_loop().run_in_executor(self._pool, self._send, message)
        except OSError:
            self.metrics.mails.labels(kind, "failed").inc()
            raise
        self.metrics.mails.labels(kind, "sent").inc()

    def _send(self, message: EmailMessage) -> None:
        s = self.settings
        with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=SMTP_TIMEOUT) as smtp:
            if s.smtp_starttls:
                smtp.starttls(context=ssl.create_default_context())
            if s.smtp_user:
                smtp.login(s.smtp_user, s.smtp_password)
            smtp.send_message(message)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _one_line(text: str) -> str:
    """A name as it may stand in a header: no line breaks or other control characters."""
    return "".join(c if c.isprintable() else " " for c in text).strip()


class Letters:
    """The mails the site sends, in English and Italian, with their links."""

    def __init__(self, settings: Settings, accounts: Accounts) -> None:
        self.sender_address = settings.smtp_from
        self.site = settings.site_url
        #: Whose secret signs the links (known once the accounts have started).
        self.accounts = accounts

    def _message(self, to: str, subject: str, body: str) -> EmailMessage:
        message = EmailMessage()
        message["From"] = self.sender_address
        message["To"] = to
        message["Subject"] = subject
        message.set_content(body)
        return message

    def confirm_url(self, link: Link) -> str:
        return f"{self.site}/email/confirm?token={quote(self.accounts.links.confirm_token(link))}"

    def stop_url(self, link: Link) -> str:
        return f"{self.site}/email/stop?token={quote(self.accounts.links.stop_token(link))}"

    def confirmation(self, link: Link, name: str) -> EmailMessage:
        """ "Confirm your address": until its link is followed, no notice goes to it."""
        url = self.confirm_url(link)
        body = (
            f"Hello {name},\n\n"
            "to be told by e-mail when it is your turn at a Briscola table played at its own\n"
            f"pace, confirm this address by opening this link (it works for two days):\n\n{url}\n\n"
            "If you did not ask for this, ignore this mail: nothing will be sent to you.\n\n"
            "---\n\n"
            f"Ciao {name},\n\n"
            "per sapere per e-mail quando tocca a te a un tavolo di Briscola per corrispondenza,\n"
            f"conferma questo indirizzo aprendo questo link (vale due giorni):\n\n{url}\n\n"
            "Se non l'hai chiesto tu, ignora questa e-mail: non ti verrà inviato nulla.\n"
        )
        subject = "Confirm your e-mail address · Conferma il tuo indirizzo e-mail"
        return self._message(link.address, subject, body)

    def your_turn(self, link: Link, notice: TurnNotice) -> EmailMessage:
        """ "Your turn at <table>", with its deadline, the table's link and the stop link."""
        table = _one_line(notice.table_name) or notice.table_id
        deadline = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(notice.deadline))
        table_url = f"{self.site}/t/{quote(notice.table_id)}"
        stop = self.stop_url(link)
        body = (
            f"It is your turn at {table}.\nPlay before {deadline}: {table_url}\n\n"
            f"Tocca a te a {table}.\nGioca entro le {deadline}: {table_url}\n\n"
            "---\n"
            f"Stop these e-mails · Non ricevere più queste e-mail:\n{stop}\n"
        )
        message = self._message(link.address, f"Your turn at {table}", body)
        message["List-Unsubscribe"] = f"<{stop}>"
        return message


class EmailNotices:
    """Tells a player by e-mail that it is their turn: only at a confirmed address that has
    not stopped them, once per turn across every process and restart (the store's mark),
    and never in the table's way: :meth:`your_turn` returns at once, the mail goes in a
    task of its own (:data:`SENDERS` at a time), and a failure is logged."""

    def __init__(self, store: AccountStore, sender: SmtpSender, letters: Letters) -> None:
        self.store = store
        self.sender = sender
        self.letters = letters
        self._pending: set[asyncio.Task[None]] = set()
        self._at_once = asyncio.Semaphore(SENDERS)

    async def your_turn(self, notice: TurnNotice) -> None:
        task = asyncio.create_task(self._tell(notice), name=f"notice:{notice.account}")
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _tell(self, notice: TurnNotice) -> None:
        async with self._at_once:
            await self._tell_now(notice)

    async def _tell_now(self, notice: TurnNotice) -> None:
        try:
            mail = await self.store.mail(notice.account)
            if mail is None or not mail.receives:
                return
            ttl = max(0, int(notice.deadline - time.time())) + NOTICE_MARGIN
            if not await self.store.first_notice(notice.account, notice.turn, ttl):
                return
            letter = self.letters.your_turn(Link(notice.account, mail.address), notice)
            await self.sender.send(letter, "turn")
        except (OSError, RedisError) as exc:
            log.warning("turn notice for %s not sent: %r", notice.account, exc)

    async def drain(self) -> None:
        """Wait until every notice asked for so far has gone (or failed)."""
        while self._pending:
            await asyncio.gather(*self._pending, return_exceptions=True)

    async def close(self) -> None:
        """Let the mails on their way go (within :data:`DRAIN_TIMEOUT`), then stop."""
        try:
            async with asyncio.timeout(DRAIN_TIMEOUT):
                await self.drain()
        except TimeoutError:
            for task in self._pending:
                task.cancel()
            await asyncio.gather(*self._pending, return_exceptions=True)
        self.sender.close()
