"""Fixtures of the server tests."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from support.servers import InProcessServer


class Collect(logging.Handler):
    """Keeps every record it is given."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def logged_errors(server: InProcessServer) -> Iterator[list[logging.LogRecord]]:
    """The errors the in-process server logs during the test: ours, and uvicorn's (whose
    loggers do not propagate to the root, so pytest's caplog would not see them)."""
    handler = Collect()
    loggers = [logging.getLogger(), logging.getLogger("uvicorn")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield handler.records
    finally:
        for logger in loggers:
            logger.removeHandler(handler)
