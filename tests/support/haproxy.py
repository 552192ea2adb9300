"""A real HAProxy in front of the suite's briscola processes, configured from the production
file (deploy/haproxy.cfg): the same timeouts, balance and health check, with the suite's own
bind address, servers on 127.0.0.1 and checks fast enough that a test sees a dead backend
within a fraction of a second. Readiness is awaited on HAProxy answering ``/healthz``."""

from __future__ import annotations

import http.client
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import IO

from support.servers import REPO, OnLoopback, _reap, free_port

DEPLOY_CONFIG = REPO / "deploy" / "haproxy.cfg"
#: Where Debian installs haproxy, which is not on a normal user's PATH.
SBIN = "/usr/sbin:/usr/local/sbin"
#: The suite's health checks: every 200 ms, one failure takes a backend out, one success
#: brings it back (production: ``inter 1s fall 2 rise 1``).
TEST_CHECK = "check inter 200ms fall 1 rise 1"
#: Sections of the production file the suite has no use for: Docker's DNS, stats pages.
DROPPED_SECTIONS = ("resolvers", "listen", "peers")
#: What HAProxy's master prints once its worker listens.
LOADED = "Loading success"
#: Lines of ``defaults`` that are about logging, which is off in the suite.
LOGGING = ("log", "option httplog", "option dontlognull", "option tcplog")


def suite_config(port: int, backends: list[int], source: str | None = None) -> str:
    """deploy/haproxy.cfg (or ``source``) for the suite: a bare ``global`` (foreground, no
    logging), ``defaults`` without logging, the frontend bound to ``127.0.0.1:port`` and the
    backend's servers at ``127.0.0.1:backend`` each, with :data:`TEST_CHECK`."""
    if not backends:
        raise ValueError("HAProxy needs at least one backend")
    text = DEPLOY_CONFIG.read_text(encoding="utf-8") if source is None else source
    sections: list[tuple[str, list[list[str]]]] = []  # (header, its lines' words)
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if line[0].isspace():
            if not sections:
                raise RuntimeError(f"haproxy config: {line.strip()!r} outside any section")
            sections[-1][1].append(line.split())
        else:  # a section's header: global, defaults, frontend NAME, backend NAME...
            sections.append((line, []))
    kinds = [header.split()[0] for header, _ in sections]
    if kinds.count("frontend") != 1 or kinds.count("backend") != 1:
        raise RuntimeError(f"{DEPLOY_CONFIG}: expected one frontend and one backend, not {kinds}")
    out: list[str] = []
    for (header, lines), kind in zip(sections, kinds, strict=True):
        if kind in DROPPED_SECTIONS:
            continue
        if kind == "global":
            lines = []
        elif kind == "defaults":
            lines = [w for w in lines if not any(_starts_with(w, entry) for entry in LOGGING)]
        elif kind == "frontend":
            lines = [["bind", f"127.0.0.1:{port}"]] + [w for w in lines if w[0] != "bind"]
        elif kind == "backend":
            lines = [w for w in lines if w[0] not in ("server", "default-server")]
            lines += [
                ["server", f"s{i}", f"127.0.0.1:{backend}", *TEST_CHECK.split()]
                for i, backend in enumerate(backends, 1)
            ]
        out.append(header)
        out += ["    " + " ".join(words) for words in lines]
    return "\n".join(out) + "\n"


def _starts_with(words: list[str], entry: str) -> bool:
    wanted = entry.split()
    return words[: len(wanted)] == wanted


class HAProxy(OnLoopback):
    """``haproxy`` on a free port in front of briscola processes at ``127.0.0.1:backend``."""

    def __init__(self, backends: list[int]) -> None:
        binary = shutil.which("haproxy") or shutil.which("haproxy", path=SBIN)
        if binary is None:
            raise RuntimeError("haproxy is required by the suite (make test installs it)")
        self.binary = binary
        self.backends = list(backends)
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="briscola-haproxy-")
        self.config = Path(self.dir) / "haproxy.cfg"
        self.config.write_text(suite_config(self.port, self.backends), encoding="utf-8")
        self.process: subprocess.Popen[bytes] | None = None
        self.log: list[str] = []
        self._drainer: threading.Thread | None = None
        self._logged = threading.Condition()
        self._ended = False

    def start(self, timeout: float = 30.0) -> None:
        """Run HAProxy in the foreground (master-worker) and return once it says it has
        loaded (its worker listens) and ``/healthz`` answers 200 through it."""
        self.process = subprocess.Popen(
            [self.binary, "-W", "-db", "-f", str(self.config)],
            cwd=self.dir,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        assert self.process.stdout is not None
        stdout = self.process.stdout
        self._drainer = threading.Thread(target=self._drain, args=(stdout,), daemon=True)
        self._drainer.start()
        with self._logged:  # HAProxy says when it has loaded its configuration and listens
            loaded = self._logged.wait_for(
                lambda: any(LOADED in line for line in self.log) or self._ended, timeout
            )
        if not loaded or self._ended or not self._ready():
            code = self.process.poll()
            self.stop()
            raise RuntimeError(
                f"haproxy on port {self.port} (exit code {code}) did not load and answer "
                f"/healthz with 200 within {timeout:g} s (backends {self.backends}):\n"
                f"{self.output}"
            )

    def _ready(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                pass
        except OSError:
            return False
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
        try:
            connection.request("GET", "/healthz")
            return connection.getresponse().status == 200
        except (OSError, http.client.HTTPException):
            return False
        finally:
            connection.close()

    def _drain(self, stdout: IO[bytes]) -> None:
        for raw in stdout:
            with self._logged:
                self.log.append(raw.decode(errors="replace"))
                self._logged.notify_all()
        with self._logged:
            self._ended = True
            self._logged.notify_all()

    @property
    def output(self) -> str:
        """What HAProxy has printed so far (warnings, alerts, servers going up or down)."""
        return "".join(self.log)

    def stop(self) -> None:
        """Stop the master, which stops its worker (SIGTERM: a hard stop, sockets closed)."""
        if self.process is not None:
            self.process.send_signal(signal.SIGTERM)
            try:
                _reap(self.process, self._drainer)
            except subprocess.TimeoutExpired:
                self.process.kill()
                _reap(self.process, self._drainer)
            self.process = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
