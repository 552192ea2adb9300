"""What a Chiamata bot is asked: a seat's decision, in the auction, the call or the play,
and the choices it may answer with."""

from __future__ import annotations

from typing import TypeAlias

from briscola.engine import DealView, PlayCard
from briscola.engine.chiamata import Bid, Call, Pass

#: What a Chiamata bot answers: a bid or a pass in the auction, the call, a card in the play.
ChiamataChoice: TypeAlias = Bid | Pass | Call | PlayCard

AUCTION = "auction"
CALL = "call"
PLAY = "play"


def check_turn(view: DealView, seat: int) -> str:
    """The phase of the decision ``view`` asks of ``seat``: ``"auction"``, ``"call"`` or
    ``"play"``.

    Raises:
        ValueError: if the view is another seat's or a spectator's, or it is not this
            seat's turn.
    """
    if view.seat != seat:
        raise ValueError(f"seat {seat}'s bot was given the view of seat {view.seat}")
    if view.turn != seat or view.phase not in (AUCTION, CALL, PLAY):
        raise ValueError(f"it is not seat {seat}'s turn")
    return view.phase
