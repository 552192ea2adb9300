"""What good card sites have, in Chromium: sounds through a hand (and none once turned off),
your turn told outside the page (the tab's title and icon, a notification while the page is
hidden, a phone's vibration), cards that move (and none under reduced motion), Play now,
the rematch with two people and two bots, the chat's quick phrases, "Verify this hand",
and the help's pictures of both packs.

What the page does beyond its DOM is watched by an init script: every ``Notification``
made, every ``navigator.vibrate`` call and every Web Animation started (with when it ended),
and the page's visibility, which a test sets (a headless page is never hidden by itself)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import pytest
from browser_helpers import (
    HAND_CARDS,
    PHONE_CONTEXT,
    ROOM_PATH,
    NewPage,
    add_bots,
    create_table,
    enabled_cards,
    hook,
    no_horizontal_scroll,
    play_a_card,
    play_until_summary,
    ready,
    room_of,
    set_name,
)
from playwright.async_api import Page, expect

from support.client import Client
from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]

WATCH = """
(() => {
  const seen = { notifications: [], vibrations: [], animations: [] };
  window.__seen = seen;
  const Real = window.Notification;
  if (Real) {
    window.Notification = class extends Real {
      constructor(title, options = {}) {
        super(title, options);
        seen.notifications.push({ title, body: options.body || "" });
      }
    };
  }
  const vibrate = navigator.vibrate && navigator.vibrate.bind(navigator);
  navigator.vibrate = (pattern) => {
    seen.vibrations.push(pattern);
    return vibrate ? vibrate(pattern) : true;
  };
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    // In slow motion (window.__slow times longer, set by a test) a new state is sure to
    // come while an animation still runs.
    const duration = ((options && options.duration) || 0) * (window.__slow || 1);
    const slowed = { ...options, duration };
    const anim = animate.call(this, keyframes, slowed);
    const entry = { id: (options && options.id) || "", duration: options && options.duration };
    Object.assign(entry, { at: performance.now(), ended: null });
    anim.addEventListener("finish", () => { entry.ended = performance.now(); });
    seen.animations.push(entry);
    return anim;
  };
  let hidden = false;
  const shown = () => (hidden ? "hidden" : "visible");
  Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: shown });
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden });
  window.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event("visibilitychange"));
  };
})();
"""


async def watched(new_page: NewPage, **options: object) -> Page:
    page = await new_page(**options)
    await page.add_init_script(WATCH)
    return page


async def seen(page: Page, what: str) -> list[Any]:
    found: list[Any] = await page.evaluate(f"() => window.__seen.{what}")
    return found


async def sounds(page: Page) -> list[str]:
    """The sounds the page has played, in order (the hidden ``sound-log`` hook)."""
    played = await page.evaluate(
        "() => document.querySelector('[data-testid=\"sound-log\"]')?.dataset.played || ''"
    )
    return str(played).split()


async def set_switch(page: Page, testid: str, on: bool) -> None:
    """Open the settings, set one of its switches, close them."""
    await hook(page, "settings-button").click()
    switch = hook(page, testid)
    await (switch.check() if on else switch.uncheck())
    await (expect(switch).to_be_checked() if on else expect(switch).not_to_be_checked())
    await hook(page, "settings-button").click()
    await expect(hook(page, "settings-panel")).to_be_hidden()


async def test_play_now_sounds_through_a_hand_verify_and_none_when_off(
    server: InProcessServer, new_page: NewPage
) -> None:
    """Reduced motion (the fixtures' default): sounds start off, and no card moves."""
    page = await watched(new_page)
    await page.goto(server.url + "/")
    await set_name(page, "Ana")
    for n in (2, 3, 4, 6):
        await expect(hook(page, f"play-now-{n}")).to_be_visible()
    await hook(page, "play-now-level").select_option("easy")
    await hook(page, "settings-button").click()
    await expect(hook(page, "sound-toggle")).not_to_be_checked()  # the system asks for quiet
    await hook(page, "settings-button").click()
    await set_switch(page, "sound-toggle", True)

    await hook(page, "play-now-2").click()  # one click to a game
    await expect(page).to_have_url(ROOM_PATH)
    await expect(hook(page, "level-1")).to_have_text("easy")
    await expect(page.locator(HAND_CARDS)).to_have_count(3)
    await play_until_summary(page, random.Random(5))
    await expect(hook(page, "summary")).to_be_visible()
    played = await sounds(page)
    assert played[0] == "deal", played
    # Forty cards, two a trick: twenty tricks taken, and twenty turns of yours.
    assert played.count("trick") == 20 and played.count("turn") == 20, played
    assert set(played) == {"deal", "trick", "turn"}, played
    assert await seen(page, "animations") == []

    # Verify this hand: folded away, then the seed, the commitment, the record and how.
    verify = hook(page, "verify")
    await expect(hook(page, "summary-seed")).to_be_hidden()
    await verify.locator("summary").click()
    await expect(hook(page, "summary-seed")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    await expect(hook(page, "summary-commitment")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    await expect(hook(page, "record-link")).to_be_visible()
    await expect(hook(page, "verify-how")).to_contain_text("briscola verify")
    await hook(page, "phrase-thanks").click()  # a chat line: the summary is drawn again
    await expect(hook(page, "chat-log")).to_contain_text("Thanks!")
    await expect(hook(page, "summary-seed")).to_be_visible()  # still open

    # Sounds off (remembered), then the rematch against the bot: not one sound more.
    await set_switch(page, "sound-toggle", False)
    assert await page.evaluate("() => localStorage.getItem('briscola.sound')") == "off"
    await expect(hook(page, "rematch-1")).to_have_attribute("data-state", "yes")
    await hook(page, "play-again").click()
    await expect(hook(page, "summary")).to_have_count(0)
    await play_until_summary(page, random.Random(6), stop_after=3)
    assert await sounds(page) == played

    await hook(page, "leave-button").click()
    await hook(page, "confirm-yes").click()  # a match is on: Leave asks first
    await expect(hook(page, "play-now-level")).to_have_value("easy")  # remembered


async def test_your_turn_is_told_outside_the_page(
    make_server: MakeServer, new_page: NewPage
) -> None:
    """A phone: the title and icon while it is your turn, a vibration, the low clock's sound,
    and a notification when your turn comes while the page is hidden."""
    async with make_server(bot_delay=0.6) as server:
        page = await watched(new_page, **PHONE_CONTEXT, permissions=["notifications"])
        await page.goto(server.url + "/")
        await set_switch(page, "sound-toggle", True)
        await set_switch(page, "notify-toggle", True)
        await create_table(page, server.url, player="Bea", name="Alerts", players=2, clock=7)
        await add_bots(page, [1])
        await ready(page)

        icon = page.locator('link[rel="icon"]')
        await expect(enabled_cards(page).first).to_be_visible()
        await expect(page).to_have_title(re.compile(r"^Your turn · Briscola"))
        await expect(icon).to_have_attribute("data-turn", "true")
        assert await seen(page, "vibrations") == [120]
        await page.wait_for_function(
            "() => document.querySelector('[data-testid=sound-log]').dataset.played.includes('low')"
        )
        assert await seen(page, "notifications") == []  # the page is in view

        # Hidden: play until the bot is to play (taking a trick, you lead again at once).
        await page.evaluate("() => window.__setHidden(true)")
        rng = random.Random(1)
        bot_to_play = page.locator('[data-testid="seat-1"][data-turn="true"]')
        for _ in range(6):
            await play_a_card(page, rng)
            if await bot_to_play.count():
                break
        await expect(page).not_to_have_title(re.compile(r"^Your turn"))  # the bot thinks 0.6 s
        await expect(icon).to_have_attribute("data-turn", "false")
        await expect(page).to_have_title(re.compile(r"^Your turn · "))
        notices = await seen(page, "notifications")
        assert notices and all(
            n == {"title": "Your turn", "body": "Alerts: it's your turn to play"} for n in notices
        ), notices
        await page.evaluate("() => window.__setHidden(false)")


async def test_cards_move_to_the_felt_and_to_the_winner(
    server: InProcessServer, new_page: NewPage
) -> None:
    """Motion allowed, in slow motion (ten times longer): each card flies in, each trick
    taken is gathered to its winner, your cards are playable while a card still flies, and
    a new state finishes what runs at once (the bot answers at once here)."""
    page = await watched(new_page, reduced_motion="no-preference")
    await page.add_init_script("window.__slow = 10")
    # Each frame, whether a card flies to the felt while one of yours may be played (your
    # turn comes with the bot's lead; after a trick taken, once it has left the felt).
    await page.add_init_script(
        """window.__both = false; (function look() {
            window.__both ||= document.getAnimations().some(a => a.id === "card-to-felt"
                && a.playState === "running") && Boolean(document.querySelector(
                '[data-testid="hand"] [data-testid="card"]:enabled'));
            requestAnimationFrame(look);
        })();"""
    )
    await page.goto(server.url + "/")
    await set_name(page, "Cleo")
    await hook(page, "play-now-2").click()
    await expect(page.locator(HAND_CARDS)).to_have_count(3)
    rng = random.Random(3)
    plays = 0
    while plays < 3 or not await page.evaluate("window.__both"):
        await play_a_card(page, rng)
        plays += 1
        assert plays < 20, "never a card of yours playable while a card flew"
    await page.wait_for_function(
        "() => window.__seen.animations.some(a => a.id === 'trick-to-winner')"
    )
    animations = await seen(page, "animations")
    flights = [a for a in animations if a["id"] == "card-to-felt"]
    assert len(flights) >= 3, animations  # my three cards (the bot's too, unless drawn at once)
    assert {a["duration"] for a in flights} == {260}
    # Slowed, a flight runs 2.6 s: one ended by the next state did so long before.
    assert any(a["ended"] is not None and a["ended"] - a["at"] < 1300 for a in flights), flights
    await expect(page.locator(".motion-ghost")).to_have_count(0)  # the gathered copies go
    await expect(page.locator(HAND_CARDS)).to_have_count(3)


async def test_a_rematch_with_two_people_and_two_bots_and_quick_phrases(
    server: InProcessServer, new_page: NewPage
) -> None:
    ana = await new_page()
    await create_table(ana, server.url, player="Ana", name="Again", players=4)
    room = room_of(ana)
    await add_bots(ana, [2, 3])
    bea = await Client.connect(server.ws_url, "Bea")
    await bea.join(room, seat=1)
    await bea.send({"type": "ready"})
    await ready(ana)
    await expect(ana.locator(HAND_CARDS)).to_have_count(3)
    await expect(hook(ana, "quick-phrases")).to_be_hidden()  # no signals during a hand

    await bea.send({"type": "resign"})
    await expect(hook(ana, "match-result")).to_be_visible()
    for seat, stand in enumerate(["waiting", "waiting", "yes", "yes"]):
        await expect(hook(ana, f"rematch-{seat}")).to_have_attribute("data-state", stand)
    await hook(ana, "phrase-well-played").click()
    said = await bea.wait_for(lambda m: m["type"] == "chat")
    assert (said["name"], said["text"]) == ("Ana", "Well played!")

    await hook(ana, "play-again").click()
    await expect(hook(ana, "rematch-0")).to_have_attribute("data-state", "yes")
    await expect(hook(ana, "play-again")).to_be_disabled()
    await bea.send({"type": "leave"})
    await expect(hook(ana, "rematch-1")).to_have_attribute("data-state", "gone")
    await expect(hook(ana, "name-1")).to_have_text("Bea")  # her seat stays hers
    token = bea.token
    await bea.close()

    back = await Client.connect(server.ws_url, "Bea")
    await back.send({"type": "resume", "room": room, "token": token})
    await back.wait_type("joined")
    await expect(hook(ana, "rematch-1")).to_have_attribute("data-state", "waiting")
    await back.send({"type": "play_again"})
    await expect(hook(ana, "summary")).to_have_count(0)
    await expect(ana.locator(HAND_CARDS)).to_have_count(3)
    for seat, name in enumerate(["Ana", "Bea", "Bot 3", "Bot 4"]):
        await expect(hook(ana, f"name-{seat}")).to_have_text(name)
    await back.close()


async def test_the_help_draws_both_packs_strongest_first_with_their_points(
    server: InProcessServer, new_page: NewPage
) -> None:
    page = await new_page(locale="it-IT")
    await page.goto(server.url + "/help")
    help_page = hook(page, "help-page")
    await expect(help_page.get_by_role("heading", level=1)).to_have_text("Come si gioca a Briscola")
    packs = (("italian", "Asso di denari", "Cavallo"), ("french", "Asso di cuori", "Donna"))
    for deck, first, queen in packs:
        pack = hook(page, f"help-pack-{deck}")
        cards = pack.get_by_test_id("help-card")
        await expect(cards).to_have_count(10)
        await expect(pack.locator("svg.card-svg")).to_have_count(10)
        ranks = await cards.evaluate_all(
            "cards => cards.map(c => c.dataset.rank + ':' + c.dataset.points)"
        )
        assert ranks == ["A:11", "3:10", "K:4", "N:3", "J:2", "7:0", "6:0", "5:0", "4:0", "2:0"]
        await expect(cards.first).to_contain_text(first)
        await expect(cards.first).to_contain_text("11 punti")
        await expect(cards.nth(3)).to_contain_text(queen)
    assert await page.locator("[data-card]").count() == 0  # no card codes a secrecy check reads

    english = await new_page()
    await english.goto(server.url + "/")
    await hook(english, "help-button").click()
    dialog = hook(english, "help-dialog")
    await expect(dialog.get_by_test_id("help-card")).to_have_count(20)
    await expect(dialog.get_by_test_id("help-pack-french")).to_contain_text("Queen of hearts")
    await hook(english, "help-page-link").click()
    await expect(english).to_have_url(re.compile(r"/help$"))
    await expect(dialog).to_have_count(0)
    await expect(hook(english, "help-page")).to_contain_text("11 points")

    phone = await new_page(**PHONE_CONTEXT)
    for path in ("/help", "/"):
        await phone.goto(server.url + path)
        await expect(hook(phone, "help-page").or_(hook(phone, "play-now"))).to_be_visible()
        await no_horizontal_scroll(phone)
