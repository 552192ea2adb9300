"""The one projection of Briscola Chiamata: what a seat or a spectator may see of a deal
and of a match. Every message about a Chiamata table is built from these values, so this
module is where its secrecy is decided (docs/RULES.md, "Who knows what").

Everyone sees alike: the dealer and the commitment; every bid and pass, the high bid, whose
turn; the caller, the contract, the called card and trumps once called; how many cards each
seat holds; the trick on the table and the last one, who took each trick and how many cards
each seat has taken; once the called card has been played, who held it (or that the caller
was alone); and when the deal is over every hand as dealt, every pile's points, the score
and the seed. A seat sees besides only what is its own (:data:`OWN_FIELDS`): its cards, the
cards it may play, the bids and the calls it may make, and ``partner``, true for the holder
of the called card until it is played (for a caller who called their own card: "you are
alone"). Nothing else depends on who holds the called card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache, partial
from operator import attrgetter
from typing import Any, Final

from .._values import shell_of
from ..cards import Card
from ..errors import ErrorCode, RuleError
from ..phase import Phase
from ..state import TrickRecord
from ..view import TrickView
from .actions import Bid, Speech
from .bids import TWO, bid_at
from .options import PLAYERS, Auction
from .rules import callable_cards, deal_result, open_levels, result_code, start_deal
from .scoring import DealResult, pile_points
from .state import ChiamataMatch, DealState


@dataclass(frozen=True, slots=True)
class BidView:
    """A bid: ``rank`` (a rank code of docs/RULES.md, in the rank auction; ``None`` in the
    points auction) at ``target`` points."""

    rank: str | None
    target: int


@dataclass(frozen=True, slots=True)
class SpeechView:
    """One turn of the auction: ``seat`` bid ``bid``, or passed (``bid`` ``None``)."""

    seat: int
    bid: BidView | None


@dataclass(frozen=True, slots=True)
class BidOptions:
    """The bids a seat may make now, compactly: each rank in ``ranks`` at 61 (the rank
    auction, lowest bid first), and every target from ``targets[0]`` to ``targets[1]`` (the
    2 at that target in the rank auction, those points in the points auction). Empty when
    it may bid nothing; a seat that may bid may also pass."""

    ranks: tuple[str, ...]
    targets: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class ScoreView:
    """A played deal's score: the ``caller``, the seat that held the called card
    (``partner``: the caller when alone), the ``contract``, each seat's pile ``points``,
    the caller's side's points (``side``), whether it made the contract (``won``), whether
    one side took all 120 points and the deal counted double (``cappotto``), and each
    seat's match points (``deltas``)."""

    caller: int
    partner: int
    contract: BidView
    points: tuple[int, ...]
    side: int
    won: bool
    cappotto: bool
    deltas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealView:
    """A deal as one viewer may see it. Card codes, rank codes and suit codes as in
    docs/RULES.md; the fields of :data:`OWN_FIELDS` are the viewer's own, the others are
    everyone's alike.

    ``phase``: ``"auction"``, ``"call"``, ``"play"`` or ``"over"``. ``auction``: every bid
    and pass in order; ``high`` and ``high_seat``: the high bid and who made it. ``caller``,
    ``contract`` (once the auction is won), ``called`` and ``trumps`` (once the card is
    called). ``holder``: once the called card has been played (or the deal is over), the
    seat that held it, the caller's own when they were ``alone``. ``hands`` (each seat's
    eight cards as dealt), ``points`` (each pile), ``score`` (a deal played out),
    ``result`` (``"caller"``, ``"defenders"``, ``"void"`` or ``"resigned"``) and ``seed``
    only once the deal is over.
    """

    seat: int | None
    players: int
    dealer: int
    commitment: str
    phase: str
    auction: tuple[SpeechView, ...]
    high: BidView | None
    high_seat: int | None
    turn: int | None
    caller: int | None
    contract: BidView | None
    called: str | None
    trumps: str | None
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    trick: TrickView
    last_trick: TrickView | None
    tricks_played: int
    winners: tuple[int, ...]
    taken: tuple[int, ...]
    holder: int | None
    alone: bool | None
    legal: tuple[str, ...]
    bids: BidOptions
    calls: tuple[str, ...]
    partner: bool
    over: bool
    void: bool
    hands: tuple[tuple[str, ...], ...] | None
    points: tuple[int, ...] | None
    score: ScoreView | None
    result: str | None
    seed: str | None
    resigned: int | None


@dataclass(frozen=True, slots=True)
class ChiamataMatchView:
    """A Chiamata match as one viewer may see it: its rules, the counted deals to play and
    those dealt (the current one included), the next dealer, each seat's match points
    (``scores``), each counted deal's score, and the current (or last) deal's view in
    ``hand``. ``winners``: the seats that lead at the end (several share the win);
    ``resigned``: the seat that resigned the match."""

    players: int
    auction: str
    self_call: bool
    cappotto: bool
    deals: int
    dealt: int
    next_dealer: int
    scores: tuple[int, ...]
    results: tuple[ScoreView, ...]
    hand: DealView | None
    over: bool
    winners: tuple[int, ...] | None
    resigned: int | None


#: The fields of a :class:`DealView` that are one viewer's own, in the order of the
#: fields: the seat, its cards, the cards it may play, the bids and calls it may make, and
#: whether it holds the called card (not yet played).
OWN_FIELDS: Final = ("seat", "hand", "legal", "bids", "calls", "partner")
#: A viewer's values of :data:`OWN_FIELDS` but the seat.
Own = tuple[tuple[str, ...], tuple[str, ...], BidOptions, tuple[str, ...], bool]
NO_BIDS: Final = BidOptions((), None)
_NOTHING_OWN: Final[Own] = ((), (), NO_BIDS, (), False)


def bid_view(bid: Bid) -> BidView:
    return BidView(None if bid.rank is None else bid.rank.code, bid.target)


def speech_views(auction: tuple[Speech, ...]) -> tuple[SpeechView, ...]:
    """Every bid and pass of an auction, in order."""
    return tuple([_speech_view(speech) for speech in auction])


@cache
def _speech_view(speech: Speech) -> SpeechView:
    """A bid's or a pass's view (the engine's speeches are interned: few are ever made)."""
    return SpeechView(speech.seat, bid_view(speech) if type(speech) is Bid else None)


def score_view(result: DealResult) -> ScoreView:
    return ScoreView(
        result.caller,
        result.partner,
        bid_view(result.contract),
        result.points,
        result.side,
        result.won,
        result.cappotto,
        result.deltas,
    )


def bid_options(deal: DealState, seat: int) -> BidOptions:
    """The bids ``seat`` may make now (see :class:`BidOptions`)."""
    auction = deal.rules.auction
    levels = open_levels(deal, seat)
    if auction is Auction.POINTS:
        targets = [bid_at(auction, at)[1] for at in levels]
        ranks: tuple[str, ...] = ()
    else:
        ranks = tuple(_rank_code(auction, at) for at in levels if at <= TWO)
        targets = [bid_at(auction, at)[1] for at in levels if at > TWO]
    return BidOptions(ranks, (targets[0], targets[-1]) if targets else None)


def _rank_code(auction: Auction, at: int) -> str:
    rank = bid_at(auction, at)[0]
    assert rank is not None
    return rank.code


def own(deal: DealState, viewer: int | None) -> Own:
    """What only ``viewer`` sees of a deal (see :data:`Own`); a spectator's are empty.

    :raises RuleError: ``invalid_seat`` if ``viewer`` is neither a seat nor ``None``.
    """
    if viewer is None:
        return _NOTHING_OWN
    if not 0 <= viewer < PLAYERS:
        raise RuleError(ErrorCode.INVALID_SEAT, f"there is no seat {viewer} at a table of 5")
    hand = _codes(deal.hands[viewer])
    partner = deal.partner == viewer and not deal.revealed
    if deal.turn != viewer:
        return hand, (), NO_BIDS, (), partner
    return _OWN_ON_TURN[deal.phase](deal, viewer, hand, partner)


def _own_in_auction(deal: DealState, seat: int, hand: tuple[str, ...], partner: bool) -> Own:
    return hand, (), bid_options(deal, seat), (), partner


def _own_in_call(deal: DealState, seat: int, hand: tuple[str, ...], partner: bool) -> Own:
    return hand, (), NO_BIDS, _codes(callable_cards(deal)), partner


def _own_in_play(deal: DealState, seat: int, hand: tuple[str, ...], partner: bool) -> Own:
    return hand, hand, NO_BIDS, (), partner


_OWN_ON_TURN: Final = {
    Phase.AUCTION: _own_in_auction,
    Phase.CALL: _own_in_call,
    Phase.PLAY: _own_in_play,
}


def view(deal: DealState, viewer: int | None) -> DealView:
    """Project a deal for ``viewer``: a seat, or ``None`` for a spectator.

    What every viewer sees alike is worked out once per state and kept with it, as the
    spectator's view; a seat's view is that with its own values (:func:`own`).

    :raises RuleError: ``invalid_seat`` if ``viewer`` is neither a seat nor ``None``.
    """
    public = _public(deal)
    if viewer is None:
        return public
    return _with_own(public, viewer, own(deal, viewer))


def template(deal: DealState, hole: Any) -> DealView:
    """Everyone's view of a deal with ``hole`` in each of :data:`OWN_FIELDS`."""
    return _with_own(_public(deal), hole, (hole, hole, hole, hole, hole))


def _public(deal: DealState) -> DealView:
    """The spectator's view of ``deal``: made once per state and kept with it."""
    public: DealView | None = getattr(deal, "_public", None)
    if public is None:
        public = _spectators(deal)
        object.__setattr__(deal, "_public", public)
    return public


_ViewShell: Final = shell_of(DealView)
#: The fields every viewer sees alike, and how to read them all at once.
_SHARED_NAMES: Final = tuple(f.name for f in fields(DealView) if f.name not in OWN_FIELDS)
_SHARED: Final = attrgetter(*_SHARED_NAMES)


def _with_own(public: DealView, seat: Any, mine: tuple[Any, ...]) -> DealView:
    """``public`` with ``seat`` and ``mine`` in :data:`OWN_FIELDS`, built as
    :mod:`briscola.engine._values` says, the fast way."""
    v: Any = _ViewShell()
    for name, value in zip(_SHARED_NAMES, _SHARED(public), strict=True):
        setattr(v, name, value)
    v.seat = seat
    v.hand, v.legal, v.bids, v.calls, v.partner = mine
    v.__class__ = DealView
    built: DealView = v
    return built


def _spectators(deal: DealState) -> DealView:
    over = deal.over
    high = deal.high
    caller = deal.caller
    called = deal.called
    tricks = deal.tricks
    shown = deal.partner is not None and (deal.revealed or over)
    result = deal_result(deal) if over else None
    hand, legal, bids, calls, partner = _NOTHING_OWN
    return DealView(
        seat=None,
        players=PLAYERS,
        dealer=deal.dealer,
        commitment=deal.commitment,
        phase=deal.phase.value,
        auction=speech_views(deal.auction),
        high=None if high is None else bid_view(high),
        high_seat=None if high is None else high.seat,
        turn=deal.turn,
        caller=caller,
        contract=None if caller is None or high is None else bid_view(high),
        called=None if called is None else called.code,
        trumps=None if called is None else called.suit.code,
        hand=hand,
        hand_sizes=tuple([len(cards) for cards in deal.hands]),
        trick=TrickView(deal.leader, _codes(deal.trick)),
        last_trick=_trick_view(tricks[-1]) if tricks else None,
        tricks_played=len(tricks),
        winners=tuple([trick.winner for trick in tricks]),
        taken=tuple([len(pile) for pile in deal.captured]),
        holder=deal.partner if shown else None,
        alone=deal.alone if shown else None,
        legal=legal,
        bids=bids,
        calls=calls,
        partner=partner,
        over=over,
        void=deal.void,
        hands=_dealt(deal) if over else None,
        points=pile_points(deal.captured) if over else None,
        score=None if result is None else score_view(result),
        result=result_code(deal) if over else None,
        seed=deal.seed.hex() if over else None,
        resigned=deal.resigned,
    )


def _trick_view(trick: TrickRecord) -> TrickView:
    return TrickView(trick.leader, _codes(trick.cards), trick.winner)


def _dealt(deal: DealState) -> tuple[tuple[str, ...], ...]:
    """Each seat's eight cards as they were dealt."""
    dealt = start_deal(deal.rules, deal.dealer, deal.seed)
    return tuple(_codes(cards) for cards in dealt.hands)


def _codes(cards: tuple[Card, ...] | list[Card]) -> tuple[str, ...]:
    return tuple([card.code for card in cards])


def match_view(match: ChiamataMatch, viewer: int | None) -> ChiamataMatchView:
    """Project a match for ``viewer``: its score and the current deal's view."""
    hand = match.hand
    return _match_view(match, None if hand is None else view(hand, viewer))


def match_template(match: ChiamataMatch, hole: Any) -> ChiamataMatchView:
    """:func:`match_view` with the deal's view a :func:`template` (a match with a deal)."""
    assert match.hand is not None
    return _match_view(match, template(match.hand, hole))


def match_owner(match: ChiamataMatch) -> Callable[[int | None], Own]:
    """:func:`own` for the deal of a match (a match with a deal), bound to it."""
    assert match.hand is not None
    return partial(own, match.hand)


def _match_view(match: ChiamataMatch, hand: DealView | None) -> ChiamataMatchView:
    rules = match.rules
    outcome = match.outcome
    return ChiamataMatchView(
        players=PLAYERS,
        auction=rules.auction.value,
        self_call=rules.self_call,
        cappotto=rules.cappotto,
        deals=rules.deals,
        dealt=match.counted,
        next_dealer=match.next_dealer,
        scores=match.scores,
        results=tuple(score_view(result) for result in match.results),
        hand=hand,
        over=outcome is not None,
        winners=None if outcome is None else outcome.winners,
        resigned=None if outcome is None else outcome.resigned,
    )


assert tuple(f.name for f in fields(DealView) if f.name in OWN_FIELDS) == OWN_FIELDS
