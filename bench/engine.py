"""Engine benchmark: random four-player hands (swap of the 7 on) through the public API.

Each hand gets its seed from a seeded ``random.Random`` (``randbytes(32)``) and a dealer from
the same generator, and every action is chosen by it among ``legal_actions``; the hands are
played with ``start_hand`` / ``legal_actions`` / ``apply``. A second run does the same and
also projects ``view`` for the four seats and a spectator after the deal and after every
action, as the server does to send ``state``. A third compares random playouts (the same
random hands) through the public API, through the oracle of the tests
(``tests/engine/briscola_oracle.py``) and through the bots' simulator
(``briscola.bots.sim``, bit sets, what the strong bot searches with). One process, so one
core; times are the process's CPU time, so that other work on the machine does not count
against it.

    python bench/engine.py                 # 3 runs of 2 s each; writes docs/BENCHMARKS.md
    python bench/engine.py --hands 20000   # a fixed number of hands per run
    python bench/engine.py --no-write      # print only
    python bench/engine.py --engine DIR    # time another copy of the engine (DIR/briscola)
    python bench/engine.py --baseline REV  # and git REV's engine beside it, runs alternating
    python bench/engine.py --no-playouts   # without the playouts comparison

The figures go into docs/BENCHMARKS.md between ``<!-- bench:engine -->`` and
``<!-- /bench:engine -->``, with the command, the date and the Python version. The
``digest`` (of the commitments, points and results of the play-only run) is the same for the
same ``--seed`` and ``--hands`` with any engine that deals, scores and lists legal actions
alike: it guards optimisations against changing what the engine does.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import io
import json
import os
import platform
import random
import shlex
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from common import write_between

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 4
VIEWERS = (0, 1, 2, 3, None)  # the four seats and a spectator
BEGIN = "<!-- bench:engine -->"
END = "<!-- /bench:engine -->"
DOC = ROOT / "docs" / "BENCHMARKS.md"
AIM = 20_000
#: The bots' simulator against the oracle, random playouts per second (the bots' issue).
PLAYOUT_AIM = 2.5
NOTES = [
    "Where the time goes: every hand hashes 11 SHA-256 blocks (the commitment and the 10",
    "blocks of the FAIRPLAY.md stream), builds a new frozen `HandState` for each of its",
    "about 41 actions and a list of legal actions before each, and the benchmark itself",
    "draws each action with `random.choice`. States are built without the frozen",
    "dataclass `__init__` (a mutable twin of the same slot layout, see",
    "`engine/_values.py`), carry their turn, actions are interned, the trick winner comes",
    "from a per-card table and views share one projection per state; no check of the",
    "public API was dropped (`apply` still checks seat, turn and card).",
]


def load_engine(server: Path) -> ModuleType:
    """``briscola.engine`` from the folder ``server`` (this checkout's by default)."""
    sys.path.insert(0, str(server))
    return importlib.import_module("briscola.engine")


@dataclass
class Run:
    hands: int
    actions: int
    views: int
    seconds: float
    digest: str

    @property
    def per_second(self) -> float:
        return self.hands / self.seconds


def play_hand(engine: ModuleType, rng: random.Random, with_views: bool) -> tuple[Any, int, int]:
    """One random hand; returns the final state, the number of actions and of views."""
    apply, legal_actions, view = engine.apply, engine.legal_actions, engine.view
    rules = engine.HandRules(players=PLAYERS, swap_seven=True)
    state = engine.start_hand(rules, rng.randrange(PLAYERS), rng.randbytes(32))
    actions = views = 0
    if with_views:
        for viewer in VIEWERS:
            view(state, viewer)
        views += len(VIEWERS)
    choice = rng.choice
    turn = state.turn
    while turn is not None:
        state = apply(state, choice(legal_actions(state, turn)))
        actions += 1
        if with_views:
            for viewer in VIEWERS:
                view(state, viewer)
            views += len(VIEWERS)
        turn = state.turn
    return state, actions, views


def run(engine: ModuleType, seed: int, hands: int | None, seconds: float, views: bool) -> Run:
    """Play hands until ``hands`` are done (or, without a count, ``seconds`` have passed)."""
    rng = random.Random(seed)
    digest = hashlib.sha256()
    done = actions = viewed = 0
    # CPU time of this process: the figure for one core, whatever else the machine runs.
    clock: Callable[[], float] = time.process_time
    start = clock()
    deadline = start + seconds
    while (done < hands) if hands is not None else (clock() < deadline):
        state, n_actions, n_views = play_hand(engine, rng, views)
        result = engine.hand_result(state)
        if sum(result.points) != 120:
            raise AssertionError(f"hand {done}: {result.points} is not 120 points")
        digest.update(f"{state.commitment}{result.points}{result.result_code};".encode())
        done += 1
        actions += n_actions
        viewed += n_views
    elapsed = clock() - start
    return Run(done, actions, viewed, elapsed, digest.hexdigest()[:16])


@dataclass
class Playouts:
    """Random playouts of one implementation: how many, in how many CPU seconds."""

    name: str
    hands: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.hands / self.seconds


def oracle_hand(oracle: ModuleType, rng: random.Random) -> None:
    """One random hand through the oracle's ``Table`` (its own shuffle of the seed)."""
    table = oracle.Table(PLAYERS, True, rng.randrange(PLAYERS), rng.randbytes(32))
    while not table.over:
        seat = table.to_play
        table.act(seat, rng.choice(table.options(seat)))


def sim_hand(engine: ModuleType, sim: ModuleType, rng: random.Random) -> None:
    """One random hand through the bots' simulator, dealt from the engine's shuffle of the
    seed; every move drawn among the cards in hand and the swap when allowed."""
    dealer, seed = rng.randrange(PLAYERS), rng.randbytes(32)
    deck = [card.index for card in engine.shuffled_deck(seed, PLAYERS)]
    pos = sim.deal(PLAYERS, dealer, deck, True)
    play, can_swap, randrange = sim.play, sim.can_swap, rng.randrange
    hands, trick = pos.hands, pos.trick
    for _ in range(PLAYERS * sim.TRICKS[PLAYERS]):
        hand = hands[(pos.leader + len(trick)) % PLAYERS]
        count = hand.bit_count()
        if not trick and can_swap(pos) and randrange(count + 1) == count:
            sim.swap(pos)
            hand = hands[pos.leader]
        for _ in range(randrange(count)):
            hand &= hand - 1
        play(pos, (hand & -hand).bit_length() - 1)


def playouts(engine: ModuleType, args: argparse.Namespace) -> list[Playouts]:
    """Random playouts per second through the public API, the oracle and the simulator,
    each from the same seeds, for ``--hands`` hands or ``--seconds``."""
    sys.path.insert(0, str(ROOT / "tests" / "engine"))
    oracle = importlib.import_module("briscola_oracle")
    sim = importlib.import_module("briscola.bots.sim")
    players: list[tuple[str, Callable[[random.Random], object]]] = [
        (
            "public API (`start_hand`, `legal_actions`, `apply`)",
            lambda r: play_hand(engine, r, False),
        ),
        ("oracle (`tests/engine/briscola_oracle.py`)", lambda r: oracle_hand(oracle, r)),
        ("bots' simulator (`briscola.bots.sim`)", lambda r: sim_hand(engine, sim, r)),
    ]
    found = []
    for name, play in players:
        rng = random.Random(args.seed)
        clock = time.process_time
        done = 0
        start = clock()
        deadline = start + args.seconds
        while (done < args.hands) if args.hands is not None else (clock() < deadline):
            play(rng)
            done += 1
        found.append(Playouts(name, done, clock() - start))
    return found


def fastest(runs: list[Run], fixed_hands: bool) -> Run:
    """The fastest of identical runs (the others measured the machine's noise)."""
    if fixed_hands and len({r.digest for r in runs}) != 1:
        raise AssertionError("the same hands gave different results")
    return max(runs, key=lambda r: r.per_second)


def measure(engine: ModuleType, args: argparse.Namespace) -> tuple[Run, Run]:
    """One play-only run and one with views."""
    plain = run(engine, args.seed, args.hands, args.seconds, views=False)
    viewed = run(engine, args.seed, args.hands, args.seconds, views=True)
    return plain, viewed


def measure_revision(args: argparse.Namespace, server: Path) -> tuple[Run, Run]:
    """:func:`measure` on the engine under ``server``, in a subprocess (both engines are
    ``briscola.engine``, so they cannot share one interpreter)."""
    options = ["--seconds", str(args.seconds), "--repeat", "1", "--seed", str(args.seed)]
    options.append("--no-playouts")
    if args.hands is not None:
        options += ["--hands", str(args.hands)]
    done = subprocess.run(
        [sys.executable, __file__, *options, "--engine", str(server), "--no-write", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    plain, viewed = (Run(**fields) for fields in json.loads(done.stdout.splitlines()[-1]))
    return plain, viewed


def extract(revision: str, folder: str) -> Path:
    """``server/`` of git ``revision``, written under ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "server"], capture_output=True, check=True
    )
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return Path(folder) / "server"


def report(
    plain: Run,
    viewed: Run,
    command: str,
    before: tuple[str, Run, Run] | None = None,
    load: str = "unknown",
    compared: list[Playouts] | None = None,
) -> str:
    python = f"{platform.python_implementation()} {platform.python_version()}"
    date = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    rows = [("play only", "", plain), ("play + 5 views after every action", "", viewed)]
    if before is not None:
        revision, old_plain, old_viewed = before
        rows = [
            ("play only", revision, old_plain),
            ("play only", "this checkout", plain),
            ("play + 5 views after every action", revision, old_viewed),
            ("play + 5 views after every action", "this checkout", viewed),
        ]
    lines = [
        "## Engine",
        "",
        "Random four-player hands with the swap of the 7 on, played through the public API",
        "(`start_hand`, `legal_actions`, `apply`; a seeded `random.Random` deals the seeds and",
        "picks every action among the legal ones) on one core. The views rows also project",
        "`view` for the four seats and a spectator after the deal and after every action.",
        "Times are the process's CPU time; each row is the best of `--repeat` runs. Rows of",
        "another revision come from the same script run on that revision's engine",
        "(`--baseline REV`, in a subprocess), its runs alternating with this engine's.",
        "Other work on a shared machine still slows both; the load average tells how much.",
        "",
        f"- command: `{command}`",
        f"- date: {date}",
        f"- python: {python} on {platform.machine()} ({platform.system()}), "
        f"{os.cpu_count()} CPUs; load average {load}",
        "",
        "| run | engine | hands | CPU seconds | hands/s | actions/s | views/s |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for name, engine, r in rows:
        lines.append(
            f"| {name} | {engine or 'this checkout'} | {r.hands:,} | {r.seconds:.2f} "
            f"| {r.per_second:,.0f} | {r.actions / r.seconds:,.0f} "
            f"| {f'{r.views / r.seconds:,.0f}' if r.views else '-'} |"
        )
    reached = "reached" if plain.per_second >= AIM else "not reached"
    lines += [
        "",
        f"Aim (issue 2): {AIM:,} play-only hands/s on one core: {reached} in this run.",
        "",
        f"Digest of the play-only run: `{plain.digest}`.",
    ]
    if before is not None and before[1].digest == plain.digest:
        lines[-1] += f" The same with {before[0]}: both engines played the same hands alike."
    if compared:
        api, oracle, sim = compared
        ratio = sim.per_second / oracle.per_second
        met = "met" if ratio >= PLAYOUT_AIM else "not met"
        lines += [
            "",
            "Random playouts (the same kind of hand, every move drawn among the legal ones, each",
            "from its seed, the shuffle included), best of the runs, this checkout:",
            "",
            "| through | hands | CPU seconds | playouts/s |",
            "|---|---:|---:|---:|",
            *(
                f"| {p.name} | {p.hands:,} | {p.seconds:.2f} | {p.per_second:,.0f} |"
                for p in compared
            ),
            "",
            f"The simulator runs {ratio:.1f}x the oracle's playouts/s and "
            f"{sim.per_second / api.per_second:.1f}x the public API's (aim: ≥ {PLAYOUT_AIM}x "
            f"the oracle's: {met}).",
        ]
    lines += ["", *NOTES]
    return "\n".join(lines) + "\n"


def write_section(section: str, path: Path = DOC) -> None:
    """Replace this benchmark's section of ``path`` (or add it), keeping everything else."""
    write_between(path, BEGIN, END, section)


def show(label: str, r: Run) -> None:
    print(
        f"{label:12s}{r.hands:>8,} hands in {r.seconds:6.2f} s CPU  {r.per_second:>8,.0f} hands/s"
        f"  {r.views / r.seconds:>9,.0f} views/s  digest {r.digest}",
        file=sys.stderr,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, help="hands per run (default: run for --seconds)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run (2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, the best kept (3)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random.Random")
    parser.add_argument(
        "--engine",
        type=Path,
        default=ROOT / "server",
        help="the folder holding briscola/engine to time (default: this checkout's server/)",
    )
    parser.add_argument("--baseline", metavar="REV", help="also time the engine of git REV")
    parser.add_argument("--no-write", action="store_true", help=f"do not update {DOC.name}")
    parser.add_argument("--json", action="store_true", help="print the two runs as JSON")
    parser.add_argument(
        "--no-playouts", action="store_true", help="skip the API / oracle / simulator playouts"
    )
    args = parser.parse_args(argv)
    if args.hands is not None and args.hands < 1:
        parser.error("--hands must be at least 1")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    engine = load_engine(args.engine)
    load_before = os.getloadavg()[0]
    ours: list[tuple[Run, Run]] = []
    theirs: list[tuple[Run, Run]] = []
    compared: list[list[Playouts]] = []
    with tempfile.TemporaryDirectory() as folder:
        old = extract(args.baseline, folder) if args.baseline is not None else None
        for _ in range(args.repeat):  # alternate, so that both meet the same machine
            if old is not None:
                theirs.append(measure_revision(args, old))
            ours.append(measure(engine, args))
            if not args.no_playouts:
                compared.append(playouts(engine, args))
    fixed = args.hands is not None
    before = None
    if theirs:
        old_plain = fastest([p for p, _ in theirs], fixed)
        old_viewed = fastest([v for _, v in theirs], fixed)
        show(f"{args.baseline[:10]}:", old_plain)
        show("  + views:", old_viewed)
        before = (args.baseline, old_plain, old_viewed)
    plain = fastest([p for p, _ in ours], fixed)
    viewed = fastest([v for _, v in ours], fixed)
    show("play only:", plain)
    show("  + views:", viewed)
    best = [max(runs, key=lambda p: p.per_second) for runs in zip(*compared, strict=True)]
    for p in best:
        print(f"{p.per_second:>10,.0f} playouts/s through the {p.name}", file=sys.stderr)
    if args.json:
        print(json.dumps([asdict(plain), asdict(viewed)]))
    if not args.no_write:
        shown = sys.argv[1:] if argv is None else argv
        command = shlex.join(["python", "bench/engine.py", *shown])
        load = f"{load_before:.2f} at the start, {os.getloadavg()[0]:.2f} at the end"
        write_section(report(plain, viewed, command, before, load, best))
        print(f"wrote {DOC.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
