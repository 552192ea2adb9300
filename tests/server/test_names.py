"""People's names: the rule of briscola.wire.names, and the server applying it to join and watch."""

from __future__ import annotations

import doctest

import pytest

import briscola.wire.names
from briscola.wire.names import MAX_LENGTH, BadName, normalise_name
from support.client import Client, Message, create_room
from support.servers import InProcessServer


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ana", "Ana"),
        ("  Ana  ", "Ana"),
        ("Ana   Maria", "Ana Maria"),
        ("Ana \t\n Maria", "Ana Maria"),
        ("Ana\u00a0\u3000Maria", "Ana Maria"),
        ("Jose\u0301", "José"),
        ("e\u0301" * MAX_LENGTH, "é" * MAX_LENGTH),
        ("x" * MAX_LENGTH, "x" * MAX_LENGTH),
        ("  " + "x" * MAX_LENGTH + "  ", "x" * MAX_LENGTH),
        ("Σπύρος", "Σπύρος"),
        ("李小龍", "李小龍"),
        ("O'Brien-Smith", "O'Brien-Smith"),
        ("😀", "😀"),
        ("❤\ufe0f", "❤\ufe0f"),
        ("Player 123", "Player 123"),
        ("Giocatore 7", "Giocatore 7"),
        ("Robot 1", "Robot 1"),
        ("Botticelli", "Botticelli"),
        ("Bot Ana", "Bot Ana"),
        ("Abbot 2", "Abbot 2"),
        ("Seats4U", "Seats4U"),
        ("7", "7"),
    ],
)
def test_names_are_normalised(raw: str, shown: str) -> None:
    """NFC, trimmed, inner whitespace runs as one space; everything else is kept as typed."""
    assert normalise_name(raw) == shown


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ("", "visible"),
        ("   ", "visible"),
        ("\t\n", "visible"),
        ("x" * (MAX_LENGTH + 1), "at most"),
        ("é" * MAX_LENGTH + "!", "at most"),
        ("Ana\x00", "U+0000"),
        ("Ana\x07", "U+0007"),
        ("Ana\x7f", "U+007F"),
        ("Ana\x9b", "U+009B"),
        ("\u202eAna", "U+202E"),
        ("Ana\u202a", "U+202A"),
        ("\u2066Ana\u2069", "U+2066"),
        ("A\u200bna", "U+200B"),
        ("A\u200dna", "U+200D"),
        ("\u200fAna", "U+200F"),
        ("\ufeffAna", "U+FEFF"),
        ("Ana\u00ad", "U+00AD"),
        ("Ana\ue000", "U+E000"),
        ("Ana\udc00", "U+DC00"),
        ("Ana\U000e0041", "U+E0041"),
        ("\u3164", "U+3164"),
        ("A\u115fB", "U+115F"),
        ("\u2800", "U+2800"),
        ("A\u034fB", "U+034F"),
        ("\u0301Ana", "combining"),
        ("Bot 2", "reserved"),
        ("Bot", "reserved"),
        ("bot2", "reserved"),
        ("BOT 02", "reserved"),
        ("  Bot   3 ", "reserved"),
        ("B.o.t-2", "reserved"),
        ("Bot #4", "reserved"),
        ("B0t 1", "reserved"),
        ("Bót 2", "reserved"),
        ("Bot²", "reserved"),
        ("\uff22\uff4f\uff54\u3000\uff12", "reserved"),  # full-width
        ("\u0412\u043e\u0442 2", "reserved"),  # Cyrillic
        ("\u0392\u03bf\u03c4 2", "reserved"),  # Greek
        ("Bot \u0662", "reserved"),  # an Arabic-Indic 2
        ("Seat 1", "reserved"),
        ("seat", "reserved"),
        ("\u0405\u0435\u0430t 3", "reserved"),  # Cyrillic and Latin
        ("Posto 2", "reserved"),
        ("Spectator", "reserved"),
        ("spectators", "reserved"),
        ("Spettatore", "reserved"),
        ("Spettatrice", "reserved"),
    ],
)
def test_names_the_rule_refuses(raw: str, why: str) -> None:
    """Empty, too long, invisible or reordering characters, a leading combining mark, and
    anything that reads as the server's own labels are refused, saying which."""
    with pytest.raises(BadName) as refused:
        normalise_name(raw)
    assert why in str(refused.value)


def test_the_examples_in_the_docstrings() -> None:
    """The module's examples run as written."""
    result = doctest.testmod(briscola.wire.names, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def seats(state: Message) -> list[str | None]:
    return [seat["name"] for seat in state["room"]["seats"]]


@pytest.mark.parametrize(
    "name",
    ["Bot 2", "bot 1", "Seat 3", "Spectator", "\u202eAna", "A\u200bna", "", "   ", "x" * 25],
)
async def test_a_refused_name_does_not_sit(server: InProcessServer, name: str) -> None:
    """Joining or watching under a refused name gets bad_message and no place at the table;
    the same connection then sits under a good name."""
    room = await create_room(server.url, players=2)
    client = await Client.connect(server.ws_url, "Ana")
    for kind in ("join", "watch"):
        await client.send({"type": kind, "room": room["id"], "name": name})
        await client.error("bad_message")
    joined = await client.join(room["id"])
    assert joined["seat"] == 0 and client.state is not None
    assert seats(client.state) == ["Ana", None] and client.state["room"]["spectators"] == 0
    await client.close()


async def test_the_table_shows_names_normalised(server: InProcessServer) -> None:
    """A player's and a spectator's names are shown normalised: in the seats and on chat."""
    room = await create_room(server.url, players=2)
    ana = await Client.connect(server.ws_url, "  Ana \t  Maria ")
    await ana.join(room["id"])
    assert ana.state is not None and seats(ana.state) == ["Ana Maria", None]
    eve = await Client.connect(server.ws_url, " Jose\u0301 ")
    await eve.watch(room["id"])
    for client in (ana, eve):
        await client.send({"type": "chat", "text": "ciao"})
    lines = [await ana.wait_type("chat") for _ in range(2)]
    assert sorted((line["name"], line["channel"]) for line in lines) == [
        ("Ana Maria", "table"),
        ("José", "spectators"),
    ]
    for client in (ana, eve):
        await client.close()
