"""E-mail in the browser: the player sets their address on their own profile, follows the
confirmation mail's link (a real mail, through a real SMTP server), and a turn mail's "stop
these e-mails" link, opened with no login in Italian, stops them; another player's view of
the profile has no address in it."""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager

import pytest
import pytest_asyncio
from browser_helpers import NewPage, hook, sign_up
from playwright.async_api import expect

from briscola.service.mail import EmailNotices
from briscola.service.notices import TurnNotice
from support.servers import InProcessServer
from support.smtp import MailBox, body

pytestmark = pytest.mark.asyncio(loop_scope="module")

PASSWORD = "a long enough secret"
ADDRESS = "ana@example.org"


@pytest_asyncio.fixture(loop_scope="module")
async def mail_site(
    make_server: Callable[..., AbstractAsyncContextManager[InProcessServer]],
) -> AsyncIterator[tuple[InProcessServer, MailBox]]:
    box = MailBox()
    await box.start()
    try:
        settings = {"smtp_host": "127.0.0.1", "smtp_port": box.port, "smtp_starttls": False}
        async with make_server(**settings) as running:
            yield running, box
    finally:
        await box.stop()


def link_in(text: str, page: str) -> str:
    found = re.search(rf"(http\S+/email/{page}\?token=\S+)", text)
    assert found, text
    return found.group(1)


async def test_set_confirm_and_stop_from_the_browser(
    mail_site: tuple[InProcessServer, MailBox], new_page: NewPage
) -> None:
    site, box = mail_site
    page = await new_page()
    await sign_up(page, site.url, "Ana", PASSWORD)
    await page.goto(site.url + "/u/ana")
    panel = hook(page, "mail-panel")
    await expect(panel).to_have_attribute("data-state", "none")
    await hook(page, "mail-address").fill(ADDRESS)
    await hook(page, "mail-save").click()
    await expect(panel).to_have_attribute("data-state", "unconfirmed")
    await expect(hook(page, "mail-status")).to_contain_text(ADDRESS)
    await expect(hook(page, "mail-resend")).to_be_visible()

    await page.goto(link_in(body(await box.next()), "confirm"))
    await expect(hook(page, "mail-link")).to_have_attribute("data-state", "done")
    await expect(hook(page, "mail-link-message")).to_have_text(
        "Your address is confirmed: you will get an e-mail when it is your turn."
    )
    await page.goto(site.url + "/u/ana")
    await expect(panel).to_have_attribute("data-state", "confirmed")
    await expect(hook(page, "mail-resend")).to_be_hidden()

    notices = site.manager.notices
    assert isinstance(notices, EmailNotices)
    await notices.your_turn(TurnNotice("ana", "t1", "Sera", "turn-1", time.time() + 3600))
    stop = link_in(body(await box.next()), "stop")
    italian = await new_page(locale="it-IT")
    await italian.goto(stop)
    await expect(hook(italian, "mail-link")).to_have_attribute("data-state", "done")
    await expect(hook(italian, "mail-link-message")).to_contain_text("Fatto: non arriveranno")
    # A broken link says so.
    await italian.goto(stop[:-3] + "xyz")
    await expect(hook(italian, "mail-link")).to_have_attribute("data-state", "refused")
    await expect(hook(italian, "mail-link-message")).to_contain_text("non è valido")

    await page.reload()
    await expect(panel).to_have_attribute("data-state", "stopped")
    other = await new_page()
    await sign_up(other, site.url, "Bea", PASSWORD)
    await other.goto(site.url + "/u/ana")
    await expect(hook(other, "profile-name")).to_have_text("Ana")
    await expect(hook(other, "mail-panel")).to_have_count(0)
    assert ADDRESS not in await other.content()
