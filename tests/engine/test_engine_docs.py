"""The engine agrees with its documents, and the repository stands on its own.

docs/FAIRPLAY.md publishes a test vector, an example deal and an example record: the engine
must produce exactly those. No tracked file may point outside the repository, at the team's
private notes or at a path of some machine.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from briscola.engine import (
    Card,
    HandRules,
    commitment,
    seed_from_hex,
    shuffled_deck,
    start_hand,
    verify_record,
)

ROOT = Path(__file__).resolve().parents[2]
FAIRPLAY = ROOT / "docs" / "FAIRPLAY.md"
RULES = ROOT / "docs" / "RULES.md"
#: Paths outside the repository that no tracked file may name. Written so that this file
#: does not match them itself.
FORBIDDEN = re.compile(r"\.\./+shared\b|/" + r"work/")


def section(title: str) -> str:
    """The text of docs/FAIRPLAY.md under the ``## title`` heading, up to the next one."""
    text = FAIRPLAY.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"docs/FAIRPLAY.md has no section {title!r}"
    return match.group(1)


def fenced(text: str, language: str) -> str:
    """The first fenced block of ``language`` in ``text``."""
    match = re.search(rf"^```{language}\n(.*?)^```$", text, re.M | re.S)
    assert match, f"no ```{language} block"
    return match.group(1)


def read_vector() -> dict[str, str]:
    """The test vector's ``key: value`` lines."""
    lines = fenced(section("The test vector"), "text").splitlines()
    return dict(tuple(part.strip() for part in line.split(":", 1)) for line in lines if line)


VECTOR = read_vector()


def indices(text: str) -> list[int]:
    return [int(number) for number in text.split(",")]


def test_the_vector_is_complete() -> None:
    """The block names the seed, the commitment and both decks, as indices and as codes."""
    assert set(VECTOR) == {
        "seed",
        "commitment",
        "deck 40",
        "deck 40 codes",
        "deck 39",
        "deck 39 codes",
    }
    assert VECTOR["seed"] == "0" * 64


def test_vector_commitment() -> None:
    """The engine's commitment of the documented seed is the documented commitment."""
    assert commitment(seed_from_hex(VECTOR["seed"])) == VECTOR["commitment"]


@pytest.mark.parametrize(("players", "size"), [(2, 40), (3, 39), (4, 40)])
def test_vector_deck(players: int, size: int) -> None:
    """The engine shuffles the documented seed into exactly the documented deck, top first,
    and the document's indices and codes name the same cards."""
    deck = shuffled_deck(seed_from_hex(VECTOR["seed"]), players)
    assert [card.index for card in deck] == indices(VECTOR[f"deck {size}"])
    assert [card.code for card in deck] == VECTOR[f"deck {size} codes"].split()
    assert [Card.from_index(i).code for i in indices(VECTOR[f"deck {size}"])] == (
        VECTOR[f"deck {size} codes"].split()
    )


def test_example_deal() -> None:
    """The four-player deal the document shows (seat 0 dealing) is the engine's."""
    text = section("The test vector")
    rows = dict(re.findall(r"^\| (\d) [^|]*\| ((?:`\w\w` ?)+)\|$", text, re.M))
    hand = start_hand(HandRules(players=4), dealer=0, seed=seed_from_hex(VECTOR["seed"]))
    assert {int(seat): cards.split() for seat, cards in rows.items()} == {
        seat: [f"`{card.code}`" for card in cards] for seat, cards in enumerate(hand.hands)
    }
    face_up = re.search(r"^\| face-up trump card \| `(\w\w)`", text, re.M)
    assert face_up and hand.face_up is Card.from_code(face_up.group(1))
    stock = re.search(r"the stock starts ((?:`\w\w` ?)+)", text)
    assert stock and [f"`{card.code}`" for card in hand.stock[:4]] == stock.group(1).split()


def test_example_record_verifies() -> None:
    """The record shown in the document passes the verifier, the server's extra keys and all."""
    record = json.loads(fenced(section("A hand's record"), "json"))
    state = verify_record(record)
    assert state.resigned == record["resigned"]
    assert {"hand_id", "match_id", "room"} <= set(record)


def tracked_files() -> list[Path]:
    """The repository's files, as git lists them (the suite runs in a checkout)."""
    listing = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    return [ROOT / name for name in listing.decode("utf-8").split("\0") if name]


def test_no_tracked_file_names_paths_outside_the_repository() -> None:
    """No tracked text file links to the team's private desk beside the checkout or names a
    path of the machine it was written on: the repository stands on its own."""
    offenders = []
    for path in tracked_files():
        if not path.is_file():  # deleted in the working tree, not yet committed
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue  # binary
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue  # binary
        for number, line in enumerate(text.splitlines(), 1):
            if FORBIDDEN.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("name", ["RULES.md", "FAIRPLAY.md"])
def test_readme_links_to_the_documents(name: str) -> None:
    """The README links to both documents inside the repository."""
    assert (ROOT / "docs" / name).is_file()
    assert f"](docs/{name})" in (ROOT / "README.md").read_text(encoding="utf-8")
