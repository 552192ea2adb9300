"""The chat survives a reload: the lines said before the deal are shown once each after a
reload or a dropped socket, and a spectator who opens the table later sees them; a
spectator's reload watches again with no join dialog."""

from __future__ import annotations

import pytest
from browser_helpers import (
    NewPage,
    chat_lines,
    create_table,
    hook,
    reconnected,
    say,
    watch_connection_states,
)
from playwright.async_api import Page, expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Kept by an init script: whether the seat picker (the join dialog) ever showed on the page.
WATCH_FOR_PICKER = """() => {
    window.pickerSeen = false;
    new MutationObserver(() => {
        if (document.querySelector('[data-testid="seat-picker"]')) window.pickerSeen = true;
    }).observe(document, { childList: true, subtree: true });
}"""


async def shows_once(page: Page, lines: list[str]) -> None:
    """The page's chat log shows exactly these lines, in order, each once."""
    log = hook(page, "chat-log").locator(".chat-text")
    await expect(log).to_have_count(len(lines))
    assert await chat_lines(page) == lines


async def test_the_chat_before_the_deal_survives_a_reload_and_reaches_a_late_spectator(
    server: InProcessServer, new_page: NewPage
) -> None:
    """Two people chat before the deal; after one reloads the page (and after the other's
    socket is dropped and resumes) each page shows every line once; a spectator who opens
    the table afterwards sees them too."""
    ana = await new_page()
    link = await create_table(ana, server.url, player="Ana", name="History", players=2)
    bea = await new_page()
    await bea.goto(link)
    await hook(bea, "name-input").first.fill("Bea")
    await hook(bea, "sit-button").click()
    await expect(hook(bea, "you-1")).to_be_visible()

    await say(ana, "ciao Bea")
    await expect(hook(bea, "chat-log").get_by_text("ciao Bea")).to_be_visible()
    await say(bea, "ciao Ana")
    await expect(hook(ana, "chat-log").get_by_text("ciao Ana")).to_be_visible()
    said = ["ciao Bea", "ciao Ana"]

    await ana.reload()
    await expect(hook(ana, "connection")).to_have_attribute("data-state", "connected")
    await expect(hook(ana, "you-0")).to_be_visible()
    await shows_once(ana, said)

    # Both sockets are dropped (as the server drops a too slow client): the pages resume by
    # themselves, and the logs they kept do not double up with the history.
    gateway = server.manager.gateway
    await watch_connection_states(bea)
    dropped = [conn for conn in gateway.connections.values() if gateway.room_of(conn)]
    assert len(dropped) == 2
    for conn in dropped:
        conn.close(1013, "too slow: reconnect to resync")
    await reconnected(bea)
    await expect(hook(ana, "connection")).to_have_attribute("data-state", "connected")
    await expect(hook(bea, "you-1")).to_be_visible()
    await shows_once(bea, said)
    await shows_once(ana, said)

    watcher = await new_page()
    await watcher.goto(link)
    await hook(watcher, "watch-button").click()
    await expect(hook(watcher, "table")).to_be_visible()
    await shows_once(watcher, said)


async def test_a_spectator_reload_watches_again_without_the_join_dialog(
    server: InProcessServer, new_page: NewPage
) -> None:
    """A spectator who reloads the page is watching the same table again at once, under the
    same name, and the join dialog never shows."""
    ana = await new_page()
    link = await create_table(ana, server.url, player="Ana", name="Watched", players=2)
    watcher = await new_page()
    await watcher.goto(link)
    await hook(watcher, "name-input").first.fill("Sam")
    await hook(watcher, "watch-button").click()
    await expect(hook(watcher, "table")).to_be_visible()
    await say(watcher, "salve")
    await expect(hook(ana, "chat-log").get_by_text("salve")).to_be_visible()

    await watcher.add_init_script(f"({WATCH_FOR_PICKER})()")
    await watcher.reload()
    assert watcher.url == link
    await expect(hook(watcher, "connection")).to_have_attribute("data-state", "connected")
    await expect(hook(watcher, "table")).to_be_visible()
    await shows_once(watcher, ["salve"])
    assert await watcher.evaluate("() => window.pickerSeen") is False
    await expect(hook(watcher, "seat-picker")).to_have_count(0)
    await expect(watcher.locator('[data-testid^="you-"]')).to_have_count(0)

    # Still a spectator, under the same name: the next line goes out as Sam's.
    await say(watcher, "eccomi")
    line = hook(ana, "chat-log").locator(".chat-line").filter(has_text="eccomi")
    await expect(line.locator(".chat-name")).to_have_text("Sam")
    assert server.manager.rooms[link.rsplit("/", 1)[1]].session.spectators == 1
