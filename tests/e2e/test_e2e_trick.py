"""The trick on the felt: each card lies in front of the seat that played it, a finished
trick stays in view (with who took it) long enough to read whatever the bots do, and the
swap of the 7 is announced to everybody, with a hint when the 7 of trumps may not be swapped."""

from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest
from browser_helpers import (
    PHONE,
    ROOM_PATH,
    NewPage,
    add_bots,
    create_table,
    enabled_cards,
    hand_codes,
    hook,
    play_a_card,
    ready,
    room_of,
    set_name,
)
from playwright.async_api import Page, expect

from support.seeds import swap_seed
from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

HOLD_MS = 1200  # the least a finished trick stays in view

# Records, with page timestamps, every finished trick the page holds on the felt: when it
# appeared and went, its cards and their boxes, each seat's box, and the "takes" line.
WATCH_HOLDS = """() => {
    window.holds = [];
    let current = null;
    const felt = document.querySelector('[data-testid="table"]');
    const box = (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const look = () => {
        const held = document.querySelector('[data-testid="trick"][data-held="true"]');
        const now = performance.now();
        if (held && !current) {
            const cards = [...held.querySelectorAll('[data-testid="trick-card"]')];
            const seats = {};
            for (const seat of document.querySelectorAll('[data-testid^="seat-"]')) {
                seats[seat.dataset.testid.slice(5)] = box(seat);
            }
            current = {
                start: now,
                end: null,
                cards: cards.map((c) => ({
                    card: c.dataset.card, seat: c.dataset.seat, box: box(c),
                })),
                seats,
                taken: held.querySelector('[data-testid="trick-taken"]')?.textContent || "",
                shortest: cards.length,
            };
            window.holds.push(current);
        } else if (held && current) {
            const count = held.querySelectorAll('[data-testid="trick-card"]').length;
            current.shortest = Math.min(current.shortest, count);
        } else if (!held && current) {
            current.end = now;
            current = null;
        }
    };
    new MutationObserver(look).observe(felt, { childList: true, subtree: true, attributes: true });
    look();
}"""


async def finished_holds(page: Page, count: int) -> list[dict[str, Any]]:
    """The first ``count`` finished-trick holds the page recorded, once all have ended."""
    await page.wait_for_function(
        "n => window.holds.filter((h) => h.end !== null).length >= n", arg=count
    )
    holds: list[dict[str, Any]] = await page.evaluate("() => window.holds")
    return holds[:count]


def centre(box: dict[str, float]) -> tuple[float, float]:
    return ((box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2)


def distance(point: tuple[float, float], box: dict[str, float]) -> float:
    """From a point to the nearest point of a box (0 inside it)."""
    x, y = point
    dx = max(box["left"] - x, 0.0, x - box["right"])
    dy = max(box["top"] - y, 0.0, y - box["bottom"])
    return float((dx * dx + dy * dy) ** 0.5)


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return min(a["right"], b["right"]) > max(a["left"], b["left"]) and min(
        a["bottom"], b["bottom"]
    ) > max(a["top"], b["top"])


async def test_each_card_lies_before_its_seat_and_a_finished_trick_stays_to_be_read(
    server: InProcessServer, new_page: NewPage
) -> None:
    """At 1280 by 800 with three bots that move at once: the finished trick's four cards do
    not overlap, each is nearer its player's seat than any other seat, "… takes the trick"
    is shown, and the trick stays in view at least 1.2 s (page timestamps)."""
    page = await new_page()
    await create_table(page, server.url, player="Ana", name="Trick", players=4)
    await add_bots(page, [1, 2, 3])
    await ready(page)
    await expect(hook(page, "face-up")).to_be_visible()
    await page.evaluate(WATCH_HOLDS)
    rng = random.Random(5)

    for played in range(1, 4):
        await play_a_card(page, rng)
        # The bots complete the trick at once: its cards are still there to be read.
        await expect(hook(page, "trick-taken")).to_have_text(re.compile(r"takes? the trick$"))
        await expect(hook(page, "trick").locator('[data-testid="trick-card"]')).to_have_count(4)
        holds = await finished_holds(page, played)

    for held in holds:
        assert held["end"] - held["start"] >= HOLD_MS, held
        assert held["shortest"] == 4, held
        assert re.search(r"(\w+ takes|You take) the trick$", held["taken"]), held
        cards = held["cards"]
        assert sorted(int(c["seat"]) for c in cards) == [0, 1, 2, 3]
        for i, a in enumerate(cards):
            for b in cards[i + 1 :]:
                assert not overlap(a["box"], b["box"]), (a, b)
        for card in cards:
            point = centre(card["box"])
            near = {seat: distance(point, box) for seat, box in held["seats"].items()}
            others = [d for seat, d in near.items() if seat != card["seat"]]
            assert near[card["seat"]] < min(others), (card, near)


async def test_the_swap_of_the_seven_is_announced_and_explained(
    server: InProcessServer, new_page: NewPage
) -> None:
    """Holding the 7 of trumps before any trick is won, a hint says why there is no swap
    button; after taking a trick with the Ace the button comes; the swap is announced on
    the player's page and on a spectator's, who learns it from the state alone and finds it
    in the hand log."""
    seed, cards, face_up = swap_seed()
    trump = face_up[1]
    page = await new_page()
    await page.goto(server.url + "/")
    await expect(hook(page, "connection")).to_have_attribute("data-state", "connected")
    await set_name(page, "Ana")
    form = hook(page, "create-form")
    await form.get_by_test_id("create-name").fill("Swap")
    await form.get_by_test_id("create-players").select_option("2")
    await form.get_by_test_id("create-swap").check()
    await form.get_by_test_id("create-submit").click()
    await expect(page).to_have_url(ROOM_PATH)
    await expect(hook(page, "you-0")).to_be_visible()
    await add_bots(page, [1])

    # The deal of this table comes from a known seed (every other draw stays random).
    table = server.manager.rooms[room_of(page)].table
    table.entropy = lambda n: seed if n == 32 else os.urandom(n)

    watcher = await new_page()
    await watcher.goto(page.url)
    await hook(watcher, "watch-button").click()
    await expect(hook(watcher, "table")).to_be_visible()

    await ready(page)
    await expect(hook(page, "face-up")).to_have_attribute("data-card", face_up)
    await expect(enabled_cards(page).first).to_be_visible()  # the bot has led
    assert sorted(await hand_codes(page)) == sorted(cards)
    await expect(hook(page, "swap-button")).to_have_count(0)
    await expect(hook(page, "swap-hint")).to_contain_text("right after you win a trick")
    await expect(hook(watcher, "swap-hint")).to_have_count(0)

    await page.locator(f'[data-testid="hand"] [data-card="A{trump}"]').click()
    await expect(hook(page, "trick-taken")).to_have_text("You take the trick")
    await expect(hook(watcher, "trick-taken")).to_have_text("Ana takes the trick")
    await hook(page, "swap-button").click()

    seven_name = {"D": "coins", "C": "cups", "S": "swords", "B": "clubs"}[trump]
    ranks = {"K": "King", "N": "Knight", "J": "Jack"}
    said = f"the Seven of {seven_name} for the {ranks[face_up[0]]} of {seven_name}"
    await expect(hook(page, "swap-notice")).to_have_text(f"You swapped {said}")
    await expect(hook(watcher, "swap-notice")).to_have_text(f"Ana swapped {said}")
    await expect(hook(watcher, "swap-notice")).to_have_attribute("data-seat", "0")
    await hook(watcher, "hand-log-button").click()
    logged = watcher.locator('[data-testid="log-entry"][data-kind="swap"]')
    await expect(logged).to_have_text(f"Ana swapped {said}")
    await expect(hook(page, "face-up")).to_have_attribute("data-card", f"7{trump}")
    await expect(hook(page, "swap-hint")).to_have_count(0)
    await expect(hook(page, "swap-button")).to_have_count(0)


async def test_a_two_player_trick_lies_before_both_seats(
    server: InProcessServer, new_page: NewPage
) -> None:
    """With two players the two cards of a finished trick do not overlap, each nearer the
    seat that played it."""
    page = await new_page()
    await create_table(page, server.url, player="Ana", name="Pair", players=2)
    await add_bots(page, [1])
    await ready(page)
    await expect(hook(page, "face-up")).to_be_visible()
    await page.evaluate(WATCH_HOLDS)
    await play_a_card(page, random.Random(6))
    (held,) = await finished_holds(page, 1)
    assert held["end"] - held["start"] >= HOLD_MS
    a, b = held["cards"]
    assert not overlap(a["box"], b["box"])
    for card in held["cards"]:
        near = {seat: distance(centre(card["box"]), box) for seat, box in held["seats"].items()}
        assert near[card["seat"]] < min(d for s, d in near.items() if s != card["seat"])


PHONE_CONTEXT = {"viewport": PHONE, "is_mobile": True, "has_touch": True}


async def box_of(page: Page, testid: str) -> dict[str, float]:
    box = await hook(page, testid).bounding_box()
    assert box is not None, testid
    return {
        "left": box["x"],
        "top": box["y"],
        "right": box["x"] + box["width"],
        "bottom": box["y"] + box["height"],
    }


async def test_the_hand_log_opens_on_a_click_keeps_open_and_never_covers_the_trick(
    server: InProcessServer, new_page: NewPage
) -> None:
    """Hovering "Last trick" shows nothing; a click opens the hand log: the last trick with
    its winner, and a line per trick (who led, who took it, as the server decided) and for
    the trick being played. It stays open while play goes on, lies clear of the trick on a
    desktop and on a phone (a spectator, tapping), and after a reload tells the same story."""
    page = await new_page()
    await create_table(page, server.url, player="Ana", name="Log", players=4)
    await add_bots(page, [1, 2, 3])
    watcher = await new_page(**PHONE_CONTEXT)
    await watcher.goto(page.url)
    await hook(watcher, "watch-button").tap()
    await expect(hook(watcher, "table")).to_be_visible()
    await ready(page)
    rng = random.Random(8)
    await play_a_card(page, rng)
    await play_a_card(page, rng)
    await expect(hook(page, "trick-taken")).to_have_count(0)  # the trick taken has left the felt
    body = page.locator("#hand-log-body")

    await hook(page, "last-trick-button").hover()
    await expect(body).to_be_hidden()
    await hook(page, "last-trick-button").click()
    await expect(body).to_be_visible()
    await expect(hook(page, "hand-log-button")).to_have_attribute("aria-expanded", "true")

    hand = server.manager.rooms[room_of(page)].table.match.hand  # type: ignore[union-attr]
    names = {seat: await hook(page, f"name-{seat}").inner_text() for seat in range(4)}
    entries = hook(page, "log-entry")
    tricks = page.locator('[data-testid="log-entry"][data-kind="trick"]')
    await expect(tricks).to_have_count(len(hand.tricks))
    await expect(entries.first).to_have_attribute("data-kind", "deal")
    await expect(entries.first).to_contain_text(names[hand.dealer])
    for k, trick in enumerate(hand.tricks):
        said = f"Trick {k + 1}: {names[trick.leader]} led, {names[trick.winner]} took it"
        await expect(tricks.nth(k)).to_have_text(said)
    await expect(entries.last).to_have_attribute("data-kind", "leads")
    last = hook(page, "last-trick")
    for card in hand.tricks[-1].cards:
        await expect(last.locator(f'[data-card="{card.code}"]')).to_be_visible()
    await expect(last).to_contain_text(f"won by {names[hand.tricks[-1].winner]}")
    assert not overlap(await box_of(page, "hand-log"), await box_of(page, "trick"))

    # Play goes on: the log stays open and grows by the trick taken.
    await play_a_card(page, rng)
    await expect(tricks).to_have_count(3)
    await expect(body).to_be_visible()

    # On a phone the spectator taps it open; it lies below the felt, clear of the trick.
    await expect(watcher.locator("#hand-log-body")).to_be_hidden()
    await hook(watcher, "last-trick-button").tap()
    await expect(watcher.locator("#hand-log-body")).to_be_visible()
    await expect(watcher.locator('[data-testid="log-entry"][data-kind="trick"]')).to_have_count(3)
    assert not overlap(await box_of(watcher, "hand-log"), await box_of(watcher, "trick"))
    assert not overlap(await box_of(watcher, "hand-log"), await box_of(watcher, "table"))

    # A reload tells the same story: the history comes from the server's state.
    told = await entries.all_inner_texts()
    await page.reload()
    await expect(hook(page, "you-0")).to_be_visible()
    await hook(page, "hand-log-button").click()
    await expect(entries).to_have_count(len(told))
    assert await entries.all_inner_texts() == told
