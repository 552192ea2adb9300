"""The rules of a hand: deal, legal actions, apply, result. Values in, values out.

>>> from briscola.engine import start_hand, legal_actions, apply, HandRules
>>> hand = start_hand(HandRules(players=2), dealer=0, seed=bytes(32))
>>> hand.turn
1
>>> [a.card.code for a in legal_actions(hand, 1)]
['NB', 'ND', '6B']
>>> apply(hand, legal_actions(hand, 1)[0]).turn
0
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action, ActionType, LoggedAction, PlayCard, Resign, Signal, SwapSeven
from .cards import DECK, Card, Rank, Suit, trick_winner_offset
from .deal import commitment, shuffled_deck
from .errors import ErrorCode, RuleError
from .signals import SignalCode, catchers
from .state import (
    PLAYER_COUNTS,
    HandResult,
    HandRules,
    HandState,
    PartnerComm,
    advance,
    build_trick,
    side_count,
    side_of,
    total_tricks,
)

_SEVEN_STRENGTH = Rank.SEVEN.strength
_SEATS = range(max(PLAYER_COUNTS))
#: Every action value the engine hands out or logs, made once: ``_PLAYS[seat][card.index]``.
_PLAYS = tuple(tuple(PlayCard(seat, card) for card in DECK) for seat in _SEATS)
_SWAPS = tuple(SwapSeven(seat) for seat in _SEATS)
_PLAYED = tuple(
    tuple(LoggedAction(seat, ActionType.PLAY, card) for card in DECK) for seat in _SEATS
)
_RESIGNED = tuple(LoggedAction(seat, ActionType.RESIGN) for seat in _SEATS)
_SEVENS = tuple(Card.of(Rank.SEVEN, suit) for suit in Suit)
#: Per player count: the side of each seat, and how many tricks make a hand.
_SIDE = {n: tuple(side_of(seat, n) for seat in range(n)) for n in PLAYER_COUNTS}
_TRICKS = {n: total_tricks(n) for n in PLAYER_COUNTS}
#: Per player count and trick winner: who draws, in order (the winner first).
_DRAW_ORDER = {
    n: tuple(tuple((w + k) % n for k in range(n)) for w in range(n)) for n in PLAYER_COUNTS
}
_NO_CAPTURES = {n: ((),) * n for n in PLAYER_COUNTS}
#: Per player count and seat: the seats of the other sides, who may catch its signals.
_OPPONENTS = {
    n: tuple(tuple(o for o in range(n) if _SIDE[n][o] != _SIDE[n][s]) for s in range(n))
    for n in PLAYER_COUNTS
}
_EMPTY: frozenset[Card] = frozenset()


def start_hand(rules: HandRules, dealer: int, seed: bytes) -> HandState:
    """Deal a hand from ``seed`` as docs/FAIRPLAY.md says, ``dealer`` dealing.

    :raises ValueError: for an unsupported player count or a dealer out of range.
    """
    n = rules.players
    if not 0 <= dealer < n:
        raise ValueError(f"dealer {dealer} is not a seat of {n}")
    deck = shuffled_deck(seed, n)
    dealt = 3 * n
    first = (dealer + 1) % n
    # One card at a time from the player after the dealer: that player's cards are at
    # positions 0, n, 2n, the next player's at 1, n + 1, 2n + 1, and so on.
    by_order = [deck[position:dealt:n] for position in range(n)]
    hands = tuple(by_order[(seat - first) % n] for seat in range(n))
    face_up = deck[dealt]
    return HandState(
        rules,
        dealer,
        seed,
        commitment(seed),
        face_up.suit,
        hands,
        (*deck[dealt + 1 :], face_up),
        _EMPTY,
        first,
        (),
        (),
        _NO_CAPTURES[n],
        (),
    )


def can_swap(state: HandState, seat: int) -> bool:
    """Whether ``seat`` may swap the 7 of trumps for the face-up card now."""
    return swap_refusal(state, seat) is None


def swap_refusal(state: HandState, seat: int) -> str | None:
    """Why ``seat`` may not swap the 7 now, in words; ``None`` when it may."""
    if not state.rules.swap_seven:
        return "this table does not play the swap of the 7"
    if state._over:
        return "the hand is over"
    if not state.tricks:
        return "nobody has won a trick yet"
    if state.trick or state.leader != seat:
        return "only the player who has just won a trick may swap, before leading"
    stock = state.stock
    if not stock:
        return "the face-up trump card has been drawn"
    face_up = stock[-1]
    if face_up.strength <= _SEVEN_STRENGTH:
        return f"the face-up card {face_up.code} does not rank above the 7"
    if _SEVENS[state.trump] not in state.hands[seat]:
        return "you do not hold the 7 of trumps"
    return None


def legal_actions(state: HandState, seat: int) -> list[PlayCard | SwapSeven]:
    """Every card ``seat`` may play now, then the swap when it is allowed.

    Resigning is always allowed while the hand is on and is not listed; nor are signals,
    which are not moves (:func:`signal_refusal` says when one may be made).
    """
    if state._turn != seat:
        return []
    plays = _PLAYS[seat]
    actions: list[PlayCard | SwapSeven] = [plays[card.index] for card in state.hands[seat]]
    # The cheap half of swap_refusal first: only a trick's winner, before leading, with
    # the face-up card still under the stock, can be allowed.
    if (
        state.rules.swap_seven
        and state.tricks
        and not state.trick
        and state.stock
        and swap_refusal(state, seat) is None
    ):
        actions.append(_SWAPS[seat])
    return actions


def apply(state: HandState, action: Action) -> HandState:
    """The state after ``action``.

    :raises RuleError: if the action is not legal now; ``state`` is unchanged.
    """
    n = state.rules.players
    seat = action.seat
    if not 0 <= seat < n:
        raise RuleError(ErrorCode.INVALID_SEAT, f"there is no seat {seat} at a table of {n}")
    turn = state._turn
    if turn is None:
        raise RuleError(ErrorCode.HAND_OVER, "the hand is over")
    kind = type(action)
    if kind is Resign:
        return _resign(state, seat)
    if kind is Signal:
        return _signal(state, seat, action.signal)  # type: ignore[union-attr]
    if turn != seat:
        raise RuleError(ErrorCode.NOT_YOUR_TURN, f"it is seat {turn}'s turn, not {seat}'s")
    if kind is PlayCard:
        return _play(state, seat, action.card)  # type: ignore[union-attr]
    if kind is SwapSeven:
        return _swap(state, seat)
    raise RuleError(ErrorCode.NOT_THIS_GAME, f"this game has no {type(action).__name__}")


def _resign(state: HandState, seat: int) -> HandState:
    return _logged(state, _RESIGNED[seat], seat, None)


def _logged(
    state: HandState, entry: LoggedAction, resigned: int | None, turn: int | None
) -> HandState:
    """``state`` with ``entry`` logged and nothing on the table changed."""
    return advance(
        state,
        state.hands,
        state.stock,
        state.public,
        state.leader,
        state.trick,
        state.tricks,
        state.captured,
        (*state.log, entry),
        resigned,
        turn,
    )


def signal_refusal(state: HandState, seat: int) -> str | None:
    """Why ``seat`` may not signal now, in words; ``None`` when it may: at a table of
    signals, from the end of the first trick to the end of the hand, once per trick."""
    if state.rules.partner_comm is PartnerComm.NONE:
        return "this table plays the no-signals rule"
    if state._over:
        return "the hand is over"
    if not state.tricks:
        return "nothing may pass between partners until the first trick is complete"
    in_trick = len(state.trick)
    plays = 0
    for logged in reversed(state.log):
        if logged.type is ActionType.PLAY:
            if plays == in_trick:
                break
            plays += 1
        elif logged.type is ActionType.SIGNAL and logged.seat == seat:
            return "one signal a trick"
    return None


def _signal(state: HandState, seat: int, code: SignalCode) -> HandState:
    refusal = signal_refusal(state, seat)
    if refusal is not None:
        raise RuleError(ErrorCode.SIGNAL_NOT_ALLOWED, refusal)
    rules = state.rules
    index = sum(1 for logged in state.log if logged.type is ActionType.SIGNAL)
    caught = catchers(state.seed, index, _OPPONENTS[rules.players][seat], rules.catch)
    entry = LoggedAction(seat, ActionType.SIGNAL, signal=code, caught=caught)
    return _logged(state, entry, None, state._turn)


def _swap(state: HandState, seat: int) -> HandState:
    refusal = swap_refusal(state, seat)
    if refusal is not None:
        raise RuleError(ErrorCode.SWAP_NOT_ALLOWED, refusal)
    seven = _SEVENS[state.trump]
    stock = state.stock
    took = stock[-1]
    hands = list(state.hands)
    hands[seat] = tuple(took if card is seven else card for card in hands[seat])
    return advance(
        state,
        tuple(hands),
        (*stock[:-1], seven),
        state.public | {took},
        seat,
        (),
        state.tricks,
        state.captured,
        (*state.log, LoggedAction(seat, ActionType.SWAP, seven, took)),
        None,
        seat,
    )


def _play(state: HandState, seat: int, card: Card) -> HandState:
    rest = list(state.hands[seat])
    try:
        rest.remove(card)
    except ValueError:
        raise RuleError(ErrorCode.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card!s}") from None
    n = state.rules.players
    hands = list(state.hands)
    hands[seat] = tuple(rest)
    public = state.public
    if public and card in public:
        public = public - {card}
    log = (*state.log, _PLAYED[seat][card.index])
    trick = (*state.trick, card)
    if len(trick) < n:
        return advance(
            state,
            tuple(hands),
            state.stock,
            public,
            state.leader,
            trick,
            state.tricks,
            state.captured,
            log,
            None,
            (seat + 1) % n,
        )

    leader = state.leader
    winner = (leader + trick_winner_offset(trick, state.trump)) % n
    captured = list(state.captured)
    captured[winner] = captured[winner] + trick
    stock = state.stock
    if stock:
        for offset, drawer in enumerate(_DRAW_ORDER[n][winner]):
            hands[drawer] = (*hands[drawer], stock[offset])
        if len(stock) == n:  # the last draw: everybody sees who takes the face-up card
            public = public | {stock[-1]}
        stock = stock[n:]
    tricks = (*state.tricks, build_trick(leader, trick, winner))
    return advance(
        state,
        tuple(hands),
        stock,
        public,
        winner,
        (),
        tricks,
        tuple(captured),
        log,
        None,
        None if len(tricks) == _TRICKS[n] else winner,
    )


def hand_result(state: HandState) -> HandResult:
    """Points per side and the winner of a finished hand.

    With two or four players more than 60 wins and 60-60 is a draw; with three the highest
    score wins and a shared top score is a draw. A resigned hand goes to the other side
    (with three players, to the better of the other two, or a draw if they are level).
    """
    n = state.rules.players
    points = [0] * side_count(n)
    for seat, pile in enumerate(state.captured):
        points[_SIDE[n][seat]] += sum(card.points for card in pile)
    return _result(tuple(points), state.resigned, n)


def _result(points: tuple[int, ...], resigned: int | None, players: int) -> HandResult:
    if resigned is not None:
        loser = side_of(resigned, players)
        others = [side for side in range(len(points)) if side != loser]
        return HandResult(points, _top(points, others), resigned=resigned)
    return HandResult(points, _top(points, range(len(points))))


def _top(points: tuple[int, ...], sides: Iterable[int]) -> int | None:
    candidates = list(sides)
    best = max(points[side] for side in candidates)
    leaders = [side for side in candidates if points[side] == best]
    return leaders[0] if len(leaders) == 1 else None
