"""Briscola Chiamata at a table, sans I/O: the auction, the call and the play through the
room session's commands; every command out of phase or out of turn answered with its code;
no chat for the seated while a deal is played; and the secrecy of the partner in every
frame — each frame of many random deals holds only what its recipient may know, and moving
the called card between two other seats leaves a player's and a spectator's frames byte for
byte the same until the card falls."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from briscola.engine import GAMES, Card, GameName, PlayCard, record_game
from briscola.engine.chiamata import CHIAMATA, Bid, Call, ChiamataMatch, Pass
from briscola.table.core import Table
from briscola.table.session import Outcome, RoomSession
from briscola.wire.commands import (
    BidCmd,
    CallCmd,
    Chat,
    Command,
    Join,
    PassCmd,
    Play,
    Ready,
    SignalCmd,
    Swap,
    Watch,
)
from briscola.wire.errors import Code
from briscola.wire.table_rules import TableRules

SPECTATOR = 99
SEATS = range(5)
CARD = re.compile(r"^[A234567JNK][DCSB]$")


def seated(source: int, game: Any = None, **rules: Any) -> RoomSession:
    """Five people in seats 0-4 (connection ``i`` in seat ``i``), a spectator, all ready: the
    first deal is on, dealt from the entropy of ``source`` (by ``game`` when given)."""
    table = Table(
        "room",
        TableRules(game="chiamata", players=5, **rules),
        entropy=random.Random(source).randbytes,
        now=0.0,
        bot_delay=0.0,
        pause=15.0,
    )
    if game is not None:
        table.game = game
    room = RoomSession(table)
    for conn in SEATS:
        room.handle(conn, Join("room", f"Player {conn}", seat=conn), 0.0)
    room.handle(SPECTATOR, Watch("room", "Watcher"), 0.0)
    for conn in SEATS:
        room.handle(conn, Ready(), 0.0)
    return room


def match_of(room: RoomSession) -> ChiamataMatch:
    match = room.table.match
    assert isinstance(match, ChiamataMatch)
    return match


def command_of(action: Bid | Pass | Call | PlayCard) -> Command:
    """The wire command a client sends for an engine's action."""
    if isinstance(action, Bid):
        return BidCmd(None if action.rank is None else action.rank.code, action.target)
    if isinstance(action, Pass):
        return PassCmd()
    if isinstance(action, Call):
        return CallCmd(action.card.code)
    return Play(action.card.code)


def a_move(room: RoomSession, rng: random.Random) -> tuple[int, Command] | None:
    """A random legal command of the seat to act (low bids likelier, so that contracts are
    made and lost both), or None when no deal is being played."""
    match = match_of(room)
    seat = CHIAMATA.turn(match)
    if seat is None or match.over or match.hand is None or match.hand.over:
        return None
    legal = CHIAMATA.legal(match, seat)
    speech = [a for a in legal if isinstance(a, Bid | Pass)]
    if speech:
        passes = [a for a in speech if isinstance(a, Pass)]
        bids = sorted((a for a in speech if isinstance(a, Bid)), key=lambda b: b.target)
        choice = (
            passes[0]
            if (not bids or rng.random() < 0.55)
            else bids[rng.randrange(min(3, len(bids)))]
        )
        return seat, command_of(choice)
    return seat, command_of(rng.choice(legal))


def strings(value: Any) -> Iterator[str]:
    """Every string in a decoded JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def check_frame(room: RoomSession, viewer: int | None, text: str) -> None:
    """What a state may hold for ``viewer`` at this moment of the deal: its own cards, the
    cards played, the called card; nothing that marks the holder of the called card until
    it is played, but on the holder's own page; everything once the deal is over."""
    message = json.loads(text)
    if message["type"] != "state" or message["match"] is None:
        return
    view = message["match"]["hand"]
    deal = match_of(room).hand
    assert deal is not None and view is not None
    if deal.over:
        return
    allowed = {card.code for trick in deal.tricks for card in trick.cards}
    allowed |= {card.code for card in deal.trick}
    if viewer is not None:
        allowed |= {card.code for card in deal.hands[viewer]}
    if deal.called is not None:
        allowed.add(deal.called.code)
    # The cards a caller may call name a rank's four cards, or all but its own: nothing of
    # where they lie (nobody else is offered any).
    calls = view.pop("calls")
    assert not calls or (viewer is not None and viewer == deal.caller)
    cards = {s for s in strings(message) if CARD.match(s)}
    assert cards <= allowed, (viewer, cards - allowed)
    if not deal.revealed:
        assert view["holder"] is None and view["alone"] is None
        holder = deal.partner
        assert view["partner"] is (viewer is not None and viewer == holder)


@pytest.mark.parametrize(
    ("matches", "rules"),
    [
        (40, {}),
        (30, {"auction": "points", "self_call": False, "deals": 10}),
        (30, {"cappotto": False}),
    ],
)
def test_random_matches_keep_every_frame_to_what_its_recipient_may_know(
    matches: int, rules: dict[str, Any]
) -> None:
    """Random matches played through the session's commands (no command refused), every
    frame to every seat and the spectator checked at every step, every deal's record
    verified (a void one too); over the three cases more than a thousand deals."""
    deals = frames = 0
    results: set[str] = set()
    for number in range(matches):
        rng = random.Random(number)
        room = seated(number, **rules)
        now = 1.0
        while not match_of(room).over:
            move = a_move(room, rng)
            if move is None:
                outcome = room.tick(now + 60.0)
                now += 60.0
            else:
                outcome = room.handle(*move, now)
                assert not outcome.refused, outcome.frames
            for conn, text in outcome.frames:
                check_frame(room, None if conn == SPECTATOR else conn, text)
                frames += 1
            for finished in outcome.finished:
                record = finished.record
                GAMES[record_game(record)].verify(record)
                results.add(record["result"])
                deals += 1
            now += 0.5
    assert deals >= {40: 200, 30: 150}[matches] and frames > 100 * deals
    assert {"caller", "defenders"} <= results


@dataclass
class Swapped:
    """The game with two cards swapped between their holders at every deal: the twin of a
    table whose called card lies in another seat (a test's game, not a fair one)."""

    game: Any
    cards: tuple[Card, Card]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def deal(self, match: ChiamataMatch, seed: bytes) -> ChiamataMatch:
        dealt = self.game.deal(match, seed)
        a, b = self.cards
        swap = {a: b, b: a}
        hands = tuple(tuple(swap.get(card, card) for card in hand) for hand in dealt.hand.hands)
        return replace(dealt, hand=replace(dealt.hand, hands=hands))


def run(room: RoomSession, commands: Sequence[tuple[int, Command]]) -> list[Outcome]:
    return [room.handle(seat, command, 1.0 + step) for step, (seat, command) in enumerate(commands)]


def test_moving_the_called_card_between_two_other_seats_changes_no_byte_a_player_sees() -> None:
    """For many deals: play one to its call and on until the called card would be played,
    then replay the same commands at two tables, the second dealt with the called card
    swapped for a card of another seat (neither the caller's nor its holder's): every frame
    to each seat that is none of those three, and to the spectator, is byte for byte the
    same."""
    compared = 0
    for number in range(60):
        rng = random.Random(1000 + number)
        first = seated(number)
        commands: list[tuple[int, Command]] = []
        deal = match_of(first).hand
        while deal is not None and deal.called is None and not deal.over:
            move = a_move(first, rng)
            assert move is not None
            commands.append(move)
            first.handle(*move, 1.0)
            deal = match_of(first).hand
        assert deal is not None
        if deal.called is None or deal.partner is None or deal.partner == deal.caller:
            continue  # a void deal, or a self-call: no other seat holds the card
        holder, caller, called = deal.partner, deal.caller, deal.called
        other = rng.choice([s for s in SEATS if s not in (holder, caller)])
        moved = (called, rng.choice(deal.hands[other]))
        while (move := a_move(first, rng)) is not None:
            command = move[1]
            if isinstance(command, Play) and Card.from_code(command.card) in moved:
                break
            commands.append(move)
            first.handle(*move, 1.0)
        plain, twin = seated(number), seated(number, Swapped(CHIAMATA, moved))
        assert called in match_of(twin).hand.hands[other]  # type: ignore[union-attr]
        watchers = [s for s in SEATS if s not in (holder, other, caller)] + [SPECTATOR]
        for a, b in zip(run(plain, commands), run(twin, commands), strict=True):
            assert not a.refused and not b.refused
            for conn in watchers:
                mine = [text for to, text in a.frames if to == conn]
                assert mine == [text for to, text in b.frames if to == conn]
                compared += len(mine)
    assert compared > 2000


def refusal(outcome: Outcome, conn: int) -> str:
    """The code of the one error the connection was sent."""
    [error] = [json.loads(text) for to, text in outcome.frames if to == conn]
    assert error["type"] == "error"
    return str(error["code"])


def test_every_command_out_of_phase_or_turn_is_refused_with_its_code() -> None:
    room = seated(3)
    match = match_of(room)
    deal = match.hand
    assert deal is not None
    eldest = deal.turn
    assert eldest is not None
    after = (eldest + 1) % 5
    some_card = deal.hands[eldest][0].code
    assert refusal(room.handle(after, PassCmd(), 1.0), after) == Code.NOT_YOUR_TURN
    assert refusal(room.handle(eldest, Play(some_card), 1.0), eldest) == Code.PLAY_NOT_STARTED
    assert refusal(room.handle(eldest, CallCmd(some_card), 1.0), eldest) == Code.NO_CALL_NOW
    assert refusal(room.handle(eldest, BidCmd("X"), 1.0), eldest) == Code.BAD_BID
    assert refusal(room.handle(eldest, BidCmd(None, 70), 1.0), eldest) == Code.BAD_BID
    assert refusal(room.handle(eldest, BidCmd("2", 70), 1.0), eldest) == Code.BAD_BID
    assert refusal(room.handle(eldest, Swap(), 1.0), eldest) == Code.NOT_THIS_GAME
    assert refusal(room.handle(eldest, SignalCmd("carico"), 1.0), eldest) == Code.NOT_THIS_GAME
    chat = room.handle(eldest, Chat("I have the ace"), 1.0)
    assert refusal(chat, eldest) == Code.SIGNALS_FORBIDDEN
    watched = room.handle(SPECTATOR, Chat("nice"), 1.0)
    assert [to for to, _ in watched.frames] == [SPECTATOR]  # spectators' own channel
    assert not room.handle(eldest, BidCmd("K"), 1.0).refused
    assert refusal(room.handle(after, BidCmd("A"), 1.0), after) == Code.BID_TOO_LOW
    assert not room.handle(after, PassCmd(), 1.0).refused
    nxt = (after + 1) % 5
    assert refusal(room.handle(after, BidCmd("2"), 1.0), after) == Code.ALREADY_PASSED
    for seat in (nxt, (nxt + 1) % 5, (nxt + 2) % 5):
        assert not room.handle(seat, PassCmd(), 1.0).refused
    deal = match_of(room).hand
    assert deal is not None and deal.caller == eldest and deal.turn == eldest
    assert refusal(room.handle(after, CallCmd("KB"), 1.0), after) == Code.NOT_CALLER
    assert refusal(room.handle(eldest, BidCmd("2"), 1.0), eldest) == Code.AUCTION_OVER
    assert refusal(room.handle(eldest, CallCmd("AB"), 1.0), eldest) == Code.CALL_NOT_ALLOWED
    assert not room.handle(eldest, CallCmd("KB"), 1.0).refused
    assert refusal(room.handle(eldest, CallCmd("KC"), 1.0), eldest) == Code.NO_CALL_NOW
    assert refusal(room.handle(eldest, PassCmd(), 1.0), eldest) == Code.AUCTION_OVER


def test_a_classic_table_refuses_the_auction_s_commands() -> None:
    table = Table(
        "room", TableRules(players=2), entropy=random.Random(1).randbytes, now=0.0, pause=15.0
    )
    room = RoomSession(table)
    for conn in (0, 1):
        room.handle(conn, Join("room", f"Player {conn}", seat=conn), 0.0)
    for conn in (0, 1):
        room.handle(conn, Ready(), 0.0)
    for command in (BidCmd("K"), PassCmd(), CallCmd("KB")):
        assert refusal(room.handle(0, command, 1.0), 0) == Code.NOT_THIS_GAME


@pytest.mark.parametrize(
    "rules",
    [
        {"players": 5},
        {"game": "chiamata", "players": 4},
        {"game": "chiamata", "players": 5, "swap_seven": True},
        {"game": "chiamata", "players": 5, "best_of": 3},
        {"game": "chiamata", "players": 5, "deals": 7},
        {"game": "chiamata", "players": 5, "partner_comm": "signals"},
        {"players": 4, "auction": "points"},
        {"players": 2, "self_call": False},
    ],
)
def test_rules_that_are_not_a_chiamata_table_are_refused(rules: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        TableRules(**rules)


def test_a_chiamata_match_of_ten_deals_is_the_engine_s() -> None:
    rules = TableRules(game="chiamata", players=5, auction="points", deals=10, cappotto=False)
    assert rules.match_rules == CHIAMATA.new_match(rules.match_rules, bytes(32)).rules
    assert (rules.match_rules.deals, rules.match_rules.auction.value) == (10, "points")
    assert GameName(rules.game) is GameName.CHIAMATA
