"""The Chiamata bots play for their side once they know it: the partner from the call, a
defender and the caller from the moment the called card falls; and, not knowing, the
normal bot plays cautiously. Positions arranged card by card, at the first trick, trumps
cups, the bot last to play."""

from __future__ import annotations

import pytest

from briscola.bots import make_bot
from briscola.bots.chiamata.settings import Settings
from briscola.bots.chiamata.strong import StrongChiamataBot
from briscola.engine import Card, GameName, PlayCard
from briscola.engine.chiamata import ChiamataRules, DealState, view
from support.chiamata_deals import arranged, hands_around

#: Light enough to be quick, enough deals to see a sure 11 points.
QUICK = Settings(plays=6_000, min_samples=24)
RULES = ChiamataRules()
#: What the bot holds in each position: a load (the Ace of coins), the Three of coins, and
#: cheap cards, besides the cards each position gives it.
OWN = "AD 3D 2S 4S 5B 6B"


def played(state: DealState, level: str) -> Card:
    """The card the bot of ``level`` in the seat to play plays."""
    seat = state.turn
    assert seat is not None
    bot = (
        StrongChiamataBot(seat, QUICK, RULES)
        if level == "strong"
        else make_bot(level, seat, GameName.CHIAMATA, RULES)
    )
    choice = bot.choose(view(state, seat))
    assert isinstance(choice, PlayCard)
    return choice.card


def position(trick: str, caller: int, called: str, leader: int, own: str) -> DealState:
    """The first trick with ``trick`` on it, the seat to play holding ``own``."""
    turn = (leader + len(trick.split())) % 5
    sizes = [7 if (seat - leader) % 5 < len(trick.split()) else 8 for seat in range(5)]
    hands = hands_around(trick, sizes, {turn: own})
    return arranged(hands, caller=caller, called=called, leader=leader, trick=trick, rules=RULES)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_partner_loads_the_callers_sure_trick(level: str) -> None:
    """Seat 3 holds the called Three of cups: it knows it is the caller's partner. The
    caller (seat 0) holds the trick with the Ace of trumps and seat 3 plays last: it puts
    its Ace of coins on the trick."""
    state = position("5D AC 4D 6D", caller=0, called="3C", leader=4, own=OWN + " 3C 7C")
    assert view(state, 3).partner
    assert played(state, level).code == "AD"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_defender_does_not_load_the_callers_trick(level: str) -> None:
    """The same trick, but the called Three of cups is elsewhere: seat 3 is a defender
    and throws a worthless card on the caller's trick."""
    state = position("5D AC 4D 6D", caller=0, called="3C", leader=4, own=OWN + " 7C 6C")
    assert not view(state, 3).partner
    assert played(state, level).points == 0


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_defender_loads_a_fellow_defenders_trick_once_the_sides_are_known(level: str) -> None:
    """Seat 1 played the called King of cups (it is the partner; everyone knows it now) and
    seat 2 took it with the Ace of trumps: seat 2 is a defender like seat 3, which plays
    last and puts its Ace of coins on the trick."""
    state = position("4D 7D KC AC", caller=0, called="KC", leader=4, own=OWN + " 7C 6C")
    assert view(state, 3).holder == 1
    assert played(state, level).code == "AD"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_caller_loads_its_partners_trick_once_it_is_known(level: str) -> None:
    """Seat 3 played the called Ace of cups and holds the trick: the caller, seat 0, last
    to play, now knows its partner and loads the trick."""
    state = position("5D 6D AC 2D", caller=0, called="AC", leader=1, own=OWN + " 7C 6C")
    assert view(state, 0).holder == 3
    assert played(state, level).code == "AD"


def test_not_knowing_the_normal_bot_plays_cautiously() -> None:
    """Before the called card falls a defender cannot tell its fellow defenders from the
    partner: on a trick one of them holds it loads nothing, it throws its cheapest card."""
    state = position("4D 7D NC AC", caller=0, called="KC", leader=4, own=OWN + " 7C 6C")
    assert view(state, 3).holder is None and not view(state, 3).partner
    assert played(state, "normal").code == "2S"
