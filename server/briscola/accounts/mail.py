"""An account's e-mail address: the rule an address must meet, and the signed links of the
mails sent to it (itsdangerous, as the session cookie): "confirm this address", which
expires, and "stop these e-mails", which needs no login."""

from __future__ import annotations

import re
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeTimedSerializer

#: How long a confirmation link works, in seconds.
CONFIRM_TTL = 2 * 24 * 3600
#: RFC 5321's limits: a whole address, and its part before the ``@``.
MAX_ADDRESS = 254
MAX_LOCAL = 64

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_ADDRESS = re.compile(rf"[A-Za-z0-9.!#$%&'*+/=?^_`{{|}}~-]+@{_LABEL}(?:\.{_LABEL})+")


class BadAddress(ValueError):
    """Not an e-mail address the server sends to."""


def normalise_address(text: str) -> str:
    """The address as kept: trimmed, its domain in lower case. Plain ASCII addresses only
    (``name@example.org``), no display name, no comments, no line breaks.

    >>> normalise_address("  Ana.Maria+briscola@Example.ORG ")
    'Ana.Maria+briscola@example.org'

    Raises:
        BadAddress: not such an address.
    """
    address = text.strip()
    if len(address) > MAX_ADDRESS or not _ADDRESS.fullmatch(address):
        raise BadAddress("an e-mail address looks like name@example.org")
    local, _, domain = address.rpartition("@")
    if len(local) > MAX_LOCAL or local.startswith(".") or local.endswith(".") or ".." in local:
        raise BadAddress("the part before the @ is not a valid one")
    return f"{local}@{domain.lower()}"


@dataclass(frozen=True)
class Link:
    """What a mail's link is about: the account, and the address it was sent to."""

    account: str
    address: str


class MailLinks:
    """Signs and reads the tokens in mail links, with the site's secret."""

    def __init__(self, secret: bytes) -> None:
        self._confirm = URLSafeTimedSerializer(secret, salt="briscola-mail-confirm")
        self._stop = URLSafeTimedSerializer(secret, salt="briscola-mail-stop")

    def confirm_token(self, link: Link) -> str:
        return self._confirm.dumps([link.account, link.address])

    def stop_token(self, link: Link) -> str:
        return self._stop.dumps([link.account, link.address])

    def confirmed(self, token: str) -> Link | None:
        """The link a confirmation token names, or None: tampered with, or too old."""
        return _read(self._confirm, token, CONFIRM_TTL)

    def stopped(self, token: str) -> Link | None:
        """The link a stop token names (it never expires), or None if tampered with."""
        return _read(self._stop, token, None)


def _read(serializer: URLSafeTimedSerializer, token: str, max_age: int | None) -> Link | None:
    try:
        value = serializer.loads(token, max_age=max_age)
    except BadSignature:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
        return None
    return Link(value[0], value[1])
