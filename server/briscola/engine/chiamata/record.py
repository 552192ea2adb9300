"""A finished Chiamata deal's record (docs/FAIRPLAY.md, "A Chiamata deal's record") and
the verifier that replays one.

The verifier trusts nothing in the record: it rebuilds the deal from the seed, checks the
commitment, replays every bid, pass, call and card under the rules, and compares the call,
every trick, the points, the result and the match points, reporting the first
disagreement.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ..actions import PlayCard, Resign
from ..cards import RANK_CODES, Card, Rank
from ..deal import commitment, seed_from_hex
from ..errors import RuleError
from ..record import FORMAT, VerifyError, reported
from ..state import GameName
from .actions import Bid, Call, ChiamataAction, Pass
from .options import PLAYERS, Auction, ChiamataRules
from .rules import apply, deal_result, result_code, start_deal
from .scoring import pile_points
from .state import DealState

_NO_DELTAS: Final = [0] * PLAYERS


def deal_record(deal: DealState) -> dict[str, Any]:
    """The JSON-ready record of a finished deal: played out, void or resigned.

    :raises ValueError: if the deal is not over (its seed is still secret).
    """
    if not deal.over:
        raise ValueError("a deal's record exists only once the deal is over")
    rules = deal.rules
    high = deal.high if deal.caller is not None else None
    result = deal_result(deal)
    record: dict[str, Any] = {
        "format": FORMAT,
        "players": PLAYERS,
        "rules": {
            "game": GameName.CHIAMATA.value,
            "auction": rules.auction.value,
            "self_call": rules.self_call,
            "cappotto": rules.cappotto,
            "deals": rules.deals,
        },
        "dealer": deal.dealer,
        "commitment": deal.commitment,
        "seed": deal.seed.hex(),
        "actions": [_ENCODE[type(action)](action) for action in deal.log],
        "caller": deal.caller,
        "contract": None if high is None else _contract_json(high),
        "called": None if deal.called is None else deal.called.code,
        "partner": deal.partner,
        "tricks": [
            {"leader": t.leader, "cards": [c.code for c in t.cards], "winner": t.winner}
            for t in deal.tricks
        ],
        "points": list(pile_points(deal.captured)),
        "result": result_code(deal),
        "deltas": _NO_DELTAS if result is None else list(result.deltas),
    }
    if deal.resigned is not None:
        record["resigned"] = deal.resigned
    return record


def _contract_json(bid: Bid) -> dict[str, Any]:
    return {"rank": None if bid.rank is None else bid.rank.code, "target": bid.target}


def _bid_json(bid: Bid) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": bid.seat, "type": "bid"}
    if bid.rank is not None:
        entry["rank"] = bid.rank.code
    entry["target"] = bid.target
    return entry


_ENCODE: Final[dict[type, Callable[[Any], dict[str, Any]]]] = {
    Bid: _bid_json,
    Pass: lambda action: {"seat": action.seat, "type": "pass"},
    Call: lambda action: {"seat": action.seat, "type": "call", "card": action.card.code},
    PlayCard: lambda action: {"seat": action.seat, "type": "play", "card": action.card.code},
    Resign: lambda action: {"seat": action.seat, "type": "resign"},
}


def verify_deal(record: Mapping[str, Any]) -> DealState:
    """Replay ``record`` and return the finished deal if every part of it agrees.

    :raises VerifyError: naming the first disagreement.
    """
    return reported(_verify, record)


def rules_of(entry: Mapping[str, Any]) -> ChiamataRules:
    """A record's ``rules`` as Chiamata rules."""
    if entry.get("game") != GameName.CHIAMATA:
        raise VerifyError(f"not a Chiamata record: its game is {entry.get('game')!r}")
    deals = entry["deals"]
    if type(deals) is not int:
        raise VerifyError("malformed record: deals must be a number")
    return ChiamataRules(Auction(entry["auction"]), entry["self_call"], entry["cappotto"], deals)


def _verify(record: Mapping[str, Any]) -> DealState:
    if record.get("format") != FORMAT:
        raise VerifyError(f"unknown format {record.get('format')!r}, expected {FORMAT!r}")
    if record["players"] != PLAYERS:
        raise VerifyError(f"a Chiamata deal has {PLAYERS} players, not {record['players']!r}")
    rules = rules_of(record["rules"])
    seed = seed_from_hex(record["seed"])
    if commitment(seed) != record["commitment"]:
        raise VerifyError(
            "wrong commitment or seed: SHA-256 of the seed is not the commitment"
            f" (seed {record['seed']}, commitment {record['commitment']})"
        )
    deal = start_deal(rules, _seat(record["dealer"]), seed)
    for index, entry in enumerate(record["actions"]):
        try:
            deal = apply(deal, _PARSE[entry["type"]](entry))
        except RuleError as exc:
            raise VerifyError(
                f"illegal action {index} ({entry}): {exc.code.value}: {exc.message}"
            ) from None
    if not deal.over:
        raise VerifyError(f"truncated actions: they end before the deal does ({deal.phase})")
    expected = deal_record(deal)
    for key in _COMPARED:
        if key == "tricks":
            _compare_tricks(expected["tricks"], record["tricks"])
        elif record.get(key) != expected.get(key):
            raise VerifyError(
                f"wrong {key}: record {record.get(key)!r}, replay {expected.get(key)!r}"
            )
    return deal


#: What the verifier compares with the replay, in this order (the tricks one by one).
_COMPARED: Final = (
    "caller",
    "contract",
    "called",
    "partner",
    "tricks",
    "points",
    "result",
    "deltas",
    "resigned",
)


def _seat(value: Any) -> int:
    if type(value) is not int:
        raise VerifyError(f"malformed record: a seat is a number, not {value!r}")
    return value


def _rank(code: str) -> Rank:
    if type(code) is not str or len(code) != 1 or code not in RANK_CODES:
        raise VerifyError(f"malformed record: no rank {code!r}")
    return Rank(RANK_CODES.index(code))


def _bid_of(entry: Mapping[str, Any]) -> Bid:
    rank = entry.get("rank")
    target = entry["target"]
    if type(target) is not int:
        raise VerifyError(f"malformed record: a bid's target is a number, not {target!r}")
    return Bid(_seat(entry["seat"]), None if rank is None else _rank(rank), target)


_PARSE: Final[dict[str, Callable[[Mapping[str, Any]], ChiamataAction]]] = {
    "bid": _bid_of,
    "pass": lambda entry: Pass(_seat(entry["seat"])),
    "call": lambda entry: Call(_seat(entry["seat"]), Card.from_code(entry["card"])),
    "play": lambda entry: PlayCard(_seat(entry["seat"]), Card.from_code(entry["card"])),
    "resign": lambda entry: Resign(_seat(entry["seat"])),
}


def _compare_tricks(replayed: list[dict[str, Any]], claimed: list[Mapping[str, Any]]) -> None:
    if len(claimed) != len(replayed):
        raise VerifyError(f"wrong number of tricks: record {len(claimed)}, replay {len(replayed)}")
    for number, (said, done) in enumerate(zip(claimed, replayed, strict=True), 1):
        if said["leader"] != done["leader"] or list(said["cards"]) != done["cards"]:
            raise VerifyError(f"wrong trick {number}: record {said}, replay {done}")
        if said["winner"] != done["winner"]:
            raise VerifyError(
                f"wrong trick winner in trick {number}: record {said['winner']}, "
                f"replay {done['winner']}"
            )
