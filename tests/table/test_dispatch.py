"""The table's dispatch tables are whole: every event a table can apply has one applier,
and every command a room takes (all but the lobby's, which the manager answers) one
handler."""

from __future__ import annotations

from typing import get_args

from briscola.table.appliers import APPLIERS
from briscola.table.events import AnyEvent
from briscola.table.session import HANDLERS
from briscola.wire.commands import AccountJoin, AccountResume, AnyCommand, Lobby


def test_every_event_has_its_applier() -> None:
    assert set(APPLIERS) == set(get_args(AnyEvent))


def test_every_room_command_has_its_handler() -> None:
    commands = {*get_args(AnyCommand), AccountJoin, AccountResume} - {Lobby}
    assert set(HANDLERS) == commands
