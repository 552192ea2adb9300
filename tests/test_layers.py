"""The package's layers, as docs/ARCHITECTURE.md draws them: every module imports only from
its own layer or those before it, the folders are the layers, and no import goes in a
circle anywhere in the package."""

from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "server" / "briscola"
ARCHITECTURE = (REPO / "docs" / "ARCHITECTURE.md").read_text()


def drawn_layers() -> list[str]:
    """The layer order: the first fenced block under "## The layers", lowest first."""
    section = ARCHITECTURE.split("## The layers", 1)[1]
    block = re.search(r"```text\n(.*?)```", section, re.DOTALL)
    assert block, "docs/ARCHITECTURE.md draws no layer order"
    return [line.split()[0] for line in block.group(1).splitlines() if line.strip()]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The briscola modules ``path`` imports (relative imports resolved), wherever the
    import stands (TYPE_CHECKING blocks included)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return {m for m in found if m.split(".")[0] == "briscola" and m in MODULES}


MODULES = {module_name(p) for p in PACKAGE.rglob("*.py")}
GRAPH = {module_name(p): imports(p) for p in PACKAGE.rglob("*.py")}


def layer_of(module: str) -> str:
    return module.split(".")[1] if "." in module else ""


def test_the_folders_are_the_layers_drawn() -> None:
    """Every module of the package sits in one of the drawn layers."""
    layers = drawn_layers()
    assert layers == sorted(set(layers), key=layers.index), "a layer is drawn twice"
    stray = sorted(m for m in MODULES if m != "briscola" and layer_of(m) not in layers)
    assert stray == []


def test_every_import_goes_down_the_layers() -> None:
    """A module imports only from its own layer or those drawn before it."""
    rank = {layer: index for index, layer in enumerate(drawn_layers())}
    upward = [
        f"{module} -> {target}"
        for module, targets in GRAPH.items()
        if module != "briscola"
        for target in targets
        if target != "briscola" and rank[layer_of(target)] > rank[layer_of(module)]
    ]
    assert upward == []


def test_no_import_goes_in_a_circle() -> None:
    """The module graph has no cycle (a package and its own modules aside)."""
    edges = {
        module: {t for t in targets if not module.startswith(t + ".") and t != "briscola"}
        for module, targets in GRAPH.items()
    }
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError(" -> ".join([*path[path.index(module) :], module]))
        if module in done:
            return
        for target in sorted(edges.get(module, ())):
            visit(target, [*path, module])
        done.add(module)

    for module in sorted(edges):
        visit(module, [])
