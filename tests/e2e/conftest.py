"""End-to-end fixtures: Debian's Chromium driven by Playwright, against a real server.

Every test module here runs in one event loop per module (``pytestmark`` with
``loop_scope="module"``): the browser is launched once per module and the in-process
server of each test is served in that same loop, so the browser's pages and the server
never wait on a loop that is not running. A missing Chromium fails the tests; it never
skips them."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import pytest
import pytest_asyncio
from browser_helpers import DESKTOP
from playwright.async_api import Browser, BrowserContext, Page, async_playwright, expect

from support.servers import InProcessServer

CHROMIUM = os.environ.get("BRISCOLA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Every auto-waiting assertion gives up after this long: generous, since a whole hand takes
# a few seconds and the machine may be busy.
expect.set_options(timeout=20_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every end-to-end test must run in its module's loop, where the browser lives."""
    here = Path(__file__).parent
    for item in items:
        if isinstance(item, pytest.Function) and here in item.path.parents:
            marker = item.get_closest_marker("asyncio")
            if marker is None or marker.kwargs.get("loop_scope") != "module":
                raise pytest.UsageError(
                    f"{item.nodeid}: set pytestmark = pytest.mark.asyncio(loop_scope='module')"
                )


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Browser]:
    """Headless Chromium for the module (a missing binary is a failure, not a skip)."""
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"Chromium not found at {CHROMIUM} (set BRISCOLA_CHROMIUM)")
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield launched
        finally:
            await launched.close()


@pytest_asyncio.fixture(loop_scope="module")
async def server(
    make_server: Callable[..., AbstractAsyncContextManager[InProcessServer]],
) -> AsyncIterator[InProcessServer]:
    """A briscola server in memory on a free port, served in the module's loop."""
    async with make_server() as running:
        yield running


@pytest_asyncio.fixture(loop_scope="module")
async def new_page(browser: Browser) -> AsyncIterator[Callable[..., Awaitable[Page]]]:
    """Open pages, each in a browser context of its own (its own localStorage), at desktop
    size, in English, with reduced motion (no animations to wait out); all closed after
    the test, which fails if a page threw an uncaught error.
    ``await new_page(**context_options)`` gives a Page."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    async def make(**options: object) -> Page:
        settings: dict[str, object] = {
            "viewport": DESKTOP,
            "locale": "en-US",
            "reduced_motion": "reduce",
            **options,
        }
        context = await browser.new_context(**settings)  # type: ignore[arg-type]
        contexts.append(context)
        page = await context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
        return page

    try:
        yield make
    finally:
        for context in contexts:
            await context.close()
    assert not errors, "uncaught errors in the pages:\n" + "\n".join(errors)
