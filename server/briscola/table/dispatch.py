"""Dispatch tables keyed by type (an event's applier, a command's handler): each handler
is registered by a decorator next to its definition. Each table's own decorator gives
:func:`register` the handler's exact type for the key's type, so mypy checks every
handler against the type it is registered for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

H = TypeVar("H")


def register(table: dict[Any, Any], kind: type[Any]) -> Callable[[H], H]:
    """A decorator that makes its function ``table``'s handler of ``kind`` (one a type)."""

    def add(handler: H) -> H:
        assert kind not in table, f"{kind.__name__} has a handler already"
        table[kind] = handler
        return handler

    return add
