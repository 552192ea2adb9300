"""Who may talk to the server: the site's own origins, and the host names it answers to.

The server knows its public origins from configuration (``BRISCOLA_ORIGINS``), never from the
request: comparing a request's ``Origin`` with its own ``Host`` header accepts a page whose
DNS name was pointed at the server (DNS rebinding), since both then name the attacker's
host. So every request's ``Host`` must be one of the configured origins' hosts (or a
loopback name, for health checks on the machine itself), and a browser's websocket must come
from one of the configured origins exactly: scheme, host and port.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

#: Host names that only the machine itself can reach.
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
#: Bind addresses meaning "every interface".
ANY_INTERFACE = ("0.0.0.0", "::", "")
ANYWHERE = "*"


def local_origins(host: str, port: int) -> tuple[str, ...]:
    """The default when none is configured (``make run``): the page as a browser on this
    machine opens it, at the loopback names and the address served."""
    names = set(LOOPBACK)
    if host not in ANY_INTERFACE:
        names.add(f"[{host}]" if ":" in host else host)
    return tuple(sorted(f"http://{name}:{port}" for name in names))


def allowed_hosts(origins: Iterable[str]) -> frozenset[str]:
    """The ``Host`` names to answer: the origins' own, and the loopback names."""
    origins = tuple(origins)
    if ANYWHERE in origins:
        return frozenset({ANYWHERE})
    names = {_host_name(urlsplit(origin).netloc) for origin in origins}
    return frozenset(names | set(LOOPBACK))


def _host_name(netloc: str) -> str:
    """``example.org:8000`` → ``example.org``; ``[::1]:80`` → ``[::1]``; lower case."""
    netloc = netloc.lower()
    if netloc.startswith("["):
        return netloc[: netloc.find("]") + 1]
    return netloc.partition(":")[0]


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def host_allowed(scope: dict[str, Any], hosts: frozenset[str]) -> bool:
    """The request's ``Host`` names this server (HTTP and websocket alike)."""
    if ANYWHERE in hosts:
        return True
    host = _header(scope, b"host")
    return host is not None and _host_name(host) in hosts


def origin_allowed(scope: dict[str, Any], origins: tuple[str, ...]) -> bool:
    """No ``Origin`` (a program, not a browser page), or exactly a configured origin."""
    origin = _header(scope, b"origin")
    return origin is None or ANYWHERE in origins or origin.lower() in origins
