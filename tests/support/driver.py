"""A whole table of test clients driven one action at a time.

Unlike :mod:`support.play`, where every client plays for itself, a :class:`Driver` makes one
move, waits until every seat has seen it, and writes it down. A test can therefore stop the
server at an exact point of the game, compare what each seat saw with what a new server
shows after the restart, and check at the end that every hand's record holds exactly the
actions the table confirmed.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence

import httpx

from briscola.engine import GAMES, Card, record_game

from .client import Client, Message
from .play import a_legal_move, seat_table

#: Picks the message the seat to move sends (a card to play, or a swap).
Choose = Callable[["Driver", Client], Message]
Stop = Callable[["Driver"], bool]
#: One confirmed action: kind, seat, card ("play" the card played, "swap" the 7 given,
#: "call" the card called; none for a Chiamata "bid" or "pass").
Action = tuple[str, int, str | None]
#: The moves a hand's record lists, and the driver's log with it.
_LOGGED = ("play", "swap", "bid", "pass", "call")


def in_hand(message: Message) -> bool:
    """A state with a hand dealt and not yet over."""
    match = message.get("match") if message["type"] == "state" else None
    return bool(match and match["hand"] and not match["hand"]["over"])


class Driver:
    """Every seat of one table, and the log of the actions the table confirmed, by hand
    (keyed by the hand's commitment, which its record carries too)."""

    def __init__(self, clients: Sequence[Client], room: str, seed: int = 0) -> None:
        self.clients = list(clients)
        self.room = room
        self.rng = random.Random(seed)
        self.log: dict[str, list[Action]] = {}
        self.last: Action | None = None

    @classmethod
    async def seat(cls, ws_url: str, room: str, players: int, seed: int = 0) -> Driver:
        """Seat one client per seat, all ready, and wait until every one sees the deal."""
        driver = cls(await seat_table(ws_url, room, players), room, seed)
        await driver.settle(in_hand)
        return driver

    # ---------------------------------------------------------------- views

    @property
    def state(self) -> Message:
        state = self.clients[0].state
        assert state is not None
        return state

    @property
    def match(self) -> Message:
        match: Message = self.state["match"]
        return match

    @property
    def hand(self) -> Message:
        hand: Message = self.match["hand"]
        return hand

    @property
    def version(self) -> int:
        return max(int(c.state["version"]) for c in self.clients if c.state is not None)

    def views(self) -> list[tuple[Message, list[Message]]]:
        """What each seat sees of the game now: its match view and the hand records."""
        return [(c.state["match"], c.state["records"]) for c in self.clients if c.state]

    async def settle(self, predicate: Callable[[Message], bool]) -> None:
        """Wait until every client's latest message satisfies ``predicate``."""
        for client in self.clients:
            if client.state is None or not predicate(client.state):
                await client.wait_for(predicate)

    # -------------------------------------------------------------- actions

    async def act(self, seat: int, message: Message) -> None:
        """Send ``message`` from ``seat`` and wait until every seat has seen its result."""
        before = self.version
        hand = self.hand
        await self.clients[seat].send(message)
        for client in self.clients:
            reply = await client.wait_for(
                lambda m: m["type"] == "error" or (m["type"] == "state" and m["version"] > before)
            )
            assert reply["type"] == "state", reply
        kind = message["type"]
        if kind in _LOGGED:
            card = message.get("card") or ("7" + hand["trump"] if kind == "swap" else None)
            self.last = (kind, seat, card)
            self.log.setdefault(hand["commitment"], []).append(self.last)

    async def move(self, choose: Choose | None = None) -> None:
        """The seat whose turn it is plays (a random legal card unless ``choose`` says)."""
        seat = self.hand["turn"]
        client = self.clients[seat]
        hand = client.hand
        assert hand is not None and client.my_turn(), hand
        message = choose(self, client) if choose else None
        if message is None:
            message = a_legal_move(hand, self.rng)
        await self.act(seat, message)

    async def next_hand(self) -> None:
        """Between hands everyone says ready; after the match, everyone says play again."""
        kind = "play_again" if self.match["over"] else "ready"
        for client in self.clients:
            await client.send({"type": kind})
        await self.settle(in_hand)

    async def play_until(self, stop: Stop, choose: Choose | None = None) -> None:
        """Move (dealing again as needed) until ``stop`` holds."""
        while not stop(self):
            if self.hand["over"]:
                await self.next_hand()
            else:
                await self.move(choose)

    async def finish_match(self) -> None:
        await self.play_until(lambda d: bool(d.match["over"]))

    # ------------------------------------------------------------- restarts

    async def resume(self, ws_url: str) -> list[Message]:
        """Every seat reconnects to ``ws_url`` with its token; returns the ``state`` each
        got with its ``joined``, and waits until every seat sees all four back."""
        states = []
        old, self.clients = self.clients, []
        for client in old:
            await client.close()
            again = await Client.connect(ws_url, client.name)
            await again.send({"type": "resume", "room": self.room, "token": client.token})
            joined = await again.wait_type("joined")
            assert joined["seat"] == client.seat, joined
            states.append(await again.wait_type("state"))
            self.clients.append(again)
        await self.settle(
            lambda m: m["type"] == "state" and all(s["connected"] for s in m["room"]["seats"])
        )
        return states

    async def close(self) -> None:
        await asyncio.gather(*(client.close() for client in self.clients))

    # -------------------------------------------------------------- records

    async def check_records(self, base_url: str) -> list[Message]:
        """Every finished hand of the match is served by ``base_url``, verifies, and holds
        exactly the actions the table confirmed, in order."""
        records = []
        async with httpx.AsyncClient() as http:
            for ref in self.state["records"]:
                response = await http.get(f"{base_url}/api/hands/{ref['hand_id']}")
                assert response.status_code == 200, ref
                record: Message = response.json()
                GAMES[record_game(record)].verify(record)
                actions = [(a["type"], a["seat"], a.get("card")) for a in record["actions"]]
                assert actions == self.log[record["commitment"]], record["hand_id"]
                records.append(record)
        return records


def steer_to_swap(driver: Driver, client: Client) -> Message:
    """Swap when allowed; otherwise help whoever holds the 7 of trumps win the trick, so
    that a swap comes up soon: they play their strongest card, everyone else their weakest."""
    hand = client.hand
    assert hand is not None
    if hand["can_swap"]:
        return {"type": "swap"}
    trump = hand["trump"]
    seven = "7" + trump
    holder = next((c.seat for c in driver.clients if c.hand and seven in c.hand["hand"]), None)

    def power(code: str) -> int:
        card = Card.from_code(code)
        return (100 if code[1] == trump else 0) + card.strength

    legal = list(hand["legal"])
    if holder is None or hand["face_up"] is None:
        return {"type": "play", "card": driver.rng.choice(legal)}
    if client.seat == holder:
        return {"type": "play", "card": max([c for c in legal if c != seven] or legal, key=power)}
    return {"type": "play", "card": min(legal, key=power)}
