"""People's names: the one rule for what a player or spectator may be called at a table.

A name is shown to everyone beside a seat and on chat lines, so it must read as what it is:
one line of visible text that cannot pass for the server's own labels ("Bot 2", "Seat 3",
"Spectator") nor reorder or hide the text around it. Pure: applied where a name comes in
(the ``join`` and ``watch`` messages, :mod:`briscola.wire.commands`).
"""

from __future__ import annotations

import re
import unicodedata

#: The longest name, in code points, once normalised.
MAX_LENGTH = 24
#: The longest name a client may send: room for the spaces and decomposed accents that
#: normalising removes.
MAX_INPUT = 4 * MAX_LENGTH

#: Characters that are letters or symbols to Unicode but show as blank space: Hangul fillers,
#: the blank Braille pattern, the combining grapheme joiner.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")

#: Cyrillic and Greek capitals and small letters drawn like the Latin letters of the reserved
#: labels, read as those letters (a small table, not Unicode's whole confusables list).
_LOOKALIKES = str.maketrans(
    "АВЕІЈКМНОРСЅТХаеоркстхуіѕјΑΒΕΖΗΙΚΜΝΟΡΤΥΧοικτν",
    "abeijkmhopcstxaeopkctxyisjabezhikmnoptyxoiktv",
)

#: How the server's own labels read (see :func:`_reading`): bots ("Bot 2"), a seat's label
#: ("Seat 3", Italian "Posto 3") and spectators; a 0 may stand for an o.
_RESERVED = re.compile(r"b[o0]t\d*|seat\d*|p[o0]st[o0]\d*|spectators?|spettat(?:ore|ori|rice|rici)")


class BadName(ValueError):
    """A name the rule refuses; the message says why, for people."""


def normalise_name(raw: str) -> str:
    """The name as the table shows it, or why it cannot be one.

    NFC; trimmed, with every inner run of whitespace (spaces, tabs, line breaks…) made one
    space; then 1 to :data:`MAX_LENGTH` characters, none of them a control, format
    (zero-width, bidirectional override or isolate), private-use, unassigned or blank
    character, not starting with a combining mark, and not reading as a reserved label.

    >>> normalise_name("  Ana \\t Maria ")
    'Ana Maria'
    >>> normalise_name("bot 2")
    Traceback (most recent call last):
    ...
    briscola.wire.names.BadName: 'bot 2' is reserved: it reads like one of the server's own labels

    Raises:
        BadName: saying which part of the rule the name breaks.
    """
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not name:
        raise BadName("a name needs at least one visible character")
    if len(name) > MAX_LENGTH:
        raise BadName(f"a name is at most {MAX_LENGTH} characters")
    for char in name:
        if unicodedata.category(char)[0] == "C" or char in _BLANK:
            raise BadName(
                f"a name may not contain control or invisible characters (U+{ord(char):04X})"
            )
    if unicodedata.category(name[0])[0] == "M":
        raise BadName("a name may not start with a combining mark")
    if _RESERVED.fullmatch(_reading(name)):
        raise BadName(f"{name!r} is reserved: it reads like one of the server's own labels")
    return name


def _reading(name: str) -> str:
    """How ``name`` reads, to compare with the labels: compatibility forms folded (full-width,
    superscripts), accents and lookalike letters dropped to plain Latin, case folded, and
    only letters and digits kept ("B.o.t ²" reads "bot2")."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(char for char in decomposed if unicodedata.category(char)[0] != "M")
    folded = bare.translate(_LOOKALIKES).casefold()
    return "".join(char for char in folded if char.isalnum())


def name_key(name: str) -> str:
    """What makes two names the same person's: how they read (case, accents, lookalike
    letters, spaces and punctuation aside). Accounts are unique by it, and a guest may not
    sit under a name whose key is an account's.

    >>> name_key("Ana María") == name_key("ANA.MARIA") == "anamaria"
    True
    """
    return _reading(name)
