"""Calibration against a run directory's metrics.jsonl: measured step time and length replace the modelled ones."""

from __future__ import annotations

import math
from dataclasses import dataclass

from grpo_cli.errors import UserError
from grpo_cli.estimate.cost import estimate
from grpo_cli.estimate.inputs import EstimateInputs
from grpo_cli.estimate.result import Estimate


@dataclass(frozen=True)
class Measured:
    """What a run measured, from its metrics.jsonl (steady state: the first logged step, with compilation and
    vLLM warm-up, is dropped when there are at least three)."""

    steps_logged: int
    step_time: float | None  # median seconds per optimizer step
    tokens_per_second: float | None  # median, whole run
    mean_length: float | None  # mean completion tokens


def _median(values: list[float]) -> float | None:
    if not values:
        return None
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def measured_from_metrics(rows: list[dict], where: str = "metrics.jsonl") -> Measured:
    rows = [r for r in rows if isinstance(r, dict) and "step" in r]
    if not rows:
        raise UserError(f"{where}: no logged steps (each line must be a JSON object with 'step')")
    steady = rows[1:] if len(rows) >= 3 else rows

    def values(key: str) -> list[float]:
        out = []
        for r in steady:
            v = r.get(key)
            if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and v > 0:
                out.append(float(v))
        return out

    step_time = _median(values("step_time"))
    tps = _median(values("tokens_per_second"))
    lengths = values("completions/mean_length")
    if step_time is None and tps is None:
        raise UserError(
            f"{where}: no 'step_time' or 'tokens_per_second' in {len(rows)} logged steps; "
            "calibration needs a run logged by `grpo train`"
        )
    return Measured(
        steps_logged=len(rows),
        step_time=step_time,
        tokens_per_second=tps,
        mean_length=sum(lengths) / len(lengths) if lengths else None,
    )


def calibration(run: EstimateInputs, measured: Measured) -> dict:
    """Predicted vs measured on the run's own configuration (with the run's measured mean completion length):
    `factor` = measured step time / predicted step time (or, without step_time, predicted / measured tokens/s)."""
    assumed_len = run.mean_len
    if measured.mean_length:
        run = run.replace(mean_len=measured.mean_length)  # max_len follows: at least the mean
    result = estimate(run)
    # Tokens one optimizer step processes (prompt + completion): each generation round feeds num_iterations steps.
    step_tokens = run.gen_batch / run.num_iterations * (run.prompt_len + run.mean_len)
    predicted_step = result.seconds_per_step
    predicted_tps = step_tokens / predicted_step if predicted_step else 0.0
    if measured.step_time is not None:
        factor, basis = measured.step_time / predicted_step, "step_time"
    else:
        factor, basis = predicted_tps / measured.tokens_per_second, "tokens_per_second"  # type: ignore[operator]
    return {
        "basis": basis,
        "factor": factor,
        "steps_logged": measured.steps_logged,
        "gpu": run.gpu.name,
        "num_gpus": run.num_gpus,
        "step_time": {"predicted": predicted_step, "measured": measured.step_time},
        "tokens_per_second": {"predicted": predicted_tps, "measured": measured.tokens_per_second},
        "mean_completion_length": {"assumed": assumed_len, "measured": measured.mean_length},
    }


def apply_calibration(result: Estimate, report: dict) -> Estimate:
    """The estimate with every phase's seconds scaled by the calibration factor: GPU-hours and cost follow the
    measured speed while the phase split stays the model's."""
    k = report["factor"]
    changes: dict = {
        "seconds": {p: v * k for p, v in result.seconds.items()},
        "seconds_per_step": result.seconds_per_step * k,
        "wall_clock_hours": result.wall_clock_hours * k,
        "gpu_hours": result.gpu_hours * k,
        "tokens_per_gpu_per_second": result.tokens_per_gpu_per_second / k,
    }
    if result.has("cost_usd"):
        changes["cost_usd"] = result.cost_usd * k
    calibration = {
        **report,
        "uncalibrated": {"gpu_hours": result.gpu_hours, "wall_clock_hours": result.wall_clock_hours},
    }
    return result.replace(calibration=calibration, **changes)
