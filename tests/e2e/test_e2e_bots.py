"""Bots' levels in the browser: the host chooses how the bots they add play, the table and
the lobby show each bot's level, and a hand against strong bots plays to its summary."""

from __future__ import annotations

import random

import pytest
from browser_helpers import NewPage, create_table, hook, play_until_summary, ready, room_of
from playwright.async_api import expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_the_host_chooses_bot_levels_and_the_table_and_lobby_show_them(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page()
    await create_table(page, server.url, player="Ana", name="Levels", players=4)
    await expect(hook(page, "bot-level")).to_have_value("strong")
    await hook(page, "bot-level").select_option("easy")
    await hook(page, "add-bot-1").click()
    await expect(hook(page, "level-1")).to_have_text("easy")
    await expect(hook(page, "bot-level")).to_have_value("easy")  # kept for the next bot
    await hook(page, "bot-level").select_option("strong")
    await hook(page, "add-bot-2").click()
    await hook(page, "add-bot-3").click()
    await expect(hook(page, "level-2")).to_have_text("strong")
    await expect(hook(page, "level-3")).to_have_text("strong")

    lobby = await new_page()
    await lobby.goto(server.url + "/")
    listed = lobby.locator(f'[data-testid="lobby-table"][data-room="{room_of(page)}"]')
    await expect(listed).to_contain_text("Bot 2 · easy")
    await expect(listed).to_contain_text("Bot 3 · strong")

    await ready(page)
    await play_until_summary(page, random.Random(2))
    await expect(hook(page, "summary")).to_be_visible()
