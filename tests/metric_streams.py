"""Synthetic GRPO metric streams (TRL 1.16 metric names) for the alarm and report tests.

`healthy_run` looks like a GRPO run that works: accuracy climbs, format saturates early, length grows a little,
KL grows smoothly, entropy falls gently. Each `*_run` below changes one thing into a known failure pattern.
Noise is seeded Gaussian, sized like the step-to-step noise of a run with ~250 completions per step.
"""

from __future__ import annotations

import math
import random

STEPS = 200


def _clip(x: float, lo: float = 0.0, hi: float = 1.0) -> float:
    return min(hi, max(lo, x))


def healthy_run(steps: int = STEPS, seed: int = 0, noise: float = 1.0) -> list[dict]:
    rng = random.Random(seed)

    def n(sd: float) -> float:
        return rng.gauss(0.0, sd * noise)

    rows = []
    for step in range(1, steps + 1):
        t = step / steps
        acc = _clip(0.30 + 0.30 * t + n(0.03))
        fmt = _clip(0.95 - 0.75 * math.exp(-step / 30) + n(0.02))
        lang = _clip(0.98 + n(0.005))
        rows.append(
            {
                "step": step,
                "loss": 0.01 + n(0.005),
                "learning_rate": 1e-6,
                "grad_norm": 0.5 + abs(n(0.1)),
                "num_tokens": 40_000 * step,
                "rewards/accuracy/mean": acc,
                "rewards/accuracy/std": 0.45,
                "rewards/format/mean": fmt,
                "rewards/format/std": 0.2,
                "rewards/language/mean": lang,
                "reward": acc + 0.2 * fmt,
                "reward_std": 0.4,
                "frac_reward_zero_std": _clip(0.30 + n(0.04)),
                "completions/mean_length": 80 + 20 * t + n(3),
                "completions/clipped_ratio": _clip(0.05 + n(0.015)),
                "completions/mean_terminated_length": 78 + 20 * t + n(3),
                "kl": 0.0 if step == 1 else 0.02 * t * math.exp(n(0.1)),
                "entropy": 1.0 - 0.4 * t + n(0.02),
                "step_time": 30.0 + n(1),
                "tokens_per_second": 1300 + n(50),
                # What the accuracy reward logs of the verifier: an occasional timeout, never a failure.
                "verify/bad_reference_frac": 0.0,
                "verify/timeout_frac": 1 / 256 if step % 37 == 0 else 0.0,
                "verify/worker_failure_frac": 0.0,
            }
        )
    return rows


def _acc_noise(step: int, row: dict) -> float:
    return row["rewards/accuracy/mean"] - (0.30 + 0.30 * step / STEPS)


def _fmt_noise(step: int, row: dict) -> float:
    return row["rewards/format/mean"] - (0.95 - 0.75 * math.exp(-step / 30))


def _set(rows: list[dict], key: str, fn) -> list[dict]:
    """fn(step, row) -> new value for `key` (None keeps the old value)."""
    out = []
    for row in rows:
        new = fn(row["step"], row)
        out.append({**row, key: row[key] if new is None else new})
    return out


def no_signal_run(seed: int = 0) -> list[dict]:
    # The model almost never solves the problems: nearly every group is all-zero.
    rows = _set(healthy_run(seed=seed), "rewards/accuracy/mean", lambda s, r: 0.02)
    rows = _set(rows, "frac_reward_zero_std", lambda s, r: 0.95 if s > 100 else None)
    return rows


def length_hacking_run(seed: int = 0) -> list[dict]:
    # Length doubles over the run; accuracy stays at 0.40.
    rows = _set(
        healthy_run(seed=seed), "completions/mean_length", lambda s, r: r["completions/mean_length"] + 60 * s / STEPS
    )
    return _set(rows, "rewards/accuracy/mean", lambda s, r: 0.40 + _acc_noise(s, r))


def truncation_run(seed: int = 0) -> list[dict]:
    return _set(healthy_run(seed=seed), "completions/clipped_ratio", lambda s, r: 0.4 if s >= 50 else None)


def format_over_accuracy_run(seed: int = 0) -> list[dict]:
    # From step 100, format climbs 0.5 -> 0.95 while accuracy falls 0.55 -> 0.30.
    def ramp(s: int) -> float:
        return min(1.0, max(0.0, (s - 100) / 60))

    rows = _set(healthy_run(seed=seed), "rewards/format/mean", lambda s, r: 0.5 + 0.45 * ramp(s) + _fmt_noise(s, r))
    return _set(rows, "rewards/accuracy/mean", lambda s, r: 0.55 - 0.25 * ramp(s) + _acc_noise(s, r))


def entropy_collapse_run(seed: int = 0) -> list[dict]:
    return _set(healthy_run(seed=seed), "entropy", lambda s, r: 1.0 * math.exp(-s / 40))


def kl_blowup_run(seed: int = 0) -> list[dict]:
    return _set(healthy_run(seed=seed), "kl", lambda s, r: 0.8 if s == 150 else None)


def language_mixing_run(seed: int = 0) -> list[dict]:
    return _set(healthy_run(seed=seed), "rewards/language/mean", lambda s, r: 0.98 - 0.2 * max(0, s - 100) / 100)


def verifier_failures_run(seed: int = 0) -> list[dict]:
    # From step 120 the grader fails on a quarter of the rows (its workers dying), which then score 0.
    return _set(healthy_run(seed=seed), "verify/worker_failure_frac", lambda s, r: 0.25 if s >= 120 else None)


def nonfinite_reward_run(seed: int = 0) -> list[dict]:
    # From step 60 the weighted reward overflows (weights of 1e308, issue 41): TRL logs the total reward as NaN
    # (null in metrics.jsonl) and the update is empty: loss 0, grad_norm 0. The functions' own means stay finite.
    rows = _set(healthy_run(seed=seed), "loss", lambda s, r: 0.0 if s >= 60 else None)
    rows = _set(rows, "grad_norm", lambda s, r: 0.0 if s >= 60 else None)
    return [{**row, "reward": None} if row["step"] >= 60 else row for row in rows]


PATTERNS = {
    "no_signal": no_signal_run,
    "length_hacking": length_hacking_run,
    "truncation": truncation_run,
    "format_over_accuracy": format_over_accuracy_run,
    "entropy_collapse": entropy_collapse_run,
    "kl_blowup": kl_blowup_run,
    "language_mixing": language_mixing_run,
    "verifier_failures": verifier_failures_run,
    "nonfinite_reward": nonfinite_reward_run,
}


def damage(rows: list[dict], rng, p: float) -> None:
    """Each metric of each row, with probability p, set to None or NaN or dropped (`step` kept): the gaps a real
    metrics.jsonl has (TRL logs None for an all-NaN metric; a metric a version did not log)."""
    for row in rows:
        for key in list(row):
            if key != "step" and rng.random() < p:
                row[key] = rng.choice([None, float("nan")]) if rng.random() < 0.5 else row.pop(key)
