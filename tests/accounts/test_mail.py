"""E-mail: an address set by its player is confirmed by the link mailed to it before any
notice goes there; a turn is told once, whichever process sees it; the "stop" link stops
them; the address is the player's own business; bad input and a server without SMTP get
their codes; an SMTP server away hurts nothing. Against a real SMTP server (aiosmtpd) and
a real Redis, through the real server."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager

import httpx
import pytest

from briscola.accounts.cookies import COOKIE
from briscola.service.mail import EmailNotices
from briscola.service.notices import TurnNotice
from support.accounts import sign_up
from support.pace import paced_table, play_one, sign_up_all, to_move
from support.servers import InProcessServer, RedisServer
from support.smtp import MailBox, body, token_of

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]
ADDRESS = "ana@example.org"


@pytest.fixture
async def mailbox() -> AsyncIterator[MailBox]:
    box = MailBox()
    await box.start()
    try:
        yield box
    finally:
        await box.stop()


def mail_settings(box: MailBox, **more: object) -> dict[str, object]:
    return {"smtp_host": "127.0.0.1", "smtp_port": box.port, "smtp_starttls": False, **more}


def as_player(site: InProcessServer, cookie: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=site.url, cookies={COOKIE: cookie})


def notices_of(site: InProcessServer) -> EmailNotices:
    notices = site.manager.notices
    assert isinstance(notices, EmailNotices)
    return notices


async def follow(site: InProcessServer, page: str, token: str) -> httpx.Response:
    """What a mail's link's landing page sends, from a browser signed in or not."""
    async with httpx.AsyncClient(base_url=site.url) as anonymous:
        return await anonymous.post(f"/api/email/{page}", json={"token": token})


async def tell(site: InProcessServer, turn: str, account: str = "ana") -> None:
    """A turn of ``account``'s began at a table (as the table tells it), and every mail it
    asked for has gone."""
    notice = TurnNotice(account, "t-corr", "Evening game", turn, time.time() + 86400)
    await notices_of(site).your_turn(notice)
    await notices_of(site).drain()


async def test_a_confirmed_address_is_told_each_turn_once_whichever_process_sees_it(
    make_server: MakeServer, redis_server: RedisServer, mailbox: MailBox
) -> None:
    settings = mail_settings(mailbox, redis_url=redis_server.url)
    async with make_server(**settings) as site, make_server(**settings) as other:
        cookie = await sign_up(site.url, "Ana")
        async with as_player(site, cookie) as http:
            put = await http.put("/api/session/email", json={"address": " ana@Example.ORG "})
            assert put.status_code == 200, put.text
            assert put.json() == {
                "available": True,
                "email": {"address": ADDRESS, "state": "unconfirmed"},
            }
            confirmation = await mailbox.next()
            assert confirmation["To"] == ADDRESS
            # Unconfirmed: no notice goes to it.
            await tell(site, "turn-0")
            assert mailbox.empty()

            landing = await http.get("/email/confirm", params={"token": "x"})
            assert landing.status_code == 200 and "text/html" in landing.headers["content-type"]
            token = token_of(confirmation, "confirm")
            confirmed = await follow(site, "confirm", token)
            assert confirmed.json() == {"state": "confirmed"}
            shown = (await http.get("/api/session/email")).json()
            assert shown["email"]["state"] == "confirmed"

            await tell(site, "turn-1")
            first = await mailbox.next()
            assert first["Subject"] == "Your turn at Evening game"
            assert f"{site.url}/t/t-corr" in body(first) and "UTC" in body(first)
            assert first["List-Unsubscribe"].startswith(f"<{site.url}/email/stop?token=")
            # The same turn again, here or on another process of the same Redis: no mail.
            await tell(site, "turn-1")
            await tell(other, "turn-1")
            await tell(other, "turn-2")
            second = await mailbox.next()
            assert "t-corr" in body(second)
            assert mailbox.empty()

            # "Stop these e-mails", with no login: no notice goes any more.
            stop = token_of(second, "stop")
            stopped = await follow(site, "stop", stop)
            assert stopped.json() == {"state": "stopped"}
            await tell(site, "turn-3")
            assert mailbox.empty()
            assert (await http.get("/api/session/email")).json()["email"]["state"] == "stopped"
            # Setting the confirmed address again turns them back on, with no new mail.
            again = await http.put("/api/session/email", json={"address": ADDRESS})
            assert again.json()["email"]["state"] == "confirmed"
            await tell(site, "turn-4")
            assert "t-corr" in body(await mailbox.next())
            assert mailbox.empty()


async def test_a_table_at_its_own_pace_mails_each_turn_to_its_player(
    make_server: MakeServer, redis_server: RedisServer, mailbox: MailBox
) -> None:
    """Wired end to end: at a table at its own pace, every turn begun for a player with a
    confirmed address sends that player one mail naming the table, with its link; the
    other player, with no address, gets none."""
    settings = mail_settings(mailbox, redis_url=redis_server.url, min_deadline=1)
    async with make_server(**settings) as site:
        people = await sign_up_all(site.url, ["Ana", "Bea"])
        async with as_player(site, people["Ana"]) as http:
            assert (await http.put("/api/session/email", json={"address": ADDRESS})).is_success
        token = token_of(await mailbox.next(), "confirm")
        assert (await follow(site, "confirm", token)).json() == {"state": "confirmed"}
        room, _, clients = await paced_table(
            site.url, site.ws_url, people, 3600, name="Evening game"
        )
        ana, turns = clients[0], 0
        for move in range(7):
            if to_move(clients) is ana:
                mail = await mailbox.next()
                assert mail["To"] == ADDRESS, mail["To"]
                assert mail["Subject"] == "Your turn at Evening game"
                assert f"{site.url}/t/{room}" in body(mail)
                turns += 1
            if move < 6:
                await play_one(clients)
        await notices_of(site).drain()
        assert turns >= 2 and mailbox.empty()
        for client in clients:
            await client.close()


async def test_the_address_is_private(
    make_server: MakeServer, redis_server: RedisServer, mailbox: MailBox
) -> None:
    async with make_server(**mail_settings(mailbox, redis_url=redis_server.url)) as site:
        ana, bea = await sign_up(site.url, "Ana"), await sign_up(site.url, "Bea")
        async with as_player(site, ana) as http:
            assert (await http.put("/api/session/email", json={"address": ADDRESS})).is_success
            await mailbox.next()
            for path in ("/api/accounts/ana", "/api/session"):
                response = await http.get(path)
                assert response.is_success and ADDRESS not in response.text, path
        async with as_player(site, bea) as http:
            assert ADDRESS not in (await http.get("/api/accounts/ana")).text
            assert (await http.get("/api/session/email")).json()["email"] is None


async def test_bad_input_and_broken_links_get_their_codes(
    make_server: MakeServer, mailbox: MailBox
) -> None:
    async with make_server(**mail_settings(mailbox)) as site:
        async with httpx.AsyncClient(base_url=site.url) as anonymous:
            refused = await anonymous.put("/api/session/email", json={"address": ADDRESS})
        assert (refused.status_code, refused.json()["error"]["code"]) == (401, "account_required")
        async with as_player(site, await sign_up(site.url, "Ana")) as http:
            no_email = await http.post("/api/session/email/confirmation")
            assert (no_email.status_code, no_email.json()["error"]["code"]) == (404, "no_email")
            for bad in ("ana", "ana@localhost", "Ana <ana@example.org>", "a@b.org\r\nBcc: x@y.org"):
                response = await http.put("/api/session/email", json={"address": bad})
                assert response.status_code == 422, bad
                assert response.json()["error"]["code"] == "bad_email"
            await http.put("/api/session/email", json={"address": ADDRESS})
            old = token_of(await mailbox.next(), "confirm")
            resent = await http.post("/api/session/email/confirmation")
            assert resent.json()["email"]["state"] == "unconfirmed"
            assert token_of(await mailbox.next(), "confirm")
            # A changed address: the old one's link confirms nothing; a tampered one neither.
            await http.put("/api/session/email", json={"address": "ana@example.net"})
            new = token_of(await mailbox.next(), "confirm")
            # A confirmation token is no stop token either.
            tries = [("confirm", old), ("confirm", new[:-2] + "xx"), ("stop", new)]
            for page, token in tries:
                response = await follow(site, page, token)
                assert response.status_code == 400, (page, token)
                assert response.json()["error"]["code"] == "bad_link"
            assert (await follow(site, "confirm", new)).is_success
            confirmed = await http.post("/api/session/email/confirmation")
            assert confirmed.status_code == 409
            assert confirmed.json()["error"]["code"] == "email_confirmed"
            assert (await http.delete("/api/session/email")).status_code == 204
            assert (await http.get("/api/session/email")).json()["email"] is None
    async with make_server() as bare, as_player(bare, await sign_up(bare.url, "Bea")) as http:
        assert (await http.get("/api/session/email")).json() == {"available": False, "email": None}
        response = await http.put("/api/session/email", json={"address": ADDRESS})
        assert (response.status_code, response.json()["error"]["code"]) == (
            501,
            "email_unavailable",
        )


async def test_an_smtp_server_away_hurts_nothing(
    make_server: MakeServer, mailbox: MailBox, caplog: pytest.LogCaptureFixture
) -> None:
    async with (
        make_server(**mail_settings(mailbox)) as site,
        as_player(site, await sign_up(site.url, "Ana")) as http,
    ):
        await http.put("/api/session/email", json={"address": ADDRESS})
        token = token_of(await mailbox.next(), "confirm")
        await follow(site, "confirm", token)
        await mailbox.stop()
        with caplog.at_level(logging.WARNING, logger="briscola.service.mail"):
            await tell(site, "turn-1")
        assert any("turn notice for ana not sent" in r.getMessage() for r in caplog.records)
        response = await http.put("/api/session/email", json={"address": "ana@example.net"})
        assert (response.status_code, response.json()["error"]["code"]) == (
            502,
            "email_not_sent",
        )
        counted = (await http.get("/metrics")).text
        for kind, outcome, count in [
            ("confirmation", "sent", 1),
            ("confirmation", "failed", 1),
            ("turn", "failed", 1),
        ]:
            assert f'briscola_mails_total{{kind="{kind}",outcome="{outcome}"}} {count}.0' in counted
