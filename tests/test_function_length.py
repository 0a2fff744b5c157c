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
# Over the bound until the branch that reshapes each splits it (issue 40, phase two). Shrinks, never grows: a module
# listed here that is back under the bound fails the test below, so it leaves the list.
BEING_SPLIT = {
    "src/grpo_cli/config.py": "branch `user` reshapes it (the recipe's TRL keys); split after it lands",
}


def test_no_module_is_over_800_lines():
    sizes = {str(p.relative_to(REPO)): len(p.read_text().splitlines()) for p in (REPO / "src").rglob("*.py")}
    over = sorted(
        f"{name} ({n} lines)" for name, n in sizes.items() if n > MAX_MODULE_LINES and name not in BEING_SPLIT
    )
    assert not over, "split these along what they hold: " + ", ".join(over)
    done = sorted(name for name in BEING_SPLIT if sizes.get(name, 0) <= MAX_MODULE_LINES)
    assert not done, f"under {MAX_MODULE_LINES} lines now: take them out of BEING_SPLIT: {done}"
