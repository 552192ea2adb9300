"""The move clock in the browser: a clock run out once costs one card and the player's
next turn is theirs again; run out twice in a row, the seat is away until "I'm back"."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import pytest
from browser_helpers import (
    HAND_CARDS,
    NewPage,
    add_bots,
    create_table,
    enabled_cards,
    hand_codes,
    hook,
    my_seat,
    play_a_card,
    ready,
)
from playwright.async_api import expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

CLOCK = 2  # seconds
BOT_DELAY = 1.0  # seconds

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]


async def test_one_clock_run_out_plays_one_card_two_make_you_away_until_you_are_back(
    make_server: MakeServer, new_page: NewPage
) -> None:
    """The bot takes a second a move here (not at once, as in the other tests), so the hand
    is still on when the seat is away and "I'm back" is clicked."""
    async with make_server(bot_delay=BOT_DELAY) as server:
        await play_it(server, new_page)


async def play_it(server: InProcessServer, new_page: NewPage) -> None:
    page = await new_page()
    await create_table(page, server.url, player="Ana", name="Clock", players=2, clock=CLOCK)
    await add_bots(page, [1])
    await ready(page)
    seat = await my_seat(page)
    away = hook(page, f"away-{seat}")
    back = hook(page, "back-button")

    # My turn: I let the clock run out once. The server plays one of my cards for me.
    await expect(enabled_cards(page).first).to_be_visible()
    await expect(hook(page, f"clock-{seat}")).to_be_visible()
    before = await hand_codes(page)
    assert len(before) == 3
    await page.wait_for_function(
        f"""codes => codes.filter(code =>
            document.querySelector(`{HAND_CARDS}[data-card="${{code}}"]`)).length === 2""",
        arg=before,
        timeout=20_000,
    )
    # My next turn is mine again, with my clock: not away, cards to click.
    await expect(enabled_cards(page).first).to_be_visible()
    await expect(hook(page, f"clock-{seat}")).to_be_visible()
    await expect(away).to_have_count(0)
    await expect(back).to_have_count(0)

    # I let it run out again, the second time in a row: away, and a bot plays for me.
    await expect(away).to_be_visible()
    await expect(hook(page, f"bot-playing-{seat}")).to_be_visible()
    await expect(back).to_be_visible()
    await expect(hook(page, "away-note")).to_be_visible()

    # "I'm back" takes the seat back at once: my cards are mine to play on my turn.
    await back.click()
    await expect(away).to_have_count(0)
    await expect(back).to_have_count(0)
    await expect(hook(page, f"bot-playing-{seat}")).to_have_count(0)
    await expect(enabled_cards(page).first).to_be_visible()
    await play_a_card(page, random.Random(5))
    await expect(away).to_have_count(0)
