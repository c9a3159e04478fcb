"""Rules of the code's shape that a reviewer would otherwise check by hand.

- Imports sit at the top of modules: a project import inside a function body hides a
  dependency (it is how practice and feedback once depended on each other unseen).
  The few left (apps, tests and benchmarks together) are forced by a library
  (Django's app registry) and say so.
- No import cycle inside an app: every module of an app can be read, and changed,
  after the modules it depends on.
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
APPS = ("config", "accounts", "llm", "practice", "patients", "feedback", "backoffice")
# The tests and the benchmarks are held to the same rule as the apps: pytest-django
# sets Django up before test modules are imported, so models import at the top.
PACKAGES = (*APPS, "tests", "bench")
MAX_FUNCTION_LEVEL_IMPORTS = 10


def _function_level_project_imports() -> list[str]:
    found = []
    for app in PACKAGES:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for fn in ast.walk(tree):
                if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for node in ast.walk(fn):
                    if isinstance(node, ast.ImportFrom):
                        top = (node.module or "").split(".")[0]
                        if node.level or top in PACKAGES:
                            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                    elif isinstance(node, ast.Import) and any(
                        a.name.split(".")[0] in PACKAGES for a in node.names
                    ):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return sorted(set(found))


def test_project_imports_inside_functions_are_rare() -> None:
    found = _function_level_project_imports()
    assert len(found) <= MAX_FUNCTION_LEVEL_IMPORTS, found


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_inside_an_app() -> None:
    # grimp sees every import, including those inside functions and TYPE_CHECKING.
    graph = grimp.build_graph(*APPS, cache_dir=None)
    cycles = []
    for app in APPS:
        modules = {m for m in graph.modules if m == app or m.startswith(app + ".")}
        edges = {
            m: {i for i in graph.find_modules_directly_imported_by(m) if i in modules}
            for m in modules
        }
        cycles += _cycles(edges)
    assert cycles == []
