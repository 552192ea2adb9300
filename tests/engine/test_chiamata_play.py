"""Briscola Chiamata's play, its scoring table, the match, resignation and standings, and
the game's members behind the seam."""

from __future__ import annotations

import random

import pytest
from chiamata_support import (
    DEFAULT,
    a_deal,
    a_match,
    bidding,
    finish,
    holding,
    play_match,
    random_policy,
    refuse,
    speak,
)
from engine_helpers import seed_of

from briscola.engine import (
    GAMES,
    Card,
    ErrorCode,
    GameName,
    HandRules,
    MatchRules,
    PlayCard,
    Rank,
    Resign,
    RuleError,
    legal_actions,
    side_of,
)
from briscola.engine import apply_action as classic_apply
from briscola.engine import deal as classic_deal
from briscola.engine import new_match as classic_match
from briscola.engine import standings as classic_standings
from briscola.engine.chiamata import (
    ALONE,
    CHIAMATA,
    PLAYERS,
    WITH_PARTNER,
    Auction,
    Bid,
    Call,
    ChiamataRules,
    DealState,
    Pass,
    apply,
    apply_action,
    deal,
    deal_result,
    legal,
    score,
    standings,
)
from briscola.engine.phase import Phase


def playing(label: object, rules: ChiamataRules = DEFAULT, called: str = "AD") -> DealState:
    """A deal of ``label`` in its play: seat 1 bid the called card's rank and called it."""
    card = Card.from_code(called)
    calling = speak(a_deal(label, rules), (card.rank, 61), None, None, None, None)
    return apply(calling, Call(1, card))


def piles(**by_seat: str) -> tuple[tuple[Card, ...], ...]:
    """Captured piles from card codes by seat (``s0`` … ``s4``); the rest of the deck goes
    to ``rest``'s seat."""
    rest = int(by_seat.pop("rest", "4"))
    named = {int(k[1:]): [Card.from_code(c) for c in v.split()] for k, v in by_seat.items()}
    taken = {card for cards in named.values() for card in cards}
    piles_ = [named.get(seat, []) for seat in range(PLAYERS)]
    piles_[rest] = piles_[rest] + [card for card in Card._ALL if card not in taken]
    return tuple(tuple(pile) for pile in piles_)


def test_the_eldest_hand_leads_and_any_card_may_be_played() -> None:
    """No duty to follow suit: every card of the hand is legal on one's turn."""
    deal_ = playing("lead")
    assert deal_.turn == deal_.leader == 1
    assert {a.card for a in legal(deal_, 1) if type(a) is PlayCard} == set(deal_.hands[1])
    refuse(deal_, PlayCard(2, deal_.hands[2][0]), ErrorCode.NOT_YOUR_TURN)
    elsewhere = next(card for card in deal_.hands[2])
    refuse(deal_, PlayCard(1, elsewhere), ErrorCode.CARD_NOT_IN_HAND)


def test_the_highest_trump_takes_the_trick_else_the_highest_of_the_suit_led() -> None:
    """Trumps are the called card's suit; the trick's winner keeps its cards and leads."""
    start = a_deal("trick")
    start = holding(start, 1, ["KD"])
    start = holding(start, 2, ["AD"])
    start = holding(start, 3, ["2B"])
    start = holding(start, 4, ["3D"])
    start = holding(start, 0, ["4C"])
    for called, winner in [("AB", 3), ("AC", 0), ("AS", 2)]:  # 2B, the trump 4C, else the AD
        card = Card.from_code(called)
        deal_ = apply(speak(start, (Rank.ACE, 61), None, None, None, None), Call(1, card))
        for code in ["KD", "AD", "2B", "3D", "4C"]:
            deal_ = apply(deal_, PlayCard(deal_.turn or 0, Card.from_code(code)))
        assert deal_.tricks[0].winner == winner and deal_.leader == deal_.turn == winner
        assert sorted(c.code for c in deal_.captured[winner]) == sorted(
            ["KD", "AD", "2B", "3D", "4C"]
        )
        assert sum(map(len, deal_.captured)) == 5 and deal_.trick == ()


def test_eight_tricks_then_the_score() -> None:
    deal_ = finish(playing("eight"), random_policy(random.Random(1)))
    assert deal_.over and len(deal_.tricks) == 8 and deal_.hands == ((),) * PLAYERS
    result = deal_result(deal_)
    assert result is not None and sum(result.points) == 120 and sum(result.deltas) == 0
    refuse(deal_, PlayCard(1, Card.from_code("AD")), ErrorCode.HAND_OVER)


def test_the_called_card_falls_and_reveals_its_holder() -> None:
    deal_ = playing("reveal")
    assert deal_.called is not None
    holder = deal_.partner
    assert holder is not None
    while not deal_.revealed:
        seat = deal_.turn
        assert seat is not None
        plays = [a for a in legal(deal_, seat) if type(a) is PlayCard]
        card = deal_.called if seat == holder else plays[0].card
        deal_ = apply(deal_, PlayCard(seat, card))
        assert deal_.revealed == (card is deal_.called)


@pytest.mark.parametrize(
    ("partner", "won", "cappotto", "expected"),
    [
        (2, True, False, (-1, 2, 1, -1, -1)),
        (2, False, False, (1, -2, -1, 1, 1)),
        (1, True, False, (-1, 4, -1, -1, -1)),
        (1, False, False, (1, -4, 1, 1, 1)),
        (2, True, True, (-2, 4, 2, -2, -2)),
        (2, False, True, (2, -4, -2, 2, 2)),
        (1, True, True, (-2, 8, -2, -2, -2)),
        (1, False, True, (2, -8, 2, 2, 2)),
    ],
)
def test_the_scoring_table(
    partner: int, won: bool, cappotto: bool, expected: tuple[int, ...]
) -> None:
    """Seat 1 calls; each row of the table, with a partner (seat 2) or alone, doubled for
    a cappotto; zero-sum always."""
    side = (120 if won else 0) if cappotto else (70 if won else 50)
    deck = list(Card._ALL)
    take, rest, points = [], [], 0
    for card in sorted(deck, key=lambda c: -c.points):
        if points + card.points <= side:
            take.append(card)
            points += card.points
        else:
            rest.append(card)
    assert points == side
    captured = [(), (), (), (), ()]
    captured[1] = tuple(take)
    captured[3] = tuple(rest)
    result = score(1, partner, Bid(1, Rank.ACE, 61), tuple(captured), True)
    assert result.deltas == expected and sum(result.deltas) == 0
    assert (result.won, result.cappotto, result.side) == (won, cappotto, side)
    if cappotto:
        plain = score(1, partner, Bid(1, Rank.ACE, 61), tuple(captured), False)
        assert plain.deltas == tuple(d // 2 for d in expected) and not plain.cappotto
    assert WITH_PARTNER == (2, 1, -1) and ALONE == (4, 0, -1)


def test_the_partners_pile_counts_for_the_caller_and_60_60_loses() -> None:
    captured = piles(s1="AD 3D KD NC JS 7S", s2="AC 3C 2B", rest="0")  # 11+10+4+3+2 + 21
    result = score(1, 2, Bid(1, Rank.ACE, 61), captured, True)
    assert result.side == 51 and not result.won
    even = piles(s1="AD 3D AC 3C KD KC KS NS NC", s2="4B 2B", rest="3")  # 60 exactly
    assert score(1, 2, Bid(1, Rank.KING, 61), even, True).side == 60
    assert not score(1, 2, Bid(1, Rank.KING, 61), even, True).won
    assert not score(1, 1, Bid(1, Rank.KING, 61), even, True).won  # alone: 60 < 61


def test_a_target_above_61_must_be_reached() -> None:
    seventy_five = piles(s1="AD 3D AC 3C AS 3S KD JD", s2="KC", rest="0")  # 63 + 4 + 2, and 4
    result = score(1, 2, Bid(1, None, 75), seventy_five, True)
    assert result.side == 73 and not result.won
    assert score(1, 2, Bid(1, None, 73), seventy_five, True).won


def test_a_match_of_counted_deals() -> None:
    """Five counted deals (ten if chosen), the deal passing; scores add up, zero-sum; the
    leaders win, tied leaders share."""
    for deals in (5, 10):
        rules = ChiamataRules(deals=deals)
        match = a_match(("match", deals), rules)
        first = match.first_dealer
        match = play_match(match, random_policy(random.Random(deals), 0.7), ("match", deals))
        assert match.over and len(match.results) == deals and sum(match.scores) == 0
        assert match.scores == tuple(
            sum(r.deltas[seat] for r in match.results) for seat in range(PLAYERS)
        )
        assert match.counted == deals and match.voids == match.dealt - deals
        best = max(match.scores)
        assert match.outcome is not None and match.outcome.resigned is None
        assert match.outcome.winners == tuple(s for s in range(PLAYERS) if match.scores[s] == best)
        assert match.hand is not None and match.hand.dealer == (first + deals - 1) % PLAYERS
        with pytest.raises(RuleError) as over:
            deal(match, seed_of("after"))
        assert over.value.code is ErrorCode.MATCH_OVER


def test_deals_pass_one_seat_and_a_deal_in_play_cannot_be_dealt_over() -> None:
    match = deal(a_match("pass"), seed_of("first"))
    first = match.hand
    assert first is not None
    with pytest.raises(RuleError) as busy:
        deal(match, seed_of("again"))
    assert busy.value.code is ErrorCode.HAND_OVER
    policy = bidding((Rank.ACE, 61), None, None, None, None)
    while match.hand is not None and match.hand.turn is not None:
        hand = match.hand
        match = apply_action(match, policy(hand, legal(hand, hand.turn or 0)))
    nxt = deal(match, seed_of("second"))
    assert nxt.hand is not None and nxt.hand.dealer == (first.dealer + 1) % PLAYERS
    assert nxt.counted == 2 and len(nxt.results) == 1


def test_tied_leaders_share_the_win() -> None:
    """Among random matches, one whose top score is shared: every leader wins, and they
    share the first place."""
    for number in range(40):
        match = play_match(a_match(("tie", number)), random_policy(random.Random(number)), number)
        best = max(match.scores)
        if match.scores.count(best) > 1:
            break
    else:
        raise AssertionError("no match with tied leaders")
    assert match.outcome is not None
    leaders = tuple(s for s in range(PLAYERS) if match.scores[s] == best)
    assert match.outcome.winners == leaders
    assert {standings(match).places[s] for s in leaders} == {0}


@pytest.mark.parametrize("moment", ["auction", "call", "play"])
def test_resigning_during_a_deal_ends_the_match_unscored(moment: str) -> None:
    """The deal is not scored, the match ends at once, the resigner places last and the
    others by their match points."""
    match = deal(a_match(("resign", moment)), seed_of(("resign deal", moment)))
    steps = {"auction": 2, "call": 5, "play": 9}[moment]
    policy = bidding((Rank.ACE, 61), None, None, None, None)
    for _ in range(steps):
        hand = match.hand
        assert hand is not None and hand.turn is not None
        match = apply_action(match, policy(hand, legal(hand, hand.turn)))
    hand = match.hand
    assert hand is not None and hand.phase.value == moment
    resigner = ((hand.turn or 0) + 2) % PLAYERS  # anyone may resign, at any time
    match = apply_action(match, Resign(resigner))
    assert match.over and match.hand is not None and match.hand.resigned == resigner
    assert match.results == () and match.scores == (0,) * PLAYERS
    assert match.outcome is not None and match.outcome.resigned == resigner
    assert match.outcome.winners == tuple(s for s in range(PLAYERS) if s != resigner)
    placed = standings(match)
    assert placed.teams == tuple(range(PLAYERS))
    assert placed.places == tuple(1 if s == resigner else 0 for s in range(PLAYERS))
    with pytest.raises(RuleError) as over:
        apply_action(match, Pass(0))
    assert over.value.code is ErrorCode.MATCH_OVER


def test_resigning_between_deals_and_before_any() -> None:
    match = a_match("between")
    with pytest.raises(RuleError) as none:
        apply_action(match, Resign(0))
    assert none.value.code is ErrorCode.NO_HAND
    match = deal(match, seed_of("between 1"))
    policy = bidding((Rank.ACE, 61), None, None, None, None)
    while match.hand is not None and match.hand.turn is not None:
        match = apply_action(match, policy(match.hand, legal(match.hand, match.hand.turn)))
    scores = match.scores
    with pytest.raises(RuleError) as seat:
        apply_action(match, Resign(7))
    assert seat.value.code is ErrorCode.INVALID_SEAT
    caller = match.results[0].caller
    resigned = apply_action(match, Resign(caller))
    assert resigned.over and resigned.scores == scores and resigned.results == match.results
    placed = standings(resigned)
    assert placed.places[caller] == max(placed.places)
    others = [s for s in range(PLAYERS) if s != caller]
    best = max(scores[s] for s in others)
    assert resigned.outcome is not None
    assert resigned.outcome.winners == tuple(s for s in others if scores[s] == best)
    for s in others:  # the others by their totals, dense places
        assert placed.places[s] == sorted({-scores[o] for o in others}).index(-scores[s])


def test_standings_place_by_match_points() -> None:
    finished = play_match(a_match("stand"), random_policy(random.Random(4), 0.7), "stand")
    placed = standings(finished)
    order = sorted(set(-score for score in finished.scores))
    assert placed.places == tuple(order.index(-score) for score in finished.scores)
    assert CHIAMATA.standings(finished) == placed


def test_the_trick_and_draw_standings_place_the_winners_first() -> None:
    """For classic matches (of every size, played out or resigned at any point) the seam's
    standings give each seat its side, the winning sides first, a resigning side last, and
    with three players the others by hands won."""
    rng = random.Random(5)
    game = GAMES[GameName.CLASSIC]
    for number in range(240):
        players = rng.choice((2, 3, 4, 6))
        rules = MatchRules(players, best_of=rng.choice((1, 3, 5)))
        match = classic_match(rules, seed_of(("rated", number)))
        resign_at = rng.choice((None, rng.randrange(200)))
        step = 0
        while not match.over:
            match = classic_deal(match, seed_of(("rated deal", number, step)))
            while match.hand is not None and not match.hand.over:
                hand = match.hand
                if step == resign_at:
                    match = classic_apply(match, Resign(rng.randrange(players)))
                    break
                match = classic_apply(match, rng.choice(legal_actions(hand, hand.turn or 0)))
                step += 1
            if not match.over and step == resign_at:
                match = classic_apply(match, Resign(rng.randrange(players)))
        placed = classic_standings(match)
        assert game.standings(match) == placed
        outcome = match.outcome
        assert outcome is not None
        first = {side for side, place in enumerate(placed.places) if place == 0}
        assert first == set(outcome.winners)
        if outcome.resigned is not None:
            assert placed.places[side_of(outcome.resigned, players)] == max(placed.places)
        assert placed.teams == game.sides(match, None)


def test_the_game_behind_the_seam() -> None:
    """Through GAMES alone: phases waiting, auction, call, play and over; whose turn;
    the legal moves; no audience, never any talk; the record and its verification."""
    game = GAMES[GameName.CHIAMATA]
    assert game is CHIAMATA
    match = game.new_match(ChiamataRules(), seed_of("seam"))
    assert (game.phase(match), game.turn(match), game.legal(match, 0)) == (Phase.WAITING, None, [])
    assert game.sides(match, None) == (None,) * PLAYERS
    match = game.deal(match, seed_of("seam deal"))
    seen = []
    policy = bidding((Rank.ACE, 61), None, None, None, None)
    while (turn := game.turn(match)) is not None:
        seen.append(game.phase(match))
        assert not game.talk_allowed(match) and game.audience(match) is None
        for other in range(PLAYERS):
            assert (game.legal(match, other) != []) == (other == turn)
        assert match.hand is not None
        match = game.apply(match, policy(match.hand, game.legal(match, turn)))
    assert [p for i, p in enumerate(seen) if i == 0 or seen[i - 1] is not p] == [
        Phase.AUCTION,
        Phase.CALL,
        Phase.PLAY,
    ]
    assert game.phase(match) is Phase.WAITING and not game.talk_allowed(match)
    assert game.verify(game.record(match)) == match.hand
    match = game.apply(match, Resign(0))
    assert game.phase(match) is Phase.OVER and game.legal(match, 1) == []


def test_the_sides_as_each_viewer_may_know_them() -> None:
    """Nothing before the call; then the caller to all, the whole table to the partner,
    each defender itself; all public once the called card falls."""
    deal_ = playing("sides", called="AD")
    partner, caller = deal_.partner, deal_.caller
    assert partner is not None and caller == 1 and partner != caller
    match = type(a_match("sides"))(ChiamataRules(), 0, hand=deal_, dealt=1)
    public = tuple(0 if s in (1, partner) else 1 for s in range(PLAYERS))
    only_caller = tuple(0 if s == 1 else None for s in range(PLAYERS))
    assert CHIAMATA.sides(match, None) == only_caller
    assert CHIAMATA.sides(match, caller) == only_caller
    assert CHIAMATA.sides(match, partner) == public
    for seat in set(range(PLAYERS)) - {1, partner}:
        mine = CHIAMATA.sides(match, seat)
        assert mine == tuple(0 if s == 1 else 1 if s == seat else None for s in range(PLAYERS))
    while not deal_.revealed:
        deal_ = apply(deal_, legal(deal_, deal_.turn or 0)[0])
    match = type(match)(ChiamataRules(), 0, hand=deal_, dealt=1)
    assert all(CHIAMATA.sides(match, v) == public for v in [None, *range(PLAYERS)])
    before = a_deal("sides before")
    match = type(match)(ChiamataRules(), 0, hand=before, dealt=1)
    assert all(CHIAMATA.sides(match, v) == (None,) * PLAYERS for v in [None, *range(PLAYERS)])


def test_a_caller_alone_knows_the_sides_and_nobody_else_does() -> None:
    start = holding(a_deal("sides alone"), 1, ["AD"])
    deal_ = apply(
        speak(start, (Rank.ACE, 61), None, None, None, None), Call(1, Card.from_code("AD"))
    )
    assert deal_.alone
    match = type(a_match("alone"))(ChiamataRules(), 0, hand=deal_, dealt=1)
    assert CHIAMATA.sides(match, 1) == (1, 0, 1, 1, 1)
    assert CHIAMATA.sides(match, None) == (None, 0, None, None, None)
    assert CHIAMATA.sides(match, 3) == (None, 0, None, 1, None)


def test_the_rules_and_their_checks() -> None:
    """Chiamata's options are ChiamataRules' (taken by name too); the trick-and-draw rules
    refuse the game."""
    rules = ChiamataRules("points", False, False, 10)  # type: ignore[arg-type]
    assert (rules.auction, rules.players) == (Auction.POINTS, 5)
    for wrong in [
        {"deals": 7},
        {"auction": "colours"},
        {"self_call": 1},
        {"cappotto": "no"},
    ]:
        with pytest.raises(ValueError):
            ChiamataRules(**wrong)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ChiamataRules"):
        MatchRules(5, game=GameName.CHIAMATA)
    with pytest.raises(ValueError, match="ChiamataRules"):
        HandRules(4, game=GameName.CHIAMATA)
