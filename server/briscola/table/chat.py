"""The table's chat rules: no signals between partners while a hand is being played, so
the seated may not chat then (but at an open table, where table talk is part of the game,
from the end of the first trick), and the spectators' lines reach only spectators."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from briscola.engine import PartnerComm
from briscola.table.state import TableState
from briscola.wire.errors import Code, Refusal


class Audience(StrEnum):
    ALL = "all"
    SPECTATORS = "spectators"


@dataclass(frozen=True)
class ChatOut:
    """A chat line the table accepted, and who may receive it."""

    channel: str
    name: str
    seat: int | None
    text: str
    audience: Audience


class Chatting(TableState):
    """Who may say what at the table, and to whom."""

    def _talk_open(self) -> bool:
        """Table talk during a hand, where the game allows it (at an open table, once the
        first trick is complete)."""
        return self.match is not None and self.game.talk_allowed(self.match)

    def _silence(self) -> str:
        if self.rules.chiamata:
            return "no chat while a deal is played: the partner shows themselves only by play"
        if self.rules.partner_comm is PartnerComm.OPEN:
            return "nothing may pass between partners until the first trick is complete"
        return "no signals: table chat is closed while a hand is being played"

    def chat(self, seat: int | None, name: str, text: str) -> ChatOut:
        """Table chat for the seated (no signals during a hand), or spectator chat."""
        if seat is not None:
            if self.hand_on and not self._talk_open():
                raise Refusal(Code.SIGNALS_FORBIDDEN, self._silence())
            return ChatOut("table", name, seat, text, Audience.ALL)
        audience = Audience.SPECTATORS if self.hand_on else Audience.ALL
        return ChatOut("spectators", name, None, text, audience)
