"""Six players in the browser: a table made with the form and filled with bots plays a hand
to its summary by clicking, with six seats round the felt in two partnerships of three; on a
phone the six names (one line each, cut with an ellipsis) never overlap the trick of six or
each other, nor do they on a short desktop screen; the seat picker offers the two
partnerships."""

from __future__ import annotations

import random
from typing import Any

import pytest
from browser_helpers import (
    PHONE_CONTEXT,
    NewPage,
    add_bots,
    create_table,
    enabled_cards,
    hook,
    my_seat,
    no_horizontal_scroll,
    play_a_card,
    play_until_summary,
    ready,
    set_name,
    summary_of,
)
from playwright.async_api import Page, expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

SEATS = range(6)
DEVICES: dict[str, dict[str, Any]] = {
    "phone": PHONE_CONTEXT,
    "short desktop": {"viewport": {"width": 1024, "height": 700}},
}

# Waits for a finished trick of six held on the felt, and gives the boxes of what is drawn
# then: the trick, its cards, each seat's name and the viewport; and each name's look.
HELD_SIX = """() => {
    const held = document.querySelector('[data-testid="trick"][data-held="true"]');
    const cards = held ? held.querySelectorAll('[data-testid="trick-card"]') : [];
    if (cards.length !== 6) return null;
    const box = (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const names = {};
    for (const el of document.querySelectorAll('[data-testid^="name-"]')) {
        const style = getComputedStyle(el);
        names[el.dataset.testid] = {
            box: box(el),
            lines: Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight)),
            whiteSpace: style.whiteSpace,
            textOverflow: style.textOverflow,
            cut: el.scrollWidth > el.clientWidth,
            title: el.title,
        };
    }
    return {
        trick: box(held),
        cards: [...cards].map((c) => ({ seat: c.dataset.seat, box: box(c) })),
        names,
        width: window.innerWidth,
    };
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


def edges(box: Any) -> dict[str, float]:
    """A Playwright bounding box as its edges."""
    return {
        "left": box["x"],
        "top": box["y"],
        "right": box["x"] + box["width"],
        "bottom": box["y"] + box["height"],
    }


async def six_with_bots(page: Page, base_url: str, player: str) -> None:
    await create_table(page, base_url, player=player, name="Six", players=6)
    await add_bots(page, [1, 2, 3, 4, 5])
    await ready(page)


async def test_a_six_player_table_plays_a_hand_to_its_summary_by_clicking(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page()
    await six_with_bots(page, server.url, "Ana")
    assert await my_seat(page) == 0
    for seat in SEATS:
        await expect(hook(page, f"seat-{seat}")).to_be_visible()
        await expect(hook(page, f"seat-{seat}")).to_have_attribute("data-side", str(seat % 2))
        await expect(hook(page, f"team-{seat}")).to_have_text("AB"[seat % 2])
    await expect(page.locator('[data-testid^="seat-"]')).to_have_count(6)
    # Three cards each, the 36-card deck's stock: 36 - 18 = 18 with the face-up trump.
    await expect(hook(page, "hand").locator('[data-testid="card"]')).to_have_count(3)
    await expect(hook(page, "stock-count")).to_have_text("18")
    # The others' cards face down: three each, less any already on the trick.
    await expect(enabled_cards(page).first).to_be_visible()
    on_trick = await hook(page, "trick").get_by_test_id("trick-card").count()
    backs = [
        await hook(page, f"hand-{seat}").get_by_test_id("card-back").count() for seat in SEATS[1:]
    ]
    assert set(backs) <= {2, 3} and sum(backs) == 15 - on_trick, (backs, on_trick)
    await expect(page.get_by_test_id("public-card")).to_have_count(0)

    rng = random.Random(6)
    await play_a_card(page, rng)
    # The first trick, taken: six cards, one from each seat, in the last trick.
    last = hook(page, "last-trick")
    await expect(last.locator("[data-card]")).to_have_count(6)
    assert await hook(page, "taken-0").inner_text() != await hook(page, "taken-1").inner_text()

    played = 1 + await play_until_summary(page, rng)
    assert played == 6, "six tricks: each seat plays six cards"
    result, points = await summary_of(page)
    assert sorted(points) == ["0", "1"] and sum(points.values()) == 120
    assert result == ("draw" if points["0"] == points["1"] else max(points, key=points.__getitem__))
    rows = hook(page, "summary-points").locator("tr[data-side] th")
    await expect(rows.nth(0)).to_contain_text("Ana")  # team A's row names its three seats
    await expect(rows.nth(0)).to_contain_text("Bot 3")
    await expect(rows.nth(0)).to_contain_text("Bot 5")

    # The hand's replay lays the six hands round its felt, none cut off or covering another.
    await hook(page, "replay-link").click()
    await expect(hook(page, "replay-board")).to_be_visible()
    boxes = []
    for seat in SEATS:
        area = hook(page, f"replay-seat-{seat}")
        await expect(area).to_be_in_viewport()
        await expect(area.get_by_test_id("replay-card")).to_have_count(3)
        boxes.append(await area.bounding_box())
    for i, box in enumerate(boxes):
        for other in boxes[i + 1 :]:
            assert box and other and not overlap(edges(box), edges(other)), (box, other)
    await expect(hook(page, "replay-points").get_by_test_id("replay-side")).to_have_count(2)


@pytest.mark.parametrize("device", sorted(DEVICES))
async def test_six_names_on_one_line_never_overlap_the_trick_of_six(
    server: InProcessServer, new_page: NewPage, device: str
) -> None:
    """On a phone, and on a short desktop screen where the felt's middle is tight."""
    page = await new_page(**DEVICES[device])
    long_name = "Annabella Longname-Smith"
    await six_with_bots(page, server.url, long_name)
    for seat in SEATS:
        await expect(hook(page, f"seat-{seat}")).to_be_in_viewport()

    await play_a_card(page, random.Random(1))
    handle = await page.wait_for_function(HELD_SIX)
    seen: dict[str, Any] = await handle.json_value()

    assert sorted(card["seat"] for card in seen["cards"]) == [str(seat) for seat in SEATS]
    names = seen["names"]
    assert sorted(names) == [f"name-{seat}" for seat in SEATS]
    for key, name in names.items():
        assert name["lines"] == 1, f"{key} takes {name['lines']} lines"
        assert name["whiteSpace"] == "nowrap" and name["textOverflow"] == "ellipsis", name
        assert name["box"]["left"] >= 0 and name["box"]["right"] <= seen["width"], (key, name)
        assert not overlap(name["box"], seen["trick"]), f"{key} overlaps the trick"
        for card in seen["cards"]:
            assert not overlap(name["box"], card["box"]), (
                f"{key} overlaps seat {card['seat']}'s card"
            )
        for other, them in names.items():
            assert other == key or not overlap(name["box"], them["box"]), (key, other)
    # The trick's cards lie apart, each in the trick's area.
    for i, card in enumerate(seen["cards"]):
        box = card["box"]
        assert (
            seen["trick"]["left"] - 8 <= box["left"] and box["right"] <= seen["trick"]["right"] + 8
        )
        for later in seen["cards"][i + 1 :]:
            assert not overlap(box, later["box"]), "two cards of the trick cover each other"
    await no_horizontal_scroll(page)
    # The name is shortened, never lost: the whole of it is the plate's title.
    mine = names["name-0"]
    assert mine["title"] == long_name
    await expect(hook(page, "name-2")).to_have_attribute("title", "Bot 3")


async def test_the_seat_picker_offers_the_two_partnerships_of_three(
    server: InProcessServer, new_page: NewPage
) -> None:
    host = await new_page()
    link = await create_table(host, server.url, player="Ana", name="Six picker", players=6)
    guest = await new_page()
    await guest.goto(link)
    await expect(hook(guest, "seat-picker")).to_be_visible()
    await expect(hook(guest, "sit-side-0")).to_contain_text("seats 1+3+5")
    await expect(hook(guest, "sit-side-1")).to_contain_text("seats 2+4+6")
    await expect(hook(guest, "sit-side-0")).to_contain_text("Ana")
    await expect(guest.locator('[data-testid^="sit-seat-"]')).to_have_count(5)
    await set_name(guest, "Bea")
    await hook(guest, "sit-side-1").click()
    seat = await my_seat(guest)
    assert seat in (1, 3, 5)
    await expect(hook(host, f"name-{seat}")).to_have_text("Bea")
    await expect(hook(host, f"seat-{seat}")).to_have_attribute("data-side", "1")
