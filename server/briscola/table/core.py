"""One table's rules of the house, sans I/O. Commands come in with the time; events,
replies and hand records come out.

Like the websockets protocol core, a :class:`Table` does no I/O and is run by exactly one
owner (its room task), one call at a time. It is composed of its concerns, each a module:

- :mod:`~briscola.table.state`: what it holds, and the queries on it;
- :mod:`~briscola.table.appliers`: how each event changes it, the only way it changes
  (``_emit`` applies an event and queues it for the mirror, ``drain`` hands them out);
- :mod:`~briscola.table.seating`: sitting, leaving, coming and going, the host's bots;
- :mod:`~briscola.table.playing`: readiness, the deals, the moves, rated results;
- :mod:`~briscola.table.thinking`: the server's moves, and the strong bots' thoughts;
- :mod:`~briscola.table.timing`: clocks, grace periods and pauses, as deadlines;
- :mod:`~briscola.table.chat`: who may chat when, and to whom;
- :mod:`~briscola.table.presentation`: the summary, the states, the clock shown;
- :mod:`~briscola.table.persistence`: the snapshot, and the table rebuilt from its mirror
  by applying events.
"""

from __future__ import annotations

from briscola.table.chat import Chatting
from briscola.table.persistence import Persistence
from briscola.table.presentation import Presentation
from briscola.table.seating import Seating
from briscola.table.state import FinishedHand
from briscola.table.thinking import Thought
from briscola.table.timing import Timing

#: The table, and the values it hands to its owner: a strong bot's move to work out, and a
#: finished hand's record to keep.
__all__ = ["FinishedHand", "Table", "Thought"]


class Table(Seating, Timing, Chatting, Presentation, Persistence):
    """The table's state and its rules of the house. Owned by one room task."""
