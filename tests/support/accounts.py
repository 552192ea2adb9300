"""Accounts for tests: sign up over HTTP, and sockets that carry the session cookie."""

from __future__ import annotations

import httpx

from briscola.accounts.cookies import COOKIE
from support.client import Client, Message
from support.play import play_to_the_end
from support.servers import InProcessServer

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


async def create_rated(base_url: str, cookie: str, players: int, **rules: object) -> Message:
    """A new rated table of ``players`` (and ``rules`` besides), created by ``cookie``'s
    account; a long clock, so that nobody's time runs out while the test plays."""
    async with httpx.AsyncClient(headers={"Cookie": f"{COOKIE}={cookie}"}) as http:
        response = await http.post(
            f"{base_url}/api/rooms",
            json={"players": players, "rated": True, "clock": 600, **rules},
        )
    assert response.status_code == 201, response.text
    created: Message = response.json()
    return created


async def play_rated(
    site: InProcessServer, names: list[str], **rules: object
) -> tuple[list[Client], Message]:
    """Sign up ``names``, seat them in order at a new rated table (of ``rules`` besides) and
    play its match out; returns the clients and the room."""
    cookies = [await sign_up(site.url, name) for name in names]
    room = await create_rated(site.url, cookies[0], players=len(names), **rules)
    clients = []
    for seat, cookie in enumerate(cookies):
        client = await connect_as(site.ws_url, cookie, names[seat])
        await client.join(room["id"], seat=seat)
        clients.append(client)
    for client in clients:
        await client.send({"type": "ready"})
    await play_to_the_end(clients)  # a drawn hand is dealt again
    return clients, room


def settled(state: Message) -> bool:
    """A state whose every seat shows how the rated match moved its rating."""
    return all(seat.get("rating_change") is not None for seat in state["room"]["seats"])
