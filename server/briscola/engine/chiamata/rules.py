"""A Chiamata deal's rules: the deal, the auction, the call, the play. Values in, values
out; a refused action raises :class:`RuleError` with its stable code and changes nothing.

>>> deal = start_deal(ChiamataRules(), dealer=0, seed=bytes(32))
>>> deal.phase.value, deal.turn, len(deal.hands[1])
('auction', 1, 8)
>>> deal = apply(deal, Bid(1, Rank.KING, 61))
>>> [bid.rank.code for bid in legal(deal, 2)[:3]], legal(deal, 2)[-1]
(['N', 'J', '7'], Pass(seat=2))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..actions import PlayCard, Resign
from ..cards import DECK, Card, Rank, Suit, trick_winner_offset
from ..deal import commitment, shuffled_deck
from ..errors import ErrorCode, RuleError
from ..phase import Phase
from ..state import build_trick
from .actions import Bid, Call, ChiamataAction, Pass, Speech
from .bids import TOP, TWO, bid_at, ladder, level
from .options import PLAYERS, TRICKS, Auction, ChiamataRules
from .scoring import DealResult, score
from .state import DealState, evolve

_SEATS = range(PLAYERS)
#: Every action value the engine hands out, made once: ``_BIDS[auction][seat][level]``,
#: ``_CALLS[seat][card.index]``, ``_PLAYS[seat][card.index]``.
_BIDS: Final = {
    auction: tuple(
        tuple(Bid(seat, rank, target) for rank, target in ladder(auction)) for seat in _SEATS
    )
    for auction in Auction
}
_PASSES: Final = tuple(Pass(seat) for seat in _SEATS)
_CALLS: Final = tuple(tuple(Call(seat, card) for card in DECK) for seat in _SEATS)
_PLAYS: Final = tuple(tuple(PlayCard(seat, card) for card in DECK) for seat in _SEATS)
_NOBODY_PASSED: Final = (False,) * PLAYERS


def start_deal(rules: ChiamataRules, dealer: int, seed: bytes) -> DealState:
    """Deal from ``seed`` as docs/FAIRPLAY.md says, ``dealer`` dealing: the whole deck, one
    card at a time from the eldest hand (the seat after the dealer) round the table, eight
    times round. The eldest hand speaks first.

    :raises ValueError: for a dealer who is not a seat.
    """
    if not 0 <= dealer < PLAYERS:
        raise ValueError(f"dealer {dealer} is not a seat of {PLAYERS}")
    deck = shuffled_deck(seed, PLAYERS)
    eldest = (dealer + 1) % PLAYERS
    by_order = [deck[position::PLAYERS] for position in _SEATS]
    hands = tuple(by_order[(seat - eldest) % PLAYERS] for seat in _SEATS)
    return DealState(
        rules, dealer, seed, commitment(seed), hands, Phase.AUCTION, eldest, leader=eldest
    )


def high_level(deal: DealState) -> int:
    """The high bid's level on the ladder, -1 before the first bid."""
    high = deal.high
    if high is None:
        return -1
    at = level(deal.rules.auction, high.rank, high.target)
    assert at is not None
    return at


def open_levels(deal: DealState, seat: int) -> list[int]:
    """The levels ``seat`` may bid now if it is its turn: above the high bid; a 2 at more
    than 61 only once the high bid is a 2; and, where a caller may not call their own
    card, no rank whose four cards ``seat`` holds (it could call none)."""
    auction = deal.rules.auction
    high = high_level(deal)
    top = TOP[auction] if auction is Auction.POINTS or high >= TWO else TWO
    levels = list(range(high + 1, top + 1))
    if deal.rules.self_call or auction is Auction.POINTS:
        return levels
    full = _full_ranks(deal.hands[seat])
    return [at for at in levels if bid_at(auction, at)[0] not in full] if full else levels


def _full_ranks(hand: tuple[Card, ...]) -> set[Rank]:
    counts = [0] * len(Rank)
    for card in hand:
        counts[card.rank] += 1
    return {Rank(rank) for rank, count in enumerate(counts) if count == len(Suit)}


def callable_cards(deal: DealState) -> list[Card]:
    """The cards the caller may call: of the contract's rank in the rank auction, any card
    in the points auction; none of their own where the table forbids calling oneself."""
    high = deal.high
    if deal.phase is not Phase.CALL or high is None:
        return []
    rank = high.rank
    cards = list(DECK) if rank is None else [Card.of(rank, suit) for suit in Suit]
    if deal.rules.self_call:
        return cards
    own = deal.hands[high.seat]
    return [card for card in cards if card not in own]


def legal(deal: DealState, seat: int) -> list[ChiamataAction]:
    """Every action ``seat`` may take now: in the auction every bid it may make, then the
    pass; in the call every card it may call; in the play every card of its hand. Empty
    when it is not its turn. Resigning is always allowed while the deal is on and is not
    listed."""
    if deal.turn != seat:
        return []
    return _LEGAL[deal.phase](deal, seat)


def _legal_speeches(deal: DealState, seat: int) -> list[ChiamataAction]:
    bids = _BIDS[deal.rules.auction][seat]
    return [*(bids[at] for at in open_levels(deal, seat)), _PASSES[seat]]


def _legal_calls(deal: DealState, seat: int) -> list[ChiamataAction]:
    calls = _CALLS[seat]
    return [calls[card.index] for card in callable_cards(deal)]


def _legal_plays(deal: DealState, seat: int) -> list[ChiamataAction]:
    plays = _PLAYS[seat]
    return [plays[card.index] for card in deal.hands[seat]]


def _nothing(deal: DealState, seat: int) -> list[ChiamataAction]:
    return []


_LEGAL: Final[dict[Phase, Callable[[DealState, int], list[ChiamataAction]]]] = {
    Phase.AUCTION: _legal_speeches,
    Phase.CALL: _legal_calls,
    Phase.PLAY: _legal_plays,
    Phase.OVER: _nothing,
}


def apply(deal: DealState, action: ChiamataAction) -> DealState:
    """The deal after ``action``.

    :raises RuleError: if the action is not allowed now; ``deal`` is unchanged.
    """
    seat = action.seat
    if not 0 <= seat < PLAYERS:
        raise RuleError(ErrorCode.INVALID_SEAT, f"there is no seat {seat} at a table of {PLAYERS}")
    if deal.phase is Phase.OVER:
        raise RuleError(ErrorCode.HAND_OVER, "the deal is over")
    handler = _APPLY.get(type(action))
    if handler is None:
        raise RuleError(ErrorCode.NOT_THIS_GAME, f"Chiamata has no {type(action).__name__}")
    return handler(deal, action)


def _speaking(deal: DealState, seat: int) -> None:
    """Refuse a bid or a pass that ``seat`` may not make now, whatever it says."""
    if deal.phase is not Phase.AUCTION:
        raise RuleError(ErrorCode.AUCTION_OVER, "the auction is over")
    if deal.passed[seat]:
        raise RuleError(ErrorCode.ALREADY_PASSED, f"seat {seat} has passed: a pass is final")
    if deal.turn != seat:
        raise RuleError(ErrorCode.NOT_YOUR_TURN, f"it is seat {deal.turn}'s turn to speak")


def _bid(deal: DealState, bid: Bid) -> DealState:
    seat = bid.seat
    _speaking(deal, seat)
    auction = deal.rules.auction
    at = level(auction, bid.rank, bid.target)
    if at is None:
        raise RuleError(ErrorCode.BAD_BID, _BID_FORMS[auction])
    high = high_level(deal)
    if at > TWO and auction is Auction.RANK and high < TWO:
        raise RuleError(ErrorCode.BAD_BID, "a 2 is bid at more than 61 only over a 2")
    if at <= high:
        raise RuleError(ErrorCode.BID_TOO_LOW, "a bid must be above the high bid")
    if at not in open_levels(deal, seat):
        raise RuleError(
            ErrorCode.BAD_BID,
            "you hold every card of that rank, and this table does not let a caller call"
            " their own card",
        )
    made = _BIDS[auction][seat][at]
    return _spoken(deal, made, deal.passed, made, at == TOP[auction])


_BID_FORMS: Final = {
    Auction.RANK: "the rank auction bids a rank at 61, or the 2 at 62 to 120",
    Auction.POINTS: "the points auction bids a number of points from 61 to 120, no rank",
}


def _pass(deal: DealState, action: Pass) -> DealState:
    seat = action.seat
    _speaking(deal, seat)
    passed = list(deal.passed)
    passed[seat] = True
    return _spoken(deal, _PASSES[seat], tuple(passed), deal.high, False)


def _spoken(
    deal: DealState, speech: Speech, passed: tuple[bool, ...], high: Bid | None, top: bool
) -> DealState:
    """The deal after a bid or a pass: the auction goes on to the next seat still in, or
    ends — at once on the top bid; once every seat has spoken and at most one is still in.
    With nobody in the deal is void."""
    auction = (*deal.auction, speech)
    if top or (len(auction) >= PLAYERS and passed.count(False) <= 1):
        if high is None:
            return evolve(deal, auction=auction, passed=passed, phase=Phase.OVER, turn=None)
        return evolve(
            deal,
            auction=auction,
            passed=passed,
            high=high,
            phase=Phase.CALL,
            turn=high.seat,
            caller=high.seat,
        )
    turn = (speech.seat + 1) % PLAYERS
    while passed[turn]:
        turn = (turn + 1) % PLAYERS
    return evolve(deal, auction=auction, passed=passed, high=high, turn=turn)


def call_refusal(deal: DealState, card: Card) -> str | None:
    """Why the caller may not call ``card``, in words; ``None`` when they may."""
    high = deal.high
    assert high is not None
    if high.rank is not None and card.rank is not high.rank:
        return f"the called card is of the contract's rank, {high.rank.code}"
    if not deal.rules.self_call and card in deal.hands[high.seat]:
        return "this table does not let a caller call a card of their own hand"
    return None


def _call(deal: DealState, call: Call) -> DealState:
    if deal.phase is not Phase.CALL:
        why = "the auction is not over" if deal.phase is Phase.AUCTION else "the card is called"
        raise RuleError(ErrorCode.NO_CALL_NOW, f"no call now: {why}")
    if call.seat != deal.caller:
        raise RuleError(ErrorCode.NOT_CALLER, f"seat {deal.caller} won the auction and calls")
    card = call.card
    refusal = call_refusal(deal, card)
    if refusal is not None:
        raise RuleError(ErrorCode.CALL_NOT_ALLOWED, refusal)
    holder = next(seat for seat in _SEATS if card in deal.hands[seat])
    eldest = (deal.dealer + 1) % PLAYERS
    return evolve(deal, phase=Phase.PLAY, turn=eldest, called=card, partner=holder, leader=eldest)


def _play(deal: DealState, play: PlayCard) -> DealState:
    if deal.phase is not Phase.PLAY:
        raise RuleError(ErrorCode.PLAY_NOT_STARTED, f"no card is played during the {deal.phase}")
    seat, card = play.seat, play.card
    if deal.turn != seat:
        raise RuleError(ErrorCode.NOT_YOUR_TURN, f"it is seat {deal.turn}'s turn, not {seat}'s")
    hand = deal.hands[seat]
    if card not in hand:
        raise RuleError(ErrorCode.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card!s}")
    hands = list(deal.hands)
    hands[seat] = tuple(c for c in hand if c is not card)
    trick = (*deal.trick, card)
    revealed = deal.revealed or card is deal.called
    if len(trick) < PLAYERS:
        return evolve(
            deal, hands=tuple(hands), trick=trick, turn=(seat + 1) % PLAYERS, revealed=revealed
        )
    trumps = deal.trumps
    assert trumps is not None
    leader = deal.leader
    winner = (leader + trick_winner_offset(trick, trumps)) % PLAYERS
    captured = list(deal.captured)
    captured[winner] = captured[winner] + trick
    tricks = (*deal.tricks, build_trick(leader, trick, winner))
    over = len(tricks) == TRICKS
    return evolve(
        deal,
        hands=tuple(hands),
        phase=Phase.OVER if over else Phase.PLAY,
        turn=None if over else winner,
        leader=winner,
        trick=(),
        tricks=tricks,
        captured=tuple(captured),
        revealed=revealed,
    )


def _resign(deal: DealState, action: Resign) -> DealState:
    return evolve(deal, phase=Phase.OVER, turn=None, resigned=action.seat)


_APPLY: Final[dict[type, Callable[[DealState, Any], DealState]]] = {
    Bid: _bid,
    Pass: _pass,
    Call: _call,
    PlayCard: _play,
    Resign: _resign,
}


def deal_result(deal: DealState) -> DealResult | None:
    """The score of a deal played out; ``None`` for one void, resigned or still on."""
    if deal.resigned is not None or len(deal.tricks) < TRICKS:
        return None
    assert deal.caller is not None and deal.partner is not None and deal.high is not None
    return score(deal.caller, deal.partner, deal.high, deal.captured, deal.rules.cappotto)


def result_code(deal: DealState) -> str:
    """The record's ``result`` for a finished deal: ``"caller"`` or ``"defenders"`` for a
    deal played out, ``"void"`` when everyone passed, ``"resigned"``."""
    if deal.resigned is not None:
        return "resigned"
    result = deal_result(deal)
    return "void" if result is None else result.result_code
