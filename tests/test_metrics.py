"""grpo_cli.evaluation.stats: estimators checked against brute force and textbook values."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grpo_cli.evaluation import stats


def brute_pass_at_k(n: int, c: int, k: int) -> Fraction:
    """Enumerate every k-subset of n samples (the first c correct): the fraction containing a correct one."""
    subsets = list(itertools.combinations(range(n), k))
    return Fraction(sum(any(i < c for i in s) for s in subsets), len(subsets))


@pytest.mark.parametrize("n", range(1, 9))
def test_pass_at_k_matches_enumeration(n):
    for c in range(n + 1):
        for k in range(1, n + 1):
            assert stats.pass_at_k(n, c, k) == pytest.approx(float(brute_pass_at_k(n, c, k)), abs=1e-12)


@given(n=st.integers(1, 200), data=st.data())
@settings(max_examples=200, deadline=None)
def test_pass_at_k_properties(n, data):
    c = data.draw(st.integers(0, n))
    assert stats.pass_at_k(n, c, 1) == pytest.approx(c / n)
    values = [stats.pass_at_k(n, c, k) for k in range(1, n + 1)]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert all(a <= b + 1e-12 for a, b in itertools.pairwise(values))  # more tries never hurt
    k = data.draw(st.integers(1, n))
    exact = 1 - Fraction(math.comb(n - c, k), math.comb(n, k))
    assert stats.pass_at_k(n, c, k) == pytest.approx(float(exact), abs=1e-9)


@pytest.mark.parametrize(("n", "c", "k"), [(0, 0, 1), (4, 5, 1), (4, -1, 1), (4, 2, 0), (4, 2, 5)])
def test_pass_at_k_rejects_impossible_counts(n, c, k):
    with pytest.raises(ValueError):
        stats.pass_at_k(n, c, k)


def test_majority_vote_tie_goes_to_the_earliest_answer():
    assert stats.majority_vote(["7", "8"]) == "7"
    assert stats.majority_vote(["8", "7", "7", "8"]) == "8"
    assert stats.majority_vote(["8", "7", "7"]) == "7"  # a strict majority beats earliness
    assert stats.majority_vote([None, None, "3"]) == "3"  # samples with no answer do not vote
    assert stats.majority_vote([None, None]) is None
    assert stats.majority_vote([]) is None


def test_maj_at_k_uses_the_first_k_samples_and_the_tie_rule():
    keys = ["5", "6", "6", "5", "5"]
    correct = [True, False, False, True, True]
    assert stats.maj_at_k(keys, correct, 1) is True  # "5"
    assert stats.maj_at_k(keys, correct, 2) is True  # tie 5/6 -> "5" came first
    assert stats.maj_at_k(keys, correct, 3) is False  # "6" twice
    assert stats.maj_at_k(keys, correct, 4) is True  # tie 2-2 -> "5" came first
    assert stats.maj_at_k(keys, correct, 5) is True
    # The tie rule ignores correctness: the wrong answer wins a tie when it came first.
    assert stats.maj_at_k(["6", "5"], [False, True], 2) is False
    assert stats.maj_at_k([None, None], [False, False], 2) is False
    with pytest.raises(ValueError):
        stats.maj_at_k(["1"], [True], 2)


def test_wilson_ci_textbook_values():
    # Newcombe (1998), Table I: 0/10 -> (0, 0.2775); 5/10 would be (0.2366, 0.7634).
    lo, hi = stats.wilson_ci(0, 10)
    assert lo == 0.0
    assert hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = stats.wilson_ci(5, 10)
    assert (lo, hi) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    lo, hi = stats.wilson_ci(81, 263)  # Newcombe's example: 0.2553 - 0.3662
    assert (lo, hi) == (pytest.approx(0.2553, abs=1e-4), pytest.approx(0.3662, abs=1e-4))


def test_wilson_ci_is_exactly_0_or_1_at_none_or_all_correct():
    """centre - half is 0 in exact arithmetic; in floats it printed as 3.5e-18 for some totals."""
    for n in range(1, 2001):
        assert stats.wilson_ci(0, n)[0] == 0.0 and stats.wilson_ci(n, n)[1] == 1.0, n
    assert [n for n in range(1, 2001) if stats.wilson_ci(1, n)[0] > 0.0] == list(range(1, 2001))


def test_mean_ci_is_the_clt_interval_clipped():
    values = [0.0, 0.5, 1.0, 0.5]
    mean, sd = 0.5, math.sqrt(sum((v - 0.5) ** 2 for v in values) / 3)
    lo, hi = stats.mean_ci(values)
    assert lo == pytest.approx(mean - stats.Z95 * sd / 2)
    assert hi == pytest.approx(mean + stats.Z95 * sd / 2)
    assert stats.mean_ci([1.0, 1.0, 0.9])[1] == 1.0


def test_bootstrap_ci_is_deterministic_and_brackets_the_mean():
    values = [float(i % 3 == 0) for i in range(300)]
    a = stats.bootstrap_ci(values, iters=2000, seed=1)
    assert a == stats.bootstrap_ci(values, iters=2000, seed=1)
    assert a[0] < sum(values) / len(values) < a[1]
    # Close to the normal interval for a mean of 300 Bernoulli(1/3) draws: half-width ~ 1.96 * sqrt(2/9/300).
    assert a[1] - a[0] == pytest.approx(2 * 1.96 * math.sqrt(2 / 9 / 300), rel=0.1)
    assert stats.bootstrap_ci([0.25] * 10, iters=100) == (0.25, 0.25)


def test_mcnemar_exact_against_the_binomial():
    assert stats.mcnemar_exact(0, 0) == 1.0
    assert stats.mcnemar_exact(3, 3) == 1.0
    assert stats.mcnemar_exact(0, 5) == pytest.approx(2 / 32)
    assert stats.mcnemar_exact(1, 9) == pytest.approx(2 * (1 + 10) / 1024)
    assert stats.mcnemar_exact(9, 1) == stats.mcnemar_exact(1, 9)
    for b, c in [(2, 7), (10, 20), (40, 25)]:
        n = b + c
        tail = sum(math.comb(n, i) for i in range(min(b, c) + 1)) / 2**n
        assert stats.mcnemar_exact(b, c) == pytest.approx(min(1.0, 2 * tail))


def test_paired_compare_known_answer():
    # 10 problems, greedy. A solves 0-5, B solves 4-9: A-only {0,1,2,3}, B-only {6,7,8,9}, both {4,5}.
    a = {f"p{i}": [i <= 5] for i in range(10)}
    b = {f"p{i}": [i >= 4] for i in range(10)}
    out = stats.paired_compare(a, b, iters=2000)
    assert out["problems"] == 10
    assert out["pass@1_a"] == pytest.approx(0.6)
    assert out["pass@1_b"] == pytest.approx(0.6)
    assert out["diff"] == pytest.approx(0.0)
    assert out["a_only"] == ["p0", "p1", "p2", "p3"]
    assert out["b_only"] == ["p6", "p7", "p8", "p9"]
    assert out["mcnemar_p"] == 1.0
    assert out["diff_ci"][0] < 0 < out["diff_ci"][1]

    # A strictly better: A solves all 40, B solves 10 -> 30 discordant pairs all one way.
    a = {f"q{i}": [True, True] for i in range(40)}
    b = {f"q{i}": [i < 10, i < 10] for i in range(40)}
    out = stats.paired_compare(a, b, iters=2000)
    assert out["diff"] == pytest.approx(0.75)
    assert out["mcnemar_p"] == pytest.approx(2 / 2**30)
    assert len(out["a_only"]) == 30 and out["b_only"] == []
    assert 0.5 < out["diff_ci"][0] < 0.75 < out["diff_ci"][1] <= 1.0

    with pytest.raises(ValueError):
        stats.paired_compare({"x": [True]}, {"y": [True]})


def _row(pid, sample, correct, key="1", **extra):
    return {
        "id": pid,
        "sample": sample,
        "correct": correct,
        "key": key,
        "formatted": True,
        "truncated": False,
        "tokens": 10,
        **extra,
    }


def test_summarize_pass_at_k_maj_and_exclusions():
    rows = [
        # p1: 2 of 4 correct; majority answer "1" (correct) 2 vs "2" 1 vs none 1
        _row("p1", 0, True, "1"),
        _row("p1", 1, False, "2"),
        _row("p1", 2, True, "1"),
        _row("p1", 3, False, None, formatted=False, truncated=True, tokens=32),
        # p2: 0 of 4 correct
        *[_row("p2", i, False, "9") for i in range(4)],
        # p3: unparseable reference -> excluded everywhere
        *[_row("p3", i, None, "4") for i in range(4)],
    ]
    s = stats.summarize(reversed(rows))  # order-independent
    assert s["n"] == 4
    assert s["counts"] == {
        "problems": 3,
        "scored": 2,
        "excluded": 1,
        "samples": 8,
        "correct": 2,
        "truncated": 1,
        "no_answer": 1,
    }
    assert s["excluded_ids"] == ["p3"]
    assert s["pass@1"] == pytest.approx((0.5 + 0.0) / 2)
    assert s["pass@k"]["2"] == pytest.approx((stats.pass_at_k(4, 2, 2) + 0) / 2)
    assert s["pass@k"]["4"] == pytest.approx(0.5)
    assert s["maj@k"]["4"] == pytest.approx(0.5)
    assert s["maj@k"]["2"] == pytest.approx(0.5)  # tie "1"/"2" -> "1" (first) is correct
    assert s["truncation_rate"] == pytest.approx(1 / 8)
    assert s["format_rate"] == pytest.approx(7 / 8)
    assert s["mean_tokens"] == pytest.approx((7 * 10 + 32) / 8)
    assert s["ci_method"] == "clt-clustered"


def test_summarize_greedy_uses_wilson_and_breaks_down_by_subject_and_level():
    rows = [
        _row("a", 0, True, subject="Algebra", level=1),
        _row("b", 0, False, subject="Algebra", level=2),
        _row("c", 0, True, subject="Geometry", level=10),
        _row("d", 0, True, subject="Geometry", level=2),
    ]
    s = stats.summarize(rows)
    assert s["pass@1"] == 0.75
    assert s["pass@1_ci"] == list(stats.wilson_ci(3, 4))
    assert s["ci_method"] == "wilson"
    assert s["by_subject"]["Algebra"] == {"problems": 2, "pass@1": 0.5, "pass@1_ci": list(stats.wilson_ci(1, 2))}
    assert list(s["by_level"]) == ["1", "2", "10"]
    assert s["by_level"]["2"]["pass@1"] == 0.5


def test_summarize_never_reports_a_zero_width_interval():
    rows = [_row(f"p{i}", j, False) for i in range(6) for j in range(4)]
    s = stats.summarize(rows)
    assert s["pass@1"] == 0.0
    assert s["ci_method"] == "wilson-problems"
    assert s["pass@1_ci"] == list(stats.wilson_ci(0, 6))


def test_summarize_rejects_ragged_sample_counts():
    with pytest.raises(ValueError, match="different numbers of samples"):
        stats.summarize([_row("a", 0, True), _row("b", 0, True), _row("b", 1, True)])


def test_summarize_of_nothing_is_well_defined():
    s = stats.summarize([])
    assert s["pass@1"] == 0.0 and s["counts"]["scored"] == 0


def test_summary_reports_strict_and_flexible_pass_at_1():
    """lm-evaluation-harness style: strict counts only answers in the required format, flexible any final answer."""
    rows = [
        {"id": "a", "sample": 0, "correct": True, "correct_strict": True, "key": "1", "tokens": 3},
        {"id": "a", "sample": 1, "correct": True, "correct_strict": False, "key": "1", "tokens": 3},
        {"id": "b", "sample": 0, "correct": False, "correct_strict": False, "key": "2", "tokens": 3},
        {"id": "b", "sample": 1, "correct": True, "correct_strict": False, "key": "1", "tokens": 3},
    ]
    s = stats.summarize(rows)
    assert s["pass@1_flexible"] == s["pass@1"] == 0.75
    assert s["pass@1_strict"] == 0.25
    older = [{k: v for k, v in r.items() if k != "correct_strict"} for r in rows]
    assert "pass@1_strict" not in stats.summarize(older)
