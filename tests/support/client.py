"""A websocket test client: real connections, every frame kept, waits on messages."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

Message = dict[str, Any]
#: Generous: a wait only runs this long when the test is failing anyway.
TIMEOUT = 30.0


class Client:
    """One player's or spectator's socket. ``frames`` keeps every raw frame received."""

    def __init__(self, ws: ClientConnection, name: str) -> None:
        self.ws = ws
        self.name = name
        self.frames: list[str] = []
        self.inbox: list[Message] = []
        self.state: Message | None = None
        self.token: str | None = None
        self.seat: int | None = None

    @classmethod
    async def connect(cls, ws_url: str, name: str = "player", **kwargs: Any) -> Client:
        ws = await websockets.connect(
            ws_url, compression=None, max_size=2**20, max_queue=None, **kwargs
        )
        return cls(ws, name)

    async def send(self, message: Message | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = TIMEOUT) -> Message:
        async with asyncio.timeout(timeout):
            frame = await self.ws.recv()
        text = frame if isinstance(frame, str) else frame.decode()
        self.frames.append(text)
        message: Message = json.loads(text)
        if message["type"] == "state":
            if "room" not in message:  # unchanged since the last state: the one held
                assert self.state is not None, "a first state without the room"
                message["room"] = self.state["room"]
            self.state = message
        elif message["type"] == "joined":
            self.token, self.seat = message["token"], message["seat"]
        return message

    async def wait_for(
        self, predicate: Callable[[Message], bool], timeout: float = TIMEOUT
    ) -> Message:
        """Read until a message satisfies ``predicate``; earlier ones go to ``inbox``."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.recv(timeout)
                if predicate(message):
                    return message
                self.inbox.append(message)

    async def wait_type(self, kind: str, timeout: float = TIMEOUT) -> Message:
        return await self.wait_for(lambda m: m["type"] == kind, timeout)

    async def error(self, code: str, timeout: float = TIMEOUT) -> Message:
        message = await self.wait_type("error", timeout)
        assert message["code"] == code, message
        return message

    async def join(self, room: str, **fields: Any) -> Message:
        await self.send({"type": "join", "room": room, "name": self.name, **fields})
        joined = await self.wait_type("joined")
        await self.wait_type("state")
        return joined

    async def watch(self, room: str) -> Message:
        await self.send({"type": "watch", "room": room, "name": self.name})
        joined = await self.wait_type("joined")
        await self.wait_type("state")
        return joined

    @property
    def hand(self) -> Message | None:
        match = self.state and self.state.get("match")
        return match.get("hand") if match else None

    def my_turn(self) -> bool:
        """Whether this seat is to act now: a card to play, or in Chiamata a bid, a pass or
        a call to make."""
        hand = self.hand
        if not hand or hand["over"] or hand["turn"] != self.seat:
            return False
        return bool(hand["legal"] or hand.get("phase") in ("auction", "call"))

    async def close(self) -> None:
        await self.ws.close()


async def create_room(base_url: str, **rules: Any) -> Message:
    async with httpx.AsyncClient() as http:
        response = await http.post(f"{base_url}/api/rooms", json=rules)
        response.raise_for_status()
        room: Message = response.json()
        return room
