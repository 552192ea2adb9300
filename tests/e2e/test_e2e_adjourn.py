"""A match nobody is at waits for its players: when the last person closes the page, a
spectator sees the table adjourned, nothing is due (no clock, no bot, no stand-in), and the
lobby lists it no more; the person who comes back finds the hand as they left it."""

from __future__ import annotations

import random

import pytest
from browser_helpers import (
    NewPage,
    add_bots,
    create_table,
    enabled_cards,
    hand_codes,
    hook,
    play_a_card,
    ready,
    room_of,
)
from playwright.async_api import expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_a_match_with_no_person_connected_waits_for_them(
    server: InProcessServer, new_page: NewPage
) -> None:
    ana = await new_page()
    link = await create_table(ana, server.url, player="Ana", name="Adjourned", players=2)
    room = room_of(ana)
    await add_bots(ana, [1])
    lobby = await new_page()
    await lobby.goto(server.url + "/")
    listed = lobby.locator(f'[data-testid="lobby-table"][data-room="{room}"]')
    await expect(listed).to_have_count(1)
    watcher = await new_page()
    await watcher.goto(link)
    await hook(watcher, "watch-button").click()
    await expect(hook(watcher, "table")).to_be_visible()

    await ready(ana)
    await play_a_card(ana, random.Random(3))
    await expect(enabled_cards(ana).first).to_be_visible()  # the bot has answered
    cards = sorted(await hand_codes(ana))
    table = server.manager.rooms[room].table
    version = table.version

    # The only person closes the page on their turn.
    context = ana.context
    await ana.close()
    await expect(hook(watcher, "status")).to_have_attribute("data-status", "adjourned")
    await expect(hook(watcher, "status")).to_contain_text("Adjourned")
    await expect(listed).to_have_count(0)
    assert table.next_deadline() is None  # no clock, no bot move, no stand-in is due
    assert table.version == version + 1  # only the person's going was recorded

    # They come back by the link: the same hand, their turn, and play goes on.
    back = await context.new_page()
    await back.goto(link)
    await expect(hook(back, "you-0")).to_be_visible()
    await expect(hook(back, "status")).to_have_text("Your turn")
    assert sorted(await hand_codes(back)) == cards
    await expect(hook(watcher, "status")).not_to_have_attribute("data-status", "adjourned")
    await expect(listed).to_have_count(1)
    await play_a_card(back, random.Random(4))
    await expect(enabled_cards(back).first).to_be_visible()
