"""Drive test clients through games: each plays a legal card whenever it is its turn."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence

from .client import Client, Message

Stop = Callable[[Message], bool]


def hand_over(state: Message) -> bool:
    match = state.get("match")
    return bool(match and match["hand"] and match["hand"]["over"])


def match_over(state: Message) -> bool:
    match = state.get("match")
    return bool(match and match["over"])


def position(state: Message) -> tuple[int, int, int, int, int, str]:
    """Where the game is: hands dealt, tricks played, cards on the trick, actions of mine,
    and in Chiamata the auction's speeches and the phase."""
    match = state["match"]
    hand = match["hand"]
    return (
        match.get("hands_dealt", match.get("dealt")),
        hand["tricks_played"],
        len(hand["trick"]["cards"]),
        len(hand["hand"]),
        len(hand.get("auction", ())),
        hand.get("phase", ""),
    )


def a_legal_move(hand: Message, rng: random.Random) -> Message:
    """A random legal message of the seat to act, in any game: a card to play; in
    Chiamata's auction a pass or one of the lowest bids it may make (so that contracts are
    both made and lost), in its call a card it may call."""
    phase = hand.get("phase")
    if phase == "auction":
        bids = hand["bids"]
        offers: list[Message] = [{"type": "bid", "rank": rank} for rank in bids["ranks"][:3]]
        if bids["targets"] is not None:
            low = bids["targets"][0]
            rank = {"rank": "2"} if hand["high"] is not None and hand["high"]["rank"] else {}
            offers.append({"type": "bid", "target": low, **rank})
        if offers and rng.random() < 0.45:
            return rng.choice(offers)
        return {"type": "pass"}
    if phase == "call":
        return {"type": "call", "card": rng.choice(hand["calls"])}
    return {"type": "play", "card": rng.choice(hand["legal"])}


async def autoplay(
    client: Client,
    stop: Stop,
    rng: random.Random | None = None,
    choose: Callable[[Client], Message | None] | None = None,
) -> Message:
    """Play until a state satisfies ``stop``; return that state.

    ``choose`` may pick the message to send on this client's turn (default: a random legal
    card). A client never acts twice at the same position of the game.
    """
    rng = rng or random.Random(0)
    acted_at: tuple[int, int, int, int] | None = None
    state = client.state
    while True:
        if state is not None:
            if stop(state):
                return state
            if client.my_turn() and position(state) != acted_at:
                hand = client.hand
                assert hand is not None
                message = choose(client) if choose else None
                if message is None:
                    message = a_legal_move(hand, rng)
                acted_at = position(state)
                await client.send(message)
        state = await client.wait_type("state")


async def play_all(clients: Sequence[Client], stop: Stop, seed: int = 0) -> list[Message]:
    """Every client plays until each has seen a state satisfying ``stop``."""
    return list(
        await asyncio.gather(
            *(autoplay(c, stop, random.Random(seed * 10 + i)) for i, c in enumerate(clients))
        )
    )


async def seat_table(
    ws_url: str, room: str, players: int, names: Sequence[str] | None = None
) -> list[Client]:
    """Connect one client per seat, in seat order, and have each say ready."""
    names = names or [f"P{i}" for i in range(players)]
    clients = []
    for seat in range(players):
        client = await Client.connect(ws_url, names[seat])
        await client.join(room, seat=seat)
        clients.append(client)
    for client in clients:
        await client.send({"type": "ready"})
    return clients


async def ready_all(clients: Sequence[Client]) -> None:
    for client in clients:
        await client.send({"type": "ready"})


def hand_done(after: str | None = None) -> Callable[[Message], bool]:
    """A stop condition: a hand other than ``after`` (a hand's id) is over."""

    def stop(state: Message) -> bool:
        match = state["match"]
        return bool(match and match["hand"]["over"] and state["hand_id"] != after)

    return stop


async def play_to_the_end(clients: list[Client]) -> Message:
    """Play hands until the match is over (a drawn hand is played again, even in a single-hand
    match; a Chiamata deal everyone passed is dealt again); return the last state every seat
    saw."""
    finished: str | None = None
    hands = 0
    while True:
        hands += 1
        states = await play_all(clients, hand_done(finished), seed=hands)
        match = states[0]["match"]
        assert all(s["match"]["hand"]["points"] == match["hand"]["points"] for s in states)
        if match["over"]:
            return states[0]
        finished = states[0]["hand_id"]
        await ready_all(clients)
