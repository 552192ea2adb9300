"""The one projection: what a seat or a spectator may see of a hand or a match.

Every message the server sends about a game is built from these values, so this module
is the only place where secrecy is decided. A viewer sees its own hand; of the others only
how many cards they hold and the cards the rules made public (a swapped trump, the face-up
trump taken by the last draw); the face-up trump while it lies; the stock's size; the trick
on the table and the last one; whose turn; how many cards each side has taken; the hand's
public history (who took each trick, every swap of the 7). Points, captured cards and the
seed appear only when the hand is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ._values import shell_of
from .actions import ActionType
from .cards import Card, Suit
from .errors import ErrorCode, RuleError
from .match import MatchState
from .rules import hand_result, swap_refusal
from .state import PLAYER_COUNTS, HandState

SPECTATOR = None


@dataclass(frozen=True, slots=True)
class TrickView:
    leader: int
    cards: tuple[str, ...]
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class SwapView:
    """A swap of the 7 everybody saw: ``seat`` gave ``seven`` for the face-up ``took``,
    after ``tricks`` tricks had been played."""

    seat: int
    seven: str
    took: str
    tricks: int


@dataclass(frozen=True, slots=True)
class HandView:
    """A hand as one viewer may see it. Card codes as in docs/RULES.md."""

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
    winners: tuple[int, ...]
    swaps: tuple[SwapView, ...]
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

    What every viewer sees alike is worked out once per state and kept with it (with the
    spectator's view, which is nothing more); a seat's view adds its own hand, its legal
    cards and whether it may swap.

    :raises RuleError: ``invalid_seat`` if ``viewer`` is neither a seat nor ``None``.
    """
    shared, spectator = _cached(state)
    if viewer is None:
        return spectator
    return _assemble(shared, viewer, *own(state, viewer))


def template(state: HandState, hole: Any) -> HandView:
    """Everyone's view of a hand with ``hole`` in each field that is one viewer's own
    (``seat``, ``hand``, ``legal``, ``can_swap``): for an encoder that encodes the shared
    view once and puts each viewer's :func:`own` values in the holes."""
    return _assemble(_cached(state)[0], hole, hole, hole, hole)


def _cached(state: HandState) -> tuple[_Shared, HandView]:
    """What every viewer of ``state`` sees alike, and the spectator's view: worked out
    once per state and kept with it."""
    cached: tuple[_Shared, HandView] | None = state._shared
    if cached is None:
        shared = _shared(state)
        cached = (shared, _assemble(shared, None, (), (), False))
        object.__setattr__(state, "_shared", cached)
    return cached


def own(state: HandState, viewer: int | None) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """What only ``viewer`` sees of a hand: its cards, those it may play now, and whether it
    may swap the 7 now (a spectator: none, none, no). The rest of its view is everyone's.

    :raises RuleError: ``invalid_seat`` if ``viewer`` is neither a seat nor ``None``.
    """
    if viewer is None:
        return (), (), False
    n = state.rules.players
    if not 0 <= viewer < n:
        raise RuleError(ErrorCode.INVALID_SEAT, f"there is no seat {viewer} at a table of {n}")
    hand = tuple([card.code for card in state.hands[viewer]])
    if state._turn != viewer:
        return hand, (), False
    swap = (
        state.rules.swap_seven
        and not state.trick
        and bool(state.stock)
        and swap_refusal(state, viewer) is None
    )
    return hand, hand, swap


#: What every viewer of a state sees alike: the values of HandView's fields but seat, hand,
#: legal and can_swap, in the order of the fields.
_Shared = tuple[
    int,
    int,
    str,
    str,
    str | None,
    int,
    tuple[int, ...],
    tuple[tuple[str, ...], ...],
    TrickView,
    TrickView | None,
    int | None,
    tuple[int, ...],
    int,
    tuple[int, ...],
    tuple[SwapView, ...],
    bool,
    tuple[int, ...] | None,
    str | None,
    str | None,
    int | None,
]


def _shared(state: HandState) -> _Shared:
    n = state.rules.players
    public = state.public
    stock = state.stock
    tricks = state.tricks
    last = tricks[-1] if tricks else None
    points = result = seed = None
    if state._over:
        outcome = hand_result(state)
        points, result, seed = outcome.points, outcome.result_code, state.seed.hex()
    return (
        n,
        state.dealer,
        state.commitment,
        _SUIT_CODES[state.trump],
        stock[-1].code if stock else None,
        len(stock),
        tuple(map(len, state.hands)),
        tuple(_codes(hand, public) for hand in state.hands) if public else _NO_PUBLIC[n],
        _trick_view(state.leader, state.trick, None),
        _trick_view(last.leader, last.cards, last.winner) if last is not None else None,
        state._turn,
        tuple(map(len, state.captured)),
        len(tricks),
        tuple([trick.winner for trick in tricks]),
        _swaps(state) if state.rules.swap_seven else (),
        state._over,
        points,
        result,
        seed,
        state.resigned,
    )


_ViewShell = shell_of(HandView)
_TrickShell = shell_of(TrickView)
_SUIT_CODES = tuple(suit.code for suit in Suit)
_NO_PUBLIC = {n: ((),) * n for n in PLAYER_COUNTS}


def _assemble(
    shared: _Shared, seat: int | None, hand: tuple[str, ...], legal: tuple[str, ...], swap: bool
) -> HandView:
    """A HandView from the shared values and one viewer's own (built as :mod:`._values`
    says, the fast way)."""
    v: Any = _ViewShell()
    (
        v.players,
        v.dealer,
        v.commitment,
        v.trump,
        v.face_up,
        v.stock,
        v.hand_sizes,
        v.public,
        v.trick,
        v.last_trick,
        v.turn,
        v.taken,
        v.tricks_played,
        v.winners,
        v.swaps,
        v.over,
        v.points,
        v.result,
        v.seed,
        v.resigned,
    ) = shared
    v.seat = seat
    v.hand = hand
    v.legal = legal
    v.can_swap = swap
    v.__class__ = HandView
    built: HandView = v  # no runtime cast() call: this is a hot path
    return built


def _swaps(state: HandState) -> tuple[SwapView, ...]:
    """The hand's swaps of the 7, from its log (a swap comes between two tricks)."""
    swaps = []
    plays = 0
    for action in state.log:
        if action.type is ActionType.PLAY:
            plays += 1
        elif action.type is ActionType.SWAP and action.card and action.took:
            tricks = plays // state.rules.players
            swaps.append(SwapView(action.seat, action.card.code, action.took.code, tricks))
    return tuple(swaps)


def _codes(hand: tuple[Card, ...], public: frozenset[Card]) -> tuple[str, ...]:
    return tuple([card.code for card in hand if card in public])


def _trick_view(leader: int, cards: tuple[Card, ...], winner: int | None) -> TrickView:
    t: Any = _TrickShell()
    t.leader = leader
    t.cards = tuple([card.code for card in cards])
    t.winner = winner
    t.__class__ = TrickView
    built: TrickView = t  # no runtime cast() call: this is a hot path
    return built


def match_view(match: MatchState, viewer: int | None) -> MatchView:
    """Project a match for ``viewer``: the series score and the current hand's view."""
    hand = match.hand
    return _match_view(match, view(hand, viewer) if hand is not None else None)


def match_template(match: MatchState, hole: Any) -> MatchView:
    """:func:`match_view` with the hand's view a :func:`template` (a match with a hand)."""
    assert match.hand is not None
    return _match_view(match, template(match.hand, hole))


def _match_view(match: MatchState, hand: HandView | None) -> MatchView:
    rules = match.rules
    outcome = match.outcome
    v: Any = _MatchViewShell()
    v.players = rules.players
    v.swap_seven = rules.swap_seven
    v.best_of = rules.best_of
    v.wins = match.wins
    v.results = tuple([result.result_code for result in match.results])
    v.hands_dealt = match.hands_dealt
    v.next_dealer = match.next_dealer
    v.hand = hand
    v.over = outcome is not None
    v.winners = outcome.winners if outcome is not None else None
    v.resigned = outcome.resigned if outcome is not None else None
    v.__class__ = MatchView
    built: MatchView = v  # no runtime cast() call: this is a hot path
    return built


_MatchViewShell = shell_of(MatchView)
