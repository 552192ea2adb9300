"""Briscola Scoperta in the browser: the create form makes a two-player table of it (and
shows its stock option); at the table the bot's hand lies face up, and the stock's cards in
a row, the next to be drawn first, as a spectator sees them too; the cards drawn after a
trick are the stock's first two."""

from __future__ import annotations

import random

import pytest
from browser_helpers import (
    NewPage,
    add_bots,
    create_table,
    enabled_cards,
    hand_codes,
    hook,
    play_a_card,
    ready,
    room_of,
)
from playwright.async_api import Page, expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def codes_in(page: Page, host: str, card: str) -> list[str]:
    """The codes of the cards ``card`` (a test id) shown in the region ``host``."""
    codes: list[str] = (
        await hook(page, host)
        .get_by_test_id(card)
        .evaluate_all("cards => cards.map(c => c.dataset.card)")
    )
    return codes


async def open_codes(page: Page, seat: int) -> list[str]:
    """The cards another seat's hand shows face up."""
    return await codes_in(page, f"hand-{seat}", "public-card")


async def trick_codes(page: Page) -> list[str]:
    """The cards on the table in the trick being played."""
    return await codes_in(page, "trick", "trick-card")


async def stock_codes(page: Page) -> list[str]:
    """The stock's cards shown face up, top first."""
    return await codes_in(page, "stock-cards", "stock-card")


async def test_the_form_makes_scoperta_a_two_player_game_with_its_stock_option(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page()
    await page.goto(server.url + "/")
    form = hook(page, "create-form")
    await expect(form.get_by_test_id("create-stock")).to_be_hidden()
    await expect(form.get_by_test_id("create-comm")).to_be_visible()  # four players
    await form.get_by_test_id("create-game").select_option("scoperta")
    await expect(form.get_by_test_id("create-players")).to_have_value("2")
    for players in ("3", "4", "6"):
        option = form.locator(f'[data-testid="create-players"] option[value="{players}"]')
        await expect(option).to_be_disabled()
    await expect(form.get_by_test_id("create-stock")).to_be_visible()
    await expect(form.get_by_test_id("create-comm")).to_be_hidden()
    await expect(hook(page, "create-game-hint")).to_contain_text("face up")
    await form.get_by_test_id("create-stock").select_option("top")
    await expect(hook(page, "create-stock-hint")).to_contain_text("next card")


async def test_scoperta_shows_the_bots_hand_and_the_stock_to_the_player_and_a_spectator(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page()
    link = await create_table(
        page, server.url, player="Ana", name="Open", players=2, game="scoperta"
    )
    await expect(hook(page, "rules").first).to_contain_text("Scoperta")
    await expect(hook(page, "rules").first).to_contain_text("stock face up")
    await add_bots(page, [1])
    await ready(page)

    # The bot's cards face up, no back among them; the stock's 33 cards (40, less six dealt
    # and the face-up trump), none of them a card in a hand, on the table or the face-up one.
    await expect(hook(page, "hand-1").get_by_test_id("public-card").first).to_be_visible()
    await expect(hook(page, "hand-1").get_by_test_id("card-back")).to_have_count(0)
    await expect(hook(page, "stock-cards")).to_have_attribute("data-count", "33")
    await expect(hook(page, "stock-card")).to_have_count(33)
    # Your turn (the bot may have led): nothing moves until you play.
    await expect(enabled_cards(page).first).to_be_visible()
    mine, theirs, stock = await hand_codes(page), await open_codes(page, 1), await stock_codes(page)
    face_up = await hook(page, "face-up").get_attribute("data-card")
    led = await trick_codes(page)
    assert len(set(mine + theirs + led + stock + [face_up])) == 40

    watcher = await new_page()
    await watcher.goto(link)
    await hook(watcher, "watch-button").click()
    await expect(hook(watcher, "stock-card")).to_have_count(33)
    assert sorted(await open_codes(watcher, 0)) == sorted(mine)
    assert sorted(await open_codes(watcher, 1)) == sorted(theirs)
    assert await stock_codes(watcher) == stock

    # After the first trick each draws one of the stock's first two cards: they are in the
    # hands, or led to the next trick.
    await play_a_card(page, random.Random(3))
    await expect(hook(page, "stock-card")).to_have_count(31)
    await expect(enabled_cards(page).first).to_be_visible()
    # The finished trick is held on the felt a moment: then the next one shows.
    await expect(hook(page, "trick")).not_to_have_attribute("data-held", "true")
    now = await hand_codes(page) + await open_codes(page, 1) + await trick_codes(page)
    assert set(now) - set(mine + theirs + led) == set(stock[:2])
    assert await stock_codes(page) == stock[2:]
    assert room_of(page) == room_of(watcher)


async def test_scoperta_with_only_the_next_card_shown(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page()
    await create_table(
        page, server.url, player="Ana", name="Top", players=2, game="scoperta", stock="top"
    )
    await add_bots(page, [1])
    await ready(page)
    await expect(hook(page, "stock-card")).to_have_count(1)
    await expect(hook(page, "stock-cards")).to_contain_text("Next to draw")
    await expect(hook(page, "hand-1").get_by_test_id("public-card")).to_have_count(3)
