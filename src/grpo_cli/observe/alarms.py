"""Failure alarms computed from a GRPO metrics stream (pure; no torch).

GRPO fails quietly: groups whose G answers all score the same teach nothing, truncated answers score 0, format
reward can climb while accuracy falls, and length growing while accuracy stays flat is the early sign of reward
hacking. Each alarm below is a pure function of the stream of logged metrics (one dict per logging step, with
`step` and TRL's metric names), so the live run (`grpo_cli.observe.live.MonitorCallback`) and `grpo report` name the
same failures from the same numbers.

The stream is fed row by row (`AlarmWatcher.feed`); each check looks at the latest values of the metrics it reads
and returns an `Alarm` (id, step, evidence, advice) or None. An alarm id fires once per run: its first step.
Thresholds are `config.MonitorConfig` (the recipe's `monitor:` section); docs/monitor.md explains each one.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import statistics
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from grpo_cli.config import MonitorConfig
from grpo_cli.formulas import no_signal_fraction, smallest_group

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


@dataclass(frozen=True)
class AlarmInfo:
    title: str
    # The metric whose plot shows the alarm (report.py marks the step there).
    metric: str


ALARMS: dict[str, AlarmInfo] = {
    "no_signal": AlarmInfo("no learning signal: most groups have zero reward variance", ZERO_STD),
    "length_hacking": AlarmInfo("completions grow while accuracy stays flat (reward hacking)", LENGTH),
    "truncation": AlarmInfo("many completions are cut at max_completion_length", CLIPPED),
    "format_over_accuracy": AlarmInfo("format reward rises while accuracy falls", FORMAT),
    "entropy_collapse": AlarmInfo("policy entropy collapsed", ENTROPY),
    "kl_blowup": AlarmInfo("KL to the reference model blew up", KL),
    "language_mixing": AlarmInfo("language-consistency reward is falling", LANGUAGE),
    "verifier_failures": AlarmInfo("the verifier is failing on a share of the rows it scores", WORKER_FAILURE),
}


@dataclass(frozen=True)
class Alarm:
    id: str
    step: int
    evidence: str
    advice: str

    @property
    def title(self) -> str:
        return ALARMS[self.id].title

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "title": self.title}

    def format(self) -> str:
        """The lines printed when the alarm fires and in report.md."""
        return f"[{self.id}] step {self.step}: {self.title}\n  evidence: {self.evidence}\n  advice: {self.advice}"


@dataclass(frozen=True)
class RunContext:
    """What the alarms need to know about the run beyond its metrics (all optional)."""

    # The run's planned optimizer steps (the baseline is its first baseline_frac); None = the last logged step.
    total_steps: int | None = None
    # G, for the no_signal advice.
    num_generations: int | None = None
    max_completion_length: int | None = None
    temperature: float | None = None
    learning_rate: float | None = None
    beta: float | None = None

    @classmethod
    def from_recipe_dict(cls, recipe: Mapping[str, Any] | None, total_steps: int | None = None) -> RunContext:
        """From a resolved recipe mapping (recipe.yaml in a run dir); missing keys stay None."""
        g = (recipe or {}).get("grpo") or {}
        if total_steps is None and isinstance(g.get("max_steps"), int) and g["max_steps"] > 0:
            total_steps = g["max_steps"]
        return cls(
            total_steps=total_steps,
            num_generations=g.get("num_generations"),
            max_completion_length=g.get("max_completion_length"),
            temperature=g.get("temperature"),
            learning_rate=g.get("learning_rate"),
            beta=g.get("beta"),
        )


# --------------------------------------------------------------------------------------------------------
# the stream


def is_step(value: Any) -> bool:
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
                continue
            value = float(raw)
            if not math.isfinite(value):
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


def baseline_end(stream: MetricStream, cfg: MonitorConfig, ctx: RunContext) -> float:
    """The last step of the baseline window: the first baseline_frac of the run (at least the first log)."""
    total = ctx.total_steps or stream.last_step or 0
    return max(cfg.baseline_frac * total, stream.first_step or 0)


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def _baseline_and_now(stream: MetricStream, key: str, cfg: MonitorConfig, ctx: RunContext):
    """(baseline mean, recent mean, baseline end) once a full recent window lies past the baseline; else None."""
    end = baseline_end(stream, cfg, ctx)
    base = stream.mean_upto(key, end)
    now = stream.after(key, end, cfg.recent_window)
    if base is None or len(now) < cfg.recent_window:
        return None
    return base, _mean(now), end


def linear_trend(values: list[float]) -> tuple[float, float]:
    """Least-squares line through equally spaced values: (fitted change from first to last, its standard
    error). The error comes from the residuals, so a noisy metric needs a larger move to count."""
    n = len(values)
    if n < 3:
        return (values[-1] - values[0] if n == 2 else 0.0), math.inf
    dx, sxx = _centred(n)
    y_mean = _mean(values)
    slope = sum([d * (y - y_mean) for d, y in zip(dx, values, strict=True)]) / sxx
    residual = sum([(y - (y_mean + slope * d)) ** 2 for d, y in zip(dx, values, strict=True)])
    slope_se = math.sqrt(residual / (n - 2) / sxx)
    return slope * (n - 1), slope_se * (n - 1)


@functools.cache
def _centred(n: int) -> tuple[tuple[float, ...], float]:
    """(i - mean of 0..n-1 for each i, the sum of their squares): the x side of every n-point fit, computed once."""
    x_mean = (n - 1) / 2
    dx = tuple(i - x_mean for i in range(n))
    return dx, sum(d**2 for d in dx)


# --------------------------------------------------------------------------------------------------------
# the checks: (stream, cfg, ctx) -> Alarm | None, each looking at the latest values


def check_no_signal(s: MetricStream, cfg: MonitorConfig, ctx: RunContext) -> Alarm | None:
    window = s.last(ZERO_STD, cfg.no_signal_window)
    if len(window) < cfg.no_signal_window or _mean(window) < cfg.no_signal_frac:
        return None
    step = s.last_step_of(ZERO_STD)
    first = s.step_at(ZERO_STD, s.count(ZERO_STD) - cfg.no_signal_window)
    evidence = f"frac_reward_zero_std averaged {_mean(window):.2f} over steps {first}-{step} ({len(window)} logs)"
    acc = s.last(ACCURACY, cfg.no_signal_window)
    p = _mean(acc) if acc else None
    if p is not None:
        evidence += f"; pass rate (rewards/accuracy/mean) {p:.3f}"
    fmt = s.last(FORMAT, cfg.no_signal_window)
    if fmt:
        evidence += f"; format reward {_mean(fmt):.2f}"
    advice = [_no_signal_g_advice(p, ctx.num_generations, cfg.no_signal_target)]
    if p is None or p < 0.5:
        advice.append("use easier data (keep problems the model solves 10-90% of the time)")
        if fmt and _mean(fmt) < 0.1:
            advice.append(
                "the policy almost never answers in the rewarded format: run SFT first (grpo.init=sft), or longer "
                "if this run already started from it"
            )
        else:
            advice.append("run SFT first (grpo.init=sft) so the policy starts from a non-zero pass rate")
    else:
        advice.append("use harder data: the model already solves almost every problem")
    return Alarm("no_signal", step, evidence, "; ".join(advice))


def _no_signal_g_advice(p: float | None, g: int | None, target: float) -> str:
    if p is None:
        return "larger G (grpo.num_generations); pass rate unknown: rewards/accuracy/mean is not logged"
    if g is None:
        head = f"larger G: at pass rate {p:.3f} (G unknown: no recipe.yaml in the run dir)"
    else:
        head = f"larger G: at pass rate {p:.3f}, G={g} gives P(all-same group) = p^G + (1-p)^G = {no_signal_fraction(p, g):.2f}"
    need = smallest_group(p, target)
    if need is None:
        return f"{head}; no G brings it under {target:.0%} at this pass rate, so fix the data or the start point"
    if g is not None and need <= g:
        return f"{head}; G={g} is already enough at this pass rate, so the zero-std groups come from the data"
    cost = f" (~{need / g:.0f}x this run's rollout cost: easier data or SFT is cheaper)" if g and need > 2 * g else ""
    return f"{head}; G={need} is the smallest that keeps it under {target:.0%}{cost}"


def check_length_hacking(s: MetricStream, cfg: MonitorConfig, ctx: RunContext) -> Alarm | None:
    length = _baseline_and_now(s, LENGTH, cfg, ctx)
    acc = _baseline_and_now(s, ACCURACY, cfg, ctx)
    # Without accuracy there is no way to tell hacking from the model learning to reason longer.
    if length is None or acc is None:
        return None
    (len0, len1, end), (acc0, acc1, _) = length, acc
    if len0 <= 0 or len1 < len0 * (1 + cfg.length_growth) or acc1 - acc0 > cfg.length_accuracy_band:
        return None
    evidence = (
        f"mean completion length {len0:.0f} -> {len1:.0f} tokens (+{len1 / len0 - 1:.0%}) since the baseline "
        f"(steps <= {end:.0f}) while accuracy went {acc0:.3f} -> {acc1:.3f} ({(acc1 - acc0) * 100:+.1f} points)"
    )
    advice = (
        "read samples.jsonl for padding, repetition or restated questions; add the overlong reward "
        "(rewards: {overlong: 1.0}) or lower grpo.max_completion_length; use loss_type dr_grpo, which removes "
        "GRPO's per-sequence length normalization that favours long wrong answers; stop at the last checkpoint "
        "before the growth if it keeps going"
    )
    return Alarm("length_hacking", s.last_step_of(LENGTH), evidence, advice)


def check_truncation(s: MetricStream, cfg: MonitorConfig, ctx: RunContext) -> Alarm | None:
    window = s.last(CLIPPED, cfg.recent_window)
    if len(window) < cfg.recent_window or _mean(window) < cfg.truncation_ratio:
        return None
    cap = f" at max_completion_length={ctx.max_completion_length}" if ctx.max_completion_length else ""
    evidence = f"{_mean(window):.0%} of completions were cut{cap} over the last {len(window)} logs"
    length = s.last(LENGTH, cfg.recent_window)
    if length:
        evidence += f" (mean length {_mean(length):.0f})"
    advice = (
        "a truncated answer has no final answer and scores 0; raise grpo.max_completion_length (check the cost "
        "with `grpo estimate`), add the overlong reward (DAPO soft overlong punishment), or set "
        "grpo.mask_truncated_completions=true so cut answers carry no gradient"
    )
    return Alarm("truncation", s.last_step_of(CLIPPED), evidence, advice)


def check_format_over_accuracy(s: MetricStream, cfg: MonitorConfig, ctx: RunContext) -> Alarm | None:
    # Lines fitted through the trend_window logs that end `offset` logs before the latest, for each offset under
    # recent_window: both moves must clear their threshold and the noise (three standard errors of the fitted
    # change) at every offset, i.e. hold for recent_window consecutive logs: the window slides over the whole run, so
    # a single chance excursion of a noisy accuracy would otherwise fire in a few percent of healthy runs
    # (docs/monitor.md has the rates). Each window is fitted once (MetricStream.trend), accuracy only when format
    # rose: the replay of a long run stays linear.
    n, fmt, acc = cfg.trend_window, s.count(FORMAT), s.count(ACCURACY)
    if min(fmt, acc) < n + cfg.recent_window - 1:
        return None
    for off in range(cfg.recent_window):
        f_change, f_se = s.trend(FORMAT, fmt - off, n)
        if f_change < max(cfg.format_rise, 3 * f_se):
            return None
        a_change, a_se = s.trend(ACCURACY, acc - off, n)
        if -a_change < max(cfg.accuracy_drop, 3 * a_se):
            return None
    return format_over_accuracy_alarm(s, cfg, *s.trend(FORMAT, fmt, n), *s.trend(ACCURACY, acc, n))


def format_over_accuracy_alarm(
    s: MetricStream, cfg: MonitorConfig, f_change: float, f_se: float, a_change: float, a_se: float
) -> Alarm:
    """The alarm, from the latest window's fitted moves (also the reference replay's, tests/alarms_before.py)."""
    n = cfg.trend_window
    evidence = (
        f"over steps {s.step_at(FORMAT, s.count(FORMAT) - n)}-{s.last_step_of(FORMAT)} ({n} logs), the fitted format reward moved "
        f"{f_change:+.3f} (+/- {f_se:.3f}) while accuracy moved {a_change:+.3f} (+/- {a_se:.3f}), "
        f"for {cfg.recent_window} logs in a row"
    )
    advice = (
        "the policy is optimizing the format reward instead of correctness: lower its weight (rewards.format, "
        "e.g. 0.1-0.2 of accuracy) or make format count only with a correct answer; read samples.jsonl for "
        "well-formed answers with wrong or empty content"
    )
    return Alarm("format_over_accuracy", s.last_step_of(FORMAT), evidence, advice)


def check_entropy_collapse(s: MetricStream, cfg: MonitorConfig, ctx: RunContext) -> Alarm | None:
    found = _baseline_and_now(s, ENTROPY, cfg, ctx)
    if found is None:
        return None
    start, now, _ = found
    if start <= 0 or now >= cfg.entropy_floor * start:
        return None
    evidence = f"entropy {start:.3f} at the start -> {now:.3f} now ({now / start:.1%} of its start)"
    temp = f" (now {ctx.temperature})" if ctx.temperature is not None else ""
    lr = f" (now {ctx.learning_rate:g})" if ctx.learning_rate is not None else ""
    advice = (
        f"the policy has become near-deterministic, so groups stop differing and learning stalls: lower "
        f"grpo.learning_rate{lr}, keep grpo.temperature at 1.0{temp}, raise grpo.beta to hold it near the "
        f"reference, or set grpo.epsilon_high above epsilon (DAPO clip-higher)"
    )
    return Alarm("entropy_collapse", s.last_step_of(ENTROPY), evidence, advice)


def check_kl_blowup(s: MetricStream, cfg: MonitorConfig, ctx: RunContext) -> Alarm | None:
    history = s.last(KL, cfg.kl_window + 1)[:-1]
    if len(history) < cfg.recent_window:
        return None
    now = s.last(KL, 1)[0]
    median = statistics.median(history)
    if now < cfg.kl_min or now <= cfg.kl_blowup_factor * median:
        return None
    ratio = f"{now / median:.0f}x" if median > 0 else "far above"
    evidence = f"kl {now:.4g} is {ratio} its running median {median:.3g} over the previous {len(history)} logs"
    beta = f" (now {ctx.beta:g})" if ctx.beta is not None else ""
    advice = (
        "the policy is running away from the reference: lower grpo.learning_rate, check grad_norm for spikes "
        f"(grpo.max_grad_norm), raise grpo.beta{beta}; resume from the checkpoint before the jump"
    )
    return Alarm("kl_blowup", s.last_step_of(KL), evidence, advice)


def check_language_mixing(s: MetricStream, cfg: MonitorConfig, ctx: RunContext) -> Alarm | None:
    found = _baseline_and_now(s, LANGUAGE, cfg, ctx)
    if found is None:
        return None
    start, now, _ = found
    if start - now < cfg.language_drop:
        return None
    evidence = f"language reward {start:.3f} at the start -> {now:.3f} now ({(now - start) * 100:+.1f} points)"
    advice = (
        "completions are mixing languages (DeepSeek-R1 saw this during RL): raise the language reward's weight "
        "(rewards.language), check reward_options.language, and read samples.jsonl for the mixed spans"
    )
    return Alarm("language_mixing", s.last_step_of(LANGUAGE), evidence, advice)


# What each share means and what to do, for check_verifier_failures.
_VERIFIER_SHARES = {
    BAD_REFERENCE: (
        "references it cannot read",
        "those rows score None, no gradient (open-r1 paid such rows as right): check the dataset's answer column "
        "and `grpo verify` a few of its rows",
    ),
    TIMEOUT: (
        "rows out of time",
        "a timed-out completion scores 0: raise reward_options.verify_timeout, or lower grpo.max_completion_length "
        "if the long ones time out",
    ),
    WORKER_FAILURE: (
        "rows the grader failed on",
        "a failed grader scores 0, not a judgement (verl saw graders failing in threads): read the log for "
        "'verifier error', and check the machine's memory and process limits",
    ),
}


def check_verifier_failures(s: MetricStream, cfg: MonitorConfig, ctx: RunContext) -> Alarm | None:
    over = []
    for key, (what, advice) in _VERIFIER_SHARES.items():
        window = s.last(key, cfg.recent_window)
        if len(window) == cfg.recent_window and _mean(window) >= cfg.verifier_failure_frac:
            over.append((key, what, advice, _mean(window)))
    if not over:
        return None
    step = max(s.last_step_of(key) for key, *_ in over)
    evidence = "; ".join(f"{mean:.1%} {what} ({key}, mean of the last {cfg.recent_window} logs)"
                         for key, what, _, mean in over)  # fmt: skip
    return Alarm("verifier_failures", step, evidence, "; ".join(advice for _, _, advice, _ in over))


CHECKS: dict[str, Callable[[MetricStream, MonitorConfig, RunContext], Alarm | None]] = {
    "no_signal": check_no_signal,
    "length_hacking": check_length_hacking,
    "truncation": check_truncation,
    "format_over_accuracy": check_format_over_accuracy,
    "entropy_collapse": check_entropy_collapse,
    "kl_blowup": check_kl_blowup,
    "language_mixing": check_language_mixing,
    "verifier_failures": check_verifier_failures,
}
assert CHECKS.keys() == ALARMS.keys()


def check_stream(stream: MetricStream, cfg: MonitorConfig, ctx: RunContext | None = None) -> list[Alarm]:
    """Every alarm that holds at the end of `stream`."""
    ctx = ctx or RunContext()
    return [alarm for check in CHECKS.values() if (alarm := check(stream, cfg, ctx)) is not None]


def check_alarms(
    metrics: list[Mapping[str, Any]], cfg: MonitorConfig | None = None, ctx: RunContext | None = None
) -> list[Alarm]:
    """Every alarm that holds at the end of the metrics stream (one dict per logging step)."""
    return check_stream(MetricStream.of(metrics), cfg or MonitorConfig(), ctx)


class AlarmWatcher:
    """Feeds a metrics stream row by row and returns each alarm id the first time it fires.

    The live callback and `grpo report` both use this, so a run's report names the alarms its console showed.
    """

    def __init__(self, cfg: MonitorConfig | None = None, ctx: RunContext | None = None):
        self.cfg = cfg or MonitorConfig()
        self.ctx = ctx or RunContext()
        self.stream = MetricStream()
        self.fired: dict[str, Alarm] = {}

    def feed(self, row: Mapping[str, Any]) -> list[Alarm]:
        self.stream.append(row)
        new = []
        for name, check in CHECKS.items():
            if name in self.fired:
                continue
            alarm = check(self.stream, self.cfg, self.ctx)
            if alarm is not None:
                self.fired[name] = alarm
                new.append(alarm)
        return new


def replay(
    metrics: Iterable[Mapping[str, Any]], cfg: MonitorConfig | None = None, ctx: RunContext | None = None
) -> AlarmWatcher:
    """A watcher fed a finished run's whole stream: its alarms (`fired`) and the stream itself (`stream`, the same
    as MetricStream.of(metrics), which a report can use instead of building it a second time)."""
    watcher = AlarmWatcher(cfg, ctx)
    for row in metrics:
        watcher.feed(row)
    return watcher


def replay_alarms(
    metrics: Iterable[Mapping[str, Any]], cfg: MonitorConfig | None = None, ctx: RunContext | None = None
) -> list[Alarm]:
    """Re-derive a finished run's alarms: each id with the first step it fired at, in step order."""
    return in_step_order(replay(metrics, cfg, ctx).fired.values())


def in_step_order(fired: Iterable[Alarm]) -> list[Alarm]:
    return sorted(fired, key=lambda a: (a.step, list(ALARMS).index(a.id)))
