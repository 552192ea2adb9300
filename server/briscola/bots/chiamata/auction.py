"""The auction and the call as a bot sees them: the bids its view allows, the cards it may
call, and the normal bot's judgement of a contract (:func:`points`) and of what to bid.

The judgement is a guess of the card points the caller's side will take, card by card: each
trump of the hand by its rank, each plain card (the loads a little more: a trump can take
them), and the called card in the partner's hand by its rank (a weak called card is a weak
partner); a caller alone has a table of its own. The values were fitted, by least squares,
to the card points the strong bot's playouts give (the heuristic playing every seat) over
40,000 contracts of 1,000 random hands; the guess is off by about 4 points a contract,
where the contracts themselves spread by 17.
"""

from __future__ import annotations

from typing import Final

from briscola.engine import DECK, Card, DealView, Rank, Suit
from briscola.engine.chiamata import Auction, Bid, Call, Pass

from ..sim import cards_of
from .seen import auction_of, bits

#: The card points a card brings the caller's side, per canonical rank (A 2 3 4 5 6 7 J N
#: K): as a trump in the caller's hand, as a plain card there, and as the called card in
#: the partner's; and what the side takes besides.
TRUMP_VALUE: Final = (33, 5, 21, 5, 5, 6, 6, 8, 10, 14)
PLAIN_VALUE: Final = (4, 3, 4, 2, 2, 2, 2, 2, 2, 3)
CALLED_VALUE: Final = (28, -6, 12, -5, -5, -4, -4, -2, 1, 4)
BASE: Final = 18
#: The same for a caller alone, one against four: its plain cards take it next to nothing.
ALONE_TRUMP_VALUE: Final = (43, -1, 24, 1, 2, 2, 4, 6, 9, 14)
ALONE_PLAIN_VALUE: Final = -1
ALONE_BASE: Final = 11
#: How many points above its target the normal bot wants its guess to be before it bids;
#: alone (twice the stake, and a guess less sure) it wants more.
MARGIN: Final = 2
MARGIN_ALONE: Final = 8
_RANKS: Final = {rank.code: rank for rank in Rank}


def open_bids(view: DealView) -> list[Bid]:
    """The bids ``view.seat`` may make now, lowest first (empty when it may only pass)."""
    seat = view.seat
    assert seat is not None
    options = view.bids
    found = [Bid(seat, _RANKS[code], 61) for code in options.ranks]
    if options.targets is not None:
        low, high = options.targets
        rank = Rank.TWO if auction_of(view) is Auction.RANK else None
        found += [Bid(seat, rank, target) for target in range(low, high + 1)]
    return found


def callable_cards(view: DealView) -> list[Card]:
    """The cards the caller may call now."""
    return [Card.from_code(code) for code in view.calls]


def points(hand: int, trump: Suit, called: Card | None) -> int:
    """The guess of the card points the caller's side takes with ``hand`` (a bit set),
    ``trump`` as trumps and ``called`` in a partner's hand (``None``: the caller holds it
    and plays alone)."""
    cards = [DECK[index] for index in cards_of(hand)]
    if called is None:
        trumps = [card for card in cards if card.suit is trump]
        plain = len(cards) - len(trumps)
        return (
            ALONE_BASE + plain * ALONE_PLAIN_VALUE + sum(ALONE_TRUMP_VALUE[c.rank] for c in trumps)
        )
    total = BASE + CALLED_VALUE[called.rank]
    for card in cards:
        total += (TRUMP_VALUE if card.suit is trump else PLAIN_VALUE)[card.rank]
    return total


def best_call(hand: int, cards: list[Card]) -> tuple[Card, int]:
    """Of ``cards`` (which might be called), the one whose contract is guessed best, and its
    guess less the margin the normal bot wants (the first among equals)."""
    best = cards[0]
    best_points = -1
    for card in cards:
        alone = hand >> card.index & 1 == 1
        value = points(hand, card.suit, None if alone else card)
        value -= MARGIN_ALONE if alone else MARGIN
        if value > best_points:
            best, best_points = card, value
    return best, best_points


def bid_cards(bid: Bid, hand: int, self_call: bool) -> list[Card]:
    """The cards a caller could call after winning with ``bid``: its rank in each suit (in
    the points auction, any card), none of its own hand unless ``self_call``."""
    cards = list(DECK) if bid.rank is None else [Card.of(bid.rank, suit) for suit in Suit]
    return [card for card in cards if self_call or not hand >> card.index & 1]


def normal_speech(view: DealView, self_call: bool) -> Bid | Pass:
    """The normal bot's bid: the lowest it may make whose best call is guessed to make the
    contract with its margin to spare, else a pass."""
    seat = view.seat
    assert seat is not None
    hand = bits(view.hand)
    for bid in open_bids(view):
        cards = bid_cards(bid, hand, self_call)
        if cards and best_call(hand, cards)[1] >= bid.target:
            return bid
    return Pass(seat)


def normal_call(view: DealView) -> Call:
    """The normal bot's call: the card of those it may call whose contract is guessed best."""
    seat = view.seat
    assert seat is not None
    card, _ = best_call(bits(view.hand), callable_cards(view))
    return Call(seat, card)
