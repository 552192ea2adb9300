"""An independent model of docs/RULES.md and docs/FAIRPLAY.md, for checking the engine against.

Written from the two documents, not from the engine: it imports nothing from ``briscola``,
works in card codes (strings), ranks cards by the strength string ``"A3KNJ76542"``, finds a
trick's winner by the set rule ("the highest trump, else the highest card of the suit led")
rather than by a running comparison, and keeps its own hands, stock and knowledge of who may
see which card.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator

RANKS = "A234567JNK"  # canonical order (docs/FAIRPLAY.md step 3)
SUITS = "DCSB"  # coins, cups, swords, clubs
STRENGTH = "A3KNJ76542"  # highest first (docs/RULES.md)
POINTS = {"A": 11, "3": 10, "K": 4, "N": 3, "J": 2}
ABOVE_SEVEN = "A3KNJ"
ALL_CODES = tuple(rank + suit for suit in SUITS for rank in RANKS)
TRICKS = {2: 20, 3: 13, 4: 10}


def points(code: str) -> int:
    return POINTS.get(code[0], 0)


def trick_winner(cards: list[str], trump: str) -> int:
    """Position of the winning card: the highest trump, or else the highest of the suit led."""
    trumps = [i for i, card in enumerate(cards) if card[1] == trump]
    led = [i for i, card in enumerate(cards) if card[1] == cards[0][1]]
    return min(trumps or led, key=lambda i: STRENGTH.index(cards[i][0]))


def side(seat: int, players: int) -> int:
    return seat % 2 if players == 4 else seat


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def stream(seed: bytes) -> Iterator[int]:
    k = 0
    while True:
        yield from struct.unpack(">4Q", hashlib.sha256(seed + struct.pack(">Q", k)).digest())
        k += 1


def shuffle(seed: bytes, players: int) -> list[str]:
    """docs/FAIRPLAY.md steps 3-5, as card codes, top first."""
    deck = [code for code in ALL_CODES if players != 3 or code != "2D"]
    numbers = stream(seed)
    for i in range(len(deck) - 1, 0, -1):
        m = i + 1
        limit = 2**64 - 2**64 % m
        u = next(numbers)
        while u >= limit:
            u = next(numbers)
        deck[i], deck[u % m] = deck[u % m], deck[i]
    return deck


def hand_winner(scores: list[int], players: int) -> str:
    """The record's ``result`` for these scores per side."""
    if players == 3:
        best = max(scores)
        top = [s for s, score in enumerate(scores) if score == best]
        return str(top[0]) if len(top) == 1 else "draw"
    if scores[0] == scores[1]:
        return "draw"
    return "0" if scores[0] > scores[1] else "1"


class Table:
    """One hand played by the rules, in codes. Actions: ("play", code), ("swap",), ("resign",)."""

    def __init__(self, players: int, swap_seven: bool, dealer: int, seed: bytes) -> None:
        self.players, self.swap_seven, self.dealer = players, swap_seven, dealer
        self.deck = shuffle(seed, players)
        order = [(dealer + 1 + k) % players for k in range(players)]
        self.hands: dict[int, list[str]] = {seat: [] for seat in range(players)}
        position = 0
        for _ in range(3):
            for seat in order:
                self.hands[seat].append(self.deck[position])
                position += 1
        self.face_up: str | None = self.deck[position]  # None once drawn
        self.trump = self.deck[position][1]
        self.stock = self.deck[position + 1 :]  # face down, drawn from the front
        self.to_play: int | None = order[0]
        self.leader = order[0]
        self.trick: list[str] = []
        self.tricks: list[tuple[int, list[str], int]] = []
        self.won: list[list[str]] = [[] for _ in range(2 if players == 4 else players)]
        self.public: set[str] = set()  # cards in hands that everyone saw go there
        self.played: set[str] = set()
        self.face_up_taker: int | None = None
        self.last_draw_order: list[int] = []
        self.resigned: int | None = None
        self.log: list[tuple[int, tuple[str, ...]]] = []
        self.swaps: list[tuple[int, str, str, int]] = []  # seat, seven, took, tricks before

    @property
    def over(self) -> bool:
        return self.resigned is not None or len(self.tricks) == TRICKS[self.players]

    def may_swap(self, seat: int) -> bool:
        return (
            self.swap_seven
            and not self.over
            and bool(self.tricks)
            and not self.trick
            and seat == self.tricks[-1][2]
            and self.face_up is not None
            and self.face_up[0] in ABOVE_SEVEN
            and "7" + self.trump in self.hands[seat]
        )

    def options(self, seat: int) -> list[tuple[str, ...]]:
        """Everything ``seat`` may do now but resign, in a fixed order."""
        if self.over or seat != self.to_play:
            return []
        moves = [("play", card) for card in sorted(self.hands[seat])]
        if self.may_swap(seat):
            moves.append(("swap",))
        return moves

    def act(self, seat: int, move: tuple[str, ...]) -> None:
        assert not self.over
        self.log.append((seat, move))
        if move[0] == "resign":
            self.resigned = seat
            self.to_play = None
            return
        assert seat == self.to_play, (seat, self.to_play)
        if move[0] == "swap":
            assert self.may_swap(seat) and self.face_up is not None
            seven = "7" + self.trump
            hand = self.hands[seat]
            hand[hand.index(seven)] = self.face_up
            self.public.add(self.face_up)
            self.swaps.append((seat, seven, self.face_up, len(self.tricks)))
            self.face_up = seven
            return
        card = move[1]
        self.hands[seat].remove(card)
        self.public.discard(card)
        self.played.add(card)
        self.trick.append(card)
        if len(self.trick) < self.players:
            self.to_play = (seat + 1) % self.players
            return
        winner = (self.leader + trick_winner(self.trick, self.trump)) % self.players
        self.tricks.append((self.leader, self.trick, winner))
        self.won[side(winner, self.players)].extend(self.trick)
        self.trick = []
        self.leader = self.to_play = winner
        if self.face_up is not None:
            self.last_draw_order = [(winner + k) % self.players for k in range(self.players)]
            for drawer in self.last_draw_order:
                if self.stock:
                    self.hands[drawer].append(self.stock.pop(0))
                else:
                    assert self.face_up is not None, "more drawers than cards"
                    self.hands[drawer].append(self.face_up)
                    self.public.add(self.face_up)
                    self.face_up_taker = drawer
                    self.face_up = None
        if self.over:
            self.to_play = None

    def scores(self) -> list[int]:
        return [sum(points(card) for card in pile) for pile in self.won]

    def result(self) -> str:
        scores = self.scores()
        if self.resigned is None:
            return hand_winner(scores, self.players)
        loser = side(self.resigned, self.players)
        others = [s for s in range(len(scores)) if s != loser]
        best = max(scores[s] for s in others)
        top = [s for s in others if scores[s] == best]
        return str(top[0]) if len(top) == 1 else "draw"

    def visible_to(self, viewer: int | None) -> set[str]:
        """The card codes ``viewer`` (a seat, or None for a spectator) may know now."""
        allowed = self.played | self.public
        if viewer is not None:
            allowed |= set(self.hands[viewer])
        if self.face_up is not None:
            allowed.add(self.face_up)
        return allowed
