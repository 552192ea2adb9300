"""Sampling the cards a seat cannot see: deals consistent with everything it knows.

A :class:`Knowledge` is what one seat knows at a decision, as card indices: its own hand,
the cards it knows to be in each other hand (:attr:`Knowledge.placed`: a card taken by a
swap of the 7, the face-up card taken by the last draw; in Scoperta every hand; at an open
table the partners' hands once shown; a trump honour a partner signalled), the face-up card
while it lies, the top of the stock as far as Scoperta shows it, how many cards each hand
and the stock hold, the trick, the cards it cannot place (:attr:`Knowledge.unseen`), what
its partners' other signals still say of their hands (:attr:`Knowledge.claims`) and, if it
saw every trick, the points each side took. :func:`sample` deals the unseen cards at random
into the hidden places: the other seats' hidden cards and the stock below its shown top,
whose order is random too; the face-up card stays last in the stock, so the seat that draws
last takes it. A partner's hidden cards are dealt uniformly among those its claims allow
(its signals are taken as true; an opponent's, when caught, are not read). Briscola has no
duty to follow suit, so a card played says nothing of what its player still holds. Cards
the seat saw nobody play but that must have been played (a bot made in mid-hand) are the
unseen cards left over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache, lru_cache
from math import comb

from briscola.engine import Card, HandView, SignalCode, Suit
from briscola.engine.deal import initial_deck
from briscola.engine.state import PLAYER_COUNTS, side_count

from .claims import Claim, meaning, standing
from .memory import Memory
from .sim import SIDE, Position, bits


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows at its decision, cards as indices (``face_up`` -1 once drawn).

    ``placed`` holds per seat the cards known to be in its hand (``0`` for the seat
    itself, whose hand is ``hand``), ``hidden`` how many other cards each holds;
    ``face_down`` counts the stock's cards but the face-up one, of which ``stock_top`` are
    known, top first; ``claims`` are (seat, claim) pairs that a seat's whole hand must meet.
    """

    players: int
    seat: int
    trump: int
    hand: int
    placed: tuple[int, ...]
    hidden: tuple[int, ...]
    face_down: int
    face_up: int
    leader: int
    trick: tuple[int, ...]
    tricks: int
    swap_rule: bool
    unseen: tuple[int, ...]
    scores: tuple[int, ...] | None = None
    stock_top: tuple[int, ...] = ()
    claims: tuple[tuple[int, Claim], ...] = ()

    @property
    def exact(self) -> bool:
        """Whether only one deal is possible: every card's place known, or the stock known
        and the unknown cards all in one other hand, which holds every unseen card."""
        free = sum(self.hidden)
        if free == 0 and self.face_down == len(self.stock_top):
            return True
        holders = sum(1 for count in self.hidden if count)
        return self.face_down == len(self.stock_top) and holders <= 1 and free == len(self.unseen)


def knowledge(view: HandView, memory: Memory) -> Knowledge:
    """What the view and the memory of its seat tell, as card indices.

    Raises:
        ValueError: if the view is a spectator's, or shows fewer unseen cards than there
            are hidden places (a view and memory of different hands).
    """
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no seat to choose for")
    n = view.players
    index = _index
    trump = int(Suit.from_code(view.trump))
    hand = [index(code) for code in view.hand]
    seen = view.seen or ((),) * n
    placed = [
        0 if s == seat else bits([index(code) for code in (*view.public[s], *seen[s])])
        for s in range(n)
    ]
    trick = tuple(index(code) for code in view.trick.cards)
    face_up = index(view.face_up) if view.face_up is not None else -1
    stock_top = tuple(index(code) for code in view.stock_cards)
    known = bits([*hand, *trick, *memory.played, *stock_top])
    if face_up >= 0:
        known |= 1 << face_up
    for cards in placed:
        known |= cards
    unseen = [card for card in _DECKS[n] if not known >> card & 1]
    hidden = [0 if s == seat else view.hand_sizes[s] - placed[s].bit_count() for s in range(n)]
    claims = _partner_claims(view, memory, trump, placed, hidden, unseen)
    face_down = view.stock - (1 if face_up >= 0 else 0)
    if len(unseen) < sum(hidden) + face_down - len(stock_top):
        raise ValueError("fewer unseen cards than hidden places: view and memory disagree")
    return Knowledge(
        n,
        seat,
        trump,
        bits(hand),
        tuple(placed),
        tuple(hidden),
        face_down,
        face_up,
        view.trick.leader,
        trick,
        view.tricks_played,
        bool(memory.swap_rule),
        tuple(unseen),
        memory.scores or None,
        stock_top,
        claims,
    )


def _partner_claims(
    view: HandView,
    memory: Memory,
    trump: int,
    placed: list[int],
    hidden: list[int],
    unseen: list[int],
) -> tuple[tuple[int, Claim], ...]:
    """What the partners' signals still say of their hands, as they stand now (see
    :func:`~.claims.standing`). The cards a claim forces into a hand (a trump honour not
    yet played) move from ``unseen`` to ``placed`` (and ``hidden`` shrinks); a claim that
    says nothing more, or that nothing could meet, is dropped. A claim that the partner
    holds some card is read only from a memory that saw every trick, which knows whether
    it has been played since."""
    n = view.players
    side = SIDE[n][view.seat or 0]
    kept = []
    for signal in view.signals:
        partner = signal.seat
        claim = meaning(SignalCode(signal.signal), trump)
        if partner == view.seat or SIDE[n][partner] != side or claim is None:
            continue
        if claim.least and not memory.complete:
            claim = Claim(claim.cards, 0, claim.most)
        since = memory.played_by(partner, signal.tricks, claim.cards)
        claim = standing(claim, signal.tricks, view.tricks_played, n, since)
        free = bits(unseen) & claim.cards
        held = (placed[partner] & claim.cards).bit_count()
        need = claim.least - held
        if need > min(free.bit_count(), hidden[partner]):
            continue
        if need > 0 and need == free.bit_count():  # every card it may mean is in the hand
            placed[partner] |= free
            hidden[partner] -= need
            unseen[:] = [card for card in unseen if not free >> card & 1]
            held, free = held + need, 0
            need = 0
        bounded = claim.most is not None and claim.most < held + free.bit_count()
        if need > 0 or bounded:
            kept.append((partner, claim))
    return tuple(kept)


def sample(known: Knowledge, rng: random.Random) -> Position:
    """One deal of the unseen cards into the hidden places, uniformly at random among
    those each claimed hand's claims allow."""
    pool = list(known.unseen)
    hands = list(known.placed)
    hands[known.seat] = known.hand
    hidden = list(known.hidden)
    if known.claims:
        for seat in sorted({seat for seat, _ in known.claims}):
            claims = tuple(claim for s, claim in known.claims if s == seat)
            picked = _claimed(pool, hidden[seat], hands[seat], claims, rng)
            if picked is not None:
                hands[seat] |= bits(picked)
                hidden[seat] = 0
                pool = [card for card in pool if card not in picked]
    rng.shuffle(pool)
    taken = 0
    for s, count in enumerate(hidden):
        for card in pool[taken : taken + count]:
            hands[s] |= 1 << card
        taken += count
    below = known.face_down - len(known.stock_top)
    return Position(
        known.players,
        known.trump,
        hands,
        (*known.stock_top, *pool[taken : taken + below]),
        0,
        known.face_up,
        known.leader,
        list(known.trick),
        [0] * side_count(known.players),
        known.tricks,
        known.swap_rule,
    )


def _claimed(
    pool: list[int], count: int, holding: int, claims: tuple[Claim, ...], rng: random.Random
) -> list[int] | None:
    """``count`` cards of ``pool`` for a hand already ``holding`` some, uniformly among the
    choices that meet every claim; ``None`` if none does.

    The pool's cards fall into classes by the claims they are in: a choice meets the
    claims by how many cards it takes of each class, so each way of splitting ``count``
    among the classes is weighed by how many choices make it, one is drawn, then its cards.
    """
    classes: dict[int, list[int]] = {}
    key_of = _classes(claims)
    for card in pool:
        classes.setdefault(key_of[card], []).append(card)
    keys = tuple(classes)
    splits, weights = _ways(
        keys,
        tuple(len(classes[key]) for key in keys),
        count,
        tuple(_rest(claim, (holding & claim.cards).bit_count()) for claim in claims),
    )
    if not splits:
        return None
    split = rng.choices(splits, weights)[0]
    picked = []
    for key, taken in zip(keys, split, strict=True):
        picked += rng.sample(classes[key], taken)
    return picked


def _rest(claim: Claim, held: int) -> Claim:
    """What a claim asks of the cards still to come into a hand that holds ``held`` of its
    cards already."""
    most = None if claim.most is None else claim.most - held
    return Claim(claim.cards, claim.least - held, most)


@lru_cache(maxsize=1024)
def _classes(claims: tuple[Claim, ...]) -> tuple[int, ...]:
    """Per card index, its class: the bit set of the claims (by position) it is in."""
    return tuple(
        sum(1 << k for k, claim in enumerate(claims) if claim.cards >> card & 1)
        for card in range(40)
    )


@lru_cache(maxsize=4096)
def _ways(
    keys: tuple[int, ...], sizes: tuple[int, ...], count: int, claims: tuple[Claim, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The splits of ``count`` cards among classes (``keys``, of ``sizes`` cards) that take
    as many of each claim's cards as it allows, and how many choices of cards make each."""
    splits = []
    weights = []
    for split in _splits(count, len(keys)):
        weight = 1
        for size, taken in zip(sizes, split, strict=True):
            weight *= comb(size, taken)
        if weight and all(
            claim.allows(sum(t for key, t in zip(keys, split, strict=True) if key >> k & 1))
            for k, claim in enumerate(claims)
        ):
            splits.append(split)
            weights.append(weight)
    return tuple(splits), tuple(weights)


@cache
def _splits(total: int, parts: int) -> tuple[tuple[int, ...], ...]:
    """Every way of writing ``total`` as ``parts`` counts, in order."""
    if parts == 0:
        return ((),) if total == 0 else ()
    return tuple(
        (first, *rest) for first in range(total + 1) for rest in _splits(total - first, parts - 1)
    )


def _deck(players: int) -> tuple[int, ...]:
    return tuple(card.index for card in initial_deck(players))


#: Per player count, the pack's card indices (no 2 of coins with three, no 2s with six).
_DECKS = {n: _deck(n) for n in PLAYER_COUNTS}


def _index(code: str) -> int:
    return Card.from_code(code).index
