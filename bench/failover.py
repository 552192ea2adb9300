"""Failover benchmark: how long after a process is killed its tables are playable again on
the survivors.

It starts its own redis-server, fills it with N tables of four people in the middle of a
hand (as ``bench/restart.py`` does), starts process A, which takes every table, then process
B (which finds none to take), and SIGKILLs A. From the kill it measures:

- ``moved``: B runs all N tables (its ``/healthz``, asked every 10 ms);
- ``playable``: a sample of tables (``--sample``) each had its four players ``resume``
  through B and one play a card, seen by all four.

Target: under 5 s for 1,000 live tables.

    python bench/failover.py --tables 1000 --runs 3

Results go to docs/BENCHMARKS.md between ``<!-- bench:failover -->`` markers.
"""

from __future__ import annotations

import asyncio
import datetime
import os
import random
import statistics
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import write_between
from restart import BENCHMARKS, fill, machine, parse_runs, resume_and_play, start_server
from support.servers import RedisServer, free_port

MARKERS = "<!-- bench:failover -->", "<!-- /bench:failover -->"


async def failover_once(
    redis: RedisServer, tables: int, sample: int, seed: int
) -> dict[str, float]:
    redis.flush()
    filled = await fill(redis.url, tables, seed)
    a_port, b_port = free_port(), free_port()
    a, _ = await asyncio.to_thread(start_server, redis.url, a_port)
    b, _ = await asyncio.to_thread(start_server, redis.url, b_port)
    drains = [asyncio.create_task(asyncio.to_thread(p.stdout.read)) for p in (a, b)]  # type: ignore[union-attr]
    marks = {"loadavg": os.getloadavg()[0]}
    try:
        async with httpx.AsyncClient(timeout=30) as http:
            health = (await http.get(f"http://127.0.0.1:{a_port}/healthz")).json()
            assert health["rooms"] == tables, health
            killed = time.perf_counter()
            a.kill()
            while (await http.get(f"http://127.0.0.1:{b_port}/healthz")).json()["rooms"] < tables:
                await asyncio.sleep(0.01)
            marks["moved"] = time.perf_counter() - killed
        chosen = random.Random(seed).sample(filled, min(sample, len(filled)))
        async with asyncio.timeout(60):
            await asyncio.gather(
                *(resume_and_play(f"ws://127.0.0.1:{b_port}/ws", f) for f in chosen)
            )
        marks["playable"] = time.perf_counter() - killed
    finally:
        for process in (a, b):
            process.kill()
            await asyncio.to_thread(process.wait)
        await asyncio.gather(*drains)
    return marks


def report(runs: list[dict[str, float]], tables: int, command: str, sample: int) -> str:
    def cell(mark: str) -> str:
        values = [run[mark] for run in runs]
        return f"{statistics.median(values):.2f} s (max {max(values):.2f})"

    verdict = "under" if max(run["playable"] for run in runs) < 5 else "OVER"
    loadavg = statistics.median(run["loadavg"] for run in runs)
    return "\n".join(
        [
            f"`{command}` — {datetime.date.today().isoformat()}, {len(runs)} runs, "
            "medians (and the slowest run).",
            "",
            f"Machine: {machine()}. Redis and both processes on the same machine, AOF on.",
            "",
            "| tables | all moved to the survivor | sample resumed and played |",
            "|---|---|---|",
            f"| {tables:,} | {cell('moved')} | {cell('playable')} |",
            "",
            f"Process A ran {tables:,} tables of four people mid-hand; B ran none. Times from "
            f"SIGKILL of A: *moved*, B runs every table (it saw A's subscription gone, took "
            f"A's tables and restored each table from the mirror); *playable*, {sample} "
            f"tables where all four players resumed through B and one played, seen by all "
            f"four. Load average {loadavg:.1f} as the runs began. Target: under 5 s — "
            f"{verdict} it in every run.",
        ]
    )


async def main(argv: list[str] | None = None) -> None:
    args = parse_runs(__doc__, 3, argv)
    redis = RedisServer()
    redis.start()
    try:
        runs = []
        for index in range(args.runs):
            run = await failover_once(redis, args.tables, args.sample, args.seed + index)
            print(f"run {index + 1}: " + ", ".join(f"{k} {v:.2f}" for k, v in run.items()))
            runs.append(run)
    finally:
        redis.close()
    command = "python bench/failover.py " + " ".join(argv if argv is not None else sys.argv[1:])
    body = report(runs, args.tables, command.strip(), args.sample)
    print(body)
    if not args.no_write:
        write_between(BENCHMARKS, *MARKERS, body + "\n")


if __name__ == "__main__":
    asyncio.run(main())
