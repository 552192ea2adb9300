"""A state carries the table's summary only when it changed since the last state that
connection was sent: a joiner's first state, a sync and a change of seats, status or
spectators have it; a card played does not (half the bytes of a state)."""

from __future__ import annotations

import json

from briscola.wire.commands import Play, Sync, Watch
from table.test_session import seated


def states(frames: list[tuple[int, str]]) -> dict[int, dict]:  # type: ignore[type-arg]
    found = {}
    for conn, text in frames:
        message = json.loads(text)
        if message["type"] == "state":
            found[conn] = message
    return found


def test_the_summary_goes_out_only_when_it_changed() -> None:
    room = seated(2)
    hand = room.table.match.hand  # type: ignore[union-attr]
    assert hand is not None
    mover = hand.turn
    card = next(iter(hand.hands[mover]))
    played = states(room.handle(mover, Play(card.code), 1.0).frames)
    assert set(played) == {0, 1} and all("room" not in s for s in played.values())
    watcher = states(room.handle(9, Watch("room", "Vi"), 2.0).frames)
    assert "room" in watcher[9]  # a joiner's first state is whole
    synced = states(room.handle(0, Sync(), 3.0).frames)
    assert "room" in synced[0] and synced[0]["room"]["spectators"] == 1
    hand = room.table.match.hand  # type: ignore[union-attr]
    assert hand is not None
    card = next(iter(hand.hands[hand.turn]))
    again = states(room.handle(hand.turn, Play(card.code), 4.0).frames)
    # Seat 1 was sent no state since the spectator came: its summary is news to it alone.
    assert "room" not in again[0] and "room" not in again[9]
    assert again[1]["room"]["spectators"] == 1
    gone = states(room.detach(9, 5.0).frames)  # the spectators changed
    assert all(s["room"]["spectators"] == 0 for s in gone.values())
