"""The partnership house rules in the browser. At a table of signals the codebook opens under
your hand once the first trick is complete, one signal a trick; your signal and your bot
partner's are drawn at the signaller's seat and told in the hand log, while a spectator sees
none until the hand is over, then every one with who caught it. At an open table the chat
opens after the first trick, with quick requests, and your partner's hand lies face up once
the stock is out (never on a spectator's page)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from browser_helpers import (
    NewPage,
    add_bots,
    create_table,
    enabled_cards,
    hook,
    play_a_card,
    play_until_summary,
    ready,
    room_of,
)
from playwright.async_api import Locator, Page, expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Keeps every signal bubble the page draws, however briefly: [seat, signal] pairs.
WATCH_BUBBLES = """() => {
    window.bubbles = [];
    const felt = document.querySelector('[data-testid="table"]');
    const look = () => {
        for (const el of felt.querySelectorAll('[data-testid="signal-bubble"]')) {
            const seen = [el.dataset.seat, el.dataset.signal];
            if (!window.bubbles.some((b) => b[0] === seen[0] && b[1] === seen[1])) {
                window.bubbles.push(seen);
            }
        }
    };
    new MutationObserver(look).observe(felt, { childList: true, subtree: true });
    look();
}"""


def signal_entries(page: Page, seat: int | None = None) -> Locator:
    """The hand log's signal lines (of one seat)."""
    where = "" if seat is None else f'[data-seat="{seat}"]'
    return page.locator(f'[data-testid="log-entry"][data-kind="signal"]{where}')


async def watch(new_page: NewPage, link: str) -> Page:
    page = await new_page()
    await page.goto(link)
    await hook(page, "watch-button").click()
    await expect(hook(page, "seat-3")).to_be_visible()
    return page


async def test_a_signal_is_made_from_the_codebook_and_partners_signals_are_shown(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page()
    link = await create_table(
        page, server.url, player="Ana", name="Signals", partner_comm="signals", signal_catch=1
    )
    await expect(hook(page, "rules").first).to_contain_text("signals")
    await add_bots(page, [1, 2, 3])
    watcher = await watch(new_page, link)
    await ready(page)
    await page.evaluate(WATCH_BUBBLES)

    # The first trick is silent.
    button = hook(page, "signal-button")
    await expect(button).to_be_disabled()
    await expect(hook(page, "signal-status")).to_have_text("Signals open after the first trick")
    await expect(watcher.get_by_test_id("signal-button")).to_have_count(0)

    rng = random.Random(8)
    await play_a_card(page, rng)
    await expect(button).to_be_enabled()
    await button.click()
    await expect(hook(page, "signal-panel")).to_be_visible()
    await expect(hook(page, "signal-option")).to_have_count(10)
    await expect(hook(page, "signal-panel")).to_contain_text("a squint")
    await page.locator('[data-testid="signal-option"][data-signal="no_trumps"]').click()
    await expect(hook(page, "signal-panel")).to_be_hidden()

    mine = page.locator('[data-testid="signal-bubble"][data-seat="0"]')
    await expect(mine).to_have_attribute("data-signal", "no_trumps")
    await expect(button).to_be_disabled()  # one signal a trick
    await expect(hook(page, "signal-status")).to_have_text("One signal a trick: yours is made")
    await hook(page, "hand-log-button").click()
    await expect(signal_entries(page, 0)).to_have_text(["You signal: I have no trumps"])

    # A spectator sees no signal while the hand is on, even once the next trick is taken.
    await play_a_card(page, rng)
    await hook(watcher, "hand-log-button").click()
    await expect(watcher.locator('[data-testid="log-entry"][data-kind="trick"]')).to_have_count(2)
    await expect(signal_entries(watcher)).to_have_count(0)
    await expect(watcher.get_by_test_id("signal-bubble")).to_have_count(0)

    await play_until_summary(page, rng)
    # The bot partner signalled during the hand: drawn at its seat, and told in the log.
    bubbles: list[list[str]] = await page.evaluate("window.bubbles")
    assert ["0", "no_trumps"] in bubbles
    assert any(seat == "2" for seat, _ in bubbles), bubbles
    await expect(signal_entries(page, 2).first).to_be_visible()

    # Over, every signal is shown to everyone, with who caught it (here: both opponents).
    await expect(signal_entries(watcher, 0)).to_have_text(
        ["Ana signals: I have no trumps — caught by Bot 2, Bot 4"]
    )
    await expect(signal_entries(watcher, 2).first).to_contain_text("caught by Bot 2, Bot 4")

    # The replay has a step for each signal: the gesture at its seat, who caught it.
    href = await hook(page, "replay-link").get_attribute("href")
    assert href
    replay: dict[str, Any] = await page.evaluate(
        "async (id) => (await fetch(`/api/hands/${id}/replay`)).json()", href.removeprefix("/r/")
    )
    step = next(
        i for i, s in enumerate(replay["steps"]) if s["kind"] == "signal" and s["seat"] == 0
    )
    await page.goto(f"{server.url}{href}?step={step}")
    await expect(hook(page, "replay-text")).to_have_attribute("data-kind", "signal")
    await expect(hook(page, "replay-text")).to_have_text(
        "Ana signals: I have no trumps — caught by Bot 2, Bot 4"
    )
    shown = hook(page, "replay-seat-0").get_by_test_id("replay-signal")
    await expect(shown).to_have_attribute("data-signal", "no_trumps")


async def test_an_open_table_talks_after_the_first_trick_and_shows_the_partners_hand(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page()
    link = await create_table(page, server.url, player="Ana", name="Open", partner_comm="open")
    await expect(hook(page, "rules").first).to_contain_text("signals and talk")
    await add_bots(page, [1, 2, 3])
    # The lobby's row names the house rules and the match of deals.
    lobby = await new_page()
    await lobby.goto(server.url + "/")
    listed = lobby.locator(f'[data-testid="lobby-table"][data-room="{room_of(page)}"]')
    await expect(listed.get_by_test_id("rules")).to_contain_text("signals and talk")
    await expect(listed.get_by_test_id("rules")).to_contain_text("5 deals")
    await expect(listed.get_by_test_id("rules")).not_to_contain_text("single hand")
    watcher = await watch(new_page, link)
    await ready(page)
    await expect(hook(page, "match-score")).to_be_visible()
    await expect(hook(page, "scoreboard")).to_contain_text("Deal 1 of 5")

    # The first trick: no talk yet.
    await expect(hook(page, "chat-closed")).to_contain_text("first trick")
    await expect(hook(page, "quick-trump")).to_be_disabled()
    await expect(hook(page, "signal-button")).to_be_visible()
    await expect(watcher.get_by_test_id("quick-talk")).to_be_hidden()
    partner = hook(page, "hand-2").get_by_test_id("partner-card")
    await expect(partner).to_have_count(0)

    rng = random.Random(4)
    await play_a_card(page, rng)
    await expect(hook(page, "chat-closed")).to_have_count(0)
    await expect(hook(page, "quick-trump")).to_be_enabled()
    await hook(page, "quick-trump").click()
    # Table talk: heard by the whole table, spectators too.
    await expect(hook(page, "chat-log")).to_contain_text("Trump this!")
    await expect(hook(watcher, "chat-log")).to_contain_text("Trump this!")

    # Play on until the stock is out: then the partner's cards lie face up at its seat.
    for _ in range(10):
        await expect(enabled_cards(page).or_(partner).first).to_be_visible()
        if await partner.count():
            break
        await expect(partner).to_have_count(0)  # the stock is not out yet
        await play_a_card(page, rng)
    await expect(hook(page, "stock-count")).to_have_text("0")
    await expect(partner.first).to_be_visible()
    codes: list[str] = await partner.evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert len(codes) == len(set(codes)) >= 1
    await expect(hook(page, "hand-2").get_by_test_id("card-back")).to_have_count(0)
    for opponent in (1, 3):
        await expect(hook(page, f"hand-{opponent}").get_by_test_id("partner-card")).to_have_count(0)
    # The spectator is shown no hand: backs only, and no card of the partner's.
    await expect(watcher.get_by_test_id("partner-card")).to_have_count(0)
    for code in codes:
        await expect(watcher.locator(f'[data-testid="hand-2"] [data-card="{code}"]')).to_have_count(
            0
        )
