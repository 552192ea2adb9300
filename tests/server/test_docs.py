"""docs/PROTOCOL.md documents every message type and every error code the server has."""

from __future__ import annotations

from pathlib import Path

from briscola.wire.commands import COMMAND_TYPES
from briscola.wire.errors import Code

PROTOCOL = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text()


def test_every_error_code_is_documented() -> None:
    """Each stable error code has its row in PROTOCOL.md's table."""
    missing = [code.value for code in Code if f"| `{code.value}` |" not in PROTOCOL]
    assert missing == []


def test_every_client_message_is_documented() -> None:
    """Each message type a client may send has its row in PROTOCOL.md."""
    missing = [kind for kind in sorted(COMMAND_TYPES) if f"| `{kind}` |" not in PROTOCOL]
    assert missing == []
