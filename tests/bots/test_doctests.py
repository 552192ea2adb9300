"""The examples in the bots' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name", ["briscola.bots", "briscola.bots.heuristic", "briscola.bots.claims"]
)
def test_doctests(name: str) -> None:
    """Every docstring example of this bots module gives the output it shows."""
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
