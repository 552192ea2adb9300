"""The one projection: what a seat or a spectator may see of a hand or a match.

Every message the server sends about a game is built from these values, so this module
is the only place where secrecy is decided. A viewer sees its own hand; of the others only
how many cards they hold and the cards the rules made public (a swapped trump, the face-up
trump taken by the last draw; in Scoperta every hand, and the stock as the table chose);
the face-up trump while it lies; the stock's size; the trick on the table and the last one;
whose turn; how many cards each side has taken; the hand's public history (who took each
trick, every swap of the 7). At a table of signals a seat also sees its own and its
partners' signals and those of the opponents it caught; at an open table, from the draw
that empties the stock, its partners' cards. Points, captured cards, every signal with who
caught it, and the seed appear only when the hand is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Any

from ._values import shell_of
from .actions import ActionType
from .cards import Card, Suit
from .errors import ErrorCode, RuleError
from .match import MatchState
from .rules import hand_result, swap_refusal
from .state import (
    PLAYER_COUNTS,
    GameName,
    HandRules,
    HandState,
    PartnerComm,
    StockShown,
    side_count,
    side_of,
)

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
class SignalView:
    """A signal of the codebook that ``seat`` made after ``tricks`` tricks; who caught it
    (``caught``) is told only when the hand is over."""

    seat: int
    signal: str
    tricks: int
    caught: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class HandView:
    """A hand as one viewer may see it. Card codes as in docs/RULES.md.

    The fields of :data:`OWN_FIELDS` are the viewer's own; every other is everyone's alike.
    ``stock_cards`` is the part of the stock Scoperta shows, top first (the face-up trump
    apart); ``signals`` the signals this viewer has seen; ``seen`` its partners' hands, by
    seat, once an open table shows them (empty when it sees none).
    """

    seat: int | None
    players: int
    dealer: int
    commitment: str
    trump: str
    face_up: str | None
    stock: int
    stock_cards: tuple[str, ...] = field(default=(), kw_only=True)
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
    signals: tuple[SignalView, ...] = field(default=(), kw_only=True)
    seen: tuple[tuple[str, ...], ...] = field(default=(), kw_only=True)
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


#: The fields of a :class:`HandView` that are one viewer's own, in the order of the fields:
#: an encoder may encode everyone's view once with a hole in each (:func:`template`) and put
#: each viewer's values (:func:`own`) in them. At a table without partner talk the signals
#: and the partners' hands are nobody's (always empty), so only :data:`QUIET_OWN_FIELDS` are.
OWN_FIELDS = ("seat", "hand", "legal", "can_swap", "signals", "seen")
QUIET_OWN_FIELDS = OWN_FIELDS[:4]

#: What only one viewer sees of a hand: its cards, those it may play now, whether it may swap
#: the 7 now and, at a table of partner talk, the signals it has seen and its partners' cards
#: shown to it, by seat.
Own = (
    tuple[tuple[str, ...], tuple[str, ...], bool]
    | tuple[
        tuple[str, ...],
        tuple[str, ...],
        bool,
        tuple["SignalView", ...],
        tuple[tuple[str, ...], ...],
    ]
)
_QUIET_NOTHING: Own = ((), (), False)
_NO_COMM = PartnerComm.NONE
_NONE_SEEN: tuple[tuple[()], tuple[()]] = ((), ())


def own_fields(rules: HandRules) -> tuple[str, ...]:
    """The fields of a hand's view under ``rules`` that are one viewer's own, in order."""
    return QUIET_OWN_FIELDS if rules.partner_comm is _NO_COMM else OWN_FIELDS


def view(state: HandState, viewer: int | None) -> HandView:
    """Project a hand for ``viewer``: a seat index, or ``None`` for a spectator.

    What every viewer sees alike is worked out once per state and kept with it; a viewer's
    view adds what :func:`own` gives it.

    :raises RuleError: ``invalid_seat`` if ``viewer`` is neither a seat nor ``None``.
    """
    mine = own(state, viewer)
    if len(mine) == 3:
        mine += _NONE_SEEN
    return _assemble(_cached(state), viewer, mine)


def template(state: HandState, hole: Any) -> HandView:
    """Everyone's view of a hand with ``hole`` in each of its :func:`own_fields`."""
    rest = _NONE_SEEN if state.rules.partner_comm is _NO_COMM else (hole, hole)
    return _assemble(_cached(state), hole, (hole, hole, hole, *rest))


def _cached(state: HandState) -> _Shared:
    """What every viewer of ``state`` sees alike: worked out once per state and kept with it."""
    cached: _Shared | None = state._shared
    if cached is None:
        cached = _shared(state)
        object.__setattr__(state, "_shared", cached)
    return cached


def own(state: HandState, viewer: int | None) -> Own:
    """What only ``viewer`` sees of a hand, for its :func:`own_fields` but the seat (see
    :data:`Own`); a spectator sees no cards of its own and, once the hand is over at a table
    of signals, every signal.

    :raises RuleError: ``invalid_seat`` if ``viewer`` is neither a seat nor ``None``.
    """
    rules = state.rules
    comm = rules.partner_comm
    if viewer is None:
        if comm is _NO_COMM:
            return _QUIET_NOTHING
        return (), (), False, _signals(state, None) if state._over else (), ()
    n = rules.players
    if not 0 <= viewer < n:
        raise RuleError(ErrorCode.INVALID_SEAT, f"there is no seat {viewer} at a table of {n}")
    hand = tuple([card.code for card in state.hands[viewer]])
    if state._turn != viewer:
        legal: tuple[str, ...] = ()
        swap = False
    else:
        legal = hand
        swap = (
            rules.swap_seven
            and not state.trick
            and bool(state.stock)
            and swap_refusal(state, viewer) is None
        )
    if comm is _NO_COMM:
        return hand, legal, swap
    seen: tuple[tuple[str, ...], ...] = ()
    if comm is PartnerComm.OPEN and not state.stock and not state._over:
        seen = _partners_hands(state, viewer)
    return hand, legal, swap, _signals(state, viewer), seen


def _signals(state: HandState, viewer: int | None) -> tuple[SignalView, ...]:
    """The signals ``viewer`` has seen: its own, its partners' and those it caught while the
    hand is on; every one, with who caught it, once it is over."""
    n = state.rules.players
    over = state._over
    side = None if viewer is None else side_of(viewer, n)
    seen = []
    plays = 0
    for logged in state.log:
        if logged.type is ActionType.PLAY:
            plays += 1
        elif logged.type is ActionType.SIGNAL and logged.signal is not None:
            if over:
                seen.append(SignalView(logged.seat, logged.signal.value, plays // n, logged.caught))
            elif side_of(logged.seat, n) == side or viewer in logged.caught:
                seen.append(SignalView(logged.seat, logged.signal.value, plays // n))
    return tuple(seen)


def _partners_hands(state: HandState, viewer: int) -> tuple[tuple[str, ...], ...]:
    n = state.rules.players
    side = side_of(viewer, n)
    return tuple(
        tuple([card.code for card in hand]) if seat != viewer and side_of(seat, n) == side else ()
        for seat, hand in enumerate(state.hands)
    )


#: What every viewer of a state sees alike: the values of HandView's fields but those of
#: OWN_FIELDS, in the order of the fields.
_Shared = tuple[
    int,
    int,
    str,
    str,
    str | None,
    int,
    tuple[str, ...],
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
    rules = state.rules
    n = rules.players
    public = state.public
    stock = state.stock
    tricks = state.tricks
    last = tricks[-1] if tricks else None
    points = result = seed = None
    if state._over:
        outcome = hand_result(state)
        points, result, seed = outcome.points, outcome.result_code, state.seed.hex()
    open_hands = rules.game is GameName.SCOPERTA
    if open_hands:
        shown = tuple(tuple([card.code for card in hand]) for hand in state.hands)
    elif public:
        shown = tuple(_codes(hand, public) for hand in state.hands)
    else:
        shown = _NO_PUBLIC[n]
    return (
        n,
        state.dealer,
        state.commitment,
        _SUIT_CODES[state.trump],
        stock[-1].code if stock else None,
        len(stock),
        _stock_cards(state) if open_hands else (),
        tuple(map(len, state.hands)),
        shown,
        _trick_view(state.leader, state.trick, None),
        _trick_view(last.leader, last.cards, last.winner) if last is not None else None,
        state._turn,
        _taken(state.captured, n),
        len(tricks),
        tuple([trick.winner for trick in tricks]),
        _swaps(state) if rules.swap_seven else (),
        state._over,
        points,
        result,
        seed,
        state.resigned,
    )


def _taken(captured: tuple[tuple[Card, ...], ...], n: int) -> tuple[int, ...]:
    """How many cards each side has taken (the piles are kept by seat)."""
    if side_count(n) == n:
        return tuple(map(len, captured))
    if n == 4:  # the common table, the fast way
        return (len(captured[0]) + len(captured[2]), len(captured[1]) + len(captured[3]))
    taken = [0] * side_count(n)
    for seat, pile in enumerate(captured):
        taken[side_of(seat, n)] += len(pile)
    return tuple(taken)


def _stock_cards(state: HandState) -> tuple[str, ...]:
    """The face-down stock as Scoperta shows it, top first: all of it, the next card, or
    nothing."""
    shown = state.rules.stock
    below = state.stock[:-1]
    if shown is StockShown.ALL:
        return tuple([card.code for card in below])
    if shown is StockShown.TOP and below:
        return (below[0].code,)
    return ()


_ViewShell = shell_of(HandView)
_TrickShell = shell_of(TrickView)
_SUIT_CODES = tuple(suit.code for suit in Suit)
_NO_PUBLIC = {n: ((),) * n for n in PLAYER_COUNTS}


def _assemble(shared: _Shared, seat: int | None, mine: tuple[Any, ...]) -> HandView:
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
        v.stock_cards,
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
    v.hand, v.legal, v.can_swap, v.signals, v.seen = mine
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


def match_own_fields(match: MatchState) -> tuple[str, ...]:
    """:func:`own_fields` of a match's hands."""
    return QUIET_OWN_FIELDS if match.rules.partner_comm is _NO_COMM else OWN_FIELDS


def match_owner(match: MatchState) -> Callable[[int | None], Own]:
    """:func:`own` for the hand of a match (a match with a hand), bound to it: one C call a
    recipient, with no Python frame between."""
    assert match.hand is not None
    return partial(own, match.hand)


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

assert tuple(f.name for f in fields(HandView) if f.name in OWN_FIELDS) == OWN_FIELDS
