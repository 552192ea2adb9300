"""A table played at its own pace (``TableRules.deadline``): each person's turn has a
deadline, a date both sides see, kept in the mirror so that it survives every restart; the
owner learns when it changed (for the store's sorted set of deadlines and the players'
list of games) and whose turn began (for a notice to them)."""

from __future__ import annotations

from dataclasses import dataclass

from briscola.table.appliers import Applying
from briscola.table.events import DeadlineSet, Signalled
from briscola.table.state import Status


@dataclass(frozen=True, slots=True)
class PaceEntry:
    """What the store keeps of a table at its own pace besides its mirror: when its
    deadline falls (None: no person's turn runs, or the match is over), whose turn it is
    and who plays there, for the deadlines' poll and each player's list of games."""

    room_id: str
    name: str
    game: str
    players: int
    #: Every seated account (the list of games is theirs).
    accounts: tuple[str, ...]
    #: The account whose turn it is (None: nobody's, or a guest's: there are none).
    turn_account: str | None
    turn_seat: int | None
    deadline: float | None
    #: The match is over (or the table closed): the table leaves every list.
    over: bool


@dataclass(frozen=True, slots=True)
class TurnBegan:
    """A person's turn began at a table at its own pace: the owner tells them (once per
    turn, :class:`briscola.service.notices.TurnNotice`)."""

    account: str
    turn: str
    deadline: float


class Pace(Applying):
    """The deadlines of a table at its own pace."""

    def mark_turn(self, now: float) -> TurnBegan | None:
        """At the end of a step: if another person's turn began, its deadline is set
        (``now`` and the table's deadline), and the turn is handed out once; if no person's
        turn runs any more, the deadline is cleared."""
        if not self.rules.deadline:
            return None
        key, seat = self._running_turn()
        if key == self.turn_key:
            return None
        at = None if key is None else now + self.rules.deadline
        self._emit(DeadlineSet(key, seat, at))
        account = None if seat is None else self.seats[seat].account
        if key is None or at is None or account is None:
            return None
        return TurnBegan(account, key, at)

    def pace_entry(self) -> PaceEntry:
        """The table as the store's deadlines and lists of games keep it."""
        seat = self.deadline_seat
        return PaceEntry(
            self.id,
            self.rules.name or f"Table {self.id[:6]}",  # as the summary names it
            self.rules.game.value,
            self.rules.players,
            tuple(s.account for s in self.seats if s.account is not None),
            None if seat is None else self.seats[seat].account,
            seat,
            self.deadline_at,
            self.status is Status.OVER,
        )

    @property
    def parkable(self) -> bool:
        """Nothing can happen here until a person acts or a deadline falls: no bot to move,
        no pause between hands, no strong bot thinking. Such a table, with nobody at it,
        may leave the process's memory (it is loaded again on demand)."""
        status = self.status
        if status is Status.WAITING:
            return True
        return status is Status.PLAYING and self.turn_key is not None

    def _running_turn(self) -> tuple[str | None, int | None]:
        """The person's turn running now (its key and seat), if any."""
        turn = self._turn()
        if self.status is not Status.PLAYING or turn is None or not self.seats[turn].human:
            return None, None
        log = self.hands[-1]
        moves = sum(1 for action in log.actions if type(action) is not Signalled)
        return f"{log.hand_id}:{moves}:{turn}", turn
