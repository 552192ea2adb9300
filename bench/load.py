"""Load generator: T tables of 4 (``--players``: 2, 3, 4 or 6, or 5 for Briscola Chiamata)
websocket players and 1 spectator against a real server.

With ``--bots B`` the last B seats of each table are strong bots that its host adds (the
server's thinker works their moves out in worker processes, which inherit the server's CPU):
the latency measured is then that of the people's moves.

It starts the server itself (``python -m briscola.cli serve``, or ``bench/relay.py``) pinned to
CPU 0 with ``taskset``, runs itself pinned to CPU 1, waits for ``GET /healthz``, sets the
tables up, warms up, measures for ``--seconds`` and stops everything. All traffic goes to
127.0.0.1.

Against the briscola server a table is created with ``POST /api/rooms`` (4 players, a 600 s
clock so that nobody times out); 4 clients ``join`` a seat and say ``ready``, 1 ``watch``es.
A player whose latest ``state`` gives it the turn sends ``play`` with a legal card, after a
think time of about ``--think`` seconds (``--mode realistic``) or at once (``--mode
saturated``). When the match is over everyone sends ``play_again`` (a rematch is every
person's yes) and the next match starts.

Against the relay each move is a message one seat sends and all 5 sockets of the table
receive; the next seat moves when it has received it, the same turn-taking.

A move's latency runs from sending it until the last of the table's 5 sockets has received
the state that reflects it (the first state whose ``version`` is above the one the mover saw;
for the relay, the message itself). Server CPU comes from ``/proc/PID/stat``, memory per
socket from ``VmRSS`` above the RSS measured before any client connected.

    python bench/load.py --mode realistic --tables 100 500 1000
    python bench/load.py --mode saturated --tables 100 1000   # the server, then the relay

With ``--callgrind`` the server runs under valgrind's callgrind, counting the instructions
it executes in user space while the point is measured (the kernel's part of a write is not
counted): instructions per move, repeatable to a fraction of a per cent for the same code and
the same few tables, whatever the machine's other work, where moves/s on a shared machine
moves by several. It is a yardstick for comparing two versions of the code, far slower than
the real thing: a few tables, not a thousand.

    python bench/load.py --mode saturated --tables 2 --seconds 15 --callgrind

Results go to docs/BENCHMARKS.md between ``<!-- bench:load -->`` markers (``--no-write``
only prints them).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import os
import platform
import random
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import httpx
import orjson
import uvloop
from websockets.client import ClientProtocol
from websockets.http11 import Response
from websockets.speedups import apply_mask
from websockets.uri import parse_uri

from common import raise_fd_limit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from support.haproxy import HAProxy

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "docs" / "BENCHMARKS.md"
SERVER_CPU = 0
CLIENT_CPU = 1
SEATS = 4
#: Server knobs for a benchmark: no per-connection rate limit (a saturated table moves
#: far faster than a person), everything else as shipped.
SERVER_ENV = {"BRISCOLA_RATE": "1000000", "BRISCOLA_BURST": "1000000"}


# ------------------------------------------------------------------- processes


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """A server process pinned to CPU 0: the briscola server or the bare relay."""

    def __init__(
        self, target: str, redis_url: str | None, nice: int = 0, callgrind: bool = False
    ) -> None:
        self.target, self.nice = target, nice
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        if target == "relay":
            command = [sys.executable, str(ROOT / "bench" / "relay.py")]
        else:
            command = [sys.executable, "-m", "briscola.cli", "serve", "--host", "127.0.0.1"]
            if redis_url:
                command += ["--redis-url", redis_url]
        #: ``--callgrind``: where callgrind writes its counts (one file per process).
        self.callgrind_out = (
            Path(f"/tmp/bench-{target}-{self.port}.callgrind") if callgrind else None
        )
        if self.callgrind_out is not None:
            command[:0] = [
                "valgrind",
                "--tool=callgrind",
                "--instr-atstart=no",
                f"--callgrind-out-file={self.callgrind_out}.%p",
            ]
        self.command = ["taskset", "-c", str(SERVER_CPU), *command, "--port", str(self.port)]
        self.log_path = Path(f"/tmp/bench-{target}-{self.port}.log")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = dict(os.environ, **SERVER_ENV)
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(ROOT / "server"), env.get("PYTHONPATH")) if p
        )
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                self.command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        if self.nice:
            os.setpriority(os.PRIO_PROCESS, self.process.pid, self.nice)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def wait_healthy(self, http: httpx.AsyncClient, timeout: float = 30.0) -> None:
        if self.callgrind_out is not None:
            timeout *= 10  # Python's start-up, fifty times slower
        deadline = time.monotonic() + timeout
        while True:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.target} exited: see {self.log_path}")
            with contextlib.suppress(httpx.HTTPError):
                response = await http.get(f"{self.base}/healthz", timeout=1.0)
                if response.status_code == 200:
                    return
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.target} not healthy after {timeout} s")
            await asyncio.sleep(0.1)

    def count_instructions(self, on: bool) -> None:
        """``--callgrind``: start or stop counting the server's instructions."""
        if self.callgrind_out is not None:
            subprocess.run(
                ["callgrind_control", "--instr", "on" if on else "off", str(self.pid)],
                check=True,
                capture_output=True,
            )

    def instructions(self) -> int | None:
        """``--callgrind``, once the server has stopped: the instructions it counted."""
        if self.callgrind_out is None:
            return None
        total = 0
        for path in self.callgrind_out.parent.glob(f"{self.callgrind_out.name}.*"):
            found = re.search(r"^totals:\s+(\d+)", path.read_text(), re.MULTILINE)
            total += int(found.group(1)) if found else 0
            path.unlink()
        return total

    def cpu_seconds(self) -> float:
        """User plus system CPU time of the server so far."""
        stat = Path(f"/proc/{self.pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2 :].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_kb(self) -> int:
        status = Path(f"/proc/{self.pid}/status").read_text()
        match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        return int(match.group(1)) if match else 0

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)

    def problems(self) -> list[str]:
        """Lines of the server's log that speak of errors (first few)."""
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        lines = [line for line in text.splitlines() if re.search(r"Traceback|ERROR|Error", line)]
        return lines[:10]


class Group:
    """``--processes N``: N briscola servers on one Redis, all pinned to CPU 0 as one server
    is, behind HAProxy (the suite's configuration from deploy/haproxy.cfg, also on CPU 0):
    the same CPU as one process, so the difference is what splitting a table's people over
    processes costs (their commands and frames through Redis)."""

    def __init__(self, count: int, redis_url: str, nice: int = 0) -> None:
        self.target = f"briscola x{count}"
        self.servers = [Server("briscola", redis_url, nice) for _ in range(count)]
        self.balancer = HAProxy([server.port for server in self.servers])
        self.port = self.balancer.port
        self.base = self.balancer.url
        self.log_path = self.servers[0].log_path

    def start(self) -> None:
        for server in self.servers:
            server.start()

    async def wait_healthy(self, http: httpx.AsyncClient, timeout: float = 30.0) -> None:
        for server in self.servers:
            await server.wait_healthy(http, timeout)
        await asyncio.to_thread(self.balancer.start)
        assert self.balancer.process is not None
        os.sched_setaffinity(self.balancer.process.pid, {SERVER_CPU})

    def cpu_seconds(self) -> float:
        return sum(server.cpu_seconds() for server in self.servers)

    def rss_kb(self) -> int:
        return sum(server.rss_kb() for server in self.servers)

    def stop(self) -> None:
        self.balancer.close()
        for server in self.servers:
            server.stop()

    def problems(self) -> list[str]:
        return [line for server in self.servers for line in server.problems()][:10]


# ------------------------------------------------------------------- the tables


@dataclass(slots=True)
class Stats:
    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    completed: int = 0
    sent: int = 0
    stalls: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    closed: int = 0
    state_bytes: int = 0
    states: int = 0


@dataclass(slots=True)
class Move:
    """A move on its way: sent at ``t0``; delivered to a socket once it sees ``mark``."""

    t0: float
    mark: int
    in_window: bool
    waiting: int  # the bits of the table's sockets that have not seen it yet


#: Five seats a table play Briscola Chiamata.
CHIAMATA_PLAYERS = 5
#: The commands a seat's move may be (an error answering one is met with a ``sync``).
MOVES = frozenset({"play", "bid", "pass", "call"})
_PASS = orjson.dumps({"type": "pass"})


def moves(hand: dict) -> list[bytes]:  # type: ignore[type-arg]
    """The moves of the seat whose turn it is, encoded: its legal cards; in Chiamata's
    auction a pass, twice as likely as the lowest bid it may make (so that deals are played
    out, and not all at 120), in its call the cards it may call."""
    phase = hand.get("phase")
    if phase == "auction":
        bids = hand["bids"]
        if bids["ranks"]:
            return [_PASS, _PASS, orjson.dumps({"type": "bid", "rank": bids["ranks"][0]})]
        if bids["targets"] is not None:
            rank = {"rank": "2"} if hand["high"] and hand["high"]["rank"] else {}
            target = bids["targets"][0]
            return [_PASS, _PASS, orjson.dumps({"type": "bid", "target": target, **rank})]
        return [_PASS]
    if phase == "call":
        return [orjson.dumps({"type": "call", "card": card}) for card in hand["calls"]]
    return [orjson.dumps({"type": "play", "card": card}) for card in hand["legal"]]


class Conn(asyncio.Protocol):
    """One socket of a table, a player (seat 0 to ``--players`` - 1) or the spectator (seat
    None).

    The handshake is the websockets library's Sans-I/O client (no extensions: no
    compression offered). After it, frames are read and written here by hand on the bare
    uvloop transport: a message costs one callback and a few microseconds (the library's
    parser takes ~12 µs a frame), so that one load-generator core can feed five deliveries
    a move to a server core and still measure the server, not itself.
    """

    def __init__(self, run: Run, table: Table, seat: int | None) -> None:
        self.run, self.table, self.seat = run, table, seat
        self.bit = 1 << (run.seats if seat is None else seat)
        self.handshake: ClientProtocol | None = ClientProtocol(parse_uri(run.ws_url))
        self.buffer = bytearray()
        self.transport: asyncio.Transport | None = None
        self.closing = False
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        self.lost: asyncio.Future[None] = loop.create_future()
        self.version = -1
        self.turn_version = -1
        self.played_at = -1
        #: The moves the seat may make now, encoded (cards to play; in Chiamata's auction a
        #: pass or a low bid, in its call the cards it may call).
        self.choices: list[bytes] = []
        self.thinking = self.ready_sent = self.again_sent = False
        #: The table's summary, as the last state that carried it (a state leaves it out
        #: while it is unchanged).
        self.room: dict = {}  # type: ignore[type-arg]

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is no subclass
        assert self.handshake is not None
        self.handshake.send_request(self.handshake.connect())
        transport.write(b"".join(self.handshake.data_to_send()))  # type: ignore[attr-defined]

    def data_received(self, data: bytes) -> None:
        if self.handshake is None:
            self.frames(data)
            return
        handshake = self.handshake
        handshake.receive_data(data)
        for event in handshake.events_received():
            if type(event) is Response:
                if handshake.handshake_exc is not None:
                    self.opened.set_exception(handshake.handshake_exc)
                    return
                self.handshake = None  # the server says nothing before our first message
                self.opened.set_result(None)

    def frames(self, data: bytes) -> None:
        """Read the server's frames (unmasked, unfragmented, RFC 6455 section 5.2)."""
        buffer = self.buffer
        if buffer:
            buffer += data
            data = bytes(buffer)
        size, pos = len(data), 0
        while size - pos >= 2:
            opcode, length = data[pos] & 0x0F, data[pos + 1] & 0x7F
            head = 2
            if length == 126:
                if size - pos < 4:
                    break
                length, head = int.from_bytes(data[pos + 2 : pos + 4], "big"), 4
            elif length == 127:
                if size - pos < 10:
                    break
                length, head = int.from_bytes(data[pos + 2 : pos + 10], "big"), 10
            end = pos + head + length
            if end > size:
                break
            payload = data[pos + head : end]
            pos = end
            if opcode == 0x1:
                self.run.on_message(self, payload)
            elif opcode == 0x9:
                self.write(0x8A, payload)  # pong
            elif opcode == 0x8:
                self.close()
                if self.transport is not None:
                    self.transport.close()
        buffer[:] = data[pos:]

    def write(self, first: int, payload: bytes) -> None:
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        size = len(payload)
        if size < 126:
            header = bytes((first, 0x80 | size))
        elif size < 1 << 16:
            header = bytes((first, 0xFE)) + size.to_bytes(2, "big")
        else:
            header = bytes((first, 0xFF)) + size.to_bytes(8, "big")
        mask = os.urandom(4)
        transport.write(header + mask + apply_mask(payload, mask))

    def send(self, text: bytes) -> None:
        """Send one text message (UTF-8 ``text``)."""
        if not self.closing:
            self.write(0x81, text)

    def close(self) -> None:
        if not self.closing:
            self.write(0x88, (1000).to_bytes(2, "big"))
            self.closing = True

    def connection_lost(self, exc: Exception | None) -> None:
        self.closing = True
        if not self.opened.done():
            self.opened.set_exception(ConnectionError(f"lost before the handshake: {exc}"))
        if not self.lost.done():
            self.lost.set_result(None)
        self.run.stats.closed += 1


class Table:
    __slots__ = ("conns", "index", "last_seen", "moves", "room", "run", "seq")

    def __init__(self, run: Run, index: int) -> None:
        self.run, self.index = run, index
        self.room = f"bench-{index}"
        self.conns: list[Conn] = []
        self.moves: list[Move] = []
        self.seq = 0
        self.last_seen = time.perf_counter()

    def start_move(self, mark: int) -> None:
        stats = self.run.stats
        stats.sent += 1
        self.moves.append(Move(time.perf_counter(), mark, stats.measuring, self.run.mask))

    def delivered(self, conn: Conn, mark: int) -> None:
        """``conn`` has received everything up to ``mark``."""
        now = self.last_seen = time.perf_counter()
        if not self.moves:
            return
        stats = self.run.stats
        done = False
        for move in self.moves:
            if mark >= move.mark and move.waiting & conn.bit:
                move.waiting &= ~conn.bit
                if not move.waiting:
                    done = True
                    if move.in_window:
                        stats.latencies.append(now - move.t0)
                    if stats.measuring:
                        stats.completed += 1
        if done:
            self.moves = [move for move in self.moves if move.waiting]


class Run:
    """One measured point: one server process, ``tables`` tables, one mode."""

    def __init__(self, args: argparse.Namespace, target: str, tables: int) -> None:
        self.args, self.target = args, target
        self.saturated = args.mode == "saturated"
        self.stats = Stats()
        self.tables = [Table(self, index) for index in range(tables)]
        self.rng = random.Random(args.seed)
        self.server: Server | Group = Server(target, args.redis_url, args.nice, args.callgrind)
        if args.processes > 1:
            self.server = Group(args.processes, args.redis_url, args.nice)
        self.ws_url = f"ws://127.0.0.1:{self.server.port}/ws"
        self.pad = "x" * args.relay_bytes
        self.gate_open = False  # no table starts before all are set up
        #: ``--bots``: the last seats of each table are strong bots, its host adds them.
        self.seats: int = args.players
        self.players = self.seats - args.bots
        self.sockets = self.players + 1
        self.mask = (1 << self.seats) | ((1 << self.players) - 1)  # the table's sockets' bits

    # --- acting -------------------------------------------------------------

    def think(self) -> float:
        think = self.args.think
        return self.rng.uniform(0.7 * think, 1.3 * think)

    def my_turn(self, conn: Conn) -> None:
        """It is ``conn``'s turn: move now (saturated) or after thinking (realistic)."""
        if conn.thinking:
            return
        if self.saturated:
            self.move(conn)
        else:
            conn.thinking = True
            asyncio.get_running_loop().call_later(self.think(), self.wake, conn)

    def wake(self, conn: Conn) -> None:
        conn.thinking = False
        if self.target == "relay" or conn.turn_version == conn.version:
            self.move(conn)

    def move(self, conn: Conn) -> None:
        table = conn.table
        if self.target == "relay":
            table.seq += 1
            table.start_move(table.seq)
            text = orjson.dumps(
                {"type": "play", "seat": conn.seat, "seq": table.seq, "pad": self.pad}
            )
        else:
            if conn.played_at >= conn.version:
                return
            conn.played_at = conn.version
            table.start_move(conn.version + 1)
            text = self.rng.choice(conn.choices)
        conn.send(text)

    # --- receiving ----------------------------------------------------------

    def on_state(self, conn: Conn, msg: dict[str, object], size: int) -> None:
        stats = self.stats
        stats.state_bytes += size
        stats.states += 1
        version = msg["version"]
        assert isinstance(version, int)
        table = conn.table
        table.delivered(conn, version)
        conn.version = version
        seat = conn.seat
        if seat is None:
            return
        room = conn.room = msg.get("room", conn.room)  # type: ignore[assignment]
        status = room["status"]
        if status == "playing":
            conn.ready_sent = conn.again_sent = False
            match: dict = msg["match"]  # type: ignore[assignment]
            hand = match["hand"] if match else None
            choices = moves(hand) if hand and hand["turn"] == seat else []
            if choices and conn.played_at < version:
                conn.turn_version = version
                conn.choices = choices
                self.my_turn(conn)
        elif status == "over":
            conn.ready_sent = False
            if not conn.again_sent:  # a rematch is every person's yes
                conn.again_sent = True
                conn.send(b'{"type":"play_again"}')
        else:  # waiting or between hands
            conn.again_sent = False
            if not room["seats"][seat]["ready"] and self.gate_open:
                self.ready(conn)

    def ready(self, conn: Conn) -> None:
        if not conn.ready_sent:
            conn.ready_sent = True
            conn.send(b'{"type":"ready","ready":true}')

    def open_gate(self) -> None:
        """Every table is set up: start them all (in realistic mode, spread over a think)."""
        self.gate_open = True
        loop = asyncio.get_running_loop()
        for table in self.tables:
            delay = 0.0 if self.saturated else self.rng.uniform(0, self.args.think)
            loop.call_later(delay, self.start, table)

    def start(self, table: Table) -> None:
        table.last_seen = time.perf_counter()
        if self.target == "relay":
            self.my_turn(table.conns[0])
        else:
            for conn in table.conns[: self.players]:
                self.ready(conn)

    def on_message(self, conn: Conn, raw: bytes) -> None:
        msg = orjson.loads(raw)
        kind = msg.get("type")
        if self.target == "relay":
            seq = msg["seq"]
            conn.table.delivered(conn, seq)
            if conn.seat == (msg["seat"] + 1) % self.seats and seq == conn.table.seq:
                self.my_turn(conn)
        elif kind == "state":
            self.on_state(conn, msg, len(raw))
        elif kind == "error":
            self.stats.errors[str(msg.get("code"))] += 1
            if msg.get("ref") in MOVES:  # try again from a fresh state
                conn.played_at = -1
                conn.send(b'{"type":"sync"}')

    # --- setting up and watching ---------------------------------------------

    async def open(self, table: Table, seat: int | None, hello: dict[str, object]) -> Conn:
        loop = asyncio.get_running_loop()
        _, conn = await loop.create_connection(
            lambda: Conn(self, table, seat), "127.0.0.1", self.server.port
        )
        await asyncio.wait_for(conn.opened, 60)
        conn.send(orjson.dumps(hello))
        table.conns.append(conn)
        return conn

    async def set_up(self, table: Table, http: httpx.AsyncClient, gate: asyncio.Semaphore) -> None:
        async with gate:
            if self.target == "briscola":
                game = {"game": "chiamata"} if self.seats == CHIAMATA_PLAYERS else {}
                response = await http.post(
                    f"{self.server.base}/api/rooms",
                    json={"players": self.seats, "clock": 600, "name": table.room, **game},
                )
                response.raise_for_status()
                table.room = response.json()["id"]
            for seat in range(self.players):
                hello: dict[str, object] = {"type": "join", "room": table.room}
                if self.target == "briscola":
                    hello.update(name=f"p{seat}", seat=seat)
                host = await self.open(table, seat, hello)
                for bot in range(self.players, self.seats) if seat == 0 else ():
                    host.send(orjson.dumps({"type": "add_bot", "seat": bot, "level": "strong"}))
            watch = "watch" if self.target == "briscola" else "join"
            await self.open(table, None, {"type": watch, "room": table.room})

    def unstick(self, table: Table) -> None:
        """A table that has not heard anything for ``--stall`` seconds: count it, nudge it."""
        self.stats.stalls += 1
        table.moves.clear()
        table.last_seen = time.perf_counter()
        players = table.conns[: self.players]
        if self.target == "relay":
            self.my_turn(players[table.seq % self.seats])
        else:
            for conn in players:
                conn.played_at = -1
                conn.send(b'{"type":"sync"}')

    async def watchdog(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            limit = time.perf_counter() - self.args.stall
            for table in self.tables:
                if len(table.conns) == self.sockets and table.last_seen < limit:
                    self.unstick(table)

    # --- one point ------------------------------------------------------------

    async def measure(self) -> dict[str, object]:
        args, stats, server = self.args, self.stats, self.server
        limits = httpx.Limits(max_connections=64)
        async with httpx.AsyncClient(limits=limits, timeout=60.0) as http:
            server.start()
            try:
                await server.wait_healthy(http)
                await asyncio.sleep(0.5)
                baseline_kb = server.rss_kb()
                started = time.perf_counter()
                gate = asyncio.Semaphore(args.connect_concurrency)
                await asyncio.gather(*(self.set_up(table, http, gate) for table in self.tables))
                ramp = time.perf_counter() - started
                await asyncio.sleep(0.5)  # let the last joins land
                self.open_gate()
                watchdog = asyncio.ensure_future(self.watchdog())
                await asyncio.sleep(args.warmup)
                if isinstance(server, Server):
                    server.count_instructions(True)
                cpu0, own0, t0 = server.cpu_seconds(), _own_cpu(), time.perf_counter()
                machine0 = _machine_cpu()
                stats.measuring = True
                await asyncio.sleep(args.seconds)
                stats.measuring = False
                if isinstance(server, Server):
                    server.count_instructions(False)
                cpu1, own1, t1 = server.cpu_seconds(), _own_cpu(), time.perf_counter()
                machine1 = _machine_cpu()
                rss_kb = server.rss_kb()
                closed_early = stats.closed
                watchdog.cancel()
                await self.close_all()
            finally:
                server.stop()
        instructions = server.instructions() if isinstance(server, Server) else None
        elapsed = t1 - t0
        sockets = self.sockets * len(self.tables)

        def busy(name: str) -> float:
            return machine1.get(name, 0.0) - machine0.get(name, 0.0)

        latencies = sorted(stats.latencies)
        return {
            "target": self.server.target,
            "tables": len(self.tables),
            "sockets": sockets,
            "moves_s": stats.completed / elapsed,
            "p50_ms": _percentile(latencies, 0.50) * 1000,
            "p99_ms": _percentile(latencies, 0.99) * 1000,
            "server_cpu": 100 * (cpu1 - cpu0) / elapsed,
            "client_cpu": 100 * (own1 - own0) / elapsed,
            "kb_socket": (rss_kb - baseline_kb) / sockets,
            "others_server_core": 100 * (busy(f"cpu{SERVER_CPU}") - (cpu1 - cpu0)) / elapsed,
            "others_client_core": 100 * (busy(f"cpu{CLIENT_CPU}") - (own1 - own0)) / elapsed,
            "steal": 100 * busy("steal") / elapsed,
            "ramp_s": ramp,
            "errors": dict(stats.errors),
            "stalls": stats.stalls,
            "closed_early": closed_early,
            "state_bytes": stats.state_bytes / stats.states if stats.states else 0,
            "instructions_move": instructions / stats.completed
            if instructions is not None and stats.completed
            else None,
            "problems": server.problems(),
        }

    async def close_all(self) -> None:
        conns = [conn for table in self.tables for conn in table.conns]
        for conn in conns:
            conn.close()
        await asyncio.wait([conn.lost for conn in conns], timeout=10)
        for conn in conns:
            if conn.transport is not None and not conn.lost.done():
                conn.transport.abort()


def _machine_cpu() -> dict[str, float]:
    """CPU seconds busy so far (not idle, not waiting, not stolen): ``"cpu"`` for the whole
    machine, ``"cpu0"``… per core; and ``"steal"``, the seconds stolen by the host."""
    tick = os.sysconf("SC_CLK_TCK")
    busy = {}
    for line in Path("/proc/stat").read_text().splitlines():
        if not line.startswith("cpu"):
            break
        name, *values = line.split()
        fields = [int(value) for value in values[:8]]
        busy[name] = (sum(fields) - fields[3] - fields[4] - fields[7]) / tick
        if name == "cpu":
            busy["steal"] = fields[7] / tick
    return busy


def wait_quiet(limit: float, threshold: float = 15.0) -> float:
    """Wait up to ``limit`` seconds for the machine to be idle (under ``threshold`` % of a
    core busy over a second); the busy % last seen."""
    deadline = time.monotonic() + limit
    while True:
        before = _machine_cpu()["cpu"]
        time.sleep(1.0)
        busy = 100 * (_machine_cpu()["cpu"] - before)
        if busy < threshold or time.monotonic() >= deadline:
            return busy
        print(f"waiting for a quiet machine: {busy:.0f} % of a core busy", flush=True)


def _own_cpu() -> float:
    times = os.times()
    return times.user + times.system


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(q * len(values)))]


# ------------------------------------------------------------------- reporting


def machine_notes(args: argparse.Namespace) -> str:
    model = "unknown CPU"
    with contextlib.suppress(OSError):
        found = re.search(r"^model name\s*:\s*(.+)$", Path("/proc/cpuinfo").read_text(), re.M)
        model = found.group(1).strip() if found else model
    versions = ", ".join(
        f"{name} {metadata.version(name)}"
        for name in ("uvicorn", "starlette", "websockets", "uvloop", "orjson", "redis")
    )
    mirror = f"Redis mirror at `{args.redis_url}`" if args.redis_url else "no Redis (in memory)"
    priority = f"; both at nice {args.nice}, ahead of other work" if args.nice else ""
    return (
        f"{os.cpu_count()} CPUs, {model}; Linux {platform.release()}; Python "
        f"{platform.python_version()}; {versions}. Server pinned to CPU {SERVER_CPU} "
        f"(`taskset`), load generator (one process, uvloop; `websockets` Sans-I/O handshake, "
        f"frames by hand; no compression offered) pinned to CPU {CLIENT_CPU}; loopback, "
        f"no TLS; {mirror}{priority}; "
        f"server environment {' '.join(f'{k}={v}' for k, v in SERVER_ENV.items())} "
        f"(no per-socket rate limit)."
    )


def render(args: argparse.Namespace, results: list[dict[str, object]]) -> str:
    title = {
        "realistic": f"Realistic: each player thinks {args.think:g} s ± 30 % before moving",
        "saturated": "Saturated: every player moves as soon as it has the turn",
    }[args.mode]
    command = shlex.join(["python", "bench/load.py", *sys.argv[1:]])
    bots = f", {args.bots} strong bots a table" if args.bots else ""
    if args.players != SEATS:
        bots = f", {args.players} players a table{bots}"
    lines = [
        f"### {title}{bots}{' (Redis mirror)' if args.redis_url else ''}",
        "",
        f"`{command}` — {datetime.date.today().isoformat()}, {args.warmup:g} s warm-up, "
        f"{args.seconds:g} s measured per row.",
        "",
        machine_notes(args),
        "",
        "| server | tables | sockets | moves/s | p50 ms | p99 ms | server CPU % "
        "| load-gen CPU % | others % (server / load-gen core) | KB/socket | bytes/state "
        f"| errors | stalls | tries |{' instructions/move |' if args.callgrind else ''}",
        "|---" * (15 if args.callgrind else 14) + "|",
    ]
    for r in results:
        errors = ", ".join(f"{k} {v}" for k, v in r["errors"].items()) or "0"  # type: ignore[attr-defined]
        state = f"{r['state_bytes']:,.0f}" if r["state_bytes"] else "n/a"
        others = [max(0.0, r[f"others_{core}_core"]) for core in ("server", "client")]  # type: ignore[call-overload]
        lines.append(
            f"| {r['target']} | {r['tables']} | {r['sockets']} | {r['moves_s']:,.0f} "
            f"| {r['p50_ms']:.1f} | {r['p99_ms']:.1f} | {r['server_cpu']:.0f} "
            f"| {r['client_cpu']:.0f} "
            f"| {others[0]:.0f} / {others[1]:.0f} | {r['kb_socket']:.1f} | {state} "
            f"| {errors} | {r['stalls']} | {r['attempts']} |"
            + (f" {r['instructions_move']:,.0f} |" if args.callgrind else "")
        )
    by_point = {(r["target"], r["tables"]): r for r in results}
    measure = "instructions_move" if args.callgrind else "moves_s"
    ratios = [
        f"{tables} tables {r[measure] / relay[measure]:.2f}"  # type: ignore[operator]
        for (target, tables), r in by_point.items()
        if target == "briscola" and (relay := by_point.get(("relay", tables)))
    ]
    if ratios:
        what = "instructions per move" if args.callgrind else "moves/s"
        lines += ["", f"Briscola server / bare relay, {what}: {'; '.join(ratios)}."]
    if args.callgrind:
        lines += [
            "",
            "Under callgrind (`--callgrind`): each process about fifty times slower, so the "
            "moves/s and latencies say nothing of the real server; instructions/move is what "
            "the server executed in user space while the point was measured, over the moves "
            "made meanwhile (the kernel's part of each write not counted).",
        ]
    lines += [
        "",
        "Latency: from sending a move to its delivery on the last of the table's sockets. "
        "CPU % is of one core; others % is what other processes used of the server's core "
        "and of the load generator's core meanwhile (anything far above 0 disturbed the row: "
        "a starved server queues). KB/socket: server RSS above its idle RSS, "
        "over all sockets (tables and games included). A load-gen CPU near 100 % means the "
        "client, not the server, set the pace. Tries: a point is measured again (up to "
        f"{1 + args.retries} times) while others took over {args.max_others:g} % of the server's "
        "core; the least disturbed try is shown.",
    ]
    return "\n".join(lines)


def write_section(key: str, body: str) -> None:
    """Put ``body`` between this key's markers inside the load section of BENCHMARKS.md."""
    start, end = "<!-- bench:load -->", "<!-- /bench:load -->"
    inner_start, inner_end = f"<!-- bench:load:{key} -->", f"<!-- /bench:load:{key} -->"
    block = f"{inner_start}\n{body}\n{inner_end}"
    text = BENCHMARKS.read_text() if BENCHMARKS.exists() else "# Benchmarks\n"
    if start not in text or end not in text:
        text = text.rstrip("\n") + f"\n\n## Server load\n\n{start}\n{end}\n"
    head, rest = text.split(start, 1)
    section, tail = rest.split(end, 1)
    if inner_start in section and inner_end in section:
        before, after = section.split(inner_start, 1)
        section = before + block + after.split(inner_end, 1)[1]
    else:
        section = section.rstrip("\n") + f"\n{block}\n"
    section = "\n" + section.strip("\n") + "\n"
    BENCHMARKS.parent.mkdir(exist_ok=True)
    BENCHMARKS.write_text(head + start + section + end + tail)


# ------------------------------------------------------------------- main


def measure_point(args: argparse.Namespace, target: str, tables: int) -> dict[str, object]:
    """Measure one point; again (up to ``--retries`` times) while other processes took more
    than ``--max-others`` % of the server's core, keeping the least disturbed attempt."""
    best: dict[str, object] | None = None
    for attempt in range(1 + args.retries):
        if args.wait_quiet:
            wait_quiet(args.wait_quiet)
        result = uvloop.run(Run(args, target, tables).measure())
        result["attempts"] = attempt + 1
        print(
            f"{target:8} T={tables:5} moves/s={result['moves_s']:8.0f} "
            f"p50={result['p50_ms']:7.1f} ms p99={result['p99_ms']:7.1f} ms "
            f"server={result['server_cpu']:3.0f}% client={result['client_cpu']:3.0f}% "
            f"others={result['others_server_core']:3.0f}%/{result['others_client_core']:.0f}% "
            f"steal={result['steal']:3.0f}% "
            f"KB/socket={result['kb_socket']:5.1f} ramp={result['ramp_s']:.1f}s "
            f"errors={result['errors']} stalls={result['stalls']} "
            f"closed_early={result['closed_early']}"
            + (
                f" instructions/move={result['instructions_move']:,.0f}"
                if result["instructions_move"] is not None
                else ""
            ),
            flush=True,
        )
        for line in result["problems"]:  # type: ignore[attr-defined]
            print(f"  server log: {line}", flush=True)
        others = float(result["others_server_core"])  # type: ignore[arg-type]
        if best is None or others < float(best["others_server_core"]):  # type: ignore[arg-type]
            best = result
        if others <= args.max_others:
            break
    assert best is not None
    return best


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("realistic", "saturated"), default="realistic")
    parser.add_argument("--tables", type=int, nargs="+", default=None, help="T per point")
    parser.add_argument(
        "--targets",
        nargs="+",
        choices=("briscola", "relay"),
        default=None,
        help="servers to measure (default: briscola; saturated: briscola then relay)",
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time per point")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=1.0, help="realistic think time, s")
    parser.add_argument("--stall", type=float, default=10.0, help="a silent table is stuck")
    parser.add_argument("--redis-url", default=None, help="passed to the briscola server")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="briscola server processes on --redis-url behind HAProxy, all on the server's CPU",
    )
    parser.add_argument("--relay-bytes", type=int, default=300, help="padding of a relay move")
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4, 5, 6),
        default=SEATS,
        help="seats a table (4; 5 plays Briscola Chiamata)",
    )
    parser.add_argument(
        "--bots",
        type=int,
        choices=range(6),
        default=0,
        help="strong bots in the last seats of each table (the briscola server only); the "
        "latency is the people's moves'",
    )
    parser.add_argument("--connect-concurrency", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--wait-quiet",
        type=float,
        default=0.0,
        help="before each point wait up to this many seconds for other work to stop",
    )
    parser.add_argument(
        "--max-others",
        type=float,
        default=10.0,
        help="a point where other processes took more of the server's core (%%) is disturbed",
    )
    parser.add_argument("--retries", type=int, default=0, help="measure a disturbed point again")
    parser.add_argument(
        "--nice",
        type=int,
        default=0,
        help="scheduling priority of the server and the load generator (negative: ahead of "
        "other work on a shared machine; needs root)",
    )
    parser.add_argument(
        "--callgrind",
        action="store_true",
        help="count the server's user-space instructions per move under callgrind (slow: "
        "a few tables)",
    )
    parser.add_argument("--no-write", action="store_true", help="print, leave docs alone")
    args = parser.parse_args(argv)
    if args.tables is None:
        args.tables = [100, 500, 1000] if args.mode == "realistic" else [100, 1000]
    if args.targets is None:
        args.targets = ["briscola"] if args.mode == "realistic" else ["briscola", "relay"]
    if args.bots >= args.players:
        parser.error("--bots must leave a person at each table")
    if args.processes > 1 and (not args.redis_url or args.targets != ["briscola"]):
        parser.error("--processes needs --redis-url and --targets briscola")
    if args.callgrind and args.processes > 1:
        parser.error("--callgrind counts one process: not with --processes")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if len(os.sched_getaffinity(0)) > 1 and (os.cpu_count() or 1) > CLIENT_CPU:
        os.sched_setaffinity(0, {CLIENT_CPU})
    raise_fd_limit()
    if args.nice:
        os.setpriority(os.PRIO_PROCESS, 0, args.nice)
    results = []
    for tables in args.tables:
        for target in args.targets:
            results.append(measure_point(args, target, tables))
    body = render(args, results)
    print(body)
    if not args.no_write:
        key = f"{args.mode}{f'-bots{args.bots}' if args.bots else ''}"
        key += f"-players{args.players}" if args.players != SEATS else ""
        key += "-callgrind" if args.callgrind else ""
        processes = f"-processes{args.processes}" if args.processes > 1 else ""
        write_section(f"{key}{'-redis' if args.redis_url else ''}{processes}", body)
        print(f"written to {BENCHMARKS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
