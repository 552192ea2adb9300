"""Typed rule errors with stable codes: what a client may match on, never the text."""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """Why the engine refused an action. Values are part of the protocol."""

    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    SWAP_NOT_ALLOWED = "swap_not_allowed"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"
    NO_HAND = "no_hand"
    INVALID_SEAT = "invalid_seat"
    SIGNAL_NOT_ALLOWED = "signal_not_allowed"
    #: A move of another game (a bid at a classic table, a swap of the 7 in Chiamata).
    NOT_THIS_GAME = "not_this_game"
    # Briscola Chiamata: its auction, its call, and a command in the wrong phase.
    ALREADY_PASSED = "already_passed"
    BID_TOO_LOW = "bid_too_low"
    BAD_BID = "bad_bid"
    AUCTION_OVER = "auction_over"
    NOT_CALLER = "not_caller"
    NO_CALL_NOW = "no_call_now"
    CALL_NOT_ALLOWED = "call_not_allowed"
    PLAY_NOT_STARTED = "play_not_started"


class RuleError(ValueError):
    """An action the rules forbid now. The state it was applied to is unchanged."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"RuleError({self.code.value!r}, {self.message!r})"
