"""How a rated match moves its players' ratings: openskill's Bradley-Terry model with full
pairing, made for teams and for several players, so that in a four-player match each
partnership is a team of two and a player's rating moves with their partner's. Its
pairwise comparisons keep the order of places with ties: among five Chiamata players a
better place never gains less, and tied places move alike (openskill's Plackett-Luce,
used before, gave a second place more than three tied winners). Pure: the accounts before,
the result, the time in; the accounts after and what each player's history keeps out."""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import BradleyTerryFull

from briscola.accounts.model import Account, MatchEntry, Point
from briscola.table.events import SeatRating
from briscola.table.rated import RatedResult
from briscola.wire.ratings import Rating

_MODEL = BradleyTerryFull()


@dataclass(frozen=True)
class Settlement:
    """A rated match's effect: every player's account with its new rating (and version),
    the point added to their rating history, the match as their history lists it, and each
    seat's new rating and move (for the table)."""

    accounts: list[Account]
    points: dict[str, Point]
    entries: dict[str, MatchEntry]
    seats: list[SeatRating]


def settle(result: RatedResult, accounts: dict[str, Account], at: float) -> Settlement:
    """Rate ``result`` from ``accounts`` (every seated player's, by id) as they are now."""
    key = result.kind
    sides = len(result.ranks)
    teams = [[seat for seat in result.seats if seat.side == side] for side in range(sides)]
    before = {
        seat.account: accounts[seat.account].ratings.get(key, Rating()) for seat in result.seats
    }
    rated = _MODEL.rate(
        [
            [_MODEL.rating(mu=before[s.account].mu, sigma=before[s.account].sigma) for s in team]
            for team in teams
        ],
        ranks=list(result.ranks),
    )
    best = min(result.ranks)
    drawn = len(set(result.ranks)) == 1
    changed: list[Account] = []
    points: dict[str, Point] = {}
    entries: dict[str, MatchEntry] = {}
    seats: list[SeatRating] = []
    for side, team in enumerate(teams):
        for seat, new in zip(team, rated[side], strict=True):
            old = before[seat.account]
            rating = Rating.of(new.mu, new.sigma, old.matches + 1)
            change = rating.ordinal - old.ordinal
            account = accounts[seat.account]
            ratings = {**account.ratings, key: rating}
            changed.append(
                Account(account.id, account.name, account.created, ratings, account.version + 1)
            )
            points[seat.account] = Point(
                at, result.match_id, rating.mu, rating.sigma, rating.ordinal
            )
            entries[seat.account] = MatchEntry(
                match_id=result.match_id,
                players=result.players,
                kind=result.kind,
                at=at,
                room=result.room,
                result="drawn" if drawn else "won" if result.ranks[side] == best else "lost",
                side=side,
                partners=[s.name for s in team if s.seat != seat.seat],
                opponents=[s.name for s in result.seats if s.side != side],
                hands=list(result.hands),
                change=change,
                on_time=result.lost_on_time is not None,
            )
            seats.append(SeatRating(seat.seat, rating, change))
    return Settlement(changed, points, entries, sorted(seats, key=lambda s: s.seat))
