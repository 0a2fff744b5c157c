"""A GRPO run's logged metrics as columns: the stream the alarms read (pure; no torch, no numpy).

One dict per logging step, with `step` and TRL's metric names, appended row by row (`MetricStream.append`) by the
live run, or all at once from metrics.jsonl by `grpo report`. Missing, null and NaN values are skipped in the columns
(and noted in `nonfinite`); a row without a finite `step` is numbered by its place (`row_step`)."""

from __future__ import annotations

import dataclasses
import functools
import math
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

# TRL 1.16 GRPOTrainer metric names (grpo_trainer.py `_metrics[mode][...]`); reward functions are logged as
# rewards/<func.__name__>/mean with the names of grpo_cli.rewards.REWARDS.
REWARD = "reward"
ACCURACY = "rewards/accuracy/mean"
FORMAT = "rewards/format/mean"
LANGUAGE = "rewards/language/mean"
LENGTH = "completions/mean_length"
CLIPPED = "completions/clipped_ratio"
ZERO_STD = "frac_reward_zero_std"
KL = "kl"
ENTROPY = "entropy"
# Logged by the accuracy reward (rewards.verifier_shares), as shares of each batch's rows.
BAD_REFERENCE = "verify/bad_reference_frac"
TIMEOUT = "verify/timeout_frac"
WORKER_FAILURE = "verify/worker_failure_frac"
# Logged by grpo.dynamic_sampling (stages/dynamic_sampling.py), once per generation batch.
DS_DROPPED = "dynamic_sampling/dropped_groups"  # zero-signal groups replaced by fresh ones
DS_UNFILLED = "dynamic_sampling/unfilled_groups"  # zero-signal groups left after the last round
DS_ROUNDS = "dynamic_sampling/extra_rounds"


def is_step(value: Any) -> TypeGuard[int | float]:
    """A `step` that reads as one: a finite number (NaN, infinity, true/false and strings do not)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def row_step(row: Mapping[str, Any], position: int) -> int:
    """The step of the row at 0-based `position` in the stream: its `step`, or its place when it has none."""
    step = row.get("step")
    return int(step) if is_step(step) else position + 1


@dataclass
class MetricStream:
    """The logged metrics as per-key columns of (step, value); missing, None and NaN values are skipped.

    `sums` holds each column's running sums (sums[key][k] = the first k values added left to right, as Python
    3.11's `sum` adds them, so the means are the old ones to the bit), so the mean of any prefix (the baseline window,
    re-read after every row) costs a bisect, not a pass over the column: replaying a million rows is linear.

    `limits` makes the stream a view of its first rows (`prefix`): each column is read up to limits[key] values,
    sharing the full stream's lists (no copy), so grpo_cli.observe.replay can run a check as it stood at any row."""

    steps: dict[str, list[int]] = field(default_factory=dict)
    values: dict[str, list[float]] = field(default_factory=dict)
    sums: dict[str, list[float]] = field(default_factory=dict)
    # linear_trend of a window, by (key, end index, length): the format check re-reads the same windows row after
    # row (recent_window of them, each trend_window long), so each is fitted once. Bounded: old windows drop out.
    trends: OrderedDict[tuple[str, int, int], tuple[float, float]] = field(default_factory=OrderedDict, repr=False)
    # Where a metric was logged as no number (null: JSON has no NaN or infinity; or a NaN / infinite float, as the
    # live run sees TRL's logs), by (0-based row, step): the columns above skip those values, nonfinite_reward reads
    # them here.
    nonfinite: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    first_step: int | None = None
    last_step: int | None = None
    rows: int = 0
    limits: dict[str, int] | None = field(default=None, repr=False)

    def append(self, row: Mapping[str, Any]) -> None:
        step = row_step(row, self.rows)
        self.rows += 1
        self.first_step = step if self.first_step is None else self.first_step
        self.last_step = step
        for key, raw in row.items():
            # A finite number (TRL logs None for a metric whose every value was NaN), checked inline: this loop runs
            # once per metric of every row, millions of times in a long run's replay.
            if isinstance(raw, bool) or not isinstance(raw, (int, float)) or key == "step":
                if raw is None:
                    self.nonfinite.setdefault(key, []).append((self.rows - 1, step))
                continue
            value = float(raw)
            if not math.isfinite(value):
                self.nonfinite.setdefault(key, []).append((self.rows - 1, step))
                continue
            values = self.values.get(key)
            if values is None:
                values, self.steps[key], self.sums[key] = self.values.setdefault(key, []), [], [0]
            values.append(value)
            self.steps[key].append(step)
            sums = self.sums[key]
            sums.append(sums[-1] + value)

    @classmethod
    def of(cls, rows: Iterable[Mapping[str, Any]]) -> MetricStream:
        stream = cls()
        for row in rows:
            stream.append(row)
        return stream

    def prefix(self, rows: int, last_step: int, limits: dict[str, int]) -> MetricStream:
        """The stream as it stood after its first `rows` rows (the last at `last_step`), holding limits[key] values
        of each column; the columns are shared, not copied."""
        return dataclasses.replace(self, rows=rows, last_step=last_step, limits=limits)

    def first_nonfinite(self, key: str) -> tuple[int, int] | None:
        """(0-based row, step) of the first row that logged `key` as no finite number, as of this stream's last row
        (in a prefix view too); None when there is none."""
        found = self.nonfinite.get(key)
        return found[0] if found and found[0][0] < self.rows else None

    def count(self, key: str) -> int:
        """How many values `key` has (in a prefix view: as of its last row)."""
        if self.limits is not None:
            return self.limits.get(key, 0)
        return len(self.values.get(key, ()))

    def has(self, key: str, n: int = 1) -> bool:
        return self.count(key) >= n

    def last(self, key: str, n: int) -> list[float]:
        c = self.count(key)
        return self.values[key][max(0, c - n) : c] if c else []

    def step_at(self, key: str, index: int) -> int:
        """The step of `key`'s index-th value (0-based, counted from the first)."""
        return self.steps[key][index]

    def last_step_of(self, key: str) -> int:
        return self.steps[key][self.count(key) - 1]

    def upto(self, key: str, step: float) -> list[float]:
        """Values logged at or before `step`."""
        c = self.count(key)
        return self.values[key][: bisect_right(self.steps[key], step, 0, c)] if c else []

    def mean_upto(self, key: str, step: float) -> float | None:
        """The mean of the values logged at or before `step` (None when there are none): _mean(upto(key, step))."""
        c = self.count(key)
        k = bisect_right(self.steps[key], step, 0, c) if c else 0
        return self.sums[key][k] / k if k else None

    def trend(self, key: str, end: int, n: int) -> tuple[float, float]:
        """linear_trend(values[end - n:end]) of `key`, fitted once per window."""
        found = self.trends.get((key, end, n))
        if found is None:
            found = self.trends[key, end, n] = linear_trend(self.values[key][end - n : end])
            if len(self.trends) > 4096:
                self.trends.popitem(last=False)  # the oldest window (O(1), unlike a plain dict's first key)
        return found

    def after(self, key: str, step: float, n: int) -> list[float]:
        """The last n values logged after `step` (fewer when fewer exist)."""
        c = self.count(key)
        if not c:
            return []
        start = max(bisect_right(self.steps[key], step, 0, c), c - n)
        return self.values[key][start:c]


def linear_trend(values: list[float]) -> tuple[float, float]:
    """Least-squares line through equally spaced values: (fitted change from first to last, its standard
    error). The error comes from the residuals, so a noisy metric needs a larger move to count."""
    n = len(values)
    if n < 3:
        return (values[-1] - values[0] if n == 2 else 0.0), math.inf
    dx, sxx = centred(n)
    y_mean = sum(values) / n
    slope = sum([d * (y - y_mean) for d, y in zip(dx, values, strict=True)]) / sxx
    residual = sum([(y - (y_mean + slope * d)) ** 2 for d, y in zip(dx, values, strict=True)])
    slope_se = math.sqrt(residual / (n - 2) / sxx)
    return slope * (n - 1), slope_se * (n - 1)


@functools.cache
def centred(n: int) -> tuple[tuple[float, ...], float]:
    """(i - mean of 0..n-1 for each i, the sum of their squares): the x side of every n-point fit, computed once."""
    x_mean = (n - 1) / 2
    dx = tuple(i - x_mean for i in range(n))
    return dx, sum(d**2 for d in dx)
