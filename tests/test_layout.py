"""The integration's modules import one another one way: no import circle.

Every ``from . import`` counts, also those under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import custom_components.llm_hub

PACKAGE = Path(custom_components.llm_hub.__file__).parent


def _module(path: Path) -> str:
    """Return the dotted name of a module file inside the package."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Return, per module of the package, the package's modules it imports."""
    modules = {_module(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not node.level:
                continue
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            target = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                if (candidate := f"{target}.{alias.name}") in modules or (
                    candidate := target
                ) in modules:
                    imported.add(candidate)
        graph[name] = imported - {name}
    return graph


def test_no_import_circle() -> None:
    """The modules form no circle of imports (a circle fails ``static_order``)."""
    graph = _imports()
    assert "llm_hub.calls.tool" in graph["llm_hub.build.builder"]  # the graph is read

    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as err:  # pragma: no cover  # shown when the test fails
        raise AssertionError(f"import circle: {err.args[1]}") from err
    assert order.index("llm_hub.calls.tool") < order.index("llm_hub.api")


def test_no_package_circle() -> None:
    """The subpackages import one another one way too (``search`` never imports ``build``)."""
    packages: dict[str, set[str]] = {}
    for module, imported in _imports().items():
        parts = module.split(".")
        if len(parts) > 2:
            packages.setdefault(parts[1], set()).update(
                other.split(".")[1]
                for other in imported
                if len(other.split(".")) > 2 and other.split(".")[1] != parts[1]
            )
    assert "search" in packages["build"]  # the graph is read
    assert "build" not in packages["search"]

    try:
        list(TopologicalSorter(packages).static_order())
    except CycleError as err:  # pragma: no cover  # shown when the test fails
        raise AssertionError(f"package circle: {err.args[1]}") from err
