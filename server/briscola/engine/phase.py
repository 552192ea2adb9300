"""Where a match stands, as every game's seam (:mod:`.game`) reports it."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a match stands. A game without an auction goes from waiting to play and back;
    Briscola Chiamata's deals go through the auction and the call before their play."""

    WAITING = "waiting"  # between deals, or before the first
    AUCTION = "auction"  # the bidding for the contract
    CALL = "call"  # the auction's winner names the called card
    PLAY = "play"
    OVER = "over"
