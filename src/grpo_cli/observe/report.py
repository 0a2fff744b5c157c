"""`grpo report`: plots and report.md from one or more run directories.

A run directory here is a stage directory (runs/<recipe>/grpo/) or anything above one. Only metrics.jsonl is
required (TRL's metric names plus `step`); recipe.yaml, run.json, samples.jsonl, alarms.jsonl and the sibling
eval-*/summary.json are used when present, and every section that lacks its input says "n/a: <why>".

The alarms are re-derived from the metrics with the same pure functions the live run used (grpo_cli.observe.alarms),
so the report names what the console showed, and works for runs logged before the monitor existed.

matplotlib (Agg backend) only: no torch, no transformers.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import math
import statistics
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from grpo_cli import rundir, safeio
from grpo_cli.config import MonitorConfig, Recipe
from grpo_cli.errors import UserError
from grpo_cli.observe import alarms, durations
from grpo_cli.observe.stream import (
    ACCURACY,
    CLIPPED,
    DS_DROPPED,
    DS_ROUNDS,
    DS_UNFILLED,
    ENTROPY,
    KL,
    LENGTH,
    REWARD,
    ZERO_STD,
    MetricStream,
    is_step,
)

# TRL metric keys that only GRPO logs: a stream with any of them is a GRPO run.
_GRPO_KEYS = (REWARD, ZERO_STD, CLIPPED, LENGTH)
_TEXT_LIMIT = 700  # characters of a sample shown in report.md


@dataclass
class Run:
    """Everything `grpo report` found in one stage directory."""

    path: Path
    label: str
    metrics: list[dict]
    samples: list[dict] = field(default_factory=list)
    recipe_dict: dict | None = None
    recipe: Recipe | None = None
    recipe_error: str | None = None
    info: dict = field(default_factory=dict)
    live_alarms: list[dict] = field(default_factory=list)
    evals: dict[str, dict] = field(default_factory=dict)
    alarms: list[alarms.Alarm] = field(default_factory=list)
    # Problems with metrics.jsonl itself (duplicated or out-of-order steps: two writers, or a resume that did not cut).
    warnings: list[str] = field(default_factory=list)

    @property
    def stage(self) -> str | None:
        return self.info.get("stage") or (self.path.name if self.path.name in rundir.STAGES else None)

    @property
    def is_grpo(self) -> bool:
        stage = self.stage
        if stage is not None:
            return stage == "grpo"
        return any(k in row for row in self.metrics for k in _GRPO_KEYS)

    @property
    def monitor_cfg(self) -> MonitorConfig:
        return self.recipe.monitor if self.recipe is not None else MonitorConfig()

    @cached_property
    def stream(self) -> MetricStream:
        return MetricStream.of(self.metrics)

    def column(self, key: str) -> tuple[list[int], list[float]]:
        """(steps, values) of one metric; None/NaN values skipped."""
        return self.stream.steps.get(key, []), self.stream.values.get(key, [])


# --------------------------------------------------------------------------------------------------------
# finding and loading runs


def find_stage_dir(path: str | Path) -> Path:
    """RUN_DIR -> the stage directory holding metrics.jsonl (grpo preferred over sft when given a parent)."""
    path = Path(path).expanduser()
    if not path.exists():
        raise UserError(f"{path}: no such directory")
    if path.is_file():
        if path.name == "metrics.jsonl":
            return path.parent
        raise UserError(f"{path}: expected a run directory (holding metrics.jsonl), not a file")
    if (path / "metrics.jsonl").is_file():
        return path
    for pattern in ("grpo/metrics.jsonl", "*/grpo/metrics.jsonl", "sft/metrics.jsonl", "*/sft/metrics.jsonl"):
        found = sorted(path.glob(pattern))
        if len(found) == 1:
            return found[0].parent
        if len(found) > 1:
            choices = ", ".join(str(p.parent) for p in found)
            raise UserError(f"{path} holds several runs ({choices}); pass the ones to report on")
    raise UserError(
        f"no metrics.jsonl in {path} or its stage folders; pass a stage directory such as runs/<recipe>/grpo"
    )


def _read_yaml(path: Path) -> dict | None:
    if not path.is_file():
        return None
    try:
        data = safeio.load_yaml(safeio.read_text(path, "recipe"), str(path))
    except UserError:
        return None
    return data if isinstance(data, dict) else None


def load_run(path: str | Path, label: str | None = None) -> Run:
    stage_dir = find_stage_dir(path)
    metrics = [r for r in rundir.read_jsonl(stage_dir / "metrics.jsonl") if isinstance(r, dict)]
    if not metrics:
        raise UserError(f"{stage_dir / 'metrics.jsonl'} holds no logged steps")
    unnumbered = drop_bad_steps(metrics, stage_dir / "metrics.jsonl")
    run = Run(
        path=stage_dir,
        label=label or f"{stage_dir.parent.name}/{stage_dir.name}",
        metrics=metrics,
        warnings=unnumbered + step_warnings(metrics, stage_dir / "metrics.jsonl"),
        samples=rundir.read_jsonl(stage_dir / "samples.jsonl"),
        info=rundir.read_run_info(stage_dir),
        live_alarms=rundir.read_jsonl(stage_dir / "alarms.jsonl"),
    )
    run.recipe_dict = _read_yaml(stage_dir / "recipe.yaml")
    if run.recipe_dict is not None:
        from grpo_cli.config import build

        try:
            run.recipe = build(run.recipe_dict)
        except UserError as err:  # a recipe from another version of grpo-cli: use what can be read
            run.recipe_error = str(err)
    order = {name: i for i, name in enumerate(rundir.STAGES)}  # eval-base, eval-sft, eval-grpo
    for summary in sorted(
        stage_dir.parent.glob("eval-*/summary.json"), key=lambda p: (order.get(p.parent.name, 99), p)
    ):
        try:
            run.evals[summary.parent.name] = json.loads(summary.read_text())
        except (OSError, ValueError):
            continue
    if run.is_grpo:
        from grpo_cli.observe import replay  # numpy, which the plots import anyway

        # the stream the replay built: the plots read it (a million rows, built once)
        run.alarms, run.stream = replay.replay(run.metrics, run.monitor_cfg, run_context(run))
    return run


def drop_bad_steps(metrics: list[dict], path: Path) -> list[str]:
    """Remove, in place, a `step` that is no finite number (NaN, inf, true/false: a damaged or hand-edited line), so
    the row reads as unnumbered (its place in the stream, as row_step reads any row without a step) instead of
    failing every `int(step)` downstream; a warning names how many and the first."""
    bad = [i for i, row in enumerate(metrics) if "step" in row and not is_step(row["step"])]
    for i in bad:
        del metrics[i]["step"]
    if not bad:
        return []
    return [
        f"{path}: {len(bad)} row(s) with a step that is not a finite number (first: row {bad[0] + 1}), read by place"
    ]


def step_warnings(metrics: list[dict], path: Path) -> list[str]:
    """Duplicated and out-of-order `step` values in a metrics stream: each logging step appears once, in order, in a
    file one process wrote (two writers, or rows not cut back on resume, break that)."""
    steps = [r.get("step") for r in metrics if isinstance(r.get("step"), (int, float))]
    seen: dict[float, int] = {}
    duplicated, backwards = [], []
    for i, step in enumerate(steps):
        seen[step] = seen.get(step, 0) + 1
        if seen[step] == 2:
            duplicated.append(step)
        if i and step < steps[i - 1]:
            backwards.append((steps[i - 1], step))
    out = []
    if duplicated:
        shown = ", ".join(str(s) for s in duplicated[:5]) + (", ..." if len(duplicated) > 5 else "")
        out.append(
            f"{path}: {len(duplicated)} step(s) logged more than once ({shown}): two runs wrote this folder, or a "
            "resume kept rows past its checkpoint; plots and alarms mix them"
        )
    if backwards:
        a, b = backwards[0]
        out.append(f"{path}: steps go backwards {len(backwards)} time(s) (first: {a} then {b})")
    return out


def load_runs(paths: list[str | Path]) -> list[Run]:
    runs = [load_run(p) for p in paths]
    labels = [r.label for r in runs]
    for run in runs:
        if labels.count(run.label) > 1:  # the same recipe/stage from two run roots: name them by path
            run.label = str(run.path)
    return runs


def run_context(run: Run) -> alarms.RunContext:
    """The alarms' context: the recipe's G and limits, and the run's planned steps (else its last logged step)."""
    last = max((int(r["step"]) for r in run.metrics if isinstance(r.get("step"), (int, float))), default=None)
    ctx = alarms.RunContext.from_recipe_dict(run.recipe_dict)
    return ctx if ctx.total_steps else dataclasses.replace(ctx, total_steps=last)


# --------------------------------------------------------------------------------------------------------
# numbers for the report


def _finite(values: list[Any]) -> list[float]:
    return [float(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)]


def _parse_time(text: Any) -> dt.datetime | None:
    if not isinstance(text, str):
        return None
    for fmt in ("%Y-%m-%dT%H:%M:%S%z", "%Y-%m-%dT%H:%M:%S"):
        try:
            return dt.datetime.strptime(text, fmt)
        except ValueError:
            continue
    try:
        return dt.datetime.fromisoformat(text)
    except ValueError:
        return None


def wall_time(run: Run) -> tuple[float | None, str]:
    """(seconds, where the figure comes from)."""
    info = run.info
    if isinstance(info.get("wall_time"), (int, float)):
        return float(info["wall_time"]), "run.json wall_time"
    runtime = (info.get("train_summary") or {}).get("train_runtime")
    if isinstance(runtime, (int, float)):
        return float(runtime), "run.json train_runtime"
    start, end = _parse_time(info.get("start_time")), _parse_time(info.get("end_time"))
    if start and end and (start.tzinfo is None) == (end.tzinfo is None):
        return (end - start).total_seconds(), "run.json start/end"
    step_times = _finite([r.get("step_time") for r in run.metrics])
    steps = [r.get("step") for r in run.metrics if isinstance(r.get("step"), (int, float))]
    if step_times and steps:
        # step_time is the mean over the steps since the previous log: weight it by those steps.
        prev, total = 0, 0.0
        for row in run.metrics:
            if isinstance(row.get("step_time"), (int, float)) and isinstance(row.get("step"), (int, float)):
                total += float(row["step_time"]) * (int(row["step"]) - prev)
                prev = int(row["step"])
        return total, "sum of metrics.jsonl step_time (training steps only)"
    return None, "n/a: no run.json and no step_time in metrics.jsonl"


def gpu_count(run: Run) -> tuple[int, str | None]:
    """(training GPUs, the device name) from run.json's hardware; (0, None) for a CPU run or when unknown."""
    hw = run.info.get("hardware") or {}
    gpus = hw.get("gpus") or []
    if not gpus:
        return 0, None
    world = hw.get("world_size") if isinstance(hw.get("world_size"), int) else None
    if world is None and run.recipe is not None:
        world = run.recipe.launch.num_processes * run.recipe.launch.num_nodes
    return int(world or len(gpus)), str(gpus[0])


def compute_section(run: Run) -> list[str]:
    """Measured GPU-hours beside `grpo estimate`'s prediction for the same recipe on the same hardware."""
    lines = []
    seconds, source = wall_time(run)
    steps_done = max((int(r["step"]) for r in run.metrics if isinstance(r.get("step"), (int, float))), default=0)
    n_gpus, device = gpu_count(run)
    if seconds is None:
        lines.append(f"- measured: {source}")
    elif n_gpus:
        lines.append(
            f"- measured: {seconds * n_gpus / 3600:.3g} GPU-hours ({n_gpus}x {device}, {_hms(seconds)} wall, "
            f"{steps_done} steps; {source})"
        )
    elif not run.info.get("hardware"):
        lines.append(
            f"- measured: n/a GPU-hours: hardware unknown (no run.json); {_hms(seconds)} wall, {steps_done} steps"
        )
    else:
        cpus = run.info["hardware"].get("cpus", "?")
        lines.append(
            f"- measured: n/a GPU-hours: ran without a GPU ({cpus} CPU cores); {_hms(seconds)} wall, {steps_done} steps"
        )
    lines += _prediction_lines(run, seconds, steps_done, n_gpus, device)
    return lines


def _prediction_lines(run: Run, seconds: float | None, steps_done: int, n_gpus: int, device: str | None) -> list[str]:
    if not run.is_grpo:
        return ["- `grpo estimate`: n/a: it predicts the GRPO stage; this is an SFT run"]
    if run.recipe is None:
        why = run.recipe_error or "no recipe.yaml in the run dir"
        return [f"- `grpo estimate`: n/a: {why}"]
    from grpo_cli import estimate as est

    overrides: dict[str, Any] = {}
    gpu = est.gpu_from_device_name(device) if device else None
    if gpu is not None:
        overrides.update(gpu=gpu, num_gpus=n_gpus)
    try:
        pred = est.estimate(est.inputs_from_recipe(run.recipe, **overrides))
    except UserError as err:
        return [f"- `grpo estimate`: n/a: {err}"]
    hw = f"{pred.num_gpus}x {pred.gpu}"
    lines = [
        f"- `grpo estimate` predicts {pred.gpu_hours:.3g} GPU-hours ({_hms(pred.wall_clock_hours * 3600)} "
        f"wall on {hw}) for the recipe's {pred.steps:.0f} steps, {pred.seconds_per_step:.3g} s/step"
    ]
    if device and gpu is None:
        lines.append(f"  (the run's GPU '{device}' is not in the estimate's table; predicted for the recipe's {hw})")
    elif not n_gpus:
        lines.append("  (predicted for the recipe's hardware; this run had no GPU, so the two do not compare)")
    measured_step = statistics.median(_finite([r.get("step_time") for r in run.metrics])[1:] or [0.0]) or None
    if n_gpus and gpu is not None and measured_step:
        ratio = measured_step / pred.seconds_per_step if pred.seconds_per_step else math.nan
        lines.append(
            f"- per step: measured {measured_step:.3g} s (median) vs predicted {pred.seconds_per_step:.3g} s: "
            f"{ratio:.2f}x; for the {steps_done} steps this run made: predicted {pred.seconds_per_step * steps_done * n_gpus / 3600:.3g} "
            f"GPU-hours (`grpo estimate --calibrate {run.path}` folds this ratio into later estimates)"
        )
    return lines


def _hms(seconds: float | None) -> str:
    return durations.duration(seconds, form="full", missing="n/a")


def tokens_line(run: Run) -> str:
    num = _finite([r.get("num_tokens") for r in run.metrics])
    tps = _finite([r.get("tokens_per_second") for r in run.metrics])
    lengths = _finite([r.get(LENGTH) for r in run.metrics])
    parts = []
    if num:
        parts.append(f"{_count(num[-1])} tokens processed (prompt + completion, TRL num_tokens)")
    if tps:
        parts.append(f"{_count(statistics.median(tps))} tokens/s (median)")
    if lengths:
        parts.append(f"mean completion length {lengths[0]:.0f} -> {lengths[-1]:.0f} tokens")
    return "; ".join(parts) if parts else "n/a: metrics.jsonl has no num_tokens, tokens_per_second or lengths"


def _count(x: float) -> str:
    for div, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "k")):
        if abs(x) >= div:
            return f"{x / div:.3g}{suffix}"
    return f"{x:.0f}"


# --------------------------------------------------------------------------------------------------------
# plots


@dataclass(frozen=True)
class Panel:
    name: str  # file stem
    title: str
    keys: tuple[str, ...]  # metric keys drawn (the first solid, the rest dashed)
    ylabel: str
    threshold: str | None = None  # MonitorConfig field drawn as a horizontal line


GRPO_PANELS = (
    Panel("reward", "Reward and accuracy", (REWARD, ACCURACY), "mean over the batch"),
    Panel("length", "Mean completion length", (LENGTH,), "tokens"),
    Panel("zero_std", "Groups with zero reward std (no signal)", (ZERO_STD,), "fraction", "no_signal_frac"),
    Panel("clipped", "Completions cut at max length", (CLIPPED,), "fraction", "truncation_ratio"),
    Panel("kl", "KL to the reference model", (KL,), "kl"),
    Panel("entropy", "Policy entropy", (ENTROPY,), "nats/token"),
)
# Per-step curves of a run that scores reasoning steps (grpo_cli.stepwise.scoring); one panel per operation follows.
STEP_PREFIX, ACC_PREFIX = "steps/", "steps/acc/"
STEP_PANELS = (
    Panel(
        "steps", "Reasoning steps: share correct, share of completions with wrong working",
        ("steps/correct_frac", "steps/wrong_working_frac"), "fraction",
    ),
    Panel("steps_first_wrong", "Position of the first wrong step (1 = the first step)", ("steps/first_wrong_pos",), "step"),
    Panel("steps_per_completion", "Steps per completion", ("steps/per_completion",), "steps"),
    Panel("process_zero_std", "Groups with equal step rewards (no process signal)", ("process/zero_std_frac",), "fraction"),
)  # fmt: skip
DYNAMIC_SAMPLING_PANEL = Panel(
    "dynamic_sampling", "Dynamic sampling: zero-signal groups refilled / left, extra generation rounds",
    (DS_DROPPED, DS_UNFILLED, DS_ROUNDS), "groups / rounds per batch",
)  # fmt: skip
SFT_PANELS = (
    Panel("loss", "SFT loss", ("loss",), "loss"),
    Panel("token_accuracy", "Token accuracy", ("mean_token_accuracy",), "fraction"),
)


def panels_for(runs: list[Run]) -> list[Panel]:
    """The fixed panels, then one per reward function any run logged."""
    keys = {k for run in runs for row in run.metrics for k in row}
    # accuracy is already drawn beside the total reward
    rewards = sorted(k for k in keys if k.startswith("rewards/") and k.endswith("/mean") and k != ACCURACY)
    panels = list(GRPO_PANELS if any(r.is_grpo for r in runs) else SFT_PANELS)
    panels += [
        Panel(f"reward_{k.split('/')[1]}", f"Reward function: {k.split('/')[1]}", (k,), "mean reward") for k in rewards
    ]
    if DS_ROUNDS in keys:
        panels.append(DYNAMIC_SAMPLING_PANEL)
    if any(k.startswith(STEP_PREFIX) for k in keys):
        panels += list(STEP_PANELS)
        panels += [
            Panel(f"steps_acc_{k.rsplit('/', 1)[1]}", f"Step accuracy: {k.rsplit('/', 1)[1]}", (k,), "fraction")
            for k in sorted(k for k in keys if k.startswith(ACC_PREFIX))
        ]
    return panels


def _smooth(values: Any) -> Any:
    """Centered rolling mean over ~5% of the points (at least 3), so trends read through the step noise. numpy (which
    matplotlib imports anyway): running sums make each window's mean O(1) (slicing each window was quadratic: 28 s
    at 1e5 rows), and a million-row column takes milliseconds."""
    import numpy as np

    v = np.asarray(values, dtype=float)
    n = len(v)
    half = (max(3, n // 20) | 1) // 2
    prefix = np.concatenate([[0.0], np.cumsum(v)])
    i = np.arange(n)
    hi, lo = np.minimum(n, i + half + 1), np.maximum(0, i - half)
    return (prefix[hi] - prefix[lo]) / (hi - lo)


# A plot is ~800 pixels wide: a line of more points than this is drawn as its envelope (below), which looks the same
# and keeps a million-row run's plots to seconds.
PLOT_POINTS = 4000


def _thin(steps: Any, values: Any) -> tuple[Any, Any]:
    """At most ~PLOT_POINTS points that draw like the whole line: in each of PLOT_POINTS / 2 consecutive buckets (the
    last one takes the rest), its lowest and highest point, in step order. A short enough line is returned whole."""
    import numpy as np

    x, y = np.asarray(steps), np.asarray(values, dtype=float)
    n = len(y)
    if n <= PLOT_POINTS:
        return x, y
    buckets = PLOT_POINTS // 2
    size = n // buckets
    blocks = y[: size * (buckets - 1)].reshape(buckets - 1, size)  # shape (buckets - 1, size); the rest is the last
    starts = np.arange(buckets - 1) * size
    tail = size * (buckets - 1)
    low = np.append(starts + blocks.argmin(axis=1), tail + y[tail:].argmin())
    high = np.append(starts + blocks.argmax(axis=1), tail + y[tail:].argmax())
    keep = np.unique(np.concatenate([low, high]))  # sorted: step order
    return x[keep], y[keep]


def plot(runs: list[Run], out_dir: Path) -> tuple[list[tuple[Panel, Path]], list[str]]:
    """One PNG per panel with every run overlaid; returns (drawn panels, notes on panels nobody logged)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out_dir.mkdir(parents=True, exist_ok=True)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    drawn, notes = [], []
    for panel in panels_for(runs):
        series = [
            (i, run, key, *run.column(key)) for i, run in enumerate(runs) for key in panel.keys if run.column(key)[1]
        ]
        if not series:
            why = ""
            if panel.name == "kl" and any((r.recipe_dict or {}).get("grpo", {}).get("beta") == 0 for r in runs):
                why = "; grpo.beta = 0 has no KL term"
            notes.append(f"{panel.title}: not logged ({', '.join(panel.keys)}{why})")
            continue
        fig, ax = plt.subplots(figsize=(7.5, 4.0), dpi=110)
        for i, run, key, steps, values in series:
            color = colors[i % len(colors)]
            style = "-" if key == panel.keys[0] else "--"
            name = run.label if len(panel.keys) == 1 else f"{run.label}: {key.split('/')[-2] if '/' in key else key}"
            if len(values) >= 20:
                ax.plot(*_thin(steps, values), style, color=color, alpha=0.25, linewidth=0.8)
                ax.plot(*_thin(steps, _smooth(values)), style, color=color, linewidth=1.8, label=name)
            else:
                ax.plot(steps, values, style, color=color, marker="o", markersize=3, linewidth=1.5, label=name)
            for alarm in run.alarms:
                if alarms.ALARMS[alarm.id].metric == key:
                    ax.axvline(alarm.step, color=color, linestyle=":", linewidth=1.2)
                    ax.annotate(alarm.id, (alarm.step, 0.97), xycoords=("data", "axes fraction"), rotation=90,
                                va="top", ha="right", fontsize=7, color=color)  # fmt: skip
        if panel.ylabel == "fraction":
            ax.set_ylim(-0.02, 1.02)
        if panel.threshold:
            level = getattr(runs[0].monitor_cfg, panel.threshold)
            ax.axhline(level, color="grey", linestyle=":", linewidth=1, label=f"alarm at {level:g}")
        ax.set_title(panel.title)
        ax.set_xlabel("step")
        ax.set_ylabel(panel.ylabel)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="best")
        fig.tight_layout()
        path = out_dir / f"{panel.name}.png"
        with safeio.atomic_writer(path, binary=True) as fh:  # never through a symlink, never half a plot
            fig.savefig(fh, format="png")
        plt.close(fig)
        drawn.append((panel, path))
    return drawn, notes


# --------------------------------------------------------------------------------------------------------
# report.md


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _fence(text: str) -> str:
    """A fenced block that the text's own backticks cannot close."""
    longest, run_len = 0, 0
    for ch in text:
        run_len = run_len + 1 if ch == "`" else 0
        longest = max(longest, run_len)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}"


def _clip_text(text: Any) -> str:
    text = str(text)
    return text if len(text) <= _TEXT_LIMIT else text[:_TEXT_LIMIT] + f"... [{len(text) - _TEXT_LIMIT} more characters]"


def recipe_lines(run: Run) -> list[str]:
    r = run.recipe_dict
    if r is None:
        return ["- recipe: n/a: no recipe.yaml in the run dir (alarm thresholds are the defaults; G unknown)"]
    g, m, d = r.get("grpo") or {}, r.get("model") or {}, r.get("data") or {}
    rewards = ", ".join(
        f"{k} {v:g}" if isinstance(v, (int, float)) else str(k) for k, v in (r.get("rewards") or {}).items()
    )
    line = (
        f"- recipe: **{r.get('name', '?')}**: model {m.get('name', '?')}"
        f"{' (LoRA)' if m.get('lora') else ''}, data {d.get('dataset', '?')}, rewards {rewards or '?'}"
    )
    lines = [line]
    if run.is_grpo:
        lines.append(
            f"- GRPO: G={g.get('num_generations')}, lr {g.get('learning_rate')}, beta {g.get('beta')}, "
            f"loss {g.get('loss_type')}, max completion {g.get('max_completion_length')} tokens, "
            f"temperature {g.get('temperature')}, init {g.get('init')}"
        )
    if run.recipe_error:
        lines.append(f"- note: recipe.yaml did not load with this grpo-cli ({run.recipe_error}); defaults used")
    return lines


def hardware_line(run: Run) -> str:
    hw = run.info.get("hardware")
    if not hw:
        return "- hardware: n/a: no run.json"
    gpus = hw.get("gpus") or []
    if gpus:
        kinds = sorted(set(gpus))
        dev = ", ".join(f"{gpus.count(k)}x {k}" for k in kinds)
    else:
        dev = "no GPU"
    parts = [dev, f"{hw.get('cpus', '?')} CPU cores", f"world size {hw.get('world_size', 1)}"]
    if hw.get("host"):
        parts.append(f"host {hw['host']}")
    if hw.get("torch"):
        parts.append(f"torch {hw['torch']}")
    return "- hardware: " + ", ".join(parts)


def status_line(run: Run) -> str:
    steps = [int(r["step"]) for r in run.metrics if isinstance(r.get("step"), (int, float))]
    total = run_context(run).total_steps
    status = run.info.get("status", "n/a (no run.json)")
    span = f"steps {min(steps)}-{max(steps)}" if steps else "no steps"
    planned = f" of {total} planned" if total and steps and total != max(steps) else ""
    return f"- status: {status}; {len(run.metrics)} logged rows, {span}{planned}"


def metric_table(run: Run) -> list[str]:
    keys = [p.keys for p in panels_for([run])]
    rows = ["| metric | first | last | min | max |", "|---|---|---|---|---|"]
    seen = set()
    for group in keys:
        for key in group:
            if key in seen:
                continue
            seen.add(key)
            _, values = run.column(key)
            if values:
                rows.append(f"| {key} | {values[0]:.4g} | {values[-1]:.4g} | {min(values):.4g} | {max(values):.4g} |")
    return rows if len(rows) > 2 else ["n/a: none of the plotted metrics were logged"]


def weakest_step_kinds(run: Run, window: int = 5) -> list[tuple[str, float, float]]:
    """(operation, accuracy at the start, accuracy now) per step kind, weakest now first: the means of the first and
    last `window` logged values of steps/acc/<op>."""
    out = []
    for key in run.stream.values:
        if key.startswith(ACC_PREFIX):
            values = run.stream.values[key]
            out.append(
                (key.removeprefix(ACC_PREFIX), statistics.fmean(values[:window]), statistics.fmean(values[-window:]))
            )
    return sorted(out, key=lambda kind: kind[2])


def step_lines(run: Run) -> list[str]:
    if not any(k.startswith(STEP_PREFIX) for k in run.stream.values):
        return [
            "n/a: no step metrics; the `steps` reward (weight 0 only watches) or grpo.advantage=process log them "
            "(docs/process.md)"
        ]
    lines = []
    for key, label in (
        ("steps/correct_frac", "correct steps"),
        ("steps/wrong_working_frac", "completions with wrong working"),
        ("steps/first_wrong_pos", "first wrong step (position)"),
        ("steps/per_completion", "steps per completion"),
    ):
        _, values = run.column(key)
        if values:
            lines.append(f"- {label}: {values[0]:.3g} -> {values[-1]:.3g} (first -> last log)")
    kinds = weakest_step_kinds(run)
    if kinds:
        lines += ["", "| step kind | accuracy at the start | now |", "|---|---|---|"]
        lines += [f"| {op} | {start:.3f} | {now:.3f} |" for op, start, now in kinds]
        weakest = kinds[0]
        lines += ["", f"Weakest step kind now: **{weakest[0]}** ({weakest[2]:.1%} of its claims hold)."]
    return lines


def eval_lines(run: Run) -> list[str]:
    if not run.evals:
        return [f"n/a: no eval-*/summary.json beside {run.path.name}/ (run `grpo eval`)"]
    rows = [
        "| eval | dataset | problems | n | pass@1 | 95% CI | maj@n | format rate | truncation rate |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, s in run.evals.items():
        settings, counts = s.get("settings") or {}, s.get("counts") or {}
        n = s.get("n", settings.get("n", "?"))
        ci = s.get("pass@1_ci")
        maj = (s.get("maj@k") or {}).get(str(n))
        rows.append(
            "| "
            + " | ".join(
                _cell(x)
                for x in (
                    name,
                    settings.get("dataset", "?"),
                    counts.get("scored", counts.get("problems", "?")),
                    n,
                    _pct(s.get("pass@1")),
                    f"{_pct(ci[0])}-{_pct(ci[1])}" if isinstance(ci, list) and len(ci) == 2 else "-",
                    _pct(maj),
                    _pct(s.get("format_rate")),
                    _pct(s.get("truncation_rate")),
                )
            )
            + " |"
        )
    return rows


def _pct(x: Any) -> str:
    return f"{100 * x:.1f}%" if isinstance(x, (int, float)) else "-"


def alarm_lines(runs: list[Run]) -> list[str]:
    grpo_runs = [r for r in runs if r.is_grpo]
    if not grpo_runs:
        return ["n/a: the alarms watch GRPO metrics; no GRPO run was given"]
    rows = []
    for run in grpo_runs:
        for a in run.alarms:
            rows.append(
                f"| {_cell(run.label)} | `{a.id}` | {a.step} | {_cell(a.title)} | {_cell(a.evidence)} | {_cell(a.advice)} |"
            )
    if rows:
        out = ["| run | alarm | first step | what | evidence | advice |", "|---|---|---|---|---|---|", *rows]
    else:
        steps = ", ".join(f"{r.label}: {len(r.metrics)} logged rows" for r in grpo_runs)
        out = [f"None fired ({steps}). Thresholds: the recipe's `monitor:` section (docs/monitor.md)."]
    for run in grpo_runs:
        live = {row.get("id") for row in run.live_alarms}
        derived = {a.id for a in run.alarms}
        if run.live_alarms and live != derived:
            out.append(
                f"\n{run.label}: the live run wrote {sorted(live)} to alarms.jsonl; the metrics give {sorted(derived)} "
                "(thresholds or the planned step count differed)"
            )
    return out


def sample_lines(run: Run) -> list[str]:
    if not run.samples:
        why = "no samples.jsonl" if not (run.path / "samples.jsonl").exists() else "samples.jsonl is empty"
        return [f"n/a: {why}"]
    by_step: dict[int, list[dict]] = {}
    for row in run.samples:
        if isinstance(row.get("step"), (int, float)):
            by_step.setdefault(int(row["step"]), []).append(row)
    steps = sorted(by_step)
    if not steps:
        return ["n/a: samples.jsonl rows have no step"]
    picks = {"start": steps[0], "middle": steps[len(steps) // 2], "end": steps[-1]}
    out = []
    shown: set[int] = set()
    for where, step in picks.items():
        if step in shown:
            continue
        shown.add(step)
        out.append(f"### {where} (step {step})")
        last_prompt = None
        for row in by_step[step][:2]:
            reward = row.get("reward")
            parts = [f"reward {reward:.3g}" if isinstance(reward, (int, float)) else "reward n/a"]
            per = row.get("rewards")
            if isinstance(per, dict) and per:
                parts.append(
                    ", ".join(f"{k} {v:.3g}" if isinstance(v, (int, float)) else f"{k} -" for k, v in per.items())
                )
            out.append(f"\n{'; '.join(parts)}\n")
            prompt = _clip_text(row.get("prompt", ""))
            out.append("prompt: the same as above" if prompt == last_prompt else "prompt:\n\n" + _fence(prompt))
            last_prompt = prompt
            out.append("\ncompletion:\n\n" + _fence(_clip_text(row.get("completion", ""))))
        out.append("")
    return out


def render(runs: list[Run], drawn: list[tuple[Panel, Path]], notes: list[str], out_dir: Path) -> str:
    title = runs[0].label if len(runs) == 1 else f"{len(runs)} runs"
    lines = [
        f"# GRPO report: {title}",
        "",
        f"Written by `grpo report` at {rundir.now()} from: " + ", ".join(f"`{r.path}`" for r in runs),
        "",
        "## Alarms",
        "",
        "Re-derived from metrics.jsonl with the thresholds in each run's recipe (docs/monitor.md explains each one).",
        "",
        *alarm_lines(runs),
        "",
        "## Plots" + (" (runs overlaid)" if len(runs) > 1 else ""),
        "",
    ]
    for panel, path in drawn:
        rel = path.relative_to(out_dir) if path.is_relative_to(out_dir) else path
        lines += [f"![{panel.title}]({rel})", ""]
    if notes:
        lines += ["Not plotted: " + "; ".join(notes) + ".", ""]
    for run in runs:
        seconds, source = wall_time(run)
        lines += [
            f"## Run: {run.label}",
            "",
            f"- path: `{run.path}`",
            *(f"- **warning**: {w}" for w in run.warnings),
            *recipe_lines(run),
            hardware_line(run),
            status_line(run),
            f"- wall time: {_hms(seconds)}" + (f" ({source})" if seconds is not None else f": {source}"),
            f"- tokens: {tokens_line(run)}",
            *compute_section(run),
            "",
            "### Eval",
            "",
            *eval_lines(run),
            "",
            "### Metrics",
            "",
            *metric_table(run),
            "",
            "### Reasoning steps",
            "",
            *step_lines(run),
            "",
            "### Sample completions",
            "",
            *sample_lines(run),
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def default_out_dir(runs: list[Run]) -> Path:
    """One run: <stage dir>/report; several: ./grpo-report."""
    return runs[0].path / "report" if len(runs) == 1 else Path("grpo-report")


def write_report(paths: list[str | Path], out: str | Path | None = None) -> tuple[Path, list[Run]]:
    """Load the runs, draw the plots and write report.md; returns (path of report.md, runs)."""
    if not paths:
        raise UserError("grpo report: pass at least one run directory")
    runs = load_runs(list(paths))
    out_dir = Path(out) if out is not None else default_out_dir(runs)
    # Only into an empty folder or a report folder of grpo's: a user's report.md and plots are never overwritten.
    rundir.claim_output(out_dir, "report", hint="--out with another folder", writes=("report.md", "*.png"))
    drawn, notes = plot(runs, out_dir)
    report = out_dir / "report.md"
    safeio.atomic_write_text(report, render(runs, drawn, notes, out_dir))
    return report, runs
