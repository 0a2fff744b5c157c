"""Run directories: where each stage writes, and the rule that a finished or running stage is never overwritten.

Layout (DIR defaults to ./runs):

    DIR/<recipe>/<stage>/          stage: sft | grpo | eval-base | eval-sft | eval-grpo
        recipe.yaml                the resolved recipe (defaults filled in, --set applied)
        run.json                   start/end time, hardware, status (running | finished | interrupted | failed)
        metrics.jsonl              one JSON object per logging step: `step`, TRL's metric names, step_time, ...
        samples.jsonl              a few prompt/completion/reward rows per logging step
        alarms.jsonl               the monitor's alarms
        checkpoint-<step>/         TRL/transformers checkpoints (model, optimizer, scheduler, RNG, trainer state)
        final/                     the trained model and tokenizer (or the LoRA adapter)

Only the main process writes (rank 0 of a multi-process launch). No torch here.
"""

from __future__ import annotations

import json
import math
import os
import platform
import re
import shutil
import socket
import sys
import time
from pathlib import Path
from typing import Any

import yaml

from grpo_cli.errors import UserError

STAGES = ("sft", "grpo", "eval-base", "eval-sft", "eval-grpo")
DEFAULT_RUN_DIR = "runs"
_CHECKPOINT = re.compile(r"^checkpoint-(\d+)$")


def is_main_process() -> bool:
    """True on rank 0 (or when not launched distributed). Read from the launcher's env: no torch import."""
    return int(os.environ.get("RANK", "0")) == 0


def stage_dir(run_dir: str | Path, recipe_name: str, stage: str) -> Path:
    if stage not in STAGES:
        raise ValueError(f"unknown stage {stage!r} (expected one of {STAGES})")
    return Path(run_dir or DEFAULT_RUN_DIR) / recipe_name / stage


def final_dir(run_dir: str | Path, recipe_name: str, stage: str) -> Path:
    return stage_dir(run_dir, recipe_name, stage) / "final"


def has_final(path: str | Path) -> bool:
    """Whether a stage directory (or a final/ directory) holds a finished model or adapter."""
    path = Path(path)
    final = path if path.name == "final" else path / "final"
    return (final / "config.json").is_file() or (final / "adapter_config.json").is_file()


def checkpoints(path: str | Path) -> list[Path]:
    """Complete checkpoints (those with trainer_state.json, written last), oldest first."""
    found = []
    for child in Path(path).glob("checkpoint-*"):
        m = _CHECKPOINT.match(child.name)
        if m and child.is_dir() and (child / "trainer_state.json").is_file():
            found.append((int(m.group(1)), child))
    return [p for _, p in sorted(found)]


def latest_checkpoint(path: str | Path) -> Path | None:
    found = checkpoints(path)
    return found[-1] if found else None


def checkpoint_step(checkpoint: str | Path) -> int:
    m = _CHECKPOINT.match(Path(checkpoint).name)
    if not m:
        raise ValueError(f"{checkpoint} is not a checkpoint-<step> directory")
    return int(m.group(1))


def prepare(path: str | Path, resume: bool = False, overwrite: bool = False) -> Path | None:
    """Make `path` ready for a stage and return the checkpoint to resume from (None for a fresh start).

    An existing, non-empty stage directory is never reused silently: without --resume or --overwrite this refuses
    (UserError, exit 2). --resume continues from the latest complete checkpoint and cuts metrics/samples logged after
    it, so the files read as one uninterrupted run. --overwrite deletes the directory first.
    """
    path = Path(path)
    if resume and overwrite:
        raise UserError("--resume and --overwrite contradict each other; pass one")
    if not is_main_process():
        # Rank 0 decides and creates; the others only need the checkpoint it will resume from.
        return latest_checkpoint(path) if resume else None
    exists = path.is_dir() and any(path.iterdir())
    if resume:
        if not exists:
            raise UserError(f"--resume: {path} does not exist yet; run without --resume to start")
        checkpoint = latest_checkpoint(path)
        if checkpoint is None:
            raise UserError(f"--resume: no checkpoint in {path} yet; pass --overwrite to start again")
        step = checkpoint_step(checkpoint)
        for name in ("metrics.jsonl", "samples.jsonl", "alarms.jsonl"):
            truncate_jsonl(path / name, step)
        return checkpoint
    if exists:
        if not overwrite:
            state = read_run_info(path).get("status", "unknown")
            raise UserError(
                f"{path} already exists (status: {state}); pass --resume to continue from its latest checkpoint, "
                "--overwrite to start again, or --run-dir to write elsewhere"
            )
        shutil.rmtree(path)
    path.mkdir(parents=True, exist_ok=True)
    return None


# --------------------------------------------------------------------------------------------------------
# files


def _json_safe(value: Any) -> Any:
    """NaN/inf become null (JSON has neither); numpy/torch scalars become Python numbers."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    if hasattr(value, "item") and callable(value.item):
        try:
            return _json_safe(value.item())
        except (TypeError, ValueError):
            return str(value)
    return value


def append_jsonl(path: str | Path, obj: dict) -> None:
    """Append one JSON object as a line (flushed, so a killed run keeps every complete line)."""
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(_json_safe(obj), ensure_ascii=False) + "\n")
        fh.flush()


def read_jsonl(path: str | Path) -> list[dict]:
    """Rows of a jsonl file; a missing file is empty; a torn last line (a killed writer) is skipped."""
    path = Path(path)
    if not path.is_file():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return rows


def truncate_jsonl(path: str | Path, max_step: int) -> None:
    """Keep only rows logged at or before `max_step` (used when resuming from checkpoint-<max_step>)."""
    path = Path(path)
    if not path.is_file():
        return
    keep = [row for row in read_jsonl(path) if int(row.get("step", 0)) <= max_step]
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in keep), encoding="utf-8")
    tmp.replace(path)


def write_recipe(path: str | Path, recipe: Any) -> None:
    """The resolved recipe as recipe.yaml."""
    from grpo_cli.config import to_dict

    Path(path, "recipe.yaml").write_text(yaml.safe_dump(to_dict(recipe), sort_keys=False, width=120))


def read_run_info(path: str | Path) -> dict:
    try:
        return json.loads(Path(path, "run.json").read_text())
    except (OSError, json.JSONDecodeError):
        return {}


def write_run_info(path: str | Path, **fields: Any) -> dict:
    """Merge `fields` into run.json (written atomically) and return the result."""
    info = read_run_info(path)
    info.update(_json_safe(fields))
    tmp = Path(path, "run.json.tmp")
    tmp.write_text(json.dumps(info, indent=2))
    tmp.replace(Path(path, "run.json"))
    return info


def hardware() -> dict:
    """What ran this stage (torch is imported only if a stage already loaded it)."""
    info: dict[str, Any] = {
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "world_size": int(os.environ.get("WORLD_SIZE", "1")),
    }
    torch = sys.modules.get("torch")
    if torch is not None:
        info["torch"] = torch.__version__
        if torch.cuda.is_available():
            info["gpus"] = [torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count())]
    return info


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")
