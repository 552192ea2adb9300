"""The levels are ordered: strong beats normal, normal beats easy, on duplicate deals."""

from __future__ import annotations

from briscola.bots import Bot, make_bot
from briscola.bots.strong import Settings, StrongBot
from support.hands import duplicate_margin

#: A lighter search than the default, so that the test stays quick.
LIGHT = Settings(plays=2_500, min_samples=12)


def strong_or_normal(seat: int, tested: bool) -> Bot:
    return StrongBot(seat, LIGHT) if tested else make_bot("normal", seat)


def normal_or_easy(seat: int, tested: bool) -> Bot:
    return make_bot("normal" if tested else "easy", seat)


def test_strong_beats_normal_heads_up() -> None:
    """Over 30 fixed two-player duplicate deals a light strong bot out-scores normal and
    wins more decisive hands than it loses."""
    margin, won, lost = duplicate_margin(strong_or_normal, 2, 30, "strong-vs-normal")
    assert margin > 0 and won > lost, (margin, won, lost)


def test_strong_partners_beat_normal_partners() -> None:
    """Over 12 fixed four-player duplicate deals two light strong partners out-score two
    normal by more than 6 points a hand, winning more decisive hands than they lose."""
    margin, won, lost = duplicate_margin(strong_or_normal, 4, 12, "strong-vs-normal-4")
    assert margin > 6 and won > lost, (margin, won, lost)


def test_easy_loses_to_normal() -> None:
    """Over 60 fixed two-player duplicate deals normal wins at least 65 % of the decisive
    hands against easy."""
    margin, won, lost = duplicate_margin(normal_or_easy, 2, 60, "normal-vs-easy")
    assert margin > 0 and won >= 0.65 * (won + lost), (margin, won, lost)
