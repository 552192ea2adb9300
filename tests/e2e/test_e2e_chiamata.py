"""Briscola Chiamata in the browser, five people at one table (and a spectator): the create
form's options and the lobby's chips; the auction's panel (a rank, the 2, the 2 at a target
typed in, passes) seen by everyone; the caller's suit choice; the called card and trumps on
every page; the partner's private note; **no page but the partner's marks the partner**
before the called card falls — each page draws the seats it cannot tell apart identically,
and every page draws each seat alike; the reveal, the sides coloured, the summary with each
player's points and match points and the match table; the replay's auction, call and
reveal. On a phone, in Italian: the points auction typed on the keypad, the top bid ending
the auction, the card picker without calling your own card, the contract in view; the
leaderboard's Chiamata tab and the help."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from browser_helpers import (
    PHONE_CONTEXT,
    NewPage,
    enabled_cards,
    hand_codes,
    hook,
    marked_seat,
    my_seat,
    no_horizontal_scroll,
    room_of,
    set_name,
    wait_to_play,
)
from playwright.async_api import Page, expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
SUITS = "DCSB"

# Each seat's area as another page draws it, without what tells seats apart for reasons
# that have nothing to do with the partner: its name, its place round the felt, its
# plate's initial, the host's and the dealer's badges, whose turn it is and its clock, the
# cards it has taken. What is left is what a page shows of that seat's part in the deal.
SEATS_SEEN = """() => {
    const seen = {};
    for (const el of document.querySelectorAll('[data-testid^="seat-"]')) {
        const match = /^seat-(\\d+)$/.exec(el.dataset.testid);
        if (!match || el.classList.contains('me')) continue;
        const seat = match[1];
        const copy = el.cloneNode(true);
        const side = copy.dataset.side;
        copy.querySelectorAll(
            '[data-testid^="host-"], [data-testid^="dealer-"], [data-testid^="clock-"], .taken-chip'
        ).forEach((e) => e.remove());
        copy.querySelectorAll('.plate-name, .avatar').forEach((e) => (e.textContent = ''));
        for (const node of [copy, ...copy.querySelectorAll('*')]) {
            for (const name of ['data-turn', 'data-side', 'title', 'aria-label']) {
                node.removeAttribute(name);
            }
            const id = node.dataset.testid;
            if (id) node.dataset.testid = id.replace(/-\\d+$/, '-N');
            for (const cls of [...node.classList]) {
                const placed = /^(pos-|mini-(top|left|right|bottom)|side-\\d)/.test(cls);
                if (placed || cls === 'turn') node.classList.remove(cls);
            }
        }
        seen[seat] = { side, html: copy.outerHTML };
    }
    return seen;
}"""


async def ready_up(page: Page) -> None:
    """Say ready; the last to do so starts the match, and its auction."""
    await hook(page, "ready-button").click()
    pressed = page.locator('[data-testid="ready-button"][data-ready="true"]')
    await expect(pressed.or_(hook(page, "auction")).first).to_be_visible()


async def open_table(
    new_page: NewPage, server: InProcessServer, *, hero: Page, auction: str, from_lobby: bool
) -> tuple[dict[int, Page], str]:
    """The hero creates a Chiamata table with the form; four people sit (found in the lobby,
    by the table's chips, or by its link); everyone says ready. Returns the pages by seat
    and the table's link."""
    await hero.goto(server.url + "/")
    await expect(hook(hero, "connection")).to_have_attribute("data-state", "connected")
    await set_name(hero, NAMES[0])
    form = hook(hero, "create-form")
    await expect(form.get_by_test_id("create-auction")).to_be_hidden()
    await form.get_by_test_id("create-game").select_option("chiamata")
    # Chiamata's options in, the trick-and-draw games' out; five players, and only five.
    await expect(form.get_by_test_id("create-players")).to_have_value("5")
    await expect(form.get_by_test_id("create-swap")).to_be_hidden()
    await expect(form.get_by_test_id("create-best-of")).to_be_hidden()
    await form.get_by_test_id("create-auction").select_option(auction)
    await expect(form.get_by_test_id("create-auction-hint")).not_to_be_empty()
    if auction == "points":
        await form.get_by_test_id("create-self-call").uncheck()
        await form.get_by_test_id("create-chiamata-deals").select_option("10")
    await form.get_by_test_id("create-clock").fill("600")
    await form.get_by_test_id("create-submit").click()
    await expect(hero.locator('[data-testid^="you-"]')).to_have_count(1)
    link = await hook(hero, "share-link").input_value()
    room = room_of(hero)
    pages = {await my_seat(hero): hero}
    for name in NAMES[1:]:
        page = await new_page()
        if from_lobby:
            await page.goto(server.url + "/")
            row = page.locator(f'[data-testid="lobby-table"][data-room="{room}"]')
            chips = row.get_by_test_id("rules")
            for chip in (
                "Briscola Chiamata",
                "rank auction",
                "calling yourself allowed",
                "cappotto doubles",
                "5 deals",
            ):
                await expect(chips).to_contain_text(chip)
            await set_name(page, name)
            await row.get_by_test_id("sit-button").click()
        else:
            await page.goto(link)
            await set_name(page, name)
            await hook(page, "sit-button").click()
        pages[await my_seat(page)] = page
    assert sorted(pages) == [0, 1, 2, 3, 4]
    for page in pages.values():
        await ready_up(page)
    return pages, link


async def turn_of(page: Page) -> int:
    """The seat whose turn this page shows (to speak, to call or to play)."""
    return await marked_seat(page, '[data-testid^="seat-"][data-turn="true"]', "seat-")


async def speak(page: Page, word: str) -> None:
    """One speech of the auction from the panel: "rank:K", "target:70" (stepped up once, then
    typed on the keypad and sent with Enter) or "pass"."""
    kind, _, value = word.partition(":")
    if kind == "rank":
        await page.locator(f'[data-testid="bid-rank"][data-rank="{value}"]').click()
    elif kind == "target":
        field = hook(page, "target-input")
        low = int(await field.get_attribute("min") or 0)
        await expect(field).to_have_value(str(low))
        await expect(hook(page, "target-down")).to_be_disabled()
        await hook(page, "target-up").click()
        await expect(field).to_have_value(str(low + 1))
        await field.fill(value)
        await expect(hook(page, "bid-target")).to_contain_text(value)
        await field.press("Enter")
    else:
        await hook(page, "pass-button").click()


async def hold_auction(
    pages: dict[int, Page], plan: list[str], first: Page
) -> tuple[int, list[int]]:
    """Each seat to speak says the plan's next word (then passes) until the auction is won.
    Returns the caller and the seats in the order they spoke."""
    speakers: list[int] = []
    seat = await turn_of(first)
    while True:
        page = pages[seat]
        await expect(hook(page, "bid-options").or_(hook(page, "call-panel")).first).to_be_visible()
        if await hook(page, "call-panel").is_visible():
            return seat, speakers
        await check_options(page, len(speakers))
        await speak(page, plan[len(speakers)] if len(speakers) < len(plan) else "pass")
        speakers.append(seat)
        spoken = page.locator('[data-testid="speech"]').nth(len(speakers) - 1)
        await expect(spoken.or_(hook(page, "call-panel")).first).to_be_visible()
        seat = await turn_of(page)


async def check_options(page: Page, spoken: int) -> None:
    """The bids offered to the seat to speak, in the rank auction's plan (Ace, 2, the 2 at 70):
    the whole ladder at first, then only above the Ace, then the 2 at a target only."""
    ranks = page.locator('[data-testid="bid-rank"]')
    enabled = page.locator('[data-testid="bid-rank"]:enabled')
    if spoken == 0:
        await expect(ranks).to_have_count(10)
        await expect(enabled).to_have_count(10)
        await expect(hook(page, "target-stepper")).to_be_hidden()
    elif spoken == 1:
        await expect(page.locator('[data-testid="bid-rank"][data-rank="A"]')).to_be_disabled()
        await expect(enabled).to_have_count(9)
    elif spoken == 2:
        await expect(enabled).to_have_count(0)
        await expect(hook(page, "target-input")).to_have_attribute("min", "62")
    await expect(hook(page, "pass-button")).to_be_enabled()


async def seats_seen(page: Page) -> dict[str, dict[str, str]]:
    seen: dict[str, dict[str, str]] = await page.evaluate(SEATS_SEEN)
    return seen


async def check_no_marking(
    pages: dict[int, Page], spectator: Page, caller: int, holder: int, called: str
) -> None:
    """Before the called card falls, nothing marks its holder on any page but the holder's:
    each other page draws alike every seat it cannot tell apart (for a defender, the other
    seats but the caller's; for the caller and the spectator, all four others), every page
    draws each seat alike, the contract and the scoreboard are the same everywhere, the
    partner's note is on the holder's page only, and the called card is nowhere but in the
    holder's hand."""
    viewers: dict[int | None, Page] = {seat: page for seat, page in pages.items() if seat != holder}
    viewers[None] = spectator
    drawn: dict[int | None, dict[str, dict[str, str]]] = {}
    for seat, page in viewers.items():
        seen = await seats_seen(page)
        # The server's seat "side" is the seat itself in Chiamata: it says nothing of the deal.
        assert all(entry["side"] == other for other, entry in seen.items()), seen
        unknown = [other for other in seen if int(other) not in (seat, caller)]
        looks = {seen[other]["html"] for other in unknown}
        assert len(looks) == 1, f"seat {seat}'s page tells seats {unknown} apart: {looks}"
        drawn[seat] = seen
    for other in map(str, range(5)):
        looks = {seen[other]["html"] for seen in drawn.values() if other in seen}
        assert len(looks) == 1, f"the pages draw seat {other} differently: {looks}"
    everyone = [*pages.values(), spectator]
    for testid in ("contract", "scoreboard"):
        shown = {await hook(page, testid).evaluate("el => el.outerHTML") for page in everyone}
        assert len(shown) == 1, (testid, shown)
    for seat, page in pages.items():
        role = "partner" if seat == holder else "caller" if seat == caller else "defender"
        await expect(hook(page, "role-note")).to_have_attribute("data-role", role)
        await expect(page.locator(f'[data-card="{called}"]')).to_have_count(
            1 if seat == holder else 0
        )
    await expect(hook(spectator, "role-note")).to_have_count(0)
    await expect(spectator.locator(f'[data-card="{called}"]')).to_have_count(0)


async def play_deal(
    pages: dict[int, Page], spectator: Page, caller: int, holder: int, called: str
) -> None:
    """Every seat plays its turn until the summary; the holder keeps the called card through
    the first trick and plays it at its first turn after. The pages are checked for marks
    of the partner after the first trick, and for the reveal when the card falls."""
    seat = await turn_of(pages[caller])
    plays = 0
    revealed = False
    while True:
        page = pages[seat]
        await wait_to_play(page, hook(page, "summary"))
        if await hook(page, "summary").is_visible():
            return
        if plays == 5 and not revealed:
            for other in [*pages.values(), spectator]:
                await expect(hook(other, "last-trick-button")).to_be_enabled()
                await expect(hook(other, "trick")).not_to_have_attribute("data-held", "true")
            await check_no_marking(pages, spectator, caller, holder, called)
        codes: list[str] = await enabled_cards(page).evaluate_all(
            "cs => cs.map(c => c.dataset.card)"
        )
        code = (
            called
            if seat == holder and plays >= 5 and not revealed
            else next(c for c in codes if c != called)
        )
        await page.locator(f'[data-testid="hand"] [data-card="{code}"]').click()
        await expect(page.locator(f'[data-testid="hand"] [data-card="{code}"]')).to_have_count(0)
        plays += 1
        if code == called:
            revealed = True
            await check_reveal(pages, spectator, caller, holder)
        if plays == 40:
            await expect(hook(page, "summary")).to_be_visible()
            return
        seat = await turn_of(page)


async def check_reveal(pages: dict[int, Page], spectator: Page, caller: int, holder: int) -> None:
    """The called card fallen: every page announces who held it and colours the sides."""
    for page in [*pages.values(), spectator]:
        await expect(hook(page, "reveal-notice")).to_have_attribute("data-seat", str(holder))
        await expect(hook(page, "partner-shown")).to_have_attribute("data-seat", str(holder))
        await expect(hook(page, f"partner-{holder}")).to_be_visible()
        for seat in range(5):
            side = "ch-caller" if seat in (caller, holder) else "ch-defender"
            await expect(hook(page, f"seat-{seat}")).to_have_class(re.compile(rf"\b{side}\b"))
    await expect(hook(pages[holder], "role-note")).to_have_count(0)


async def check_summary(page: Page, caller: int, holder: int) -> list[int]:
    """The deal's summary: the contract made or missed, each seat's role, card points and
    match points (zero-sum, the caller's side's by the table), and the match table."""
    result = await hook(page, "summary-result").get_attribute("data-result")
    assert result in ("caller", "defenders"), result
    rows = hook(page, "summary-points").locator("tbody tr")
    await expect(rows).to_have_count(5)
    table: list[dict[str, Any]] = await rows.evaluate_all(
        """rows => rows.map((r) => ({
            seat: Number(r.dataset.seat),
            role: r.dataset.role,
            points: Number(r.dataset.points),
            delta: Number(r.dataset.delta),
        }))"""
    )
    assert sum(row["points"] for row in table) == 120, table
    deltas = [row["delta"] for row in table]
    assert sum(deltas) == 0, table
    sign = 1 if result == "caller" else -1
    double = 2 if await hook(page, "summary-doubled").count() else 1
    for row in table:
        role = (
            "caller"
            if row["seat"] == caller
            else "partner"
            if row["seat"] == holder
            else "defender"
        )
        assert row["role"] == role, table
        assert row["delta"] == sign * double * {"caller": 2, "partner": 1, "defender": -1}[role], (
            table
        )
    match = hook(page, "match-table")
    await expect(match).to_have_attribute("data-played", "1")
    totals: list[int] = await match.locator('[data-testid="match-row"]').evaluate_all(
        "rows => rows.map(r => Number(r.dataset.total))"
    )
    assert totals == deltas, (totals, deltas)
    return deltas


async def check_replay(
    page: Page, server: InProcessServer, caller: int, holder: int, called: str
) -> None:
    """The deal's replay shows the auction step by step, the call and the reveal."""
    href = await hook(page, "replay-link").get_attribute("href")
    assert href is not None
    hand = href.removeprefix("/r/")
    answer = await page.request.get(f"{server.url}/api/hands/{hand}/replay")
    steps = json.loads(await answer.text())["steps"]
    kinds = [step["kind"] for step in steps]
    await hook(page, "replay-link").click()
    await expect(hook(page, "replay-board")).to_be_visible()
    await hook(page, "replay-next").click()
    await expect(hook(page, "replay-text")).to_have_attribute("data-kind", "bid")
    await expect(hook(page, "replay-auction").get_by_test_id("replay-speech")).to_have_count(1)
    await page.goto(f"{server.url}/r/{hand}?step={kinds.index('call')}")
    await expect(hook(page, "replay-text")).to_have_attribute("data-kind", "call")
    await expect(hook(page, "replay-contract")).to_have_attribute("data-called", called)
    await expect(hook(page, f"replay-caller-{caller}")).to_be_visible()
    await expect(hook(page, f"replay-partner-{holder}")).to_have_count(0)
    await page.goto(f"{server.url}/r/{hand}?step={kinds.index('reveal')}")
    await expect(hook(page, "replay-text")).to_have_attribute("data-kind", "reveal")
    await expect(hook(page, f"replay-partner-{holder}")).to_be_visible()
    await expect(hook(page, f"replay-seat-{holder}")).to_have_attribute("data-side", "caller")
    await page.keyboard.press("End")
    await expect(hook(page, "replay-text")).to_have_attribute("data-kind", "end")
    await expect(hook(page, "replay-side")).to_have_count(5)


async def test_a_deal_of_chiamata_from_the_auction_to_the_replay(
    server: InProcessServer, new_page: NewPage
) -> None:
    hero = await new_page()
    pages, link = await open_table(new_page, server, hero=hero, auction="rank", from_lobby=True)
    spectator = await new_page()
    await spectator.goto(link)
    await hook(spectator, "watch-button").click()
    await expect(hook(spectator, "auction")).to_be_visible()
    # The auction: the Ace, the 2, the 2 at 70 typed in; the others pass.
    caller, speakers = await hold_auction(pages, ["rank:A", "rank:2", "target:70"], hero)
    assert caller == speakers[2], (caller, speakers)
    # Everyone but the caller (who is calling) sees the auction won.
    for page in [page for seat, page in pages.items() if seat != caller] + [spectator]:
        await expect(hook(page, "auction-turn")).to_contain_text("is calling a card")
        await expect(hook(page, "auction-high")).to_have_attribute("data-seat", str(caller))
        await expect(hook(page, "auction-high")).to_contain_text("the 2 at 70")
        await expect(page.locator('[data-testid="speech"][data-kind="pass"]')).to_have_count(4)
    await expect(hook(pages[speakers[0]], f"caller-{caller}")).to_be_visible()
    # The call: the caller chooses the suit, the 2 of a suit another player holds.
    options = hook(pages[caller], "call-option")
    await expect(options).to_have_count(4)
    hands = {seat: await hand_codes(page) for seat, page in pages.items()}
    called = next(f"2{suit}" for suit in SUITS if f"2{suit}" not in hands[caller])
    holder = next(seat for seat, cards in hands.items() if called in cards)
    await pages[caller].locator(f'[data-testid="call-option"][data-call="{called}"]').click()
    for page in [*pages.values(), spectator]:
        await expect(hook(page, "contract")).to_have_attribute("data-called", called)
        await expect(hook(page, "trump")).to_have_attribute("data-suit", called[1])
        await expect(hook(page, "contract-bid")).to_contain_text("the 2 at 70")
    await check_no_marking(pages, spectator, caller, holder, called)
    for page in [*pages.values(), spectator]:
        await expect(hook(page, "call-notice")).to_have_attribute("data-seat", str(caller))
    await expect(hook(pages[holder], "role-note")).to_contain_text("partner")
    # The play, the reveal when the 2 falls, and the summary on every page.
    await play_deal(pages, spectator, caller, holder, called)
    deltas = await check_summary(hero, caller, holder)
    for page in [*pages.values(), spectator]:
        await expect(hook(page, "summary")).to_be_visible()
        points = hook(page, "match-score").locator("[data-seat]")
        assert await points.evaluate_all("cs => cs.map(c => Number(c.dataset.points))") == deltas
    await check_replay(hero, server, caller, holder, called)


async def test_chiamata_on_a_phone_in_italian_by_points(
    server: InProcessServer, new_page: NewPage
) -> None:
    hero = await new_page(**PHONE_CONTEXT, locale="it-IT")
    pages, _ = await open_table(new_page, server, hero=hero, auction="points", from_lobby=False)
    me = await my_seat(hero)
    await expect(hook(hero, "rules")).to_contain_text("asta a punti")
    await expect(hook(hero, "rules")).to_contain_text("10 smazzate")
    # Everyone before the hero passes; the hero bids the top, 120, typed on the keypad.
    seat = await turn_of(hero)
    spoken = 0
    while seat != me:
        await hook(pages[seat], "pass-button").click()
        await expect(pages[seat].locator('[data-testid="speech"]').nth(spoken)).to_be_visible()
        spoken += 1
        seat = await turn_of(pages[seat])
    await expect(hook(hero, "status")).to_have_text("Tocca a te offrire")
    panel = hook(hero, "auction")
    await expect(hook(hero, "bid-rank").first).to_be_hidden()
    await no_horizontal_scroll(hero)
    await within_screen(hero, panel)
    for control in ("target-down", "target-up", "target-input", "bid-target", "pass-button"):
        box = await hook(hero, control).bounding_box()
        assert box is not None and box["height"] >= 40, (control, box)
    await hook(hero, "target-input").fill("120")
    await expect(hook(hero, "bid-target")).to_have_text("Offri 120 punti")
    await hook(hero, "target-input").press("Enter")
    # The top bid ends the auction at once: the hero calls, any card but their own.
    picker = hook(hero, "call-panel")
    await expect(picker).to_be_visible()
    await expect(hook(hero, "call-option")).to_have_count(40)
    mine = await hand_codes(hero)
    for code in mine:
        await expect(
            hero.locator(f'[data-testid="call-option"][data-call="{code}"]')
        ).to_be_disabled()
    await expect(hero.locator('[data-testid="call-option"]:enabled')).to_have_count(32)
    await no_horizontal_scroll(hero)
    await within_screen(hero, picker)
    called = next(f"A{suit}" for suit in SUITS if f"A{suit}" not in mine)
    await hero.locator(f'[data-testid="call-option"][data-call="{called}"]').click()
    contract = hook(hero, "contract")
    await expect(contract).to_have_attribute("data-called", called)
    await expect(contract).to_contain_text("120 punti")
    await within_screen(hero, contract)
    await expect(hook(hero, "role-note")).to_have_attribute("data-role", "caller")
    await expect(hook(hero, "role-note")).to_contain_text("Sei il chiamante")
    await no_horizontal_scroll(hero)
    # The help tells the game; the leaderboard has its tab.
    await hook(hero, "help-button").click()
    await expect(hook(hero, "help-chiamata")).to_contain_text("Briscola Chiamata")
    await hook(hero, "help-close").click()
    await hero.goto(server.url + "/leaderboard?kind=chiamata")
    await expect(hook(hero, "leaderboard-tab-chiamata")).to_have_attribute("aria-selected", "true")
    await expect(hook(hero, "leaderboard-tab-chiamata")).to_have_text("Chiamata")
    await expect(hook(hero, "leaderboard-empty")).to_be_visible()


async def within_screen(page: Page, element: Any) -> None:
    """The element lies within the viewport's width."""
    box = await element.bounding_box()
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (box, width)


async def test_play_now_seats_you_at_chiamata_against_four_bots(
    server: InProcessServer, new_page: NewPage
) -> None:
    """Play now's five: a private Chiamata table, four bots of the level chosen, and the
    bots bid, call and play around a player who only ever passes."""
    page = await new_page()
    await page.goto(server.url + "/")
    await set_name(page, NAMES[0])
    await hook(page, "play-now-level").select_option("easy")
    await hook(page, "play-now-5").click()
    await expect(hook(page, "auction")).to_be_visible()
    for seat in range(1, 5):
        await expect(hook(page, f"level-{seat}")).to_have_text("easy")
    contract, asked = hook(page, "contract"), hook(page, "bid-options")
    calling = hook(page, "call-panel")
    redeal = hook(page, "ready-button")  # everyone passed: the same dealer deals again
    while True:
        await expect(contract.or_(asked).or_(calling).or_(redeal).first).to_be_visible()
        if await contract.is_visible():
            break
        if await redeal.is_visible():
            await redeal.click()
            await expect(hook(page, "summary")).to_have_count(0)
        elif await calling.is_visible():  # the four passes' guard made this player bid
            await hook(page, "call-option").first.click()
        elif await hook(page, "pass-button").is_enabled():
            await speak(page, "pass")
            await expect(asked).to_be_hidden()
        else:
            await hook(page, "bid-rank").first.click()
            await expect(asked).to_be_hidden()
    await expect(contract).to_have_attribute("data-called", re.compile(r"^\S+$"))
    await expect(enabled_cards(page).first).to_be_visible()
    before = len(await hand_codes(page))
    await enabled_cards(page).first.click()
    await expect(page.locator('[data-testid="hand"] [data-card]')).to_have_count(before - 1)
