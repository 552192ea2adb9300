"""Chiamata records: their shape, `briscola verify` on them (played out, void, resigned),
every kind of tampering refused by name, and the replay's steps."""

from __future__ import annotations

import copy
import functools
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from chiamata_support import a_deal, bidding, finish, holding, random_policy, speak
from engine_helpers import seed_of

from briscola.cli import main
from briscola.engine import FORMAT, GAMES, Card, GameName, Rank, Resign, VerifyError, record_game
from briscola.engine.chiamata import (
    PLAYERS,
    Auction,
    Call,
    ChiamataRules,
    ChiamataStepKind,
    DealState,
    apply,
    deal_record,
    replay_steps,
    start_deal,
    verify_deal,
)

Record = dict[str, Any]
KEYS = {
    "format", "players", "rules", "dealer", "commitment", "seed", "actions", "caller",
    "contract", "called", "partner", "tricks", "points", "result", "deltas",
}  # fmt: skip


@functools.cache
def _played() -> str:
    """A deal played out in which the caller has a partner, as JSON."""
    for number in range(50):
        deal_ = finish(
            a_deal(("record", number), dealer=number % 5), random_policy(random.Random(number))
        )
        if deal_.caller is not None and not deal_.alone and deal_.resigned is None:
            return json.dumps(deal_record(deal_))
    raise AssertionError("no deal with a partner")


def played() -> Record:
    record: Record = json.loads(_played())
    return record


def void_deal() -> DealState:
    return speak(a_deal("void record"), None, None, None, None, None)


def test_the_record_has_the_documented_shape() -> None:
    record = played()
    assert record["format"] == FORMAT and set(record) == KEYS
    assert record["players"] == PLAYERS
    assert record["rules"] == {
        "game": "chiamata", "auction": "rank", "self_call": True, "cappotto": True, "deals": 5,
    }  # fmt: skip
    kinds = [entry["type"] for entry in record["actions"]]
    call = kinds.index("call")
    assert set(kinds[:call]) <= {"bid", "pass"} and kinds[call + 1 :] == ["play"] * 40
    assert record["actions"][call] == {
        "seat": record["caller"],
        "type": "call",
        "card": record["called"],
    }
    assert len(record["tricks"]) == 8 and sum(record["points"]) == 120
    assert record["result"] in ("caller", "defenders") and sum(record["deltas"]) == 0
    assert record["contract"]["rank"] == record["called"][0]


def test_played_void_and_resigned_deals_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each verifies by itself and through `briscola verify`, which reads its game from
    its rules; a void deal's record holds its auction."""
    resigned = apply(speak(a_deal("resigned record"), (Rank.KING, 61), None), Resign(3))
    points = finish(
        a_deal("points record", ChiamataRules(Auction.POINTS, self_call=False)),
        bidding((None, 80), None, None, None, None),
    )
    for deal_ in [void_deal(), resigned, points]:
        record = deal_record(deal_)
        assert verify_deal(record) == deal_
        assert record_game(record) is GameName.CHIAMATA
        assert GAMES[record_game(record)].verify(record) == deal_
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        assert main(["verify", str(path)]) == 0
        assert capsys.readouterr().out.startswith(f"OK: {len(deal_.tricks)} tricks")
    void = deal_record(void_deal())
    assert [a["type"] for a in void["actions"]] == ["pass"] * 5
    assert (void["result"], void["caller"], void["deltas"]) == ("void", None, [0] * 5)
    assert deal_record(resigned)["resigned"] == 3 and deal_record(resigned)["result"] == "resigned"
    assert deal_record(points)["contract"] == {"rank": None, "target": 80}
    assert {"seat": 1, "type": "bid", "target": 80} in deal_record(points)["actions"]


def test_a_deal_on_has_no_record() -> None:
    with pytest.raises(ValueError, match="only once the deal is over"):
        deal_record(a_deal("on"))


def first(record: Record, kind: str) -> Record:
    entry: Record = next(a for a in record["actions"] if a["type"] == kind)
    return entry


def other_seat(record: Record, key: str) -> None:
    record[key] = (record[key] + 1) % PLAYERS


def another_call(record: Record) -> None:
    call = first(record, "call")
    suits = "DCSB"
    call["card"] = call["card"][0] + suits[(suits.index(call["card"][1]) + 1) % 4]


def wrong_rank_called(record: Record) -> None:
    call = first(record, "call")
    call["card"] = ("3" if call["card"][0] != "3" else "A") + call["card"][1]


def bid_lower(record: Record) -> None:
    bids = [a for a in record["actions"] if a["type"] == "bid"]
    bids[-1]["rank"] = "A" if bids[-1].get("rank") != "A" else "3"
    bids[-1]["target"] = 61


TAMPERINGS: list[tuple[Callable[[Record], None], str]] = [
    (lambda r: r.update(seed=seed_of("x").hex()), "wrong commitment or seed"),
    (lambda r: r.update(format="briscola-hand/0"), "unknown format"),
    (lambda r: r["rules"].update(game="classic"), "not a Chiamata record"),
    (lambda r: r["rules"].update(self_call="yes"), "malformed record"),
    (lambda r: r.update(players=4), "5 players"),
    (lambda r: other_seat(r, "dealer"), "illegal action 0"),
    (
        lambda r: r["actions"].insert(0, {"seat": r["actions"][0]["seat"], "type": "pass"}),
        "illegal action",
    ),
    (lambda r: r.update(called=r["contract"]["rank"] + "X"), "wrong called"),
    (another_call, "illegal action|wrong"),
    (wrong_rank_called, "call_not_allowed"),
    (lambda r: other_seat(first(r, "call"), "seat"), "not_caller"),
    (lambda r: r["actions"].pop(), "truncated actions"),
    (lambda r: r["actions"].append(r["actions"][-1]), "hand_over"),
    (lambda r: other_seat(r, "caller"), "wrong caller"),
    (lambda r: other_seat(r, "partner"), "wrong partner"),
    (lambda r: r["contract"].update(target=62), "wrong contract"),
    (lambda r: other_seat(r["tricks"][2], "winner"), "wrong trick winner in trick 3"),
    (lambda r: r["tricks"][0]["cards"].reverse(), "wrong trick 1"),
    (lambda r: r["tricks"].pop(), "wrong number of tricks"),
    (lambda r: r["points"].reverse(), "wrong points"),
    (
        lambda r: r.update(result={"caller": "defenders", "defenders": "caller"}[r["result"]]),
        "wrong result",
    ),
    (lambda r: r["deltas"].reverse(), "wrong deltas"),
    (lambda r: r.update(resigned=0), "wrong resigned"),
    (lambda r: first(r, "play").update(type="shout"), "malformed record"),
    (lambda r: first(r, "bid").update(target="61"), "malformed record"),
    (lambda r: first(r, "play").update(seat="1"), "malformed record"),
]
IDS = [f"{index}-{named.replace(' ', '_')}" for index, (_, named) in enumerate(TAMPERINGS)]


@pytest.mark.parametrize(("tamper", "named"), TAMPERINGS, ids=IDS)
def test_verify_rejects_tampering(
    tamper: Callable[[Record], None], named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each kind of tampering makes the verifier, and `briscola verify`, name it."""
    record = played()
    original = copy.deepcopy(record)
    tamper(record)
    assert record != original
    with pytest.raises(VerifyError, match=named):
        verify_deal(record)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    if record["rules"].get("game") == "chiamata":
        assert main(["verify", str(path)]) == 1
        assert re.search(named, capsys.readouterr().err)


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(VerifyError, match="unknown game 'skat'"):
        record_game({"rules": {"game": "skat"}})
    with pytest.raises(VerifyError, match="a record is a JSON object"):
        record_game([])  # type: ignore[arg-type]
    assert record_game({"rules": {"swap_seven": False}}) is GameName.CLASSIC


def test_the_replay_steps() -> None:
    """The deal, each bid and pass, the call, each card, the reveal right after the called
    card, each trick taken, the end; the table as it lay at each."""
    record = played()
    steps = replay_steps(record)
    kinds = [step.kind for step in steps]
    auction = [a for a in record["actions"] if a["type"] in ("bid", "pass")]
    assert kinds[0] is ChiamataStepKind.DEAL and steps[0].seat == record["dealer"]
    assert [k.value for k in kinds[1 : 1 + len(auction)]] == [a["type"] for a in auction]
    assert kinds[1 + len(auction)] is ChiamataStepKind.CALL
    assert kinds.count(ChiamataStepKind.PLAY) == 40 and kinds.count(ChiamataStepKind.TRICK) == 8
    assert kinds.count(ChiamataStepKind.REVEAL) == 1 and kinds[-1] is ChiamataStepKind.END
    reveal = kinds.index(ChiamataStepKind.REVEAL)
    assert (
        steps[reveal - 1].kind is ChiamataStepKind.PLAY
        and steps[reveal - 1].card == record["called"]
    )
    assert steps[reveal].seat == record["partner"] == steps[reveal].holder
    assert all(step.holder is None for step in steps[: reveal - 1])
    assert steps[0].hands == tuple(tuple(h) for h in _dealt(record))
    for step in steps:  # a trick step's cards on the table are already taken
        on_table = 0 if step.kind is ChiamataStepKind.TRICK else len(step.trick.cards)
        assert sum(map(len, step.hands)) + sum(step.taken) + on_table == 40
    tricks = [s for s in steps if s.kind is ChiamataStepKind.TRICK]
    assert [(t.seat, list(t.trick.cards)) for t in tricks] == [
        (t["winner"], t["cards"]) for t in record["tricks"]
    ]
    end = steps[-1]
    assert (end.result, list(end.deltas or ()), list(end.points)) == (
        record["result"], record["deltas"], record["points"],
    )  # fmt: skip
    assert GAMES[GameName.CHIAMATA].replay(record) == steps


def _dealt(record: Record) -> tuple[tuple[str, ...], ...]:
    rules = ChiamataRules(Auction(record["rules"]["auction"]))
    start = start_deal(rules, record["dealer"], bytes.fromhex(record["seed"]))
    return tuple(tuple(card.code for card in hand) for hand in start.hands)


def test_a_void_and_an_alone_deal_replay() -> None:
    void = replay_steps(deal_record(void_deal()))
    assert [s.kind.value for s in void] == ["deal", *["pass"] * 5, "end"]
    assert void[-1].result == "void"
    start = holding(a_deal("alone replay"), 1, ["AD"])
    alone = finish(
        apply(speak(start, (Rank.ACE, 61), None, None, None, None), Call(1, Card.from_code("AD"))),
        bidding(),
    )
    steps = replay_steps(deal_record(alone))
    reveal = next(s for s in steps if s.kind is ChiamataStepKind.REVEAL)
    assert reveal.seat == reveal.holder == 1 == steps[-1].holder


def test_a_false_record_has_no_replay() -> None:
    record = played()
    record["points"].reverse()
    with pytest.raises(VerifyError):
        replay_steps(record)
