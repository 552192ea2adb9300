"""The one projection: what a seat or a spectator may see of a hand or a match.

Every message the server sends about a game is built from these values, so this module
is the only place where secrecy is decided. A viewer sees its own hand; of the others only
how many cards they hold and the cards the rules made public (a swapped trump, the face-up
trump taken by the last draw); the face-up trump while it lies; the stock's size; the trick
on the table and the last one; whose turn; how many cards each side has taken. Points,
captured cards and the seed appear only when the hand is over.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ErrorCode, RuleError
from .match import MatchState
from .rules import hand_result, swap_refusal
from .state import HandState, TrickRecord

SPECTATOR = None


@dataclass(frozen=True, slots=True)
class TrickView:
    leader: int
    cards: tuple[str, ...]
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class HandView:
    """A hand as one viewer may see it. Card codes as in RULES.md."""

    seat: int | None
    players: int
    dealer: int
    commitment: str
    trump: str
    face_up: str | None
    stock: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    public: tuple[tuple[str, ...], ...]
    trick: TrickView
    last_trick: TrickView | None
    turn: int | None
    taken: tuple[int, ...]
    tricks_played: int
    legal: tuple[str, ...]
    can_swap: bool
    over: bool
    points: tuple[int, ...] | None = None
    result: str | None = None
    seed: str | None = None
    resigned: int | None = None


@dataclass(frozen=True, slots=True)
class MatchView:
    players: int
    swap_seven: bool
    best_of: int
    wins: tuple[int, ...]
    results: tuple[str, ...]
    hands_dealt: int
    next_dealer: int
    hand: HandView | None
    over: bool
    winners: tuple[int, ...] | None = None
    resigned: int | None = None


def view(state: HandState, viewer: int | None) -> HandView:
    """Project a hand for ``viewer``: a seat index, or ``None`` for a spectator.

    :raises RuleError: ``invalid_seat`` if ``viewer`` is neither a seat nor ``None``.
    """
    n = state.rules.players
    if viewer is not None and not 0 <= viewer < n:
        raise RuleError(ErrorCode.INVALID_SEAT, f"there is no seat {viewer} at a table of {n}")
    turn = state.turn
    own = state.hands[viewer] if viewer is not None else ()
    public = state.public
    legal: tuple[str, ...] = ()
    swap = False
    if viewer is not None and turn == viewer:
        legal = tuple(card.code for card in own)
        swap = state.rules.swap_seven and swap_refusal(state, viewer) is None
    last = state.tricks[-1] if state.tricks else None
    points = result = seed = None
    if state.over:
        outcome = hand_result(state)
        points, result, seed = outcome.points, outcome.result_code, state.seed.hex()
    face_up = state.face_up
    return HandView(
        seat=viewer,
        players=n,
        dealer=state.dealer,
        commitment=state.commitment,
        trump=state.trump.code,
        face_up=face_up.code if face_up is not None else None,
        stock=len(state.stock),
        hand=tuple(card.code for card in own),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        public=tuple(
            tuple(card.code for card in hand if card in public) if public else ()
            for hand in state.hands
        ),
        trick=TrickView(state.leader, tuple(card.code for card in state.trick)),
        last_trick=_trick_view(last) if last is not None else None,
        turn=turn,
        taken=tuple(len(pile) for pile in state.captured),
        tricks_played=len(state.tricks),
        legal=legal,
        can_swap=swap,
        over=state.over,
        points=points,
        result=result,
        seed=seed,
        resigned=state.resigned,
    )


def _trick_view(trick: TrickRecord) -> TrickView:
    return TrickView(trick.leader, tuple(card.code for card in trick.cards), trick.winner)


def match_view(match: MatchState, viewer: int | None) -> MatchView:
    """Project a match for ``viewer``: the series score and the current hand's view."""
    outcome = match.outcome
    return MatchView(
        players=match.rules.players,
        swap_seven=match.rules.swap_seven,
        best_of=match.rules.best_of,
        wins=match.wins,
        results=tuple(result.result_code for result in match.results),
        hands_dealt=match.hands_dealt,
        next_dealer=match.next_dealer,
        hand=view(match.hand, viewer) if match.hand is not None else None,
        over=outcome is not None,
        winners=outcome.winners if outcome is not None else None,
        resigned=outcome.resigned if outcome is not None else None,
    )
