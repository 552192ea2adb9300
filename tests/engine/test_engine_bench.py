"""bench/engine.py: it measures through the public API and rewrites only its own section."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "engine.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    sys.path.insert(0, str(BENCH.parent))  # as when run as a script: bench/common.py
    spec = importlib.util.spec_from_file_location("briscola_engine_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


def test_a_short_run_reports_json(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    """Three hands each way: JSON for both runs, the same hands (same digest), 120 points."""
    assert bench.main(["--hands", "3", "--repeat", "2", "--no-write", "--json"]) == 0
    plain, viewed = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert plain["hands"] == viewed["hands"] == 3
    assert plain["digest"] == viewed["digest"]
    assert plain["views"] == 0 and viewed["views"] == 5 * (viewed["actions"] + 3)
    assert 3 * 40 <= plain["actions"] <= 3 * 47


def test_the_section_is_replaced_in_place(bench: ModuleType, tmp_path: Path) -> None:
    """Writing twice replaces the section between its markers and keeps the rest."""
    doc = tmp_path / "BENCHMARKS.md"
    bench.write_section("## Engine\n\nfirst\n", doc)
    assert doc.read_text().startswith("# Benchmarks\n")
    doc.write_text(doc.read_text() + "\n## Server\n\ntheirs\n")
    bench.write_section("## Engine\n\nsecond\n", doc)
    text = doc.read_text()
    assert "second" in text and "first" not in text and "theirs" in text
    assert text.count(bench.BEGIN) == 1 and text.count(bench.END) == 1
    assert text.index("second") < text.index("## Server")


def test_the_report_names_command_date_and_python(bench: ModuleType) -> None:
    """The section says how its figures were made."""
    run = bench.Run(hands=10, actions=410, views=2050, seconds=0.5, digest="abc")
    text = bench.report(run, run, "python bench/engine.py --hands 10")
    assert text.startswith("## Engine\n")
    assert "`python bench/engine.py --hands 10`" in text
    assert "- date: " in text and "- python: " in text and "| 20 |" in text
