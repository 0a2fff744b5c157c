"""Fault injection, round two (issue 31): the verifier's deadline covers every path, the fast path included.

A completion longer than verify.row.INLINE_CHARS is read whole (extraction, preparation, the symbolic check) in a
bounded worker: a hostile one ends as `timeout` when its deadline passes instead of holding the caller, in
`verify_batch`, in the accuracy reward and in `grpo verify` (which counts it in `timeouts`). Verdicts do not depend
on where a row ran. No timing thresholds here: bench/bench_verify_fuzz.py measures the times.
"""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from grpo_cli import recipes
from grpo_cli.rewards import build_reward_funcs
from grpo_cli.verify import arithmetic, math_task, row, shutdown, verify_batch

grpo = run_cli

# 60 KB: took 46-86 s in the calling process with timeout 1 s (issue 31), quadratic in its length.
TOWER = "<answer>" + "^".join(["2"] * 30_000) + "</answer>"


@pytest.fixture(scope="module", autouse=True)
def _stop_workers():
    yield
    shutdown()


# 64 KB of display math: over a second of the math task's fast path (bench/bench_verify_fuzz.py, 'display-math').
DISPLAY = "$$x=1$$\n" * 8192


@pytest.mark.parametrize("task, text", [("gsm8k", TOWER), ("math", DISPLAY)], ids=["gsm8k-tower", "math-display"])
def test_a_hostile_long_completion_ends_at_its_deadline(task, text):
    # 10 ms cannot fit the read (the fast path alone takes seconds): before, the caller read it anyway and answered
    # after the whole read, with no timeout counted.
    [verdict] = verify_batch([text], ["4"], task, timeout=0.01)
    assert (verdict.correct, verdict.reason) == (False, "timeout")


def test_the_accuracy_reward_counts_the_timeout():
    logged = {}
    funcs, _ = build_reward_funcs(recipes.load("tiny", ["reward_options.verify_timeout=0.01"]))
    accuracy = next(f for f in funcs if f.__name__ == "accuracy")
    scores = accuracy(
        [TOWER, "<answer>4</answer>"], answer=["4", "4"], log_metric=lambda k, v: logged.__setitem__(k, v)
    )
    assert scores == [0.0, 1.0] and logged["verify/timeout_frac"] == 0.5


def test_grpo_verify_counts_a_long_row_as_a_timeout_and_scores_the_rest(tmp_path):
    rows = tmp_path / "rows.jsonl"
    rows.write_text(
        json.dumps({"completion": TOWER, "answer": "4"}) + "\n" + json.dumps({"completion": "#### 4", "answer": "4"})
    )
    proc = grpo("verify", str(rows), "--timeout", "0.01", "--json", "--out", str(tmp_path / "out.jsonl"))
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert (summary["rows"], summary["timeouts"], summary["correct"]) == (2, 1, 1)


PAD = "Let me restate the problem and think it through slowly before answering. " * 40  # ~2.9 KB of prose


@pytest.mark.parametrize(
    "completion, reference, task",
    [
        ("so she has <answer>72</answer>", "72", "gsm8k"),
        ("She pays $5 + $3 = $8.\n#### 8", "9", "gsm8k"),
        (r"Thus the answer is $\boxed{\frac{9}{5}}$.", r"1\frac{4}{5}", "math"),
        (r"So \boxed{\int_0^1 x\,dx}", r"\frac12", "math"),  # needs the symbolic check inside the worker
        ("no answer here", "3", "math"),
    ],
)
def test_a_row_gets_the_same_verdict_in_a_worker_as_in_the_caller(completion, reference, task):
    long_text = PAD + completion
    assert not row.inline(long_text, reference)  # it goes to a worker
    math_task.CACHE.data.clear()
    [in_worker] = verify_batch([long_text], [reference], task, timeout=30)
    found = row.fast_path(long_text, reference, task, "flexible", True)  # the same code in this process
    if isinstance(found, tuple):
        [symbolic] = verify_batch([found[1]], [found[0]], task, timeout=30)  # the answer alone, inline + symbolic
        assert (in_worker.correct, in_worker.reason) == (symbolic.correct, symbolic.reason)
        assert in_worker.extracted == found[2]
    else:
        assert in_worker == found


def test_a_completion_too_large_to_read_is_refused_unread():
    huge = "9" * (row.MAX_CHARS + 1)
    assert [(v.correct, v.reason) for v in verify_batch([huge, "4"], ["4", huge], "gsm8k")] == [
        (False, "too_long"),
        (None, "bad_reference"),
    ]


def test_a_long_equation_chain_in_the_steps_reward_is_linear():
    # 'x = x = ... = 1' (64 KB) took 80 s in the arithmetic step scorer: the operator before each '=' run was
    # searched for in the whole text before it. The claims found stay the same.
    assert arithmetic.find_claims("x = " * 16_000 + "1") == []
    assert [c.holds for c in arithmetic.find_claims("Then 3 * 4 = 12, and 2 + 2 = 5")] == [True, False]


def test_a_row_past_its_deadline_keeps_its_worker():
    """The worker ends a "verify" job itself at the deadline (SIGALRM) and stays: a kill would leave the next row
    waiting for a replacement's start-up (seconds: sympy's import), past twice the timeout in the fuzz benchmark."""
    from grpo_cli.verify.bounded import SymbolicPool

    private = SymbolicPool(size=1, memory_mb=1024)
    try:
        [result] = private.run([("verify", (DISPLAY, "4", "math", "flexible", True))], timeout=0.05)
        assert result[:2] == (False, "timeout") and private.restarts == 0
        assert private.run([("verify", ("#### 4", "4", "gsm8k", "flexible", True))], timeout=30) == [(True, "ok", "4")]
    finally:
        private.close()
