"""GRPO's failure alarms: one registry entry per alarm (pure; no torch, no numpy).

GRPO fails quietly: groups whose G answers all score the same teach nothing, truncated answers score 0, format
reward can climb while accuracy falls, and length growing while accuracy stays flat is the early sign of reward
hacking. Each alarm reads the stream of logged metrics (`grpo_cli.observe.stream.MetricStream`: one row per logging
step, with `step` and TRL's metric names), so the live run (`grpo_cli.observe.live.MonitorCallback`) and `grpo
report` (`grpo_cli.observe.replay`) name the same failures from the same numbers.

`ALARMS` holds one `AlarmSpec` per alarm id, and it is all there is to an alarm:
- `check(stream, cfg, ctx)`: the alarm (id, step, evidence, advice) as it stands after the stream's latest row, or
  None. An id fires once per run: the first row its check holds at (`AlarmWatcher`).
- `mask(columns, cfg)`: numpy over the whole run, True at every row where the check could fire and False only where
  it surely cannot, so `grpo report` runs the check only there (`grpo_cli.observe.replay.Columns` gives the columns).
- `thresholds`: its keys of the recipe's `monitor:` section with their defaults and ranges; `config.MonitorConfig`
  is built from them (with `SHARED`, the windows several alarms read). docs/monitor.md explains each one.
- `fires` and `remedy`: when it fires and what its advice says, the row docs/monitor.md shows
  (scripts/docs_lists.py writes the table).
Adding an alarm is one entry here (its check and mask written above it) plus its stream in tests/metric_streams.py
(CONTRIBUTING.md shows one).
"""

from __future__ import annotations

import statistics
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from grpo_cli.formulas import NO_SIGNAL_TARGET, no_signal_fraction, smallest_group
from grpo_cli.observe.stream import (
    ACCURACY,
    BAD_REFERENCE,
    CLIPPED,
    ENTROPY,
    FORMAT,
    KL,
    LANGUAGE,
    LENGTH,
    REWARD,
    TIMEOUT,
    WORKER_FAILURE,
    ZERO_STD,
    MetricStream,
)

if TYPE_CHECKING:  # only for the annotations: config builds MonitorConfig from this module, replay imports it
    import numpy as np

    from grpo_cli.config import MonitorConfig
    from grpo_cli.observe.replay import Columns


@dataclass(frozen=True)
class Threshold:
    """One key of the recipe's `monitor:` section: its default (the key's type is the default's), what it means, the
    values a recipe may give it (`allowed`, with the `rule` its one-line error states) and how docs show it."""

    name: str
    default: int | float
    doc: str
    allowed: Callable[[Any], bool] | None = None
    rule: str = ""
    shown: str = "{0:g}"  # formatted with (default, 100 x default)

    def problem(self, value: Any) -> str | None:
        """The one-line error for a value the recipe may not give (config.MonitorConfig's check), else None."""
        if self.allowed is None or self.allowed(value):
            return None
        return f"monitor.{self.name}={value}: {self.rule}"

    def label(self) -> str:
        """`name` (default), as docs/monitor.md shows a threshold."""
        return f"`{self.name}` ({self.shown.format(self.default, 100 * self.default)})"


def _at_least(low: float) -> Callable[[Any], bool]:
    return lambda v: v >= low


def _share(v: Any) -> bool:
    return 0 < v <= 1


# The windows several alarms read; each alarm's own thresholds are in its entry.
SHARED = (
    Threshold("baseline_frac", 0.1, "the baseline: the mean over the first baseline_frac of the planned steps"),
    Threshold(
        "recent_window", 5, '"now": the mean of the last recent_window logs (one noisy step never fires an alarm)',
        _at_least(1), "must be >= 1",
    ),
)  # fmt: skip


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
# what the checks share


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


# --------------------------------------------------------------------------------------------------------
# the checks and their masks: check(stream, cfg, ctx) -> Alarm | None at the latest row; mask(columns, cfg) -> shape
# (rows,) bool, True wherever the check could fire


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


def mask_no_signal(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    valid, mean = col.window_mean(ZERO_STD, cfg.no_signal_window)
    return valid & col.at_least(mean, cfg.no_signal_frac, col.tol(ZERO_STD))


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


def mask_length_hacking(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    v_len, len0, len1 = col.baseline_and_now(LENGTH)
    v_acc, acc0, acc1 = col.baseline_and_now(ACCURACY)
    tol = col.tol(LENGTH) * (2 + cfg.length_growth)
    grew = col.at_least(len1, len0 * (1 + cfg.length_growth), tol)
    flat = col.at_most(acc1 - acc0, cfg.length_accuracy_band, 2 * col.tol(ACCURACY))
    return v_len & v_acc & ~(len0 <= 0) & grew & flat


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


def mask_truncation(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    valid, mean = col.window_mean(CLIPPED, cfg.recent_window)
    return valid & col.at_least(mean, cfg.truncation_ratio, col.tol(CLIPPED))


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


def mask_format_over_accuracy(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    # The check asks every one of recent_window windows to move; the latest one moving is necessary.
    n, need = cfg.trend_window, cfg.trend_window + cfg.recent_window - 1
    enough = (col.counts(FORMAT) >= need) & (col.counts(ACCURACY) >= need)
    rose = col.at_least(col.trend_change(FORMAT, n), cfg.format_rise, n * col.tol(FORMAT))
    fell = col.at_least(-col.trend_change(ACCURACY, n), cfg.accuracy_drop, n * col.tol(ACCURACY))
    return enough & rose & fell


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


def mask_entropy_collapse(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    valid, start, now = col.baseline_and_now(ENTROPY)
    return valid & (start > 0) & ~(now >= cfg.entropy_floor * start + col.tol(ENTROPY))


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


def mask_kl_blowup(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    # history = the (up to) kl_window values before the latest; the check needs recent_window of them
    history, now, history_min = col.latest_and_before(KL, cfg.kl_window)
    out = (history >= cfg.recent_window) & (now >= cfg.kl_min)
    if cfg.kl_blowup_factor >= 0:  # now > factor * median(history) implies now > factor * min(history)
        low = cfg.kl_blowup_factor * history_min
        out &= ~(now <= low - col.tol(KL) * (1 + cfg.kl_blowup_factor))
    return out


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


def mask_language_mixing(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    valid, start, now = col.baseline_and_now(LANGUAGE)
    return valid & col.at_least(start - now, cfg.language_drop, 2 * col.tol(LANGUAGE))


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


def mask_verifier_failures(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    out = col.nowhere()
    for key in _VERIFIER_SHARES:
        valid, mean = col.window_mean(key, cfg.recent_window)
        out |= valid & col.at_least(mean, cfg.verifier_failure_frac, col.tol(key))
    return out


def check_nonfinite_reward(s: MetricStream, cfg: MonitorConfig, ctx: RunContext) -> Alarm | None:
    # TRL sums the weighted rewards with nansum: the total is non-finite when a weighted reward overflowed (a weight
    # like 1e308), a reward function returned infinity, or every function gave no score (None) to a whole batch.
    # Never in a healthy run: one such log is enough.
    found = s.first_nonfinite(REWARD)
    if found is None:
        return None
    step = found[1]
    # the reward functions logged so far (a prefix view's dicts hold the later keys too)
    funcs = sorted(
        k for k in {*s.values, *s.nonfinite}
        if k.startswith("rewards/") and k.endswith("/mean") and (s.count(k) or s.first_nonfinite(k))
    )  # fmt: skip
    scored = [f"{k} {v:g}" for k in funcs if (v := _value_at(s, k, step)) is not None]
    evidence = f"the total reward was logged as no finite number (null: NaN or infinity) at step {step}"
    same_step = [f"{k} {v:g}" for k in ("loss", "grad_norm") if (v := _value_at(s, k, step)) is not None]
    if scored or same_step:
        evidence += f"; that step's {', '.join(scored + same_step)}"
    if funcs and not scored:
        advice = (
            "every reward function gave no score (None) to the rows of a whole batch, so nothing was learned from "
            "it: check the dataset's answer column (`grpo verify` a few rows) and that the recipe's rewards apply "
            "to its completions"
        )
    else:
        advice = (
            "with a NaN or infinite reward every advantage is NaN and no update follows from it (loss and "
            "grad_norm read 0 or NaN): look for a huge weight in the recipe's rewards (their weighted sum overflows "
            "past 1.8e308) or a reward function that returns infinity, fix it, and restart from a checkpoint "
            f"before step {step}"
        )
    return Alarm("nonfinite_reward", step, evidence, advice)


def _value_at(s: MetricStream, key: str, step: int) -> float | None:
    """`key`'s value logged at `step` exactly, if any."""
    c = s.count(key)
    i = bisect_right(s.steps[key], step, 0, c) - 1 if c else -1
    return s.values[key][i] if i >= 0 and s.steps[key][i] == step else None


def mask_nonfinite_reward(col: Columns, cfg: MonitorConfig) -> np.ndarray:
    return col.nonfinite_seen(REWARD)


# --------------------------------------------------------------------------------------------------------
# the registry


@dataclass(frozen=True)
class AlarmSpec:
    """One alarm: see the module's docstring."""

    title: str
    # The metric whose plot shows the alarm (the report marks the step there).
    metric: str
    check: Callable[[MetricStream, MonitorConfig, RunContext], Alarm | None]
    mask: Callable[[Columns, MonitorConfig], np.ndarray]
    thresholds: tuple[Threshold, ...]
    # docs/monitor.md's row: when it fires and what its advice says; {name} shows a threshold and its default.
    fires: str
    remedy: str


ALARMS: dict[str, AlarmSpec] = {
    "no_signal": AlarmSpec(
        "no learning signal: most groups have zero reward variance", ZERO_STD, check_no_signal, mask_no_signal,
        (
            Threshold("no_signal_frac", 0.9, "the mean frac_reward_zero_std over no_signal_window logs that fires it"),
            Threshold("no_signal_window", 5, "logs averaged", _at_least(1), "must be >= 1"),
            Threshold(
                "no_signal_target", NO_SIGNAL_TARGET,
                "the advice: the smallest G with P(all-same group) = p^G + (1-p)^G under this",
                lambda v: 0 < v < 1, "must be in (0, 1)", "{1:g}%",
            ),
        ),
        fires="`frac_reward_zero_std` averages >= {no_signal_frac} over the last {no_signal_window} logs",
        remedy="larger G, with P(all-same group) = p^G + (1-p)^G at the measured pass rate p and the smallest G that "
        "brings it under {no_signal_target}, and its rollout cost; easier data (pass rates 10-90%); SFT first, or "
        "longer when the format reward is ~0; harder data when p is near 1",
    ),
    "length_hacking": AlarmSpec(
        "completions grow while accuracy stays flat (reward hacking)", LENGTH, check_length_hacking,
        mask_length_hacking,
        (
            Threshold("length_growth", 0.5, "the mean length's growth over its baseline that fires it", shown="+{1:g}%"),
            Threshold(
                "length_accuracy_band", 0.02, "accuracy gained at most this (a fall counts too)", shown="{1:g} points"
            ),
        ),
        fires="mean completion length now >= (1 + {length_growth}) x baseline while accuracy gained at most "
        "{length_accuracy_band}. Needs accuracy: without it, reasoning longer and padding look the same",
        remedy="read samples.jsonl for padding/repetition; the `overlong` reward or a lower `max_completion_length`; "
        "`loss_type: dr_grpo` (GRPO's 1/len normalization favours long wrong answers, Dr. GRPO); stop at the "
        "checkpoint before the growth",
    ),
    "truncation": AlarmSpec(
        "many completions are cut at max_completion_length", CLIPPED, check_truncation, mask_truncation,
        (Threshold("truncation_ratio", 0.3, "the recent mean of completions/clipped_ratio that fires it"),),
        fires="`completions/clipped_ratio` now >= {truncation_ratio}",
        remedy="raise `grpo.max_completion_length` (check the cost with `grpo estimate`), the `overlong` reward "
        "(DAPO's soft overlong punishment), or `grpo.mask_truncated_completions=true`",
    ),
    "format_over_accuracy": AlarmSpec(
        "format reward rises while accuracy falls", FORMAT, check_format_over_accuracy, mask_format_over_accuracy,
        (
            Threshold("trend_window", 30, "logs each line is fitted through", _at_least(3), "must be >= 3"),
            Threshold("format_rise", 0.05, "the fitted rise of the format reward that fires it"),
            Threshold("accuracy_drop", 0.05, "the fitted fall of accuracy that fires it"),
        ),
        fires="lines fitted through the last {trend_window} logs: format up >= {format_rise} and accuracy down >= "
        "{accuracy_drop}, each by more than 3 standard errors of the fitted change, for {recent_window} logs in a row",
        remedy="lower the format weight (0.1-0.2 of accuracy) or reward format only with a correct answer; read "
        "samples.jsonl for well-formed wrong answers",
    ),
    "entropy_collapse": AlarmSpec(
        "policy entropy collapsed", ENTROPY, check_entropy_collapse, mask_entropy_collapse,
        (Threshold("entropy_floor", 0.1, "the share of its baseline entropy falls under", shown="{1:g}%"),),
        fires="entropy now < {entropy_floor} of its baseline",
        remedy="lower the learning rate, keep temperature 1.0, raise beta, or `epsilon_high` above epsilon (DAPO "
        "clip-higher)",
    ),
    "kl_blowup": AlarmSpec(
        "KL to the reference model blew up", KL, check_kl_blowup, mask_kl_blowup,
        (
            Threshold("kl_blowup_factor", 10.0, "how many times its running median the latest KL must be"),
            Threshold("kl_window", 50, "logs of the running median", _at_least(1), "must be >= 1"),
            Threshold("kl_min", 0.01, "KL under this never fires it"),
        ),
        fires="the latest KL > {kl_blowup_factor} x the median of the previous {kl_window} logs, and >= {kl_min}",
        remedy="lower the learning rate, check grad_norm / `max_grad_norm`, raise beta; resume from the checkpoint "
        "before the jump",
    ),
    "language_mixing": AlarmSpec(
        "language-consistency reward is falling", LANGUAGE, check_language_mixing, mask_language_mixing,
        (Threshold("language_drop", 0.05, "the fall of the language reward from its baseline", shown="{1:g} points"),),
        fires="language reward now <= baseline - {language_drop}",
        remedy="raise the language reward's weight, check `reward_options.language`, read samples.jsonl "
        "(DeepSeek-R1 saw language mixing during RL and added this reward)",
    ),
    "verifier_failures": AlarmSpec(
        "the verifier is failing on a share of the rows it scores", WORKER_FAILURE, check_verifier_failures,
        mask_verifier_failures,
        (
            Threshold(
                "verifier_failure_frac", 0.02, "the recent mean share of rows, each kind on its own, that fires it",
                _share, "must be in (0, 1]", "{1:g}%",
            ),
        ),
        fires="`verify/bad_reference_frac`, `verify/timeout_frac` or `verify/worker_failure_frac` (the accuracy "
        "reward's shares of each batch, docs/verifiers.md) averages >= {verifier_failure_frac} over the last "
        "{recent_window} logs",
        remedy="per share: check the dataset's answer column (unreadable references score None); raise "
        "`reward_options.verify_timeout` or lower `max_completion_length` (a timeout scores 0); read the log for "
        "`verifier error`, check memory and process limits (a failed grader scores 0)",
    ),
    "nonfinite_reward": AlarmSpec(
        "the reward is not a finite number", REWARD, check_nonfinite_reward, mask_nonfinite_reward, (),
        fires="`reward` (TRL's weighted sum of the rewards) logged as null, NaN or infinity, once",
        remedy="look for a huge weight in `rewards:` (the weighted sum overflows) or a reward function returning "
        "infinity, and restart from a checkpoint before the step; when every reward function gave no score to a "
        "whole batch, check the dataset's answer column",
    ),
}  # fmt: skip

THRESHOLDS: tuple[Threshold, ...] = SHARED + tuple(t for spec in ALARMS.values() for t in spec.thresholds)
assert len({t.name for t in THRESHOLDS}) == len(THRESHOLDS), "a threshold name is used twice"


# --------------------------------------------------------------------------------------------------------
# watching a stream


class AlarmWatcher:
    """Feeds a metrics stream row by row and returns each alarm id the first time it fires.

    The live callback and `grpo report` both use this (the report through grpo_cli.observe.replay, which runs the
    same checks only at the rows their masks leave), so a run's report names the alarms its console showed.
    """

    def __init__(self, cfg: MonitorConfig, ctx: RunContext | None = None):
        self.cfg = cfg
        self.ctx = ctx or RunContext()
        self.stream = MetricStream()
        self.fired: dict[str, Alarm] = {}

    def feed(self, row: Mapping[str, Any]) -> list[Alarm]:
        self.stream.append(row)
        new = []
        for name, spec in ALARMS.items():
            if name in self.fired:
                continue
            alarm = spec.check(self.stream, self.cfg, self.ctx)
            if alarm is not None:
                self.fired[name] = alarm
                new.append(alarm)
        return new


def in_step_order(fired: Iterable[Alarm]) -> list[Alarm]:
    return sorted(fired, key=lambda a: (a.step, list(ALARMS).index(a.id)))
