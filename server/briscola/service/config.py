"""Server settings, read once from the command line and the environment."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass, field, replace

from briscola.service.origins import allowed_hosts, local_origins
from briscola.wire.table_rules import MIN_DEADLINE


def _env_float(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


@dataclass(frozen=True)
class Settings:
    """Everything an operator can tune. Environment variables in ``docs/`` and README."""

    redis_url: str | None = None
    #: This process's name in the logs and in Redis (several processes on one Redis);
    #: :meth:`served_at` fills in ``host:port``.
    node_id: str = ""
    #: The site's public origins (``https://briscola.example``): browsers' websockets must
    #: come from one, and requests must name one's host. Empty: :meth:`served_at` fills in
    #: the local ones.
    allowed_origins: tuple[str, ...] = ()
    bot_delay: float = field(default_factory=lambda: _env_float("BRISCOLA_BOT_DELAY", 0.8))
    pause: float = field(default_factory=lambda: _env_float("BRISCOLA_PAUSE", 15.0))
    send_queue: int = 256
    room_queue: int = 1024
    rate: float = field(default_factory=lambda: _env_float("BRISCOLA_RATE", 20.0))
    burst: float = field(default_factory=lambda: _env_float("BRISCOLA_BURST", 60.0))
    record_ttl: int = field(
        default_factory=lambda: int(_env_float("BRISCOLA_RECORD_TTL", 30 * 24 * 3600))
    )
    idle_close: float = field(default_factory=lambda: _env_float("BRISCOLA_IDLE_CLOSE", 1800.0))
    #: Tables at their own pace: the shortest deadline a table may have (a minute; tests
    #: set less), how long one with nobody at it and nothing due stays in memory before it
    #: is parked in Redis only, and how often the due deadlines are polled.
    min_deadline: int = field(
        default_factory=lambda: int(_env_float("BRISCOLA_MIN_DEADLINE", MIN_DEADLINE))
    )
    park_after: float = field(default_factory=lambda: _env_float("BRISCOLA_PARK_AFTER", 60.0))
    deadline_poll: float = field(default_factory=lambda: _env_float("BRISCOLA_DEADLINE_POLL", 1.0))
    #: Worker processes for strong bots' search: one per core but the event loop's.
    think_workers: int = field(
        default_factory=lambda: int(
            _env_float("BRISCOLA_THINK_WORKERS", max(1, (os.cpu_count() or 2) - 1))
        )
    )

    #: The key session cookies are signed with. Empty: a random one kept in the store, the
    #: same for every process on it (in memory: new at every start).
    secret: str = field(default_factory=lambda: os.environ.get("BRISCOLA_SECRET", ""))
    #: Failed logins allowed per name, and per address, in ``login_window`` seconds; and
    #: sign-ups per address in the same window.
    login_window: int = field(default_factory=lambda: int(_env_float("BRISCOLA_LOGIN_WINDOW", 900)))
    login_name_limit: int = field(
        default_factory=lambda: int(_env_float("BRISCOLA_LOGIN_NAME_LIMIT", 10))
    )
    login_address_limit: int = field(
        default_factory=lambda: int(_env_float("BRISCOLA_LOGIN_ADDRESS_LIMIT", 50))
    )
    signup_limit: int = field(default_factory=lambda: int(_env_float("BRISCOLA_SIGNUP_LIMIT", 20)))

    #: Where "your turn" e-mails and address confirmations go out (docs/ARCHITECTURE.md,
    #: "E-mail"). No host: no e-mail at all, and the address field says so.
    smtp_host: str = field(default_factory=lambda: os.environ.get("BRISCOLA_SMTP_HOST", ""))
    smtp_port: int = field(default_factory=lambda: int(_env_float("BRISCOLA_SMTP_PORT", 587)))
    smtp_from: str = field(
        default_factory=lambda: os.environ.get("BRISCOLA_SMTP_FROM", "briscola@localhost")
    )
    smtp_user: str = field(default_factory=lambda: os.environ.get("BRISCOLA_SMTP_USER", ""))
    smtp_password: str = field(default_factory=lambda: os.environ.get("BRISCOLA_SMTP_PASSWORD", ""))
    smtp_starttls: bool = field(
        default_factory=lambda: os.environ.get("BRISCOLA_SMTP_STARTTLS", "1") not in ("", "0")
    )
    #: The site's address as its players reach it, for the links in e-mails. Empty: the
    #: first of :attr:`allowed_origins`.
    public_url: str = field(
        default_factory=lambda: os.environ.get("BRISCOLA_PUBLIC_URL", "").rstrip("/")
    )

    @property
    def site_url(self) -> str:
        """The base of the links in e-mails: :attr:`public_url`, else the first origin."""
        return self.public_url or (self.allowed_origins[0] if self.allowed_origins else "")

    @property
    def allowed_hosts(self) -> frozenset[str]:
        return allowed_hosts(self.allowed_origins)

    def served_at(self, host: str, port: int) -> Settings:
        """These settings for a server bound to ``host:port``: with no origin configured,
        the page as a browser on this machine opens it (``make run``)."""
        node_id = self.node_id or f"{socket.gethostname()}:{port}"
        if self.allowed_origins:
            return replace(self, node_id=node_id)
        return replace(self, allowed_origins=local_origins(host, port), node_id=node_id)

    @classmethod
    def from_env(cls, redis_url: str | None = None, node_id: str | None = None) -> Settings:
        origins = os.environ.get("BRISCOLA_ORIGINS", "")
        return cls(
            redis_url=redis_url if redis_url is not None else os.environ.get("REDIS_URL") or None,
            node_id=node_id or os.environ.get("BRISCOLA_NODE_ID", ""),
            allowed_origins=tuple(
                o.strip().rstrip("/").lower() for o in origins.split(",") if o.strip()
            ),
        )
