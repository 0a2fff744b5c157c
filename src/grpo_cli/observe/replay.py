"""The replay: a finished run's alarms, re-derived from its metrics (what `grpo report` shows).

The live run feeds the stream row by row and runs every check after every row (`alarms.AlarmWatcher`): on a healthy
million-row stream that is eight million checks (about 25 s of CPU). The replay runs each check only at the rows its
mask leaves (`AlarmSpec.mask`: numpy over the whole columns, True at every row where the check could fire and False
only where it surely cannot), in step order, on the stream as it stood at that row (`MetricStream.prefix`, no copy);
its first alarm is the one the row-by-row watcher fires. So the alarms, steps and evidence are the watcher's to the
character (tests/test_replay.py compares them on random streams of every failure kind); the masks only decide where
to look. `replay(..., masked=False)` is the watcher itself, fed the whole stream.

A mask is a necessary condition, loosened by `_TOL` of the values' scale, so rounding in numpy's sums never hides a
row where Python's would fire; a NaN (an overflow) counts as "could fire". A stream whose steps do not strictly
increase (two writers, a resume that did not cut; `grpo report` warns) or do not fit in int64 is replayed row by row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

from grpo_cli.config import MonitorConfig
from grpo_cli.observe import alarms
from grpo_cli.observe.alarms import Alarm, RunContext
from grpo_cli.observe.stream import MetricStream, centred, row_step

_TOL = 1e-6  # relative slack of a mask's threshold, times (1 + the largest magnitude in the column)


class Columns:
    """The full stream as numpy columns, each read per row: counts[key][i] = how many values `key` had after row i.
    What the masks compute with (every array of shape (rows,) unless said)."""

    def __init__(self, stream: MetricStream, row_steps: np.ndarray, ctx: RunContext, cfg: MonitorConfig):
        self.stream, self.row_steps, self.cfg = stream, row_steps, cfg
        self.rows = len(row_steps)
        # baseline_end at each row: the first baseline_frac of the planned steps, else of the steps logged so far.
        total = np.full(self.rows, float(ctx.total_steps)) if ctx.total_steps else row_steps.astype(float)
        self.baseline_end = np.maximum(cfg.baseline_frac * total, float(stream.first_step or 0))
        self._values: dict[str, np.ndarray] = {}
        self._steps: dict[str, np.ndarray] = {}
        self._counts: dict[str, np.ndarray] = {}

    def values(self, key: str) -> np.ndarray:
        """Shape (count,): the column, converted once (every mask of the key reads it)."""
        if key not in self._values:
            self._values[key] = np.asarray(self.stream.values.get(key, ()), dtype=float)
        return self._values[key]

    def steps(self, key: str) -> np.ndarray:
        if key not in self._steps:
            self._steps[key] = np.asarray(self.stream.steps.get(key, ()), dtype=np.int64)
        return self._steps[key]

    def counts(self, key: str) -> np.ndarray:
        """Values of `key` logged at or before each row (its steps are the rows' steps, in order)."""
        if key not in self._counts:
            self._counts[key] = np.searchsorted(self.steps(key), self.row_steps, side="right")
        return self._counts[key]

    def tol(self, key: str) -> float:
        v = self.values(key)
        return _TOL * (1.0 + (float(np.max(np.abs(v))) if len(v) else 0.0))

    @staticmethod
    def at_least(x: np.ndarray, bound: Any, tol: float) -> np.ndarray:
        """Where x >= bound could hold: not surely below it (NaN counts as could)."""
        return ~(x < bound - tol)

    @staticmethod
    def at_most(x: np.ndarray, bound: Any, tol: float) -> np.ndarray:
        return ~(x > bound + tol)

    def nowhere(self) -> np.ndarray:
        return np.zeros(self.rows, dtype=bool)

    def window_mean(self, key: str, n: int) -> tuple[np.ndarray, np.ndarray]:
        """(valid, mean of the last n values) at each row; valid where n values exist."""
        v, c = self.values(key), self.counts(key)
        valid = c >= n
        mean = np.full(self.rows, np.nan)
        if len(v) >= n:
            sums = np.lib.stride_tricks.sliding_window_view(v, n).sum(axis=1)  # sums[j] = v[j:j + n].sum()
            mean[valid] = sums[c[valid] - n] / n
        return valid, mean

    def baseline_and_now(self, key: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """alarms._baseline_and_now at each row: (valid, baseline mean, recent mean). The baseline is the stream's
        own running sum (the check's number to the bit); valid where a full recent window lies past the baseline."""
        n, c = self.cfg.recent_window, self.counts(key)
        if key not in self.stream.values:  # never logged: no baseline anywhere
            nothing = np.full(self.rows, np.nan)
            return np.zeros(self.rows, dtype=bool), nothing, nothing
        k = np.minimum(np.searchsorted(self.steps(key), self.baseline_end, side="right"), c)  # values in the baseline
        sums = np.asarray(self.stream.sums.get(key, [0.0]), dtype=float)
        valid = (k >= 1) & (c - k >= n)
        base = np.where(valid, sums[np.maximum(k, 1)] / np.maximum(k, 1), np.nan)
        _, now = self.window_mean(key, n)
        return valid, base, np.where(valid, now, np.nan)

    def trend_change(self, key: str, n: int) -> np.ndarray:
        """stream.linear_trend's fitted change of the n values ending at each row; NaN before n exist."""
        v, c = self.values(key), self.counts(key)
        out = np.full(self.rows, np.nan)
        if len(v) >= n:
            dx, sxx = centred(n)
            # sum(dx * (y - mean)) == sum(dx * y) since sum(dx) == 0; fitted[j] is the window v[j:j + n]
            fitted = np.correlate(v, np.asarray(dx), mode="valid") / sxx * (n - 1)
            ok = c >= n
            out[ok] = fitted[c[ok] - n]
        return out

    def latest_and_before(self, key: str, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """At each row: (how many values precede the latest, up to n; the latest value; the smallest of the up to n
        values before it, inf when none). NaN values where `key` was never logged."""
        v, c = self.values(key), self.counts(key)
        before = np.minimum(c - 1, n)
        if not len(v):
            nothing = np.full(self.rows, np.nan)
            return before, nothing, nothing
        latest = np.maximum(c - 1, 0)
        padded = np.concatenate([np.full(n, np.inf), v])  # padded[j + n] = v[j]; the infs never win a min
        smallest = np.lib.stride_tricks.sliding_window_view(padded, n).min(axis=1)  # [j] = min(v[j - n:j])
        return before, v[latest], smallest[latest]

    def nonfinite_seen(self, key: str) -> np.ndarray:
        """Where `key` has been logged as no finite number at that row or before it (MetricStream.nonfinite)."""
        out = self.nowhere()
        found = self.stream.nonfinite.get(key)
        if found:
            out[found[0][0] :] = True
        return out


class Replayed(NamedTuple):
    alarms: list[Alarm]  # each id once, at the first step it fired, in step order
    stream: MetricStream  # the whole stream (the report plots it; built once)


def replay(
    metrics: Sequence[Mapping[str, Any]],
    cfg: MonitorConfig | None = None,
    ctx: RunContext | None = None,
    *,
    masked: bool = True,
) -> Replayed:
    """A finished run's alarms, as the live run raised them. masked=False: every check after every row (the live
    run's way, what the masked replay is compared with); a stream with irregular steps is always replayed so."""
    cfg, ctx = cfg or MonitorConfig(), ctx or RunContext()
    row_steps = _row_steps(metrics) if masked else None
    if row_steps is None:
        watcher = alarms.AlarmWatcher(cfg, ctx)
        for row in metrics:
            watcher.feed(row)
        return Replayed(alarms.in_step_order(watcher.fired.values()), watcher.stream)
    stream = MetricStream.of(metrics)
    col = Columns(stream, row_steps, ctx, cfg)
    fired = []
    for spec in alarms.ALARMS.values():
        with np.errstate(all="ignore"):  # overflow to inf/NaN only widens a mask
            rows = np.flatnonzero(spec.mask(col, cfg))
        if len(rows) and (alarm := _first_alarm(spec.check, stream, col, rows, cfg, ctx)) is not None:
            fired.append(alarm)
    return Replayed(alarms.in_step_order(fired), stream)


def _row_steps(metrics: Sequence[Mapping[str, Any]]) -> np.ndarray | None:
    """Each row's step as MetricStream.append reads it; None unless they strictly increase and stay exact as floats
    (the baseline's end is a float compared with them)."""
    try:
        steps = [row_step(row, i) for i, row in enumerate(metrics)]
    except (OverflowError, ValueError):  # an infinite or NaN step: the row-by-row replay says what it does
        return None
    if not steps or max(map(abs, steps)) > 2**53:
        return None
    arr = np.asarray(steps, dtype=np.int64)
    return arr if bool(np.all(np.diff(arr) > 0)) else None


def _first_alarm(
    check: Callable[[MetricStream, MonitorConfig, RunContext], Alarm | None],
    stream: MetricStream,
    col: Columns,
    rows: np.ndarray,
    cfg: MonitorConfig,
    ctx: RunContext,
) -> Alarm | None:
    """The check at each candidate row in order, on the stream as it stood there; the first alarm."""
    keys = list(stream.values)
    for i in rows.tolist():
        view = stream.prefix(i + 1, int(col.row_steps[i]), {k: int(col.counts(k)[i]) for k in keys})
        alarm = check(view, cfg, ctx)
        if alarm is not None:
            return alarm
    return None
