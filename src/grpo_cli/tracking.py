"""Where training logs and the final model go besides the run directory: the recipe's `tracking` section as
TrainingArguments keys (report_to, run_name, the Hub), the checks that refuse what cannot work in one line before
anything loads, and the one push of GRPO's final model. Stdlib + huggingface_hub (lazily): no torch."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from grpo_cli.config import Recipe
from grpo_cli.errors import UserError

# report_to name -> the modules its transformers callback can use (TensorBoard takes either)
TRACKERS = {"tensorboard": ("tensorboard", "tensorboardX"), "wandb": ("wandb",), "trackio": ("trackio",),
            "mlflow": ("mlflow",)}  # fmt: skip


def reports(recipe: Recipe) -> list[str]:
    """tracking.report_to as a list without "none" ([] = metrics.jsonl only)."""
    return [name for name in recipe.tracking.report_names() if name != "none"]


def trainer_args(recipe: Recipe, stage: str, *, push: bool) -> dict[str, Any]:
    """`tracking` as TrainingArguments keys. report_to adds transformers' own callbacks (TensorBoard writes under
    <stage>/runs/). Only the stage whose final model is the product (`push`: GRPO) is pushed to the Hub, once, when
    training ends (hub_strategy "end": no checkpoint uploads; the Trainer creates the repo at start-up, so a missing
    permission fails before the run, not after it)."""
    tr = recipe.tracking
    kwargs: dict[str, Any] = {
        "report_to": reports(recipe) or "none",
        "run_name": f"{recipe.name}/{stage}",  # the run's name in W&B, trackio and MLflow
        "push_to_hub": push and tr.push_to_hub,
    }
    if kwargs["push_to_hub"]:
        kwargs.update(hub_model_id=tr.hub_model_id, hub_strategy="end", hub_private_repo=tr.hub_private_repo)
    return kwargs


def check(recipe: Recipe, *, push: bool) -> None:
    """A tracker whose package is missing, or a Hub push that cannot work: one line, before any model loads."""
    for name in reports(recipe):
        if not any(importlib.util.find_spec(module) for module in TRACKERS[name]):
            raise UserError(f"tracking.report_to={name} needs the {name} package: pip install {name}")
    if push and recipe.tracking.push_to_hub:
        check_hub(
            "tracking.push_to_hub=true",
            "--set tracking.push_to_hub=false and upload final/ later (hf upload REPO DIR/final)",
        )


def check_hub(what: str, instead: str) -> None:
    """A Hub upload that cannot work (offline, or no token): one line naming `what` asked for it and what to do
    `instead`, before any work is done."""
    if os.environ.get("HF_HUB_OFFLINE", "0").strip().lower() not in ("", "0", "false", "no", "off"):
        raise UserError(f"{what} but HF_HUB_OFFLINE is set: unset it, or {instead}")
    from huggingface_hub import get_token

    if not get_token():
        raise UserError(f"{what} needs a Hub token: run `hf auth login` or set HF_TOKEN")


def push_dataset(repo: str, folder: Path, files: tuple[str, ...]) -> str:
    """Upload a dataset folder's files (data, card, summary) to the Hub dataset `repo`."""
    from huggingface_hub import HfApi

    api = HfApi()
    api.create_repo(repo_id=repo, repo_type="dataset", exist_ok=True)
    for name in files:
        api.upload_file(repo_id=repo, repo_type="dataset", path_or_fileobj=str(folder / name), path_in_repo=name)
    return repo


def push_final(repo: str, final: Path, recipe_file: Path) -> str:
    """Upload final/ (model or adapter + tokenizer) and the recipe that made it to `repo`; rank 0 only."""
    from huggingface_hub import HfApi

    api = HfApi()
    api.upload_folder(repo_id=repo, folder_path=str(final), commit_message=f"grpo-cli: {final.parent.name} final")
    if recipe_file.is_file():
        api.upload_file(repo_id=repo, path_or_fileobj=str(recipe_file), path_in_repo="recipe.yaml")
    return repo
