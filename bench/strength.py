"""Strength benchmark: the bots' levels against each other on seat-fair duplicate deals.

Every deal is played once per seating of the two levels, the same seed and dealer each
time: with two or four players twice, the sides swapped (with four, two partners of each
level), with three once per seat of the single bot against two of the other level. Each
seat is played by its own bot from ``make_bot`` (one per hand), given that seat's views in
order, through the engine's public API. The matches:

- ``2p``: strong against normal, two players: points per hand and share of decisive hands;
- ``4p``: two strong partners against two normal;
- ``3p``: one strong against two normal: the strong seat's share of wins;
- ``easy``: easy against normal, two players (the figures are normal's);
- ``3p ref``: 3p's deals with a normal bot in the strong one's seat, what 3p compares
  with (the margin of one seat against the better of two others is below 0 for equals);
- ``6p``: three strong partners against three normal; ``6p signals``: the same at a table
  of signals (each bot asked for one before every move, opponents catching a quarter);
- ``scoperta all``, ``scoperta top``, ``scoperta none``: strong against normal in
  Briscola Scoperta, the stock shown whole, its next card, or not at all.

With them, the time of each decision (``choose``) per level and player count, p50 and p99:
the CPU time of the process's thread (what the move costs on one core, whatever else the
machine runs), and beside it the wall clock's p99.
Confidence intervals are 95 %: for points, the mean margin of the duplicate pairs (each
deal's seatings averaged, the unit of independence) ± 1.96 standard errors; for shares,
Wilson's interval over the hands.

    python bench/strength.py                            # the issue's sizes; writes BENCHMARKS.md
    python bench/strength.py --deals 300 150 150 300 --games 100 --jobs 2
    python bench/strength.py --deals 0 0 0 0 --no-write # the new games only; print only

The figures go into docs/BENCHMARKS.md between ``<!-- bench:strength -->`` and
``<!-- /bench:strength -->``, with the command, the date and the Python version.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from briscola.bots import Level, make_bot  # noqa: E402
from briscola.engine import (  # noqa: E402
    GameName,
    HandRules,
    PartnerComm,
    Signal,
    StockShown,
    apply,
    hand_result,
    side_of,
    start_hand,
    view,
)
from common import write_between  # noqa: E402

DOC = ROOT / "docs" / "BENCHMARKS.md"
MARKERS = "<!-- bench:strength -->", "<!-- /bench:strength -->"
Z = 1.96


@dataclass(frozen=True)
class Match:
    """A match-up: hands of ``rules``, ``tested`` against ``other``, in the seats of a side
    (``seatings``: the tested seats of each seating); ``size`` names the option that says
    how many deals it plays."""

    name: str
    rules: HandRules
    tested: Level
    other: Level
    seatings: tuple[tuple[int, ...], ...]
    bar: str
    size: str

    @property
    def players(self) -> int:
        return self.rules.players


HEADS, PAIRS, TRIO = ((0,), (1,)), ((0, 2), (1, 3)), ((0,), (1,), (2,))
SIXES = ((0, 2, 4), (1, 3, 5))
STRONG, NORMAL, EASY = Level.STRONG, Level.NORMAL, Level.EASY


def scoperta(shown: StockShown) -> HandRules:
    return HandRules(2, True, GameName.SCOPERTA, shown)


MATCHES = (
    Match("2p", HandRules(2, True), STRONG, NORMAL, HEADS, "+10 (CI low +8), 65 %", "TWO"),
    Match("4p", HandRules(4, True), STRONG, NORMAL, PAIRS, "+6 points/hand", "FOUR"),
    Match("3p", HandRules(3, True), STRONG, NORMAL, TRIO, "-", "THREE"),
    Match("easy", HandRules(2, True), NORMAL, EASY, HEADS, "normal 65 % of decisive", "EASY"),
    Match("3p ref", HandRules(3, True), NORMAL, NORMAL, TRIO, "3p's reference", "THREE"),
    Match("6p", HandRules(6, True), STRONG, NORMAL, SIXES, "-", "GAMES"),
    Match(
        "6p signals",
        HandRules(6, True, partner_comm=PartnerComm.SIGNALS),
        STRONG,
        NORMAL,
        SIXES,
        "-",
        "GAMES",
    ),
    *(
        Match(f"scoperta {shown}", scoperta(shown), STRONG, NORMAL, HEADS, "-", "GAMES")
        for shown in StockShown
    ),
)
#: The issue's sizes: deals per match for each size option (the reference plays 3p's).
FULL = (2000, 1000, 500, 1000)
GAMES = 300


@dataclass
class Tally:
    """What a batch of deals of one match gave: per deal the margin of the tested level
    averaged over its seatings; per hand won, lost or drawn; decision times per level."""

    margins: list[float] = field(default_factory=list)
    points: list[float] = field(default_factory=list)
    wins: int = 0
    losses: int = 0
    draws: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)
    walls: dict[str, list[float]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.margins += other.margins
        self.points += other.points
        self.wins += other.wins
        self.losses += other.losses
        self.draws += other.draws
        for level, times in other.times.items():
            self.times.setdefault(level, []).extend(times)
        for level, walls in other.walls.items():
            self.walls.setdefault(level, []).extend(walls)


def play(match: Match, seed: bytes, dealer: int, tested: tuple[int, ...], tally: Tally) -> int:
    """One hand of the deal, ``tested`` seats playing the tested level; returns the
    tested side's points minus the best other side's (with three players, the best other
    seat's), and counts the hand won, lost or drawn."""
    n = match.players
    levels = [match.tested if seat in tested else match.other for seat in range(n)]
    bots = [make_bot(level, seat) for seat, level in enumerate(levels)]
    state = start_hand(match.rules, dealer, seed)
    signals = match.rules.partner_comm is not PartnerComm.NONE
    while not state.over:
        seat = state.turn
        assert seat is not None
        for asked in range(n) if signals else ():
            code = bots[asked].signal(view(state, asked))
            if code is not None:
                state = apply(state, Signal(asked, code))
        seen = view(state, seat)
        start, cpu = time.perf_counter(), time.thread_time()
        action = bots[seat].choose(seen)
        tally.times.setdefault(levels[seat], []).append(time.thread_time() - cpu)
        tally.walls.setdefault(levels[seat], []).append(time.perf_counter() - start)
        state = apply(state, action)
    result = hand_result(state)
    ours = side_of(tested[0], n)
    best_other = max(p for side, p in enumerate(result.points) if side != ours)
    tally.points.append(result.points[ours])
    if result.winner is None:
        tally.draws += 1
    elif result.winner == ours:
        tally.wins += 1
    else:
        tally.losses += 1
    return result.points[ours] - best_other


def run_batch(name: str, first: int, count: int) -> Tally:
    """Deals ``first`` … ``first + count - 1`` of the match ``name``, every seating."""
    match = next(m for m in MATCHES if m.name == name)
    tally = Tally()
    for number in range(first, first + count):
        rng = random.Random(f"strength/{match.players}/{number}")
        seed, dealer = rng.randbytes(32), number % match.players
        margins = [play(match, seed, dealer, seats, tally) for seats in match.seatings]
        tally.margins.append(statistics.fmean(margins))
    return tally


def measure(match: Match, deals: int, jobs: int) -> Tally:
    """All ``deals`` of a match, in batches over ``jobs`` processes."""
    size = max(1, math.ceil(deals / (4 * jobs)))
    starts = range(0, deals, size)
    total = Tally()
    if jobs == 1:
        for first in starts:
            total.add(run_batch(match.name, first, min(size, deals - first)))
        return total
    with ProcessPoolExecutor(jobs) as pool:
        futures = [
            pool.submit(run_batch, match.name, first, min(size, deals - first)) for first in starts
        ]
        for future in futures:
            total.add(future.result())
    return total


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95 % interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def wilson(wins: int, total: int) -> tuple[float, float, float]:
    """A share and its 95 % Wilson interval."""
    if total == 0:
        return 0.0, 0.0, 0.0
    p = wins / total
    centre = (p + Z * Z / (2 * total)) / (1 + Z * Z / total)
    half = Z * math.sqrt(p * (1 - p) / total + Z * Z / (4 * total * total)) / (1 + Z * Z / total)
    return p, centre - half, centre + half


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(results: list[tuple[Match, int, Tally]], command: str, seconds: float) -> str:
    """The section of docs/BENCHMARKS.md."""
    date = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    python = f"{platform.python_implementation()} {platform.python_version()}"
    lines = [
        "## Bots' strength",
        "",
        "Seat-fair duplicate deals (each deal played once per seating, the same seed and",
        "dealer), swap of the 7 on, each seat played by its own bot through the public API.",
        "Margin: the tested level's points minus the best other side's, per hand, averaged",
        "over each deal's seatings; 95 % intervals over the deals. Decisive hands: hands not",
        "drawn; their share won by the tested level with a 95 % Wilson interval.",
        "",
        f"- command: `{command}`",
        f"- date: {date}; {seconds:.0f} s wall",
        f"- python: {python} on {platform.machine()}, {os.cpu_count()} CPUs",
        "",
        "| match | deals | hands | points/hand | margin/hand [95 % CI] | decisive won [95 % CI]"
        " | draws | bar |",
        "|---|---:|---:|---:|---|---|---:|---|",
    ]
    for match, deals, tally in results:
        margin, low, high = mean_ci(tally.margins)
        decisive = tally.wins + tally.losses
        share, s_low, s_high = wilson(tally.wins, decisive)
        hands = decisive + tally.draws
        lines.append(
            f"| {match.name}: {match.tested} vs {match.other} | {deals:,} | {hands:,} "
            f"| {statistics.fmean(tally.points):.1f} | {margin:+.1f} [{low:+.1f}, {high:+.1f}] "
            f"| {share:.1%} [{s_low:.1%}, {s_high:.1%}] | {tally.draws} | {match.bar} |"
        )
    lines += [
        "",
        "Decision time per move (`choose`, all moves of the runs): CPU time of the deciding",
        "thread (one core's work, whatever else the machine runs), and the wall clock's p99",
        "(which counts the waits for a core on a shared machine too):",
        "",
        "| level | players | moves | CPU p50 ms | CPU p99 ms | CPU max ms | wall p99 ms |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for match, _, tally in results:
        for level in sorted(tally.times):
            times = tally.times[level]
            lines.append(
                f"| {level} | {match.players} ({match.name}) | {len(times):,} "
                f"| {percentile(times, 0.5) * 1e3:.2f} | {percentile(times, 0.99) * 1e3:.2f} "
                f"| {max(times) * 1e3:.2f} | {percentile(tally.walls[level], 0.99) * 1e3:.2f} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--deals",
        type=int,
        nargs=4,
        default=FULL,
        metavar=("TWO", "FOUR", "THREE", "EASY"),
        help="deals for 2p, 4p, 3p and easy-vs-normal (%(default)s)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=GAMES,
        metavar="GAMES",
        help="deals for each match of six players and of Scoperta (%(default)s)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (1)")
    parser.add_argument("--no-write", action="store_true", help=f"do not update {DOC.name}")
    args = parser.parse_args(argv)
    if args.jobs < 1 or min(*args.deals, args.games) < 0:
        parser.error("--jobs must be at least 1, --deals and --games not negative")
    sizes = dict(zip(("TWO", "FOUR", "THREE", "EASY"), args.deals, strict=True))
    sizes["GAMES"] = args.games
    start = time.perf_counter()
    results = []
    for match in MATCHES:
        deals = sizes[match.size]
        if deals:
            tally = measure(match, deals, args.jobs)
            results.append((match, deals, tally))
            margin, low, high = mean_ci(tally.margins)
            share = wilson(tally.wins, tally.wins + tally.losses)[0]
            print(
                f"{match.name}: margin {margin:+.1f} [{low:+.1f}, {high:+.1f}], "
                f"decisive won {share:.1%} ({time.perf_counter() - start:.0f} s)",
                file=sys.stderr,
            )
    section = report(
        results,
        shlex.join(["python", "bench/strength.py", *(sys.argv[1:] if argv is None else argv)]),
        time.perf_counter() - start,
    )
    print(section)
    if not args.no_write:
        write_between(DOC, *MARKERS, section)
        print(f"wrote {DOC.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
