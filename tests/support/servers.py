"""Real servers for the tests: redis-server and briscola (in-process uvicorn, or a separate
process that a test can SIGKILL), each on a free port. Readiness is awaited on the event
the server itself reports, never guessed with a sleep."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import redis

from briscola.service.config import Settings
from briscola.service.manager import RoomManager
from briscola.service.notices import TurnNotices
from briscola.service.serve import build_server

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RedisServer:
    """A redis-server of the suite's own on a free port, which a test can kill and restart."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is required by the suite (make test installs it)")
        self.binary = binary
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="briscola-redis-")
        self.process: subprocess.Popen[bytes] | None = None
        self._drainer: threading.Thread | None = None
        self._copies: list[str] = []

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                self.dir,
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if b"Ready to accept connections" in line:
                break
        else:
            raise RuntimeError("redis-server exited before it was ready")
        self._drainer = threading.Thread(target=self.process.stdout.read, daemon=True)
        self._drainer.start()

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            _reap(self.process, self._drainer)
            self.process = None

    def restart(self, *, wipe: bool = False, data: str | None = None) -> None:
        """Kill and start again on the same port and data directory: the server comes back
        with what its append-only file holds (``wipe``: with nothing, as if it lost it;
        ``data``: with a copy from :meth:`copy_data`, as if it lost what came after)."""
        self.kill()
        if wipe or data is not None:
            shutil.rmtree(self.dir)
            if data is None:
                os.mkdir(self.dir)
            else:
                shutil.copytree(data, self.dir)
        self.start()

    def copy_data(self) -> str:
        """A copy of the data directory now, for :meth:`restart`: with ``appendfsync
        always`` it holds every write the server has answered so far."""
        copy = tempfile.mkdtemp(prefix="briscola-redis-copy-")
        shutil.copytree(self.dir, copy, dirs_exist_ok=True)
        self._copies.append(copy)
        return copy

    def freeze(self) -> None:
        """Stop the server (SIGSTOP): it accepts bytes but answers nothing until :meth:`thaw`."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url)

    def flush(self) -> None:
        with self.client() as r:
            r.flushall()

    def close(self) -> None:
        self.kill()
        for path in (self.dir, *self._copies):
            shutil.rmtree(path, ignore_errors=True)


@dataclass
class InProcessServer:
    """A briscola app served by real uvicorn in the test's event loop."""

    url: str
    manager: RoomManager

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://") + "/ws"


@contextlib.asynccontextmanager
async def serve_in_process(
    settings: Settings, notices: TurnNotices | None = None
) -> AsyncIterator[InProcessServer]:
    """Run the app on a free port for the duration of the block, then shut it down;
    ``notices`` is told of each turn begun at a table at its own pace."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(1024)
    port = sock.getsockname()[1]
    server = build_server(settings, "127.0.0.1", port, loop="none", notices=notices)
    server.config.log_level = "warning"
    task = asyncio.create_task(server.serve(sockets=[sock]))
    started = asyncio.Event()
    server.manager.on_started = started.set
    try:
        async with asyncio.timeout(30):
            await started.wait()
        yield InProcessServer(f"http://127.0.0.1:{port}", server.manager)
    finally:
        server.should_exit = True
        await task
        sock.close()


class OnLoopback:
    """The addresses of a server of the suite's on ``127.0.0.1:port``."""

    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"


@dataclass
class ServerProcess(OnLoopback):
    """``briscola serve`` in its own process: a test can SIGKILL it mid-hand."""

    redis_url: str | None = None
    env: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    log: list[str] = field(default_factory=list)
    _drainer: threading.Thread | None = None
    _logged: threading.Condition = field(default_factory=threading.Condition)

    def start(self) -> None:
        command = [sys.executable, "-m", "briscola.cli", "serve", "--port", str(self.port)]
        if self.redis_url:
            command += ["--redis-url", self.redis_url]
        path = os.pathsep.join(filter(None, [str(REPO / "server"), os.environ.get("PYTHONPATH")]))
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": path, **self.env}
        self.process = subprocess.Popen(
            command, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            line = raw.decode(errors="replace")
            self.log.append(line)
            if "Uvicorn running on" in line:  # startup is complete and the port is bound
                break
        else:
            raise RuntimeError("briscola serve exited before startup:\n" + "".join(self.log))
        stdout = self.process.stdout
        self._drainer = threading.Thread(target=self._drain, args=(stdout,), daemon=True)
        self._drainer.start()

    def _drain(self, stdout: object) -> None:
        for raw in stdout:  # type: ignore[attr-defined]
            with self._logged:
                self.log.append(raw.decode(errors="replace"))
                self._logged.notify_all()

    def wait_for_line(self, text: str, timeout: float = 30.0) -> str:
        """Wait until the process logs a line containing ``text`` (the event itself: each
        line wakes the waiter); returns that line.

        Raises:
            TimeoutError: no such line within ``timeout`` seconds.
        """
        with self._logged:
            found = self._logged.wait_for(
                lambda: next((line for line in self.log if text in line), None), timeout
            )
        if found is None:
            raise TimeoutError(f"no line with {text!r} in the log of port {self.port}")
        return found

    def kill(self, sig: int = signal.SIGKILL) -> int:
        assert self.process is not None
        self.process.send_signal(sig)
        code = _reap(self.process, self._drainer)
        self.process = None
        return code

    def stop(self) -> None:
        """Stop it as an operator would (SIGTERM). One that is still running after
        :data:`STOP_TIMEOUT` is a failure: it is asked for its threads' stacks (SIGUSR1),
        killed, and the end of its log, stacks included, is the error."""
        process = self.process
        if process is None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGUSR1)
            with contextlib.suppress(TimeoutError):
                self.wait_for_line("most recent call first", timeout=10)
            self.kill()
            raise AssertionError(
                f"port {self.port}: still running {STOP_TIMEOUT} s after SIGTERM:\n"
                + "".join(self.log[-80:])
            ) from None
        self.kill(signal.SIGTERM)


#: How long a server process may take to stop after SIGTERM.
STOP_TIMEOUT = 30


def _reap(process: subprocess.Popen[bytes], drainer: threading.Thread | None) -> int:
    """Wait for a process to end, and for the thread reading its output to see the end."""
    code = process.wait(timeout=30)
    if drainer is not None:
        drainer.join(timeout=10)
    if process.stdout is not None:
        process.stdout.close()
    return code


#: A fixture's function that starts one more ``briscola serve`` process (tests/mirror).
Spawn = Callable[[], Awaitable[ServerProcess]]


@contextlib.asynccontextmanager
async def spawning(redis_url: str, env: dict[str, str]) -> AsyncIterator[Spawn]:
    """A way to start ``briscola serve --redis-url`` processes with ``env`` on free ports;
    every one started is stopped at the end."""
    started: list[ServerProcess] = []

    async def start() -> ServerProcess:
        process = ServerProcess(redis_url, env=dict(env))
        started.append(process)
        await asyncio.to_thread(process.start)
        return process

    try:
        yield start
    finally:
        for process in started:
            await asyncio.to_thread(process.stop)
