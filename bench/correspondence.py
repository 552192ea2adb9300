"""Correspondence benchmark: N tables at their own pace, idle in Redis.

It starts its own redis-server on a free port (the test suite's ``RedisServer``) and fills
it with N two-player tables at their own pace (a day per move), each in the middle of its
first hand's first turn, written through the store layer as a server writes them (the
snapshot through ``RedisStore.write``, its public summary in the shared lobby, the deadline
and the players' lists through ``PaceStore.keep``) and parked (``PaceStore.park``: in Redis
only). It measures:

- **Redis memory per table**: ``INFO memory`` ``used_memory`` before and after, over N;
- **the deadline check**: one poll of the sorted set (``PaceStore.due``) with nothing due
  and with 100 due, at 1,000, 10,000 and N tables: it does not grow with the tables;
- **a process that owns them**: ``briscola serve`` started on that Redis: its RSS with the
  N tables parked against its RSS on an empty Redis (per table: near zero), and the time to
  serve after the start (its share picked up: the parked tables are not loaded); then the
  same with ``--held`` of the tables held in memory (in the live rooms, as a process's own
  tables are when it is killed): the time to load them and their RSS per table.

    python bench/correspondence.py --tables 100000 --held 5000

Results go to docs/BENCHMARKS.md between ``<!-- bench:correspondence -->`` markers
(``--no-write`` only prints them).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import secrets
import statistics
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "server"), str(ROOT / "tests")]

from briscola.metrics import Metrics  # noqa: E402
from briscola.store.cluster import LOBBY  # noqa: E402
from briscola.store.pace import PARKED, PaceStore  # noqa: E402
from briscola.store.redis import ROOMS, RedisStore  # noqa: E402
from briscola.table.core import Table  # noqa: E402
from briscola.table.session import RoomSession  # noqa: E402
from briscola.wire.ratings import Rating  # noqa: E402
from briscola.wire.table_rules import TableRules  # noqa: E402
from common import write_between  # noqa: E402
from restart import machine, start_server  # noqa: E402
from support.servers import RedisServer, free_port  # noqa: E402

BENCHMARKS = ROOT / "docs" / "BENCHMARKS.md"
MARKERS = "<!-- bench:correspondence -->", "<!-- /bench:correspondence -->"
DAY = 24 * 3600
#: Tables written at once (the store batches their writes into pipelines).
CHUNK = 200
#: Polls timed per size.
POLLS = 200


async def fill_one(store: RedisStore, pace: PaceStore, index: int, now: float) -> None:
    """One table of two accounts, its match dealt and the first turn's deadline set, as a
    room writes it; then parked."""
    rules = TableRules(players=2, deadline=DAY, name=f"Game {index}")
    table = Table(f"pace{index:06d}", rules, entropy=secrets.token_bytes, now=now)
    for seat in range(2):
        account = f"player{(index * 2 + seat) % 20000:05d}"
        table.sit(account, seat, None, now, (account, Rating()))
    for seat in range(2):
        table.set_ready(seat, True, now)
    table.mark_turn(now)
    events, finished = table.drain()
    del events  # the snapshot holds them all
    await store.write(table.id, [], table.snapshot(), finished)
    await store.redis.hset(LOBBY, table.id, RoomSession(table).summary_json())
    await pace.keep(table.pace_entry())
    await pace.park(table.id, ROOMS)


def used_memory(redis: RedisServer) -> int:
    with redis.client() as client:
        return int(client.info("memory")["used_memory"])


async def poll_cost(pace: PaceStore, now: float) -> tuple[float, float]:
    """The median time of one poll with nothing due, and of one with 100 due (ms)."""
    timings = []
    for when in (now, now + 2 * DAY):
        runs = []
        for _ in range(POLLS):
            started = time.perf_counter()
            await pace.due(when, 100)
            runs.append(time.perf_counter() - started)
        timings.append(statistics.median(runs) * 1000)
    return timings[0], timings[1]


async def fill(redis: RedisServer, tables: int) -> dict[str, object]:
    store = RedisStore(redis.url, Metrics(), record_ttl=3600)
    await store.redis.flushall()
    await store.start(lambda rooms: None)
    pace = store.pace
    assert pace is not None
    before = used_memory(redis)
    now = time.time()
    polls: dict[int, tuple[float, float]] = {}
    checkpoints = sorted({1000, 10000, tables} & set(range(1, tables + 1)))
    started = time.perf_counter()
    try:
        done = 0
        for point in checkpoints:
            while done < point:
                count = min(CHUNK, point - done)
                await asyncio.gather(
                    *(
                        fill_one(store, pace, done + i, now + (done + i) % 3600)
                        for i in range(count)
                    )
                )
                done += count
            polls[point] = await poll_cost(pace, now)
        filled = time.perf_counter() - started
        after = used_memory(redis)
    finally:
        await store.close()
    return {"before": before, "after": after, "polls": polls, "filled": filled}


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def serve_once(redis: RedisServer) -> dict[str, float]:
    """Start a server on the Redis as it is: how long until it serves (every table it must
    hold loaded), how many tables it holds, and its RSS once it answers."""
    port = free_port()
    process, marks = await asyncio.to_thread(start_server, redis.url, port)
    started = marks.pop("start")
    assert process.stdout is not None
    drain = asyncio.create_task(asyncio.to_thread(process.stdout.read))
    try:
        async with httpx.AsyncClient(timeout=60) as http:
            health = (await http.get(f"http://127.0.0.1:{port}/healthz")).json()
        serving = time.perf_counter() - started
        return {"serving": serving, "rooms": health["rooms"], "rss": rss_kib(process.pid)}
    finally:
        process.terminate()
        await asyncio.to_thread(process.wait)
        await drain
        process.stdout.close()


def hold(redis: RedisServer, count: int) -> None:
    """Move ``count`` parked tables back to the live rooms, as a killed process leaves its
    own: the next process to start loads them."""
    with redis.client() as client:
        ids = sorted(m.decode() for m in client.smembers(PARKED))[:count]
        pipe = client.pipeline(transaction=False)
        for room in ids:
            pipe.srem(PARKED, room)
            pipe.sadd(ROOMS, room)
        pipe.execute()


async def run(tables: int, held: int) -> dict[str, object]:
    redis = RedisServer()
    redis.start()
    try:
        empty = await serve_once(redis)
        filled = await fill(redis, tables)
        loadavg = os.getloadavg()[0]
        parked = await serve_once(redis)
        hold(redis, held)
        holding = await serve_once(redis)
        return {**filled, "empty": empty, "parked": parked, "held": holding, "loadavg": loadavg}
    finally:
        redis.close()


def report(result: dict[str, object], tables: int, held: int, command: str) -> str:
    before, after = result["before"], result["after"]
    assert isinstance(before, int) and isinstance(after, int)
    polls = result["polls"]
    empty, parked, holding = result["empty"], result["parked"], result["held"]
    assert isinstance(polls, dict)
    assert isinstance(empty, dict) and isinstance(parked, dict) and isinstance(holding, dict)
    per_table = (after - before) / tables
    parked_per = (parked["rss"] - empty["rss"]) * 1024 / tables
    held_per = (holding["rss"] - empty["rss"]) * 1024 / max(1, held)
    rows = [f"| {size:,} | {none:.3f} ms | {due:.3f} ms |" for size, (none, due) in polls.items()]
    return "\n".join(
        [
            f"`{command}` — {datetime.date.today().isoformat()}.",
            "",
            f"Machine: {machine()}. Redis on the same machine, AOF on (`appendfsync always`).",
            "",
            f"{tables:,} two-player tables at their own pace (a day per move), each in its "
            f"first turn, written through the store layer in {result['filled']:.0f} s and "
            "parked.",
            "",
            "| measure | value |",
            "|---|---|",
            f"| Redis memory per table (`used_memory` before and after, over the tables) "
            f"| {per_table:,.0f} B ({(after - before) / 2**20:,.0f} MiB in all) |",
            f"| server RSS on an empty Redis | {empty['rss'] / 1024:,.1f} MiB |",
            f"| server RSS with the {tables:,} tables parked (none held) "
            f"| {parked['rss'] / 1024:,.1f} MiB: {parked_per:,.1f} B per table |",
            f"| start to serving, {tables:,} parked | {parked['serving']:.2f} s "
            f"(empty Redis: {empty['serving']:.2f} s) |",
            f"| start to serving, {held:,} held (loaded and restored) "
            f"| {holding['serving']:.2f} s, holding {holding['rooms']:,.0f} tables |",
            f"| server RSS holding {held:,} | {holding['rss'] / 1024:,.1f} MiB: "
            f"{held_per / 1024:,.1f} KiB per table held |",
            "",
            "The deadline check: one `ZRANGE briscola:deadlines -inf now BYSCORE LIMIT 0 100`, "
            f"median of {POLLS}, as the tables grow:",
            "",
            "| tables | nothing due | 100 due |",
            "|---|---|---|",
            *rows,
            "",
            "Redis holds for each table its snapshot, its summary in the shared lobby, its "
            "entry (whose turn, the deadline, who plays), its member of the sorted set of "
            "deadlines, of the parked set and of each player's list. "
            "A parked table costs a process nothing: it is in Redis alone until someone "
            "opens it or its deadline falls, and a process that starts loads only the "
            "tables that were held when the last one stopped; a held table took "
            f"{(holding['serving'] - parked['serving']) / max(1, held) * 1000:.2f} ms to "
            "claim, load and restore. The poll is O(log N + due): its cost does not follow "
            "the number of tables. The machine was shared with other work (load average "
            f"{result['loadavg']:.1f} as the servers started).",
        ]
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100_000)
    parser.add_argument("--held", type=int, default=5_000)
    parser.add_argument("--no-write", action="store_true", help="print, do not edit docs")
    args = parser.parse_args(argv)
    command = f"python bench/correspondence.py --tables {args.tables} --held {args.held}"
    result = asyncio.run(run(args.tables, args.held))
    body = report(result, args.tables, args.held, command)
    print(body)
    if not args.no_write:
        write_between(BENCHMARKS, *MARKERS, body + "\n")


if __name__ == "__main__":
    main()
