"""What the benchmark scripts share (they run as ``python bench/NAME.py``)."""

from __future__ import annotations

import resource
from pathlib import Path


def raise_fd_limit() -> int:
    """Raise this process's open-file limit to its hard limit (children inherit it).

    Returns:
        The new soft limit.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def write_between(path: Path, begin: str, end: str, section: str) -> None:
    """Put ``section`` between the markers ``begin`` and ``end`` of ``path``, replacing what
    was there (or adding the markers at the end), and keep everything else.
    """
    block = f"{begin}\n{section}{end}\n"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        tail = rest.split(end, 1)[1].lstrip("\n")
        text = head + block + ("\n" + tail if tail else "")
    else:
        text = text.rstrip("\n") + "\n\n" + block
    path.write_text(text, encoding="utf-8")
