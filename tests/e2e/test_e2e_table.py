"""One person at a table of bots: a reload mid-hand or a dropped connection comes back to
the same seat and hand; the table chat is closed while a hand is played and open between
hands."""

from __future__ import annotations

import random

import pytest
from browser_helpers import (
    NewPage,
    add_bots,
    chat_lines,
    create_table,
    enabled_cards,
    hand_codes,
    hook,
    my_seat,
    play_a_card,
    play_until_summary,
    ready,
    reconnected,
    say,
    summary_of,
    watch_connection_states,
)
from playwright.async_api import expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_a_page_reloaded_mid_hand_comes_back_to_its_seat_and_hand(
    server: InProcessServer, new_page: NewPage
) -> None:
    """After a reload mid-hand the page resumes the same table, seat and cards (its token
    is in localStorage), and the hand can be played to the end."""
    page = await new_page()
    link = await create_table(page, server.url, player="Ana", name="Reload", players=2)
    await add_bots(page, [1])
    await ready(page)
    rng = random.Random(2)
    assert await play_until_summary(page, rng, stop_after=6) == 6
    await expect(enabled_cards(page).first).to_be_visible()  # my turn again: a settled state

    seat = await my_seat(page)
    cards = await hand_codes(page)
    stock = await hook(page, "stock-count").inner_text()
    face_up = await hook(page, "face-up").get_attribute("data-card")
    taken = [await hook(page, f"taken-{side}").inner_text() for side in (0, 1)]
    assert len(cards) == 3

    await page.reload()
    assert page.url == link
    await expect(hook(page, "connection")).to_have_attribute("data-state", "connected")
    await expect(enabled_cards(page)).to_have_count(3)
    assert await my_seat(page) == seat
    assert await hand_codes(page) == cards
    await expect(hook(page, "stock-count")).to_have_text(stock)
    await expect(hook(page, "face-up")).to_have_attribute("data-card", face_up or "")
    for side, text in enumerate(taken):
        await expect(hook(page, f"taken-{side}")).to_have_text(text)
    await expect(hook(page, "seat-picker")).to_have_count(0)
    await expect(hook(page, f"away-{seat}")).to_have_count(0)

    await play_until_summary(page, rng)
    _, points = await summary_of(page)
    assert sum(points.values()) == 120


async def test_a_dropped_connection_reconnects_by_itself_and_the_hand_goes_on(
    server: InProcessServer, new_page: NewPage
) -> None:
    """When the server drops the socket (1013, as it does a too slow client) the page shows
    it is reconnecting, reconnects by itself, resumes the same seat and cards, and plays on
    (a card by its number key, then by clicking)."""
    page = await new_page()
    await create_table(page, server.url, player="Ana", name="Drop", players=2)
    await add_bots(page, [1])
    await ready(page)
    rng = random.Random(4)
    await play_a_card(page, rng)
    await expect(enabled_cards(page).first).to_be_visible()
    cards = await hand_codes(page)
    await watch_connection_states(page)
    gateway = server.manager.gateway
    dropped = [conn for conn in gateway.connections.values() if gateway.room_of(conn)]
    assert len(dropped) == 1
    dropped[0].close(1013, "too slow: reconnect to resync")

    await reconnected(page)
    await expect(enabled_cards(page)).to_have_count(3)
    assert await hand_codes(page) == cards
    await page.keyboard.press("2")  # the keyboard plays too: the second card
    await expect(page.locator(f'[data-testid="hand"] [data-card="{cards[1]}"]')).to_have_count(0)
    await play_until_summary(page, rng)
    _, points = await summary_of(page)
    assert sum(points.values()) == 120


async def test_chat_is_closed_during_a_hand_and_open_between_hands(
    server: InProcessServer, new_page: NewPage
) -> None:
    """Before the deal and between the hands of a best of 3 the table chat is open; while a
    hand is played it is closed with a visible note and a disabled input, while a spectator
    still talks to the other spectators."""
    player = await new_page()
    link = await create_table(player, server.url, player="Ana", name="Chat", players=2, best_of=3)
    await add_bots(player, [1])
    await expect(hook(player, "chat-closed")).to_have_count(0)
    await say(player, "buona fortuna")

    watcher = await new_page()
    await watcher.goto(link)
    await hook(watcher, "watch-button").click()
    await expect(hook(watcher, "table")).to_be_visible()

    await ready(player)
    await expect(hook(player, "chat-closed")).to_be_visible()
    await expect(hook(player, "chat-input")).to_be_disabled()
    await expect(hook(player, "chat-send")).to_be_disabled()
    await expect(hook(watcher, "face-up")).to_be_visible()
    await expect(hook(watcher, "chat-closed")).to_have_count(0)
    await say(watcher, "forza Ana")  # spectators' chat, for spectators only during a hand

    rng = random.Random(3)
    # The room handled the spectator's line before this play, so the player's page would
    # have had it before the state that takes the card away.
    await play_a_card(player, rng)
    assert "forza Ana" not in await chat_lines(player)
    await expect(hook(player, "chat-closed")).to_be_visible()

    await play_until_summary(player, rng)
    await expect(hook(player, "summary-match")).to_be_visible()
    await expect(hook(player, "chat-closed")).to_have_count(0)
    await expect(hook(player, "chat-input")).to_be_enabled()
    await say(player, "ben giocato")
    await expect(hook(watcher, "chat-log").get_by_text("ben giocato")).to_be_visible()

    await hook(player, "ready-button").click()  # the next hand: closed again
    await expect(hook(player, "chat-closed")).to_be_visible()
    await expect(hook(player, "chat-input")).to_be_disabled()
