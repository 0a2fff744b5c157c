"""Convert Math-Verify's own regression tests (github.com/huggingface/Math-Verify, tests/, MIT licence) into rows.

The peer's suite is our second external check (issue 12): every `@pytest.mark.parametrize` case of a gold/pred
comparison becomes one row {"id", "gold", "pred", "expected", "match_types", "options", "include", "why"}; the
test files are read with `ast` (the values are literals; nothing of theirs is imported or run). Cases that test one
of math-verify's internal options are kept in the file but marked `include: false` with the reason:
a `precision` other than its default 6 that the case depends on, `strict=False`, `allow_set_relation_comp=True`, and
the files that test its configuration objects (test_configs, test_timeout, test_raise_on_error,
test_string_extraction, the non-parametrised test_precision). Everything else is included.

    git clone https://github.com/huggingface/Math-Verify /tmp/Math-Verify      # commit 5d148cf (2025-07-02)
    .venv/bin/python tests/corpus/convert_math_verify_tests.py /tmp/Math-Verify/tests

Output: tests/corpus/math_verify_suite.jsonl (scored by bench/verify_agreement.py and tests/test_verify_corpus.py).
"""

from __future__ import annotations

import ast
import json
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OPTION_FILES = {
    "test_configs.py": "tests math-verify's extraction configuration objects",
    "test_timeout.py": "tests math-verify's timeout option",
    "test_raise_on_error.py": "tests math-verify's raise_on_error option",
    "test_string_extraction.py": "tests math-verify's StringExtractionConfig (no gold/pred comparison)",
}
PRECISION_SENSITIVE = {"test_complex_math_expressions"}  # its rows carry their own float_rounding


def _value(node: ast.AST):
    """A literal, or the one non-literal the suite uses: f"{math.sqrt(17):.15f}"."""
    try:
        return ast.literal_eval(node)
    except ValueError:
        pass
    if isinstance(node, ast.JoinedStr):
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(part.value)
                continue
            call = part.value
            assert isinstance(call, ast.Call) and ast.unparse(call.func) == "math.sqrt", ast.unparse(node)
            spec = "".join(c.value for c in part.format_spec.values) if part.format_spec else ""
            out.append(format(math.sqrt(ast.literal_eval(call.args[0])), spec))
        return "".join(out)
    raise ValueError(f"not a literal: {ast.unparse(node)}")


def _call_options(fn: ast.FunctionDef) -> dict:
    """Keywords of the compare_strings(...) call in the test body (literal values or parameter names)."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "compare_strings":
            return {
                kw.arg: (("param", kw.value.id) if isinstance(kw.value, ast.Name) else _value(kw.value))
                for kw in node.keywords
            }
    return {}


def convert(src: Path) -> list[dict]:
    rows = []
    for path in sorted(src.glob("test_*.py")):
        tree = ast.parse(path.read_text())
        for fn in tree.body:
            if not isinstance(fn, ast.FunctionDef):
                continue
            for dec in fn.decorator_list:
                if not (isinstance(dec, ast.Call) and ast.unparse(dec.func) == "pytest.mark.parametrize"):
                    continue
                names = [n.strip() for n in _value(dec.args[0]).split(",")]
                if "gold" not in names:
                    continue
                options = _call_options(fn)
                for k, case in enumerate(dec.args[1].elts):
                    values = dict(zip(names, (_value(e) for e in case.elts), strict=True))
                    opts = {
                        key: values[v[1]] if isinstance(v, tuple) else v
                        for key, v in options.items()
                        if key != "match_types"
                    }
                    for extra in ("strict", "precision", "allow_set_relation_comp"):
                        if extra in values:
                            opts[extra] = values[extra]
                    why = OPTION_FILES.get(path.name)
                    if opts.get("strict") is False:
                        why = "tests math-verify's strict=False option"
                    elif opts.get("allow_set_relation_comp") is True:
                        why = "tests math-verify's allow_set_relation_comp=True option"
                    elif fn.name in PRECISION_SENSITIVE and opts.get("precision", 6) != 6:
                        why = f"tests math-verify's float_rounding={opts['precision']} option"
                    rows.append(
                        {
                            "id": f"{path.name}::{fn.name}[{k}]",
                            "gold": values["gold"],
                            "pred": values["pred"],
                            "expected": bool(values.get("expected", values.get("result"))),
                            "match_types": options.get("match_types", ["latex", "expr"]),
                            "options": opts,
                            "include": why is None,
                            "why": why or "",
                        }
                    )
    return rows


def main() -> None:
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/Math-Verify/tests")
    rows = convert(src)
    out = HERE / "math_verify_suite.jsonl"
    with out.open("w") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    kept = sum(r["include"] for r in rows)
    print(f"{len(rows)} cases, {kept} included, {len(rows) - kept} left out (options) -> {out}")


if __name__ == "__main__":
    main()
