"""Hidden information: every frame sent to every seat and spectator over many random games
is scanned for a card its recipient may not see, and for points or a seed mid-hand."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from briscola.engine import (
    ActionType,
    Card,
    GameName,
    HandRules,
    HandState,
    PartnerComm,
    PlayCard,
    Rank,
    Resign,
    StockShown,
    SwapSeven,
    apply,
    seed_from_hex,
    start_hand,
)
from briscola.engine.chiamata import Bid, Call, ChiamataRules, DealState, Pass, start_deal
from briscola.engine.chiamata import apply as chiamata_apply
from support.client import Client, Message, create_room
from support.play import play_all
from support.servers import InProcessServer

CARD = re.compile(r'"([A2-7JNK][DCSB])"')


def replay(record: dict[str, Any]) -> list[HandState]:
    """Every state of a hand from its record, by the rules: the truth frames are checked by."""
    options = record["rules"]
    rules = HandRules(
        record["players"],
        options["swap_seven"],
        GameName(options.get("game", "classic")),
        StockShown(options.get("stock", "all")),
        PartnerComm(options.get("partner_comm", "none")),
        options.get("signal_catch", 25),
    )
    state = start_hand(rules, record["dealer"], seed_from_hex(record["seed"]))
    states = [state]
    for entry in record["actions"]:
        seat, kind = entry["seat"], ActionType(entry["type"])
        if kind is ActionType.PLAY:
            state = apply(state, PlayCard(seat, Card.from_code(entry["card"])))
        elif kind is ActionType.SWAP:
            state = apply(state, SwapSeven(seat))
        else:
            state = apply(state, Resign(seat))
        states.append(state)
    return states


def truth_for(states: list[HandState], hand: Message) -> tuple[HandState, set[str]]:
    """The true state a frame shows, and every card played up to it."""
    plays = hand["tricks_played"] * states[0].players + len(hand["trick"]["cards"])
    seven = Card.of(Rank.SEVEN, states[0].trump)
    swapped = hand["face_up"] == seven.code and states[0].face_up is not seven
    for state in states:
        played = sum(len(t.cards) for t in state.tricks) + len(state.trick)
        has_swap = any(a.type is ActionType.SWAP for a in state.log)
        if played == plays and has_swap == swapped and state.over == hand["over"]:
            cards = {c.code for t in state.tricks for c in t.cards} | {c.code for c in state.trick}
            return state, cards
    raise AssertionError(f"no state of the hand matches the frame {hand}")


def allowed(state: HandState, played: set[str], seat: int | None) -> set[str]:
    """What a viewer may see, decided here independently of the server's projection: cards
    played, the face-up trump while it lies, public cards in hands, and its own hand; in
    Scoperta every hand and the stock as the table shows it; at an open table, once the
    stock is out, its partners' hands."""
    rules = state.rules
    visible = played | {c.code for c in state.public}
    if state.face_up is not None:
        visible.add(state.face_up.code)
    if seat is not None:
        visible |= {c.code for c in state.hands[seat]}
    if rules.game is GameName.SCOPERTA:
        visible |= {c.code for hand in state.hands for c in hand}
        shown = {StockShown.ALL: len(state.stock), StockShown.TOP: 1, StockShown.NONE: 0}
        visible |= {c.code for c in state.stock[: shown[rules.stock]]}
    if seat is not None and rules.partner_comm is PartnerComm.OPEN and not state.stock:
        n = rules.players
        visible |= {c.code for s in range(seat % 2, n, 2) for c in state.hands[s]}
    return visible


def check_frame(frame: str, seat: int | None, records: dict[str, list[HandState]]) -> bool:
    """Assert a frame shows its recipient nothing it may not see; True if it showed a hand."""
    message = json.loads(frame)
    cards = set(CARD.findall(frame))
    match = message.get("match") if message["type"] == "state" else None
    if match is None or match["hand"] is None:
        assert not cards, f"a {message['type']} frame names cards: {frame}"
        return False
    hand = match["hand"]
    state, played = truth_for(records[message["hand_id"]], hand)
    leaked = cards - allowed(state, played, seat)
    assert not leaked, f"seat {seat} was sent {leaked}: {frame}"
    mine = sorted(c.code for c in state.hands[seat]) if seat is not None else []
    assert sorted(hand["hand"]) == mine
    if not hand["over"]:
        assert hand["points"] is None and hand["seed"] is None and hand["result"] is None
    return True


#: The states of a finished hand from its record; a frame's check against them.
Truth = Callable[[dict[str, Any]], list[Any]]
Check = Callable[[str, int | None, dict[str, list[Any]]], bool]


def chiamata_states(record: dict[str, Any]) -> list[DealState]:
    """Every state of a Chiamata deal from its record, by the rules (its actions in order)."""
    options = record["rules"]
    rules = ChiamataRules(
        options["auction"], options["self_call"], options["cappotto"], options["deals"]
    )
    state = start_deal(rules, record["dealer"], seed_from_hex(record["seed"]))
    states = [state]
    moves: dict[str, Callable[[dict[str, Any]], Any]] = {
        "bid": lambda e: Bid(e["seat"], e.get("rank") and Rank.from_code(e["rank"]), e["target"]),
        "pass": lambda e: Pass(e["seat"]),
        "call": lambda e: Call(e["seat"], Card.from_code(e["card"])),
        "play": lambda e: PlayCard(e["seat"], Card.from_code(e["card"])),
        "resign": lambda e: Resign(e["seat"]),
    }
    for entry in record["actions"]:
        state = chiamata_apply(state, moves[entry["type"]](entry))
        states.append(state)
    return states


def check_chiamata_frame(frame: str, seat: int | None, records: dict[str, list[Any]]) -> bool:
    """A Chiamata frame shows its recipient its own cards, the cards played and the called
    card, and nothing that marks the holder of the called card before it is played, but on
    the holder's own page; True if it showed a deal."""
    message = json.loads(frame)
    match = message.get("match") if message["type"] == "state" else None
    if match is None or match["hand"] is None:
        assert not CARD.findall(frame), f"a {message['type']} frame names cards: {frame}"
        return False
    view = match["hand"]
    plays = view["tricks_played"] * 5 + len(view["trick"]["cards"])
    step = (
        len(view["auction"]) + (view["called"] is not None) + plays + (view["resigned"] is not None)
    )
    state: DealState = records[message["hand_id"]][step]
    if view["over"]:
        return True
    calls = view.pop("calls")
    assert not calls or seat == state.caller
    visible = {c.code for t in state.tricks for c in t.cards} | {c.code for c in state.trick}
    if seat is not None:
        visible |= {c.code for c in state.hands[seat]}
    if state.called is not None:
        visible.add(state.called.code)
    leaked = set(CARD.findall(json.dumps(message))) - visible
    assert not leaked, f"seat {seat} was sent {leaked}: {frame}"
    if not state.revealed:
        assert view["holder"] is None and view["alone"] is None
        assert view["partner"] is (seat is not None and seat == state.partner)
    assert view["points"] is None and view["seed"] is None and view["hands"] is None
    return True


async def play_games(
    server: InProcessServer,
    players: int,
    swap: bool,
    games: int,
    truth: Truth = replay,
    check: Check = check_frame,
    **rules: Any,
) -> None:
    """Play ``games`` random hands with every seat a client and two spectators, then scan
    every frame with ``check`` against the hands' states as ``truth`` rebuilds them from
    their records."""
    if not rules:
        rules = {"best_of": 5}
    room = await create_room(server.url, players=players, swap_seven=swap, **rules)
    clients = [await Client.connect(server.ws_url, f"P{i}") for i in range(players)]
    for seat, client in enumerate(clients):
        await client.join(room["id"], seat=seat)
    spectators = [await Client.connect(server.ws_url, f"S{i}") for i in range(2)]
    for spectator in spectators:
        await spectator.watch(room["id"])
    everyone = [*clients, *spectators]
    for client in clients:
        await client.send({"type": "ready"})
    for game in range(games):
        seen = {c.state["hand_id"] for c in everyone if c.state and c.state["hand_id"]}

        def done(state: Message, seen: set[str] = seen) -> bool:
            match = state["match"]
            return bool(match and match["hand"]["over"] and state["hand_id"] not in seen)

        states = await play_all(everyone, done, seed=game * players + 1)
        over = states[0]["match"]["over"]
        for client in clients:
            await client.send({"type": "play_again" if over else "ready"})

    hand_ids = {
        json.loads(f).get("hand_id") for c in everyone for f in c.frames if '"state"' in f
    } - {None}
    async with httpx.AsyncClient() as http:
        records = {
            hand_id: truth((await http.get(f"{server.url}/api/hands/{hand_id}")).json())
            for hand_id in hand_ids
            if (await http.get(f"{server.url}/api/hands/{hand_id}")).status_code == 200
        }
    assert len(records) >= games
    shown = sum(
        check(frame, c.seat, records)
        for c in everyone
        for frame in c.frames
        if json.loads(frame).get("hand_id") in records or '"state"' not in frame
    )
    assert shown > games * 10 * len(everyone)
    for client in everyone:
        await client.close()


@pytest.mark.parametrize(
    ("players", "swap"), [(2, True), (3, True), (4, True), (4, False), (6, True)]
)
async def test_no_frame_shows_a_hidden_card(
    server: InProcessServer, players: int, swap: bool
) -> None:
    """Over several random games, no seat or spectator is ever sent a card it may not see."""
    await play_games(server, players, swap, games=6)


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (2, {"game": "scoperta", "stock": "top", "best_of": 5}),
        (2, {"game": "scoperta", "stock": "none", "best_of": 5}),
        (4, {"partner_comm": "open", "deals": 6}),
        (6, {"partner_comm": "open"}),
    ],
)
async def test_no_frame_of_the_new_games_shows_a_hidden_card(
    server: InProcessServer, players: int, rules: dict[str, Any]
) -> None:
    """Scoperta shows the hands and no more of the stock than chosen; an open table shows a
    seat its partners' hands only once the stock is out, never an opponent's."""
    await play_games(server, players, True, games=5, **rules)


@pytest.mark.parametrize("rules", [{}, {"auction": "points", "self_call": False}])
async def test_no_chiamata_frame_shows_a_hidden_card_or_marks_the_partner(
    server: InProcessServer, rules: dict[str, Any]
) -> None:
    """Five players and two spectators over real websockets through many Chiamata deals:
    nobody is sent a card of another's hand, and nothing says who holds the called card
    until it is played, but to its holder."""
    await play_games(
        server,
        5,
        False,
        games=8,
        truth=chiamata_states,
        check=check_chiamata_frame,
        game="chiamata",
        **rules,
    )
