"""What a person does in the browser client, as Playwright steps on its data-testid hooks
(client/README.md). Every wait is one of Playwright's auto-waiting assertions."""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable

from playwright.async_api import Dialog, Locator, Page, expect

NewPage = Callable[..., Awaitable[Page]]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: A phone's browser context: its size, touch, a mobile viewport.
PHONE_CONTEXT = {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 3}

ROOM_PATH = re.compile(r"/t/([^/?#]+)$")
HAND_CARDS = '[data-testid="hand"] [data-testid="card"]'
#: A trick just taken, held in view (~1.3 s) before anyone may play on.
HELD_TRICK = '[data-testid="trick"][data-held="true"]'


def hook(page: Page, name: str) -> Locator:
    return page.get_by_test_id(name)


def enabled_cards(page: Page) -> Locator:
    """Your cards you may play now (enabled only on your turn, while no card is in flight)."""
    return page.locator(f"{HAND_CARDS}:enabled")


async def hand_codes(page: Page) -> list[str]:
    """The card codes of your hand, in the order shown."""
    codes: list[str] = await page.locator(HAND_CARDS).evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    return codes


async def dom_card_codes(page: Page) -> list[str]:
    """Every card code anywhere in the page's DOM (all ``data-card`` attributes)."""
    codes: list[str] = await page.locator("[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return codes


def room_of(page: Page) -> str:
    match = ROOM_PATH.search(page.url)
    assert match, f"not at a table: {page.url}"
    return match.group(1)


async def set_name(page: Page, name: str) -> None:
    """Type a name in the visible name field (kept in this browser's localStorage)."""
    await hook(page, "name-input").first.fill(name)


async def create_table(
    page: Page,
    base_url: str,
    *,
    player: str | None,
    name: str,
    players: int = 4,
    best_of: int = 1,
    clock: int = 600,
    rated: bool = False,
    game: str = "classic",
    stock: str | None = None,
    partner_comm: str | None = None,
    signal_catch: float | None = None,
) -> str:
    """Open the lobby, choose a name (``None``: signed in, the account's name is locked),
    create a table with the form (``rated``: a signed-in creator's option; ``game``,
    ``stock``, ``partner_comm`` and ``signal_catch`` as the form offers them); the creator
    sits at it. Returns the link to share, read from the page."""
    await page.goto(base_url + "/")
    await expect(hook(page, "connection")).to_have_attribute("data-state", "connected")
    if player is not None:
        await set_name(page, player)
    form = hook(page, "create-form")
    if rated:
        await form.get_by_test_id("create-rated").check()
    await form.get_by_test_id("create-name").fill(name)
    await form.get_by_test_id("create-game").select_option(game)
    await form.get_by_test_id("create-players").select_option(str(players))
    if stock is not None:
        await form.get_by_test_id("create-stock").select_option(stock)
    if partner_comm is not None:
        await form.get_by_test_id("create-comm").select_option(partner_comm)
    if signal_catch is not None:
        await form.get_by_test_id("create-catch").select_option(str(signal_catch))
    if partner_comm != "open":  # an open table plays a number of deals, not a best of
        await form.get_by_test_id("create-best-of").select_option(str(best_of))
    await form.get_by_test_id("create-clock").fill(str(clock))
    await form.get_by_test_id("create-submit").click()
    await expect(page).to_have_url(ROOM_PATH)
    await expect(page.locator('[data-testid^="you-"]')).to_have_count(1)
    link = await hook(page, "share-link").input_value()
    assert link == page.url, (link, page.url)
    return link


async def marked_seat(page: Page, selector: str, prefix: str) -> int:
    """The seat of the one element ``selector`` finds, read from its test id ``{prefix}N``."""
    marked = page.locator(selector)
    await expect(marked).to_have_count(1)
    name = await marked.get_attribute("data-testid")
    assert name is not None
    return int(name.removeprefix(prefix))


async def my_seat(page: Page) -> int:
    """The seat whose name plate carries the "you" badge."""
    return await marked_seat(page, '[data-testid^="you-"]', "you-")


async def add_bots(page: Page, seats: list[int]) -> None:
    """The host puts a bot in each of those seats with the seat's "add bot" button."""
    for seat in seats:
        await hook(page, f"add-bot-{seat}").click()
        await expect(hook(page, f"bot-{seat}")).to_be_visible()


async def ready(page: Page) -> None:
    button = hook(page, "ready-button")
    await expect(button).to_have_attribute("data-ready", "false")
    await button.click()
    pressed = page.locator('[data-testid="ready-button"][data-ready="true"]')
    await expect(pressed.or_(hook(page, "trick")).first).to_be_visible()


async def gather_held_trick(page: Page) -> None:
    """Go on from the trick just taken, as a player who has read it taps it (if it is still
    held: the tap and the end of the hold may cross)."""
    await page.locator(HELD_TRICK).evaluate_all("held => held.forEach((trick) => trick.click())")


async def wait_to_play(page: Page, *others: Locator) -> None:
    """Wait until one of your cards is playable (or one of ``others`` shows), tapping on
    from each trick taken meanwhile."""
    shown = enabled_cards(page).first
    for other in others:
        shown = shown.or_(other)
    held = page.locator(HELD_TRICK)
    while True:
        await expect(shown.or_(held).first).to_be_visible()
        if await shown.first.is_visible():
            return
        await gather_held_trick(page)


async def play_a_card(page: Page, rng: random.Random) -> str:
    """Wait until one of your cards is playable, click one of them, and see it leave your
    hand. Returns its code."""
    cards = enabled_cards(page)
    await wait_to_play(page)
    codes: list[str] = await cards.evaluate_all("cards => cards.map(c => c.dataset.card)")
    code = rng.choice(codes)
    await page.locator(f'{HAND_CARDS}[data-card="{code}"]').click()
    await expect(page.locator(f'{HAND_CARDS}[data-card="{code}"]')).to_have_count(0)
    return code


async def play_until_summary(page: Page, rng: random.Random, *, stop_after: int = 99) -> int:
    """Play your cards as they become playable (the other seats are bots) until the hand's
    summary shows or ``stop_after`` cards are played. Returns how many were played."""
    played = 0
    summary = hook(page, "summary")
    while played < stop_after:
        await wait_to_play(page, summary)
        if await summary.is_visible():
            break
        await play_a_card(page, rng)
        played += 1
    return played


async def summary_of(page: Page) -> tuple[str, dict[str, int]]:
    """The result the hand's summary shows (a side, or ``draw``) and each side's points."""
    result = page.get_by_test_id("summary-result")
    await expect(result).to_be_visible()
    points: dict[str, int] = await page.get_by_test_id("summary-points").evaluate(
        """table => Object.fromEntries([...table.querySelectorAll("tr[data-side]")]
            .map(row => [row.dataset.side, Number(row.dataset.points)]))"""
    )
    return await result.get_attribute("data-result") or "", points


async def chat_lines(page: Page) -> list[str]:
    lines: list[str] = await hook(page, "chat-log").locator(".chat-text").all_inner_texts()
    return lines


async def say(page: Page, text: str) -> None:
    """Type a line in the chat and see it come back in this page's chat log."""
    await hook(page, "chat-input").fill(text)
    await hook(page, "chat-send").click()
    await expect(hook(page, "chat-log").get_by_text(text)).to_be_visible()


async def watch_connection_states(page: Page) -> None:
    """Keep every connection state the page shows, however briefly, in
    ``window.connectionStates`` (a drop and the reconnect may pass between two looks)."""
    await page.evaluate(
        """() => {
            const el = document.querySelector('[data-testid="connection"]');
            window.connectionStates = [];
            new MutationObserver(() => window.connectionStates.push(el.dataset.state))
                .observe(el, { attributes: true, attributeFilter: ["data-state"] });
        }"""
    )


async def reconnected(page: Page) -> None:
    """The page saw its socket drop, reconnected by itself and is connected again."""
    await page.wait_for_function("() => window.connectionStates.includes('reconnecting')")
    await expect(hook(page, "connection")).to_have_attribute("data-state", "connected")


async def sign_up(page: Page, base_url: str, name: str, password: str) -> None:
    """Create an account from the top bar's "Sign up" dialog (the lobby is opened first if
    the page is on none); the page is then signed in and its socket connected again."""
    if not page.url.startswith(base_url):
        await page.goto(base_url + "/")
    await hook(page, "signup-button").click()
    await fill_account_form(page, name, password)
    await expect(hook(page, "account-name-shown")).to_have_text(name)
    await expect(hook(page, "connection")).to_have_attribute("data-state", "connected")


async def log_in(page: Page, name: str, password: str) -> None:
    """Log in from the top bar's "Log in" dialog (and the form only: the caller checks the
    outcome)."""
    await hook(page, "login-button").click()
    await fill_account_form(page, name, password)


async def fill_account_form(page: Page, name: str, password: str) -> None:
    dialog = hook(page, "account-dialog")
    await dialog.get_by_label("Name").fill(name)
    await dialog.get_by_label("Password").fill(password)
    await dialog.get_by_test_id("account-submit").click()


def browser_dialogs(page: Page) -> list[str]:
    """The browser's own dialogs (``confirm``, ``alert``, ``prompt``) the page opens from now
    on, each dismissed: the page asks in its own styled dialogs, so a test expects none."""
    opened: list[str] = []

    async def dismiss(dialog: Dialog) -> None:
        opened.append(f"{dialog.type}: {dialog.message}")
        await dialog.dismiss()

    page.on("dialog", dismiss)
    return opened


def console_errors(page: Page) -> list[str]:
    """The console errors the page logs from now on (a refused HTTP call is one too)."""
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    return errors


async def no_horizontal_scroll(page: Page) -> None:
    """The page is no wider than its viewport."""
    widths: list[int] = await page.evaluate(
        "() => [document.documentElement.scrollWidth, window.innerWidth]"
    )
    assert widths[0] <= widths[1], f"horizontal scroll on {page.url}: {widths}"
