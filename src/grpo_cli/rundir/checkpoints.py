"""Checkpoints in a stage folder: which are complete, which are whole enough to resume from (cheap header checks,
no weights read), and setting damaged ones aside so neither resume nor transformers' rotation sees them."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from grpo_cli.rundir import manifest

CHECKPOINT_NAME = re.compile(r"^checkpoint-(\d+)$")


def checkpoints(path: str | Path) -> list[Path]:
    """Complete checkpoints (those with trainer_state.json, written last), oldest first."""
    found = []
    for child in Path(path).glob("checkpoint-*"):
        m = CHECKPOINT_NAME.match(child.name)
        if m and child.is_dir() and (child / "trainer_state.json").is_file():
            found.append((int(m.group(1)), child))
    return [p for _, p in sorted(found)]


def checkpoint_problem(checkpoint: str | Path) -> str | None:
    """Why a checkpoint cannot be resumed from, or None when it looks whole. Cheap: reads headers, not weights.

    trainer_state.json must parse, name this step and hold only keys of the types transformers reads; every other
    JSON file (config.json, ...) must parse; safetensors files must be as long as their header says; torch's zip files
    (optimizer.pt, scheduler.pt, rng_state*.pth, *.bin) must have an intact central directory, which a truncated file
    never has, and torch's data.pkl. What only a load can tell (an optimizer of another model, tensors of the wrong
    shape) is caught when the load fails (stages.training.train)."""
    checkpoint = Path(checkpoint)
    try:
        state = json.loads((checkpoint / "trainer_state.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return f"trainer_state.json unreadable ({type(err).__name__})"
    if not isinstance(state, dict) or state.get("global_step") != checkpoint_step(checkpoint):
        return "trainer_state.json does not match the folder's step"
    if problem := _state_problem(state):
        return f"trainer_state.json: {problem}"
    weights = 0
    for file in sorted(checkpoint.rglob("*")):
        if not file.is_file():
            continue
        weights += file.suffix in (".safetensors", ".bin")
        problem = file_problem(file) if file.name != "trainer_state.json" else None
        if problem:
            return f"{file.relative_to(checkpoint)}: {problem}"
    if weights == 0 and not any(checkpoint.glob("global_step*")):  # DeepSpeed keeps its weights in global_step*/
        return "no model weights"
    return None


def file_problem(file: Path) -> str | None:
    """Why one file of a model or checkpoint folder is damaged, from its header, or None: a JSON file (config.json,
    adapter_config.json, ...) must parse, safetensors must be as long as their header says, torch's zip files must
    have an intact central directory and torch's data.pkl. Other files are not read."""
    if file.suffix == ".json":
        return _json_problem(file)
    if file.suffix == ".safetensors":
        return _safetensors_problem(file)
    if file.suffix in (".pt", ".pth", ".bin"):
        return _zip_problem(file)
    return None


# trainer_state.json keys transformers' TrainerState(**json) reads, with the JSON types it accepts: an extra key or a
# wrong type made `--resume` end in a traceback inside transformers instead of setting the checkpoint aside.
_STATE_TYPES: dict[str, tuple[type, ...]] = {
    "epoch": (int, float, type(None)), "global_step": (int,), "max_steps": (int,), "logging_steps": (int, float),
    "eval_steps": (int, float), "save_steps": (int, float), "train_batch_size": (int, type(None)),
    "num_train_epochs": (int, float), "num_input_tokens_seen": (int,), "total_flos": (int, float),
    "log_history": (list,), "best_metric": (int, float, type(None)), "best_global_step": (int, type(None)),
    "best_model_checkpoint": (str, type(None)), "is_local_process_zero": (bool,), "is_world_process_zero": (bool,),
    "is_hyper_param_search": (bool,), "trial_name": (str, type(None)), "trial_params": (dict, type(None)),
    "stateful_callbacks": (dict, list, type(None)),
}  # fmt: skip


def _state_keys() -> set[str]:
    """The keys the installed transformers' TrainerState takes (the table's when transformers is not importable)."""
    try:
        import dataclasses

        from transformers import TrainerState

        return {f.name for f in dataclasses.fields(TrainerState)}
    except ImportError:
        return set(_STATE_TYPES)


def _state_problem(state: dict) -> str | None:
    unknown = sorted(set(state) - _state_keys())
    if unknown:
        return f"unknown key {unknown[0][:40]!r}"
    for key, value in state.items():
        allowed = _STATE_TYPES.get(key)
        if allowed and (not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed)):
            return f"{key} is {type(value).__name__}"
    if not all(isinstance(row, dict) for row in state.get("log_history", [])):
        return "log_history holds a row that is not an object"
    return None


def _json_problem(path: Path) -> str | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "unreadable or truncated JSON"
    return None if isinstance(data, (dict, list)) else "not a JSON object"


def _safetensors_problem(path: Path) -> str | None:
    size = path.stat().st_size
    try:
        with open(path, "rb") as fh:
            n = int.from_bytes(fh.read(8), "little")
            if n <= 0 or 8 + n > size:
                return "truncated header"
            header = json.loads(fh.read(n))
        end = max((int(v["data_offsets"][1]) for k, v in header.items() if k != "__metadata__"), default=0)
    except (OSError, ValueError, TypeError, KeyError, IndexError, AttributeError):
        return "unreadable header"
    return None if 8 + n + end <= size else f"truncated ({size} of {8 + n + end} bytes)"


def _zip_problem(path: Path) -> str | None:
    import zipfile

    try:
        with zipfile.ZipFile(path) as zf:
            size = path.stat().st_size
            infos = zf.infolist()
            if any(i.header_offset + i.compress_size > size for i in infos):
                return "truncated"
            if not any(i.filename.endswith("data.pkl") for i in infos):  # torch.save writes <name>/data.pkl
                return "a zip file but not a torch file"
    except (OSError, zipfile.BadZipFile, ValueError):
        return "truncated or not a torch file"
    return None


def latest_checkpoint(path: str | Path) -> Path | None:
    """The newest checkpoint that passes `checkpoint_problem` (damaged newer ones are passed over)."""
    for checkpoint in reversed(checkpoints(path)):
        if checkpoint_problem(checkpoint) is None:
            return checkpoint
    return None


def checkpoint_step(checkpoint: str | Path) -> int:
    m = CHECKPOINT_NAME.match(Path(checkpoint).name)
    if not m:
        raise ValueError(f"{checkpoint} is not a checkpoint-<step> directory")
    return int(m.group(1))


def set_aside_damaged(path: Path) -> list[str]:
    """Rename damaged checkpoints newer than the last good one to corrupt-checkpoint-<step> (kept for inspection,
    invisible to resume and to transformers' rotation); return one warning per checkpoint."""
    notes = []
    for checkpoint in reversed(checkpoints(path)):
        problem = checkpoint_problem(checkpoint)
        if problem is None:
            break
        target = path / f"corrupt-{checkpoint.name}"
        if target.exists():
            target = path / f"corrupt-{checkpoint.name}-{int(time.time())}"
        checkpoint.rename(target)
        manifest.renamed(path, checkpoint.name, target.name)  # still grpo's: --overwrite deletes it
        notes.append(f"{checkpoint.name} is damaged ({problem}); moved to {target.name}")
    return notes
