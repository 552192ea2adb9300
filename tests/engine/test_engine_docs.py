"""The engine agrees with its documents, and the repository stands on its own.

docs/FAIRPLAY.md publishes a test vector, example deals, a worked example of a signal's
catch and example records: the engine must produce exactly those. docs/RULES.md's tables of
numbers (the draws, the signals' codebook, the chances of a catch) are the engine's. No
tracked file may point outside the repository, at the team's private notes or at a path of
some machine.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
from pathlib import Path

import pytest

from briscola.engine import (
    CATCH_PERCENTS,
    GAMES,
    MIN_DEALS,
    PLAYER_COUNTS,
    ActionType,
    Card,
    ErrorCode,
    GameName,
    HandRules,
    SignalCode,
    catchers,
    commitment,
    record_game,
    seed_from_hex,
    shuffled_deck,
    start_hand,
    total_tricks,
    verify_record,
)
from briscola.engine.chiamata import (
    ALONE,
    RANK_LADDER,
    WITH_PARTNER,
    ChiamataRules,
    start_deal,
    verify_deal,
)

ROOT = Path(__file__).resolve().parents[2]
FAIRPLAY = ROOT / "docs" / "FAIRPLAY.md"
RULES = ROOT / "docs" / "RULES.md"
#: Paths outside the repository that no tracked file may name. Written so that this file
#: does not match them itself.
FORBIDDEN = re.compile(r"\.\./+shared\b|/" + r"work/")


def section(title: str, document: Path = FAIRPLAY) -> str:
    """The text of ``document`` under the ``##`` or ``###`` heading ``title``, up to the next
    heading."""
    text = document.read_text(encoding="utf-8")
    match = re.search(rf"^###? {re.escape(title)}\n(.*?)(?=^#|\Z)", text, re.M | re.S)
    assert match, f"docs/{document.name} has no section {title!r}"
    return match.group(1)


def fenced_blocks(text: str, language: str) -> list[str]:
    """Every fenced block of ``language`` in ``text``, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```$", text, re.M | re.S)


def fenced(text: str, language: str) -> str:
    """The first fenced block of ``language`` in ``text``."""
    blocks = fenced_blocks(text, language)
    assert blocks, f"no ```{language} block"
    return blocks[0]


def table_rows(text: str) -> list[list[str]]:
    """The body rows of every Markdown table in ``text``, each as its stripped cells."""
    return [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in text.splitlines()
        if line.startswith("|") and not line.startswith("|---")
    ]


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
        "deck 36",
        "deck 36 codes",
    }
    assert VECTOR["seed"] == "0" * 64


def test_vector_commitment() -> None:
    """The engine's commitment of the documented seed is the documented commitment."""
    assert commitment(seed_from_hex(VECTOR["seed"])) == VECTOR["commitment"]


@pytest.mark.parametrize(("players", "size"), [(2, 40), (3, 39), (4, 40), (6, 36)])
def test_vector_deck(players: int, size: int) -> None:
    """The engine shuffles the documented seed into exactly the documented deck, top first,
    and the document's indices and codes name the same cards."""
    deck = shuffled_deck(seed_from_hex(VECTOR["seed"]), players)
    assert [card.index for card in deck] == indices(VECTOR[f"deck {size}"])
    assert [card.code for card in deck] == VECTOR[f"deck {size} codes"].split()
    assert [Card.from_index(i).code for i in indices(VECTOR[f"deck {size}"])] == (
        VECTOR[f"deck {size} codes"].split()
    )


def example_deal(players: int) -> str:
    """The text of the test vector's example deal to ``players`` players."""
    words = {4: "four", 5: "five", 6: "six"}
    parts = re.split(r"^(?=Dealt )", section("The test vector"), flags=re.M)
    found = [part for part in parts if f" to {words[players]} players " in part.split("\n")[0]]
    assert len(found) == 1, f"no single example deal to {players} players"
    return found[0]


@pytest.mark.parametrize("players", [4, 6])
def test_example_deal(players: int) -> None:
    """The deals the document shows (seat 0 dealing) are the engine's."""
    text = example_deal(players)
    rows = dict(re.findall(r"^\| (\d) [^|]*\| ((?:`\w\w` ?)+)\|$", text, re.M))
    hand = start_hand(HandRules(players), dealer=0, seed=seed_from_hex(VECTOR["seed"]))
    assert {int(seat): cards.split() for seat, cards in rows.items()} == {
        seat: [f"`{card.code}`" for card in cards] for seat, cards in enumerate(hand.hands)
    }
    face_up = re.search(r"^\| face-up trump card \| `(\w\w)`", text, re.M)
    assert face_up and hand.face_up is Card.from_code(face_up.group(1))
    stock = re.search(r"the stock starts ((?:`\w\w` ?)+)", text)
    assert stock and [f"`{card.code}`" for card in hand.stock[:4]] == stock.group(1).split()


def test_example_deal_to_five() -> None:
    """Briscola Chiamata's deal the document shows (seat 0 dealing): eight cards each, one
    at a time from the eldest hand, all forty dealt."""
    rows = dict(re.findall(r"^\| (\d) [^|]*\| ((?:`\w\w` ?)+)\|$", example_deal(5), re.M))
    dealt = start_deal(ChiamataRules(), dealer=0, seed=seed_from_hex(VECTOR["seed"]))
    assert {int(seat): cards.split() for seat, cards in rows.items()} == {
        seat: [f"`{card.code}`" for card in cards] for seat, cards in enumerate(dealt.hands)
    }
    assert "step 6" in section("The deal in Chiamata", RULES)


def test_the_chiamata_records_verify() -> None:
    """The void deal and the resigned one of the document pass the verifier, through
    `briscola verify`'s dispatch by game too, and say what the text says they do."""
    void, bid = (
        json.loads(block) for block in fenced_blocks(section("A Chiamata deal's record"), "json")
    )
    assert verify_deal(void).void and record_game(void) is GameName.CHIAMATA
    deal = GAMES[record_game(bid)].verify(bid)
    assert (deal.caller, deal.called, deal.partner, deal.resigned) == (
        2,
        Card.from_code("ND"),
        3,
        4,
    )
    assert deal.tricks[0].winner == 3 and deal.revealed


def test_the_chiamata_tables_in_the_rules_are_the_engines() -> None:
    """RULES.md's bid ladder and scoring table are the engine's."""
    ladder = table_rows(section("The auction", RULES))[0]
    names = {"Ace": "A", "Three": "3", "King": "K", "Knight": "N", "Jack": "J"}
    assert [names.get(cell, cell) for cell in ladder] == [rank.code for rank in RANK_LADDER]
    rows = table_rows(section("Scoring a Chiamata deal", RULES))[1:]
    table = {
        cells[0]: tuple(int(cell.replace("\N{MINUS SIGN}", "-") or 0) for cell in cells[1:])
        for cells in rows
    }
    assert table["the caller's side wins"] == WITH_PARTNER
    assert table["alone, wins"] == ALONE
    assert table["the caller's side loses"] == tuple(-n for n in WITH_PARTNER)
    assert table["alone, loses"] == tuple(-n for n in ALONE)


def test_every_rule_error_code_is_in_the_protocol() -> None:
    """Each of the engine's error codes has its row in PROTOCOL.md's table."""
    protocol = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    assert [code for code in ErrorCode if f"| `{code.value}` |" not in protocol] == []


def test_example_record_verifies() -> None:
    """The record shown in the document passes the verifier, the server's extra keys and all."""
    record = json.loads(fenced(section("A hand's record"), "json"))
    state = verify_record(record)
    assert state.resigned == record["resigned"]
    assert {"hand_id", "match_id", "room"} <= set(record)


def catch_rows() -> list[tuple[int, int, str, str, int, bool]]:
    """The worked example's rows: signal number, opponent, the bytes hashed after the seed,
    the hash's first 8 bytes, their value and whether the opponent caught the signal."""
    rows = []
    for cells in table_rows(section("Who catches a signal"))[1:]:
        signal, opponent, tail, head, value, caught = cells
        rows.append(
            (
                int(signal.split(",")[0]),
                int(opponent),
                tail.strip("`").replace(" ", ""),
                head.strip("`"),
                int(value),
                {"yes": True, "no": False}[caught],
            )
        )
    return rows


def test_worked_example_of_a_catch() -> None:
    """Every row of the worked example is SHA-256 of the seed, "catch", the signal's number
    (2 bytes) and the opponent (1 byte); the limit is 25 % of 2^64; and the engine's
    catchers agree with the yes and no."""
    seed = seed_from_hex(VECTOR["seed"])
    text = " ".join(section("Who catches a signal").split())
    limit = (1 << 64) * 25 // 100
    assert f"= {limit} (hex `{limit:016x}`)" in text
    rows = catch_rows()
    assert len(rows) == 4
    for signal, opponent, tail, head, value, caught in rows:
        assert bytes.fromhex(tail) == b"catch" + signal.to_bytes(2, "big") + bytes([opponent])
        digest = hashlib.sha256(seed + bytes.fromhex(tail)).digest()
        assert digest[:8].hex() == head and int(head, 16) == value
        assert (value < limit) is caught
        assert (opponent in catchers(seed, signal, (1, 3), 25)) is caught


def test_example_record_with_signals_verifies() -> None:
    """The second record of the document passes the verifier, and its signals were caught
    as the worked example says."""
    records = fenced_blocks(section("A hand's record"), "json")
    assert len(records) == 2
    record = json.loads(records[1])
    assert record["rules"] == {"swap_seven": False, "partner_comm": "signals", "signal_catch": 25}
    state = verify_record(record)
    signals = [logged for logged in state.log if logged.type is ActionType.SIGNAL]
    expected: dict[int, list[int]] = {}
    for signal, opponent, *_, caught in catch_rows():
        expected.setdefault(signal, [])
        if caught:
            expected[signal].append(opponent)
    assert [list(logged.caught) for logged in signals] == [expected[0], expected[1]]


def test_the_draws_in_the_rules_are_the_engines() -> None:
    """docs/RULES.md's table of the draws (cards dealt, the stock, tricks with and without a
    draw) holds for every player count the engine deals."""
    rows = {
        int(cells[0]): [int(cell) for cell in cells[1:]]
        for cells in table_rows(section("Drawing", RULES))[1:]
    }
    assert set(rows) == set(PLAYER_COUNTS)
    for players, (dealt, stock, with_draw, without) in rows.items():
        hand = start_hand(HandRules(players), dealer=0, seed=seed_from_hex(VECTOR["seed"]))
        assert sum(map(len, hand.hands)) == dealt
        assert len(hand.stock) == stock
        assert stock // players == with_draw
        assert total_tricks(players) == with_draw + without


def test_the_codebook_in_the_rules_is_the_engines() -> None:
    """The codebook of docs/RULES.md lists exactly the engine's signals, each with its
    gesture and its meaning."""
    rows = table_rows(section("Signals", RULES))[1:]
    assert [cells[0].strip("`") for cells in rows] == [code.value for code in SignalCode]
    assert all(len(cells) == 3 and all(cells) for cells in rows)


def test_the_chances_and_the_fixed_deals_in_the_rules_are_the_engines() -> None:
    """docs/RULES.md offers the catch chances the engine accepts, 25 % by default, and as
    few deals as a fixed-deal match may have."""
    header = table_rows(section("Who sees a signal", RULES))[0]
    assert [int(cell.split()[0]) for cell in header[1:]] == list(CATCH_PERCENTS)
    assert f"{HandRules(4).catch} (the default)" in header
    assert f"**at least {MIN_DEALS}**" in section("A match of fixed deals", RULES)


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
