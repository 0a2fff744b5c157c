"""A finished run's alarms, re-derived fast: each check runs only at the rows where it could fire.

`alarms.replay` feeds the stream row by row and runs every check after every row, as the live run did: on a healthy
million-row stream that is eight million checks (about 25 s of CPU). Here each check has a mask (`MASKS`): numpy
over the whole columns, True at every row where the check could fire and False only where it surely cannot. Then
the check itself runs at the masked rows, in step order, on the stream as it stood at that row
(`MetricStream.prefix`, no copy), and its first alarm is the one the row-by-row replay fires. So the alarms, steps
and evidence are the row-by-row ones to the character (tests/test_replay.py compares them on random streams of
every failure kind); the masks only decide where to look.

A mask is a necessary condition, loosened by `_TOL` of the values' scale, so rounding in numpy's sums never hides a
row where Python's would fire; a NaN (an overflow) counts as "could fire". A stream whose steps do not strictly
increase (two writers, a resume that did not cut; `grpo report` warns) or do not fit in int64 is replayed row by row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from grpo_cli.config import MonitorConfig
from grpo_cli.observe import alarms
from grpo_cli.observe.alarms import Alarm, MetricStream, RunContext

_TOL = 1e-6  # relative slack of a mask's threshold, times (1 + the largest magnitude in the column)


class Columns:
    """The full stream as numpy columns, each read per row: counts[key][i] = how many values `key` had after row i."""

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
        """Shape (rows,): values of `key` logged at or before each row (its steps are the rows' steps, in order)."""
        if key not in self._counts:
            self._counts[key] = np.searchsorted(self.steps(key), self.row_steps, side="right")
        return self._counts[key]

    def tol(self, key: str) -> float:
        v = self.values(key)
        return _TOL * (1.0 + (float(np.max(np.abs(v))) if len(v) else 0.0))

    def window_mean(self, key: str, n: int) -> tuple[np.ndarray, np.ndarray]:
        """(valid, mean of the last n values) at each row; valid where n values exist. Shape (rows,) each."""
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


def _at_least(x: np.ndarray, bound: Any, tol: float) -> np.ndarray:
    """Where x >= bound could hold: not surely below it (NaN counts as could)."""
    return ~(x < bound - tol)


def _at_most(x: np.ndarray, bound: Any, tol: float) -> np.ndarray:
    return ~(x > bound + tol)


# --------------------------------------------------------------------------------------------------------
# the masks: (columns, cfg) -> shape (rows,) bool, True wherever the check of the same name could fire


def mask_no_signal(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    valid, mean = col.window_mean(alarms.ZERO_STD, cfg.no_signal_window)
    return valid & _at_least(mean, cfg.no_signal_frac, col.tol(alarms.ZERO_STD))


def mask_length_hacking(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    v_len, len0, len1 = col.baseline_and_now(alarms.LENGTH)
    v_acc, acc0, acc1 = col.baseline_and_now(alarms.ACCURACY)
    tol = col.tol(alarms.LENGTH) * (2 + cfg.length_growth)
    grew = _at_least(len1, len0 * (1 + cfg.length_growth), tol)
    flat = _at_most(acc1 - acc0, cfg.length_accuracy_band, 2 * col.tol(alarms.ACCURACY))
    return v_len & v_acc & ~(len0 <= 0) & grew & flat


def mask_truncation(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    valid, mean = col.window_mean(alarms.CLIPPED, cfg.recent_window)
    return valid & _at_least(mean, cfg.truncation_ratio, col.tol(alarms.CLIPPED))


def _trend_change(col: Columns, key: str, n: int) -> np.ndarray:
    """alarms.linear_trend's fitted change of the n values ending at each row; NaN before n exist. Shape (rows,)."""
    v, c = col.values(key), col.counts(key)
    out = np.full(col.rows, np.nan)
    if len(v) >= n:
        dx, sxx = alarms._centred(n)
        # sum(dx * (y - mean)) == sum(dx * y) since sum(dx) == 0; fitted[j] is the window v[j:j + n]
        fitted = np.correlate(v, np.asarray(dx), mode="valid") / sxx * (n - 1)
        ok = c >= n
        out[ok] = fitted[c[ok] - n]
    return out


def mask_format_over_accuracy(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    # The check asks every one of recent_window windows to move; the latest one moving is necessary.
    n, need = cfg.trend_window, cfg.trend_window + cfg.recent_window - 1
    enough = (col.counts(alarms.FORMAT) >= need) & (col.counts(alarms.ACCURACY) >= need)
    rose = _at_least(_trend_change(col, alarms.FORMAT, n), cfg.format_rise, n * col.tol(alarms.FORMAT))
    fell = _at_least(-_trend_change(col, alarms.ACCURACY, n), cfg.accuracy_drop, n * col.tol(alarms.ACCURACY))
    return enough & rose & fell


def mask_entropy_collapse(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    valid, start, now = col.baseline_and_now(alarms.ENTROPY)
    return valid & (start > 0) & ~(now >= cfg.entropy_floor * start + col.tol(alarms.ENTROPY))


def mask_kl_blowup(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    v, c, w = col.values(alarms.KL), col.counts(alarms.KL), cfg.kl_window
    # history = the (up to) kl_window values before the latest; the check needs recent_window of them
    valid = np.minimum(c - 1, w) >= cfg.recent_window
    if not valid.any():
        return valid
    now = v[np.maximum(c - 1, 0)]
    out = valid & (now >= cfg.kl_min)
    if cfg.kl_blowup_factor >= 0:  # now > factor * median(history) implies now > factor * min(history)
        padded = np.concatenate([np.full(w, np.inf), v])  # padded[j + w] = v[j]; the infs never win a min
        hist_min = np.lib.stride_tricks.sliding_window_view(padded, w).min(axis=1)  # [j] = min(v[j - w:j])
        low = cfg.kl_blowup_factor * hist_min[np.maximum(c - 1, 0)]
        out &= ~(now <= low - col.tol(alarms.KL) * (1 + cfg.kl_blowup_factor))
    return out


def mask_language_mixing(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    valid, start, now = col.baseline_and_now(alarms.LANGUAGE)
    return valid & _at_least(start - now, cfg.language_drop, 2 * col.tol(alarms.LANGUAGE))


def mask_verifier_failures(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    out = np.zeros(col.rows, dtype=bool)
    for key in (alarms.BAD_REFERENCE, alarms.TIMEOUT, alarms.WORKER_FAILURE):
        valid, mean = col.window_mean(key, cfg.recent_window)
        out |= valid & _at_least(mean, cfg.verifier_failure_frac, col.tol(key))
    return out


MASKS: dict[str, Callable[[Columns, MonitorConfig], np.ndarray]] = {
    "no_signal": mask_no_signal,
    "length_hacking": mask_length_hacking,
    "truncation": mask_truncation,
    "format_over_accuracy": mask_format_over_accuracy,
    "entropy_collapse": mask_entropy_collapse,
    "kl_blowup": mask_kl_blowup,
    "language_mixing": mask_language_mixing,
    "verifier_failures": mask_verifier_failures,
}
assert MASKS.keys() == alarms.CHECKS.keys()  # a new check needs its mask (np.ones for "anywhere")


# --------------------------------------------------------------------------------------------------------
# the replay


def _row_steps(metrics: Sequence[Mapping[str, Any]]) -> np.ndarray | None:
    """Each row's step as MetricStream.append reads it; None unless they strictly increase and stay exact as floats
    (the baseline's end is a float compared with them)."""
    try:
        steps = [alarms.row_step(row, i) for i, row in enumerate(metrics)]
    except (OverflowError, ValueError):  # an infinite or NaN step: the row-by-row replay says what it does
        return None
    if not steps or max(map(abs, steps)) > 2**53:
        return None
    arr = np.asarray(steps, dtype=np.int64)
    return arr if bool(np.all(np.diff(arr) > 0)) else None


def _first_alarm(check, stream: MetricStream, col: Columns, rows: np.ndarray, cfg, ctx) -> Alarm | None:
    """The check at each candidate row in order, on the stream as it stood there; the first alarm."""
    keys = list(stream.values)
    for i in rows.tolist():
        view = stream.prefix(i + 1, int(col.row_steps[i]), {k: int(col.counts(k)[i]) for k in keys})
        alarm = check(view, cfg, ctx)
        if alarm is not None:
            return alarm
    return None


def replay(
    metrics: Sequence[Mapping[str, Any]], cfg: MonitorConfig | None = None, ctx: RunContext | None = None
) -> tuple[list[Alarm], MetricStream]:
    """(the alarms alarms.replay fires, in step order; the whole stream, which the report plots)."""
    cfg, ctx = cfg or MonitorConfig(), ctx or RunContext()
    row_steps = _row_steps(metrics)
    if row_steps is None:
        watcher = alarms.replay(metrics, cfg, ctx)
        return alarms.in_step_order(watcher.fired.values()), watcher.stream
    stream = MetricStream.of(metrics)
    col = Columns(stream, row_steps, ctx, cfg)
    fired = []
    for name, check in alarms.CHECKS.items():
        with np.errstate(all="ignore"):  # overflow to inf/NaN only widens a mask
            rows = np.flatnonzero(MASKS[name](col, cfg))
        if len(rows) and (alarm := _first_alarm(check, stream, col, rows, cfg, ctx)) is not None:
            fired.append(alarm)
    return alarms.in_step_order(fired), stream
