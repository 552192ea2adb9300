"""The server's moves: a bot's, a stand-in's for a person, or the one move owed to a person
whose clock ran out. An easy or normal bot chooses in the step that is due; a strong one's
search is handed out as a :class:`Thought`, worked out off the room loop, and its answer
comes back through :meth:`Thinking.decided`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from briscola.bots import Bot, BotChoice, Level, make_bot
from briscola.engine import GameName, PartnerComm, Signal, signal_refusal
from briscola.engine.chiamata import ChiamataRules
from briscola.table.appliers import Applying
from briscola.table.events import SeatKind, action_event
from briscola.table.state import Status


@dataclass(frozen=True)
class Thought:
    """A strong bot's move, to be worked out off the room loop: ``bot.choose(view)``,
    asked at the table's shown version. Its answer counts only while the table is still
    there (:meth:`Thinking.decided`): a signal, which that version leaves as it was, does not
    make a bot think again, so nothing in its timing tells an opponent that one was made."""

    seat: int
    version: int
    bot: Bot
    #: The seat's view of the deal (the game's: a trick-and-draw ``HandView``, a Chiamata
    #: ``DealView``).
    view: Any
    #: The table's game, and a Chiamata table's options (for a stand-in bot of the same).
    game: GameName
    rules: ChiamataRules | None


class Thinking(Applying):
    """The bots at a table, and the moves the server makes with them."""

    def thought(self) -> Thought | None:
        """A strong bot's move to work out off the room loop, once per version: asked as
        soon as its turn comes, so that the bot's delay overlaps the thinking."""
        turn = self._turn()  # the cheap checks first: this runs after every input
        if turn is None or not self._server_moves(turn) or self._asked == self.shown_version:
            return None
        if self.status is not Status.PLAYING or self.adjourned or not self._thinking(turn):
            return None
        self._asked = self.shown_version
        return Thought(
            turn,
            self.shown_version,
            self._bot(turn)[1],
            self._view(turn),
            self.rules.game,
            self._chiamata_rules(),
        )

    def decided(self, thought: Thought, action: BotChoice, bot: Bot, now: float) -> None:
        """The answer to a :class:`Thought`: kept (with the bot, which now remembers that
        view) if nothing has happened at the table since it was asked, else dropped; played
        at once if its move is due (else by the tick when the bot's delay is up)."""
        self._now = now
        if thought.version != self.shown_version:
            return
        self._bots[thought.seat] = (Level.STRONG, bot)
        self._decision = (thought.version, action)
        if now >= self._move_due(thought.seat) and not self.adjourned:
            self._server_move(thought.seat)

    def _server_moves(self, seat: int) -> bool:
        """Whether the server moves for this seat now (a bot, one standing in for a person,
        or the one move of a person whose clock ran out)."""
        return self.seats[seat].bot_moves or self._owed == seat

    def _move_due(self, seat: int) -> float:
        """When the server's move for the seat is due: a bot takes ``bot_delay`` over it; an
        expired clock's move is due at once."""
        return self._turn_since if self._owed == seat else self._turn_since + self.bot_delay

    def _bot(self, seat: int) -> tuple[Level, Bot]:
        """The seat's bot for this hand: its own level, or the stand-in's for a person."""
        s = self.seats[seat]
        level = (s.level or Level.NORMAL) if s.kind is SeatKind.BOT else self.stand_in
        held = self._bots.get(seat)
        if held is None or held[0] is not level:
            bot = make_bot(level, seat, self.rules.game, self._chiamata_rules())
            held = self._bots[seat] = (level, bot)
        return held

    def _chiamata_rules(self) -> ChiamataRules | None:
        """A Chiamata table's options, which its bots take (its deal's view does not say
        whether the caller may hold the called card)."""
        rules = self.rules.match_rules
        return rules if isinstance(rules, ChiamataRules) else None

    def _thinking(self, seat: int) -> bool:
        """A strong bot's move for the seat is being worked out (none decided yet)."""
        decided = self._decision is not None and self._decision[0] == self.shown_version
        return self._bot(seat)[0] is Level.STRONG and not decided

    def _server_move(self, seat: int) -> None:
        """The server's move for the seat: worked out here by an easy or normal bot; a strong
        one's decision, once it has come (:meth:`decided`)."""
        level, bot = self._bot(seat)
        if level is not Level.STRONG:
            self._emit(action_event(bot.choose(self._view(seat))))
        elif self._decision is not None and self._decision[0] == self.shown_version:
            self._emit(action_event(self._decision[1]))
        else:
            return
        self._bot_signal(seat, bot)

    def _view(self, seat: int) -> Any:
        """What the seat's bot sees of the deal: the game's projection for that seat (the
        deal's view: every game's match view keeps it in ``hand``)."""
        assert self.match is not None
        seen = self.game.view(self.match, seat).hand
        assert seen is not None
        return seen

    def _bot_signal(self, seat: int, bot: Bot) -> None:
        """After its move, a bot at a table of signals tells its partners what it may (a
        true claim about its hand, at most one a trick); a person's stand-in says nothing."""
        hand = self.match.hand if self.match is not None else None
        if hand is None or self.rules.partner_comm is PartnerComm.NONE:
            return
        if self.seats[seat].kind is not SeatKind.BOT or signal_refusal(hand, seat) is not None:
            return
        code = bot.signal(self._view(seat))
        if code is not None:
            self._emit(action_event(Signal(seat, code)))
