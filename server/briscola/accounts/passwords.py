"""Passwords: hashed with argon2id (argon2-cffi's defaults, RFC 9106's second
recommendation), never kept or logged in clear. Hashing takes tens of milliseconds of CPU
on purpose; the service runs it off the event loop."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

MIN_LENGTH = 8
MAX_LENGTH = 128

_hasher = PasswordHasher()
#: Checked against when the name is unknown, so that an unknown name costs what a wrong
#: password does (the answers are the same, and so are their times).
_UNKNOWN = _hasher.hash("no account has this password")


class BadPassword(ValueError):
    """A password the rule refuses; the message says why."""


def check_rule(password: str) -> None:
    """Refuse a password too short or too long to be one.

    Raises:
        BadPassword: saying which.
    """
    if not MIN_LENGTH <= len(password) <= MAX_LENGTH:
        raise BadPassword(f"a password has {MIN_LENGTH} to {MAX_LENGTH} characters")


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def password_matches(stored_hash: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored_hash`` was made from; with no hash (no such
    account) the same work is done and the answer is no."""
    try:
        return _hasher.verify(stored_hash or _UNKNOWN, password) and stored_hash is not None
    except (VerificationError, InvalidHashError):
        return False
