"""What the other processes tell this one, through the cluster (the bus's messages, and what
the cluster finds of the leases): each is handed to the rooms here or to the gateway.

A gateway elsewhere forwards its connections' commands to the rooms here (``Forward``,
``Gone``); an owner elsewhere sends the connections here their frames, seat tokens, closes
and releases (``Frame``, ``Seated``, ``Shut``, ``Released``, dropped if a newer owner is
known) or says it does not run a table (``Moved``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from briscola.service.gateway import Gateway
from briscola.service.rooms import Rooms
from briscola.service.tasks import Tasks
from briscola.store.cluster import (
    BusMessage,
    Forward,
    Frame,
    Gone,
    Moved,
    Owner,
    Released,
    Seated,
    Shut,
)
from briscola.wire.commands import decode_command
from briscola.wire.messages import CloseCode

_M = TypeVar("_M", bound=BusMessage)


class Handlers:
    """One handler for each type of bus message; :meth:`add` checks that the handler
    takes messages of the type it is added for."""

    def __init__(self) -> None:
        self._by_type: dict[type, Callable[[Any], None]] = {}

    def add(self, kind: type[_M], handler: Callable[[_M], None]) -> None:
        self._by_type[kind] = handler

    def __call__(self, message: BusMessage) -> None:
        self._by_type[type(message)](message)


class Bus:
    """The cluster's :class:`~briscola.store.cluster.Node`: what it hears, handed on."""

    def __init__(self, rooms: Rooms, gateway: Gateway, tasks: Tasks) -> None:
        self.rooms = rooms
        self.gateway = gateway
        self.tasks = tasks
        self._handle = Handlers()
        self._handle.add(Forward, self._forwarded)
        self._handle.add(Gone, self._gone)
        self._handle.add(Frame, self._frame)
        self._handle.add(Seated, self._seated)
        self._handle.add(Shut, self._shut)
        self._handle.add(Released, self._released)
        self._handle.add(Moved, self._moved)

    def received(self, messages: list[BusMessage]) -> None:
        """Messages from the other processes, in the order each one sent them."""
        for message in messages:
            self._handle(message)

    # ------------------------------------------------- to the rooms here

    def _forwarded(self, message: Forward) -> None:
        self.rooms.forwarded(message.room, message.conn, decode_command(message.command))

    def _gone(self, message: Gone) -> None:
        self.rooms.detach(message.room, message.conn)

    # --------------------------------------------- to the connections here

    def _frame(self, message: Frame) -> None:
        if self.gateway.current(message.room, message.epoch):
            self.gateway.send(message.conn, message.text)

    def _seated(self, message: Seated) -> None:
        if self.gateway.current(message.room, message.epoch):
            self.gateway.seated(message.conn, message.room, message.token)

    def _shut(self, message: Shut) -> None:
        if self.gateway.current(message.room, message.epoch):
            self.gateway.close_connection(message.conn, CloseCode(message.code), message.reason)

    def _released(self, message: Released) -> None:
        if self.gateway.current(message.room, message.epoch):
            self.gateway.release(message.conn, message.room)

    def _moved(self, message: Moved) -> None:
        self.gateway.moved(message.room, message.node, message.conns)

    # ------------------------------------------------- what the cluster finds

    def lost(self, rooms: set[str]) -> None:
        """The cluster found these rooms' leases taken by another process."""
        self.rooms.drop(rooms)

    def orphaned(self, rooms: list[tuple[str, int | None]]) -> None:
        """The cluster found rooms nobody runs: take this process's share."""
        if not self.tasks.closed:
            self.tasks.own(self.rooms.adopt(rooms), "adopt")

    def owners_changed(self, stale: dict[str, int]) -> None:
        self.gateway.owners_changed(stale)

    def resubscribed(self) -> None:
        """The bus was down: messages may be lost; every remote room is looked up again."""
        self.gateway.owners_changed({room: owner.node for room, owner in self.watched().items()})

    def watched(self) -> dict[str, Owner]:
        return self.gateway.watched()
