"""A game at your own pace in Chromium: a guest sees the deadlines offered but not open to
them; a signed-in player creates a table with a day per move, sees the deadline at the
table as a date and time, and finds the game in My games (the page and the lobby's panel),
"your turn", whose button takes the seat back."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import pytest
from browser_helpers import ROOM_PATH, NewPage, console_errors, hook, my_seat, ready, sign_up
from playwright.async_api import expect

from support.servers import InProcessServer, RedisServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]


async def test_my_games_and_the_create_forms_deadline(
    make_server: MakeServer, redis_server: RedisServer, new_page: NewPage
) -> None:
    async with make_server(redis_url=redis_server.url) as server:
        page = await new_page()
        errors = console_errors(page)
        await page.goto(server.url + "/")
        form = hook(page, "create-form")
        day = form.locator('[data-testid="create-pace"] option[value="86400"]')
        await expect(day).to_be_disabled()
        await expect(hook(page, "create-pace-hint")).to_be_visible()

        await sign_up(page, server.url, "Ada", "a slow game, please")
        await expect(day).to_be_enabled()
        await form.get_by_test_id("create-name").fill("Ada by post")
        await form.get_by_test_id("create-players").select_option("2")
        await form.get_by_test_id("create-pace").select_option("86400")
        await expect(form.get_by_test_id("create-clock")).to_be_hidden()  # a date, no clock
        await form.get_by_test_id("create-submit").click()
        await expect(page).to_have_url(ROOM_PATH)
        seat = await my_seat(page)
        await hook(page, f"add-bot-{1 - seat}").click()
        await ready(page)
        deadline = hook(page, f"deadline-{seat}")
        await expect(deadline).to_contain_text("by ")  # a date and time, not a countdown
        await expect(hook(page, f"clock-{seat}")).to_have_count(0)
        room = page.url.rsplit("/", 1)[1]

        await page.goto(server.url + "/my-games")
        game = hook(page, "my-game")
        await expect(game).to_have_count(1)
        await expect(game).to_have_attribute("data-room", room)
        await expect(game).to_have_attribute("data-your-turn", "true")
        await expect(game.get_by_test_id("my-game-deadline")).to_contain_text("by ")
        await game.get_by_test_id("my-game-open").click()
        await expect(page).to_have_url(server.url + f"/t/{room}")
        assert await my_seat(page) == seat
        await expect(hook(page, f"deadline-{seat}")).to_be_visible()

        await page.goto(server.url + "/")
        panel = hook(page, "my-games-panel")
        await expect(panel).to_be_visible()
        await expect(panel.get_by_test_id("my-game")).to_have_attribute("data-room", room)
        assert errors == []
