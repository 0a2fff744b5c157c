"""`grpo report`, the compute a run used beside what `grpo estimate` predicts for its recipe on its hardware: wall
time, GPU-hours, tokens, seconds per step."""

from __future__ import annotations

import datetime as dt
import math
import statistics
from typing import Any

from grpo_cli import rundir
from grpo_cli.errors import UserError
from grpo_cli.observe import durations
from grpo_cli.observe.report.runs import Run
from grpo_cli.observe.stream import LENGTH


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
    """(training GPUs, the device name) from run.json's hardware (rundir.run_gpus); (0, None) for a CPU run or when
    unknown."""
    device, count = rundir.run_gpus(run.info)
    return count, device


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
            f"- measured: {seconds * n_gpus / 3600:.3g} GPU-hours ({n_gpus}x {device}, {hms(seconds)} wall, "
            f"{steps_done} steps; {source})"
        )
    elif not run.info.get("hardware"):
        lines.append(
            f"- measured: n/a GPU-hours: hardware unknown (no run.json); {hms(seconds)} wall, {steps_done} steps"
        )
    else:
        cpus = run.info["hardware"].get("cpus", "?")
        lines.append(
            f"- measured: n/a GPU-hours: ran without a GPU ({cpus} CPU cores); {hms(seconds)} wall, {steps_done} steps"
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
    # estimate() fills every time figure (only withhold_unfit nulls them, for a plan that does not fit)
    assert pred.wall_clock_hours is not None and pred.seconds_per_step is not None
    hw = f"{pred.num_gpus}x {pred.gpu}"
    lines = [
        f"- `grpo estimate` predicts {pred.gpu_hours:.3g} GPU-hours ({hms(pred.wall_clock_hours * 3600)} "
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


def hms(seconds: float | None) -> str:
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
