"""A finished Chiamata deal, step by step, for the replay viewer: every card face up.

The record is verified first, then played again from its seed. Step 0 is the deal; then
one step for each bid and pass, the call, each card played (with one more, the reveal,
right after the called card), a step when a trick is taken, a resignation, and last the
end. Each step holds the whole table as it then lay, so a viewer draws it without the
rules.

>>> from briscola.engine.chiamata import ChiamataRules, apply, deal_record, legal, start_deal
>>> deal = start_deal(ChiamataRules(), dealer=0, seed=bytes(32))
>>> while not deal.over:
...     deal = apply(deal, legal(deal, deal.turn)[0])
>>> steps = replay_steps(deal_record(deal))
>>> [step.kind.value for step in steps[:3]], steps[-1].kind.value, steps[-1].result
(['deal', 'bid', 'bid'], 'end', 'defenders')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Final

from ..actions import PlayCard, Resign
from ..cards import Card
from ..view import TrickView
from .actions import Bid, Call, ChiamataAction, Pass
from .options import PLAYERS
from .record import verify_deal
from .rules import apply, deal_result, result_code, start_deal
from .scoring import pile_points
from .state import DealState
from .view import BidView, SpeechView, bid_view, speech_views


class ChiamataStepKind(StrEnum):
    """What happens at a step."""

    DEAL = "deal"
    BID = "bid"
    PASS = "pass"
    CALL = "call"
    PLAY = "play"
    REVEAL = "reveal"
    TRICK = "trick"
    RESIGN = "resign"
    END = "end"


@dataclass(frozen=True, slots=True)
class ChiamataStep:
    """One moment of a finished deal. Codes as in docs/RULES.md.

    What happened: ``kind`` and ``seat`` (the dealer for the deal; who bid, passed, called,
    played or resigned; who held the called card at the reveal; who took the trick;
    ``None`` at the end), ``bid`` (a bid made), ``card`` (the card called or played),
    ``trick_points`` (a taken trick's points), ``result`` and ``deltas`` (each seat's match
    points) at the end.

    How the table lay after it: every seat's ``hands``; the ``auction`` so far, the
    ``high`` bid and its seat; the ``caller``, the ``contract``, the ``called`` card and
    ``trumps``; ``holder``, the seat that held the called card, from the reveal on (the
    caller's own when alone); the ``trick`` on the table (with its ``winner`` on a trick
    step); ``points`` and cards ``taken`` by each seat; ``tricks_played``; ``turn``, the
    seat to act (``None`` while a full trick waits to be taken, and at the end).
    """

    kind: ChiamataStepKind
    seat: int | None
    bid: BidView | None
    card: str | None
    trick_points: int | None
    result: str | None
    deltas: tuple[int, ...] | None
    hands: tuple[tuple[str, ...], ...]
    auction: tuple[SpeechView, ...]
    high: BidView | None
    high_seat: int | None
    caller: int | None
    contract: BidView | None
    called: str | None
    trumps: str | None
    holder: int | None
    trick: TrickView
    points: tuple[int, ...]
    taken: tuple[int, ...]
    tricks_played: int
    turn: int | None


_KINDS: Final[dict[type, ChiamataStepKind]] = {
    Bid: ChiamataStepKind.BID,
    Pass: ChiamataStepKind.PASS,
    Call: ChiamataStepKind.CALL,
    PlayCard: ChiamataStepKind.PLAY,
    Resign: ChiamataStepKind.RESIGN,
}


def replay_steps(record: Mapping[str, Any]) -> tuple[ChiamataStep, ...]:
    """The steps of the deal ``record`` tells, from the deal to the end.

    :raises VerifyError: if the record does not verify (nothing is shown of a false one).
    """
    final = verify_deal(record)
    deal = start_deal(final.rules, final.dealer, final.seed)
    steps = [_step(deal, ChiamataStepKind.DEAL, final.dealer)]
    for action in final.log:
        before, deal = deal, apply(deal, action)
        if type(action) is PlayCard and len(deal.tricks) > len(before.tricks):
            steps += _trick_taken(before, deal, action)
            continue
        steps.append(_acted(deal, action))
        if deal.revealed and not before.revealed:
            steps.append(_step(deal, ChiamataStepKind.REVEAL, deal.partner))
    result = deal_result(deal)
    steps.append(
        _step(
            deal,
            ChiamataStepKind.END,
            None,
            result=result_code(deal),
            deltas=(0,) * PLAYERS if result is None else result.deltas,
        )
    )
    return tuple(steps)


def _acted(deal: DealState, action: ChiamataAction) -> ChiamataStep:
    """The step of ``action``, with the table after it."""
    return _step(
        deal,
        _KINDS[type(action)],
        action.seat,
        bid=bid_view(action) if type(action) is Bid else None,
        card=_card_of(action),
    )


def _card_of(action: ChiamataAction) -> str | None:
    card: Card | None = getattr(action, "card", None)
    return None if card is None else card.code


def _trick_taken(before: DealState, after: DealState, play: PlayCard) -> list[ChiamataStep]:
    """The last card of a trick played (the full trick on the table, nobody to act yet),
    the reveal if it was the called card, then the trick taken: the rules do all in one
    move; a viewer shows them apart."""
    taken = after.tricks[-1]
    cards = tuple(card.code for card in taken.cards)
    hands = list(_hands(before))
    hands[play.seat] = tuple(code for code in hands[play.seat] if code != play.card.code)
    on_table = TrickView(taken.leader, cards)
    played = _step(before, ChiamataStepKind.PLAY, play.seat, card=play.card.code)
    steps = [replace(played, hands=tuple(hands), trick=on_table, turn=None, holder=_holder(after))]
    if after.revealed and not before.revealed:
        reveal = _step(before, ChiamataStepKind.REVEAL, after.partner)
        steps.append(
            replace(reveal, hands=tuple(hands), trick=on_table, turn=None, holder=_holder(after))
        )
    won = _step(
        after,
        ChiamataStepKind.TRICK,
        taken.winner,
        trick_points=sum(card.points for card in taken.cards),
    )
    steps.append(replace(won, trick=TrickView(taken.leader, cards, taken.winner)))
    return steps


def _holder(deal: DealState) -> int | None:
    return deal.partner if deal.revealed or deal.over else None


def _hands(deal: DealState) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(card.code for card in hand) for hand in deal.hands)


def _step(
    deal: DealState,
    kind: ChiamataStepKind,
    seat: int | None,
    *,
    bid: BidView | None = None,
    card: str | None = None,
    trick_points: int | None = None,
    result: str | None = None,
    deltas: tuple[int, ...] | None = None,
) -> ChiamataStep:
    """The step ``kind`` with the table as ``deal`` has it."""
    high = deal.high
    called = deal.called
    return ChiamataStep(
        kind=kind,
        seat=seat,
        bid=bid,
        card=card,
        trick_points=trick_points,
        result=result,
        deltas=deltas,
        hands=_hands(deal),
        auction=speech_views(deal.auction),
        high=None if high is None else bid_view(high),
        high_seat=None if high is None else high.seat,
        caller=deal.caller,
        contract=None if deal.caller is None or high is None else bid_view(high),
        called=None if called is None else called.code,
        trumps=None if called is None else called.suit.code,
        holder=_holder(deal),
        trick=TrickView(deal.leader, tuple(card.code for card in deal.trick)),
        points=pile_points(deal.captured),
        taken=tuple(len(pile) for pile in deal.captured),
        tricks_played=len(deal.tricks),
        turn=deal.turn,
    )
