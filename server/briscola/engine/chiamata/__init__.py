"""Briscola Chiamata: five players, an auction, a called card whose holder is the caller's
secret partner (docs/RULES.md, "Briscola Chiamata"). Pure, like the whole engine.

The modules: the table's options (:mod:`.options`), the bid ladder (:mod:`.bids`), the
actions (:mod:`.actions`), the deal's and the match's state (:mod:`.state`), the rules of a
deal (:mod:`.rules`), the scoring table (:mod:`.scoring`), the match (:mod:`.match`), the one
projection (:mod:`.view`), the record and its verifier (:mod:`.record`), the replay
(:mod:`.replay`) and the game behind the seam (:mod:`.game`).

>>> from briscola.engine.chiamata import CHIAMATA, ChiamataRules
>>> match = CHIAMATA.deal(CHIAMATA.new_match(ChiamataRules(), bytes(32)), bytes(32))
>>> CHIAMATA.phase(match).value, CHIAMATA.turn(match), match.hand.dealer
('auction', 4, 3)
"""

from .actions import Bid, Call, ChiamataAction, Pass, Speech
from .bids import MAX_TARGET, MIN_TARGET, RANK_LADDER, TOP, TWO, bid_at, ladder, level
from .game import CALLER_SIDE, CHIAMATA, DEFENDERS, Chiamata
from .match import apply_action, deal, new_match, standings
from .options import DEAL_COUNTS, PLAYERS, TRICKS, Auction, ChiamataRules
from .record import deal_record, verify_deal
from .replay import ChiamataStep, ChiamataStepKind, replay_steps
from .rules import (
    apply,
    call_refusal,
    callable_cards,
    deal_result,
    high_level,
    legal,
    open_levels,
    result_code,
    start_deal,
)
from .scoring import ALONE, WITH_PARTNER, DealResult, score
from .state import ChiamataMatch, DealState
from .view import (
    NO_BIDS,
    OWN_FIELDS,
    BidOptions,
    BidView,
    ChiamataMatchView,
    DealView,
    ScoreView,
    SpeechView,
    bid_options,
    match_owner,
    match_template,
    match_view,
    own,
    template,
    view,
)

__all__ = [
    "ALONE",
    "CALLER_SIDE",
    "CHIAMATA",
    "DEAL_COUNTS",
    "DEFENDERS",
    "MAX_TARGET",
    "MIN_TARGET",
    "NO_BIDS",
    "OWN_FIELDS",
    "PLAYERS",
    "RANK_LADDER",
    "TOP",
    "TRICKS",
    "TWO",
    "WITH_PARTNER",
    "Auction",
    "Bid",
    "BidOptions",
    "BidView",
    "Call",
    "Chiamata",
    "ChiamataAction",
    "ChiamataMatch",
    "ChiamataMatchView",
    "ChiamataRules",
    "ChiamataStep",
    "ChiamataStepKind",
    "DealResult",
    "DealState",
    "DealView",
    "Pass",
    "ScoreView",
    "Speech",
    "SpeechView",
    "apply",
    "apply_action",
    "bid_at",
    "bid_options",
    "call_refusal",
    "callable_cards",
    "deal",
    "deal_record",
    "deal_result",
    "high_level",
    "ladder",
    "legal",
    "level",
    "match_owner",
    "match_template",
    "match_view",
    "new_match",
    "open_levels",
    "own",
    "replay_steps",
    "result_code",
    "score",
    "standings",
    "start_deal",
    "template",
    "verify_deal",
    "view",
]
