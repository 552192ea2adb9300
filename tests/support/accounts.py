"""Accounts for tests: sign up over HTTP, and sockets that carry the session cookie."""

from __future__ import annotations

import httpx

from briscola.accounts.cookies import COOKIE
from support.client import Client, Message

PASSWORD = "correct horse"


async def sign_up(base_url: str, name: str, password: str = PASSWORD) -> str:
    """A new account; returns its session cookie's value."""
    async with httpx.AsyncClient() as http:
        response = await http.post(
            f"{base_url}/api/accounts", json={"name": name, "password": password}
        )
    assert response.status_code == 201, response.text
    return response.cookies[COOKIE]


async def connect_as(ws_url: str, cookie: str | None, name: str = "player") -> Client:
    """A socket whose handshake carries ``cookie`` (None: a guest)."""
    headers = {"Cookie": f"{COOKIE}={cookie}"} if cookie else {}
    return await Client.connect(ws_url, name, additional_headers=headers)


async def profile(base_url: str, account_id: str) -> Message:
    async with httpx.AsyncClient() as http:
        response = await http.get(f"{base_url}/api/accounts/{account_id}")
    response.raise_for_status()
    found: Message = response.json()
    return found


async def leaderboard(base_url: str, players: int) -> list[Message]:
    async with httpx.AsyncClient() as http:
        response = await http.get(f"{base_url}/api/leaderboard", params={"players": players})
    response.raise_for_status()
    entries: list[Message] = response.json()["entries"]
    return entries
