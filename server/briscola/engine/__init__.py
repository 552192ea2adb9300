"""The pure Briscola engine: cards, verifiable deals, rules, matches, views, records and
replays.

No I/O, no asyncio, no clock, no global random: values in, values out, deterministic from
the seeds the caller supplies. Everything the shell needs is re-exported here.
"""

from .actions import Action, ActionType, LoggedAction, PlayCard, Resign, SwapSeven
from .cards import DECK, Card, Rank, Suit, beats, trick_winner_offset
from .deal import SEED_BYTES, commitment, seed_from_hex, shuffled_deck
from .errors import ErrorCode, RuleError
from .match import (
    BEST_OF,
    MatchOutcome,
    MatchRules,
    MatchState,
    apply_action,
    deal,
    new_match,
)
from .record import FORMAT, VerifyError, hand_record, verify_record
from .replay import ReplayStep, StepKind, replay_steps
from .rules import apply, can_swap, hand_result, legal_actions, start_hand, swap_refusal
from .state import (
    PLAYER_COUNTS,
    HandResult,
    HandRules,
    HandState,
    TrickRecord,
    side_count,
    side_of,
    total_tricks,
)
from .view import (
    SPECTATOR,
    HandView,
    MatchView,
    SwapView,
    TrickView,
    match_template,
    match_view,
    own,
    template,
    view,
)

__all__ = [
    "BEST_OF",
    "DECK",
    "FORMAT",
    "PLAYER_COUNTS",
    "SEED_BYTES",
    "SPECTATOR",
    "Action",
    "ActionType",
    "Card",
    "ErrorCode",
    "HandResult",
    "HandRules",
    "HandState",
    "HandView",
    "LoggedAction",
    "MatchOutcome",
    "MatchRules",
    "MatchState",
    "MatchView",
    "PlayCard",
    "Rank",
    "ReplayStep",
    "Resign",
    "RuleError",
    "StepKind",
    "Suit",
    "SwapSeven",
    "SwapView",
    "TrickRecord",
    "TrickView",
    "VerifyError",
    "apply",
    "apply_action",
    "beats",
    "can_swap",
    "commitment",
    "deal",
    "hand_record",
    "hand_result",
    "legal_actions",
    "match_template",
    "match_view",
    "new_match",
    "own",
    "replay_steps",
    "seed_from_hex",
    "shuffled_deck",
    "side_count",
    "side_of",
    "start_hand",
    "swap_refusal",
    "template",
    "total_tricks",
    "trick_winner_offset",
    "verify_record",
    "view",
]
