"""What the tests of games at their own pace share: a table of signed-in players started
over real sockets, the HTTP calls with a cookie, and a :class:`TurnNotices` that records."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx

from briscola.accounts.cookies import COOKIE
from briscola.service.notices import TurnNotice
from support.accounts import connect_as, sign_up
from support.client import Client, Message
from support.play import a_legal_move


class RecordingNotices:
    """A real notifier that keeps every notice, and lets a test wait for the n-th."""

    def __init__(self) -> None:
        self.notices: list[TurnNotice] = []
        self._changed = asyncio.Event()

    async def your_turn(self, notice: TurnNotice) -> None:
        self.notices.append(notice)
        self._changed.set()

    async def wait_count(self, count: int, timeout: float = 10.0) -> list[TurnNotice]:
        async with asyncio.timeout(timeout):
            while len(self.notices) < count:
                self._changed.clear()
                await self._changed.wait()
        return self.notices


async def post_room(base_url: str, cookie: str | None, **rules: Any) -> httpx.Response:
    headers = {"Cookie": f"{COOKIE}={cookie}"} if cookie else {}
    async with httpx.AsyncClient(headers=headers) as http:
        return await http.post(f"{base_url}/api/rooms", json=rules)


async def my_games(base_url: str, cookie: str) -> list[Message]:
    async with httpx.AsyncClient(headers={"Cookie": f"{COOKIE}={cookie}"}) as http:
        response = await http.get(f"{base_url}/api/my-games")
    assert response.status_code == 200, response.text
    games: list[Message] = response.json()["games"]
    return games


async def sign_up_all(base_url: str, names: list[str]) -> dict[str, str]:
    """Each name's account, signed up: its session cookie by name."""
    return {name: await sign_up(base_url, name) for name in names}


async def paced_table(
    base_url: str, ws_url: str, players: dict[str, str], deadline: int, **rules: Any
) -> tuple[str, list[str], list[Client]]:
    """Open a table of ``players`` (cookies by name) with ``deadline`` per move, seat them
    in order and start its match: the table's id, their cookies and their sockets."""
    names, cookies = list(players), list(players.values())
    created = await post_room(base_url, cookies[0], players=len(names), deadline=deadline, **rules)
    assert created.status_code == 201, created.text
    room: str = created.json()["id"]
    clients = []
    for seat, (name, cookie) in enumerate(zip(names, cookies, strict=True)):
        client = await connect_as(ws_url, cookie, name)
        await client.join(room, seat=seat)
        clients.append(client)
    for client in clients:
        await client.send({"type": "ready"})
    for client in clients:
        await client.wait_for(lambda m: m["type"] == "state" and m.get("clock") is not None)
    return room, cookies, clients


def to_move(clients: list[Client]) -> Client:
    """The client whose turn it is, by its last state."""
    state = clients[0].state
    assert state is not None and state["clock"] is not None
    return next(c for c in clients if c.seat == state["clock"]["seat"])


async def play_one(clients: list[Client]) -> None:
    """The player to move plays a legal move; every client sees the next turn's state."""
    mover = to_move(clients)
    before = mover.state
    assert before is not None and mover.hand is not None
    await mover.send(a_legal_move(mover.hand, random.Random(0)))
    for client in clients:
        await client.wait_for(
            lambda m: (
                m["type"] == "state"
                and m["version"] > before["version"]
                and m.get("clock") is not None
            )
        )


def lost_on_time(message: Message) -> bool:
    match = message.get("match") if message["type"] == "state" else None
    return bool(match and match["over"])
