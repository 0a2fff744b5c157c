"""Imports run one way (docs/architecture.md): no cycle among grpo_cli's modules, counting the imports inside
functions; config imports nothing downstream; the stages never import the live view or the commands."""

from __future__ import annotations

import ast

from conftest import REPO

SRC = REPO / "src"


def _module_name(path) -> str:
    return ".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")


def _imports(path, name: str, modules: set[str]) -> set[str]:
    """grpo_cli modules `path` imports anywhere in its body (outside `if TYPE_CHECKING:`)."""
    found: set[str] = set()
    tree = ast.parse(path.read_text())
    skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.dump(node.test)
            for n in ast.walk(node)}  # fmt: skip
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            for a in node.names:
                found.add(f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base)
    return {m for m in found if m in modules and m not in (name, "grpo_cli")}


def import_graph() -> dict[str, set[str]]:
    paths = {_module_name(p): p for p in (SRC / "grpo_cli").rglob("*.py")}
    return {name: _imports(path, name, set(paths)) for name, path in paths.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return stack[stack.index(dep) :] + [dep]
            if dep not in state and (found := visit(dep)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_graph_sees_lazy_imports():
    graph = import_graph()
    assert "grpo_cli.observe.live" in graph["grpo_cli.commands.train"]  # imported inside a function
    assert "grpo_cli.config" in graph["grpo_cli.observe.alarms"]


def test_no_import_cycle():
    assert _cycle(import_graph()) is None


def test_a_cycle_is_found():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_config_imports_nothing_downstream():
    graph = import_graph()
    assert graph["grpo_cli.config"] <= {"grpo_cli.errors", "grpo_cli.formulas"}
    assert graph["grpo_cli.formulas"] == set()


def test_stages_do_not_import_the_live_view_or_the_commands():
    for name, deps in import_graph().items():
        if name.startswith("grpo_cli.stages"):
            assert not {d for d in deps if d == "grpo_cli.observe.live" or d.startswith("grpo_cli.commands")}, name
