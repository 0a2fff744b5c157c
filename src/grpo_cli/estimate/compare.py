"""GRPO beside PPO and DPO on the same data (--compare), and the PRM a flag or a recipe names."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grpo_cli.config import Recipe
from grpo_cli.errors import UserError
from grpo_cli.estimate import methods
from grpo_cli.estimate.archs import COUNT_PATTERN, parse_count, resolve_model
from grpo_cli.estimate.cost import estimate
from grpo_cli.estimate.inputs import EstimateInputs


def compare_methods(x: EstimateInputs) -> dict:
    """GRPO, PPO and DPO on the same data, model and GPUs: per method the GPU-hours, wall clock, the time split,
    the peak memory per GPU, whether it fits, and GRPO's wall clock over the method's (`grpo_over`: 1.76 means
    GRPO takes 1.76x as long). A method whose plan does not fit gets its `does_not_fit` line and no time (null)."""
    results = {m: estimate(replace(x, method=m)) for m in methods.METHODS}
    grpo = results["grpo"]
    out = {}
    for m, r in results.items():
        both_fit = r.fits and grpo.fits
        # estimate() fills every time figure (only withhold_unfit nulls them): the None checks are for the types
        hours, grpo_hours = r.wall_clock_hours, grpo.wall_clock_hours
        out[m] = {
            "gpu_hours": r.gpu_hours if r.fits else None,
            "wall_clock_hours": r.wall_clock_hours if r.fits else None,
            "seconds": r.seconds if r.fits else None,
            "flops_total": r.flops["total"],
            "peak_gib_per_gpu": r.memory_gib_per_gpu["total"],
            "fits": r.fits,
            "does_not_fit": r.does_not_fit,
            "grpo_over": grpo_hours / hours if both_fit and grpo_hours is not None and hours is not None else None,
        }
    return out


def resolve_prm(text: str, tiny: Any = None, where: str = "--prm") -> dict:
    """--prm: a parameter count ('7B', '7e9': exactly 2N per token) or a model (a known architecture, Hub id or
    config.json path) -> the EstimateInputs fields of the process reward model."""
    if COUNT_PATTERN.match(str(text)):
        n = parse_count(text, where)
        return {"prm_arch": None, "prm_params": n, "prm_flop_params": n, "prm_name": f"{n / 1e9:g}B PRM"}
    try:
        arch = resolve_model(str(text), tiny)
    except UserError as err:
        raise UserError(f"{where}: {err}") from None
    return {
        "prm_arch": arch,
        "prm_params": float(arch.total_params),
        "prm_flop_params": float(arch.flop_params),
        "prm_name": str(text),
    }


def recipe_prm(recipe: Recipe) -> str | None:
    """The learned PRM a recipe scores steps with (`steps.scorer: prm` and `prm.model`, the recipe sections of
    process supervision), or None."""
    if recipe.steps.scorer == "prm" and recipe.prm.model:
        return str(recipe.prm.model)
    return None
