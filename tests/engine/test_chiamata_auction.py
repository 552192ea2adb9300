"""Briscola Chiamata's deal, auction and call: every rule, and every refusal with its code."""

from __future__ import annotations

from chiamata_support import a_deal, a_match, holding, refuse, speak
from engine_helpers import seed_of

from briscola.engine import DECK, Card, ErrorCode, PlayCard, Rank, Suit, shuffled_deck
from briscola.engine.chiamata import (
    PLAYERS,
    Auction,
    Bid,
    BidOptions,
    Call,
    ChiamataRules,
    Pass,
    apply,
    apply_action,
    bid_options,
    deal,
    legal,
    start_deal,
)
from briscola.engine.phase import Phase

POINTS = ChiamataRules(Auction.POINTS)
NO_SELF = ChiamataRules(self_call=False)
A, THREE, KING, KNIGHT, TWO = Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT, Rank.TWO


def test_eight_cards_each_in_turn_from_the_eldest_hand() -> None:
    """All 40 cards are dealt, one at a time from the seat after the dealer, eight times
    round; nothing is left over, no card is turned up."""
    for dealer in range(PLAYERS):
        seed = seed_of(("deal", dealer))
        dealt = start_deal(ChiamataRules(), dealer, seed)
        deck = shuffled_deck(seed, PLAYERS)
        eldest = (dealer + 1) % PLAYERS
        for seat, hand in enumerate(dealt.hands):
            offset = (seat - eldest) % PLAYERS
            assert hand == tuple(deck[offset + PLAYERS * k] for k in range(8))
        assert sorted(card.index for hand in dealt.hands for card in hand) == list(range(40))
        assert (dealt.phase, dealt.turn, dealt.leader) == (Phase.AUCTION, eldest, eldest)


def test_the_eldest_hand_speaks_first_then_seat_order_skipping_who_passed() -> None:
    deal0 = a_deal("order", dealer=3)
    assert deal0.turn == 4
    after = speak(deal0, (A, 61), None, (THREE, 61), None, (KING, 61))
    assert [s.seat for s in after.auction] == [4, 0, 1, 2, 3]
    assert after.passed == (True, False, True, False, False)
    assert after.turn == 4  # seats 0 and 2 passed: 4, then 1, then 3
    after = speak(after, (KNIGHT, 61))
    assert after.turn == 1
    after = speak(after, None)
    assert after.turn == 3


def test_a_pass_is_final() -> None:
    """A seat that passed may neither bid nor pass again: already_passed, whoever's turn."""
    passed = speak(a_deal("final"), None)  # seat 1 passes; seat 2 to speak
    refuse(passed, Bid(1, A, 61), ErrorCode.ALREADY_PASSED)
    refuse(passed, Pass(1), ErrorCode.ALREADY_PASSED)
    assert legal(passed, 1) == []
    won = speak(passed, (A, 61), None, None, None)  # seat 2 bids, the rest pass
    assert (won.phase, won.caller) == (Phase.CALL, 2)


def test_out_of_turn_speech_is_refused() -> None:
    start = a_deal("turn")
    refuse(start, Bid(2, A, 61), ErrorCode.NOT_YOUR_TURN)
    refuse(start, Pass(3), ErrorCode.NOT_YOUR_TURN)
    assert legal(start, 2) == []


def test_a_better_bid_names_a_weaker_rank() -> None:
    """Ace is the lowest bid, then 3, King, Knight, Jack, 7, 6, 5, 4, 2: a bid not above
    the high bid is bid_too_low."""
    ladder = [A, THREE, KING, KNIGHT, Rank.JACK, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, TWO]
    start = a_deal("ladder")
    first = [bid.rank for bid in legal(start, 1) if type(bid) is Bid]
    assert first == ladder
    high = speak(start, (KING, 61))
    refuse(high, Bid(2, KING, 61), ErrorCode.BID_TOO_LOW)
    refuse(high, Bid(2, A, 61), ErrorCode.BID_TOO_LOW)
    refuse(high, Bid(2, THREE, 61), ErrorCode.BID_TOO_LOW)
    assert [bid.rank for bid in legal(high, 2) if type(bid) is Bid] == ladder[3:]
    assert speak(high, (KNIGHT, 61)).high == Bid(2, KNIGHT, 61)


def test_the_two_at_a_target() -> None:
    """Once the high bid is a 2 (a plain 2 counts as 61) bids are the 2 at a higher
    target, up to 120; before it, a 2 above 61 is a bid of the wrong form."""
    start = a_deal("two")
    refuse(start, Bid(1, TWO, 62), ErrorCode.BAD_BID)
    refuse(speak(start, (KING, 61)), Bid(2, TWO, 70), ErrorCode.BAD_BID)
    two = speak(start, (TWO, 61))
    refuse(two, Bid(2, TWO, 61), ErrorCode.BID_TOO_LOW)
    refuse(two, Bid(2, Rank.FOUR, 61), ErrorCode.BID_TOO_LOW)
    bids = [bid for bid in legal(two, 2) if type(bid) is Bid]
    assert [bid.target for bid in bids] == list(range(62, 121))
    assert {bid.rank for bid in bids} == {TWO}
    at_80 = speak(two, (TWO, 80))
    refuse(at_80, Bid(3, TWO, 80), ErrorCode.BID_TOO_LOW)
    refuse(at_80, Bid(3, TWO, 79), ErrorCode.BID_TOO_LOW)
    assert speak(at_80, (TWO, 81)).high == Bid(3, TWO, 81)
    assert bid_options(at_80, 3) == BidOptions((), (81, 120))


def test_bids_of_the_wrong_form() -> None:
    """A bid the auction does not have: bad_bid."""
    start = a_deal("form")
    for wrong in [Bid(1, None, 61), Bid(1, KING, 70), Bid(1, A, 60), Bid(1, TWO, 121)]:
        refuse(start, wrong, ErrorCode.BAD_BID)
    points = a_deal("form", POINTS)
    for wrong in [Bid(1, A, 61), Bid(1, None, 60), Bid(1, None, 121), Bid(1, TWO, 80)]:
        refuse(points, wrong, ErrorCode.BAD_BID)


def test_the_points_auction() -> None:
    """Numbers from 61 to 120, each above the last; 120 ends the auction at once."""
    start = a_deal("points", POINTS)
    assert [bid.target for bid in legal(start, 1) if type(bid) is Bid] == list(range(61, 121))
    assert bid_options(start, 1) == BidOptions((), (61, 120))
    high = speak(start, (None, 75))
    refuse(high, Bid(2, None, 75), ErrorCode.BID_TOO_LOW)
    refuse(high, Bid(2, None, 70), ErrorCode.BID_TOO_LOW)
    assert bid_options(high, 2) == BidOptions((), (76, 120))
    top = speak(high, (None, 120))
    assert (top.phase, top.caller, top.turn) == (Phase.CALL, 2, 2)
    assert len(top.auction) == 2  # seats 3, 4 and 0 never spoke


def test_the_two_at_120_ends_the_auction_at_once() -> None:
    top = speak(a_deal("top"), (TWO, 61), (TWO, 120))
    assert (top.phase, top.caller, top.high) == (Phase.CALL, 2, Bid(2, TWO, 120))


def test_the_auction_ends_when_everyone_has_spoken_and_one_is_in() -> None:
    one_round = speak(a_deal("end"), (A, 61), None, None, None, None)
    assert (one_round.phase, one_round.caller, one_round.turn) == (Phase.CALL, 1, 1)
    longer = speak(a_deal("end"), (A, 61), (THREE, 61), None, None, None)
    assert longer.phase is Phase.AUCTION and longer.turn == 1  # two still in
    longer = speak(longer, (KING, 61), None)
    assert (longer.phase, longer.caller, longer.high) == (Phase.CALL, 1, Bid(1, KING, 61))


def test_after_four_passes_the_fifth_still_speaks() -> None:
    four = speak(a_deal("four"), None, None, None, None)
    assert four.phase is Phase.AUCTION and four.turn == 0
    assert bid_options(four, 0).ranks[0] == "A"
    bid = speak(four, (A, 61))
    assert (bid.phase, bid.caller) == (Phase.CALL, 0)
    void = speak(four, None)
    assert void.over and void.void and void.turn is None and void.caller is None


def test_a_void_deal_does_not_count_and_its_dealer_deals_again() -> None:
    match = deal(a_match("void"), seed_of("void 1"))
    hand = match.hand
    assert hand is not None
    dealer = hand.dealer
    assert (match.dealt, match.counted, match.next_dealer) == (1, 1, (dealer + 1) % PLAYERS)
    for _ in range(PLAYERS):
        assert hand is not None and hand.turn is not None
        match = apply_action(match, Pass(hand.turn))
        hand = match.hand
    assert hand is not None and hand.void
    assert (match.dealt, match.voids, match.counted, match.next_dealer) == (1, 1, 0, dealer)
    assert match.results == () and match.scores == (0,) * PLAYERS and not match.over
    again = deal(match, seed_of("void 2"))
    assert again.hand is not None and again.hand.dealer == dealer


def test_no_bid_or_pass_once_the_auction_is_over() -> None:
    calling = speak(a_deal("over"), (A, 61), None, None, None, None)
    refuse(calling, Bid(1, THREE, 61), ErrorCode.AUCTION_OVER)
    refuse(calling, Pass(2), ErrorCode.AUCTION_OVER)
    playing = apply(calling, Call(1, Card.of(A, Suit.CUPS)))
    refuse(playing, Bid(2, THREE, 61), ErrorCode.AUCTION_OVER)
    refuse(playing, Pass(playing.turn or 0), ErrorCode.AUCTION_OVER)


def test_no_card_is_played_during_the_auction_or_the_call() -> None:
    start = a_deal("card")
    refuse(start, PlayCard(1, start.hands[1][0]), ErrorCode.PLAY_NOT_STARTED)
    calling = speak(start, (A, 61), None, None, None, None)
    refuse(calling, PlayCard(1, calling.hands[1][0]), ErrorCode.PLAY_NOT_STARTED)


def test_the_call() -> None:
    """The caller names a suit by calling the contract's rank in it: that suit is trumps,
    its holder the partner (kept in the state), and the eldest hand leads."""
    calling = speak(a_deal("call", dealer=2), None, (KNIGHT, 61), None, None, None)
    assert calling.caller == 4 and legal(calling, 0) == []
    called = [action.card for action in legal(calling, 4) if type(action) is Call]
    assert called == [Card.of(KNIGHT, suit) for suit in Suit]
    card = Card.of(KNIGHT, Suit.SWORDS)
    holder = next(seat for seat in range(PLAYERS) if card in calling.hands[seat])
    playing = apply(calling, Call(4, card))
    assert (playing.phase, playing.turn, playing.leader) == (Phase.PLAY, 3, 3)
    assert (playing.called, playing.trumps, playing.partner) == (card, Suit.SWORDS, holder)
    assert not playing.revealed


def test_call_refusals() -> None:
    """Not the caller: not_caller; outside the call: no_call_now; a card of another rank
    in the rank auction: call_not_allowed."""
    start = a_deal("refuse call")
    refuse(start, Call(1, DECK[0]), ErrorCode.NO_CALL_NOW)
    calling = speak(start, (THREE, 61), None, None, None, None)
    refuse(calling, Call(2, Card.of(THREE, Suit.COINS)), ErrorCode.NOT_CALLER)
    refuse(calling, Call(1, Card.of(A, Suit.COINS)), ErrorCode.CALL_NOT_ALLOWED)
    playing = apply(calling, Call(1, Card.of(THREE, Suit.COINS)))
    refuse(playing, Call(1, Card.of(THREE, Suit.CUPS)), ErrorCode.NO_CALL_NOW)


def test_the_points_auction_calls_any_card() -> None:
    calling = speak(a_deal("any", POINTS), (None, 70), None, None, None, None)
    assert [a.card for a in legal(calling, 1) if type(a) is Call] == list(DECK)
    playing = apply(calling, Call(1, Card.from_code("5B")))
    assert playing.trumps is Suit.CLUBS


def test_calling_ones_own_card_plays_alone() -> None:
    """With self_call (the default) the caller may call a card they hold: they are their
    own partner, alone against four."""
    start = holding(a_deal("self"), 1, ["AD"])
    playing = apply(speak(start, (A, 61), None, None, None, None), Call(1, Card.from_code("AD")))
    assert playing.partner == 1 and playing.alone


def test_without_self_call_the_caller_may_not_call_their_own_card() -> None:
    start = holding(a_deal("no self", NO_SELF), 1, ["AD", "AC"])
    calling = speak(start, (A, 61), None, None, None, None)
    refuse(calling, Call(1, Card.from_code("AD")), ErrorCode.CALL_NOT_ALLOWED)
    allowed = [a.card.code for a in legal(calling, 1) if type(a) is Call]
    assert sorted(allowed) == ["AB", "AS"]
    points = holding(a_deal("no self", ChiamataRules(Auction.POINTS, False)), 1, ["5B"])
    calling = speak(points, (None, 61), None, None, None, None)
    assert len(legal(calling, 1)) == 40 - 8
    refuse(calling, Call(1, Card.from_code("5B")), ErrorCode.CALL_NOT_ALLOWED)


def test_without_self_call_no_bid_on_a_rank_one_holds_all_four_of() -> None:
    """The caller could call no card of it: the bid is refused (bad_bid) and is not among
    the seat's bids; holding the four 2s, no 2 of any target."""
    four_aces = holding(a_deal("four", NO_SELF), 1, ["AD", "AC", "AS", "AB"])
    refuse(four_aces, Bid(1, A, 61), ErrorCode.BAD_BID)
    assert bid_options(four_aces, 1).ranks == ("3", "K", "N", "J", "7", "6", "5", "4", "2")
    assert Bid(1, A, 61) not in legal(four_aces, 1)
    allowed = holding(a_deal("four"), 1, ["AD", "AC", "AS", "AB"])
    assert speak(allowed, (A, 61)).high == Bid(1, A, 61)  # with self_call: alone
    four_twos = holding(a_deal("twos", NO_SELF), 2, ["2D", "2C", "2S", "2B"])
    over_a_two = speak(four_twos, (TWO, 61))
    assert bid_options(over_a_two, 2) == BidOptions((), None)
    assert legal(over_a_two, 2) == [Pass(2)]
    refuse(over_a_two, Bid(2, TWO, 62), ErrorCode.BAD_BID)


def test_bid_options_are_the_legal_bids() -> None:
    """The compact bids of the view name exactly the bids legal lists."""
    start = a_deal("options")
    for state in [
        start,
        speak(start, (KING, 61)),
        speak(start, (TWO, 61)),
        speak(start, (TWO, 61), (TWO, 119)),
    ]:
        seat = state.turn
        assert seat is not None
        options = bid_options(state, seat)
        named = [(r, 61) for r in options.ranks]
        if options.targets is not None:
            low, high = options.targets
            named += [("2", t) for t in range(low, high + 1)]
        bids = [
            (b.rank.code, b.target)
            for b in legal(state, seat)
            if type(b) is Bid and b.rank is not None
        ]
        assert named == bids


def test_invalid_seats_and_a_finished_deal() -> None:
    start = a_deal("seat")
    refuse(start, Pass(5), ErrorCode.INVALID_SEAT)
    refuse(start, Bid(-1, A, 61), ErrorCode.INVALID_SEAT)
    void = speak(start, None, None, None, None, None)
    refuse(void, Pass(1), ErrorCode.HAND_OVER)
    refuse(void, PlayCard(1, void.hands[1][0]), ErrorCode.HAND_OVER)
