"""Calibration against what ran: a run directory's metrics.jsonl, or a GRPO part of bench/gpu_check.py's JSON. The
measured step time and length replace the modelled ones."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from grpo_cli.errors import UserError
from grpo_cli.estimate.cost import estimate
from grpo_cli.estimate.hardware import gpu_from_device_name
from grpo_cli.estimate.inputs import EstimateInputs, inputs_from_recipe
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
    assert predicted_step is not None  # estimate() fills every time figure (only withhold_unfit nulls them)
    predicted_tps = step_tokens / predicted_step if predicted_step else 0.0
    if measured.step_time is not None:
        factor, basis = measured.step_time / predicted_step, "step_time"
    else:
        assert measured.tokens_per_second is not None  # a Measured holds a step time or tokens/s (both readers)
        factor, basis = predicted_tps / measured.tokens_per_second, "tokens_per_second"
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
    assert result.seconds is not None  # an estimate before withhold_unfit: estimate() fills every time figure
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


# --------------------------------------------------------------------------------------------------------
# --calibrate gpu_check.json (bench/gpu_check.py)

# A GRPO part's settings -> the recipe keys they set (bench/gpu_check.py's make_recipe writes them under these names).
GPU_CHECK_KEYS = {
    "G": "grpo.num_generations",
    "per_device_batch_size": "grpo.per_device_batch_size",
    "gradient_accumulation_steps": "grpo.gradient_accumulation_steps",
    "max_completion_length": "grpo.max_completion_length",
    "beta": "grpo.beta",
    "use_vllm": "grpo.use_vllm",
    "vllm_gpu_memory_utilization": "grpo.vllm_gpu_memory_utilization",
    "lora": "model.lora",
    "lora_rank": "model.lora_rank",
    "gradient_checkpointing": "model.gradient_checkpointing",
    "generation": "model.generation",
}


@dataclass(frozen=True)
class CheckedRun:
    """One finished GRPO part of a gpu_check.json: what it measured and how to rebuild its configuration."""

    label: str  # "qwen2.5-0.5b hf"
    recipe: str  # the recipe it ran (gsm8k-0.5b)
    sets: tuple[str, ...]  # KEY=VALUE overrides that give its settings
    arch: str  # the architecture it built (qwen2.5-0.5b)
    device: str | None  # nvidia-smi's device name
    prompt_len: float | None
    measured: Measured


def gpu_check_runs(report: Any, where: str) -> list[CheckedRun]:
    """The finished GRPO parts of a bench/gpu_check.py report (the JSON object), in the check's order; a UserError
    names the file when it holds none."""
    if not isinstance(report, dict) or not isinstance(report.get("parts"), list):
        raise UserError(f"{where}: not a gpu_check.json (bench/gpu_check.py writes an object with 'parts')")
    device = (report.get("device") or {}).get("name") if isinstance(report.get("device"), dict) else None
    out = []
    for part in report["parts"]:
        run = _checked_run(part, device)
        if run is not None:
            out.append(run)
    if not out:
        raise UserError(f"{where}: no finished GRPO part with steady steps to calibrate on")
    return out


def _checked_run(part: Any, device: str | None) -> CheckedRun | None:
    if not isinstance(part, dict) or part.get("part") != "grpo" or part.get("status") != "ok":
        return None
    summary, settings = part.get("summary") or {}, part.get("settings") or {}
    step = (summary.get("seconds_per_step") or {}).get("step_time_s")
    completions = settings.get("completions_per_step")
    if not (_positive(step) and _positive(completions) and isinstance(settings.get("recipe"), str)):
        return None
    completion_tokens = summary.get("completion_tokens_per_step")
    tokens = summary.get("tokens_per_step")
    mean_len: float | None = None
    prompt_len: float | None = None
    if _positive(completion_tokens):
        mean_len = completion_tokens / completions
        if _positive(tokens) and mean_len:
            prompt_len = (tokens - completion_tokens) / completions
    overall = (summary.get("tokens_per_s") or {}).get("overall")
    sets = tuple(
        f"{key}={json.dumps(settings[name])}" for name, key in GPU_CHECK_KEYS.items() if settings.get(name) is not None
    )
    measured = Measured(
        steps_logged=len(part.get("steps") or []),
        step_time=float(step),
        tokens_per_second=float(overall) if _positive(overall) else None,
        mean_length=mean_len,
    )
    label = f"{part.get('arch')} {part.get('backend')}" + (
        f" {settings['generation']}" if settings.get("generation") else ""
    )
    return CheckedRun(label, settings["recipe"], sets, str(part.get("arch")), device, prompt_len, measured)


def _positive(v: Any) -> TypeGuard[int | float]:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and v > 0


def pick_run(runs: list[CheckedRun], recipe: str | None, vllm: bool | None) -> CheckedRun:
    """The part to calibrate on: the first of `recipe` (a name) on the backend the target uses, else the first of
    `recipe`, else the first part."""
    same = [r for r in runs if recipe and r.recipe == recipe] or runs
    backend = [r for r in same if vllm is not None and (f"grpo.use_vllm={json.dumps(vllm)}" in r.sets)]
    return (backend or same)[0]


def calibrate_on_check(path: Path, load: Callable, recipe: str | None, overrides: list[str], flags: dict) -> Estimate:
    """`grpo estimate --calibrate gpu_check.json`: the factor measured / predicted on one GRPO part of the check
    (its own settings and GPU), applied to the target: `--recipe` (+ `--set`, flags) or the part's recipe as shipped,
    on the check's GPU unless `--gpu` is given. The check's random model answers to the length cap, so the target
    keeps its own mean completion length. `load(name, overrides)` loads a recipe (the command's loader)."""
    where = f"--calibrate {path}"
    try:
        report = json.loads(path.read_text())
    except (OSError, ValueError) as err:
        raise UserError(f"{where}: not a readable JSON file ({err})") from None
    runs = gpu_check_runs(report, where)
    target = load(recipe, overrides) if recipe else None
    run = pick_run(runs, target.name if target else None, target.grpo.use_vllm if target else None)
    gpu = gpu_from_device_name(run.device) if run.device else None
    run_inputs = inputs_from_recipe(
        load(run.recipe, list(run.sets)), model=run.arch, gpu=gpu, num_gpus=1,
        mean_len=run.measured.mean_length, prompt_len=run.prompt_len, prompts=1, epochs=1.0,
    )  # fmt: skip
    report = {**calibration(run_inputs, run.measured), "run_dir": f"{path} ({run.label})", "device": run.device}
    target = target or load(run.recipe, overrides)
    target_flags = {**flags, "gpu": flags.get("gpu") or (gpu.name if gpu else None)}
    return apply_calibration(estimate(inputs_from_recipe(target, **target_flags)), report)
