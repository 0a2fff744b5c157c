"""Self-consistency on the real data, the 50 shipped rows (tests/data) and the full files in ../shared/data (skipped
when they are absent): every GSM8K solution, given as a completion, is right against its own answer and wrong against
another number; MATH-500 solutions are right against their `answer` (at least 99%; any failure is listed)."""

from __future__ import annotations

import json

import pytest

from conftest import SAMPLE
from grpo_cli.verify import parse_reference, shutdown, verify_batch


@pytest.fixture(scope="module", autouse=True)
def _stop_workers():
    yield
    shutdown()


def _rows(path):
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_gsm8k_solutions_verify_against_their_own_answer(real_data):
    rows = _rows(real_data / "gsm8k" / "train.jsonl") + _rows(real_data / "gsm8k" / "test.jsonl")
    assert len(rows) == (30 if real_data == SAMPLE else 8792)
    refs = [parse_reference(r["answer"], "gsm8k") for r in rows]
    assert None not in refs
    solutions = [r["answer"] for r in rows]
    right = verify_batch(solutions, refs, "gsm8k")
    failures = [(r["answer"][-60:], v) for r, v in zip(rows, right, strict=True) if v.correct is not True]
    assert not failures, failures[:10]
    wrong = verify_batch(solutions, [str(int(x) + 1) for x in refs], "gsm8k")
    assert all(v.correct is False and v.reason == "wrong" for v in wrong)


def test_gsm8k_strict_mode_reads_the_hash_line(real_data):
    rows = _rows(real_data / "gsm8k" / "test.jsonl")
    verdicts = verify_batch([r["answer"] for r in rows], [r["answer"] for r in rows], "gsm8k", mode="strict")
    assert all(v.correct is True for v in verdicts)


def test_math500_solutions_verify_against_their_answer(real_data):
    rows = _rows(real_data / "math500" / "test.jsonl")
    assert len(rows) == (20 if real_data == SAMPLE else 500)
    refs = [parse_reference(r["answer"], "math") for r in rows]
    verdicts = verify_batch([r["solution"] for r in rows], refs, "math")
    failures = [
        (r.get("unique_id", i), r["answer"], v)  # the shared copy has no unique_id: the row number then
        for i, (r, v) in enumerate(zip(rows, verdicts, strict=True))
        if v.correct is not True
    ]
    rate = 1 - len(failures) / len(rows)
    print(f"MATH-500 self-consistency {rate:.1%}; failures: {failures}")
    assert rate >= 0.99, failures


def test_math500_solutions_as_references(real_data):
    """The reference may also be a whole solution (its last \\boxed{}), as for MATH train rows without `answer`."""
    rows = _rows(real_data / "math500" / "test.jsonl")
    refs = [parse_reference(r["solution"], "math") for r in rows]
    assert None not in refs
    verdicts = verify_batch([rf"\boxed{{{r['answer']}}}" for r in rows], refs, "math")
    assert sum(v.correct is True for v in verdicts) >= 0.99 * len(rows)


def test_math500_answers_are_not_equal_to_their_neighbours(real_data):
    """No false positives: each solution against the next problem's (different) answer is wrong."""
    rows = _rows(real_data / "math500" / "test.jsonl")
    pairs = [(a, b) for a, b in zip(rows, rows[1:] + rows[:1], strict=True)]
    pairs = [(a, b) for a, b in pairs if a["answer"].replace(" ", "") != b["answer"].replace(" ", "")]
    pairs = [(a, b) for a, b in pairs if not (a["answer"] == "x=5" and b["answer"] == "5")]  # equal answers
    pairs = [(a, b) for a, b in pairs if not (a["answer"] == "5" and b["answer"] == "x=5")]
    verdicts = verify_batch([a["solution"] for a, _ in pairs], [b["answer"] for _, b in pairs], "math")
    wrong_positives = [(a["answer"], b["answer"]) for (a, b), v in zip(pairs, verdicts, strict=True) if v.correct]
    assert not wrong_positives
