"""Sampled deals put every card where it can be, and only there."""

from __future__ import annotations

import random

import pytest

from briscola.bots import make_bot, sim
from briscola.bots.deals import knowledge, sample
from briscola.bots.memory import Memory
from briscola.engine import HandState
from support.hands import Decision, play_hand


def bits_of(state: HandState, seat: int) -> int:
    return sim.bits([card.index for card in state.hands[seat]])


def decisions_with_memories(players: int, hands: int) -> list[tuple[Decision, Memory]]:
    """Every decision of some normal-bot hands (swap on), with its seat's memory then."""
    found = []
    for number in range(hands):
        seed = random.Random(f"deals/{players}/{number}").randbytes(32)
        _, decisions = play_hand(
            [make_bot("normal", s) for s in range(players)], seed, number % players
        )
        memories = [Memory(seat) for seat in range(players)]
        for decision in decisions:
            seat = decision.seen.seat
            assert seat is not None
            memories[seat] = memories[seat].seen(decision.seen)
            found.append((decision, memories[seat]))
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_samples_keep_every_known_card_in_its_place(players: int) -> None:
    """In deals sampled at every decision of 12 hands: the seat's own hand is exactly its
    real one, every public card stays with its seat, the face-up card stays last in the
    stock, every hand and the stock have their real sizes, no card seen played or on the
    table is dealt again, and the real hidden cards were among those the seat could not
    place."""
    rng = random.Random(players)
    for decision, memory in decisions_with_memories(players, 12):
        state, seen = decision.state, decision.seen
        seat = seen.seat
        assert seat is not None
        known = knowledge(seen, memory)
        truth = {card.index for hand in state.hands for card in hand} | {
            card.index for card in state.stock
        }
        assert set(known.unseen) <= truth
        for _ in range(3):
            deal = sample(known, rng)
            assert deal.hands[seat] == bits_of(state, seat)
            for other in range(players):
                assert deal.hands[other].bit_count() == len(state.hands[other])
                public = sim.bits(
                    [card.index for card in state.hands[other] if card in state.public]
                )
                assert deal.hands[other] & public == public
            face_up = state.stock[-1].index if state.stock else -1
            assert deal.face_up == face_up
            assert len(deal.stock) + (face_up >= 0) == len(state.stock)
            dealt = [c for h in deal.hands for c in sim.cards_of(h)] + list(deal.stock)
            assert len(dealt) == len(set(dealt))
            assert not set(dealt) & (memory.played | set(deal.trick))


def test_the_face_up_card_goes_to_the_seat_that_draws_last() -> None:
    """Played out, each sampled deal hands the face-up card to the seat just before the
    winner of the trick that empties the stock, in 2, 3, 4 and 6 players."""
    rng = random.Random(9)
    checked = 0
    for players in (2, 3, 4, 6):
        for decision, memory in decisions_with_memories(players, 2)[::5]:
            known = knowledge(decision.seen, memory)
            if known.face_up < 0:
                continue
            deal = sample(known, rng)
            face_up = deal.face_up
            while deal.face_up >= 0:
                sim.play(deal, sim.cards_of(deal.hands[deal.turn])[0])
            taker = (deal.leader - 1) % players
            assert deal.hands[taker] >> face_up & 1
            checked += 1
    assert checked > 10
