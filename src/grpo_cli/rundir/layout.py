"""Where a run writes: DIR/<recipe>/<stage>/ and its final/ model, always inside DIR (rundir/__init__.py shows the
whole layout). Pure paths; nothing here writes."""

from __future__ import annotations

import os
from pathlib import Path

from grpo_cli.config import Recipe, check_name
from grpo_cli.errors import UserError

STAGES = ("sft", "grpo", "eval-base", "eval-sft", "eval-grpo", "distill")
DEFAULT_RUN_DIR = "runs"


def is_main_process() -> bool:
    """True on rank 0 (or when not launched distributed). Read from the launcher's env: no torch import."""
    return int(os.environ.get("RANK", "0")) == 0


def recipe_root(run_dir: str | Path, recipe_name: str) -> Path:
    """DIR/<recipe>/, always inside DIR."""
    root = Path(run_dir or DEFAULT_RUN_DIR)
    path = root / check_name(recipe_name)
    if not inside(path, root):
        raise UserError(f"recipe name {recipe_name!r} would write outside --run-dir {root}")
    return path


def stage_dir(run_dir: str | Path, recipe_name: str, stage: str) -> Path:
    if stage not in STAGES:
        raise ValueError(f"unknown stage {stage!r} (expected one of {STAGES})")
    return recipe_root(run_dir, recipe_name) / stage


def inside(path: Path, root: Path) -> bool:
    """Whether `path` is `root` or below it once symlinks and '..' are resolved."""
    path, root = Path(os.path.realpath(path)), Path(os.path.realpath(root))
    return path == root or root in path.parents


def final_dir(run_dir: str | Path, recipe_name: str, stage: str) -> Path:
    return stage_dir(run_dir, recipe_name, stage) / "final"


def stage_model(run_dir: str | Path, recipe: Recipe, stage: str) -> str | Path:
    """The model a recipe's stage produced: the base model itself for `base`, else DIR/<recipe>/<stage>/final
    (UserError naming the command that makes it when it is not there)."""
    if stage == "base":
        return recipe.model.name
    final = final_dir(run_dir, recipe.name, stage)
    if not has_final(final):
        cmd = "grpo sft" if stage == "sft" else "grpo train"
        raise UserError(
            f"no finished {stage} model at {final}; run `{cmd} --recipe {recipe.name}` first (or pass --run-dir)"
        )
    return final


def has_final(path: str | Path) -> bool:
    """Whether a stage directory (or a final/ directory) holds a finished model or adapter."""
    path = Path(path)
    final = path if path.name == "final" else path / "final"
    return (final / "config.json").is_file() or (final / "adapter_config.json").is_file()


def find_stage(path: str | Path, stages: tuple[str, ...] = ("grpo", "sft")) -> Path:
    """PATH -> the stage directory holding metrics.jsonl: PATH itself (or the folder of a metrics.jsonl named), else
    the one stage folder of `stages` below it (recipe folder: STAGE/, run root: */STAGE/), the earlier stage first.
    UserError when there is none, or several of one kind (the caller is told to pass the ones it means)."""
    path = Path(path).expanduser()
    if not path.exists():
        raise UserError(f"{path}: no such directory")
    if path.is_file():
        if path.name == "metrics.jsonl":
            return path.parent
        raise UserError(f"{path}: expected a run directory (holding metrics.jsonl), not a file")
    if (path / "metrics.jsonl").is_file():
        return path
    for pattern in (p for stage in stages for p in (f"{stage}/metrics.jsonl", f"*/{stage}/metrics.jsonl")):
        found = sorted(path.glob(pattern))
        if len(found) == 1:
            return found[0].parent
        if len(found) > 1:
            choices = ", ".join(str(p.parent) for p in found)
            raise UserError(f"{path} holds several runs ({choices}); pass the stage directory you mean")
    raise UserError(
        f"no metrics.jsonl in {path} or its {' or '.join(stages)} folders; pass a stage directory such as "
        "runs/<recipe>/grpo"
    )
