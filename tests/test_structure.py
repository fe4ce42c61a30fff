"""The engine's imports run one way (../shared/HOUSE.md, "The shape").

The import graph of pygame_core's own modules is read from the source with
`ast`, never by importing it: an import cycle that Python happens to survive
(one side importing inside a function, or only under TYPE_CHECKING) is still
a cycle here. Every import statement counts, wherever it stands: at the top,
in a function or method, under `if TYPE_CHECKING:`. Names a module loads by a
string (pygame_core.games' "module:Class" paths, protocol.py's importlib) are
no edges: they are resolved when a game is opened, by the registry, and they
are what keeps listing the collection from loading every game.

A relative import resolves as Python resolves it: `from . import X` is an edge
to the submodule X when there is one, else to the package's __init__;
`from .mod import name` is an edge to .mod (and to .mod.name too when that is
a module). A module is not given edges to the packages above it: Python runs
them first, but a package's __init__ that imported its own modules back would
show up as an edge of its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "pygame_core"

Graph = dict[str, set[str]]


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Every module of `package` (a folder under `root`) by dotted name; a
    package is its __init__.py."""
    out: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _base(module: str, is_package: bool, level: int) -> str:
    """The package a relative import of `level` dots in `module` starts from."""
    parts = module.split(".")
    if not is_package:
        parts.pop()  # a plain module's own package
    drop = level - 1
    if drop > len(parts) - 1:
        raise ValueError(f"{module}: relative import beyond the top package")
    return ".".join(parts[: len(parts) - drop])


def imports_of(module: str, source: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of `known` that `module`'s source imports, anywhere in it."""
    edges: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            edges.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _base(module, is_package, node.level)
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            if node.module:
                edges.add(target)
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:
                    edges.add(sub)  # a submodule imported by name
                elif not node.module:
                    edges.add(target)  # `from . import name`: a name the package's __init__ defines
    return {edge for edge in edges if edge in known and edge != module}


def import_graph(root: Path, package: str) -> Graph:
    modules = module_names(root, package)
    known = set(modules)
    return {
        name: imports_of(name, path.read_text(encoding="utf-8"), path.name == "__init__.py", known)
        for name, path in modules.items()
    }


def find_cycle(graph: Graph) -> list[str] | None:
    """One cycle of the graph as a closed path [a, b, ..., a], or None.
    Depth-first with an explicit stack, in sorted order, so the answer is stable."""
    WHITE, GREY, BLACK = 0, 1, 2
    colour = dict.fromkeys(graph, WHITE)
    for start in sorted(graph):
        if colour[start] != WHITE:
            continue
        path = [start]
        stack = [iter(sorted(graph[start]))]
        colour[start] = GREY
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                colour[path.pop()] = BLACK
                stack.pop()
            elif colour.get(nxt, BLACK) == GREY:
                return path[path.index(nxt):] + [nxt]
            elif colour.get(nxt) == WHITE:
                colour[nxt] = GREY
                path.append(nxt)
                stack.append(iter(sorted(graph[nxt])))
    return None


def reaches(graph: Graph, start: str, goal: str) -> bool:
    seen, todo = {start}, [start]
    while todo:
        for nxt in graph[todo.pop()]:
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


@pytest.fixture(scope="module")
def graph() -> Graph:
    return import_graph(ROOT, PACKAGE)


def test_the_engine_imports_form_no_cycle(graph):
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_rules_module_reaches_its_view(graph):
    """A game's view reads its State; the rules never import the view, not even
    through another module (the Game wrapper, game.py, joins the two)."""
    games = [name.rsplit(".", 1)[0] for name in graph if name.endswith(".rules")]
    assert len(games) >= 3, games
    for game in games:
        view = f"{game}.view"
        if view in graph:
            assert not reaches(graph, f"{game}.rules", view), f"{game}.rules imports {view}"


def test_the_reader_finds_the_engine_and_its_known_edges(graph):
    """The graph is of the real modules, so a test of it means something."""
    for name in ("pygame_core", "pygame_core.bridge", "pygame_core.protocol", "pygame_core.hanabi.search",
                 "pygame_core.hanamikoji.view", "pygame_core.koikoi.rules"):
        assert name in graph, name
    assert "pygame_core.protocol" in graph["pygame_core.bridge"]
    assert "pygame_core" in graph["pygame_core.bridge"]  # `from . import __version__`
    assert "pygame_core.hanabi" in graph["pygame_core.games"]  # `from . import hanabi`: the subpackage
    assert "pygame_core.hanamikoji.rules" in graph["pygame_core.hanamikoji.view"]


FAKE = {
    "pkg/__init__.py": "from .a import A\n",
    "pkg/a.py": "from . import b\nA = 1\n",
    "pkg/b.py": "def f():\n    from .c import g\n",
    "pkg/c.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .sub import deep\n"
                 "from . import VALUE\n"),
    "pkg/sub/__init__.py": "",
    "pkg/sub/deep.py": "import pkg.a\nfrom .. import c\nfrom ..sub import leaf\nimport json\n",
    "pkg/sub/leaf.py": "class Leaf:\n    def m(self):\n        import pkg.sub.deep\n",
}


def test_the_reader_resolves_relative_lazy_and_type_checking_imports(tmp_path):
    for name, text in FAKE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = import_graph(tmp_path, "pkg")
    assert graph == {
        "pkg": {"pkg.a"},
        "pkg.a": {"pkg.b"},  # `from . import b`: the submodule, not the package
        "pkg.b": {"pkg.c"},  # inside a function
        "pkg.c": {"pkg.sub", "pkg.sub.deep", "pkg"},  # under TYPE_CHECKING; `from . import VALUE`: the package
        "pkg.sub": set(),
        "pkg.sub.deep": {"pkg.a", "pkg.c", "pkg.sub", "pkg.sub.leaf"},
        "pkg.sub.leaf": {"pkg.sub.deep"},  # in a method
    }
    cycle = find_cycle(graph)
    assert cycle is not None and cycle[0] == cycle[-1]
    assert all(b in graph[a] for a, b in zip(cycle, cycle[1:]))
    assert find_cycle({"x": {"y"}, "y": set(), "z": {"x", "y"}}) is None
    assert reaches(graph, "pkg.a", "pkg.sub.leaf") and not reaches(graph, "pkg.sub", "pkg.a")
