"""Restart benchmark: how long a server takes to bring back N live tables from Redis.

It starts its own redis-server on a free port (the test suite's ``RedisServer``), fills it
with N tables of four people in the middle of a hand, written exactly as a live server
writes them (each command's events through ``RedisStore.write``, a snapshot at every deal),
then starts ``python -m briscola.cli serve --redis-url …`` and measures, from the moment the
process is started:

- ``listening``: uvicorn is serving (every table has been loaded and restored by then);
- ``lobby``: the server answers and holds all N tables (``GET /healthz``; mid-match tables are
  adjourned, out of the lobby's list, until a person resumes);
- ``playable``: a sample of tables (``--sample``) each had a player ``resume`` with their
  token and play a card, and every seat of that table saw the move.

Each run refills Redis first, so every run restarts from the same state. The figure that
counts is ``playable`` (target: under 5 s for 1,000 tables). The same loading and
restoring, timed in this process without a server, splits it into its parts.

    python bench/restart.py --tables 1000 --runs 5

Results go to docs/BENCHMARKS.md between ``<!-- bench:restart -->`` markers (``--no-write``
only prints them).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import platform
import random
import secrets
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "server"), str(ROOT / "tests")]

from briscola import bots  # noqa: E402
from briscola.engine import view  # noqa: E402
from briscola.metrics import Metrics  # noqa: E402
from briscola.store.redis import RedisStore  # noqa: E402
from briscola.table.core import Table  # noqa: E402
from briscola.wire.table_rules import TableRules  # noqa: E402
from support.client import Client  # noqa: E402
from support.servers import RedisServer, free_port  # noqa: E402

BENCHMARKS = ROOT / "docs" / "BENCHMARKS.md"
MARKERS = "<!-- bench:restart -->", "<!-- /bench:restart -->"
SEATS = 4


# ------------------------------------------------------------------ filling


@dataclass
class Filled:
    """A table written to Redis, and what a player needs to come back to it."""

    room: str
    tokens: list[str]


async def fill_one(store: RedisStore, index: int, rng: random.Random) -> Filled:
    """One table of four, played to a random point of its first or second hand, with
    every change mirrored the way a room mirrors it."""
    rules = TableRules(players=SEATS, best_of=3, swap_seven=rng.random() < 0.5)
    table = Table(f"bench{index:05d}", rules, entropy=secrets.token_bytes, now=0)

    async def publish() -> None:
        events, finished = table.drain()
        snapshot = table.snapshot() if table.snapshot_due else None
        table.snapshot_due = False
        await store.write(table.id, events, snapshot, finished)

    await publish()
    tokens = []
    for seat in range(SEATS):
        tokens.append(table.sit(f"P{seat}", seat, None, 0)[1])
        await publish()
    for seat in range(SEATS):
        table.set_ready(seat, True, 0)
        await publish()
    if rng.random() < 0.3:  # a second hand: play the first one out
        while table.match is not None and table.match.hand and not table.match.hand.over:
            bot_move(table)
            await publish()
        for seat in range(SEATS):
            table.set_ready(seat, True, 0)
        await publish()
    for _ in range(rng.randrange(1, 39)):
        bot_move(table)
        await publish()
    return Filled(table.id, tokens)


def bot_move(table: Table) -> None:
    assert table.match is not None and table.match.hand is not None
    hand = table.match.hand
    table.act(hand.turn, bots.choose_action(view(hand, hand.turn)), 0)


async def fill(url: str, tables: int, seed: int) -> list[Filled]:
    store = RedisStore(url, Metrics(), record_ttl=3600)
    await store.redis.flushall()  # before start: afterwards it would count as lost data
    await store.start(lambda rooms: None)
    rng = random.Random(seed)
    try:
        return list(
            await asyncio.gather(
                *(fill_one(store, i, random.Random(rng.random())) for i in range(tables))
            )
        )
    finally:
        await store.close()


async def parts(url: str) -> dict[str, float]:
    """Load and restore every table in this process: where a restart's time goes."""
    store = RedisStore(url, Metrics(), record_ttl=3600)
    started = time.perf_counter()
    stored = await store.load_rooms()
    loaded = time.perf_counter()
    for room in stored:
        Table.restore(room.snapshot, room.events, entropy=secrets.token_bytes, now=0)
    restored = time.perf_counter()
    await store.close()
    return {"load": loaded - started, "restore": restored - loaded}


# ------------------------------------------------------------------ restart


@dataclass
class Run:
    tables: int
    marks: dict[str, float] = field(default_factory=dict)


def start_server(redis_url: str, port: int) -> tuple[subprocess.Popen[bytes], dict[str, float]]:
    """Start ``briscola serve``; returns the process, its start time (``start``), and how
    long after it the server had imported everything (``started``) and was serving."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT / "server")}
    command = [sys.executable, "-m", "briscola.cli", "serve", "--port", str(port)]
    command += ["--redis-url", redis_url]
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert process.stdout is not None
    marks = {"start": started}
    for raw in process.stdout:
        if b"Started server process" in raw:
            marks["started"] = time.perf_counter() - started
        if b"Uvicorn running on" in raw:
            marks["listening"] = time.perf_counter() - started
            return process, marks
    raise RuntimeError("briscola serve exited before it listened")


async def resume_and_play(ws_url: str, filled: Filled) -> None:
    """All four come back with their tokens; the one to move plays; everyone sees it."""
    clients = []
    for seat, token in enumerate(filled.tokens):
        client = await Client.connect(ws_url, f"P{seat}")
        await client.send({"type": "resume", "room": filled.room, "token": token})
        await client.wait_type("joined")
        await client.wait_type("state")
        clients.append(client)
    hand = clients[0].hand
    assert hand is not None and hand["turn"] is not None
    mover = clients[hand["turn"]]
    before = max(c.state["version"] for c in clients if c.state)
    assert mover.hand is not None
    await mover.send({"type": "play", "card": mover.hand["legal"][0]})
    for client in clients:
        await client.wait_for(lambda m: m["type"] == "state" and m["version"] > before)
    await asyncio.gather(*(client.close() for client in clients))


async def restart_once(redis: RedisServer, tables: int, sample: int, seed: int) -> Run:
    filled = await fill(redis.url, tables, seed)
    split = await parts(redis.url)
    loadavg = os.getloadavg()[0]
    port = free_port()
    process, marks = await asyncio.to_thread(start_server, redis.url, port)
    started = marks.pop("start")
    assert process.stdout is not None
    drain = asyncio.create_task(asyncio.to_thread(process.stdout.read))
    run = Run(tables, {**split, **marks, "loadavg": loadavg})
    try:
        async with httpx.AsyncClient(timeout=30) as http:
            # Every table is back (mid-match ones adjourned, so out of the lobby's list, until
            # a person resumes).
            health = (await http.get(f"http://127.0.0.1:{port}/healthz")).json()
        run.marks["lobby"] = time.perf_counter() - started
        assert health["rooms"] == tables, health
        chosen = random.Random(seed).sample(filled, min(sample, len(filled)))
        ws_url = f"ws://127.0.0.1:{port}/ws"
        async with asyncio.timeout(60):
            await asyncio.gather(*(resume_and_play(ws_url, f) for f in chosen))
        run.marks["playable"] = time.perf_counter() - started
    finally:
        process.terminate()
        await asyncio.to_thread(process.wait)
        await drain
        process.stdout.close()
    return run


# ------------------------------------------------------------------ report


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    redis_version = subprocess.run(
        ["redis-server", "--version"], capture_output=True, text=True, check=False
    ).stdout.split()[2:3]
    return (
        f"{os.cpu_count()} cores ({model}), Linux {platform.release()}, "
        f"Python {platform.python_version()}, redis-server "
        f"{redis_version[0].removeprefix('v=') if redis_version else '?'}, "
        f"redis-py {metadata.version('redis')}, hiredis {metadata.version('hiredis')}, "
        f"uvloop {metadata.version('uvloop')}"
    )


def report(runs: list[Run], command: str, sample: int) -> str:
    tables = runs[0].tables

    def median(mark: str) -> float:
        return statistics.median(run.marks[mark] for run in runs)

    def cell(mark: str) -> str:
        return f"{median(mark):.2f} s (max {max(run.marks[mark] for run in runs):.2f})"

    verdict = "under" if max(run.marks["playable"] for run in runs) < 5 else "OVER"
    return "\n".join(
        [
            f"`{command}` — {datetime.date.today().isoformat()}, {len(runs)} runs, "
            f"medians (and the slowest run).",
            "",
            f"Machine: {machine()}. Redis on the same machine, AOF on.",
            "",
            "| tables | imported | listening | all tables answered | sample resumed and played |",
            "|---|---|---|---|---|",
            f"| {tables:,} | {cell('started')} | {cell('listening')} | {cell('lobby')} "
            f"| {cell('playable')} |",
            "",
            f"Every table: four people mid-hand (first or second hand of a best of 3). "
            f"Times run from starting the process: *imported*, uvicorn starts (Python and "
            f"every import); *listening*, every table loaded, restored and its task "
            f"started; *sample*, {sample} tables where all four players resumed with their "
            f"tokens and one played, seen by all four. Between *imported* and *listening*: "
            f"loading the {tables:,} tables from Redis ({median('load'):.2f} s) and "
            f"restoring them, each hand replayed through the engine "
            f"({median('restore'):.2f} s), as timed alone in the benchmark's process just "
            f"before each restart. The machine was shared with other work (load average "
            f"{median('loadavg'):.1f} as the runs began). Target: every table back and "
            f"playable in under 5 s — {verdict} it in every run.",
        ]
    )


def write(body: str) -> None:
    start, end = MARKERS
    text = BENCHMARKS.read_text() if BENCHMARKS.exists() else "# Benchmarks\n"
    if start not in text or end not in text:
        text = text.rstrip("\n") + f"\n\n## Restart\n\n{start}\n{end}\n"
    head, rest = text.split(start, 1)
    tail = rest.split(end, 1)[1]
    BENCHMARKS.parent.mkdir(exist_ok=True)
    BENCHMARKS.write_text(f"{head}{start}\n{body}\n{end}{tail}")


def parse_runs(doc: str, runs: int, argv: list[str] | None) -> argparse.Namespace:
    """The options of a benchmark that fills Redis with tables and times runs over them
    (this one, and bench/failover.py)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=runs)
    parser.add_argument("--sample", type=int, default=20, help="tables resumed and played")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-write", action="store_true", help="print, do not edit docs")
    return parser.parse_args(argv)


async def main(argv: list[str] | None = None) -> None:
    args = parse_runs(__doc__, 5, argv)

    redis = RedisServer()
    redis.start()
    try:
        runs = []
        for index in range(args.runs):
            run = await restart_once(redis, args.tables, args.sample, args.seed + index)
            print(f"run {index + 1}: " + ", ".join(f"{k} {v:.2f}" for k, v in run.marks.items()))
            runs.append(run)
    finally:
        redis.close()
    command = "python bench/restart.py " + " ".join(argv if argv is not None else sys.argv[1:])
    body = report(runs, command.strip(), args.sample)
    print(body)
    if not args.no_write:
        write(body)


if __name__ == "__main__":
    asyncio.run(main())
