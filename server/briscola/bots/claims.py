"""The codebook's signals as claims about the signaller's hand, for the bots: what a bot
signals (only what is true of its hand) and what it reads from a partner's signals (taken
as true). Requests (``play_liscio``, ``play_carico``) claim nothing; bots make none.

A claim is about one set of cards: the hand holds at least ``least`` of them and, when
``most`` is not ``None``, at most ``most``. The trump honours name one card each
(``ace_of_trumps`` … ``jack_of_trumps``); ``low_trumps`` says the hand holds a trump worth
no points (2 to 7); ``no_trumps`` that it holds no trump; ``carico`` that it holds an Ace or
a Three of another suit. A claim is true when it is made; afterwards the signaller plays
cards (seen by everyone) and draws (unseen), which :func:`standing` accounts for.

>>> from briscola.engine import Suit
>>> claim = meaning(SignalCode.NO_TRUMPS, Suit.CUPS)
>>> claim.least, claim.most, claim.cards.bit_count()
(0, 0, 10)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from briscola.engine import (
    PARTNERSHIP_COUNTS,
    Card,
    HandView,
    Rank,
    SignalCode,
    SignalView,
    Suit,
)
from briscola.engine.deal import deck_size

from .player import TrickBot, View
from .sim import POINTS, SIDE, bits

_HONOURS: Final = {
    SignalCode.ACE_OF_TRUMPS: Rank.ACE,
    SignalCode.THREE_OF_TRUMPS: Rank.THREE,
    SignalCode.KING_OF_TRUMPS: Rank.KING,
    SignalCode.KNIGHT_OF_TRUMPS: Rank.KNIGHT,
    SignalCode.JACK_OF_TRUMPS: Rank.JACK,
}
#: The claims a bot makes, most useful first: the trump honours, a load, low or no trumps.
ORDER: Final = (*_HONOURS, SignalCode.CARICO, SignalCode.LOW_TRUMPS, SignalCode.NO_TRUMPS)


@dataclass(frozen=True, slots=True)
class Claim:
    """The hand holds at least ``least`` of ``cards`` (a bit set of card indices) and at
    most ``most`` (``None``: any number)."""

    cards: int
    least: int
    most: int | None = None

    def holds(self, hand: int) -> bool:
        """Whether a hand (a bit set) is as the claim says."""
        return self.allows((hand & self.cards).bit_count())

    def allows(self, count: int) -> bool:
        """Whether a hand holding ``count`` of the claim's cards is as it says."""
        return count >= self.least and (self.most is None or count <= self.most)


def _suit(trump: int) -> range:
    return range(trump * 10, trump * 10 + 10)


def _meanings(trump: int) -> dict[SignalCode, Claim]:
    trumps = _suit(trump)
    plain = [card for card in range(40) if card not in trumps]
    claims = {code: Claim(1 << (trump * 10 + rank), 1) for code, rank in _HONOURS.items()}
    claims[SignalCode.LOW_TRUMPS] = Claim(bits([c for c in trumps if not POINTS[c]]), 1)
    claims[SignalCode.NO_TRUMPS] = Claim(bits(trumps), 0, 0)
    claims[SignalCode.CARICO] = Claim(bits([c for c in plain if POINTS[c] >= 10]), 1)
    return claims


#: ``_MEANINGS[trump]``: each claiming code's claim with that trump suit.
_MEANINGS: Final = tuple(_meanings(trump) for trump in range(4))


def meaning(code: SignalCode, trump: int) -> Claim | None:
    """What ``code`` claims of the signaller's hand when ``trump`` is trumps; ``None`` for
    a request."""
    return _MEANINGS[trump].get(code)


def honours_claimed(view: HandView) -> list[int]:
    """The trump honours the viewer's partners signalled holding (taken as true: never in
    an opponent's hand, whether still held or played since)."""
    seat = view.seat
    if seat is None or not view.signals:
        return []
    side = SIDE[view.players][seat]
    trump = Suit.from_code(view.trump)
    return [
        trump * 10 + _HONOURS[SignalCode(signal.signal)]
        for signal in view.signals
        if signal.signal in _HONOURS
        and signal.seat != seat
        and SIDE[view.players][signal.seat] == side
    ]


def draw_rounds(players: int) -> int:
    """How many times every seat draws in a hand: after each of the first so many tricks."""
    return (deck_size(players) - 3 * players) // players


def standing(claim: Claim, made: int, tricks: int, players: int, since: int) -> Claim:
    """What a claim made after ``made`` tricks still says after ``tricks``: each draw since
    may have brought a card of the set (``most`` grows by one a draw), each of its cards
    the signaller was seen playing since (``since`` of them, counted from the trick it was
    made in, whose cards may have come before it) may have been one it meant (``least``
    shrinks by one)."""
    rounds = draw_rounds(players)
    drawn = max(0, min(tricks, rounds) - min(made, rounds))
    most = None if claim.most is None else claim.most + drawn
    return Claim(claim.cards, max(0, claim.least - since), most)


class Signaller(TrickBot):
    """The signals of a trick-and-draw bot of any level: :func:`signal_for` its seat's
    view."""

    def signal(self, view: View) -> SignalCode | None:
        """The signal this seat makes now, if any: call it with the seat's view whenever
        the table plays signals (see :func:`signal_for`).

        Raises:
            ValueError: if the view is another seat's, or a Chiamata view.
        """
        if type(view) is not HandView:
            raise ValueError("a bot of the trick-and-draw games was given a Chiamata view")
        if view.seat != self.seat:
            raise ValueError(f"seat {self.seat}'s bot was given the view of seat {view.seat}")
        return signal_for(view)


def signal_for(view: HandView) -> SignalCode | None:
    """The signal a bot makes now, if any: the first claim of :data:`ORDER` true of its
    hand that its partners do not know yet. At most one a trick, from the end of the first
    trick (as ``signal_refusal`` allows, read from the view); a trump honour once a hand (it
    stands until the card is played), another claim again only after a draw has changed the
    hand. ``None`` when it has nothing to say, or is not at a table of partners."""
    seat = view.seat
    if seat is None or view.over or view.players not in PARTNERSHIP_COUNTS:
        return None
    tricks = view.tricks_played
    mine = [signal for signal in view.signals if signal.seat == seat]
    if tricks < 1 or any(signal.tricks == tricks for signal in mine):
        return None
    trump = Suit.from_code(view.trump)
    hand = bits([Card.from_code(code).index for code in view.hand])
    last_draw = min(tricks, draw_rounds(view.players))
    for code in ORDER:
        claim = _MEANINGS[trump][code]
        if claim.holds(hand) and not _known(code, mine, last_draw):
            return code
    return None


def _known(code: SignalCode, mine: list[SignalView], last_draw: int) -> bool:
    """Whether the partners already know this true claim: a trump honour from any earlier
    signal, another claim from one made since the last draw."""
    made = [signal.tricks for signal in mine if signal.signal == code]
    if code in _HONOURS:
        return bool(made)
    return any(tricks >= last_draw for tricks in made)
