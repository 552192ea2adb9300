"""The leaderboard of every kind of rating in the browser: a rated Briscola Scoperta match
and a rated six-player match are played out over websockets by account holders, then the
leaderboard has a tab per kind (2 players, 3 players, 2 v 2, 3 v 3, Scoperta), each with its
own players; a profile shows each kind's rating and the Scoperta match; no page logs a
console error."""

from __future__ import annotations

import re

import pytest
from browser_helpers import (
    PHONE_CONTEXT,
    NewPage,
    console_errors,
    hook,
    no_horizontal_scroll,
)
from playwright.async_api import Page, expect

from support.accounts import play_rated, settled
from support.client import Client, Message
from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

TABS = {"2": "2 players", "3": "3 players", "4": "2 v 2", "6": "3 v 3", "scoperta": "Scoperta"}


async def rated_match(site: InProcessServer, names: list[str], **rules: object) -> list[str]:
    """Play a rated match of ``names`` to its settlement; the names, winners first."""
    clients: list[Client]
    clients, _ = await play_rated(site, names, **rules)
    final: Message = await clients[0].wait_for(lambda m: m["type"] == "state" and settled(m))
    up = [s["name"] for s in final["room"]["seats"] if s["rating_change"] > 0]
    for client in clients:
        await client.close()
    return up + [name for name in names if name not in up]


async def names_on(page: Page, tab: str, count: int) -> list[str]:
    await hook(page, f"leaderboard-tab-{tab}").click()
    await expect(hook(page, f"leaderboard-tab-{tab}")).to_have_attribute("aria-selected", "true")
    await expect(hook(page, "leaderboard")).to_have_attribute("data-kind", tab)
    await expect(hook(page, "leaderboard-row")).to_have_count(count)
    return await hook(page, "leaderboard-name").all_inner_texts()


async def test_each_kind_of_rating_has_its_tab_and_players(
    server: InProcessServer, new_page: NewPage
) -> None:
    scoperta = await rated_match(server, ["Gina", "Hugo"], game="scoperta", stock="top")
    six = await rated_match(server, ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"], partner_comm="open")

    page = await new_page(**PHONE_CONTEXT)
    errors = console_errors(page)
    await page.goto(server.url + "/leaderboard")
    for kind, text in TABS.items():
        await expect(hook(page, f"leaderboard-tab-{kind}")).to_have_text(text)
    # It opens on a kind with players (none has played 2 v 2): 3 v 3, the first after it.
    await expect(hook(page, "leaderboard-tab-6")).to_have_attribute("aria-selected", "true")
    await expect(hook(page, "leaderboard-row")).to_have_count(6)
    await hook(page, "leaderboard-tab-4").click()
    await expect(hook(page, "leaderboard-empty")).to_have_text("No rated match of 2 v 2 yet")

    shown = await names_on(page, "scoperta", 2)
    assert shown == scoperta, (shown, scoperta)  # the winner ranked first
    await expect(page).to_have_url(server.url + "/leaderboard?kind=scoperta")
    await no_horizontal_scroll(page)
    shown = await names_on(page, "6", 6)
    assert set(shown[:3]) == set(six[:3]) and set(shown) == set(six), (shown, six)
    for kind in ("2", "3", "4"):
        await hook(page, f"leaderboard-tab-{kind}").click()
        await expect(hook(page, "leaderboard-empty")).to_have_text(
            f"No rated match of {TABS[kind]} yet"
        )
    # The arrow keys go round the tabs: right from 2 v 2 to 3 v 3, then to Scoperta.
    await hook(page, "leaderboard-tab-4").focus()
    await page.keyboard.press("ArrowRight")
    await page.keyboard.press("ArrowRight")
    await expect(hook(page, "leaderboard-tab-scoperta")).to_be_focused()
    await expect(hook(page, "leaderboard-row")).to_have_count(2)

    # An address with ?players=6 (as links had it) opens the 3 v 3 tab.
    await page.goto(server.url + "/leaderboard?players=6")
    await expect(hook(page, "leaderboard-tab-6")).to_have_attribute("aria-selected", "true")
    await expect(hook(page, "leaderboard-row")).to_have_count(6)

    # Gina's profile, from the Scoperta tab: her Scoperta rating moved, the others did not.
    await page.goto(server.url + "/leaderboard?kind=scoperta")
    await hook(page, "leaderboard-name").filter(has_text="Gina").click()
    await expect(hook(page, "profile-name")).to_have_text("Gina")
    await expect(hook(page, "profile-rating-scoperta")).to_have_attribute("data-matches", "1")
    await expect(hook(page, "profile-rating-scoperta")).to_contain_text("Rating: Scoperta")
    await expect(hook(page, "rating-chart-scoperta")).to_have_attribute("data-points", "1")
    for kind in ("2", "3", "4", "6"):
        await expect(hook(page, f"profile-rating-{kind}")).to_have_attribute("data-matches", "0")
    match = hook(page, "profile-match")
    await expect(match).to_have_count(1)
    await expect(match).to_have_attribute("data-kind", "scoperta")
    await expect(match.get_by_test_id("profile-match-kind")).to_have_text("Scoperta")
    result = "won" if scoperta[0] == "Gina" else "lost"
    await expect(match).to_have_attribute("data-result", result)
    await no_horizontal_scroll(page)
    assert not errors, errors


async def test_the_tabs_in_italian(server: InProcessServer, new_page: NewPage) -> None:
    page = await new_page(locale="it-IT")
    await page.goto(server.url + "/leaderboard?kind=6")
    await expect(hook(page, "leaderboard-tab-6")).to_have_text("3 contro 3")
    await expect(hook(page, "leaderboard-tab-4")).to_have_text("2 contro 2")
    await expect(hook(page, "leaderboard-empty")).to_have_text(
        re.compile("nessuna partita classificata: 3 contro 3")
    )
