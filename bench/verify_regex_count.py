"""How many regular expressions the verifier holds, per module (issue 38: a change should remove at least as many
special cases as it adds).

Two counts, read from the source with `ast` (nothing is imported, so any commit's tree can be counted):
  compiled  `re.compile(...)` calls (module level or not): the named patterns;
  inline    `re.search(r"...")`, `re.sub(...)`, ... called with a pattern written in place (a string literal or a
            concatenation): the unnamed ones.

    .venv/bin/python bench/verify_regex_count.py                 # this tree
    .venv/bin/python bench/verify_regex_count.py --rev 06a8c19   # another commit's src/grpo_cli/verify
    .venv/bin/python bench/verify_regex_count.py --json
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FOLDER = "src/grpo_cli/verify"
INLINE = {"search", "match", "fullmatch", "sub", "subn", "split", "findall", "finditer"}


def _is_re_call(node: ast.AST, names: set[str]) -> bool:
    f = node.func if isinstance(node, ast.Call) else None
    return isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "re" and f.attr in names


def _literal(node: ast.AST) -> bool:
    """A pattern written in place: a string, or strings joined with `+`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and _literal(node.left) and _literal(node.right)


def count(source: str) -> dict[str, int]:
    tree = ast.parse(source)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    compiled = sum(_is_re_call(n, {"compile"}) for n in calls)
    inline = sum(_is_re_call(n, INLINE) and bool(n.args) and _literal(n.args[0]) for n in calls)
    return {"compiled": compiled, "inline": inline, "lines": len(source.splitlines())}


def sources(rev: str | None) -> dict[str, str]:
    if rev is None:
        return {str(p.relative_to(REPO / FOLDER)): p.read_text() for p in sorted((REPO / FOLDER).rglob("*.py"))}
    names = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", rev, FOLDER], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()

    def show(name: str) -> str:
        return subprocess.run(
            ["git", "show", f"{rev}:{name}"], cwd=REPO, capture_output=True, text=True, check=True
        ).stdout

    return {name.removeprefix(FOLDER + "/"): show(name) for name in names if name.endswith(".py")}


def main() -> None:
    rev = sys.argv[sys.argv.index("--rev") + 1] if "--rev" in sys.argv else None
    per = {name: count(text) for name, text in sources(rev).items()}
    total = {k: sum(c[k] for c in per.values()) for k in ("compiled", "inline", "lines")}
    if "--json" in sys.argv:
        print(json.dumps({"modules": per, "total": total}, indent=2))
        return
    print("| module | lines | compiled | inline |\n|---|---|---|---|")
    for name, c in per.items():
        print(f"| {name} | {c['lines']} | {c['compiled']} | {c['inline']} |")
    print(f"| **total** | {total['lines']} | {total['compiled']} | {total['inline']} |")


if __name__ == "__main__":
    main()
