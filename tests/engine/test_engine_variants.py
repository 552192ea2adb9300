"""The games beside classic Briscola on the same engine: six players, Scoperta (open hands)
and the partnership house rules (signals, table talk's blackout, hands shown at the end,
matches of fixed deals), and the seam they share (:data:`GAMES`)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from engine_helpers import seed_of

from briscola.engine import (
    GAMES,
    ErrorCode,
    GameName,
    HandRules,
    HandState,
    MatchRules,
    PartnerComm,
    Phase,
    RuleError,
    Signal,
    SignalCode,
    StockShown,
    VerifyError,
    apply,
    apply_action,
    catchers,
    deal,
    hand_record,
    hand_result,
    legal_actions,
    new_match,
    replay_steps,
    shuffled_deck,
    start_hand,
    verify_record,
    view,
)
from briscola.engine.deal import reference_shuffle

SIGNALS = HandRules(4, game=GameName.CLASSIC, partner_comm=PartnerComm.SIGNALS, catch=50)
OPEN6 = HandRules(6, swap_seven=True, partner_comm=PartnerComm.OPEN, catch=25)


def play_out(state: HandState, rng: random.Random, signal_chance: float = 0.0) -> HandState:
    """Random legal moves to the end; now and then a signal from a random seat."""
    while not state.over:
        if signal_chance and rng.random() < signal_chance:
            seat = rng.randrange(state.players)
            try:
                state = apply(state, Signal(seat, rng.choice(list(SignalCode))))
            except RuleError as refused:
                assert refused.code is ErrorCode.SIGNAL_NOT_ALLOWED
            continue
        assert state.turn is not None
        state = apply(state, rng.choice(legal_actions(state, state.turn)))
    return state


def test_six_players_deal_36_cards_without_the_2s() -> None:
    """Six players: the four 2s out, 3 cards each, the trump turned under 17 face down."""
    seed = seed_of("six")
    deck = shuffled_deck(seed, 6)
    assert len(deck) == 36 and not any(card.code[0] == "2" for card in deck)
    assert deck == reference_shuffle(seed, 6)
    state = start_hand(HandRules(6), 5, seed)
    assert [len(hand) for hand in state.hands] == [3] * 6
    assert len(state.stock) == 18 and state.face_up is state.stock[-1]
    assert state.turn == 0


def test_six_players_draw_three_rounds_then_play_from_hand() -> None:
    """After tricks 1-3 everyone draws, the last drawer of the third round takes the trump;
    six tricks in all, 120 points between the two partnerships of alternate seats."""
    for number in range(30):
        rng = random.Random(number)
        state = start_hand(HandRules(6), number % 6, seed_of(("six", number)))
        face_up = state.face_up
        while not state.over:
            before = state
            assert state.turn is not None
            state = apply(state, rng.choice(legal_actions(state, state.turn)))
            if len(state.tricks) > len(before.tricks) and len(state.tricks) <= 3:
                assert all(len(hand) == 3 for hand in state.hands)
                assert len(state.stock) == 18 - 6 * len(state.tricks)
                if len(state.tricks) == 3:
                    last = (state.tricks[-1].winner + 5) % 6
                    assert face_up in state.hands[last] and face_up in state.public
        assert len(state.tricks) == 6
        result = hand_result(state)
        assert sum(result.points) == 120 and len(result.points) == 2
        assert result.winner == (None if result.points[0] == 60 else int(result.points[1] > 60))


def test_captured_cards_are_kept_by_seat_and_summed_by_side() -> None:
    """A trick goes to its winner's own pile; a partnership's points are its piles added."""
    state = play_out(start_hand(HandRules(4), 0, seed_of("piles")), random.Random(1))
    for trick in state.tricks:
        assert set(trick.cards) <= set(state.captured[trick.winner])
    points = [sum(c.points for c in pile) for pile in state.captured]
    assert hand_result(state).points == (points[0] + points[2], points[1] + points[3])


@pytest.mark.parametrize(
    ("shown", "expected"), [(StockShown.ALL, 33), (StockShown.TOP, 1), (StockShown.NONE, 0)]
)
def test_scoperta_shows_both_hands_and_the_stock_as_chosen(
    shown: StockShown, expected: int
) -> None:
    """Scoperta: every viewer, spectators too, sees both hands; the stock all, its top or
    none of it; nothing else is revealed."""
    rules = HandRules(2, game=GameName.SCOPERTA, stock=shown)
    state = start_hand(rules, 0, seed_of("open"))
    for viewer in (0, 1, None):
        seen = view(state, viewer)
        assert seen.public == tuple(tuple(c.code for c in hand) for hand in state.hands)
        assert len(seen.stock_cards) == expected
        assert list(seen.stock_cards) == [c.code for c in state.stock[:-1]][:expected]
        assert seen.points is None and seen.seed is None
    end = play_out(state, random.Random(2))
    assert verify_record(hand_record(end)) == end
    assert hand_record(end)["rules"] == {"swap_seven": False, "game": "scoperta", "stock": shown}


def test_scoperta_is_two_handed_and_signals_are_for_partnerships() -> None:
    with pytest.raises(ValueError, match="two-player"):
        HandRules(4, game=GameName.SCOPERTA)
    with pytest.raises(ValueError, match="partnerships"):
        HandRules(3, partner_comm=PartnerComm.SIGNALS)
    with pytest.raises(ValueError, match="catch"):
        HandRules(4, partner_comm=PartnerComm.SIGNALS, catch=30)


def test_classic_views_show_no_stock_no_signals_nothing_seen() -> None:
    state = start_hand(HandRules(4), 0, seed_of("plain"))
    seen = view(state, 1)
    assert (seen.stock_cards, seen.signals, seen.seen) == ((), (), ())
    assert hand_record(play_out(state, random.Random(0)))["rules"] == {"swap_seven": False}


def test_no_signal_at_a_no_signals_table_nor_before_the_first_trick_is_complete() -> None:
    """The blackout: nothing passes until the first trick is complete; then one signal a
    trick per seat; a table of the no-signals rule refuses every one."""
    plain = start_hand(HandRules(4), 0, seed_of("blackout"))
    state = start_hand(SIGNALS, 0, seed_of("blackout"))
    for refused in (plain, state):
        with pytest.raises(RuleError) as caught:
            apply(refused, Signal(2, SignalCode.NO_TRUMPS))
        assert caught.value.code is ErrorCode.SIGNAL_NOT_ALLOWED
    for _ in range(3):
        assert state.turn is not None
        state = apply(state, legal_actions(state, state.turn)[0])
    with pytest.raises(RuleError):  # the first trick is not complete yet
        apply(state, Signal(0, SignalCode.CARICO))
    assert state.turn is not None
    state = apply(state, legal_actions(state, state.turn)[0])
    state = apply(state, Signal(0, SignalCode.CARICO))
    with pytest.raises(RuleError, match="one signal a trick"):
        apply(state, Signal(0, SignalCode.LOW_TRUMPS))
    state = apply(state, Signal(1, SignalCode.LOW_TRUMPS))  # another seat may
    for _ in range(4):
        assert state.turn is not None
        state = apply(state, legal_actions(state, state.turn)[0])
    assert apply(state, Signal(0, SignalCode.LOW_TRUMPS)).log[-1].seat == 0  # a new trick


def test_catches_are_drawn_from_the_seed() -> None:
    """Who catches is SHA-256 of the seed, the signal's number and the opponent, against
    the table's chance: never at 0 %, always at 100 %, about half at 50 %."""
    seed = seed_of("catch")
    assert catchers(seed, 3, (1, 3), 0) == () and catchers(seed, 3, (1, 3), 100) == (1, 3)
    halves = [len(catchers(seed, index, (0,), 50)) for index in range(2000)]
    assert 900 < sum(halves) < 1100
    assert catchers(seed, 7, (1, 3, 5), 25) == catchers(seed, 7, (1, 3, 5), 25)


def signalled(rules: HandRules, label: str) -> HandState:
    """A hand with the first trick played and one signal from seat 0."""
    state = start_hand(rules, rules.players - 1, seed_of(label))
    for _ in range(rules.players):
        assert state.turn is not None
        state = apply(state, legal_actions(state, state.turn)[0])
    return apply(state, Signal(0, SignalCode.ACE_OF_TRUMPS))


def test_a_signal_reaches_the_partners_and_those_who_caught_it() -> None:
    """The partners see it; an opponent who caught it sees it; one who did not sees a view
    byte for byte the one before the signal; spectators see none until the end, when every
    signal is shown with who caught it."""
    for number in range(20):
        state = signalled(OPEN6, f"reach {number}")
        before = state.log[:-1]
        caught = state.log[-1].caught
        previous = dataclasses.replace(state, log=before)
        for seat in range(6):
            signals = view(state, seat).signals
            if seat % 2 == 0 or seat in caught:
                assert [(s.seat, s.signal, s.tricks, s.caught) for s in signals] == [
                    (0, "ace_of_trumps", 1, None)
                ]
            else:
                assert view(state, seat) == view(previous, seat)
        assert view(state, None) == view(previous, None)
        end = play_out(state, random.Random(number))
        for viewer in (None, 1, 2):
            assert view(end, viewer).signals[0].caught == caught


def test_moving_hidden_cards_between_two_other_seats_changes_nothing_a_viewer_sees() -> None:
    """VARIANTS' secrecy test: for a seat s, exchanging cards between two other seats'
    hands (or a hand and the face-down stock) leaves every view of s the same."""
    rng = random.Random(5)
    for rules in (HandRules(4), SIGNALS, OPEN6, HandRules(3), HandRules(6)):
        state = start_hand(rules, 0, seed_of(("move", rules.players)))
        for _ in range(rules.players + 1):
            assert state.turn is not None
            state = apply(state, rng.choice(legal_actions(state, state.turn)))
        n = rules.players
        for s in range(n):
            a, b = [seat for seat in range(n) if seat != s][:2]
            hands = list(state.hands)
            hands[a], hands[b] = (hands[b][0], *hands[a][1:]), (hands[a][0], *hands[b][1:])
            moved = dataclasses.replace(state, hands=tuple(hands))
            assert view(moved, s) == view(state, s)
            assert view(moved, None) == view(state, None)
            stock = list(state.stock)
            stock[0], hands2 = state.hands[a][0], list(state.hands)
            hands2[a] = (state.stock[0], *state.hands[a][1:])
            swapped = dataclasses.replace(state, hands=tuple(hands2), stock=tuple(stock))
            assert view(swapped, s) == view(state, s)


def test_open_tables_show_the_partners_hands_from_the_draw_that_empties_the_stock() -> None:
    """At an open table each seat sees its partners' cards once the stock is out, never an
    opponent's; before, nothing."""
    rng = random.Random(9)
    state = start_hand(OPEN6, 0, seed_of("shown"))
    while state.stock:
        for seat in range(6):
            assert view(state, seat).seen == ()
        assert state.turn is not None
        state = apply(state, rng.choice(legal_actions(state, state.turn)))
    for seat in range(6):
        seen = view(state, seat).seen
        for other in range(6):
            partner = other != seat and other % 2 == seat % 2
            expected = tuple(c.code for c in state.hands[other]) if partner else ()
            assert seen[other] == expected
    assert view(state, None).seen == ()


def test_signal_records_verify_and_a_false_catch_is_caught() -> None:
    """A record keeps each signal and who caught it; the verifier draws the catches again
    from the seed and refuses a record that claims others."""
    rng = random.Random(4)
    for number in range(10):
        end = play_out(start_hand(SIGNALS, number % 4, seed_of(("rec", number))), rng, 0.3)
        record = hand_record(end)
        assert record["rules"] == {
            "swap_seven": False,
            "partner_comm": "signals",
            "signal_catch": 50,
        }
        assert verify_record(record) == end
        steps = replay_steps(record)
        signals = [entry for entry in record["actions"] if entry["type"] == "signal"]
        assert [step.signal for step in steps if step.signal] == [e["signal"] for e in signals]
        if signals:
            signals[0]["caught"] = [0, 1, 2, 3]
            with pytest.raises(VerifyError, match="caught"):
                verify_record(record)


def test_an_open_match_is_a_fixed_number_of_counted_deals() -> None:
    """An open table plays a fixed number of deals (at least 5); a drawn deal is dealt
    again by the same dealer and does not count; the side that won more deals wins."""
    with pytest.raises(ValueError):
        MatchRules(4, partner_comm=PartnerComm.OPEN, deals=3)
    with pytest.raises(ValueError):
        MatchRules(4, partner_comm=PartnerComm.SIGNALS, deals=5)
    rules = MatchRules(4, partner_comm=PartnerComm.OPEN, deals=5)
    match = new_match(rules, seed_of("fixed"))
    rng = random.Random(3)
    counted = 0
    while not match.over:
        dealer = match.next_dealer
        match = deal(match, seed_of(("fixed", match.hands_dealt)))
        assert match.hand is not None and match.hand.dealer == dealer
        while not match.hand.over:
            turn = match.hand.turn
            assert turn is not None
            match = apply_action(match, rng.choice(legal_actions(match.hand, turn)))
        if match.results[-1].winner is None:
            assert match.next_dealer == dealer
        else:
            counted += 1
    assert counted == 5 and sum(match.wins) == 5
    assert match.outcome is not None
    assert match.outcome.winners == (int(match.wins[1] > match.wins[0]),)


def test_every_game_is_reached_through_the_seam() -> None:
    """The registry gives each game's module; a match begun, dealt, played, recorded,
    verified and replayed through it alone, its views and template agreeing."""
    rng = random.Random(6)
    for name, rules in [
        (GameName.CLASSIC, MatchRules(6, partner_comm=PartnerComm.SIGNALS)),
        (GameName.SCOPERTA, MatchRules(2, game=GameName.SCOPERTA)),
    ]:
        game = GAMES[name]
        match = game.new_match(rules, seed_of(name))
        assert game.phase(match) is Phase.WAITING and game.turn(match) is None
        match = game.deal(match, seed_of((name, 1)))
        assert game.phase(match) is Phase.PLAY
        while (turn := game.turn(match)) is not None:
            viewed = game.view(match, turn)
            assert viewed.hand is not None and viewed.hand.seat == turn
            assert game.owner(match)(turn)[0] == viewed.hand.hand
            assert game.template(match, None).hand.hand is None  # type: ignore[union-attr]
            match = game.apply(match, rng.choice(game.legal(match, turn)))
        assert game.phase(match) is not Phase.PLAY
        record = game.record(match)
        assert game.verify(record) == match.hand
        assert game.replay(record)[-1].result == match.results[-1].result_code
        n = rules.players
        assert game.sides(match, None) == tuple(s % 2 if n == 6 else s for s in range(n))
        assert game.audience(match) is None and not game.talk_allowed(match)


def test_the_audience_of_a_signal_is_its_side_and_its_catchers() -> None:
    game = GAMES[GameName.CLASSIC]
    match = game.deal(
        game.new_match(MatchRules(4, partner_comm=PartnerComm.SIGNALS, catch=100), seed_of("a")),
        seed_of("b"),
    )
    for _ in range(4):
        turn = game.turn(match)
        assert turn is not None
        match = game.apply(match, game.legal(match, turn)[0])
    match = game.apply(match, Signal(1, SignalCode.CARICO))
    assert game.audience(match) == {0, 1, 2, 3}
    open_match = game.new_match(MatchRules(4, partner_comm=PartnerComm.OPEN, deals=5), seed_of("c"))
    open_match = game.deal(open_match, seed_of("d"))
    assert not game.talk_allowed(open_match)
    for _ in range(4):
        turn = game.turn(open_match)
        assert turn is not None
        open_match = game.apply(open_match, game.legal(open_match, turn)[0])
    assert game.talk_allowed(open_match)
