"""What can be checked of the packaging here (no Docker engine runs on this machine)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_dockerfile_runs_a_command_that_exists() -> None:
    """The image's CMD is the installed console script's serve command, and its health check
    asks /healthz on the port it serves."""
    dockerfile = (REPO / "Dockerfile").read_text()
    cmd = re.search(
        r'^CMD \["briscola", "serve", "--host", "0.0.0.0", "--port", "(\d+)"\]', dockerfile, re.M
    )
    assert cmd is not None
    assert f"EXPOSE {cmd.group(1)}" in dockerfile and f":{cmd.group(1)}/healthz" in dockerfile
    script = shutil.which("briscola", path=str(Path(sys.executable).parent))
    command = [script] if script else [sys.executable, "-m", "briscola.cli"]
    result = subprocess.run(
        [*command, "serve", "--help"], capture_output=True, text=True, check=True
    )
    assert (
        "--host" in result.stdout and "--port" in result.stdout and "--redis-url" in result.stdout
    )


def test_dockerfile_copies_what_the_server_serves() -> None:
    """The image holds the client, and tells the server where it is."""
    dockerfile = (REPO / "Dockerfile").read_text()
    assert "COPY client ./client" in dockerfile and "BRISCOLA_CLIENT_DIR=/app/client" in dockerfile
    assert (REPO / "client" / "index.html").is_file()


def test_ci_runs_the_readme_test_command() -> None:
    """CI runs `make test`, the command the README gives."""
    assert "make test" in (REPO / ".ci" / "run").read_text()
    assert "make test" in (REPO / "README.md").read_text()
