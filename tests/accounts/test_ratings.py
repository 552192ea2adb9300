"""How rated matches move ratings: partnerships as teams (openskill Plackett-Luce), places
from the match's outcome, histories and entries as each player saw the match."""

from __future__ import annotations

import pytest

from briscola.accounts.model import Account
from briscola.accounts.ratings import settle
from briscola.engine import (
    MatchRules,
    MatchState,
    Resign,
    apply_action,
    deal,
    legal_actions,
    new_match,
)
from briscola.table.rated import RatedResult, RatedSeat, side_ranks
from briscola.wire.ratings import Rating, fresh_ratings


def accounts(*ids: str) -> dict[str, Account]:
    return {i: Account(i, i.title(), 0.0, fresh_ratings()) for i in ids}


def result(players: int, ranks: list[int]) -> RatedResult:
    ids = ["ana", "bea", "cai", "dan"][:players]
    sides = [seat % 2 if players == 4 else seat for seat in range(players)]
    seats = [RatedSeat(seat, ids[seat], ids[seat].title(), sides[seat]) for seat in range(players)]
    return RatedResult("m1", players, seats, ranks, ["h1"], "room1")


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
        assert account.ratings["2"] == Rating()  # other player counts untouched
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


@pytest.mark.parametrize(("players", "seat", "ranks"), [(4, 1, [0, 1]), (2, 0, [1, 0])])
def test_a_resignation_places_the_resigning_side_last(
    players: int, seat: int, ranks: list[int]
) -> None:
    assert side_ranks(_finished(players, seat)) == ranks


def test_three_player_resignation_leaves_the_other_two_level() -> None:
    """With no hand won yet, the two who stay are level: both placed first."""
    assert side_ranks(_finished(3, 2)) == [0, 0, 1]


def test_a_played_match_ranks_its_winner_first() -> None:
    match = _finished(2, None)
    ranks = side_ranks(match)
    assert match.outcome is not None
    assert sorted(ranks) == [0, 1] and ranks[match.outcome.winners[0]] == 0
