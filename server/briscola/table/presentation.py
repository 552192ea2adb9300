"""What a table shows: its public summary (the lobby's and every state's), the state for a
seat or a spectator around the engine's projection, who a recipient is, and the turn's
clock."""

from __future__ import annotations

from typing import Any

import msgspec

from briscola.bots import Level
from briscola.engine import MatchView, side_of
from briscola.table.events import SeatKind
from briscola.table.state import Seat, TableState
from briscola.wire.messages import Clock, RoomSummary, SeatInfo, StateMessage, You


class Presentation(TableState):
    """The table's views, built from its state (none changes it)."""

    def summary(self, spectators: int) -> RoomSummary:
        n = self.rules.players
        return RoomSummary(
            id=self.id,
            name=self.rules.name or f"Table {self.id[:6]}",
            rules=self.rules,
            status="adjourned" if self.adjourned else self.status.value,
            seats=[
                SeatInfo(
                    seat=s.index,
                    side=side_of(s.index, n),
                    name=s.name,
                    kind=s.kind.value if s.kind is not None else None,
                    ready=s.ready,
                    connected=s.connected or s.kind is SeatKind.BOT,
                    away=s.away,
                    bot_playing=s.human and (s.away or s.standin),
                    host=self.host == s.index,
                    level=_shown_level(s, self.stand_in),
                    account=s.account,
                    rating=s.rating if self.rules.rated else None,
                    rating_change=s.rating_change if self.rules.rated else None,
                )
                for s in self.seats
            ],
            free_seats=sum(1 for s in self.seats if s.free),
            spectators=spectators,
        )

    def state_message(
        self, seat: int | None, summary: msgspec.Raw | None, clock: Clock | None
    ) -> StateMessage:
        """The full state for one seat (or a spectator): built on the engine's projection.
        ``summary`` is the room's public summary, encoded once for every recipient (None
        for those who have it already)."""
        match = self.game.view(self.match, seat) if self.match is not None else None
        return self._state(self.you(seat), match, summary, clock)

    def state_template(
        self, summary: msgspec.Raw | None, clock: Clock | None, hole: Any
    ) -> StateMessage:
        """The state with ``hole`` in ``you`` and in each field of the hand's view that is
        one seat's own (:func:`briscola.engine.view.template`): for an encoder that puts
        each recipient's values in (:mod:`briscola.table.states`). A hand must be on."""
        assert self.match is not None
        return self._state(hole, self.game.template(self.match, hole), summary, clock)

    def you(self, seat: int | None) -> You:
        """Who a recipient is at the table: its seat (None: a spectator), and host or not."""
        return You(seat, seat is not None and seat == self.host)

    def clock(self, now: float) -> Clock | None:
        """The turn's clock as the players see it: none while the server moves for the seat
        or the table is adjourned."""
        turn = self._turn()
        if turn is None or self.seats[turn].bot_moves or self.adjourned:
            return None
        if self.rules.paced:
            at = self.deadline_at
            if at is None or self.deadline_seat != turn:
                return None
            return Clock(turn, max(0, int((at - now) * 1000)), at)
        remaining = self._turn_since + self.rules.clock - now
        return Clock(turn, max(0, int(remaining * 1000)))

    def _state(
        self, you: You, match: MatchView | None, summary: msgspec.Raw | None, clock: Clock | None
    ) -> StateMessage:
        return StateMessage(
            version=self.shown_version,
            room=summary,
            you=you,
            match=match,
            hand_id=self.hands[-1].hand_id if self.hands else None,
            clock=clock,
            records=self.records,
        )


def _shown_level(s: Seat, stand_in: Level) -> str | None:
    """The level of the bot that moves for the seat now, as the summary shows it."""
    if s.kind is SeatKind.BOT:
        return (s.level or Level.NORMAL).value
    if s.human and (s.away or s.standin):
        return stand_in.value
    return None
