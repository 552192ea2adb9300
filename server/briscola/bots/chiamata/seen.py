"""What one seat knows at a decision of the play, from its view and its memory, as card
indices: :class:`Knowledge`.

Everything in it is public or the seat's own: its hand, the trick, the cards seen played and
who took them, how many cards each seat holds, the caller, the called card and trumps, the
contract's target, the table's options (whether the caller may have called their own card,
whether a deal of all 120 points counts double) and — only when the seat may know it — who
holds the called card: itself when its view says ``partner``, everyone's knowledge once the
card has been played.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from briscola.engine import DECK, Card, DealView
from briscola.engine.chiamata import Auction, ChiamataRules

from ..sim import POINTS
from .memory import Memory, Trick
from .sim import SEATS

_CODES: Final = {card.code: card.index for card in DECK}
_ALL: Final = (1 << 40) - 1


def bits(codes: Iterable[str]) -> int:
    """The bit set of these card codes."""
    found = 0
    for code in codes:
        found |= 1 << _CODES[code]
    return found


def index(code: str) -> int:
    """A card code's canonical index."""
    return _CODES[code]


def auction_of(view: DealView) -> Auction:
    """Which auction the deal has, as its view tells: a rank in the high bid or the bids
    the seat may make means the rank auction (the table's options are not in the view)."""
    high = view.contract or view.high
    if high is not None:
        return Auction.POINTS if high.rank is None else Auction.RANK
    return Auction.RANK if view.bids.ranks else Auction.POINTS


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows at its decision in the play. ``played`` holds the cards seen
    played (the trick's included) and ``points`` what each seat took in the tricks seen;
    ``missed`` the winners of the tricks it did not see (a bot made in mid-deal), whose cards
    are among ``unseen``, the cards it cannot place. ``revealed``: the called card has been
    played (perhaps in a trick it did not see). ``holder`` is the seat holding the
    called card when this seat knows it (``None`` while it is hidden from it; the caller
    when they called their own card). ``tricks_seen`` are the tricks it saw whole, for what
    the play tells of who the partner is."""

    seat: int
    trump: int
    hand: int
    leader: int
    trick: tuple[int, ...]
    tricks: int
    played: int
    points: tuple[int, ...]
    sizes: tuple[int, ...]
    caller: int
    called: int
    revealed: bool
    holder: int | None
    target: int
    self_call: bool
    cappotto: bool
    missed: tuple[int, ...]
    unseen: tuple[int, ...]
    tricks_seen: tuple[Trick, ...]

    @property
    def cards_left(self) -> int:
        """The cards still to be played in the deal."""
        return sum(self.sizes)


def knowledge(view: DealView, memory: Memory, rules: ChiamataRules) -> Knowledge:
    """What the seat's view, memory and the table's options tell, in the play.

    Raises:
        ValueError: if the view is not of the play, or is a spectator's.
    """
    seat = view.seat
    if seat is None or view.called is None or view.caller is None or view.contract is None:
        raise ValueError("a seat's knowledge of the play needs its view of the play")
    hand = bits(view.hand)
    trick = tuple(index(code) for code in view.trick.cards)
    played = memory.played()
    for card in trick:
        played |= 1 << card
    points = [0] * SEATS
    seen = []
    missed = []
    for number, trick_seen in enumerate(memory.tricks):
        if trick_seen is None:
            missed.append(view.winners[number])
            continue
        seen.append(trick_seen)
        points[trick_seen.winner] += sum(POINTS[card] for card in trick_seen.cards)
    called = index(view.called)
    if view.holder is not None:
        holder: int | None = view.holder
    elif view.partner:
        holder = seat
    else:
        holder = None
    unseen = _ALL & ~hand & ~played
    return Knowledge(
        seat=seat,
        trump=Card.from_code(view.called).suit,
        hand=hand,
        leader=view.trick.leader,
        trick=trick,
        tricks=view.tricks_played,
        played=played,
        points=tuple(points),
        sizes=view.hand_sizes,
        caller=view.caller,
        called=called,
        revealed=view.holder is not None,
        holder=holder,
        target=view.contract.target,
        self_call=rules.self_call,
        cappotto=rules.cappotto,
        missed=tuple(missed),
        unseen=tuple(card for card in range(40) if unseen >> card & 1),
        tricks_seen=tuple(seen),
    )
