"""Players and spectators that carry on through server failures: each plays a legal card
whenever a state says it is its turn, and when its socket closes it connects again (through
the load balancer) and resumes its seat, or watches again. Each keeps what it saw, for the
checks: no version seen twice with two contents, no acknowledged move lost."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from .client import TIMEOUT, Message
from .play import a_legal_move, match_over

#: How long an agent keeps trying to connect again before the test fails.
RECONNECT_FOR = 60.0
#: The refusals a move sent twice may get (sent again on a state seen again after a
#: failover, when the first one had been made after all), and a ready between hands.
REPEATED = {
    "not_your_turn",
    "card_not_in_hand",
    "hand_over",
    "match_started",
    "no_hand",
    # Chiamata: a speech or a call sent again once it had been made.
    "already_passed",
    "auction_over",
    "no_call_now",
}


@dataclass
class Seen:
    """What one person saw of a table: each version's match (to compare two sightings of
    one version), the cards of their own they saw leave their hand (acknowledged plays), by
    hand commitment, and how many times their socket was closed under them."""

    versions: dict[int, str] = field(default_factory=dict)
    played: dict[str, set[str]] = field(default_factory=dict)
    reconnects: int = 0
    rejoined: int = 0
    last: Message | None = None

    def state(self, message: Message) -> None:
        version, match = message["version"], json.dumps(message["match"], sort_keys=True)
        assert self.versions.setdefault(version, match) == match, f"two states at v{version}"
        previous, self.last = self.last, message
        hand, before = message["match"] and message["match"]["hand"], None
        if previous is not None and previous["match"] and previous["match"]["hand"]:
            before = previous["match"]["hand"]
        if hand and before and hand["commitment"] == before["commitment"]:
            gone = set(before["hand"]) - set(hand["hand"])
            self.played.setdefault(hand["commitment"], set()).update(gone)


class Agent:
    """One seat (``token`` after it joined) or one spectator (``seat`` None) of a table."""

    def __init__(
        self,
        ws_url: str,
        room: str,
        name: str,
        seat: int | None,
        seed: int = 0,
        on_move: Callable[[], None] | None = None,
        gate: asyncio.Event | None = None,
    ) -> None:
        self.ws_url = ws_url
        self.room = room
        self.name = name
        self.seat = seat
        self.token: str | None = None
        #: The table's summary as the last state that carried it showed it.
        self.summary: Message | None = None
        self.rng = random.Random(seed)
        self.seen = Seen()
        self.on_move = on_move or (lambda: None)
        #: Open while the agent may play (a test closes it to hold play up).
        self.gate = gate
        self.joined = asyncio.Event()
        self._ws: websockets.ClientConnection | None = None

    def _hello(self) -> Message:
        if self.seat is None:
            return {"type": "watch", "room": self.room, "name": self.name}
        if self.token is None:
            return {"type": "join", "room": self.room, "name": self.name, "seat": self.seat}
        return {"type": "resume", "room": self.room, "token": self.token}

    async def run(self) -> Message:
        """Play (or watch) until the match is over; returns the last state."""
        while True:
            try:
                async with asyncio.timeout(RECONNECT_FOR):
                    ws = await self._connect()
                self._ws = ws
                async with ws:
                    await ws.send(json.dumps(self._hello()))
                    while True:
                        async with asyncio.timeout(TIMEOUT):
                            message: Message = json.loads(await ws.recv())
                        done = await self._handle(ws, message)
                        if done is not None:
                            return done
            except ConnectionClosed:
                self.seen.reconnects += 1

    def drop(self) -> None:
        """Cut the socket at once (no closing handshake): the agent connects again."""
        if self._ws is not None:
            self._ws.transport.abort()

    async def _connect(self) -> websockets.ClientConnection:
        """Connect, trying again (at once: each try is a real connect that fails fast) while
        the server it was sent to is gone, until the test points it elsewhere or the load
        balancer offers a live one."""
        while True:
            try:
                return await websockets.connect(self.ws_url, compression=None, max_queue=None)
            except (OSError, InvalidHandshake, InvalidStatus):
                continue

    async def _handle(self, ws: websockets.ClientConnection, message: Message) -> Message | None:
        kind = message["type"]
        if kind == "joined":
            if self.joined.is_set():
                self.seen.rejoined += 1
            self.token = message["token"] or self.token
            self.joined.set()
        elif kind == "error":  # a move sent again after a failover, already made
            assert message["code"] in REPEATED, message
        elif kind == "state":
            self.summary = message.setdefault("room", self.summary)
            self.seen.state(message)
            if match_over(message):
                return message
            hand = message["match"] and message["match"]["hand"]
            if self.seat is None:
                return None
            if not hand or hand["over"]:
                seat = message["room"]["seats"][self.seat]
                if not seat["ready"]:
                    await ws.send(json.dumps({"type": "ready"}))
            elif hand["turn"] == self.seat and (hand["legal"] or hand.get("phase") != "play"):
                if self.gate is not None:
                    await self.gate.wait()
                await ws.send(json.dumps(a_legal_move(hand, self.rng)))
                self.on_move()
        return None
