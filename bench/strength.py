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

- ``chiamata``: Briscola Chiamata, one strong bot against four normal ones, each deal played
  five times with the strong bot in each seat, and once with five normal bots (the
  duplicate baseline: a normal bot's match points in the same seats); ``chiamata easy``:
  one normal bot against four easy ones, the same way. Rank auction, calling oneself and
  *cappotto* on. These write their own section (``Bots' strength: Briscola Chiamata``),
  with the strong bot's decision time by phase and, in the play, by its role in the deal.

With them, the time of each decision (``choose``) per level and player count, p50 and p99:
the CPU time of the process's thread (what the move costs on one core, whatever else the
machine runs), and beside it the wall clock's p99.
Confidence intervals are 95 %: for points, the mean margin of the duplicate pairs (each
deal's seatings averaged, the unit of independence) ± 1.96 standard errors; for shares,
Wilson's interval over the hands.

    python bench/strength.py                            # the issue's sizes; writes BENCHMARKS.md
    python bench/strength.py --deals 300 150 150 300 --games 100 --jobs 2
    python bench/strength.py --deals 0 0 0 0 --no-write # the new games only; print only
    python bench/strength.py --deals 0 0 0 0 --games 0 --chiamata 2000 500 --jobs 2

The figures go into docs/BENCHMARKS.md between ``<!-- bench:strength -->`` and
``<!-- /bench:strength -->`` (Chiamata's between ``<!-- bench:strength-chiamata -->`` and its
end marker), with the command, the date and the Python version; a section is rewritten only
when its matches ran.
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
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from briscola.bots import Level, make_bot  # noqa: E402
from briscola.engine import (  # noqa: E402
    ChiamataRules,
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
from briscola.engine.chiamata import DealState, deal_result, start_deal  # noqa: E402
from briscola.engine.chiamata import apply as chiamata_apply  # noqa: E402
from briscola.engine.chiamata import view as chiamata_view  # noqa: E402
from common import write_between  # noqa: E402

DOC = ROOT / "docs" / "BENCHMARKS.md"
MARKERS = "<!-- bench:strength -->", "<!-- /bench:strength -->"
CHIAMATA_MARKERS = "<!-- bench:strength-chiamata -->", "<!-- /bench:strength-chiamata -->"
Z = 1.96
T = TypeVar("T")


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


class Adds(Protocol):
    def add(self, other: Any) -> None: ...


A = TypeVar("A", bound=Adds)


def measure(run: Callable[[str, int, int], A], name: str, deals: int, jobs: int, total: A) -> A:
    """All ``deals`` of the match-up ``name``, ``run`` in batches over ``jobs`` processes,
    added up in ``total``."""
    size = max(1, math.ceil(deals / (4 * jobs)))
    starts = range(0, deals, size)
    if jobs == 1:
        for first in starts:
            total.add(run(name, first, min(size, deals - first)))
        return total
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(run, name, first, min(size, deals - first)) for first in starts]
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


def timing_row(label: str, times: Sequence[float], walls: Sequence[float]) -> str:
    """A decision-time table's row: its label's cells, then the count, the CPU p50, p99 and
    max and the wall clock's p99, in milliseconds."""
    return (
        f"| {label} | {len(times):,} "
        f"| {percentile(times, 0.5) * 1e3:.2f} | {percentile(times, 0.99) * 1e3:.2f} "
        f"| {max(times) * 1e3:.2f} | {percentile(walls, 0.99) * 1e3:.2f} |"
    )


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
                timing_row(f"{level} | {match.players} ({match.name})", times, tally.walls[level])
            )
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Chiamata:
    """A Briscola Chiamata match-up: one ``tested`` bot against four ``other`` ones."""

    name: str
    tested: Level
    other: Level
    bar: str


CHIAMATA = (
    Chiamata("chiamata", STRONG, NORMAL, "above normal's, CI low > 0"),
    Chiamata("chiamata easy", NORMAL, EASY, "-"),
)
#: The issue's sizes: deals of each Chiamata match-up.
CHIAMATA_FULL = (2000, 500)
CHIAMATA_RULES = ChiamataRules()
FIVE = range(5)
ROLES = ("caller", "partner", "alone", "defender", "void")


@dataclass
class ChiamataTally:
    """What a batch of Chiamata deals gave: per deal the tested seat's match points
    averaged over its five seats, and the other level's in the same seats (the baseline,
    every seat of that level); per role in the deal the match points of each play of the
    tested seat (and of the baseline's seats); decision times per level and phase (the
    tested level's play also per role)."""

    tested: list[float] = field(default_factory=list)
    baseline: list[float] = field(default_factory=list)
    roles: dict[str, list[int]] = field(default_factory=dict)
    base_roles: dict[str, list[int]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    walls: dict[str, list[float]] = field(default_factory=dict)

    def add(self, other: ChiamataTally) -> None:
        self.tested += other.tested
        self.baseline += other.baseline
        extend(self.roles, other.roles)
        extend(self.base_roles, other.base_roles)
        extend(self.times, other.times)
        extend(self.walls, other.walls)


def extend(into: dict[str, list[T]], more: dict[str, list[T]]) -> None:
    """Add ``more``'s lists to ``into``'s, key by key."""
    for key, values in more.items():
        into.setdefault(key, []).extend(values)


def role_of(deal: DealState, seat: int) -> str:
    """The seat's part in a finished deal."""
    if deal.caller is None:
        return "void"
    if seat == deal.caller:
        return "alone" if deal.alone else "caller"
    return "partner" if seat == deal.partner else "defender"


def play_chiamata(
    levels: list[Level], seed: bytes, dealer: int, tested: int | None, tally: ChiamataTally
) -> tuple[tuple[int, ...], DealState]:
    """One Chiamata deal, each seat played by a bot of its level: each seat's match points
    (none for a void deal) and the last state. Times every decision; the ``tested`` seat's
    play also by its role."""
    game, rules = GameName.CHIAMATA, CHIAMATA_RULES
    bots = [make_bot(level, seat, game, rules) for seat, level in enumerate(levels)]
    state = start_deal(CHIAMATA_RULES, dealer, seed)
    timed = []
    while state.turn is not None:
        seat = state.turn
        seen = chiamata_view(state, seat)
        start, cpu = time.perf_counter(), time.thread_time()
        action = bots[seat].choose(seen)
        timed.append((seat, seen.phase, time.thread_time() - cpu, time.perf_counter() - start))
        state = chiamata_apply(state, action)
    for seat, phase, cpu, wall in timed:
        keys = [f"{levels[seat]} {phase}"]
        if seat == tested and phase == "play":
            keys.append(f"{levels[seat]} play as {role_of(state, seat)}")
        for key in keys:
            tally.times.setdefault(key, []).append(cpu)
            tally.walls.setdefault(key, []).append(wall)
    result = deal_result(state)
    return (0,) * 5 if result is None else result.deltas, state


def run_chiamata_batch(name: str, first: int, count: int) -> ChiamataTally:
    """Chiamata deals ``first`` … ``first + count - 1`` of the match-up ``name``: each with
    the tested bot in each seat, and once with the other level in every seat."""
    match = next(m for m in CHIAMATA if m.name == name)
    tally = ChiamataTally()
    for number in range(first, first + count):
        rng = random.Random(f"strength/chiamata/{number}")
        seed, dealer = rng.randbytes(32), number % 5
        points = []
        for tested in FIVE:
            levels = [match.tested if seat == tested else match.other for seat in FIVE]
            deltas, state = play_chiamata(levels, seed, dealer, tested, tally)
            points.append(deltas[tested])
            tally.roles.setdefault(role_of(state, tested), []).append(deltas[tested])
        tally.tested.append(statistics.fmean(points))
        base, state = play_chiamata([match.other] * 5, seed, dealer, None, tally)
        tally.baseline.append(statistics.fmean(base))
        for seat in FIVE:
            tally.base_roles.setdefault(role_of(state, seat), []).append(base[seat])
    return tally


def chiamata_report(
    results: list[tuple[Chiamata, int, ChiamataTally]], command: str, seconds: float
) -> str:
    """The Chiamata section of docs/BENCHMARKS.md."""
    date = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    python = f"{platform.python_implementation()} {platform.python_version()}"
    lines = [
        "## Bots' strength: Briscola Chiamata",
        "",
        "Duplicate deals of Briscola Chiamata (rank auction, calling oneself and *cappotto*",
        "on): each deal played five times, the tested bot in each seat against four of the",
        "other level, the same seed and dealer, and once with the other level in every seat",
        "(the baseline: that level's match points in the same seats, zero by the scoring",
        "table's zero sum). Per deal, the tested seat's match points averaged over its five",
        "seats; 95 % intervals over the deals. A deal everyone passes scores nothing.",
        "",
        f"- command: `{command}`",
        f"- date: {date}; {seconds:.0f} s wall",
        f"- python: {python} on {platform.machine()}, {os.cpu_count()} CPUs",
        "",
        "| match | deals | tested seat's match points/deal [95 % CI] | other level's in the"
        " same seats [95 % CI] | bar |",
        "|---|---:|---|---|---|",
    ]
    for match, deals, tally in results:
        mean, low, high = mean_ci(tally.tested)
        base, b_low, b_high = mean_ci(tally.baseline)
        lines.append(
            f"| {match.name}: {match.tested} vs 4 {match.other} | {deals:,} "
            f"| {mean:+.3f} [{low:+.3f}, {high:+.3f}] "
            f"| {base:+.3f} [{b_low:+.3f}, {b_high:+.3f}] | {match.bar} |"
        )
    lines += [
        "",
        "By the seat's part in the deal: how often it had it, and its mean match points then",
        "(the tested bot's plays, and the other level's seats in the baseline deals):",
        "",
        "| match | part | tested: share | tested: match points | other: share | other: match"
        " points |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for match, _, tally in results:
        plays = sum(len(values) for values in tally.roles.values())
        base_plays = sum(len(values) for values in tally.base_roles.values())
        for role in ROLES:
            mine = tally.roles.get(role, [])
            theirs = tally.base_roles.get(role, [])
            lines.append(
                f"| {match.name} | {role} | {len(mine) / plays:.1%} "
                f"| {statistics.fmean(mine) if mine else 0:+.2f} "
                f"| {len(theirs) / base_plays:.1%} "
                f"| {statistics.fmean(theirs) if theirs else 0:+.2f} |"
            )
    lines += [
        "",
        "Decision time (`choose`): CPU time of the deciding thread, and the wall clock's p99;",
        "the tested level's play also by its part in the deal:",
        "",
        "| match | level and phase | decisions | CPU p50 ms | CPU p99 ms | CPU max ms"
        " | wall p99 ms |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for match, _, tally in results:
        for key in sorted(tally.times):
            times = tally.times[key]
            lines.append(timing_row(f"{match.name} | {key}", times, tally.walls[key]))
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
    parser.add_argument(
        "--chiamata",
        type=int,
        nargs=2,
        default=CHIAMATA_FULL,
        metavar=("STRONG", "EASY"),
        help="deals of Chiamata, strong vs normal and normal vs easy (%(default)s)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (1)")
    parser.add_argument("--no-write", action="store_true", help=f"do not update {DOC.name}")
    args = parser.parse_args(argv)
    if args.jobs < 1 or min(*args.deals, args.games, *args.chiamata) < 0:
        parser.error("--jobs must be at least 1, --deals, --games and --chiamata not negative")
    sizes = dict(zip(("TWO", "FOUR", "THREE", "EASY"), args.deals, strict=True))
    sizes["GAMES"] = args.games
    start = time.perf_counter()
    results = []
    for match in MATCHES:
        deals = sizes[match.size]
        if deals:
            tally = measure(run_batch, match.name, deals, args.jobs, Tally())
            results.append((match, deals, tally))
            margin, low, high = mean_ci(tally.margins)
            share = wilson(tally.wins, tally.wins + tally.losses)[0]
            print(
                f"{match.name}: margin {margin:+.1f} [{low:+.1f}, {high:+.1f}], "
                f"decisive won {share:.1%} ({time.perf_counter() - start:.0f} s)",
                file=sys.stderr,
            )
    command = shlex.join(["python", "bench/strength.py", *(sys.argv[1:] if argv is None else argv)])
    sections = []
    if results:
        sections.append((MARKERS, report(results, command, time.perf_counter() - start)))
    chiamata_start = time.perf_counter()
    chiamata = []
    for match, deals in zip(CHIAMATA, args.chiamata, strict=True):
        if deals:
            tally = measure(run_chiamata_batch, match.name, deals, args.jobs, ChiamataTally())
            chiamata.append((match, deals, tally))
            mean, low, high = mean_ci(tally.tested)
            print(
                f"{match.name}: {mean:+.3f} [{low:+.3f}, {high:+.3f}] match points a deal "
                f"({time.perf_counter() - start:.0f} s)",
                file=sys.stderr,
            )
    if chiamata:
        seconds = time.perf_counter() - chiamata_start
        sections.append((CHIAMATA_MARKERS, chiamata_report(chiamata, command, seconds)))
    for markers, section in sections:
        print(section)
        if not args.no_write:
            write_between(DOC, *markers, section)
            print(f"wrote {DOC.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
