"""Accounts over HTTP: sign up, log in, log out; names unique however spelt; the same
answer for an unknown name and a wrong password; logins rate-limited per name and per
address; a cookie that is tampered with or logged out counts for nothing."""

from __future__ import annotations

import httpx

from briscola.accounts.cookies import COOKIE
from support.accounts import PASSWORD
from support.servers import InProcessServer


def cookie_header(value: str) -> dict[str, str]:
    return {"Cookie": f"{COOKIE}={value}"}


async def post(http: httpx.AsyncClient, url: str, name: str, password: str) -> httpx.Response:
    return await http.post(url, json={"name": name, "password": password})


async def test_sign_up_signs_in_with_a_safe_cookie(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        response = await post(http, "/api/accounts", "  Ana   María ", PASSWORD)
        assert response.status_code == 201
        account = response.json()["account"]
        assert (account["id"], account["name"]) == ("anamaria", "Ana María")
        assert account["ratings"]["4"] == {
            "mu": 25.0,
            "sigma": 25 / 3,
            "ordinal": 0.0,
            "matches": 0,
        }
        cookie = response.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
        assert PASSWORD not in response.text
        me = await http.get("/api/session")
        assert me.json()["account"]["id"] == "anamaria"


async def test_names_are_unique_whatever_their_case_accents_or_spaces(
    site: InProcessServer,
) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        assert (await post(http, "/api/accounts", "Ana Maria", PASSWORD)).status_code == 201
        for twin in ("ana maria", "ANA.MARIA", "Aña Marìa", "anamaria"):
            response = await post(http, "/api/accounts", twin, PASSWORD)
            assert response.status_code == 409, twin
            assert response.json()["error"]["code"] == "name_taken"


async def test_bad_names_and_passwords_are_refused(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        cases = [("Bot 2", PASSWORD, "bad_name"), ("★★", PASSWORD, "bad_name"),
                 ("Ana", "short", "bad_password"), ("Ana", "x" * 129, "bad_password")]  # fmt: skip
        for name, password, code in cases:
            response = await post(http, "/api/accounts", name, password)
            assert response.status_code == 422, (name, password)
            assert response.json()["error"]["code"] == code
        malformed = await http.post("/api/accounts", json={"name": "Ana"})
        assert malformed.status_code == 400
        assert malformed.json()["error"]["code"] == "bad_message"


async def test_log_in_and_out(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        await post(http, "/api/accounts", "Bea", PASSWORD)
        http.cookies.clear()
        assert (await http.get("/api/session")).json() == {"account": None}
        response = await post(http, "/api/session", "BEA", PASSWORD)
        assert response.status_code == 200 and response.json()["account"]["name"] == "Bea"
        cookie = http.cookies[COOKIE]
        assert (await http.get("/api/session")).json()["account"]["id"] == "bea"
        assert (await http.delete("/api/session")).status_code == 204
        assert COOKIE not in http.cookies
        # The old cookie, kept by someone who copied it, died with the session.
        old = await http.get("/api/session", headers=cookie_header(cookie))
        assert old.json() == {"account": None}


async def test_unknown_name_and_wrong_password_get_the_same_answer(
    site: InProcessServer,
) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        await post(http, "/api/accounts", "Cai", PASSWORD)
        wrong = await post(http, "/api/session", "Cai", "not the password")
        unknown = await post(http, "/api/session", "Nobody", PASSWORD)
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["error"]["code"] == "bad_credentials"
    assert "set-cookie" not in wrong.headers


async def test_logins_are_rate_limited_per_name(site: InProcessServer) -> None:
    """After the name's limit of failures (3 here), even the right password waits."""
    async with httpx.AsyncClient(base_url=site.url) as http:
        await post(http, "/api/accounts", "Dan", PASSWORD)
        for _ in range(3):
            assert (await post(http, "/api/session", "dan", "wrong password")).status_code == 401
        limited = await post(http, "/api/session", "Dan", PASSWORD)
        assert limited.status_code == 429
        assert limited.json()["error"]["code"] == "too_many_attempts"
        assert int(limited.headers["retry-after"]) > 0
        # Another name from the same address is not held up by Dan's failures.
        await post(http, "/api/accounts", "Eva", PASSWORD)
        assert (await post(http, "/api/session", "Eva", PASSWORD)).status_code == 200


async def test_logins_are_rate_limited_per_address(site: InProcessServer) -> None:
    """Guessing across many names from one address stops at the address's limit (5)."""
    async with httpx.AsyncClient(base_url=site.url) as http:
        await post(http, "/api/accounts", "Fay", PASSWORD)
        for n in range(5):
            assert (await post(http, "/api/session", f"guess{n}", "password?")).status_code == 401
        limited = await post(http, "/api/session", "Fay", PASSWORD)
        assert limited.status_code == 429


async def test_a_tampered_cookie_counts_for_nothing(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        await post(http, "/api/accounts", "Gil", PASSWORD)
        cookie = http.cookies[COOKIE]
        http.cookies.clear()
        payload, _, signature = cookie.rpartition(".")
        forged = [
            payload + "." + signature[::-1],
            cookie[:-2] + ("AA" if cookie[-2:] != "AA" else "BB"),
            "anything",
            cookie.replace(payload.split(".")[0], "ImdpbCI"),  # another session id, unsigned
        ]
        for value in forged:
            answer = await http.get("/api/session", headers=cookie_header(value))
            assert answer.json() == {"account": None}, value
        assert (await http.get("/api/session", headers=cookie_header(cookie))).json()["account"]


async def test_profile_and_leaderboard_of_nobody(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        missing = await http.get("/api/accounts/nobody")
        assert missing.status_code == 404
        assert missing.json()["error"]["code"] == "account_not_found"
        assert (await http.get("/api/leaderboard?players=4")).json() == {
            "kind": "4",
            "players": 4,
            "entries": [],
        }
        asked = {"players=6": ("6", 6), "kind=6": ("6", 6), "kind=scoperta": ("scoperta", 2),
                 "kind=chiamata": ("chiamata", 5), "players=2": ("2", 2), "": ("4", 4)}  # fmt: skip
        for query, (kind, players) in asked.items():
            board = (await http.get(f"/api/leaderboard?{query}")).json()
            assert (board["kind"], board["players"], board["entries"]) == (kind, players, [])
        for query in ("players=5", "players=scoperta", "kind=5", "kind=sette", "kind="):
            refused = await http.get(f"/api/leaderboard?{query}")
            assert refused.status_code == 400, query
            assert refused.json()["error"]["code"] == "bad_message"
        await post(http, "/api/accounts", "Hal", PASSWORD)
        page = (await http.get("/api/accounts/hal")).json()
        assert page["account"]["name"] == "Hal"
        kinds = ["2", "3", "4", "6", "scoperta", "chiamata"]
        assert list(page["account"]["ratings"]) == kinds
        assert page["history"] == {kind: [] for kind in kinds}
        assert page["matches"] == []
        # Unrated players are not on the leaderboard.
        assert (await http.get("/api/leaderboard")).json()["entries"] == []


async def test_a_profile_address_reads_the_name_as_the_name_rule_does(
    site: InProcessServer,
) -> None:
    """``/api/accounts/{name}`` finds the player whatever the case, accents, spaces or
    punctuation of the name in the address, as sign-up tells names apart."""
    async with httpx.AsyncClient(base_url=site.url) as http:
        await post(http, "/api/accounts", "Nico Bel", PASSWORD)
        for address in ("nicobel", "Nico%20Bel", "NICOBEL", "N%C3%ACco.Bel", "nico-bel"):
            found = await http.get(f"/api/accounts/{address}")
            assert found.status_code == 200, address
            assert found.json()["account"]["id"] == "nicobel", address
            assert found.json()["account"]["name"] == "Nico Bel", address
        for address in ("nico", "%20", "..."):
            missing = await http.get(f"/api/accounts/{address}")
            assert missing.status_code == 404, address
            assert missing.json()["error"]["code"] == "account_not_found"


async def test_a_rated_table_needs_a_signed_in_creator(site: InProcessServer) -> None:
    async with httpx.AsyncClient(base_url=site.url) as http:
        refused = await http.post("/api/rooms", json={"players": 2, "rated": True})
        assert refused.status_code == 403
        assert refused.json()["error"]["code"] == "account_required"
        await post(http, "/api/accounts", "Ivo", PASSWORD)
        created = await http.post("/api/rooms", json={"players": 2, "rated": True})
        assert created.status_code == 201 and created.json()["rules"]["rated"] is True
