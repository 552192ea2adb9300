"""The score pad (/score): served with the types a browser needs, installable, and played
through in Chromium with the network cut and the server stopped after the first load;
reached from the lobby in the site's language, in Italian, on a phone."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from urllib.parse import urlsplit

import httpx
import pytest
from browser_helpers import PHONE, PHONE_CONTEXT, NewPage, hook, no_horizontal_scroll
from playwright.async_api import Locator, Page, expect

from support.servers import REPO, InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]
WORKER = (REPO / "client" / "score" / "sw.js").read_text()


def kept_files() -> list[str]:
    """What the service worker keeps for the page to open offline (its list FILES)."""
    found = re.search(r"const FILES = \[(.*?)\];", WORKER, re.S)
    assert found, "sw.js has no FILES list"
    return re.findall(r'"([^"]+)"', found.group(1))


KEPT = kept_files()


async def test_page_worker_and_manifest_are_served_with_their_types(
    server: InProcessServer,
) -> None:
    """The page is HTML linking its manifest; the worker is JavaScript allowed the scope
    /score, and never cached stale; the manifest is a web app manifest whose icons are
    served; every file the worker keeps is there."""
    async with httpx.AsyncClient(base_url=server.url) as http:
        page = await http.get("/score")
        assert page.headers["content-type"].startswith("text/html")
        assert '<link rel="manifest" href="/score/manifest.webmanifest">' in page.text
        worker = await http.get("/score/sw.js")
        assert worker.headers["content-type"].startswith("text/javascript")
        assert worker.headers["service-worker-allowed"] == "/score"
        assert worker.headers["cache-control"] == "no-cache"
        manifest = await http.get("/score/manifest.webmanifest")
        assert manifest.headers["content-type"] == "application/manifest+json"
        shape = json.loads(manifest.text)
        assert (shape["start_url"], shape["scope"], shape["display"]) == (
            "/score",
            "/score",
            "standalone",
        )
        for icon in shape["icons"]:
            served = await http.get(icon["src"])
            assert served.headers["content-type"] == icon["type"] == "image/svg+xml"
        assert "/score" in KEPT and "/static/score/pad.js" in KEPT
        for path in KEPT:
            assert (await http.get(path)).status_code == 200, path


def card(page: Page, n: int) -> Locator:
    return hook(page, "entry").nth(n)


async def scores(page: Page, points: list[str], wins: list[str]) -> None:
    """Each card's points and trophy count, in order."""
    await expect(hook(page, "entry-points")).to_have_text(points)
    await expect(hook(page, "entry-wins")).to_have_text(wins)


async def add_entry(page: Page, *names: str) -> None:
    form = hook(page, "entry-form")
    await form.get_by_test_id("entry-name-input").fill(names[0])
    await form.get_by_test_id("entry-partner-input").fill(names[1] if len(names) > 1 else "")
    await form.get_by_test_id("entry-add").click()


async def test_the_pad_is_played_through_offline_and_kept_across_reloads(
    make_server: MakeServer, new_page: NewPage
) -> None:
    """After the first load the worker controls the page; with the network cut and the
    server stopped the page opens again and is played through — partnerships, +1, +5, +10,
    the keypad by buttons and by keys, the rest, a win marked while the counting goes on,
    New game and the trophies, undo again and again — and a reload keeps it all; another tab
    of the pad changes it in this one too. Nothing but the pad's own files is ever asked of
    the server."""
    page = await new_page()
    asked: list[tuple[str, str]] = []
    page.on("request", lambda request: asked.append((request.method, request.url)))
    async with make_server() as server:
        await page.goto(server.url + "/score")
        await expect(hook(page, "offline-status")).to_have_attribute("data-state", "ready")
        assert (
            await page.evaluate("navigator.serviceWorker.controller.scriptURL")
            == server.url + "/score/sw.js"
        )
        cdp = await page.context.new_cdp_session(page)
        installable = await cdp.send("Page.getInstallabilityErrors")
        # A Playwright context is a private window, where nothing is installed.
        assert [e["errorId"] for e in installable["installabilityErrors"]] == ["in-incognito"]
        await cdp.detach()
    await page.context.set_offline(True)
    await page.reload()
    await expect(hook(page, "pad-empty")).to_be_visible()
    await expect(hook(page, "offline-status")).to_have_attribute("data-state", "ready")

    await add_entry(page, "Anna", "Bruno")
    await add_entry(page, "Carla", "Dario")
    await expect(hook(page, "entry-name")).to_have_text(["Anna & Bruno", "Carla & Dario"])
    await expect(hook(page, "pad-live")).to_have_text("Carla & Dario is on the pad")
    for amount in (10, 5, 1):
        await page.get_by_role("button", name=f"Add {amount} to Anna & Bruno", exact=True).click()
    await scores(page, ["16", "0"], ["0", "0"])

    await card(page, 0).get_by_test_id("keypad-button").click()
    keypad = hook(page, "keypad")
    await expect(keypad).to_have_accessible_name("Points for Anna & Bruno")
    await expect(keypad.get_by_test_id("keypad-input")).to_be_focused()
    for digit in "294":
        await keypad.locator(f'[data-digit="{digit}"]').click()
    await keypad.get_by_test_id("keypad-back").click()
    await expect(keypad.get_by_test_id("keypad-input")).to_have_value("29")
    await keypad.get_by_test_id("keypad-add").click()
    await expect(keypad).to_have_count(0)
    await expect(card(page, 0).get_by_test_id("keypad-button")).to_be_focused()
    await scores(page, ["45", "0"], ["0", "0"])

    await card(page, 1).get_by_test_id("keypad-button").click()
    await page.keyboard.type("12x")
    await page.keyboard.press("Enter")
    await scores(page, ["45", "12"], ["0", "0"])
    await card(page, 1).get_by_test_id("keypad-button").click()
    await page.keyboard.type("9")
    await page.keyboard.press("Escape")
    await expect(hook(page, "keypad")).to_have_count(0)
    await expect(card(page, 1).get_by_test_id("keypad-button")).to_be_focused()

    rest = card(page, 1).get_by_test_id("rest-button")
    await expect(rest).to_have_text("The rest +63")
    await expect(rest).to_have_accessible_name(
        "The rest for Carla & Dario: 63 points, 120 less the other side's 45"
    )
    await rest.click()
    await scores(page, ["45", "75"], ["0", "1"])
    await expect(card(page, 1)).to_have_attribute("data-won", "true")
    await expect(card(page, 1).get_by_test_id("entry-win")).to_have_text("Wins!")
    await expect(hook(page, "pad-live")).to_have_text("Carla & Dario wins with 75!")
    await expect(card(page, 0).get_by_test_id("rest-button")).to_be_disabled()
    await page.get_by_role("button", name="Add 1 to Anna & Bruno", exact=True).click()
    await scores(page, ["46", "75"], ["0", "1"])
    await expect(card(page, 1)).to_have_attribute("data-won", "true")
    await expect(card(page, 1).get_by_test_id("entry-wins")).to_have_accessible_name("1 win")

    await hook(page, "new-game").click()
    await scores(page, ["0", "0"], ["0", "1"])
    await expect(hook(page, "entry-win")).to_have_count(0)
    await expect(hook(page, "new-game")).to_be_disabled()
    undo = hook(page, "undo-button")
    await expect(undo).to_be_focused()
    await expect(undo).to_have_accessible_name("Undo: the new game")
    await undo.click()
    await scores(page, ["46", "75"], ["0", "1"])
    await expect(undo).to_have_accessible_name("Undo: +1 for Anna & Bruno")
    await expect(undo).to_be_focused()
    await page.keyboard.press("Control+z")
    await scores(page, ["45", "75"], ["0", "1"])
    await expect(hook(page, "pad-live")).to_have_text("Undone: +1 for Anna & Bruno")
    await undo.click()
    await scores(page, ["45", "12"], ["0", "0"])
    await expect(hook(page, "entry-win")).to_have_count(0)

    form = hook(page, "entry-form")
    await form.get_by_test_id("entry-name-input").fill("Elena")
    await form.get_by_test_id("entry-more-partner").click()
    await form.get_by_test_id("entry-partner-input").nth(0).fill("Fabio")
    await form.get_by_test_id("entry-partner-input").nth(1).fill("Gino")
    await form.get_by_test_id("entry-add").click()
    trio = ["Anna & Bruno", "Carla & Dario", "Elena, Fabio & Gino"]
    await expect(hook(page, "entry-name")).to_have_text(trio)
    await expect(hook(page, "rest-button")).to_have_count(0)
    await expect(form.get_by_test_id("entry-partner-input")).to_have_count(1)
    await expect(form.get_by_test_id("entry-name-input")).to_be_focused()
    await page.get_by_role("button", name="Remove Elena, Fabio & Gino", exact=True).click()
    await expect(hook(page, "pad-live")).to_have_text("Elena, Fabio & Gino taken off the pad")
    await expect(hook(page, "entry")).to_have_count(2)
    await expect(undo).to_be_focused()
    await expect(undo).to_have_accessible_name("Undo: removing Elena, Fabio & Gino")

    await rest.click()
    await hook(page, "new-game").click()
    await page.get_by_role("button", name="Add 10 to Anna & Bruno", exact=True).click()
    await hook(page, "target-input").fill("21")
    await hook(page, "target-input").press("Enter")
    await expect(card(page, 0).get_by_text("of 21")).to_be_visible()
    await page.reload()
    await expect(hook(page, "entry-name")).to_have_text(["Anna & Bruno", "Carla & Dario"])
    await scores(page, ["10", "0"], ["0", "1"])
    await expect(hook(page, "target-input")).to_have_value("21")
    await expect(undo).to_have_accessible_name("Undo: the target 21")
    await undo.click()
    await undo.click()
    await scores(page, ["0", "0"], ["0", "1"])
    await expect(undo).to_have_accessible_name("Undo: the new game")
    other = await page.context.new_page()
    await other.goto(page.url)
    await other.get_by_role("button", name="Add 5 to Carla & Dario", exact=True).click()
    await scores(page, ["0", "5"], ["0", "1"])

    paths = {urlsplit(url).path for method, url in asked if method == "GET"}
    assert {method for method, _ in asked} == {"GET"}
    assert paths <= set(KEPT), paths - set(KEPT)


async def test_from_the_lobby_in_italian_on_a_phone(
    server: InProcessServer, new_page: NewPage
) -> None:
    """The lobby's link opens the pad in the language chosen on the site; the pad's own
    switch changes it for the site too. On a phone two entries lie one above the other, the
    width of the screen, with all their buttons in view at once, large enough to tap, and
    the keypad fits the screen."""
    page = await new_page(**PHONE_CONTEXT)
    await page.goto(server.url + "/")
    await hook(page, "lang-toggle").click()
    await hook(page, "score-link").click()
    await expect(page).to_have_url(server.url + "/score")
    await expect(page.locator("h1")).to_have_text("Segnapunti")
    await expect(page).to_have_title("Segnapunti · Briscola")
    await expect(hook(page, "pad-empty")).to_contain_text("Aggiungi i giocatori, o le coppie")
    await add_entry(page, "Anna", "Bruno")
    await add_entry(page, "Carla", "Dario")
    await expect(hook(page, "new-game")).to_have_text("Nuova partita")
    await expect(hook(page, "rest-button")).to_have_text(["Il resto +120", "Il resto +120"])
    await page.get_by_role("button", name="Aggiungi 10 a Carla & Dario", exact=True).tap()
    await card(page, 1).get_by_test_id("keypad-button").tap()
    keypad = hook(page, "keypad")
    await expect(keypad).to_have_accessible_name("Punti a Carla & Dario")
    await expect(keypad.get_by_test_id("keypad-input")).to_have_attribute("inputmode", "none")
    for key in await keypad.locator("button").all():
        await expect(key).to_be_in_viewport(ratio=1)
    await keypad.locator('[data-digit="6"]').tap()
    await keypad.locator('[data-digit="0"]').tap()
    await keypad.get_by_test_id("keypad-add").tap()
    await expect(card(page, 1).get_by_test_id("entry-win")).to_have_text("Vince!")
    await expect(card(page, 1).get_by_test_id("entry-wins")).to_have_accessible_name("1 vittoria")
    await expect(hook(page, "undo-button")).to_have_accessible_name("Annulla: +60 a Carla & Dario")

    await page.evaluate("window.scrollTo(0, 0)")
    for button in [
        hook(page, "undo-button"),
        hook(page, "new-game"),
        *await hook(page, "entries").locator("button").all(),
    ]:
        await expect(button).to_be_in_viewport(ratio=1)
        box = await button.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    await no_horizontal_scroll(page)
    first, second = [await card(page, n).bounding_box() for n in (0, 1)]
    assert first and second and second["y"] >= first["y"] + first["height"], "one above the other"
    assert min(first["width"], second["width"]) >= PHONE["width"] - 40, "each as wide as the screen"

    await hook(page, "lang-toggle").tap()
    await expect(page.locator("h1")).to_have_text("Score pad")
    await expect(card(page, 1).get_by_test_id("entry-win")).to_have_text("Wins!")
    await page.goto(server.url + "/")
    await expect(hook(page, "score-link")).to_have_text("Score pad for real cards")
