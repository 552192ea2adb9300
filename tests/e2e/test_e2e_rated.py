"""A rated 2-against-2 match between four account holders in four browsers (two phones, two
desktops), played to the end by clicking cards: each page sees every seat's rating change,
the leaderboard ranks the four, and a profile lists the match with a link to its hand's
replay, which opens; no page logs a console error."""

from __future__ import annotations

import random
import re

import pytest
from browser_helpers import (
    PHONE_CONTEXT,
    NewPage,
    console_errors,
    create_table,
    hook,
    my_seat,
    no_horizontal_scroll,
    play_a_card,
    ready,
    sign_up,
    summary_of,
)
from playwright.async_api import Page, expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

PASSWORD = "partnership secret"
START = "25.0 ± 8.3"


async def play_hand(by_seat: dict[int, Page], rng: random.Random) -> None:
    """The 40 cards of a hand, each clicked by the page whose turn it is."""
    turn = by_seat[0].locator('[data-testid^="seat-"][data-turn="true"]')
    for _ in range(40):
        await expect(turn).to_have_count(1)
        seat = int((await turn.get_attribute("data-testid") or "").removeprefix("seat-"))
        await play_a_card(by_seat[seat], rng)


async def test_a_rated_partnership_match_moves_four_ratings(
    server: InProcessServer, new_page: NewPage
) -> None:
    """Four account holders sign up, sit at a rated table (names locked to their accounts)
    and play it out; then the ratings, the leaderboard and the profiles tell of the match."""
    people = {"Ada": PHONE_CONTEXT, "Bea": {}, "Caio": PHONE_CONTEXT, "Dina": {}}
    pages: dict[str, Page] = {}
    errors: dict[str, list[str]] = {}
    for name, context in people.items():
        page = await new_page(**context)
        errors[name] = console_errors(page)
        await page.goto(server.url + "/")
        await sign_up(page, server.url, name, PASSWORD)
        pages[name] = page

    ada = pages["Ada"]
    link = await create_table(
        ada, server.url, player=None, name="Rated partnership", players=4, clock=120, rated=True
    )
    for name in ("Bea", "Caio", "Dina"):
        page = pages[name]
        await page.goto(link)
        await expect(hook(page, "picker-rated-note")).to_be_visible()
        await expect(hook(page, "name-input")).to_have_value(name)  # the account's, locked
        await hook(page, "sit-button").click()
        await expect(page.locator('[data-testid^="you-"]')).to_have_count(1)
    seats = {name: await my_seat(page) for name, page in pages.items()}
    by_seat = {seat: pages[name] for name, seat in seats.items()}
    assert sorted(by_seat) == [0, 1, 2, 3]
    names = {seat: name for name, seat in seats.items()}
    for page in pages.values():
        for seat in range(4):
            await expect(hook(page, f"account-{seat}")).to_be_visible()
            await expect(hook(page, f"rating-{seat}")).to_have_text(START)
            await expect(hook(page, f"name-{seat}")).to_have_text(names[seat])

    for page in pages.values():
        await ready(page)
    rng = random.Random(7)
    hands = 0
    while True:  # a drawn hand is dealt again, even in a single-hand match
        await play_hand(by_seat, rng)
        hands += 1
        result, points = await summary_of(ada)
        assert sum(points.values()) == 120
        if result != "draw":
            break
        for page in pages.values():
            await ready(page)
    winners = int(result)
    hand_link = await hook(ada, "record-link").get_attribute("href")
    assert hand_link and hand_link.startswith("/api/hands/")
    hand_id = hand_link.removeprefix("/api/hands/")

    # Every page sees the match's end and each seat's rating change: up for the winners,
    # down for the losers; the account bar shows the new rating.
    for page in pages.values():
        await expect(hook(page, "match-result")).to_be_visible()
        rows = hook(page, "summary-rating")
        await expect(rows).to_have_count(4)
        for seat in range(4):
            row = page.locator(f'[data-testid="summary-rating"][data-seat="{seat}"]')
            await expect(row).to_have_attribute("data-change", re.compile(r"^-?\d"))
            change = float(await row.get_attribute("data-change") or "nan")
            assert (change > 0) == (seat % 2 == winners), (seat, change, winners)
            await expect(hook(page, f"rating-change-{seat}")).to_be_visible()
        await expect(hook(page, "account-rating")).not_to_have_text(f"({START})")
        await no_horizontal_scroll(page)

    winner_names = {names[seat] for seat in range(4) if seat % 2 == winners}
    for name in ("Ada", "Bea"):  # a phone and a desktop
        page = pages[name]
        await hook(page, "leaderboard-link").click()
        await expect(page).to_have_url(server.url + "/leaderboard")
        await expect(hook(page, "leaderboard-tab-4")).to_have_attribute("aria-selected", "true")
        await expect(hook(page, "leaderboard-row")).to_have_count(4)
        shown = await hook(page, "leaderboard-name").all_inner_texts()
        assert set(shown) == set(people) and set(shown[:2]) == winner_names, shown
        mine = page.locator('[data-testid="leaderboard-row"][aria-current="true"]')
        await expect(mine.get_by_test_id("leaderboard-name")).to_have_text(name)
        await no_horizontal_scroll(page)
        await hook(page, "leaderboard-tab-2").click()
        await expect(hook(page, "leaderboard-empty")).to_be_visible()
        await hook(page, "leaderboard-tab-4").click()
        await expect(hook(page, "leaderboard-row")).to_have_count(4)

    # Ada's own profile (from the top bar), and Dina's from the leaderboard (desktop).
    for page, name in ((ada, "Ada"), (pages["Bea"], "Dina")):
        if name == "Ada":
            await hook(page, "account-link").click()
        else:
            await hook(page, "leaderboard-name").filter(has_text=name).click()
        await expect(hook(page, "profile-name")).to_have_text(name)
        await expect(hook(page, "profile-rating-4")).to_have_attribute("data-matches", "1")
        await expect(hook(page, "rating-chart-4")).to_have_attribute("data-points", "1")
        await expect(hook(page, "profile-rating-2")).to_have_attribute("data-matches", "0")
        match = hook(page, "profile-match")
        await expect(match).to_have_count(1)
        won = seats[name] % 2 == winners
        await expect(match).to_have_attribute("data-result", "won" if won else "lost")
        partner = names[(seats[name] + 2) % 4]
        await expect(match.get_by_test_id("profile-match-partners")).to_have_text(f"with {partner}")
        shown_change = await match.get_by_test_id("profile-match-change").inner_text()
        assert shown_change.startswith("+" if won else "\N{MINUS SIGN}"), shown_change
        replays = match.get_by_test_id("replay-link")
        await expect(replays).to_have_count(hands)
        await expect(replays.last).to_have_attribute("href", f"/r/{hand_id}")
        await no_horizontal_scroll(page)

    # The profile's link opens the hand's replay.
    bea = pages["Bea"]
    await hook(bea, "replay-link").last.click()
    await expect(bea).to_have_url(re.compile(rf"/r/{hand_id}(\?step=\d+)?$"))
    await expect(hook(bea, "replay")).to_be_visible()

    assert not any(errors.values()), errors
