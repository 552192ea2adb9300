"""Building frozen slotted dataclasses quickly, for the engine's hot paths.

A frozen dataclass's ``__init__`` stores every field through ``object.__setattr__``, which
costs several times more than a plain attribute store; the engine builds a new state for
every action and a new view for every viewer, so that cost dominated. :func:`shell_of` makes
a mutable twin of a frozen slotted class, with the same base and the same slots, so the
same memory layout: a builder fills a twin with plain stores and then gives it the frozen
class (``__class__`` assignment, which Python allows between classes of identical layout).
The result is an ordinary instance of the frozen class: equality, hashing, ``repr``,
pickling, ``dataclasses.replace`` and immutability all behave as for one built by
``__init__``. Builders are only used where the engine has already established the values'
invariants, which ``__init__`` does not check either.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T")


def shell_of(cls: type) -> type:
    """A class with ``cls``'s base and slots but without its frozen ``__setattr__``."""
    slots = cls.__dict__["__slots__"]
    shell = type(f"_{cls.__name__}Shell", cls.__bases__, {"__slots__": slots})
    probe = shell()
    probe.__class__ = cls  # raises TypeError now, at import, if the layouts ever differ
    return shell


def replacer(cls: type[T]) -> Callable[..., T]:
    """A ``dataclasses.replace`` for the frozen slotted dataclass ``cls`` that builds the
    copy the fast way (a shell of ``cls`` filled with plain stores), for values whose
    invariants the caller has established: ``replacer(cls)(value, field=new, …)``."""
    shell = shell_of(cls)
    names = tuple(field.name for field in fields(cls))  # type: ignore[arg-type]
    read = attrgetter(*names)

    def replace(value: T, **changes: Any) -> T:
        built: Any = shell()
        for name, old in zip(names, read(value), strict=True):
            setattr(built, name, old)
        for name, new in changes.items():
            setattr(built, name, new)
        built.__class__ = cls
        result: T = built
        return result

    return replace
