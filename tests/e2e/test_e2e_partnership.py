"""Four people in four browsers play a whole partnership hand by clicking cards while a
fifth watches; the watcher's page never holds a card that is not public."""

from __future__ import annotations

import random

import httpx
import pytest
from browser_helpers import (
    NewPage,
    create_table,
    dom_card_codes,
    hook,
    my_seat,
    play_a_card,
    ready,
    set_name,
    summary_of,
)
from playwright.async_api import expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_four_browsers_play_a_hand_and_a_spectator_sees_only_public_cards(
    server: InProcessServer, new_page: NewPage
) -> None:
    """Four pages create, join (by partnership and by seat), ready and play a whole hand
    by clicking; all see the same summary; a spectator never holds a hidden card."""
    host = await new_page()
    link = await create_table(host, server.url, player="Ana", name="Partnership e2e")

    seated = [host]
    for name, choice in (("Bea", "sit-side-1"), ("Caio", "sit-side-0"), ("Dina", None)):
        page = await new_page()
        await page.goto(link)
        await expect(hook(page, "seat-picker")).to_be_visible()
        await set_name(page, name)
        if choice is None:  # the last free seat, chosen by its number
            seat_button = page.locator('[data-testid^="sit-seat-"]')
            await expect(seat_button).to_have_count(1)
            await seat_button.click()
        else:
            await hook(page, choice).click()
        await expect(page.locator('[data-testid^="you-"]')).to_have_count(1)
        seated.append(page)

    by_seat = {await my_seat(page): page for page in seated}
    assert sorted(by_seat) == [0, 1, 2, 3]
    sides = {seat: await hook(host, f"seat-{seat}").get_attribute("data-side") for seat in by_seat}
    assert sides == {0: "0", 1: "1", 2: "0", 3: "1"}
    assert by_seat[0] is host  # the creator took the first seat
    assert await hook(by_seat[2], "you-2").is_visible()  # Caio chose partnership 0

    watcher = await new_page()
    await watcher.goto(link)
    await hook(watcher, "watch-button").click()
    await expect(hook(watcher, "seat-3")).to_be_visible()
    await expect(hook(watcher, "name-3")).not_to_have_text("")

    for page in seated:
        await ready(page)
    for page in (*seated, watcher):
        await expect(hook(page, "face-up")).to_be_visible()

    face_up = await hook(host, "face-up").get_attribute("data-card")
    assert face_up is not None
    for page in seated:
        await expect(hook(page, "face-up")).to_have_attribute("data-card", face_up)
        await expect(hook(page, "hand").locator('[data-testid="card"]')).to_have_count(3)
    public = {face_up}  # with no swap of the 7, the face-up trump is the only public card

    async def assert_spectator_holds_only_public_cards(played: list[str]) -> None:
        await expect(watcher.get_by_test_id("hand")).to_have_count(0)
        await expect(watcher.get_by_test_id("card")).to_have_count(0)
        shown = await dom_card_codes(watcher)
        hidden = set(shown) - set(played) - public
        assert not hidden, f"the spectator's DOM holds cards not yet public: {hidden}"

    rng = random.Random(5)
    played: list[str] = []
    await assert_spectator_holds_only_public_cards(played)
    for _ in range(40):
        turn = watcher.locator('[data-testid^="seat-"][data-turn="true"]')
        await expect(turn).to_have_count(1)
        seat = int((await turn.get_attribute("data-testid") or "").removeprefix("seat-"))
        card = await play_a_card(by_seat[seat], rng)
        played.append(card)
        # The watcher sees the card on the table (or in the last trick, once taken).
        seen = watcher.locator(
            f'[data-testid="trick"] [data-card="{card}"], '
            f'[data-testid="last-trick"] [data-card="{card}"]'
        )
        await expect(seen.first).to_be_attached()
        await assert_spectator_holds_only_public_cards(played)

    assert sorted(played) == sorted(set(played)) and len(played) == 40
    summaries = [await summary_of(page) for page in (*seated, watcher)]
    assert all(summary == summaries[0] for summary in summaries), summaries
    result, points = summaries[0]
    assert sorted(points) == ["0", "1"] and sum(points.values()) == 120
    expected = "draw" if points["0"] == points["1"] else max(points, key=points.__getitem__)
    assert result == expected

    # The summary's record link serves the finished hand, with the seed the page shows.
    record_link = await hook(host, "record-link").get_attribute("href")
    seed = await hook(host, "summary-seed").inner_text()
    assert record_link
    async with httpx.AsyncClient() as http:
        response = await http.get(server.url + record_link)
    assert response.status_code == 200
    assert seed in response.text
