"""A Chiamata deal and match as frozen values. Secrets (the hands, who holds the called
card, the seed) live here; :mod:`.view` decides who may see what."""

from __future__ import annotations

from dataclasses import dataclass

from .._values import replacer
from ..actions import PlayCard, Resign
from ..cards import Card, Suit
from ..match import MatchOutcome
from ..phase import Phase
from ..state import TrickRecord
from .actions import Bid, Call, ChiamataAction, Speech
from .options import PLAYERS, ChiamataRules
from .scoring import DealResult


class _Cached:
    """A slot beside a deal's fields for what :mod:`.view` works out once per state (the
    view every viewer shares). Not a field: equality, hashing, ``repr`` and pickling see
    only the fields, and a state made anew has it unset."""

    __slots__ = ("_public",)


@dataclass(frozen=True, slots=True)
class DealState(_Cached):
    """One deal, from the deal to the last trick (or to a resignation, or to the fifth
    pass of an auction nobody bid in: a void deal).

    ``phase`` is ``AUCTION``, ``CALL``, ``PLAY`` or ``OVER``; ``turn`` the seat to act, or
    ``None`` once it is over. ``auction`` holds every bid and pass in order, ``passed``
    who has passed, ``high`` the high bid. ``caller`` is the auction's winner once it is
    over; ``called`` the card they called. ``partner`` is **secret**: the seat that held
    the called card at the call (the caller themself when they called their own card and
    play alone), public only once ``revealed`` (the called card has been played) or the
    deal is over. ``captured`` holds each seat's own tricks.
    """

    rules: ChiamataRules
    dealer: int
    seed: bytes
    commitment: str
    hands: tuple[tuple[Card, ...], ...]
    phase: Phase
    turn: int | None
    auction: tuple[Speech, ...] = ()
    passed: tuple[bool, ...] = (False,) * PLAYERS
    high: Bid | None = None
    caller: int | None = None
    called: Card | None = None
    partner: int | None = None
    leader: int = 0
    trick: tuple[Card, ...] = ()
    tricks: tuple[TrickRecord, ...] = ()
    captured: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS
    revealed: bool = False
    resigned: int | None = None

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def void(self) -> bool:
        """Everyone passed: the deal does not count and the same dealer deals again."""
        return self.phase is Phase.OVER and self.caller is None and self.resigned is None

    @property
    def trumps(self) -> Suit | None:
        """The called card's suit, once it is called."""
        return None if self.called is None else self.called.suit

    @property
    def alone(self) -> bool:
        """Whether the caller called their own card (only once there is a partner)."""
        return self.partner is not None and self.partner == self.caller

    @property
    def log(self) -> tuple[ChiamataAction, ...]:
        """Every action accepted, in order: the auction, the call, the cards played, and a
        resignation (which ends a deal, so it comes last)."""
        log: list[ChiamataAction] = list(self.auction)
        if self.caller is not None and self.called is not None:
            log.append(Call(self.caller, self.called))
        for leader, cards in [
            *((t.leader, t.cards) for t in self.tricks),
            (self.leader, self.trick),
        ]:
            log += [
                PlayCard((leader + offset) % PLAYERS, card) for offset, card in enumerate(cards)
            ]
        if self.resigned is not None:
            log.append(Resign(self.resigned))
        return tuple(log)


#: ``dataclasses.replace`` for a deal, the fast way (the rules' every action makes one).
evolve = replacer(DealState)


@dataclass(frozen=True, slots=True)
class ChiamataMatch:
    """A match of ``rules.deals`` counted deals. ``hand`` is the current (or last) deal;
    ``dealt`` counts every deal dealt and ``voids`` those everyone passed, which the same
    dealer deals again; ``scores`` are the seats' match points, ``results`` each counted
    deal's score."""

    rules: ChiamataRules
    first_dealer: int
    hand: DealState | None = None
    dealt: int = 0
    voids: int = 0
    scores: tuple[int, ...] = (0,) * PLAYERS
    results: tuple[DealResult, ...] = ()
    outcome: MatchOutcome | None = None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def counted(self) -> int:
        """The counted deals dealt: the one being played included, void ones aside."""
        return self.dealt - self.voids

    @property
    def next_dealer(self) -> int:
        """Who deals next: the deal passes one seat after each counted deal; a void deal
        is dealt again by its dealer."""
        return (self.first_dealer + self.counted) % PLAYERS

    @property
    def between_hands(self) -> bool:
        """No deal is being played: before the first, between two, or at the end."""
        return self.hand is None or self.hand.over
