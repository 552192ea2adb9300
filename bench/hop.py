"""The cost of a hop between processes: a move's round trip for players on the table's own
process, against players on another process (their commands forwarded to the owner, its
frames sent back, through Redis).

It starts its own redis-server and two processes, A and B, on it; one two-player table on A.
Two players play it as fast as the server answers, first both connected to A, then both to
B, then A again, and so on (``--rounds``), so that both are measured in the same minutes of
a noisy machine; each move's time runs from sending ``play`` to the mover seeing the state
it made.

    python bench/hop.py --moves 2000 --rounds 4

Results go to docs/BENCHMARKS.md between ``<!-- bench:hop -->`` markers.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import write_between
from restart import BENCHMARKS, machine, start_server
from support.client import Client, Message, create_room
from support.play import seat_table
from support.servers import RedisServer, free_port

MARKERS = "<!-- bench:hop -->", "<!-- /bench:hop -->"


async def play(ws_url: str, base_url: str, moves: int) -> list[float]:
    """Two players, connected through ``ws_url``, play single-hand matches at new tables
    made on ``base_url``'s process until ``moves`` moves are timed."""
    times: list[float] = []
    while len(times) < moves:
        room = (await create_room(base_url, players=2, clock=600))["id"]
        clients = await seat_table(ws_url, room, 2)
        try:
            await play_match(clients, times)
        finally:
            await asyncio.gather(*(client.close() for client in clients))
    return times[:moves]


async def play_match(clients: list[Client], times: list[float]) -> None:
    """Play the table's match to its end (a drawn hand is dealt again), timing each move."""
    for client in clients:
        await client.wait_for(lambda m: m["type"] == "state" and bool(m["match"]))
    while True:
        match = clients[0].state["match"]  # type: ignore[index]
        if match["over"]:
            return
        mover = next((c for c in clients if c.my_turn()), None)
        version = clients[0].state["version"]  # type: ignore[index]
        if mover is None:  # a drawn hand: both ready for the next
            for client in clients:
                await client.send({"type": "ready"})
            for client in clients:
                await client.wait_for(newer(version, dealt=True))
            continue
        version = mover.state["version"]  # type: ignore[index]
        started = time.perf_counter()
        await mover.send({"type": "play", "card": mover.hand["legal"][0]})  # type: ignore[index]
        await mover.wait_for(newer(version))
        times.append(time.perf_counter() - started)
        for client in clients:
            if client is not mover:
                await client.wait_for(newer(version))


def newer(version: int, dealt: bool = False) -> Callable[[Message], bool]:
    """A state after ``version`` (``dealt``: with a hand being played)."""

    def holds(m: Message) -> bool:
        if m["type"] != "state" or m["version"] <= version:
            return False
        hand = m["match"] and m["match"]["hand"]
        return not dealt or bool(hand and not hand["over"])

    return holds


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000, help="moves per round and place")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    redis = RedisServer()
    redis.start()
    a_port, b_port = free_port(), free_port()
    a, _ = await asyncio.to_thread(start_server, redis.url, a_port)
    b, _ = await asyncio.to_thread(start_server, redis.url, b_port)
    drains = [asyncio.create_task(asyncio.to_thread(p.stdout.read)) for p in (a, b)]  # type: ignore[union-attr]
    owner = f"http://127.0.0.1:{a_port}"
    results: dict[str, list[float]] = {"on the owner": [], "on another process": []}
    try:
        for _ in range(args.rounds):
            results["on the owner"] += await play(f"ws://127.0.0.1:{a_port}/ws", owner, args.moves)
            results["on another process"] += await play(
                f"ws://127.0.0.1:{b_port}/ws", owner, args.moves
            )
    finally:
        for process in (a, b):
            process.terminate()
            await asyncio.to_thread(process.wait)
        await asyncio.gather(*drains)
        redis.close()
    rows = [
        f"| {place} | {statistics.median(t) * 1000:.2f} ms | "
        f"{percentile(t, 0.99) * 1000:.2f} ms | {len(t) / sum(t):,.0f} |"
        for place, t in results.items()
    ]
    local, remote = (statistics.median(t) for t in results.values())
    command = "python bench/hop.py " + " ".join(argv if argv is not None else sys.argv[1:])
    body = "\n".join(
        [
            f"`{command.strip()}` — {datetime.date.today().isoformat()}.",
            "",
            f"Machine: {machine()}. Redis, both processes and the players on the same machine.",
            "",
            "| players | median move round trip | p99 | moves/s, one table |",
            "|---|---|---|---|",
            *rows,
            "",
            f"A hop costs {(remote - local) * 1000:.2f} ms a move at the median "
            f"({remote / local:.2f}x): the command's trip to the owner and the frames' trip "
            f"back, each a PUBLISH and a delivery through Redis. Rounds alternated "
            f"({args.rounds} of {args.moves:,} moves in each place).",
        ]
    )
    print(body)
    if not args.no_write:
        write_between(BENCHMARKS, *MARKERS, body + "\n")


if __name__ == "__main__":
    asyncio.run(main())
