"""A finished hand's record (docs/FAIRPLAY.md) and the verifier that replays one.

The verifier trusts nothing in the record: it rebuilds the deck from the seed, checks the
commitment, replays every action under the rules and compares every trick, the points and
the result, reporting the first disagreement.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .actions import Action, ActionType, LoggedAction, PlayCard, Resign, Signal, SwapSeven
from .cards import Card
from .deal import commitment, seed_from_hex
from .errors import RuleError
from .rules import apply, hand_result, start_hand
from .signals import SignalCode
from .state import GameName, HandRules, HandState, PartnerComm, StockShown

FORMAT = "briscola-hand/1"
T = TypeVar("T")


class VerifyError(ValueError):
    """The first disagreement between a record and the rules."""


def hand_record(state: HandState) -> dict[str, Any]:
    """The JSON-ready record of a finished hand.

    :raises ValueError: if the hand is not over (its seed is still secret).
    """
    if not state.over:
        raise ValueError("a hand's record exists only once the hand is over")
    result = hand_result(state)
    record: dict[str, Any] = {
        "format": FORMAT,
        "players": state.rules.players,
        "rules": _rules_json(state.rules),
        "dealer": state.dealer,
        "commitment": state.commitment,
        "seed": state.seed.hex(),
        "actions": [_action_json(action) for action in state.log],
        "tricks": [
            {"leader": t.leader, "cards": [c.code for c in t.cards], "winner": t.winner}
            for t in state.tricks
        ],
        "points": list(result.points),
        "result": result.result_code,
    }
    if state.resigned is not None:
        record["resigned"] = state.resigned
    return record


def _rules_json(rules: HandRules) -> dict[str, Any]:
    """The hand's options: the swap of the 7 always; the others where they are not the
    classic game's (so a classic record reads as it always has)."""
    entry: dict[str, Any] = {"swap_seven": rules.swap_seven}
    if rules.game is not GameName.CLASSIC:
        entry["game"] = rules.game.value
        entry["stock"] = rules.stock.value
    if rules.partner_comm is not PartnerComm.NONE:
        entry["partner_comm"] = rules.partner_comm.value
        entry["signal_catch"] = rules.catch
    return entry


def _rules_of(players: Any, entry: Mapping[str, Any]) -> HandRules:
    swap = entry.get("swap_seven", False)
    if type(players) is not int or type(swap) is not bool:
        raise VerifyError("malformed record: players must be a number and swap_seven a boolean")
    catch = entry.get("signal_catch", 25)
    if type(catch) is not int:
        raise VerifyError("malformed record: signal_catch must be a whole percent")
    return HandRules(
        players,
        swap,
        GameName(entry.get("game", GameName.CLASSIC)),
        StockShown(entry.get("stock", StockShown.ALL)),
        PartnerComm(entry.get("partner_comm", PartnerComm.NONE)),
        catch,
    )


def _action_json(action: LoggedAction) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": action.seat, "type": action.type.value}
    if action.card is not None:
        entry["card"] = action.card.code
    if action.took is not None:
        entry["took"] = action.took.code
    if action.signal is not None:
        entry["signal"] = action.signal.value
        entry["caught"] = list(action.caught)
    return entry


def verify_record(record: Mapping[str, Any]) -> HandState:
    """Replay ``record`` and return the final state if every part of it agrees.

    :raises VerifyError: naming the first disagreement.
    """
    return reported(_verify, record)


def reported(verify: Callable[[Mapping[str, Any]], T], record: Mapping[str, Any]) -> T:
    """``verify(record)``, with what a malformed record makes go wrong (a key missing, a
    value of the wrong type) reported as the :class:`VerifyError` it is."""
    try:
        return verify(record)
    except VerifyError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise VerifyError(f"malformed record: {exc!r}") from None


def _verify(record: Mapping[str, Any]) -> HandState:
    if record.get("format") != FORMAT:
        raise VerifyError(f"unknown format {record.get('format')!r}, expected {FORMAT!r}")
    seed = seed_from_hex(record["seed"])
    if commitment(seed) != record["commitment"]:
        raise VerifyError(
            "wrong commitment or seed: SHA-256 of the seed is not the commitment"
            f" (seed {record['seed']}, commitment {record['commitment']})"
        )
    rules = _rules_of(record["players"], record["rules"])
    state = start_hand(rules, int(record["dealer"]), seed)
    for index, entry in enumerate(record["actions"]):
        action = _parse_action(entry)
        try:
            state = apply(state, action)
        except RuleError as exc:
            raise VerifyError(
                f"illegal action {index} ({entry}): {exc.code.value}: {exc.message}"
            ) from None
        if type(action) is SwapSeven:
            _check_swap(entry, state.log[-1], index)
        elif type(action) is Signal and list(entry.get("caught", ())) != list(state.log[-1].caught):
            raise VerifyError(
                f"action {index}: the signal was caught by {list(state.log[-1].caught)},"
                f" not {entry.get('caught')!r}"
            )
    if not state.over:
        raise VerifyError(
            f"truncated actions: they end before the hand does ({len(state.tricks)} tricks)"
        )
    _compare_tricks(state, record["tricks"])
    result = hand_result(state)
    if list(record["points"]) != list(result.points):
        raise VerifyError(f"wrong points: record {record['points']}, replay {list(result.points)}")
    if record["result"] != result.result_code:
        raise VerifyError(
            f"wrong result: record {record['result']!r}, replay {result.result_code!r}"
        )
    if record.get("resigned") != state.resigned:
        raise VerifyError(
            f"wrong resignation: record {record.get('resigned')!r}, replay {state.resigned!r}"
        )
    return state


def _parse_action(entry: Mapping[str, Any]) -> Action:
    seat = int(entry["seat"])
    kind = ActionType(entry["type"])
    if kind is ActionType.PLAY:
        return PlayCard(seat, Card.from_code(entry["card"]))
    if kind is ActionType.SWAP:
        return SwapSeven(seat)
    if kind is ActionType.SIGNAL:
        return Signal(seat, SignalCode(entry["signal"]))
    return Resign(seat)


def _check_swap(entry: Mapping[str, Any], done: LoggedAction, index: int) -> None:
    """A swap's entry must name the 7 of trumps given and the face-up card it took."""
    assert done.card is not None and done.took is not None
    if entry.get("took") != done.took.code:
        raise VerifyError(
            f"action {index}: the swap took {done.took.code}, not {entry.get('took')!r}"
        )
    if entry.get("card") != done.card.code:
        raise VerifyError(
            f"action {index}: the swap gave {done.card.code}, not {entry.get('card')!r}"
        )


def _compare_tricks(state: HandState, tricks: list[Mapping[str, Any]]) -> None:
    if len(tricks) != len(state.tricks):
        raise VerifyError(
            f"wrong number of tricks: record {len(tricks)}, replay {len(state.tricks)}"
        )
    for number, (claimed, actual) in enumerate(zip(tricks, state.tricks, strict=True), 1):
        cards = [card.code for card in actual.cards]
        if claimed["leader"] != actual.leader or list(claimed["cards"]) != cards:
            raise VerifyError(
                f"wrong trick {number}: record {claimed}, replay led by {actual.leader}: {cards}"
            )
        if claimed["winner"] != actual.winner:
            raise VerifyError(
                f"wrong trick winner in trick {number}: record {claimed['winner']}, "
                f"replay {actual.winner}"
            )
