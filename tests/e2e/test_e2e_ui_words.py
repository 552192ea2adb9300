"""The words of the interface: seats count from 1, a name is asked for before sitting, the
"How to play" page opens from the lobby and the table in English and Italian, the summary
of a match lists every hand, and the default table name follows the interface language."""

from __future__ import annotations

import random
import re

import pytest
from browser_helpers import (
    PHONE,
    ROOM_PATH,
    NewPage,
    add_bots,
    create_table,
    hook,
    play_until_summary,
    ready,
)
from playwright.async_api import Page, expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

ITALIAN = {"locale": "it-IT"}


async def open_and_check_help(page: Page, title: str, points: str) -> None:
    await hook(page, "help-button").click()
    dialog = hook(page, "help-dialog")
    await expect(dialog).to_be_visible()
    await expect(dialog.get_by_role("heading", level=2)).to_have_text(title)
    await expect(dialog).to_contain_text("61")
    await expect(hook(page, "help-points")).to_contain_text(points)
    await expect(hook(page, "help-swap")).to_be_visible()
    await expect(hook(page, "help-signals")).to_be_visible()
    await hook(page, "help-close").click()
    await expect(dialog).to_have_count(0)


async def test_seats_count_from_one_and_a_name_is_asked_before_sitting(
    server: InProcessServer, new_page: NewPage
) -> None:
    host = await new_page()
    link = await create_table(host, server.url, player="Ana", name="Counting", players=4)
    guest = await new_page()
    await guest.goto(link)
    picker = hook(guest, "seat-picker")
    await expect(picker).to_be_visible()
    await expect(hook(guest, "sit-side-0")).to_contain_text("Team A: seats 1+3")
    await expect(hook(guest, "sit-side-1")).to_contain_text("Team B: seats 2+4")
    for n in range(1, 5):
        await expect(picker.get_by_text(f"Seat {n}", exact=True)).to_have_count(1)
    await expect(picker.get_by_text("Seat 0", exact=True)).to_have_count(0)

    # No saved name: sitting asks for one instead of inventing "Player 826".
    await hook(guest, "sit-seat-1").click()
    await expect(hook(guest, "name-prompt")).to_be_visible()
    await expect(hook(guest, "name-input")).to_be_focused()
    await expect(guest.locator('[data-testid^="you-"]')).to_have_count(0)
    await hook(guest, "name-input").fill("Bea")
    await expect(hook(guest, "name-prompt")).to_have_count(0)
    await hook(guest, "sit-seat-1").click()
    await expect(hook(guest, "you-1")).to_be_visible()
    await expect(hook(guest, "name-1")).to_have_text("Bea")

    # The host's "move to" list counts from 1 too.
    options = await hook(host, "move-1").locator("option").all_inner_texts()
    assert not any(re.match(r"Seat 0\b", text) for text in options), options
    assert any(text.startswith("Seat 1") for text in options), options


async def test_the_name_being_typed_in_the_seat_picker_survives_its_refresh(
    server: InProcessServer, new_page: NewPage
) -> None:
    """The picker polls the table; when what it shows changes (another person sits), the
    name field is the same element, still focused, holding what was typed, and the rest of
    the typing lands in it."""
    host = await new_page()
    link = await create_table(host, server.url, player="Ana", name="Polled", players=4)
    guest = await new_page()
    await guest.goto(link)
    field = hook(guest, "name-input")
    await field.click()
    await guest.keyboard.type("Sa")
    await guest.evaluate(
        "() => { window.nameField = document.querySelector('[data-testid=\"name-input\"]'); }"
    )

    other = await new_page()
    await other.goto(link)
    await hook(other, "name-input").fill("Ciro")
    await hook(other, "sit-seat-1").click()
    await expect(hook(other, "you-1")).to_be_visible()
    # The guest's picker shows the new seat holder: it was redrawn from a fresh preview.
    await expect(hook(guest, "seat-picker").get_by_text("Ciro", exact=True)).to_be_visible()

    assert await guest.evaluate(
        """() => document.querySelector('[data-testid="name-input"]') === window.nameField
            && document.activeElement === window.nameField"""
    )
    await guest.keyboard.type("m")
    await expect(field).to_have_value("Sam")
    await hook(guest, "sit-seat-2").click()
    await expect(hook(guest, "name-2")).to_have_text("Sam")


@pytest.mark.parametrize(
    "device",
    [{}, {"viewport": PHONE, "is_mobile": True, "has_touch": True}],
    ids=["desktop", "phone"],
)
async def test_a_long_name_is_shown_whole_when_the_clock_shows(
    server: InProcessServer, new_page: NewPage, device: dict[str, object]
) -> None:
    """The player to move keeps their whole name beside their clock where the plate has
    room (your own, at the bottom), on one line, on a desktop and on a phone (side seats
    short of room cut it with an ellipsis: test_e2e_polish_layout.py)."""
    page = await new_page(**device)
    name = "Massimiliano Ferraris"
    await create_table(page, server.url, player=name, name="Long names", players=4)
    await add_bots(page, [1, 2, 3])
    await ready(page)
    await expect(hook(page, "clock-0")).to_be_visible()
    await expect(hook(page, "name-0")).to_have_text(name)
    cut: list[str] = await hook(page, "name-0").evaluate_all(
        """names => names
            .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)
            .map((el) => el.textContent)"""
    )
    assert not cut, cut


async def test_how_to_play_opens_from_the_lobby_and_the_table_in_english(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page()
    await page.goto(server.url + "/")
    await expect(hook(page, "create-form")).to_be_visible()
    await open_and_check_help(page, "How to play Briscola", "Ace 11")
    await create_table(page, server.url, player="Ana", name="Help", players=2)
    await open_and_check_help(page, "How to play Briscola", "Ace 11")


async def test_how_to_play_and_the_default_table_name_in_italian(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page(**ITALIAN)
    await page.goto(server.url + "/")
    await expect(hook(page, "connection")).to_have_attribute("data-state", "connected")
    await expect(hook(page, "create-submit")).to_have_text("Crea il tavolo")
    await open_and_check_help(page, "Come si gioca a Briscola", "Asso 11")

    # A table created without a name gets the Italian default name.
    await hook(page, "name-input").first.fill("Ana")
    await hook(page, "create-submit").click()
    await expect(page).to_have_url(ROOM_PATH)
    await expect(page.locator('[data-testid^="you-"]')).to_have_count(1)
    title = page.locator(".table-name")
    await expect(title).to_have_text(re.compile(r"^Tavolo \S+$"))
    await open_and_check_help(page, "Come si gioca a Briscola", "Asso 11")

    # The lobby shows it in the language of each reader.
    name = await title.inner_text()
    room_id = name.removeprefix("Tavolo ")
    italian = await new_page(**ITALIAN)
    await italian.goto(server.url + "/")
    await expect(hook(italian, "lobby-list").get_by_text(name, exact=True)).to_be_visible()
    english = await new_page()
    await english.goto(server.url + "/")
    lobby = hook(english, "lobby-list")
    await expect(lobby.get_by_text(f"Table {room_id}", exact=True)).to_be_visible()


async def test_the_summary_of_a_best_of_3_lists_every_hand(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page()
    await create_table(page, server.url, player="Ana", name="Every hand", players=2, best_of=3)
    await add_bots(page, [1])
    await ready(page)
    rng = random.Random(11)
    hands = 0
    while True:
        await play_until_summary(page, rng)
        hands += 1
        rows = hook(page, "summary-hand")
        await expect(rows).to_have_count(hands)
        numbers = await rows.evaluate_all("rows => rows.map(r => r.dataset.hand)")
        assert numbers == [str(n) for n in range(1, hands + 1)]
        await expect(rows.last).to_contain_text(f"Hand {hands}")
        for row in await rows.all():
            points = await row.locator("td.points").inner_text()
            assert sum(int(p) for p in re.findall(r"\d+", points)) == 120, points
        if await hook(page, "match-result").is_visible() or hands >= 5:
            break
        await hook(page, "ready-button").click()
        await expect(hook(page, "summary")).to_have_count(0)
    assert hands >= 2
