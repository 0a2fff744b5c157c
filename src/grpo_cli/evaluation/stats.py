"""Eval metrics: pure functions over per-sample verdicts. No torch, no I/O.

Everything `grpo eval` publishes is computed here from the rows of `samples.jsonl`, so a summary can always be
recomputed from its samples (`summarize(rows)`), and `grpo eval --compare` works on two sample files alone.

Definitions (documented in docs/eval.md):
- pass@k: the unbiased estimator of Chen et al. 2021 ("Evaluating Large Language Models Trained on Code",
  arXiv 2107.03374, eq. 1): for a problem with n samples of which c are correct,
  pass@k = 1 - C(n-c, k) / C(n, k), averaged over problems. pass@1 is then the mean fraction of correct samples.
- maj@k: majority vote over the answer keys (the verifier's canonical form of the extracted answer) of the first k
  samples of each problem; samples with no extracted answer do not vote. Tie rule: among the most frequent keys the one
  that appears first in sample order wins. The rule never looks at correctness, so it cannot favour the right answer.
- Confidence intervals (95%): Wilson score interval for a proportion of independent trials (greedy, n=1); with n > 1
  the samples of one problem are correlated, so the interval is the CLT interval over per-problem means (the clustered
  standard error of Miller 2024, "Adding Error Bars to Evals", arXiv 2411.00640) -- or, when every problem has the
  same rate (so that interval has zero width), the Wilson interval counting each problem as one trial. A percentile
  bootstrap is available for anything else.
- Paired comparison of two evals on the same problems: the mean per-problem difference with a paired bootstrap CI,
  and McNemar's exact test on per-problem binary outcomes.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Z95 = 1.959963984540054  # two-sided 95% normal quantile


# --------------------------------------------------------------------------------------------------------
# pass@k and maj@k


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k for one problem: the chance that at least one of k samples drawn without replacement from the
    n generated (c of them correct) is correct, i.e. 1 - C(n-c, k) / C(n, k).

    Computed as a product, 1 - prod_{i=n-c+1}^{n} (1 - k/i), which never forms the huge binomials (Chen et al. 2021).
    """
    if not 0 <= c <= n:
        raise ValueError(f"need 0 <= c <= n, got n={n} c={c}")
    if not 1 <= k <= n:
        raise ValueError(f"need 1 <= k <= n, got n={n} k={k}")
    if n - c < k:
        return 1.0
    prod = 1.0
    for i in range(n - c + 1, n + 1):
        prod *= 1.0 - k / i
    return 1.0 - prod


def majority_vote(keys: Sequence[str | None]) -> str | None:
    """The most frequent non-None key; ties go to the key that appears first. None when no sample has an answer."""
    counts = Counter(k for k in keys if k is not None)
    if not counts:
        return None
    best = max(counts.values())
    # Counter preserves first-insertion order, so the first key reaching `best` is the earliest-appearing tied key.
    return next(k for k, v in counts.items() if v == best)


def maj_at_k(keys: Sequence[str | None], correct: Sequence[bool], k: int) -> bool:
    """Whether the majority answer of the first k samples is correct.

    `keys[i]` is sample i's answer key (None: no answer) and `correct[i]` its verdict. The winning key's correctness is
    that of the first sample carrying it (samples with the same key are the same answer, so they share a verdict).
    """
    if len(keys) != len(correct):
        raise ValueError("keys and correct must have one entry per sample")
    if not 1 <= k <= len(keys):
        raise ValueError(f"need 1 <= k <= {len(keys)}, got k={k}")
    winner = majority_vote(keys[:k])
    if winner is None:
        return False
    return bool(correct[list(keys[:k]).index(winner)])


# --------------------------------------------------------------------------------------------------------
# confidence intervals


def wilson_ci(successes: int, total: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (good near 0 and 1 and for small totals)."""
    if total <= 0:
        return (0.0, 1.0)
    p = successes / total
    denom = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denom
    # At 0 or all successes the bound is exactly 0 or 1 (centre == half); in floats it came out as 3.5e-18.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= total else min(1.0, centre + half)
    return (low, high)


def mean_ci(values: Sequence[float], z: float = Z95, lo: float = 0.0, hi: float = 1.0) -> tuple[float, float]:
    """CLT interval mean +- z * sd / sqrt(m) over independent units (here: problems), clipped to [lo, hi]."""
    m = len(values)
    if m == 0:
        return (lo, hi)
    mean = sum(values) / m
    if m == 1:
        return (lo, hi)
    var = sum((v - mean) ** 2 for v in values) / (m - 1)
    half = z * math.sqrt(var / m)
    return (max(lo, mean - half), min(hi, mean + half))


def _bootstrap_means(values: Sequence[float], iters: int, seed: int):
    """`iters` bootstrap means of `values` (resampling units with replacement), as a numpy array."""
    import numpy as np

    x = np.asarray(values, dtype=np.float64)
    rng = np.random.default_rng(seed)
    out = np.empty(iters)
    chunk = max(1, 4_000_000 // max(1, len(x)))  # bound memory: chunk x m indices at a time
    for start in range(0, iters, chunk):
        stop = min(iters, start + chunk)
        idx = rng.integers(0, len(x), size=(stop - start, len(x)))
        out[start:stop] = x[idx].mean(axis=1)
    return out


def bootstrap_ci(
    values: Sequence[float], iters: int = 10_000, seed: int = 0, alpha: float = 0.05
) -> tuple[float, float]:
    """Percentile bootstrap interval for the mean of `values` (deterministic for a given seed)."""
    if len(values) == 0:
        return (0.0, 0.0)
    import numpy as np

    means = _bootstrap_means(values, iters, seed)
    lo, hi = np.quantile(means, [alpha / 2, 1 - alpha / 2])
    return (float(lo), float(hi))


# --------------------------------------------------------------------------------------------------------
# paired tests


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value from the discordant counts b (A right, B wrong) and c (A wrong, B right).

    Under H0 each discordant pair is a fair coin: p = min(1, 2 * P[Binomial(b+c, 1/2) <= min(b, c)]).
    """
    if b < 0 or c < 0:
        raise ValueError("discordant counts must be >= 0")
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(b, c) + 1))
    return min(1.0, 2 * tail / 2**n)


def paired_compare(
    a: Mapping[str, Sequence[bool]],
    b: Mapping[str, Sequence[bool]],
    *,
    iters: int = 10_000,
    seed: int = 0,
) -> dict[str, Any]:
    """Compare two evals on the same problems: problem id -> per-sample verdicts, for A and for B.

    - `diff`: mean over problems of (pass@1_A - pass@1_B), per-problem pass@1 being the fraction of correct samples;
      `diff_ci`: percentile bootstrap over problems (paired: one resample draws the same problems for A and B).
    - McNemar's exact test on one binary outcome per problem: solved = the sample is correct (n=1), or more than half
      of the samples are correct (n>1). `a_only` (b) are problems A solves and B does not, `b_only` (c) the reverse.
    """
    if set(a) != set(b):
        raise ValueError("the two evals must cover the same problems")
    ids = sorted(a)
    pa = [_frac(a[i]) for i in ids]
    pb = [_frac(b[i]) for i in ids]
    diffs = [x - y for x, y in zip(pa, pb, strict=True)]
    a_only = [i for i, x, y in zip(ids, pa, pb, strict=True) if x > 0.5 >= y]
    b_only = [i for i, x, y in zip(ids, pa, pb, strict=True) if y > 0.5 >= x]
    m = len(ids)
    return {
        "problems": m,
        "pass@1_a": sum(pa) / m if m else 0.0,
        "pass@1_b": sum(pb) / m if m else 0.0,
        "diff": sum(diffs) / m if m else 0.0,
        "diff_ci": list(bootstrap_ci(diffs, iters=iters, seed=seed)) if m else [0.0, 0.0],
        "mcnemar_p": mcnemar_exact(len(a_only), len(b_only)),
        "a_only": a_only,
        "b_only": b_only,
        "bootstrap": {"iters": iters, "seed": seed},
    }


def _frac(verdicts: Sequence[bool]) -> float:
    return sum(bool(v) for v in verdicts) / len(verdicts) if verdicts else 0.0


# --------------------------------------------------------------------------------------------------------
# the summary of an eval, from its sample rows


def group_by_problem(rows: Iterable[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    """Problem id -> its rows sorted by sample index (rows may come in any order)."""
    groups: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[str(row["id"])].append(row)
    return {pid: sorted(rs, key=lambda r: int(r["sample"])) for pid, rs in groups.items()}


def summarize(rows: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The metrics of an eval from its samples.jsonl rows (fields: id, sample, correct, key, formatted, truncated,
    tokens, and for MATH subject/level). Pure and order-independent: `grpo eval` writes exactly this into summary.json.

    A problem whose rows have `correct` = None (the reference could not be parsed) is excluded from every metric and
    counted in `counts.excluded`. Every scored problem must have the same number of samples n.
    """
    groups = group_by_problem(rows)
    scored = {pid: rs for pid, rs in groups.items() if all(r["correct"] is not None for r in rs)}
    excluded = sorted(set(groups) - set(scored))
    ns = {len(rs) for rs in scored.values()}
    if len(ns) > 1:
        raise ValueError(f"problems have different numbers of samples: {sorted(ns)}")
    n = ns.pop() if ns else 0
    m = len(scored)
    samples = [r for rs in scored.values() for r in rs]
    total_correct = sum(bool(r["correct"]) for r in samples)

    out: dict[str, Any] = {"n": n}
    out.update(_accuracy(scored, n))
    out.update(strict_flexible(scored, n))
    out["format_rate"] = _rate(samples, "formatted")
    out["truncation_rate"] = _rate(samples, "truncated")
    out["answer_rate"] = sum(r.get("key") is not None for r in samples) / len(samples) if samples else 0.0
    out["mean_tokens"] = sum(int(r["tokens"]) for r in samples) / len(samples) if samples else 0.0
    out["counts"] = {
        "problems": len(groups),
        "scored": m,
        "excluded": len(excluded),
        "samples": len(samples),
        "correct": total_correct,
        "truncated": sum(bool(r.get("truncated")) for r in samples),
        "no_answer": sum(r.get("key") is None for r in samples),
    }
    out["excluded_ids"] = excluded
    out["at_n"] = at_n(scored, n, out)
    for field in ("subject", "level"):
        breakdown = _breakdown(scored, n, field)
        if breakdown:
            out[f"by_{field}"] = breakdown
    return out


def strict_flexible(scored: Mapping[str, list[Mapping[str, Any]]], n: int) -> dict[str, Any]:
    """pass@1 two ways, as lm-evaluation-harness reports GSM8K ("strict-match" / "flexible-extract"): strict counts an
    answer only in the required format (answer tag, box, ####, answer phrase: the rows' `correct_strict`), flexible
    also takes the last number / last LaTeX (`correct_flexible`; rows from before it have only `correct`, which was
    the flexible reading); final counts an answer only in the R1 format and nothing else (`correct_final`,
    verify.contract). pass@1 is the recipe's reading, whichever of the three. Rows without `correct_strict` /
    `correct_final` (older samples.jsonl) give only the figures they have."""
    m = len(scored)
    if m == 0 or n == 0:
        return {"pass@1_flexible": 0.0}
    out: dict[str, Any] = {
        "pass@1_flexible": sum(
            sum(bool(r.get("correct_flexible", r["correct"])) for r in rs) / n for rs in scored.values()
        )
        / m
    }
    for reading in ("strict", "final"):  # (samples.jsonl from before a reading existed lacks its column)
        if all(f"correct_{reading}" in r for rs in scored.values() for r in rs):
            out[f"pass@1_{reading}"] = (
                sum(sum(bool(r[f"correct_{reading}"]) for r in rs) / n for rs in scored.values()) / m
            )
    return out


def _accuracy(scored: Mapping[str, list[Mapping[str, Any]]], n: int) -> dict[str, Any]:
    """pass@1 with its CI, pass@k for k = 1..n and maj@k for k = 1..n over the scored problems."""
    m = len(scored)
    if m == 0 or n == 0:
        return {"pass@1": 0.0, "pass@1_ci": [0.0, 1.0], "ci_method": "none", "pass@k": {}, "maj@k": {}}
    verdicts = [[bool(r["correct"]) for r in rs] for rs in scored.values()]
    keys = [[r.get("key") for r in rs] for rs in scored.values()]
    per_problem = [sum(v) / n for v in verdicts]
    pass1 = sum(per_problem) / m
    if n == 1:
        ci, method = wilson_ci(sum(v[0] for v in verdicts), m), "wilson"
    elif len(set(per_problem)) > 1:
        ci, method = mean_ci(per_problem), "clt-clustered"
    else:
        # Every problem has the same rate (all 0 or all 1, say): the CLT interval has zero width, which would claim
        # certainty. Count each problem as one trial instead (samples fully correlated within a problem).
        ci, method = wilson_ci(round(pass1 * m), m), "wilson-problems"
    return {
        "pass@1": pass1,
        "pass@1_ci": list(ci),
        "ci_method": method,
        "pass@k": {str(k): sum(pass_at_k(n, sum(v), k) for v in verdicts) / m for k in range(1, n + 1)},
        "maj@k": {
            str(k): sum(maj_at_k(ks, v, k) for ks, v in zip(keys, verdicts, strict=True)) / m for k in range(1, n + 1)
        },
    }


def at_n(scored: Mapping[str, list[Mapping[str, Any]]], n: int, accuracy: Mapping[str, Any]) -> dict[str, Any]:
    """DeepSeek-R1's report of n samples per problem (its AIME: n = 64): avg@n, the mean share of right samples (R1's
    "pass@1", the same as pass@1 here, with its CI), pass@n (a problem counts when any sample is right) and maj@n (R1's
    cons@64: the majority answer is right), each with a 95% Wilson interval over problems (one binary trial each)."""
    m = len(scored)
    if m == 0 or n == 0:
        return {"n": n, "avg@n": 0.0, "avg@n_ci": [0.0, 1.0], "pass@n": 0.0, "pass@n_ci": [0.0, 1.0],
                "maj@n": 0.0, "maj@n_ci": [0.0, 1.0]}  # fmt: skip
    solved = sum(any(bool(r["correct"]) for r in rs) for rs in scored.values())
    majority = sum(maj_at_k([r.get("key") for r in rs], [bool(r["correct"]) for r in rs], n) for rs in scored.values())
    return {
        "n": n,
        "avg@n": accuracy["pass@1"],
        "avg@n_ci": list(accuracy["pass@1_ci"]),
        "pass@n": solved / m,
        "pass@n_ci": list(wilson_ci(solved, m)),
        "maj@n": majority / m,
        "maj@n_ci": list(wilson_ci(majority, m)),
    }


def _rate(samples: Sequence[Mapping[str, Any]], field: str) -> float:
    return sum(bool(r.get(field)) for r in samples) / len(samples) if samples else 0.0


def _breakdown(scored: Mapping[str, list[Mapping[str, Any]]], n: int, field: str) -> dict[str, dict[str, Any]]:
    """Per-subject or per-level pass@1 (problems, pass@1, CI); empty when no row carries `field`."""
    groups: dict[str, dict[str, list[Mapping[str, Any]]]] = defaultdict(dict)
    for pid, rs in scored.items():
        value = rs[0].get(field)
        if value is not None and value != "":
            groups[str(value)][pid] = rs
    out = {}
    for value in sorted(groups, key=_natural):
        acc = _accuracy(groups[value], n)
        out[value] = {"problems": len(groups[value]), "pass@1": acc["pass@1"], "pass@1_ci": acc["pass@1_ci"]}
    return out


def _natural(text: str) -> tuple:
    """Sort 'Level 10' after 'Level 9'."""
    digits = "".join(ch for ch in text if ch.isdigit())
    return (text.rstrip("0123456789 "), int(digits) if digits else -1, text)
