"""The replay of a finished hand in the browser, on a desktop and on a phone: the summary
links to it, step 0 shows every hand as the record's seed deals it, the arrow keys, Home
and End, the buttons and (on the phone) a swipe step through it, a shared ``?step=N`` link
opens at that step (here in Italian), nothing scrolls sideways and the console stays free
of errors."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest
from browser_helpers import (
    DESKTOP,
    PHONE,
    NewPage,
    add_bots,
    create_table,
    hook,
    my_seat,
    play_until_summary,
    ready,
)
from playwright.async_api import Page, expect

from briscola.engine import HandRules, start_hand
from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

DEVICES = {
    "desktop": {"viewport": DESKTOP},
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 3},
}


def console_errors(page: Page) -> list[str]:
    """The console's error lines of ``page`` from now on (filled as they come)."""
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    return errors


async def at_step(page: Page, step: int, replay: dict[str, Any]) -> None:
    """The page shows step ``step`` as the server computed it: its counter, its kind, every
    hand and the trick on the table."""
    shown = replay["steps"][step]
    await expect(hook(page, "replay-step")).to_have_attribute("data-step", str(step))
    await expect(hook(page, "replay-text")).to_have_attribute("data-kind", shown["kind"])
    trick = page.get_by_test_id("replay-trick-card")
    await expect(trick).to_have_count(len(shown["trick"]["cards"]))
    for index, card in enumerate(shown["trick"]["cards"]):
        await expect(trick.nth(index)).to_have_attribute("data-card", card)
    for seat, hand in enumerate(shown["hands"]):
        cards = hook(page, f"replay-hand-{seat}").get_by_test_id("replay-card")
        await expect(cards).to_have_count(len(hand))
        assert await cards.evaluate_all("cs => cs.map(c => c.dataset.card)") == hand


async def swipe(page: Page, leftwards: bool) -> None:
    """A one-finger horizontal swipe across the board, as the touch screen sends it."""
    board = hook(page, "replay-board")
    await board.scroll_into_view_if_needed()
    box = await board.bounding_box()
    assert box is not None
    y = box["y"] + min(box["height"] / 2, 60)
    left, right = box["x"] + box["width"] * 0.2, box["x"] + box["width"] * 0.8
    start, end = (right, left) if leftwards else (left, right)
    cdp = await page.context.new_cdp_session(page)
    for kind, x in (("touchStart", start), ("touchMove", (start + end) / 2), ("touchMove", end)):
        await cdp.send(
            "Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]}
        )
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    await cdp.detach()


async def no_sideways_scroll(page: Page) -> None:
    wide = await page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page scrolls {wide}px sideways"


@pytest.mark.parametrize("device", sorted(DEVICES))
async def test_a_finished_hand_replays_step_by_step(
    server: InProcessServer, new_page: NewPage, device: str
) -> None:
    page = await new_page(**DEVICES[device])
    errors = console_errors(page)
    await create_table(page, server.url, player="Ana", name="Replays", players=2)
    seat = await my_seat(page)
    await add_bots(page, [1 - seat])
    await ready(page)
    await play_until_summary(page, random.Random(13))
    link = hook(page, "replay-link")
    href = await link.get_attribute("href")
    assert href is not None and href.startswith("/r/")
    hand_id = href.removeprefix("/r/")
    async with httpx.AsyncClient() as http:
        record = (await http.get(f"{server.url}/api/hands/{hand_id}")).json()
        replay = (await http.get(f"{server.url}/api/hands/{hand_id}/replay")).json()
    await link.click()
    await expect(page).to_have_url(re.compile(rf"/r/{hand_id}$"))

    # Step 0: every hand face up, as the record's seed deals them.
    await at_step(page, 0, replay)
    dealt = start_hand(HandRules(2), record["dealer"], bytes.fromhex(record["seed"]))
    assert replay["steps"][0]["hands"] == [[card.code for card in hand] for hand in dealt.hands]
    await expect(hook(page, f"replay-name-{seat}")).to_have_text("Ana")
    await expect(hook(page, f"replay-name-{1 - seat}")).to_have_text(f"Bot {2 - seat}")
    assert dealt.face_up is not None
    await expect(hook(page, "replay-face-up")).to_have_attribute("data-card", dealt.face_up.code)
    await expect(hook(page, "replay-trump")).to_have_attribute("data-suit", dealt.trump.code)
    await no_sideways_scroll(page)

    # The keyboard: → and ← a step, End and Home to the ends.
    last = len(replay["steps"]) - 1
    await page.keyboard.press("ArrowRight")
    await at_step(page, 1, replay)
    await page.keyboard.press("End")
    await at_step(page, last, replay)
    sides = page.get_by_test_id("replay-side")
    for side, points in enumerate(record["points"]):
        await expect(sides.nth(side)).to_have_attribute("data-points", str(points))
    await expect(hook(page, "replay-next")).to_be_disabled()
    await page.keyboard.press("ArrowLeft")
    await at_step(page, last - 1, replay)
    await page.keyboard.press("Home")
    await at_step(page, 0, replay)
    await expect(hook(page, "replay-prev")).to_be_disabled()

    # The buttons.
    for button, step in [("next", 1), ("next", 2), ("next", 3), ("prev", 2), ("last", last)]:
        await hook(page, f"replay-{button}").click()
        await at_step(page, step, replay)
    await hook(page, "replay-first").click()
    await at_step(page, 0, replay)

    # A swipe on the board, on the phone's touch screen.
    if device == "phone":
        await swipe(page, leftwards=True)
        await at_step(page, 1, replay)
        await swipe(page, leftwards=True)
        await at_step(page, 2, replay)
        await swipe(page, leftwards=False)
        await at_step(page, 1, replay)

    # The link to share names the step, and opens there.
    trick_step = next(i for i, step in enumerate(replay["steps"]) if step["kind"] == "trick")
    while int(await hook(page, "replay-step").get_attribute("data-step") or 0) < trick_step:
        await hook(page, "replay-next").click()
    await at_step(page, trick_step, replay)
    share = await hook(page, "replay-share-link").input_value()
    assert share == f"{server.url}/r/{hand_id}?step={trick_step}"
    await expect(page).to_have_url(share)
    friend = await new_page(**DEVICES[device], locale="it-IT")
    friend_errors = console_errors(friend)
    await friend.goto(share)
    await at_step(friend, trick_step, replay)
    winner = replay["steps"][trick_step]["trick"]["winner"]
    await expect(hook(friend, "replay-text")).to_contain_text("prende la presa")
    await expect(hook(friend, f"replay-seat-{winner}")).to_have_attribute("data-turn", "true")
    await no_sideways_scroll(friend)
    assert errors == friend_errors == []


async def test_an_unknown_hand_has_no_replay(server: InProcessServer, new_page: NewPage) -> None:
    page = await new_page()
    await page.goto(f"{server.url}/r/nope")
    await expect(hook(page, "replay-not-found")).to_have_text(
        "There is no finished hand with that id"
    )


async def test_every_hand_of_a_match_links_to_its_replay(
    server: InProcessServer, new_page: NewPage
) -> None:
    """In a best of 3 the summary's row for each finished hand links to that hand's replay,
    and the link opens it."""
    page = await new_page()
    await create_table(page, server.url, player="Ana", name="Match", players=2, best_of=3)
    await add_bots(page, [1 - await my_seat(page)])
    await ready(page)
    rng = random.Random(3)
    await play_until_summary(page, rng)
    await hook(page, "ready-button").click()
    await expect(hook(page, "summary")).to_have_count(0)
    await play_until_summary(page, rng)
    links = hook(page, "summary-hand-replay")
    await expect(links).to_have_count(2)
    hrefs = await links.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert len(set(hrefs)) == 2 and hrefs[-1] == await hook(page, "replay-link").get_attribute(
        "href"
    )
    async with httpx.AsyncClient() as http:
        first = (
            await http.get(f"{server.url}/api/hands{hrefs[0].removeprefix('/r')}/replay")
        ).json()
    await links.first.click()
    await expect(page).to_have_url(re.compile(rf"{hrefs[0]}$"))
    await at_step(page, 0, first)
    count = str(len(first["steps"]))
    await expect(hook(page, "replay-step")).to_have_attribute("data-count", count)
