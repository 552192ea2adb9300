"""Chiamata's secrecy, the heart of the game: at every step of many random deals every
viewer's view holds only what the rules let it know; moving the called card between two
seats other than the viewer (and a self-caller's own card away from them) changes nothing
any viewer but those two is sent, byte for byte, nor its legal moves, the sides it is told
or the errors it gets; only the holder's own view says "partner"; and the view's template
with a viewer's own values spliced in is byte for byte that viewer's view."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator

import msgspec
from chiamata_support import ALL_RULES, play, random_policy, universe
from engine_helpers import seed_of

from briscola.engine import DECK, RuleError
from briscola.engine.chiamata import (
    CHIAMATA,
    OWN_FIELDS,
    PLAYERS,
    BidOptions,
    ChiamataAction,
    ChiamataMatch,
    DealState,
    apply,
    callable_cards,
    legal,
    match_owner,
    match_template,
    match_view,
    own,
    start_deal,
    view,
)

VIEWERS = (*range(PLAYERS), None)
ALL_CODES = {card.code.encode() for card in DECK}
#: A card's code anywhere in an encoded view (no key, rank code, phase or hex matches it).
CARD_CODE = re.compile(rb"[A2-7JNK][DCSB]")
HOLE = msgspec.Raw(b"\0")
UNIVERSE = {seat: universe(seat) for seat in range(PLAYERS)}
encode = msgspec.json.encode


def random_deals(count: int, label: str) -> Iterator[list[DealState]]:
    """The states of ``count`` random deals, every option, every dealer."""
    rng = random.Random(label)
    for number in range(count):
        rules = ALL_RULES[number % len(ALL_RULES)]
        start = start_deal(rules, number % PLAYERS, seed_of((label, number)))
        yield list(play(start, random_policy(rng, rng.choice((0.5, 0.8)))))


def allowed(deal: DealState, viewer: int | None) -> set[bytes]:
    """The cards ``viewer`` may see named: its own, every card played, the called card,
    the cards a caller may call (names of cards, not where they lie); everything once the
    deal is over."""
    if deal.over:
        return ALL_CODES
    seen = [card for trick in deal.tricks for card in trick.cards] + list(deal.trick)
    if deal.called is not None:
        seen.append(deal.called)
    if viewer is not None:
        seen += deal.hands[viewer]
    if viewer is not None and viewer == deal.caller and deal.called is None:
        seen += callable_cards(deal)
    return {card.code.encode() for card in seen}


def test_every_view_holds_only_what_its_viewer_may_know() -> None:
    """VARIANTS' table of who knows what, checked on every view of 250 random deals."""
    reveals = 0
    for states in random_deals(250, "scan"):
        for deal in states:
            partner_known = deal.over or deal.revealed
            for viewer in VIEWERS:
                seen = view(deal, viewer)
                encoded = encode(seen)
                leaked = set(CARD_CODE.findall(encoded)) - allowed(deal, viewer)
                assert not leaked, (viewer, leaked, encoded)
                mine = () if viewer is None else deal.hands[viewer]
                assert seen.hand == tuple(card.code for card in mine) and seen.seat == viewer
                assert seen.hand_sizes == tuple(map(len, deal.hands))
                if not deal.over:
                    assert deal.seed.hex().encode() not in encoded
                    assert (seen.seed, seen.points, seen.score, seen.hands, seen.result) == (
                        (None,) * 5
                    )
                if not partner_known:
                    assert seen.holder is None and seen.alone is None
                else:
                    assert seen.holder == deal.partner
            reveals += deal.revealed
    assert reveals > 1000


def moved(deal: DealState, source: int, target: int, rng: random.Random) -> DealState:
    """``deal`` with the called card (held by ``source``) swapped with a card of
    ``target``'s: the same hand sizes, the same history, another holder."""
    called = deal.called
    assert called is not None and called in deal.hands[source]
    other = rng.choice(deal.hands[target])
    hands = list(deal.hands)
    hands[source] = tuple(other if card is called else card for card in deal.hands[source])
    hands[target] = tuple(called if card is other else card for card in deal.hands[target])
    return dataclasses.replace(deal, hands=tuple(hands), partner=target)


def outcome(deal: DealState, action: ChiamataAction) -> str:
    """What the engine answers ``action``: accepted, or its error's code and text."""
    try:
        apply(deal, action)
    except RuleError as exc:
        return f"{exc.code}: {exc.message}"
    return "accepted"


def test_moving_the_called_card_between_two_other_seats_changes_nothing_a_viewer_sees() -> None:
    """For every viewer and every two other seats one of which holds the called card (the
    caller too, where they may call themselves: a self-caller is as hidden), at every step
    from the call to the card's fall: the viewer's view is byte for byte the same, and so
    are its legal moves, the sides it is told, and the answer to whatever it may send."""
    rng = random.Random(7)
    checked = 0
    for states in random_deals(160, "indistinguishable"):
        for deal in states:
            if deal.called is None or deal.revealed or deal.over:
                continue
            holder = deal.partner
            assert holder is not None
            for viewer in VIEWERS:
                if viewer == holder:
                    continue
                before = encode(view(deal, viewer))
                match = ChiamataMatch(deal.rules, 0, hand=deal, dealt=1)
                sides = CHIAMATA.sides(match, viewer)
                probes = rng.sample(UNIVERSE[viewer], 30) if viewer is not None else []
                answers = [outcome(deal, action) for action in probes]
                for target in range(PLAYERS):
                    if target in (viewer, holder) or not deal.hands[target]:
                        continue
                    if deal.caller in (holder, target) and not deal.rules.self_call:
                        continue  # such a deal cannot happen
                    twin = moved(deal, holder, target, rng)
                    assert encode(view(twin, viewer)) == before, (viewer, holder, target)
                    if viewer is not None:
                        assert legal(twin, viewer) == legal(deal, viewer)
                        assert [outcome(twin, action) for action in probes] == answers
                    twin_match = ChiamataMatch(deal.rules, 0, hand=twin, dealt=1)
                    assert CHIAMATA.sides(twin_match, viewer) == sides
                    checked += 1
    assert checked > 20_000, checked


def test_only_the_holders_own_view_says_partner() -> None:
    """``partner`` is true in the holder's own view (a self-caller's too) from the call
    until the called card is played, and in nobody else's, ever."""
    alone = 0
    for states in random_deals(150, "partner"):
        for deal in states:
            flags = [own(deal, viewer)[-1] for viewer in VIEWERS]
            if deal.called is None or deal.revealed:
                assert flags == [False] * len(VIEWERS)
            else:
                assert flags == [viewer == deal.partner for viewer in VIEWERS]
                alone += deal.alone
    assert alone > 0


def test_own_values_have_one_shape_for_every_viewer() -> None:
    """Every viewer's own values are of the same types; a spectator's are empty."""
    for states in random_deals(20, "shape"):
        for deal in states:
            for viewer in VIEWERS:
                hand, playable, bids, calls, partner = own(deal, viewer)
                assert type(hand) is type(playable) is type(calls) is tuple
                assert type(bids) is BidOptions and type(partner) is bool
            assert own(deal, None) == ((), (), BidOptions((), None), (), False)


def spliced(match: ChiamataMatch, viewer: int | None) -> bytes:
    """The match's template encoded once, with ``viewer``'s seat and own values put in its
    holes, as the table's encoder does."""
    pieces = encode(match_template(match, HOLE)).split(b"\0")
    assert len(pieces) == len(OWN_FIELDS) + 1
    values = [encode(viewer), *map(encode, match_owner(match)(viewer))]
    return pieces[0] + b"".join(
        value + piece for value, piece in zip(values, pieces[1:], strict=True)
    )


def test_the_template_with_a_viewers_own_values_is_its_view() -> None:
    """Byte for byte, for every viewer at every step of random deals, the seam's members
    agreeing with the view module's."""
    for number, states in enumerate(random_deals(60, "template")):
        for deal in states:
            match = ChiamataMatch(deal.rules, number % PLAYERS, hand=deal, dealt=1)
            for viewer in VIEWERS:
                assert spliced(match, viewer) == encode(match_view(match, viewer))
                assert CHIAMATA.view(match, viewer) == match_view(match, viewer)
                assert CHIAMATA.owner(match)(viewer) == own(deal, viewer)
