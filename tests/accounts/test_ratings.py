"""How rated matches move ratings: partnerships as teams (openskill Bradley-Terry), places
from the match's outcome, histories and entries as each player saw the match."""

from __future__ import annotations

import itertools

import pytest

from briscola.accounts.model import Account
from briscola.accounts.ratings import settle
from briscola.engine import (
    TRICK_AND_DRAW,
    MatchRules,
    MatchState,
    Resign,
    apply_action,
    deal,
    legal_actions,
    new_match,
)
from briscola.table.rated import RatedResult, RatedSeat
from briscola.wire.ratings import RATED_KINDS, Rating, RatingKind, fresh_ratings, rating_kind
from briscola.wire.table_rules import TableRules

NAMES = ["ana", "bea", "cai", "dan", "eva", "fay"]


def accounts(*ids: str) -> dict[str, Account]:
    return {i: Account(i, i.title(), 0.0, fresh_ratings()) for i in ids}


def result(players: int, ranks: list[int], kind: RatingKind | None = None) -> RatedResult:
    ids = NAMES[:players]
    sides = [seat % 2 if players in (4, 6) else seat for seat in range(players)]
    seats = [RatedSeat(seat, ids[seat], ids[seat].title(), sides[seat]) for seat in range(players)]
    kind = kind or RatingKind(str(players))
    return RatedResult("m1", players, kind, seats, ranks, ["h1"], "room1")


def test_partners_move_together_and_winners_go_up() -> None:
    """In a 2-against-2 match both partners of the winning side gain the same, both losers
    lose the same, and every uncertainty shrinks."""
    settled = settle(result(4, [0, 1]), accounts("ana", "bea", "cai", "dan"), at=5.0)
    change = {s.seat: s.change for s in settled.seats}
    assert change[0] == change[2] > 0 > change[1] == change[3]
    for account in settled.accounts:
        rating = account.ratings["4"]
        assert rating.sigma < Rating().sigma and rating.matches == 1
        assert account.version == 1
        assert account.ratings["2"] == account.ratings["6"] == Rating()  # others untouched
    entry = settled.entries["ana"]
    assert (entry.result, entry.partners, entry.opponents) == ("won", ["Cai"], ["Bea", "Dan"])
    assert settled.entries["bea"].result == "lost"
    assert settled.points["ana"].at == 5.0 and settled.points["ana"].match_id == "m1"


def test_a_stronger_partnership_gains_less_for_a_win() -> None:
    """The model weighs who was expected to win: beating weaker players moves less."""
    found = accounts("ana", "bea", "cai", "dan")
    strong = Rating.of(35.0, 3.0, 20)
    for i in ("ana", "cai"):
        found[i] = Account(i, i, 0.0, {**found[i].ratings, "4": strong})
    favoured = settle(result(4, [0, 1]), found, at=0.0)
    even = settle(result(4, [0, 1]), accounts("ana", "bea", "cai", "dan"), at=0.0)
    assert 0 < favoured.seats[0].change < even.seats[0].change


def test_six_players_are_two_teams_of_three_on_their_own_rating() -> None:
    """3 against 3: the three partners of each side move alike, winners up, and only the
    six-player rating moves; each entry names two partners and three opponents."""
    settled = settle(result(6, [1, 0]), accounts(*NAMES), at=0.0)
    change = {s.seat: s.change for s in settled.seats}
    assert change[1] == change[3] == change[5] > 0 > change[0] == change[2] == change[4]
    for account in settled.accounts:
        assert account.ratings["6"].matches == 1
        assert all(account.ratings[k] == Rating() for k in RATED_KINDS if k != "6")
    entry = settled.entries["bea"]
    assert (entry.kind, entry.players, entry.result) == ("6", 6, "won")
    assert (entry.partners, entry.opponents) == (["Dan", "Fay"], ["Ana", "Cai", "Eva"])


def test_scoperta_moves_its_own_rating_not_the_two_player_one() -> None:
    settled = settle(result(2, [0, 1], RatingKind.SCOPERTA), accounts("ana", "bea"), at=0.0)
    ana = settled.accounts[0]
    assert ana.ratings["scoperta"].matches == 1 and ana.ratings["scoperta"].mu > 25
    assert ana.ratings["2"] == Rating()
    assert (settled.entries["ana"].kind, settled.entries["ana"].players) == ("scoperta", 2)


@pytest.mark.parametrize(
    ("rules", "kind"),
    [
        (TableRules(players=2), "2"),
        (TableRules(players=3), "3"),
        (TableRules(players=4), "4"),
        (TableRules(players=6, rated=True), "6"),
        (TableRules(players=4, partner_comm="signals", rated=True), "4"),
        (TableRules(players=6, partner_comm="open", rated=True), "6"),
        (TableRules(players=2, game="scoperta", stock="top", rated=True), "scoperta"),
    ],
)
def test_a_tables_rating_kind(rules: TableRules, kind: str) -> None:
    """The classic game's kind is its player count, the house rules of partners share it,
    Scoperta has its own."""
    assert rating_kind(rules) == kind


def test_three_players_are_placed_one_by_one() -> None:
    settled = settle(result(3, [1, 0, 2]), accounts("ana", "bea", "cai"), at=0.0)
    change = {s.seat: s.change for s in settled.seats}
    assert change[1] > change[0] > change[2]
    assert [settled.entries[i].result for i in ("ana", "bea", "cai")] == ["lost", "won", "lost"]


def _finished(players: int, resign_seat: int | None) -> MatchState:
    """A match played to its end by the first legal card each turn (a drawn hand dealt
    again), or resigned at once by ``resign_seat``."""
    match = deal(new_match(MatchRules(players), bytes(32)), bytes([1]) * 32)
    if resign_seat is not None:
        return apply_action(match, Resign(resign_seat))
    deals = 1
    while not match.over:
        hand = match.hand
        assert hand is not None
        if hand.over:
            deals += 1
            match = deal(match, bytes([deals]) * 32)
            continue
        match = apply_action(match, legal_actions(hand, hand.turn)[0])
    return match


def places(match: MatchState) -> list[int]:
    """How the sides of a finished match are placed for its ratings."""
    return list(TRICK_AND_DRAW.standings(match).places)


@pytest.mark.parametrize(("players", "seat", "ranks"), [(4, 1, [0, 1]), (2, 0, [1, 0])])
def test_a_resignation_places_the_resigning_side_last(
    players: int, seat: int, ranks: list[int]
) -> None:
    assert places(_finished(players, seat)) == ranks


def test_three_player_resignation_leaves_the_other_two_level() -> None:
    """With no hand won yet, the two who stay are level: both placed first."""
    assert places(_finished(3, 2)) == [0, 0, 1]


def test_a_played_match_ranks_its_winner_first() -> None:
    match = _finished(2, None)
    ranks = places(match)
    assert match.outcome is not None
    assert sorted(ranks) == [0, 1] and ranks[match.outcome.winners[0]] == 0


def test_five_players_places_are_kept_in_order_ties_included() -> None:
    """Every order of five Chiamata players' places, ties included, from fresh ratings: a
    better place never gains less than a worse one, and tied places move alike."""
    seen = 0
    for ranks in itertools.product(range(5), repeat=5):
        if sorted(set(ranks)) != list(range(len(set(ranks)))):
            continue  # places are dense: 0, 1, ... with no gap
        settled = settle(result(5, list(ranks), RatingKind.CHIAMATA), accounts(*NAMES[:5]), 0.0)
        change = {seat.seat: seat.change for seat in settled.seats}
        for a, b in itertools.product(range(5), repeat=2):
            if ranks[a] < ranks[b]:
                assert change[a] >= change[b], (ranks, change)
            elif ranks[a] == ranks[b]:
                assert change[a] == pytest.approx(change[b]), (ranks, change)
        seen += 1
    assert seen == 541
