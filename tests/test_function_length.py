"""No function in src/ is over 80 lines (docs/architecture.md, the house rules): a long function is split into the
steps it reads as."""

from __future__ import annotations

import ast

from conftest import REPO

MAX_LINES = 80


def long_functions(source: str) -> list[tuple[str, int]]:
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 > MAX_LINES
    ]


def test_the_check_can_fail():
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES))
    assert long_functions(f"def f():\n{body}\n") == [("f", MAX_LINES + 1)]
    assert long_functions("def g():\n    return 1\n") == []


def test_no_function_is_over_80_lines():
    found = [
        f"{path.relative_to(REPO)}:{name} ({lines} lines)"
        for path in sorted((REPO / "src").rglob("*.py"))
        for name, lines in long_functions(path.read_text())
    ]
    assert not found, "split these: " + ", ".join(found)


MAX_MODULE_LINES = 800


def test_no_module_is_over_800_lines():
    """Issue 40: a module over the bound becomes a package of modules named for what they hold (config/, estimate/,
    observe/report/, verify/'s rule families)."""
    sizes = {str(p.relative_to(REPO)): len(p.read_text().splitlines()) for p in (REPO / "src").rglob("*.py")}
    over = sorted(f"{name} ({n} lines)" for name, n in sizes.items() if n > MAX_MODULE_LINES)
    assert not over, "split these along what they hold: " + ", ".join(over)
