"""What one seat remembers of a hand: the cards it saw played, and whether the table plays
the swap of the 7.

Between two of a seat's turns exactly one trick completes, and the seat's next view shows it
as ``last_trick``: a bot that keeps what each view showed knows every card played, all of it
public, and who took it: the points each side has taken so far. A bot made in mid-hand knows
only what its first view shows (the last trick and the trick on the table);
:attr:`Memory.complete` says whether nothing was missed.
"""

from __future__ import annotations

from dataclasses import dataclass

from briscola.engine import Card, HandView, Rank, Suit, side_count, side_of

from .sim import STRENGTH

_SEVEN_STRENGTH = Rank.SEVEN.strength


@dataclass(frozen=True, slots=True)
class Memory:
    """One seat's memory of one hand.

    ``played`` holds the card indices seen played (on completed tricks or the one on the
    table), ``plays`` each of them as (trick, seat, card) (tricks counted from 0);
    ``swap_rule`` is ``True`` once a swap was offered or seen, ``False`` once the
    seat was in a position to swap and was not offered it, ``None`` while unknown;
    ``complete`` is whether ``played`` is every card played so far. ``scores`` are the
    points each side took in the first ``tricks`` tricks (``()`` before any view), ``None``
    once a trick was missed (a bot made in mid-hand).
    """

    seat: int
    commitment: str = ""
    played: frozenset[int] = frozenset()
    swap_rule: bool | None = None
    complete: bool = True
    scores: tuple[int, ...] | None = ()
    tricks: int = 0
    plays: frozenset[tuple[int, int, int]] = frozenset()

    def seen(self, view: HandView) -> Memory:
        """This memory with what ``view`` (this seat's, of the same hand) shows added.

        Raises:
            ValueError: if the view is another seat's, or of another hand.
        """
        check_view(view.seat, view.commitment, self.seat, self.commitment)
        plays = self.plays | _plays(view)
        played = self.played | {card for _, _, card in plays}
        expected = view.tricks_played * view.players + len(view.trick.cards)
        return Memory(
            self.seat,
            view.commitment,
            played,
            _swap_rule(view, self.swap_rule),
            self.complete and len(played) == expected,
            _scores(view, self.scores, self.tricks),
            view.tricks_played,
            plays,
        )

    def played_by(self, seat: int, since: int, cards: int) -> int:
        """How many of ``cards`` (a bit set) ``seat`` was seen playing from trick ``since``
        (counted from 0) on."""
        return sum(
            cards >> card & 1 for trick, by, card in self.plays if by == seat and trick >= since
        )


def check_view(seat: int | None, commitment: str, memory_seat: int, known: str) -> None:
    """Refuse a view of ``seat`` and ``commitment`` to a memory of ``memory_seat`` that
    has seen views of the deal ``known`` (empty: none yet).

    Raises:
        ValueError: if the view is another seat's, or of another deal.
    """
    if seat != memory_seat:
        raise ValueError(f"a view for seat {seat} given to seat {memory_seat}'s memory")
    if known and commitment != known:
        raise ValueError("a bot plays one deal: this view is of another deal")


def _plays(view: HandView) -> set[tuple[int, int, int]]:
    """The plays a view shows, as (trick, seat, card): the last trick's and the table's."""
    n = view.players
    shown = [(view.tricks_played, view.trick)]
    if view.last_trick is not None:
        shown.append((view.tricks_played - 1, view.last_trick))
    return {
        (trick, (shown_trick.leader + k) % n, Card.from_code(code).index)
        for trick, shown_trick in shown
        for k, code in enumerate(shown_trick.cards)
    }


def _scores(view: HandView, scores: tuple[int, ...] | None, tricks: int) -> tuple[int, ...] | None:
    """The points per side after the view's tricks, from those after ``tricks`` tricks and
    the view's last trick; ``None`` if a trick between was not seen."""
    if scores == ():
        scores = (0,) * side_count(view.players)
    gap = view.tricks_played - tricks
    if scores is None or gap == 0:
        return scores
    last = view.last_trick
    if gap > 1 or last is None or last.winner is None:
        return None
    side = side_of(last.winner, view.players)
    gained = sum(Card.from_code(code).points for code in last.cards)
    return tuple(points + gained * (s == side) for s, points in enumerate(scores))


def _swap_rule(view: HandView, known: bool | None) -> bool | None:
    """Whether the table plays the swap, as far as this view tells."""
    if known is not None:
        return known
    if view.can_swap or view.swaps:
        return True
    seven = Card.of(Rank.SEVEN, Suit.from_code(view.trump)).code
    last = view.last_trick
    could = (
        view.turn == view.seat
        and not view.trick.cards
        and last is not None
        and last.winner == view.seat
        and view.face_up is not None
        and STRENGTH[Card.from_code(view.face_up).index] > _SEVEN_STRENGTH
        and seven in view.hand
    )
    return False if could else None
