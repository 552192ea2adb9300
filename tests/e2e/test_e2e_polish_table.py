"""The table as a new player finds it (issue 21), what is played: your turn waits for a
trick taken to go, a keyboard play keeps the focus in your hand, every card and count on the
felt is named for screen readers; Leave and Resign ask first in the page's own dialog (never
the browser's), and the lobby offers "Back to your table"; a rated match shows the change of
the rating it shows; a profile's address ignores case; a sign-up error says what is wrong;
the leaderboard opens on a tab with rows. No page opens a browser dialog."""

from __future__ import annotations

import re

import pytest
from browser_helpers import (
    HELD_TRICK,
    NewPage,
    add_bots,
    browser_dialogs,
    create_table,
    enabled_cards,
    fill_account_form,
    hand_codes,
    hook,
    my_seat,
    ready,
    room_of,
    sign_up,
)
from playwright.async_api import Page, expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

RANKS = {"A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six",
         "7": "Seven", "J": "Jack", "N": "Knight", "K": "King"}  # fmt: skip
SUITS = {"D": "coins", "C": "cups", "S": "swords", "B": "clubs"}
PASSWORD = "a long enough secret"
MINUS, TIMES = "\u2212", "\u00d7"  # as the page writes a rating's sums


def card_name(code: str) -> str:
    """A card's name as the page says it in English with the Italian pack."""
    return f"{RANKS[code[0]]} of {SUITS[code[1]]}"


# Kept by the page from the start: every moment a finished trick is held on the felt while
# the status says "Your turn" or a card of yours may be clicked (there should be none), and
# how many holds there were.
WATCH_TURNS = """() => {
    window.turns = { holds: 0, wrong: [] };
    let held = false;
    const look = () => {
        const trick = document.querySelector('[data-testid="trick"][data-held="true"]');
        if (trick && !held) window.turns.holds += 1;
        held = Boolean(trick);
        if (!trick) return;
        const status = document.querySelector('[data-testid="status"]');
        const playable = document.querySelectorAll(
            '[data-testid="hand"] [data-testid="card"]:enabled'
        ).length;
        const mine = status.classList.contains("status-mine");
        if (status.textContent === "Your turn" || mine || playable) {
            window.turns.wrong.push({ status: status.textContent, playable });
        }
    };
    new MutationObserver(look).observe(
        document.body, { childList: true, subtree: true, characterData: true }
    );
}"""


async def focus_in_hand(page: Page) -> bool:
    """Whether the focus is on your hand or one of its cards (not fallen to the page)."""
    inside: bool = await page.evaluate(
        "() => Boolean(document.activeElement?.closest('[data-testid=\"hand\"]'))"
    )
    return inside


async def play_by_key(page: Page) -> None:
    """On your turn, press 1: the first card leaves your hand and the focus stays in it."""
    await expect(enabled_cards(page).first).to_be_visible()
    first = page.locator('[data-testid="hand"] [data-testid="card"]').first
    code = await first.get_attribute("data-card")
    await page.keyboard.press("1")
    await expect(page.locator(f'[data-testid="hand"] [data-card="{code}"]')).to_have_count(0)
    assert await focus_in_hand(page)
    assert await page.evaluate("window.scrollY") == 0


async def test_your_turn_waits_for_the_trick_taken_the_keys_keep_the_hand_and_leave_asks(
    server: InProcessServer, new_page: NewPage
) -> None:
    """Against three bots that move at once, played by the keyboard: while a finished trick
    is held the status never says "Your turn" and no card may be played (the next card led
    is drawn first); after each key the focus is still in your hand. Cards, backs, the
    stock and the cards taken are named. Leave asks first (Escape or Stay keep you); the
    lobby then offers "Back to your table", which gives the seat back. Resign asks too."""
    page = await new_page()
    dialogs = browser_dialogs(page)
    await create_table(page, server.url, player="Ana", name="Keys", players=4)
    await add_bots(page, [1, 2, 3])
    await page.evaluate(WATCH_TURNS)
    await ready(page)
    await expect(enabled_cards(page).first).to_be_visible()

    # What a screen reader is told: each card by the name it has everywhere on the page.
    for card in await page.locator('[data-testid="hand"] [data-testid="card"]').all():
        code = await card.get_attribute("data-card") or ""
        await expect(card).to_have_accessible_name(card_name(code))
        await expect(card).to_have_attribute("aria-keyshortcuts", re.compile(r"^[1-3]$"))
    face_up = hook(page, "face-up")
    up = await face_up.get_attribute("data-card") or ""
    await expect(face_up).to_have_accessible_name(card_name(up))
    for seat in (1, 2, 3):
        backs = hook(page, f"hand-{seat}")
        await expect(backs).to_have_role("group")
        await expect(backs).to_have_accessible_name(re.compile(r"^[1-3] cards?$"))
    await expect(page.locator(".deck")).to_have_role("group")
    await expect(page.locator(".deck")).to_have_accessible_name(re.compile(r"^\d+ in the stock$"))
    taken = hook(page, "seat-0").locator(".taken-chip")
    await expect(taken).to_have_role("img")
    await expect(taken).to_have_accessible_name("Cards taken: 0")
    for card in await hook(page, "trick").get_by_test_id("trick-card").all():
        seat = int(await card.get_attribute("data-seat") or "-1")
        code = await card.get_attribute("data-card") or ""
        await expect(card).to_have_accessible_name(f"{card_name(code)}, played by Bot {seat + 1}")

    await hook(page, "hand").get_by_test_id("card").first.focus()
    for _ in range(3):
        await play_by_key(page)
    turns = await page.evaluate("window.turns")
    assert turns["holds"] >= 2 and not turns["wrong"], turns

    # Leave asks first, in the page's dialog: Escape and "Stay" keep you at the table.
    room = room_of(page)
    dialog = hook(page, "confirm-dialog")
    await expect(enabled_cards(page).first).to_be_visible()
    codes = await hand_codes(page)
    await hook(page, "leave-button").click()
    await expect(dialog).to_be_visible()
    await expect(dialog).to_contain_text("Leave the table?")
    await expect(dialog).to_contain_text("Nobody else is at this table: it closes 60 s after")
    await expect(hook(page, "confirm-no")).to_be_focused()
    await page.keyboard.press("1")  # the table's keys do not reach the hand behind it
    await page.keyboard.press("Escape")
    await expect(dialog).to_have_count(0)
    assert await hand_codes(page) == codes
    await hook(page, "leave-button").click()
    await hook(page, "confirm-no").click()
    await expect(dialog).to_have_count(0)
    await expect(page).to_have_url(re.compile(f"/t/{room}$"))
    await hook(page, "leave-button").click()
    await hook(page, "confirm-yes").click()

    # The lobby does not list a table of bots only, but offers this browser its seat back.
    await expect(page).to_have_url(server.url + "/")
    row = page.locator(f'[data-testid="lobby-table"][data-room="{room}"]')
    await expect(row.get_by_test_id("back-to-table")).to_have_text("Back to your table")
    await expect(row.get_by_test_id("sit-button")).to_have_count(0)
    await row.get_by_test_id("back-to-table").click()
    await expect(page).to_have_url(re.compile(f"/t/{room}$"))
    assert await my_seat(page) == 0
    await expect(hook(page, "hand").get_by_test_id("card").first).to_be_visible()

    # Resign asks too; "Stay" changes nothing, "Resign" concedes.
    await hook(page, "resign-button").click()
    await expect(dialog).to_contain_text("Resign the match?")
    await hook(page, "confirm-no").click()
    await expect(hook(page, "summary")).to_have_count(0)
    await hook(page, "resign-button").click()
    await hook(page, "confirm-yes").click()
    await expect(hook(page, "match-result")).to_be_visible()
    await expect(page.locator(".summary-resigned")).to_have_text("Ana resigned")

    turns = await page.evaluate("window.turns")
    assert not turns["wrong"], turns
    assert not dialogs, dialogs


async def test_a_trick_taken_is_held_until_a_tap_or_a_key_gathers_it(
    server: InProcessServer, new_page: NewPage
) -> None:
    """A trick taken is held (no card playable meanwhile) as a button named by its winner;
    a tap on it, or Enter on it, gathers it in that very moment: in the same task as the
    event, before the hold's timer could have ended it."""
    page = await new_page()
    await create_table(page, server.url, player="Ana", name="Gather", players=2)
    await add_bots(page, [1])
    await ready(page)
    held = page.locator(HELD_TRICK)
    gathered = {
        "tap": "trick => { trick.click(); return !document.querySelector('[data-held]'); }",
        "key": """trick => {
            trick.focus();
            const key = new KeyboardEvent("keydown", {key: "Enter", bubbles: true});
            trick.dispatchEvent(key);
            return !document.querySelector('[data-held]');
        }""",
    }
    for way in ("tap", "key", "tap", "key"):
        card = enabled_cards(page).first
        await expect(card).to_be_visible()
        await card.click()
        await expect(held).to_have_attribute("role", "button")
        await expect(held).to_have_accessible_name(re.compile(r"takes? the trick\. Tap to gather"))
        assert await held.evaluate(gathered[way]), way
        await expect(held).to_have_count(0)


async def test_a_rated_match_shows_the_change_of_the_rating_it_shows(
    server: InProcessServer, new_page: NewPage
) -> None:
    """A sign-up with a short password says what is wrong, not the rule again. Two players
    sign up and play a rated match, which one resigns (asked in the page's dialog): the
    summary shows each leaderboard rating (skill minus three uncertainties, said so) and its
    change,
    and the rating shown after is the one before plus the change shown. A profile's address
    in any case opens the player's profile, with "1 rated match"; the leaderboard opens on
    the only tab that has rows."""
    nico = await new_page()
    pia = await new_page()
    dialogs = browser_dialogs(nico) + browser_dialogs(pia)
    await nico.goto(server.url + "/")
    await hook(nico, "signup-button").click()
    await fill_account_form(nico, "Nico Rossi", "short")
    error = hook(nico, "account-error")
    await expect(error).to_have_text("Too short: 5 characters. A password needs 8 to 128.")
    await expect(hook(nico, "account-password")).to_have_attribute("aria-invalid", "true")
    await hook(nico, "account-close").click()
    await sign_up(nico, server.url, "Nico Rossi", PASSWORD)
    await sign_up(pia, server.url, "Pia", PASSWORD)

    link = await create_table(nico, server.url, player=None, name="Rated", players=2, rated=True)
    await pia.goto(link)
    await hook(pia, "sit-button").click()
    await expect(hook(pia, "you-1")).to_be_visible()
    for page in (nico, pia):
        await ready(page)
    await expect(hook(nico, "face-up")).to_be_visible()
    before = {seat: await hook(nico, f"rating-{seat}").inner_text() for seat in (0, 1)}
    assert before == {0: "25.0 ± 8.3", 1: "25.0 ± 8.3"}, before  # leaderboard figure 0.0

    await hook(nico, "resign-button").click()
    await hook(nico, "confirm-yes").click()
    for page in (nico, pia):
        ratings = hook(page, "summary-ratings")
        await expect(ratings.locator("caption")).to_have_text(
            f"Leaderboard ratings (skill {MINUS} 3 {TIMES} uncertainty) and their change"
        )
        for seat in (0, 1):
            row = ratings.locator(f'[data-testid="summary-rating"][data-seat="{seat}"]')
            await expect(row).to_have_attribute("data-change", re.compile(r"\d"))
            shown = float(await row.get_by_test_id("summary-rating-value").inner_text())
            change = (await row.locator(".rating-change").inner_text()).replace(MINUS, "-")
            assert abs(shown - (0.0 + float(change))) <= 0.1, (seat, shown, change)
            assert (float(change) > 0) == (seat == 1), (seat, change)
            badge = hook(page, f"rating-{seat}")
            await expect(badge).to_have_text(f"{shown:.1f} {change.replace('-', MINUS)}")

    # /u/NICOROSSI is Nico Rossi's profile, and its address becomes his own.
    await nico.goto(server.url + "/u/NICO%20ROSSI")
    await expect(hook(nico, "profile-name")).to_have_text("Nico Rossi")
    await expect(nico).to_have_url(server.url + "/u/nicorossi")
    await expect(hook(nico, "profile-rating-2")).to_contain_text("1 rated match")
    await expect(hook(nico, "profile-match")).to_have_count(1)

    # A guest's leaderboard opens on the one kind with rows (2 players), not on 2 v 2.
    guest = await new_page()
    await guest.goto(server.url + "/leaderboard")
    await expect(hook(guest, "leaderboard-tab-2")).to_have_attribute("aria-selected", "true")
    await expect(hook(guest, "leaderboard-row")).to_have_count(2)
    await hook(guest, "leaderboard-tab-4").click()
    await expect(hook(guest, "leaderboard-empty")).to_be_visible()
    assert not dialogs, dialogs
