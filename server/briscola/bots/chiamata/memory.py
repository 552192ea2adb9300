"""What one seat remembers of a Chiamata deal: every trick it saw, who led it, its cards and
who took it.

Between two of a seat's cards exactly one trick completes, and the seat's next view shows it
as ``last_trick``: a bot given every view of its seat in order has seen every trick, all of
it public. A bot made in mid-deal (after a restart) knows the tricks from its first view on;
the view still says who took every trick (``winners``), so it knows whose piles the cards it
never saw went to, though not which cards they were.
"""

from __future__ import annotations

from dataclasses import dataclass

from briscola.engine import Card, DealView

from ..memory import check_view
from .sim import SEATS


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick seen whole: its leader, its five cards (indices, in the order played) and
    who took it."""

    leader: int
    cards: tuple[int, ...]
    winner: int

    def player(self, offset: int) -> int:
        """The seat that played the ``offset``-th card."""
        return (self.leader + offset) % SEATS


@dataclass(frozen=True, slots=True)
class Memory:
    """One seat's memory of one deal: ``tricks`` holds each trick played so far, ``None``
    for one it did not see (a bot made in mid-deal)."""

    seat: int
    commitment: str = ""
    tricks: tuple[Trick | None, ...] = ()

    def seen(self, view: DealView) -> Memory:
        """This memory with what ``view`` (this seat's, of the same deal) shows added.

        Raises:
            ValueError: if the view is another seat's, or of another deal.
        """
        check_view(view.seat, view.commitment, self.seat, self.commitment)
        count = view.tricks_played
        tricks = list(self.tricks[:count]) + [None] * (count - len(self.tricks))
        last = view.last_trick
        if last is not None and last.winner is not None:
            cards = tuple(Card.from_code(code).index for code in last.cards)
            tricks[count - 1] = Trick(last.leader, cards, last.winner)
        return Memory(self.seat, view.commitment, tuple(tricks))

    @property
    def complete(self) -> bool:
        """Whether every trick played so far was seen."""
        return None not in self.tricks

    def played(self) -> int:
        """The cards seen played on the tricks taken (a bit set)."""
        found = 0
        for trick in self.tricks:
            if trick is not None:
                for card in trick.cards:
                    found |= 1 << card
        return found
