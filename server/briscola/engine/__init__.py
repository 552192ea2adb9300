"""The pure Briscola engine: cards, verifiable deals, rules, matches, views, records and
replays.

No I/O, no asyncio, no clock, no global random: values in, values out, deterministic from
the seeds the caller supplies. Everything the shell needs is re-exported here.
"""

from .actions import Action, ActionType, LoggedAction, PlayCard, Resign, Signal, SwapSeven
from .cards import DECK, Card, Rank, Suit, beats, trick_winner_offset
from .chiamata import CHIAMATA, ChiamataMatch, ChiamataMatchView, ChiamataRules
from .deal import SEED_BYTES, commitment, seed_from_hex, shuffled_deck
from .errors import ErrorCode, RuleError
from .game import GAMES, TRICK_AND_DRAW, TrickAndDraw, record_game
from .match import (
    BEST_OF,
    MIN_DEALS,
    MatchOutcome,
    MatchRules,
    MatchState,
    apply_action,
    deal,
    new_match,
    standings,
)
from .phase import Phase
from .record import FORMAT, VerifyError, hand_record, verify_record
from .replay import ReplayStep, StepKind, replay_steps
from .rules import (
    apply,
    can_swap,
    hand_result,
    legal_actions,
    signal_refusal,
    start_hand,
    swap_refusal,
)
from .seam import Game
from .signals import SignalCode, catchers
from .standings import Standings
from .state import (
    CATCH_PERCENTS,
    PARTNERSHIP_COUNTS,
    PLAYER_COUNTS,
    GameName,
    HandResult,
    HandRules,
    HandState,
    PartnerComm,
    StockShown,
    TrickRecord,
    side_count,
    side_of,
    total_tricks,
)
from .view import (
    OWN_FIELDS,
    SPECTATOR,
    HandView,
    MatchView,
    Own,
    SignalView,
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
    "CATCH_PERCENTS",
    "CHIAMATA",
    "DECK",
    "FORMAT",
    "GAMES",
    "MIN_DEALS",
    "OWN_FIELDS",
    "PARTNERSHIP_COUNTS",
    "PLAYER_COUNTS",
    "SEED_BYTES",
    "SPECTATOR",
    "TRICK_AND_DRAW",
    "Action",
    "ActionType",
    "Card",
    "ChiamataMatch",
    "ChiamataMatchView",
    "ChiamataRules",
    "ErrorCode",
    "Game",
    "GameName",
    "HandResult",
    "HandRules",
    "HandState",
    "HandView",
    "LoggedAction",
    "MatchOutcome",
    "MatchRules",
    "MatchState",
    "MatchView",
    "Own",
    "PartnerComm",
    "Phase",
    "PlayCard",
    "Rank",
    "ReplayStep",
    "Resign",
    "RuleError",
    "Signal",
    "SignalCode",
    "SignalView",
    "Standings",
    "StepKind",
    "StockShown",
    "Suit",
    "SwapSeven",
    "SwapView",
    "TrickAndDraw",
    "TrickRecord",
    "TrickView",
    "VerifyError",
    "apply",
    "apply_action",
    "beats",
    "can_swap",
    "catchers",
    "commitment",
    "deal",
    "hand_record",
    "hand_result",
    "legal_actions",
    "match_template",
    "match_view",
    "new_match",
    "own",
    "record_game",
    "replay_steps",
    "seed_from_hex",
    "shuffled_deck",
    "side_count",
    "side_of",
    "signal_refusal",
    "standings",
    "start_hand",
    "swap_refusal",
    "template",
    "total_tricks",
    "trick_winner_offset",
    "verify_record",
    "view",
]
