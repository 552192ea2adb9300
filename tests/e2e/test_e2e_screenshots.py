"""The README's screenshots, taken from a real game: the lobby with tables listed, a table
mid-hand at desktop and phone sizes, and the hand's summary (docs/screenshots/*.png)."""

from __future__ import annotations

import os
import random
import re
import tempfile
from pathlib import Path

import pytest
from browser_helpers import (
    PHONE,
    NewPage,
    add_bots,
    create_table,
    enabled_cards,
    hook,
    play_a_card,
    play_until_summary,
    ready,
    set_name,
)
from playwright.async_api import Page, expect

from support.client import Client, create_room
from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

#: ``make screenshots`` sets this to docs/screenshots to refresh the README's pictures; a plain
#: test run writes them to a scratch folder, so that it leaves the work tree as it was.
SCREENSHOTS = Path(
    os.environ.get("BRISCOLA_SCREENSHOTS", Path(tempfile.gettempdir()) / "briscola-screenshots")
)


async def shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    await page.mouse.move(0, 0)  # no card raised by the pointer hovering where it clicked
    await page.screenshot(path=str(path), animations="disabled", caret="hide")
    assert path.stat().st_size > 10_000, f"{path} looks empty"


async def lobby_tables(server: InProcessServer) -> list[Client]:
    """A few public tables for the lobby: one filling up, one with a bot, one being played
    and watched. Returns the sockets that hold the seats."""
    clients: list[Client] = []

    async def person(room: dict[str, object], name: str, **where: object) -> Client:
        client = await Client.connect(server.ws_url, name)
        await client.join(str(room["id"]), **where)
        clients.append(client)
        return client

    sunday = await create_room(
        server.url, name="Sunday at Nonna's", players=4, best_of=3, swap_seven=True, clock=45
    )
    await person(sunday, "Giulia", seat=0)
    await person(sunday, "Marco", seat=1)
    await person(sunday, "Chiara", seat=2)

    duel = await create_room(server.url, name="Quick duel", players=2, clock=20)
    host = await person(duel, "Luca")
    await host.send({"type": "add_bot", "seat": 1})
    await host.wait_type("state")

    final = await create_room(server.url, name="Three-handed final", players=3, best_of=5)
    for name in ("Sofia", "Paolo", "Elena"):
        await person(final, name)
    for client in clients[-3:]:
        await client.send({"type": "ready"})
    await clients[-1].wait_for(lambda m: m["type"] == "state" and m["match"] is not None)
    watcher = await Client.connect(server.ws_url, "fan")
    await watcher.watch(str(final["id"]))
    clients.append(watcher)
    return clients


async def test_screenshots_of_the_lobby_a_table_mid_hand_and_the_summary(
    server: InProcessServer, new_page: NewPage
) -> None:
    """Writes lobby.png, table-desktop.png (1280x800), table-phone.png (390x844, a phone's
    emulation) and summary.png (a best of 3 after two hands) into docs/screenshots with
    ``make screenshots``, from live games."""
    others = await lobby_tables(server)
    page = await new_page()
    await page.goto(server.url + "/")
    await set_name(page, "Ana")
    await expect(hook(page, "lobby-table")).to_have_count(3)
    await expect(hook(page, "spectator-count").filter(has_text="1")).to_have_count(1)
    await shoot(page, "lobby.png")

    await create_table(
        page, server.url, player="Ana", name="Friday night", players=4, best_of=3, clock=60
    )
    await add_bots(page, [1, 2, 3])
    await hook(page, "chat-input").fill("Buona fortuna a tutti!")
    await hook(page, "chat-send").click()
    await expect(hook(page, "chat-log").get_by_text("Buona fortuna")).to_be_visible()
    await ready(page)

    # A couple of tricks in, at a moment when it is my turn with cards already on the table
    # (the bots before me have played) and the stock not yet drawn.
    rng = random.Random(11)
    await play_to_a_trick_under_way(page, rng)
    await shoot(page, "table-desktop.png")

    # A real phone (mobile emulation, touch, its pixel density), at its own table.
    phone = await new_page(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=3)
    await create_table(phone, server.url, player="Bea", name="On the bus", players=2, clock=60)
    await add_bots(phone, [1])
    await ready(phone)
    await play_to_a_trick_under_way(phone, random.Random(5))
    await expect(enabled_cards(phone).first).to_be_in_viewport()
    await shoot(phone, "table-phone.png")

    # The summary of a best of 3 after its second hand: every hand of the match so far.
    await play_until_summary(page, rng)
    await hook(page, "ready-button").click()
    await expect(hook(page, "summary")).to_have_count(0)
    await play_until_summary(page, rng)
    await expect(hook(page, "summary-hand")).to_have_count(2)
    await expect(hook(page, "summary-seed")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    await shoot(page, "summary.png")
    for client in others:
        await client.close()


async def play_to_a_trick_under_way(page: Page, rng: random.Random) -> None:
    """Play two cards, then on until it is my turn with cards already on the table."""
    for _ in range(2):
        await play_a_card(page, rng)
    while True:
        await expect(enabled_cards(page).first).to_be_visible()
        if await hook(page, "trick").get_attribute("data-count") != "0":
            return
        await play_a_card(page, rng)
