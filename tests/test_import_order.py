"""Packages import bottom-up: no module of a package imports (directly or through others) itself.

Every import counts: one tucked inside a function to dodge a cycle at import time, and one under
``if TYPE_CHECKING:`` for type hints only (a mix-in names the class it is mixed into through a base
below both, not by importing the class above it). Every package of the tree is checked. The layering across packages
(rules and render never import Discord, storage or the cogs) is checked here too.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SKIP = {".venv", "tests", "boards", "data", "docs"}
INITS = [p for p in ROOT.rglob("__init__.py") if not SKIP & set(p.relative_to(ROOT).parts)]
PACKAGES = sorted({str(p.parent.relative_to(ROOT)) for p in INITS if p.parent != ROOT})
CYCLES_TO_BREAK: set[str] = set()
"""Packages whose cycles are still being broken (issue 11); strict, so the mark goes once they are gone."""


def local_imports(package: Path, module: Path) -> set[str]:
    """Modules of ``package`` that ``module`` imports (by module name, without the package)."""
    tree = ast.parse(module.read_text())
    dotted = ".".join(package.relative_to(ROOT).parts)
    siblings = {p.stem for p in package.glob("*.py")}
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                base = node.module or ""
            elif node.level == 0 and node.module and node.module.startswith(dotted + "."):
                base = node.module[len(dotted) + 1 :]
            else:
                continue
            head = base.split(".")[0]
            if head in siblings:
                found.add(head)
            elif not base:
                found |= {alias.name for alias in node.names if alias.name in siblings}
    found.discard(module.stem)
    return found


def cycle_in(package: Path) -> list[str] | None:
    graph = {m.stem: local_imports(package, m) for m in package.glob("*.py") if m.stem != "__init__"}
    for start in graph:
        stack = [(start, [start])]
        seen: set[str] = set()
        while stack:
            node, path = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    return [*path, start]
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    return None


@pytest.mark.parametrize(
    "package",
    [
        pytest.param(p, marks=pytest.mark.xfail(strict=True, reason="import cycle still to break"))
        if p in CYCLES_TO_BREAK
        else p
        for p in PACKAGES
    ],
)
def test_no_import_cycle_inside_a_package(package: str) -> None:
    cycle = cycle_in(ROOT / package)
    assert cycle is None, f"{package}: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_cycle(tmp_path: Path, monkeypatch) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import x\n")
    (pkg / "b.py").write_text("def f():\n    from .a import y\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import z\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert cycle_in(pkg) in (["a", "b", "a"], ["b", "a", "b"])
