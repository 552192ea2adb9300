"""Time at a table, as deadlines: the move clock (and a person marked away when it keeps
running out), the grace period of a person who is gone (then a stand-in, or a forfeit at a
rated table), the bots' delay and the pause between hands. The owner asks when the next
one is (:meth:`Timing.next_deadline`) and calls :meth:`Timing.tick` then."""

from __future__ import annotations

from briscola.table.events import AwaySet, Expiries, Resigned, SeatFreed, StandIn
from briscola.table.pace import Pace
from briscola.table.playing import Playing
from briscola.table.state import Status
from briscola.table.thinking import Thinking

#: A connected person whose move clock runs out this many turns in a row is marked away.
AWAY_AFTER = 2


class Timing(Pace, Playing, Thinking):
    """What falls due at a table, and when."""

    def next_deadline(self) -> float | None:
        """When :meth:`tick` next has something to do, or ``None`` (always while adjourned:
        a person coming back changes the table, which asks again)."""
        if self.adjourned:
            return None
        deadlines = []
        status = self.status
        turn = self._turn()
        paced = self.rules.paced
        if status is Status.PLAYING and turn is not None:
            if paced and self.seats[turn].human:
                if self.deadline_at is not None:
                    deadlines.append(self.deadline_at)
            elif not self._server_moves(turn):
                deadlines.append(self._turn_since + self.rules.clock)
            elif not self._thinking(turn):  # else the strong bot's answer comes first
                deadlines.append(self._move_due(turn))
        elif status is Status.BETWEEN_HANDS:
            deadlines.append(self._turn_since + self.pause)
        for s in self.seats:
            if s.human and s.gone_since is not None and not s.standin and not paced:
                deadlines.append(s.gone_since + self.rules.grace)
        return min(deadlines) if deadlines else None

    def tick(self, now: float) -> None:
        """Do what is due at ``now``: bot moves, expired clocks, ended grace, the next deal.
        Nothing while the table is adjourned."""
        self._now = now
        if self.adjourned:
            return
        if self.rules.paced:
            self._tick_paced(now)
            return
        for s in self.seats:
            expired = s.gone_since is not None and now >= s.gone_since + self.rules.grace
            if s.human and expired and not s.standin:
                if self.match is None:
                    self._emit(SeatFreed(s.index))
                elif self.rules.rated and not self.match.over:
                    self._emit(Resigned(s.index))  # gone past the grace: the side forfeits
                    return
                else:
                    self._emit(StandIn(s.index, True))
        turn = self._playing_turn(now)
        if turn is None:
            return
        seat = self.seats[turn]
        if not self._server_moves(turn) and now >= self._turn_since + self.rules.clock:
            # The server plays this one move; only a person who is gone, or whose clock ran
            # out AWAY_AFTER turns in a row, is marked away (the bot then plays at once).
            count = seat.expiries + 1
            self._emit(Expiries(turn, count))
            if count >= AWAY_AFTER or not seat.connected:
                self._emit(AwaySet(turn, True))
            else:
                self._owed = turn
        if self._server_moves(turn) and now >= self._move_due(turn):
            self._server_move(turn)

    def _playing_turn(self, now: float) -> int | None:
        """Deal the next hand once the pause between hands is over; the seat to move while
        a hand is played (None otherwise, or when a deal was just made)."""
        status = self.status
        if status is Status.BETWEEN_HANDS and now >= self._turn_since + self.pause:
            self._deal()
            return None
        turn = self._turn()
        return turn if status is Status.PLAYING else None

    def _tick_paced(self, now: float) -> None:
        """At a table at its own pace nobody is waited for or stood in for: a person whose
        deadline passed loses the match for their side (their side resigns, on time); the
        bots move and the hands are dealt as at a live table."""
        turn = self._playing_turn(now)
        if turn is None:
            return
        if self.seats[turn].human:
            if self.deadline_at is not None and now >= self.deadline_at:
                self._emit(Resigned(turn, timeout=True))
        elif now >= self._move_due(turn):
            self._server_move(turn)
