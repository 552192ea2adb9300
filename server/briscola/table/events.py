"""What happened at a table, as typed facts. A table changes only by applying events, live
or when replaying its mirror after a restart, so both paths are the same code."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

import msgspec

from briscola.engine import PlayCard, Resign, Signal, SwapSeven
from briscola.engine.chiamata import Bid, Call, Pass
from briscola.wire.ratings import Rating


class SeatKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"


class Event(msgspec.Struct, tag_field="e", frozen=True):
    """One change of a table; each bumps its version by one."""


class Seated(Event, tag="seated", frozen=True):
    seat: int
    name: str
    token: str
    #: The account the person is signed in to (null: a guest), and its rating of this
    #: table's kind when they sat (shown at rated tables).
    account: str | None = None
    rating: Rating | None = None


class SeatFreed(Event, tag="freed", frozen=True):
    seat: int


class BotAdded(Event, tag="bot", frozen=True):
    seat: int
    #: How well it plays (docs/BOTS.md); bots added before there were levels played "normal".
    level: str = "normal"
    #: Its name: None, as added by the host, for "Bot" and the seat's number; a restored
    #: bot keeps the one it has (moved since, it is not its seat's).
    name: str | None = None


class Moved(Event, tag="moved", frozen=True):
    seat: int
    to: int


class ReadySet(Event, tag="ready", frozen=True):
    seat: int
    ready: bool


class Presence(Event, tag="presence", frozen=True):
    """A person's connection came or went; ``left``: they went with ``leave`` (mid-match,
    keeping the seat to come back to), not only lost their connection."""

    seat: int
    connected: bool
    left: bool = False


class AwaySet(Event, tag="away", frozen=True):
    """Marked away (gone when the clock ran out, or let it run out twice in a row) or back
    (acted again)."""

    seat: int
    away: bool


class Expiries(Event, tag="expiries", frozen=True):
    """How many of the seat's move clocks in a row have run out: one more each time the
    server plays for the seat because its clock ran out, back to 0 when the person moves."""

    seat: int
    count: int


class StandIn(Event, tag="standin", frozen=True):
    """The grace period ended with the person gone: a bot keeps the seat until they return."""

    seat: int
    on: bool


class MatchStarted(Event, tag="match", frozen=True):
    match_id: str
    match_seed: str


class Dealt(Event, tag="deal", frozen=True):
    hand_id: str
    seed: str


class Played(Event, tag="play", frozen=True):
    seat: int
    card: str


class Swapped(Event, tag="swap", frozen=True):
    seat: int


class Resigned(Event, tag="resign", frozen=True, omit_defaults=True):
    seat: int
    #: The seat's deadline passed (a table at its own pace): a loss on time.
    timeout: bool = False


class Signalled(Event, tag="signal", frozen=True):
    """A signal of the codebook to the seat's partners. It changes the state of only those
    who see it, so it does not count in the version the players are shown."""

    seat: int
    signal: str


class BidMade(Event, tag="bid", frozen=True):
    """A bid of Briscola Chiamata's auction: a rank's code and a target (a rank at 61, the 2
    at more), or in the points auction no rank and the target."""

    seat: int
    rank: str | None
    target: int


class Passed(Event, tag="pass", frozen=True):
    """A pass in Briscola Chiamata's auction."""

    seat: int


class Called(Event, tag="call", frozen=True):
    """The auction's winner named the called card (a card's code)."""

    seat: int
    card: str


class Claimed(Event, tag="claimed", frozen=True):
    """A guest's seat taken back by its holder signed in: the account's from now on."""

    seat: int
    account: str
    name: str
    rating: Rating


class SeatRating(msgspec.Struct, frozen=True):
    """One seat's rating after a rated match, and how far its ordinal moved."""

    seat: int
    rating: Rating
    change: float


class RatingsSettled(Event, tag="rated", frozen=True):
    """The store has applied a rated match's result to its players' ratings (once)."""

    match_id: str
    seats: list[SeatRating]


class DeadlineSet(Event, tag="deadline", frozen=True):
    """At a table played at its own pace (``TableRules.deadline``): a person's turn began
    and must be played by ``at`` (Unix seconds), or no person's turn is running (``turn``
    None: a bot's turn, between hands, the match over). ``turn`` names the turn (the hand,
    the moves made in it and the seat), so a notice goes out once per turn."""

    turn: str | None
    seat: int | None = None
    at: float | None = None


class MatchReset(Event, tag="reset", frozen=True):
    """Play again: same people, same seats. ``agreed``: every person has said yes to the
    rematch, so they stay ready and the new match starts at once; false (as every reset was
    stored before a rematch was agreed seat by seat): each person says ready again."""

    agreed: bool = False


AnyEvent = (
    Seated
    | SeatFreed
    | BotAdded
    | Moved
    | ReadySet
    | Presence
    | AwaySet
    | Expiries
    | StandIn
    | MatchStarted
    | Dealt
    | Played
    | Swapped
    | Resigned
    | Signalled
    | BidMade
    | Passed
    | Called
    | RatingsSettled
    | Claimed
    | MatchReset
    | DeadlineSet
)


#: The events of a hand's actions, as a hand's log and a snapshot keep them.
HandAction = Played | Swapped | Resigned | Signalled | BidMade | Passed | Called

#: A seat's move in any game: the trick-and-draw games' and Briscola Chiamata's.
SeatAction = PlayCard | SwapSeven | Resign | Signal | Bid | Pass | Call


def action_event(action: SeatAction) -> HandAction:
    """The event of a seat's move."""
    kind = type(action)
    if kind is PlayCard:  # the common case first
        return Played(action.seat, action.card.code)  # type: ignore[union-attr]
    event: HandAction = _EVENT_OF[kind](action)
    return event


_EVENT_OF: dict[type, Callable[[Any], HandAction]] = {
    SwapSeven: lambda a: Swapped(a.seat),
    Resign: lambda a: Resigned(a.seat),
    Signal: lambda a: Signalled(a.seat, a.signal.value),
    Bid: lambda a: BidMade(a.seat, None if a.rank is None else a.rank.code, a.target),
    Pass: lambda a: Passed(a.seat),
    Call: lambda a: Called(a.seat, a.card.code),
}
