"""A finished hand, step by step, for the replay viewer: every card face up.

The record is verified first, then played again from its seed. Step 0 is the deal; then
one step per action (a card played, a 7 swapped, a signal, a resignation), one more when a trick is
taken (its winner, its points, the card each seat drew after it), and last the result.
Each step holds the whole table as it then lay, so a viewer draws it without the rules.

>>> from briscola.engine import HandRules, apply, hand_record, legal_actions, start_hand
>>> hand = start_hand(HandRules(players=2), dealer=0, seed=bytes(32))
>>> while not hand.over:
...     hand = apply(hand, legal_actions(hand, hand.turn)[0])
>>> steps = replay_steps(hand_record(hand))
>>> [step.kind.value for step in steps[:4]], steps[-1].kind.value, len(steps)
(['deal', 'play', 'play', 'trick'], 'end', 62)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from .actions import Action, ActionType, LoggedAction, PlayCard, Resign, Signal, SwapSeven
from .cards import Card
from .record import verify_record
from .rules import apply, hand_result, start_hand
from .state import HandState, side_count, side_of
from .view import TrickView


class StepKind(StrEnum):
    """What happens at a step: the deal, an action, a trick taken, the result."""

    DEAL = "deal"
    PLAY = "play"
    SWAP = "swap"
    RESIGN = "resign"
    SIGNAL = "signal"
    TRICK = "trick"
    END = "end"


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One moment of a finished hand. Card codes as in docs/RULES.md.

    What happened: ``kind`` and ``seat`` (the dealer for the deal, who acted, who took the
    trick; ``None`` at the end); ``card`` (the card played, the 7 given in a swap, the
    face-up card turned at the deal); ``took`` (the face-up card a swap took);
    ``trick_points`` and ``drawn`` (a taken trick's points and, by seat, the card each
    drew after it: empty once the stock is out); ``result`` at the end.

    How the table lay after it: every ``hands``; the ``trick`` on the table (with its
    ``winner`` on a trick step, whose cards ``points`` and ``taken`` already count);
    ``stock``, top first, ending with ``face_up`` (the trump card under the stock) while it
    lies; ``points`` and cards ``taken`` per side; ``tricks_played``; ``turn``, the seat to
    act (``None`` while a full trick waits to be taken, and at the end).
    """

    kind: StepKind
    seat: int | None
    card: str | None
    took: str | None
    trick_points: int | None
    drawn: tuple[str, ...]
    result: str | None
    signal: str | None
    caught: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    trick: TrickView
    trump: str
    face_up: str | None
    stock: tuple[str, ...]
    points: tuple[int, ...]
    taken: tuple[int, ...]
    tricks_played: int
    turn: int | None


def replay_steps(record: Mapping[str, Any]) -> tuple[ReplayStep, ...]:
    """The steps of the hand ``record`` tells, from the deal to the result.

    :raises VerifyError: if the record does not verify (nothing is shown of a false one).
    """
    final = verify_record(record)
    state = start_hand(final.rules, final.dealer, final.seed)
    face_up = state.face_up
    assert face_up is not None
    steps = [_step(state, StepKind.DEAL, final.dealer, card=face_up.code)]
    for logged in final.log:
        before, state = state, apply(state, _action_of(logged))
        if logged.type is ActionType.SWAP:
            assert logged.card is not None and logged.took is not None
            steps.append(
                _step(
                    state, StepKind.SWAP, logged.seat, card=logged.card.code, took=logged.took.code
                )
            )
        elif logged.type is ActionType.RESIGN:
            steps.append(_step(state, StepKind.RESIGN, logged.seat))
        elif logged.type is ActionType.SIGNAL:
            assert logged.signal is not None
            steps.append(
                _step(
                    state,
                    StepKind.SIGNAL,
                    logged.seat,
                    signal=logged.signal.value,
                    caught=logged.caught,
                )
            )
        elif len(state.tricks) == len(before.tricks):
            assert logged.card is not None
            steps.append(_step(state, StepKind.PLAY, logged.seat, card=logged.card.code))
        else:
            assert logged.card is not None
            steps += _trick_taken(before, state, logged.seat, logged.card)
    steps.append(_step(state, StepKind.END, None, result=hand_result(state).result_code))
    return tuple(steps)


def _action_of(logged: LoggedAction) -> Action:
    if logged.type is ActionType.PLAY:
        assert logged.card is not None
        return PlayCard(logged.seat, logged.card)
    if logged.type is ActionType.SWAP:
        return SwapSeven(logged.seat)
    if logged.type is ActionType.SIGNAL:
        assert logged.signal is not None
        return Signal(logged.seat, logged.signal)
    return Resign(logged.seat)


def _trick_taken(
    before: HandState, after: HandState, seat: int, card: Card
) -> tuple[ReplayStep, ReplayStep]:
    """The last card of a trick played (the full trick on the table, nobody to act yet),
    then the trick taken: the rules do both in one move; a viewer shows them apart."""
    hands = list(_codes_by_seat(before.hands))
    hands[seat] = tuple(code for code in hands[seat] if code != card.code)
    played = replace(
        _step(before, StepKind.PLAY, seat, card=card.code),
        hands=tuple(hands),
        trick=TrickView(before.leader, (*_codes(before.trick), card.code)),
        turn=None,
    )
    taken = after.tricks[-1]
    won = replace(
        _step(
            after,
            StepKind.TRICK,
            taken.winner,
            trick_points=sum(c.points for c in taken.cards),
            drawn=tuple(hand[-1].code for hand in after.hands) if before.stock else (),
        ),
        trick=TrickView(taken.leader, _codes(taken.cards), taken.winner),
    )
    return played, won


def _step(
    state: HandState,
    kind: StepKind,
    seat: int | None,
    *,
    card: str | None = None,
    took: str | None = None,
    trick_points: int | None = None,
    drawn: tuple[str, ...] = (),
    result: str | None = None,
    signal: str | None = None,
    caught: tuple[int, ...] = (),
) -> ReplayStep:
    """The step ``kind`` with the table as ``state`` has it."""
    n = state.rules.players
    points = [0] * side_count(n)
    taken = [0] * side_count(n)
    for holder, pile in enumerate(state.captured):
        points[side_of(holder, n)] += sum(c.points for c in pile)
        taken[side_of(holder, n)] += len(pile)
    face_up = state.face_up
    return ReplayStep(
        kind=kind,
        seat=seat,
        card=card,
        took=took,
        trick_points=trick_points,
        drawn=drawn,
        result=result,
        signal=signal,
        caught=caught,
        hands=_codes_by_seat(state.hands),
        trick=TrickView(state.leader, _codes(state.trick)),
        trump=state.trump.code,
        face_up=None if face_up is None else face_up.code,
        stock=_codes(state.stock),
        points=tuple(points),
        taken=tuple(taken),
        tricks_played=len(state.tricks),
        turn=state.turn,
    )


def _codes(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(card.code for card in cards)


def _codes_by_seat(hands: tuple[tuple[Card, ...], ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(_codes(hand) for hand in hands)
