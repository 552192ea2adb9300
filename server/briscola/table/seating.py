"""Who sits where, and whether they are there: people sitting down, taking their seat back
with its token or their account, leaving, coming and going; the host's bots and moves.
Seats are fixed once the match has started."""

from __future__ import annotations

from briscola.bots import Level
from briscola.engine import PARTNERSHIP_COUNTS
from briscola.table.events import (
    AwaySet,
    BotAdded,
    Claimed,
    Moved,
    Presence,
    ReadySet,
    Seated,
    SeatFreed,
    SeatKind,
    StandIn,
)
from briscola.table.playing import Playing
from briscola.table.state import Status
from briscola.wire.errors import Code, Refusal
from briscola.wire.ratings import Rating


class Seating(Playing):
    """The seats' commands: each checks the rules of the house, then emits its events."""

    def sit(
        self,
        name: str,
        seat: int | None,
        side: int | None,
        now: float,
        account: tuple[str, Rating] | None = None,
    ) -> tuple[int, str]:
        """Seat a new person: at ``seat``, in partnership ``side``, or anywhere free; an
        account holder with their account and rating (a rated table seats only them)."""
        self._now = now
        if self.rules.rated and account is None:
            raise Refusal(Code.ACCOUNT_REQUIRED, "a rated table seats only signed-in players")
        if self.rules.paced and account is None:
            raise Refusal(
                Code.ACCOUNT_REQUIRED, "a table at your own pace seats only signed-in players"
            )
        self._require_waiting()
        index = self._choose_seat(seat, side)
        token = self.entropy(18).hex()
        held, rating = account if account is not None else (None, None)
        self._emit(Seated(index, name, token, held, rating))
        return index, token

    def claim(self, seat: int, account: str, name: str, rating: Rating) -> None:
        """A guest's seat becomes an account's, its holder having signed in (a seat that
        is an account's already stays that one's: the token opened it)."""
        if self.seats[seat].account is None and self.seat_of_account(account) is None:
            self._emit(Claimed(seat, account, name, rating))

    def seat_of_account(self, account: str) -> int | None:
        """The seat an account holds here, if any."""
        return next((s.index for s in self.seats if s.account == account), None)

    def resume(self, token: str, now: float) -> int:
        """A person takes back their seat with its token."""
        self._now = now
        seat = self.seat_of(token)
        if seat is None:
            raise Refusal(Code.BAD_TOKEN, "that token opens no seat at this table")
        self.connect(seat, now)
        self.acted(seat, now)
        return seat

    def connect(self, seat: int, now: float) -> None:
        """The person is back: connected, and their stand-in (if any) stands down."""
        self._now = now
        s = self.seats[seat]
        if not s.connected:
            self._emit(Presence(seat, True))
        if s.standin:
            self._emit(StandIn(seat, False))

    def disconnect(self, seat: int, now: float, *, left: bool = False) -> None:
        """The person's connection went (``left``: they left with ``leave``): gone from now
        (their grace period runs). After the match their yes to a rematch goes with them: it
        stands only while they are here."""
        self._now = now
        s = self.seats[seat]
        if s.connected or (left and not s.left):
            self._emit(Presence(seat, False, left))
        if s.ready and self.status is Status.OVER:
            self._emit(ReadySet(seat, False))

    def acted(self, seat: int, now: float) -> None:
        """A person who sends anything takes their seat back from the bot."""
        self._now = now
        if self.seats[seat].away:
            self._emit(AwaySet(seat, False))

    def leave(self, seat: int, now: float) -> None:
        """Before the match the seat is freed; after, the person is gone and has left: the
        seat stays theirs to take back (a rematch being agreed included: their yes goes, see
        :meth:`disconnect`), but nobody waits for them (:attr:`deserted`)."""
        self._now = now
        if self.match is None:
            self._emit(SeatFreed(seat))
        else:
            self.disconnect(seat, now, left=True)

    def add_bot(self, by: int, seat: int, now: float, level: Level = Level.STRONG) -> None:
        self._now = now
        self._require_host(by)
        if self.rules.rated:
            raise Refusal(Code.RATED_TABLE, "bots do not sit at rated tables")
        self._require_waiting()
        if seat >= self.rules.players:
            raise Refusal(Code.INVALID_SEAT, f"this table has seats 0 to {self.rules.players - 1}")
        if not self.seats[seat].free:
            raise Refusal(Code.SEAT_TAKEN, f"seat {seat} is taken")
        self._emit(BotAdded(seat, level.value))
        self._maybe_start()

    def remove_bot(self, by: int, seat: int, now: float) -> None:
        self._now = now
        self._require_host(by)
        self._require_waiting()
        if seat >= self.rules.players or self.seats[seat].kind is not SeatKind.BOT:
            raise Refusal(Code.INVALID_SEAT, f"there is no bot in seat {seat}")
        self._emit(SeatFreed(seat))

    def move(self, by: int, seat: int, to: int, now: float) -> None:
        self._now = now
        self._require_host(by)
        self._require_waiting()
        n = self.rules.players
        if seat >= n or to >= n or self.seats[seat].free:
            raise Refusal(Code.INVALID_SEAT, "move names an occupied seat and a seat of this table")
        if seat != to:
            self._emit(Moved(seat, to))

    def _choose_seat(self, seat: int | None, side: int | None) -> int:
        n = self.rules.players
        if seat is not None:
            if seat >= n:
                raise Refusal(Code.INVALID_SEAT, f"this table has seats 0 to {n - 1}")
            if not self.seats[seat].free:
                raise Refusal(Code.SEAT_TAKEN, f"seat {seat} is taken")
            return seat
        if side is not None and n not in PARTNERSHIP_COUNTS:
            raise Refusal(
                Code.BAD_MESSAGE, "partnerships exist only at four- and six-player tables"
            )
        for s in self.seats:
            if s.free and (side is None or s.index % 2 == side):
                return s.index
        where = "in that partnership" if side is not None else "at this table"
        raise Refusal(Code.ROOM_FULL, f"no free seat {where}")

    def _require_waiting(self) -> None:
        if self.match is not None:
            raise Refusal(Code.MATCH_STARTED, "seats are fixed once the match has started")

    def _require_host(self, seat: int) -> None:
        if seat != self.host:
            raise Refusal(Code.NOT_HOST, "only the table's host may do that")
