"""What the benchmark scripts share (they run as ``python bench/NAME.py``)."""

from __future__ import annotations

import resource


def raise_fd_limit() -> int:
    """Raise this process's open-file limit to its hard limit (children inherit it).

    Returns:
        The new soft limit.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]
