"""The table's dispatch table is whole: every event a table can apply has one applier."""

from __future__ import annotations

from typing import get_args

from briscola.table.appliers import APPLIERS
from briscola.table.events import AnyEvent


def test_every_event_has_its_applier() -> None:
    assert set(APPLIERS) == set(get_args(AnyEvent))
