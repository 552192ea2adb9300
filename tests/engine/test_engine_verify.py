"""`briscola verify`: correct records pass; every kind of tampering fails, naming it."""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import play_beside_oracle, random_policy, seed_of

from briscola.cli import main
from briscola.engine import FORMAT, VerifyError, hand_record, verify_record

ROOT = Path(__file__).resolve().parents[2]
Record = dict[str, Any]


@functools.cache
def _swap_record() -> str:
    """A four-player hand with the swap rule in which a swap happened, as JSON."""
    for number in range(200):
        state, table = play_beside_oracle(
            4,
            True,
            number % 4,
            seed_of(("verify", number)),
            random_policy(random.Random(number), 1.0),
        )
        if any(move == ("swap",) for _, move in table.log):
            return json.dumps(hand_record(state))
    raise AssertionError("no hand with a swap")


def good_record() -> Record:
    record: Record = json.loads(_swap_record())
    return record


def first_swap(record: Record) -> Record:
    entry: Record = next(a for a in record["actions"] if a["type"] == "swap")
    return entry


def wrong_commitment(record: Record) -> None:
    record["commitment"] = hashlib.sha256(b"another seed").hexdigest()


def wrong_seed(record: Record) -> None:
    record["seed"] = seed_of("another").hex()


def consistent_wrong_seed(record: Record) -> None:
    record["seed"] = seed_of("another").hex()
    record["commitment"] = hashlib.sha256(seed_of("another")).hexdigest()


def illegal_action(record: Record) -> None:
    first, second = record["actions"][0], record["actions"][1]
    first["card"] = second["card"]  # a card the next seat holds


def out_of_turn(record: Record) -> None:
    actions = record["actions"]
    actions[0], actions[1] = actions[1], actions[0]


def wrong_trick_winner(record: Record) -> None:
    trick = record["tricks"][0]
    trick["winner"] = (trick["winner"] + 1) % record["players"]


def wrong_trick_cards(record: Record) -> None:
    trick = record["tricks"][0]
    trick["cards"] = trick["cards"][::-1]


def wrong_points(record: Record) -> None:
    record["points"] = [record["points"][0] + 1, record["points"][1] - 1]


def wrong_result(record: Record) -> None:
    record["result"] = {"0": "1", "1": "0", "draw": "0"}[record["result"]]


def swap_took_lie(record: Record) -> None:
    entry = first_swap(record)
    entry["took"] = "A" + entry["took"][1] if entry["took"][0] != "A" else "3" + entry["took"][1]


def swap_gave_lie(record: Record) -> None:
    entry = first_swap(record)
    entry["card"] = "7" + ("D" if entry["card"][1] != "D" else "C")


def truncated(record: Record) -> None:
    del record["actions"][-1]


def extra_action(record: Record) -> None:
    record["actions"].append(dict(record["actions"][-1]))


def unknown_format(record: Record) -> None:
    record["format"] = "briscola-hand/0"


def malformed(record: Record) -> None:
    del record["seed"]


def loose_types(record: Record) -> None:
    record["rules"]["swap_seven"] = "false"


TAMPERINGS: list[tuple[Callable[[Record], None], str]] = [
    (wrong_commitment, "wrong commitment"),
    (wrong_seed, "seed"),
    (consistent_wrong_seed, "illegal action"),
    (illegal_action, "card_not_in_hand"),
    (out_of_turn, "not_your_turn"),
    (wrong_trick_winner, "wrong trick winner"),
    (wrong_trick_cards, "wrong trick 1"),
    (wrong_points, "wrong points"),
    (wrong_result, "wrong result"),
    (swap_took_lie, "the swap took"),
    (swap_gave_lie, "the swap gave"),
    (truncated, "truncated actions"),
    (extra_action, "hand_over"),
    (unknown_format, "unknown format"),
    (malformed, "malformed record"),
    (loose_types, "swap_seven a boolean"),
]
IDS = [tamper.__name__ for tamper, _ in TAMPERINGS]


def write(tmp_path: Path, record: Record) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_the_record_has_the_documented_shape() -> None:
    """The record has docs/FAIRPLAY.md's keys, with a swap naming the 7 given and the card taken."""
    record = good_record()
    assert record["format"] == FORMAT == "briscola-hand/1"
    assert set(record) >= {"players", "rules", "dealer", "commitment", "seed", "actions"}
    assert set(record) >= {"tricks", "points", "result"}
    swap = first_swap(record)
    assert swap["card"][0] == "7" and set(swap) == {"seat", "type", "card", "took"}
    assert len(record["tricks"]) == 10 and sum(record["points"]) == 120


def test_verify_accepts_a_correct_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A correct record verifies: exit 0 and an OK line."""
    assert main(["verify", str(write(tmp_path, good_record()))]) == 0
    assert capsys.readouterr().out.startswith("OK: 10 tricks")


def test_verify_accepts_a_resigned_hand(tmp_path: Path) -> None:
    """A hand ended by a resignation verifies, and lying about who resigned does not."""
    state, _ = play_beside_oracle(
        3, False, 0, seed_of("resigned"), random_policy(random.Random(1)), resign_at=(7, 2)
    )
    record = hand_record(state)
    assert record["resigned"] == 2
    assert main(["verify", str(write(tmp_path, record))]) == 0
    record["resigned"] = 1
    with pytest.raises(VerifyError, match="wrong resignation"):
        verify_record(record)


@pytest.mark.parametrize(("tamper", "named"), TAMPERINGS, ids=IDS)
def test_verify_rejects_tampering(
    tamper: Callable[[Record], None],
    named: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each kind of tampering makes `briscola verify` exit 1 with a message naming it."""
    record = good_record()
    original = copy.deepcopy(record)
    tamper(record)
    assert record != original
    assert main(["verify", str(write(tmp_path, record))]) == 1
    error = capsys.readouterr().err
    assert error.startswith("FAIL") and named in error, error


def test_verify_cannot_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing file or one that is not JSON exits 2."""
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    assert main(["verify", str(tmp_path / "bad.json")]) == 2
    assert "cannot read record" in capsys.readouterr().err


def run_cli(path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "server"), *filter(None, [env.get("PYTHONPATH")])]
    )
    return subprocess.run(
        [sys.executable, "-m", "briscola.cli", "verify", str(path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_verify_subprocess_accepts_a_correct_record(tmp_path: Path) -> None:
    """`python -m briscola.cli verify FILE` exits 0 on a correct record."""
    done = run_cli(write(tmp_path, good_record()))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("OK")


@pytest.mark.parametrize(("tamper", "named"), TAMPERINGS, ids=IDS)
def test_verify_subprocess_rejects_tampering(
    tamper: Callable[[Record], None], named: str, tmp_path: Path
) -> None:
    """`python -m briscola.cli verify FILE` exits 1 on a tampered record, naming the fault."""
    record = good_record()
    tamper(record)
    done = run_cli(write(tmp_path, record))
    assert done.returncode == 1 and named in done.stderr, done.stderr
