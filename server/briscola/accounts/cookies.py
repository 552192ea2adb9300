"""The session cookie: a random session id, signed (itsdangerous, HMAC-SHA1 over a key
derived from the site's secret) so that a tampered or made-up cookie is refused before the
store is asked. Logging out deletes the session from the store, so a copied cookie dies
with it."""

from __future__ import annotations

import secrets

from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "briscola_session"
#: How long a session lasts, in seconds (the cookie's Max-Age and the store's TTL).
SESSION_TTL = 30 * 24 * 3600


class SessionSigner:
    def __init__(self, secret: bytes) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt="briscola-session")

    def new(self) -> tuple[str, str]:
        """A new session id and the cookie value that carries it."""
        session = secrets.token_urlsafe(24)
        return session, self._serializer.dumps(session)

    def session_of(self, cookie: str | None) -> str | None:
        """The session id a cookie carries, or None if it is absent, tampered with or
        older than :data:`SESSION_TTL`."""
        if not cookie:
            return None
        try:
            session = self._serializer.loads(cookie, max_age=SESSION_TTL)
        except BadSignature:
            return None
        return session if isinstance(session, str) else None
