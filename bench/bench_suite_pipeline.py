"""What the suite's shared tiny run costs (tests/conftest.py: tiny_pipeline, read by test_train and test_tracking):
`grpo sft` then `grpo train` on the tiny recipe with the tests' few-step settings, in real subprocesses, as the
fixture runs them. A guard that the suite stays cheap (the brief: the suite well inside CI's budget), kept here because
a wall-clock threshold has no place inside the test suite.

    .venv/bin/python bench/bench_suite_pipeline.py      # prints the seconds
    make bench                                        # the same as a pytest, which checks the 240 s budget
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BUDGET_S = 240.0


def measure() -> float:
    """Seconds for the two commands, exactly as tests/conftest.py's `tiny_pipeline` fixture runs them."""
    sys.path.insert(0, str(REPO / "tests"))
    from conftest import PIPELINE_SETS, sets  # the fixture's own settings and runner
    from conftest import run_cli as grpo

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        for stage, extra in (("sft", PIPELINE_SETS), ("train", (*PIPELINE_SETS, "grpo.beta=0.04"))):
            proc = grpo(stage, "--recipe", "tiny", *sets(*extra), "--run-dir", tmp)
            assert proc.returncode == 0, proc.stderr[-3000:]
        return time.perf_counter() - t0


def test_the_train_tests_pipeline_fits_its_budget():
    seconds = measure()
    print(f"\ntests/conftest.py tiny_pipeline: {seconds:.0f} s (budget {BUDGET_S:.0f} s)")
    assert seconds < BUDGET_S


if __name__ == "__main__":
    print(f"tests/conftest.py tiny_pipeline (grpo sft + grpo train, tiny, few steps): {measure():.1f} s")
