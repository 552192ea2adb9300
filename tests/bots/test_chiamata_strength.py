"""The Chiamata levels are ordered: on fixed seeded duplicate deals (each played with the
tested bot in every seat, four of the other level around it) strong and normal bots out-score
easy ones. Every bot is deterministic, so the figures are the same at every run."""

from __future__ import annotations

from statistics import fmean

from briscola.bots import Bot, make_bot
from briscola.bots.chiamata.settings import Settings
from briscola.bots.chiamata.strong import StrongChiamataBot
from briscola.engine import GameName
from support.chiamata_deals import seat_points

#: A lighter search than the default, so that the test stays quick.
LIGHT = Settings(plays=3_000, min_samples=8, exact_samples=8, auction_samples=16, call_samples=16)


def easy(seat: int) -> Bot:
    return make_bot("easy", seat, GameName.CHIAMATA)


def test_strong_beats_easy() -> None:
    """Over 8 deals a light strong bot among four easy ones makes more than half a match
    point a deal, and more than it gives up on most deals."""
    points = seat_points(
        lambda seat, tested: StrongChiamataBot(seat, LIGHT) if tested else easy(seat),
        8,
        "chiamata-strong-vs-easy",
    )
    assert fmean(points) > 0.5 and sum(p > 0 for p in points) > sum(p < 0 for p in points), points


def test_normal_beats_easy() -> None:
    """Over 30 deals a normal bot among four easy ones makes more than half a match point a
    deal."""
    points = seat_points(
        lambda seat, tested: make_bot("normal", seat, GameName.CHIAMATA) if tested else easy(seat),
        30,
        "chiamata-normal-vs-easy",
    )
    assert fmean(points) > 0.5, points
