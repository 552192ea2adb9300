"""Accounts in the browser: sign up (a taken name is refused), log out, log in (a wrong
password is refused), the account's name locked in the name fields, the mark of an account
holder's seat, and a guest refused at a rated table and refused a registered name."""

from __future__ import annotations

import pytest
from browser_helpers import (
    NewPage,
    console_errors,
    create_table,
    fill_account_form,
    hook,
    log_in,
    set_name,
    sign_up,
)
from playwright.async_api import expect

from support.servers import InProcessServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

PASSWORD = "a long enough secret"


async def test_sign_up_log_out_and_log_in(server: InProcessServer, new_page: NewPage) -> None:
    """A guest signs up from the top bar and is signed in (also after a reload); another
    browser cannot take the same name however it is spelt; after logging out, a wrong
    password is refused with a message, the right one signs in again."""
    page = await new_page()
    errors = console_errors(page)
    await page.goto(server.url + "/")
    await expect(hook(page, "account-bar")).to_have_attribute("data-state", "guest")
    # By keyboard alone: the dialog opens on its first field, Tab goes to the next, Enter sends.
    await hook(page, "signup-button").focus()
    await page.keyboard.press("Enter")
    await expect(hook(page, "account-name")).to_be_focused()
    await page.keyboard.type("Ada Lovelace")
    await page.keyboard.press("Tab")
    await expect(hook(page, "account-password")).to_be_focused()
    await page.keyboard.type(PASSWORD)
    await page.keyboard.press("Enter")
    await expect(hook(page, "account-bar")).to_have_attribute("data-state", "signed-in")
    await expect(hook(page, "account-name-shown")).to_have_text("Ada Lovelace")
    await expect(hook(page, "account-rating")).to_have_text("(25.0 ± 8.3)")
    # Signed in, the name field shows the account's name, locked.
    name_field = hook(page, "name-input")
    await expect(name_field).to_have_value("Ada Lovelace")
    await expect(name_field).not_to_be_editable()
    await page.reload()
    await expect(hook(page, "account-name-shown")).to_have_text("Ada Lovelace")

    other = await new_page()
    other_errors = console_errors(other)
    await other.goto(server.url + "/")
    await hook(other, "signup-button").click()
    await fill_account_form(other, "ada-LOVELACE", PASSWORD)
    await expect(hook(other, "account-error")).to_have_text(
        "That name is already registered: choose another"
    )
    dialog = hook(other, "account-dialog")
    await expect(dialog.get_by_label("Name")).to_have_attribute("aria-invalid", "true")
    await expect(hook(other, "account-bar")).to_have_attribute("data-state", "guest")
    # A password too short is refused before anything is sent, saying what is wrong.
    await fill_account_form(other, "Grace Hopper", "short")
    await expect(hook(other, "account-error")).to_have_text(
        "Too short: 5 characters. A password needs 8 to 128."
    )
    # The dialog is modal: Shift+Tab from its first control goes round to its last.
    await hook(other, "account-tab-signup").focus()
    await other.keyboard.press("Shift+Tab")
    await expect(hook(other, "account-close")).to_be_focused()
    await other.keyboard.press("Escape")
    await expect(dialog).to_have_count(0)
    # /login is the lobby with the log-in dialog open.
    await other.goto(server.url + "/login")
    await expect(hook(other, "account-tab-login")).to_have_attribute("aria-selected", "true")
    await expect(other).to_have_url(server.url + "/")
    await other.keyboard.press("Escape")

    await hook(page, "logout-button").click()
    await expect(hook(page, "account-bar")).to_have_attribute("data-state", "guest")
    await expect(hook(page, "connection")).to_have_attribute("data-state", "connected")
    await expect(hook(page, "name-input")).to_be_editable()

    await log_in(page, "Ada Lovelace", "not the password")
    await expect(hook(page, "account-error")).to_have_text("Wrong name or password")
    await expect(hook(page, "account-bar")).to_have_attribute("data-state", "guest")
    await fill_account_form(page, "Ada Lovelace", PASSWORD)
    await expect(hook(page, "account-dialog")).to_have_count(0)
    await expect(hook(page, "account-name-shown")).to_have_text("Ada Lovelace")
    await expect(hook(page, "connection")).to_have_attribute("data-state", "connected")

    # The only console errors are the two refusals the server was asked for (409, 401).
    assert len(other_errors) == 1 and "409" in other_errors[0], other_errors
    assert len(errors) == 1 and "401" in errors[0], errors


async def test_an_account_holder_is_marked_and_a_guest_is_refused_at_a_rated_table(
    server: InProcessServer, new_page: NewPage
) -> None:
    """An account holder's seat carries the mark and, at a rated table, the rating; a guest
    cannot create or join a rated table (they see why), cannot sit under a registered name,
    and sits unmarked under a name of their own."""
    ada = await new_page()
    await ada.goto(server.url + "/")
    await sign_up(ada, server.url, "Ada Lovelace", PASSWORD)
    link = await create_table(ada, server.url, player=None, name="Rated e2e", players=2, rated=True)
    await expect(hook(ada, "account-0")).to_have_attribute("title", "registered player")
    await expect(hook(ada, "rating-0")).to_have_text("25.0 ± 8.3")
    await expect(hook(ada, "name-0")).to_have_text("Ada Lovelace")
    await expect(hook(ada, "rules").first.get_by_text("rated")).to_be_visible()
    await expect(hook(ada, "add-bot-1")).to_have_count(0)  # no bots at a rated table

    guest = await new_page()
    await guest.goto(server.url + "/")
    await expect(hook(guest, "create-rated")).to_be_disabled()
    await expect(hook(guest, "create-rated-hint")).to_have_text("Log in to create a rated table")
    row = guest.locator(f'[data-testid="lobby-table"][data-room="{link.rsplit("/", 1)[1]}"]')
    await expect(row.get_by_test_id("lobby-rated")).to_be_visible()
    await expect(row.locator(".account-mark")).to_have_count(1)

    await set_name(guest, "Gigi")
    await row.get_by_test_id("sit-button").click()
    await expect(
        hook(guest, "toast").filter(has_text="A rated table: log in to sit here")
    ).to_be_visible()
    await expect(hook(guest, "seat-picker")).to_be_visible()
    await expect(hook(guest, "picker-rated-note")).to_be_visible()
    await expect(hook(ada, "name-1")).to_have_text("free")

    # An unrated table of the guest's: a registered name is refused, a name of their own
    # is seated, with no mark.
    await set_name(guest, "ada lovelace")
    await guest.goto(server.url + "/")
    await hook(guest, "create-form").get_by_test_id("create-players").select_option("2")
    await hook(guest, "create-form").get_by_test_id("create-submit").click()
    await expect(
        hook(guest, "toast").filter(has_text="That name belongs to a registered player")
    ).to_be_visible()
    await expect(hook(guest, "seat-picker")).to_be_visible()
    await set_name(guest, "Gigi")
    await hook(guest, "sit-button").click()
    await expect(hook(guest, "you-0")).to_be_visible()
    await expect(hook(guest, "name-0")).to_have_text("Gigi")
    await expect(hook(guest, "account-0")).to_have_count(0)
    await expect(hook(guest, "rating-0")).to_have_count(0)
