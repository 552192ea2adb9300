"""Protocol error codes: every refusal the server sends carries one (docs/PROTOCOL.md)."""

from __future__ import annotations

from enum import StrEnum

from briscola.engine import ErrorCode as RuleCode


class Code(StrEnum):
    """Stable error codes of the protocol. The engine's rule codes are included by value."""

    BAD_JSON = "bad_json"
    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    TOO_LARGE = "too_large"
    BINARY_FRAME = "binary_frame"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    BAD_HOST = "bad_host"
    RATE_LIMITED = "rate_limited"
    BAD_ORIGIN = "bad_origin"
    BAD_RULES = "bad_rules"
    ROOM_NOT_FOUND = "room_not_found"
    HAND_NOT_FOUND = "hand_not_found"
    ROOM_FULL = "room_full"
    SEAT_TAKEN = "seat_taken"
    ALREADY_SEATED = "already_seated"
    NOT_AT_TABLE = "not_at_table"
    NOT_SEATED = "not_seated"
    BAD_TOKEN = "bad_token"
    NOT_HOST = "not_host"
    MATCH_STARTED = "match_started"
    MATCH_NOT_OVER = "match_not_over"
    SIGNALS_FORBIDDEN = "signals_forbidden"
    SERVER_BUSY = "server_busy"
    NAME_TAKEN = "name_taken"
    ACCOUNT_REQUIRED = "account_required"
    RATED_TABLE = "rated_table"
    BAD_NAME = "bad_name"
    BAD_PASSWORD = "bad_password"
    BAD_CREDENTIALS = "bad_credentials"
    TOO_MANY_ATTEMPTS = "too_many_attempts"
    ACCOUNT_NOT_FOUND = "account_not_found"
    STORE_UNAVAILABLE = "store_unavailable"
    EMAIL_UNAVAILABLE = "email_unavailable"
    BAD_EMAIL = "bad_email"
    NO_EMAIL = "no_email"
    EMAIL_CONFIRMED = "email_confirmed"
    EMAIL_NOT_SENT = "email_not_sent"
    BAD_LINK = "bad_link"
    REDIS_REQUIRED = "redis_required"
    BAD_DEADLINE = "bad_deadline"
    NOT_YOUR_TURN = RuleCode.NOT_YOUR_TURN.value
    CARD_NOT_IN_HAND = RuleCode.CARD_NOT_IN_HAND.value
    SWAP_NOT_ALLOWED = RuleCode.SWAP_NOT_ALLOWED.value
    HAND_OVER = RuleCode.HAND_OVER.value
    MATCH_OVER = RuleCode.MATCH_OVER.value
    NO_HAND = RuleCode.NO_HAND.value
    INVALID_SEAT = RuleCode.INVALID_SEAT.value
    SIGNAL_NOT_ALLOWED = RuleCode.SIGNAL_NOT_ALLOWED.value
    NOT_THIS_GAME = RuleCode.NOT_THIS_GAME.value
    ALREADY_PASSED = RuleCode.ALREADY_PASSED.value
    BID_TOO_LOW = RuleCode.BID_TOO_LOW.value
    BAD_BID = RuleCode.BAD_BID.value
    AUCTION_OVER = RuleCode.AUCTION_OVER.value
    NOT_CALLER = RuleCode.NOT_CALLER.value
    NO_CALL_NOW = RuleCode.NO_CALL_NOW.value
    CALL_NOT_ALLOWED = RuleCode.CALL_NOT_ALLOWED.value
    PLAY_NOT_STARTED = RuleCode.PLAY_NOT_STARTED.value


class Refusal(Exception):
    """A command the server refuses: sent back to its sender as an ``error`` message."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
