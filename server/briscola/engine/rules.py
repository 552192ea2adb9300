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

from .actions import Action, ActionType, LoggedAction, PlayCard, Resign, SwapSeven
from .cards import Card, Rank, trick_winner_offset
from .deal import commitment, shuffled_deck
from .errors import ErrorCode, RuleError
from .state import (
    PLAYER_COUNTS,
    HandResult,
    HandRules,
    HandState,
    TrickRecord,
    side_count,
    side_of,
)

_SEVEN_STRENGTH = Rank.SEVEN.strength


def start_hand(rules: HandRules, dealer: int, seed: bytes) -> HandState:
    """Deal a hand from ``seed`` as FAIRPLAY.md says, ``dealer`` dealing.

    :raises ValueError: for an unsupported player count or a dealer out of range.
    """
    n = rules.players
    if n not in PLAYER_COUNTS:
        raise ValueError(f"Briscola is played by 2, 3 or 4, not {n}")
    if not 0 <= dealer < n:
        raise ValueError(f"dealer {dealer} is not a seat of {n}")
    deck = shuffled_deck(seed, n)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for position in range(3 * n):
        hands[(dealer + 1 + position) % n].append(deck[position])
    face_up = deck[3 * n]
    return HandState(
        rules=rules,
        dealer=dealer,
        seed=seed,
        commitment=commitment(seed),
        trump=face_up.suit,
        hands=tuple(tuple(hand) for hand in hands),
        stock=(*deck[3 * n + 1 :], face_up),
        public=frozenset(),
        leader=(dealer + 1) % n,
        trick=(),
        tricks=(),
        captured=((),) * side_count(n),
        log=(),
    )


def can_swap(state: HandState, seat: int) -> bool:
    """Whether ``seat`` may swap the 7 of trumps for the face-up card now."""
    return swap_refusal(state, seat) is None


def swap_refusal(state: HandState, seat: int) -> str | None:
    """Why ``seat`` may not swap the 7 now, in words; ``None`` when it may."""
    if not state.rules.swap_seven:
        return "this table does not play the swap of the 7"
    if state.over:
        return "the hand is over"
    if not state.tricks:
        return "nobody has won a trick yet"
    if state.trick or state.leader != seat:
        return "only the player who has just won a trick may swap, before leading"
    face_up = state.face_up
    if face_up is None:
        return "the face-up trump card has been drawn"
    if face_up.strength <= _SEVEN_STRENGTH:
        return f"the face-up card {face_up.code} does not rank above the 7"
    if Card.of(Rank.SEVEN, state.trump) not in state.hands[seat]:
        return "you do not hold the 7 of trumps"
    return None


def legal_actions(state: HandState, seat: int) -> list[PlayCard | SwapSeven]:
    """Every card ``seat`` may play now, then the swap when it is allowed.

    Resigning is always allowed while the hand is on and is not listed.
    """
    if state.turn != seat:
        return []
    actions: list[PlayCard | SwapSeven] = [PlayCard(seat, card) for card in state.hands[seat]]
    if state.rules.swap_seven and swap_refusal(state, seat) is None:
        actions.append(SwapSeven(seat))
    return actions


def apply(state: HandState, action: Action) -> HandState:
    """The state after ``action``.

    :raises RuleError: if the action is not legal now; ``state`` is unchanged.
    """
    n = state.rules.players
    seat = action.seat
    if not 0 <= seat < n:
        raise RuleError(ErrorCode.INVALID_SEAT, f"there is no seat {seat} at a table of {n}")
    if state.over:
        raise RuleError(ErrorCode.HAND_OVER, "the hand is over")
    if type(action) is Resign:
        return _replace(
            state, resigned=seat, log=(*state.log, LoggedAction(seat, ActionType.RESIGN))
        )
    if (state.leader + len(state.trick)) % n != seat:
        raise RuleError(ErrorCode.NOT_YOUR_TURN, f"it is seat {state.turn}'s turn, not {seat}'s")
    if type(action) is SwapSeven:
        return _swap(state, seat)
    assert type(action) is PlayCard
    return _play(state, seat, action.card)


def _swap(state: HandState, seat: int) -> HandState:
    refusal = swap_refusal(state, seat)
    if refusal is not None:
        raise RuleError(ErrorCode.SWAP_NOT_ALLOWED, refusal)
    seven = Card.of(Rank.SEVEN, state.trump)
    took = state.stock[-1]
    hands = list(state.hands)
    hands[seat] = tuple(took if card is seven else card for card in hands[seat])
    return _replace(
        state,
        hands=tuple(hands),
        stock=(*state.stock[:-1], seven),
        public=state.public | {took},
        log=(*state.log, LoggedAction(seat, ActionType.SWAP, seven, took)),
    )


def _play(state: HandState, seat: int, card: Card) -> HandState:
    hand = state.hands[seat]
    if card not in hand:
        raise RuleError(ErrorCode.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card.code}")
    n = state.rules.players
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hand if c is not card)
    public = state.public - {card} if card in state.public else state.public
    log = (*state.log, LoggedAction(seat, ActionType.PLAY, card))
    trick = (*state.trick, card)
    if len(trick) < n:
        return _replace(state, hands=tuple(hands), public=public, trick=trick, log=log)

    leader = state.leader
    winner = (leader + trick_winner_offset(trick, state.trump)) % n
    captured = list(state.captured)
    side = side_of(winner, n)
    captured[side] = captured[side] + trick
    stock = state.stock
    if stock:
        for offset in range(n):
            drawer = (winner + offset) % n
            hands[drawer] = (*hands[drawer], stock[offset])
        if len(stock) == n:
            public = public | {stock[-1]}
        stock = stock[n:]
    return _replace(
        state,
        hands=tuple(hands),
        stock=stock,
        public=public,
        leader=winner,
        trick=(),
        tricks=(*state.tricks, TrickRecord(leader, trick, winner)),
        captured=tuple(captured),
        log=log,
    )


def hand_result(state: HandState) -> HandResult:
    """Points per side and the winner of a finished hand.

    With two or four players more than 60 wins and 60-60 is a draw; with three the highest
    score wins and a shared top score is a draw. A resigned hand goes to the other side
    (with three players, to the better of the other two, or a draw if they are level).
    """
    points = tuple(sum(card.points for card in pile) for pile in state.captured)
    if state.resigned is not None:
        loser = side_of(state.resigned, state.rules.players)
        others = [side for side in range(len(points)) if side != loser]
        return HandResult(points, _top(points, others), resigned=state.resigned)
    return HandResult(points, _top(points, range(len(points))))


def _top(points: tuple[int, ...], sides: Iterable[int]) -> int | None:
    candidates = list(sides)
    best = max(points[side] for side in candidates)
    leaders = [side for side in candidates if points[side] == best]
    return leaders[0] if len(leaders) == 1 else None


def _replace(state: HandState, **changes: object) -> HandState:
    fields = {name: getattr(state, name) for name in _FIELDS}
    fields.update(changes)
    return HandState(**fields)


_FIELDS = tuple(HandState.__dataclass_fields__)
