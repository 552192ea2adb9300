"""Crash points, for the tests that a rated match is settled exactly once whenever the
process dies: ``BRISCOLA_CRASH_AT`` names one, and the process stops dead there (as a
SIGKILL would stop it). Unset in production, where :func:`crash_point` does nothing."""

from __future__ import annotations

import os

#: The crash point named in the environment, if any.
CRASH_AT = os.environ.get("BRISCOLA_CRASH_AT", "")


def crash_point(name: str) -> None:
    if name == CRASH_AT:
        os._exit(137)
