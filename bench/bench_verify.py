"""Verifier throughput and accuracy: grpo_cli.verify against math-verify, on the same inputs, in the same run.

Workloads (from ../shared/data when it is there; the labelled cases alone otherwise):
  gsm8k   GSM8K test solutions turned into completions in four styles (the worked solution ending '#### N',
          R1 format <think>...</think><answer>N</answer>, 'The answer is N.', \\boxed{N}); every other problem
          carries a wrong final number. Reference: the parsed number.
  gsm8k_short  the simple case: the same numbers as one line, 'The final answer is $\\boxed{N}$.'.
  math    MATH-500: each solution as a completion against its own `answer` (correct) and against the next
          problem's answer (wrong).
  symbolic  answers only sympy can decide (integrals, sums, limits, inequalities against intervals): the cost of
          our bounded worker round-trip against math-verify's in-process sympy, on the same pairs.
  labelled  tests/verify_cases.py: behaviours with known labels (accuracy only).
Both tools run single-process in the main thread, one verification per (completion, reference) pair, caches cleared
before each timed pass. math-verify is called as its README shows: verify(parse("$ref$"), parse(completion)), with
its default (signal-based) timeouts. Our symbolic workers are started before timing (a one-time ~1 s cost).

    .venv/bin/python bench/bench_verify.py         # prints the table quoted in docs/verifiers.md (--json for JSON)
    make bench                                      # the same as a pytest that checks the targets
"""

from __future__ import annotations

import json
import logging
import os
import random
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GRPO_SHARED_DIR", REPO.parent / "shared"))
sys.path.insert(0, str(REPO / "tests"))

from verify_cases import GSM8K_CASES, MATH_CASES  # noqa: E402


def _read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def gsm8k_workload(limit: int = 0) -> list[tuple[str, str, bool]]:
    path = SHARED / "data" / "gsm8k" / "test.jsonl"
    if not path.exists():
        return [(c, r, bool(e)) for c, r, e, _ in GSM8K_CASES] * 20
    from grpo_cli.data import clean_gsm8k_solution

    rows = _read_jsonl(path)[: limit or None]
    items = []
    for i, row in enumerate(rows):
        ref = row["answer"].rsplit("####", 1)[1].strip().replace(",", "")
        good = i % 2 == 0
        said = ref if good else str(int(ref) + 1)
        reasoning = clean_gsm8k_solution(row["answer"])
        style = i % 4 if good else (i // 2) % 4
        if style == 0:
            completion = row["answer"] if good else row["answer"].rsplit("####", 1)[0] + f"#### {said}"
        elif style == 1:
            completion = f"<think>{reasoning}</think>\n<answer>{said}</answer>"
        elif style == 2:
            completion = f"{reasoning}\nThe answer is {said}."
        else:
            completion = f"{reasoning}\nSo the final answer is $\\boxed{{{said}}}$."
        items.append((completion, ref, good))
    return items


def gsm8k_short_workload(limit: int = 0) -> list[tuple[str, str, bool]]:
    """The simple case: one short line per completion, 'The final answer is $\\boxed{N}$.'."""
    return [
        (rf"The final answer is $\boxed{{{ref if good else int(ref) + 1}}}$.", ref, good)
        for _, ref, good in gsm8k_workload(limit)
    ]


def math_workload(limit: int = 0) -> list[tuple[str, str, bool]]:
    path = SHARED / "data" / "math500" / "test.jsonl"
    if not path.exists():
        return [(c, r, bool(e)) for c, r, e, _ in MATH_CASES] * 5
    rows = _read_jsonl(path)[: limit or None]
    items = [(r["solution"], r["answer"], True) for r in rows]
    shifted = rows[1:] + rows[:1]

    def bare(answer: str) -> str:  # 'x=5' and '5' are the same answer: such neighbours are left out
        return re.sub(r"^[a-z]\s*=\s*|\s+", "", answer)

    items += [
        (r["solution"], other["answer"], False)
        for r, other in zip(rows, shifted, strict=True)
        if bare(r["answer"]) != bare(other["answer"])
    ]
    return items


# Pairs the fast path hands to the symbolic workers (checked by tests/test_verify_math.py).
SYMBOLIC = [
    (r"\boxed{(2,\infty)}", "x > 2", True),
    (r"\boxed{(-\infty, 3]}", r"x \le 3", True),
    (r"\boxed{[1, \infty)}", "x > 1", False),
    (r"\boxed{\int_0^1 x\,dx}", r"\frac12", True),
    (r"\boxed{\int_0^2 x\,dx}", r"\frac12", False),
    (r"\boxed{\sum_{k=1}^{10} k}", "55", True),
    (r"\boxed{\sum_{k=1}^{10} k^2}", "55", False),
    (r"\boxed{\lim_{x\to 0} \frac{\sin x}{x}}", "1", True),
    (r"\boxed{\frac{d}{dx} x^3}", "3x^2", True),
    (r"\boxed{\frac{d}{dx} x^3}", "x^2", False),
]


# Different expressions of the same kinds, run through both tools untimed: ANTLR and sympy build their caches lazily,
# and our workers are fresh processes while math-verify's process is warm from the other workloads.
WARMUP = [
    (r"\boxed{(3,\infty)}", "x > 3", True),
    (r"\boxed{(-\infty, 4]}", r"x \le 4", True),
    (r"\boxed{\int_0^3 x\,dx}", r"\frac92", True),
    (r"\boxed{\sum_{k=1}^{5} k}", "15", True),
    (r"\boxed{\lim_{x\to 0} \frac{\tan x}{x}}", "1", True),
    (r"\boxed{\frac{d}{dx} x^4}", "4x^3", True),
]


def _clear_math_verify_caches() -> None:
    from math_verify import parser

    for fn in (parser.parse_latex_cached, parser.parse_expr_cached, parser.extract_latex):
        fn.cache_clear()


def _clear_our_caches() -> None:
    from grpo_cli.verify import gsm8k, latex, math_task

    latex._parse_cached.cache_clear()
    gsm8k.reference_number.cache_clear()
    math_task.CACHE.data.clear()


def run_ours(items, task: str) -> tuple[float, list[bool | None]]:
    from grpo_cli.verify import verify

    _clear_our_caches()
    start = time.perf_counter()
    out = [verify(c, r, task).correct for c, r, _ in items]
    return time.perf_counter() - start, out


def run_math_verify(items, task: str) -> tuple[float, list[bool]]:
    from math_verify import parse, verify

    _clear_math_verify_caches()
    start = time.perf_counter()
    out = []
    for completion, ref, _ in items:
        try:
            out.append(bool(verify(parse(f"${ref}$"), parse(completion))))
        except Exception:
            out.append(False)
    return time.perf_counter() - start, out


def _accuracy(results, items) -> float:
    return sum(bool(r) == label for r, (_, _, label) in zip(results, items, strict=True)) / len(items)


def measure(gsm8k_limit: int = 0, math_limit: int = 0) -> dict:
    logging.disable(logging.WARNING)  # math-verify logs a warning per timeout-free call path
    from grpo_cli.verify import verify_batch

    verify_batch([c for c, _, _ in WARMUP], [r for _, r, _ in WARMUP], "math")  # start and warm our workers
    run_math_verify(WARMUP, "math")
    out: dict = {"data": str(SHARED / "data") if (SHARED / "data").exists() else "labelled cases only"}
    workloads = (
        ("gsm8k", gsm8k_workload(gsm8k_limit)),
        ("gsm8k_short", gsm8k_short_workload(gsm8k_limit)),
        ("math", math_workload(math_limit)),
        ("symbolic", SYMBOLIC),
    )
    for name, items in workloads:
        task = "gsm8k" if name.startswith("gsm8k") else "math"
        ours_s, ours = run_ours(items, task)
        mv_s, mv = run_math_verify(items, task)
        out[name] = {
            "items": len(items),
            "ours_per_s": len(items) / ours_s,
            "math_verify_per_s": len(items) / mv_s,
            "ratio": mv_s / ours_s,
            "ours_accuracy": _accuracy(ours, items),
            "math_verify_accuracy": _accuracy(mv, items),
        }
    for name, cases in (("labelled_gsm8k", GSM8K_CASES), ("labelled_math", MATH_CASES)):
        items = [(c, r, bool(e)) for c, r, e, _ in cases]
        task = "gsm8k" if name.endswith("gsm8k") else "math"
        _, ours = run_ours(items, task)
        _, mv = run_math_verify(items, task)
        out[name] = {
            "cases": len(items),
            "ours_correct": sum(bool(r) == e for r, (_, _, e) in zip(ours, items, strict=True)),
            "math_verify_correct": sum(bool(r) == e for r, (_, _, e) in zip(mv, items, strict=True)),
        }
    return out


def table(res: dict) -> str:
    lines = [
        f"data: {res['data']}",
        "",
        "| workload | items | grpo_cli.verify /s | math-verify /s | ratio | accuracy grpo | accuracy math-verify |",
        "|---|---|---|---|---|---|---|",
    ]
    for name in ("gsm8k", "gsm8k_short", "math", "symbolic"):
        r = res[name]
        lines.append(
            f"| {name} | {r['items']} | {r['ours_per_s']:,.0f} | {r['math_verify_per_s']:,.0f} | {r['ratio']:.1f}x | "
            f"{100 * r['ours_accuracy']:.1f}% | {100 * r['math_verify_accuracy']:.1f}% |"
        )
    lines += ["", "| labelled cases | cases | grpo_cli.verify right | math-verify right |", "|---|---|---|---|"]
    for name in ("labelled_gsm8k", "labelled_math"):
        r = res[name]
        lines.append(f"| {name.split('_')[1]} | {r['cases']} | {r['ours_correct']} | {r['math_verify_correct']} |")
    return "\n".join(lines)


def test_verifier_beats_math_verify():
    """Targets (issue 3): >= 2x math-verify's throughput on GSM8K-style completions, no slower on MATH-style, and
    at least its accuracy on the labelled cases."""
    random.seed(0)
    res = measure()
    print("\n" + table(res))
    assert res["gsm8k"]["ratio"] >= 2.0
    assert res["gsm8k_short"]["ratio"] >= 2.0
    assert res["math"]["ratio"] >= 1.0
    for name in ("labelled_gsm8k", "labelled_math"):
        assert res[name]["ours_correct"] >= res[name]["math_verify_correct"]
    assert res["gsm8k"]["ours_accuracy"] >= res["gsm8k"]["math_verify_accuracy"]
    assert res["math"]["ours_accuracy"] >= res["math"]["math_verify_accuracy"]


if __name__ == "__main__":
    result = measure()
    print(json.dumps(result, indent=2) if "--json" in sys.argv else table(result))
