"""The examples in the engine's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import briscola.engine

NAMES = sorted(
    info.name for info in pkgutil.walk_packages(briscola.engine.__path__, "briscola.engine.")
)
WITH_EXAMPLES = [
    name
    for name in ["briscola.engine", *NAMES]
    if any(test.examples for test in doctest.DocTestFinder().find(importlib.import_module(name)))
]


def test_the_engine_has_examples() -> None:
    """The modules documented by example are found (the cards and the rules at least)."""
    assert {"briscola.engine.cards", "briscola.engine.rules"} <= set(WITH_EXAMPLES)
    assert {"briscola.engine.chiamata.rules", "briscola.engine.chiamata.replay"} <= set(
        WITH_EXAMPLES
    )


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_doctests(name: str) -> None:
    """Every docstring example of this engine module gives the output it shows."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
