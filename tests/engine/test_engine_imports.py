"""The engine is pure: its modules import only the standard library and each other."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "server" / "briscola" / "engine"
MODULES = sorted(ENGINE.rglob("*.py"))
FORBIDDEN = {"asyncio", "random", "time", "os", "socket", "secrets", "threading", "datetime"}


def imported(path: Path) -> list[tuple[int, str]]:
    """(level, module) for every import in ``path``: level 0 is absolute."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(0, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or ""))
    return found


def test_the_engine_has_its_modules() -> None:
    """The scan sees every engine module (a test that saw none would pass vacuously)."""
    names = {path.stem for path in MODULES}
    assert {"cards", "deal", "state", "rules", "match", "view", "record"} <= names
    assert {"chiamata/rules.py", "chiamata/view.py"} <= {
        path.relative_to(ENGINE).as_posix() for path in MODULES
    }


@pytest.mark.parametrize(
    "path", MODULES, ids=[path.relative_to(ENGINE).with_suffix("").as_posix() for path in MODULES]
)
def test_imports_point_inward(path: Path) -> None:
    """This engine module imports only the stdlib (no clock, random, I/O) and engine modules."""
    depth = len(path.relative_to(ENGINE).parts)  # 1 in the engine, 2 in a game's package
    for level, module in imported(path):
        if level:
            assert level <= depth, f"{path.name} reaches outside the engine: {'.' * level}{module}"
            continue
        top = module.split(".")[0]
        assert top in sys.stdlib_module_names, f"{path.name} imports {module}"
        assert top not in FORBIDDEN, f"{path.name} imports {module}"
