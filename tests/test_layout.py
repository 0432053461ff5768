"""The integration's layout: modules and subpackages import one way, prose at core's density,
the tests in a folder per package.

Every ``from . import`` counts, also those under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
import json
from pathlib import Path
from typing import Final

import custom_components.llm_hub
from homeassistant.util.yaml import load_yaml_dict

PACKAGE = Path(custom_components.llm_hub.__file__).parent

SUBPACKAGES: Final = (
    "compose",
    "calls",
    "confirm",
    "search",
    "scope",
    "ui_tools",
    "panel",
    "schema",
    "targets",
)
MAX_DOCSTRING_SHARE: Final = 0.09
"""Most docstring lines per function line (core: ``mcp_server`` 8.5 %, ``helpers/llm`` 6.4 %)."""
MAX_MODULE_DOCSTRING_LINES: Final = 10


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
    assert "llm_hub.calls.tool" in graph["llm_hub.compose.builder"]  # the graph is read

    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as err:  # pragma: no cover  # shown when the test fails
        raise AssertionError(f"import circle: {err.args[1]}") from err
    assert order.index("llm_hub.calls.tool") < order.index("llm_hub.api")


def _node(module: str) -> str:
    """Return the node of ``module`` among packages: its subpackage, or itself at the root."""
    return ".".join(module.split(".")[:2])


def test_no_package_circle() -> None:
    """The subpackages and the root modules form no circle of imports between them."""
    graph: dict[str, set[str]] = {}
    for module, imported in _imports().items():
        graph.setdefault(_node(module), set()).update(_node(name) for name in imported)
    for node, imported in graph.items():
        imported.discard(node)
    assert {f"llm_hub.{name}" for name in SUBPACKAGES} | {"llm_hub", "llm_hub.api"} <= set(graph)
    assert "llm_hub.schema" in graph["llm_hub.compose"]  # the graph is read
    assert "llm_hub.compose" not in graph["llm_hub.search"]

    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as err:
        raise AssertionError(f"package circle: {err.args[1]}") from err
    layers = [order.index(f"llm_hub.{name}") for name in ("schema", "calls", "compose", "api")]
    assert layers == sorted(layers)


def test_targets_imports_none_of_its_askers() -> None:
    """``targets/`` answers what a call acts on for the others: it imports none of them."""
    imported = {
        _node(name)
        for module, names in _imports().items()
        if _node(module) == "llm_hub.targets"
        for name in names
    }
    assert "llm_hub.options" in imported  # the graph is read

    assert imported.isdisjoint(
        {"llm_hub.calls", "llm_hub.confirm", "llm_hub.ui_tools", "llm_hub.scope"}
    )


def _docstring_lines(node: ast.Module | ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Return the lines of the docstring of a module or function (its first statement), or 0."""
    first = node.body[0] if node.body else None
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        return (first.end_lineno or first.lineno) - first.lineno + 1
    return 0


def _trees() -> dict[str, ast.Module]:
    """Return the parsed modules of the package by path inside it."""
    return {
        str(path.relative_to(PACKAGE)): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def test_docstring_share() -> None:
    """Docstrings are at most ``MAX_DOCSTRING_SHARE`` of the lines of functions, nested too."""
    function_lines = docstring_lines = 0
    for tree in _trees().values():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                function_lines += (node.end_lineno or node.lineno) - node.lineno + 1
                docstring_lines += _docstring_lines(node)
    assert function_lines > 1000  # the package is read

    share = docstring_lines / function_lines
    assert share <= MAX_DOCSTRING_SHARE, (
        f"docstrings are {share:.1%} of function lines ({docstring_lines} of {function_lines})"
    )


def test_module_docstrings_short() -> None:
    """Every module opens with a docstring of at most ``MAX_MODULE_DOCSTRING_LINES`` lines."""
    lines = {path: _docstring_lines(tree) for path, tree in _trees().items()}
    assert "compose/names.py" in lines  # the package is read

    assert {path: n for path, n in lines.items() if not 0 < n <= MAX_MODULE_DOCSTRING_LINES} == {}


ARCHITECTURE = PACKAGE.parents[1] / "docs" / "architecture.md"


def _summary(path: Path) -> str:
    """Return the first line of a module's docstring (its summary line)."""
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return docstring.splitlines()[0] if docstring else ""


def _module_table() -> list[str]:
    """Return the module table as it should read: each package's modules in import order."""
    graph = _imports()
    nodes: dict[str, set[str]] = {}
    for module, imported in graph.items():
        nodes.setdefault(_node(module), set()).update(_node(name) for name in imported)
    paths = {_module(path): path for path in PACKAGE.rglob("*.py")}
    rows = []
    for node in TopologicalSorter({n: i - {n} for n, i in nodes.items()}).static_order():
        members = {m: graph[m] & set(graph) for m in graph if _node(m) == node}
        for module in TopologicalSorter(members).static_order():
            if module in members:
                path = paths[module]
                rows.append(f"| `{path.relative_to(PACKAGE)}` | {_summary(path)} |")
    return rows


def test_architecture_lists_every_module() -> None:
    """docs/architecture.md lists every module once, in import order, with its summary line."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    listed = [line for line in text.splitlines() if line.startswith("| `") and ".py` |" in line]
    expected = _module_table()
    assert len(expected) > 40  # the package is read
    table = "\n".join(expected)

    assert sorted(listed) == sorted(expected), f"docs/architecture.md should list:\n{table}"
    position = {line.split("`")[1]: index for index, line in enumerate(listed)}
    graph = _imports()
    paths = {_module(path): str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")}
    late = [
        (paths[module], paths[other])
        for module, imported in graph.items()
        for other in imported
        if position[paths[other]] > position[paths[module]]
    ]
    assert late == [], f"listed before what it imports; in import order:\n{table}"


TESTS = Path(__file__).parent


def test_tests_mirror_the_packages() -> None:
    """Each folder of tests is a product package's (``tests/<package>/``) or ``helpers``."""
    packages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert packages == set(SUBPACKAGES)  # the package is read

    folders = {
        str(path.parent.relative_to(TESTS)) for path in TESTS.rglob("*.py") if path.parent != TESTS
    }
    assert folders == {*SUBPACKAGES, "helpers"}


def _imported_modules(path: Path) -> set[str]:
    """Return the last part of every module of the tests a file imports (``from . import x``: x)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(
                alias.name.rpartition(".")[2]
                for alias in node.names
                if alias.name.startswith("tests.")
            )
        elif isinstance(node, ast.ImportFrom) and (
            node.level or (node.module or "").startswith("tests")
        ):
            if node.module:
                names.add(node.module.rpartition(".")[2])
            names.update(alias.name for alias in node.names)
    return names


def test_no_test_module_imports_another() -> None:
    """Tests share through ``tests/helpers/`` and conftest.py, never by importing a test module."""
    files = sorted(TESTS.rglob("*.py"))
    assert TESTS / "helpers" / "hubs.py" in files  # the tests are read

    imports = {
        str(path.relative_to(TESTS)): sorted(
            name for name in _imported_modules(path) if name.startswith("test_")
        )
        for path in files
    }
    assert {path: names for path, names in imports.items() if names} == {}


def test_quality_scale_names_the_manifests_requirements() -> None:
    """``dependency-transparency`` names each requirement of manifest.json with its version,
    and counts them in words."""
    manifest = json.loads((PACKAGE / "manifest.json").read_text(encoding="utf-8"))
    rules = load_yaml_dict(PACKAGE / "quality_scale.yaml")["rules"]
    comment = " ".join(rules["dependency-transparency"]["comment"].split())
    requirements = [line.split("==") for line in manifest["requirements"]]
    counts = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}

    assert comment.startswith(f"{counts[len(requirements)]} requirements")
    assert [name for name, version in requirements if f"{name} {version}" not in comment] == []
