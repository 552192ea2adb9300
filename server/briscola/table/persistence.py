"""A table to and from its mirror: the snapshot taken of it, and the table rebuilt from a
snapshot and the events since, by applying events (the snapshot's own, then those), so a
restore changes the table as play does and through the same code."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Self

from briscola.bots import Level
from briscola.table.appliers import Applying
from briscola.table.events import (
    AnyEvent,
    AwaySet,
    BotAdded,
    DeadlineSet,
    Dealt,
    Event,
    Expiries,
    MatchStarted,
    Presence,
    RatingsSettled,
    ReadySet,
    Seated,
    SeatKind,
    SeatRating,
    StandIn,
)
from briscola.table.snapshots import HandSnapshot, SeatSnapshot, TableSnapshot
from briscola.table.state import Entropy


class Persistence(Applying):
    """The table's snapshot, and the table rebuilt from its mirror."""

    def snapshot(self) -> TableSnapshot:
        return TableSnapshot(
            id=self.id,
            rules=self.rules,
            version=self.version,
            quiet=self.quiet,
            host=self.host,
            seats=[
                SeatSnapshot(
                    s.kind,
                    s.name,
                    s.token,
                    s.ready,
                    s.connected,
                    s.away,
                    s.standin,
                    s.expiries,
                    s.level.value if s.level is not None else None,
                    s.account,
                    s.rating,
                    s.rating_change,
                    s.left,
                )
                for s in self.seats
            ],
            match_id=self.match_id,
            match_seed=self.match_seed,
            hands=[HandSnapshot(h.hand_id, h.seed, list(h.actions)) for h in self.hands],
            settled=self.settled,
            deadline=(
                DeadlineSet(self.turn_key, self.deadline_seat, self.deadline_at)
                if self.rules.paced
                else None
            ),
        )

    @classmethod
    def restore(
        cls,
        snapshot: TableSnapshot,
        events: list[tuple[int, AnyEvent]],
        *,
        entropy: Entropy,
        now: float,
        bot_delay: float = 0.8,
        pause: float = 15.0,
        stand_in: Level = Level.STRONG,
    ) -> Self:
        """Rebuild a table from its mirror: the snapshot, then the later events in order.

        Every person counts as gone until they reconnect, so a match in progress is
        adjourned until the first of them does; its clock then starts in full (a restart
        never eats a player's time), and the grace period of those gone already runs again
        from the restart. A table at its own pace is never adjourned: its deadline is the
        one it had, and one that passed meanwhile is due at once.
        """
        table = cls(
            snapshot.id,
            snapshot.rules,
            entropy=entropy,
            now=now,
            bot_delay=bot_delay,
            pause=pause,
            stand_in=stand_in,
        )
        for event in _rebuilding(snapshot):
            table._apply(event)
        table.version, table.quiet = snapshot.version, snapshot.quiet
        for version, later in events:
            if version > table.version:
                table._apply(later)
                table.version = version
        table.finished.clear()
        table.heard.clear()
        table.snapshot_due = False
        table.pace_changed = False  # the store has its deadline (a repair writes it again)
        for s in table.seats:
            if s.human and s.connected:
                table._emit(Presence(s.index, False))
        return table


def _rebuilding(snapshot: TableSnapshot) -> Iterator[Event]:
    """The events that take a new table to ``snapshot``: its match, deal by deal and action
    by action; then each seat (the host's first, which makes it the host), as its holder sat
    and as it is now; then the ratings last settled."""
    if snapshot.match_seed is not None:
        assert snapshot.match_id is not None
        yield MatchStarted(snapshot.match_id, snapshot.match_seed)
        for hand in snapshot.hands:
            yield Dealt(hand.hand_id, hand.seed)
            yield from hand.actions
    seats = list(enumerate(snapshot.seats))
    for index, seat in sorted(seats, key=lambda item: item[0] != snapshot.host):
        yield from _seat_events(index, seat)
    if snapshot.settled is not None:
        changes = [
            SeatRating(index, s.rating, s.rating_change)
            for index, s in seats
            if s.rating is not None and s.rating_change is not None
        ]
        yield RatingsSettled(snapshot.settled, changes)
    if snapshot.deadline is not None:
        yield snapshot.deadline


def _seat_events(index: int, seat: SeatSnapshot) -> Iterator[Event]:
    """One seat's events: its holder sitting down (a person seated is connected and not
    ready; a bot is both), then each of its flags that differs from that."""
    if seat.kind is None:
        return
    if seat.kind is SeatKind.BOT:
        yield BotAdded(index, seat.level or Level.NORMAL.value, seat.name)
    else:
        assert seat.name is not None and seat.token is not None
        yield Seated(index, seat.name, seat.token, seat.account, seat.rating)
    if seat.ready != (seat.kind is SeatKind.BOT):
        yield ReadySet(index, seat.ready)
    if not seat.connected:
        yield Presence(index, False, seat.left)
    if seat.away:
        yield AwaySet(index, True)
    if seat.standin:
        yield StandIn(index, True)
    if seat.expiries:
        yield Expiries(index, seat.expiries)
