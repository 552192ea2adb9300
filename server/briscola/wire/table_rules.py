"""What a table plays, chosen when it is created: the rules a ``POST /api/rooms`` body names
(docs/PROTOCOL.md, ``TableRules``), validated into one typed value."""

from __future__ import annotations

from typing import Annotated

import msgspec

from briscola.engine import MIN_DEALS, GameName, MatchRules, PartnerComm, StockShown
from briscola.engine.chiamata import DEAL_COUNTS, PLAYERS, Auction, ChiamataRules

#: The longest deadline a move may have at a table played at its own pace: a week.
MAX_DEADLINE = 7 * 24 * 3600
#: The shortest, unless the server is configured otherwise (tests): a minute.
MIN_DEADLINE = 60


class TableRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a table plays, chosen at creation (docs/PROTOCOL.md, ``TableRules``)."""

    players: Annotated[int, msgspec.Meta(ge=2, le=6)] = 4
    game: GameName = GameName.CLASSIC
    #: Scoperta: how much of the stock lies face up.
    stock: StockShown = StockShown.ALL
    #: Four and six players: the no-signals rule, signals, or signals and talk.
    partner_comm: PartnerComm = PartnerComm.NONE
    #: The chance that each opponent catches a signal: 0, 0.25, 0.5 or 1.
    signal_catch: float = 0.25
    #: An open table's match, or a Chiamata match: this many counted deals (0: the default,
    #: 5 with four or five players and 6 with six, so that every seat deals).
    deals: Annotated[int, msgspec.Meta(ge=0, le=20)] = 0
    #: Briscola Chiamata: the auction by rank or by points, whether the caller may call a
    #: card of their own hand (and play alone), whether taking all 120 points doubles.
    auction: Auction = Auction.RANK
    self_call: bool = True
    cappotto: bool = True
    swap_seven: bool = False
    best_of: Annotated[int, msgspec.Meta(ge=1, le=5)] = 1
    clock: Annotated[int, msgspec.Meta(ge=1, le=600)] = 30
    #: A table at its own pace: every move's deadline in seconds (0: a live table, timed
    #: by ``clock``). Signed-in players only, kept in Redis; a missed deadline loses the
    #: match (docs/PROTOCOL.md, "Games at your own pace").
    deadline: Annotated[int, msgspec.Meta(ge=0, le=MAX_DEADLINE)] = 0
    grace: Annotated[int, msgspec.Meta(ge=1, le=3600)] = 60
    private: bool = False
    name: Annotated[str, msgspec.Meta(max_length=40)] = ""
    #: Only account holders sit, no bots, and the match moves their ratings.
    rated: bool = False

    def __post_init__(self) -> None:
        # Made in code with the options' names ("open") as well as decoded: enums from here.
        msgspec.structs.force_setattr(self, "game", GameName(self.game))
        msgspec.structs.force_setattr(self, "stock", StockShown(self.stock))
        msgspec.structs.force_setattr(self, "partner_comm", PartnerComm(self.partner_comm))
        msgspec.structs.force_setattr(self, "auction", Auction(self.auction))
        if self.best_of not in (1, 3, 5):
            raise ValueError("best_of must be 1, 3 or 5")
        if (self.players == PLAYERS) != (self.game is GameName.CHIAMATA):
            raise ValueError("five players play Briscola Chiamata, and Chiamata is for five")
        if self.game is GameName.CHIAMATA:
            self._check_chiamata()
        elif self.auction is not Auction.RANK or not (self.self_call and self.cappotto):
            raise ValueError("auction, self_call and cappotto are Briscola Chiamata's")
        if self.signal_catch not in (0, 0.25, 0.5, 1):
            raise ValueError("signal_catch must be 0, 0.25, 0.5 or 1")
        if self.deals and self.partner_comm is not PartnerComm.OPEN and not self.chiamata:
            raise ValueError("deals is for open tables (partner_comm: open) and Chiamata")
        if self.deals and self.deals < MIN_DEALS:
            raise ValueError(f"an open table plays at least {MIN_DEALS} deals")
        if self.partner_comm is PartnerComm.OPEN and self.best_of != 1:
            raise ValueError("an open table plays a number of deals, not best_of")
        self.match_rules  # noqa: B018 - the engine's own checks, in its words

    @property
    def paced(self) -> bool:
        """Played at its own pace: a deadline per move, not a live clock."""
        return self.deadline > 0

    @property
    def chiamata(self) -> bool:
        return self.game is GameName.CHIAMATA

    def _check_chiamata(self) -> None:
        if self.swap_seven or self.best_of != 1 or self.partner_comm is not PartnerComm.NONE:
            raise ValueError(
                "Briscola Chiamata has no swap of the 7, no best_of and no partner talk: "
                "its match is a number of deals"
            )
        if self.deals not in (0, *DEAL_COUNTS):
            raise ValueError(f"a Chiamata match is {DEAL_COUNTS[0]} or {DEAL_COUNTS[1]} deals")

    @property
    def match_rules(self) -> MatchRules | ChiamataRules:
        """The rules of the match, as the table's game takes them."""
        if self.chiamata:
            return ChiamataRules(
                self.auction, self.self_call, self.cappotto, self.deals or DEAL_COUNTS[0]
            )
        open_table = self.partner_comm is PartnerComm.OPEN
        return MatchRules(
            self.players,
            self.swap_seven,
            self.best_of,
            self.game,
            self.stock,
            self.partner_comm,
            round(self.signal_catch * 100),
            (self.deals or max(MIN_DEALS, self.players)) if open_table else 0,
        )
