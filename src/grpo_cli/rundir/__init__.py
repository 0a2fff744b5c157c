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

import atexit
import contextlib
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

from grpo_cli import safeio
from grpo_cli.config import check_name
from grpo_cli.errors import UserError

STAGES = ("sft", "grpo", "eval-base", "eval-sft", "eval-grpo")
DEFAULT_RUN_DIR = "runs"
_CHECKPOINT = re.compile(r"^checkpoint-(\d+)$")

# Every folder a stage or an eval creates holds MARKER: --overwrite deletes only folders that hold it (or, for folders
# made before it existed, run.json naming a stage / an eval's summary.json), and only the entries below.
MARKER = "stage.json"
LOCK = "grpo.lock"
_OWN_FILES = {
    MARKER, "recipe.yaml", "run.json", "metrics.jsonl", "samples.jsonl", "alarms.jsonl", "summary.json",
    "run-summary.json", "final", "report",
}  # fmt: skip
_OWN_PATTERNS = (_CHECKPOINT, re.compile(r"^corrupt-checkpoint-\d+(-\d+)?$"), re.compile(r"^\..+\.tmp$"))


def is_main_process() -> bool:
    """True on rank 0 (or when not launched distributed). Read from the launcher's env: no torch import."""
    return int(os.environ.get("RANK", "0")) == 0


def recipe_root(run_dir: str | Path, recipe_name: str) -> Path:
    """DIR/<recipe>/, always inside DIR."""
    root = Path(run_dir or DEFAULT_RUN_DIR)
    path = root / check_name(recipe_name)
    if not _inside(path, root):
        raise UserError(f"recipe name {recipe_name!r} would write outside --run-dir {root}")
    return path


def stage_dir(run_dir: str | Path, recipe_name: str, stage: str) -> Path:
    if stage not in STAGES:
        raise ValueError(f"unknown stage {stage!r} (expected one of {STAGES})")
    return recipe_root(run_dir, recipe_name) / stage


def _inside(path: Path, root: Path) -> bool:
    """Whether `path` is `root` or below it once symlinks and '..' are resolved."""
    path, root = Path(os.path.realpath(path)), Path(os.path.realpath(root))
    return path == root or root in path.parents


def final_dir(run_dir: str | Path, recipe_name: str, stage: str) -> Path:
    return stage_dir(run_dir, recipe_name, stage) / "final"


def has_final(path: str | Path) -> bool:
    """Whether a stage directory (or a final/ directory) holds a finished model or adapter."""
    path = Path(path)
    final = path if path.name == "final" else path / "final"
    return (final / "config.json").is_file() or (final / "adapter_config.json").is_file()


# --------------------------------------------------------------------------------------------------------
# checkpoints


def checkpoints(path: str | Path) -> list[Path]:
    """Complete checkpoints (those with trainer_state.json, written last), oldest first."""
    found = []
    for child in Path(path).glob("checkpoint-*"):
        m = _CHECKPOINT.match(child.name)
        if m and child.is_dir() and (child / "trainer_state.json").is_file():
            found.append((int(m.group(1)), child))
    return [p for _, p in sorted(found)]


def checkpoint_problem(checkpoint: str | Path) -> str | None:
    """Why a checkpoint cannot be resumed from, or None when it looks whole. Cheap: reads headers, not weights.

    trainer_state.json must parse and name this step; safetensors files must be as long as their header says; torch's
    zip files (optimizer.pt, scheduler.pt, rng_state*.pth, *.bin) must have an intact central directory, which a
    truncated file never has."""
    checkpoint = Path(checkpoint)
    try:
        state = json.loads((checkpoint / "trainer_state.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return f"trainer_state.json unreadable ({type(err).__name__})"
    if not isinstance(state, dict) or state.get("global_step") != checkpoint_step(checkpoint):
        return "trainer_state.json does not match the folder's step"
    weights = 0
    for file in sorted(checkpoint.rglob("*")):
        if not file.is_file():
            continue
        problem = None
        if file.suffix == ".safetensors":
            weights += 1
            problem = _safetensors_problem(file)
        elif file.suffix in (".pt", ".pth", ".bin"):
            weights += file.suffix == ".bin"
            problem = _zip_problem(file)
        if problem:
            return f"{file.relative_to(checkpoint)}: {problem}"
    if weights == 0 and not any(checkpoint.glob("global_step*")):  # DeepSpeed keeps its weights in global_step*/
        return "no model weights"
    return None


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
            if any(i.header_offset + i.compress_size > size for i in zf.infolist()):
                return "truncated"
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
    m = _CHECKPOINT.match(Path(checkpoint).name)
    if not m:
        raise ValueError(f"{checkpoint} is not a checkpoint-<step> directory")
    return int(m.group(1))


def _set_aside_damaged(path: Path) -> list[str]:
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
        notes.append(f"{checkpoint.name} is damaged ({problem}); moved to {target.name}")
    return notes


# --------------------------------------------------------------------------------------------------------
# ownership and locks


def owner(path: str | Path) -> str | None:
    """What made this folder: 'sft', 'grpo', 'eval' (its marker, or the files such a stage writes), or None."""
    path = Path(path)
    try:
        kind = json.loads((path / MARKER).read_text(encoding="utf-8")).get("kind")
        if isinstance(kind, str):
            return kind
    except (OSError, ValueError, AttributeError):
        pass
    stage = read_run_info(path).get("stage")  # made before the marker existed
    if stage in ("sft", "grpo"):
        return stage
    if (path / "summary.json").is_file() or ((path / "samples.jsonl").is_file() and (path / "recipe.yaml").is_file()):
        return "eval"
    return None


def kind_of(path: str | Path) -> str:
    """The kind of stage a folder is for, from its name: sft, grpo, or eval (eval-*, or any --output folder)."""
    name = Path(path).name
    return name if name in ("sft", "grpo") else "eval"


def claim(
    path: str | Path,
    kind: str,
    *,
    resume: bool = False,
    overwrite: bool = False,
    protect: tuple[str | Path, ...] = (),
    hint: str = "--run-dir to write elsewhere",
) -> Path:
    """Make `path` this process's `kind` folder: refuse a folder grpo did not make or another process is writing,
    take its lock, delete its own files when `overwrite`, and write the marker. Main process only."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise UserError(f"{path} is a file, not a folder; pass a folder ({hint})")
    refuse_if_busy(path)
    content = set(os.listdir(path)) - {LOCK, MARKER} if path.is_dir() else set()
    made_by = owner(path) if content else kind
    if made_by != kind:
        what = f"{_a(made_by)} {made_by} stage" if made_by else f"files grpo did not write (no {MARKER})"
        raise UserError(
            f"{path} holds {what}; grpo writes {_a(kind)} {kind} only into an empty folder or one of its own {kind} "
            f"folders, and never deletes anything else: pass {hint}"
        )
    for model in protect:
        if model is not None and Path(model).exists() and _inside(Path(model), path) and (overwrite or not resume):
            raise UserError(
                f"{path} holds the model this command reads ({model}); it would be deleted or mixed with the output: "
                f"pass {hint}"
            )
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise safeio.write_error(path, err) from None
    lock(path)
    if overwrite:
        kept = clear(path)
        if kept:
            print(f"note: --overwrite kept {', '.join(kept)} in {path} (not written by grpo)", file=sys.stderr)
    if overwrite or owner(path) != kind:
        safeio.atomic_write_json(path / MARKER, {"kind": kind, "created": now(), "host": socket.gethostname()})
    return path


def _a(word: str) -> str:
    return "an" if word in ("sft", "eval") else "a"


def clear(path: Path) -> list[str]:
    """Delete what a stage or eval writes in `path` (never the lock, never anything else); return the names kept."""
    kept = []
    for child in sorted(path.iterdir()):
        if child.name == LOCK:
            continue
        if child.name in _OWN_FILES or any(p.match(child.name) for p in _OWN_PATTERNS):
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
        else:
            kept.append(child.name)
    return kept


_HELD: dict[str, int] = {}  # realpath of a locked folder -> the open lock file (flock held while it is open)
_LOCK_ENV = "GRPO_LOCK_HOLDERS"  # pids holding locks, inherited by the processes they start (launcher, stages)


def lock(folder: str | Path) -> None:
    """Hold FOLDER/grpo.lock for the rest of this process (released at exit, and by the kernel if it is killed).

    The lock is an flock on a file that records pid, host, start time and command: a second writer is refused with
    one line naming the holder; a lock whose process died (kill -9, power loss) is no longer flocked and is taken
    over with a note. Processes this one starts (the accelerate launcher's ranks, `grpo run`'s stage commands) find
    its pid in GRPO_LOCK_HOLDERS and write under its lock."""
    import fcntl

    key = os.path.realpath(folder)
    if key in _HELD:
        return
    file = Path(folder, LOCK)
    try:
        fd = os.open(file, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as err:
        raise safeio.write_error(file, err) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        info = _read_lock(fd)
        os.close(fd)
        if info.get("host") == socket.gethostname() and str(info.get("pid")) in _ancestors():
            return  # the process that started us holds it for us
        raise _busy(folder, info) from None
    previous = _read_lock(fd)
    if previous.get("pid") and not previous.get("released"):
        print(
            f"note: taking over {file}: its holder (pid {previous['pid']} on {previous.get('host', '?')}) is no longer "
            "running",
            file=sys.stderr,
        )
    info = {"pid": os.getpid(), "host": socket.gethostname(), "since": now(), "command": " ".join(sys.argv)[:300]}
    _write_lock(fd, info)
    _HELD[key] = fd
    os.environ[_LOCK_ENV] = " ".join(filter(None, (os.environ.get(_LOCK_ENV), str(os.getpid()))))
    if len(_HELD) == 1:
        atexit.register(release_all)


def _busy(folder: str | Path, info: dict) -> UserError:
    return UserError(
        f"{folder} is being written by another grpo process (pid {info.get('pid', '?')} on {info.get('host', '?')}, "
        f"since {info.get('since', '?')}: {info.get('command', '?')}); wait for it to finish or stop it, or write "
        "elsewhere (--run-dir / --output)"
    )


def refuse_if_busy(folder: str | Path) -> None:
    """UserError naming the holder when another live process holds FOLDER's lock (checked first, so a running stage
    is reported as running, whatever else is wrong with the folder)."""
    import fcntl

    file = Path(folder, LOCK)
    if os.path.realpath(folder) in _HELD or not file.is_file():
        return
    try:
        fd = os.open(file, os.O_RDWR)
    except OSError:
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            info = _read_lock(fd)
            if not (info.get("host") == socket.gethostname() and str(info.get("pid")) in _ancestors()):
                raise _busy(folder, info) from None
        # (acquired: nobody holds it; closing our descriptor lets it go again)
    finally:
        os.close(fd)


def _read_lock(fd: int) -> dict:
    try:
        data = json.loads(os.pread(fd, 65536, 0) or b"{}")
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _write_lock(fd: int, info: dict) -> None:
    data = json.dumps(info).encode()
    os.ftruncate(fd, 0)
    os.pwrite(fd, data, 0)


def _ancestors() -> set[str]:
    return set(os.environ.get(_LOCK_ENV, "").split())


def release(folder: str | Path) -> None:
    """Give FOLDER's lock back (the file stays, marked released: deleting it would let two writers in)."""
    fd = _HELD.pop(os.path.realpath(folder), None)
    if fd is None:
        return
    with contextlib.suppress(OSError):
        _write_lock(fd, {"released": now()})
    os.close(fd)


def release_all() -> None:
    for key in list(_HELD):
        release(key)


def prepare(
    path: str | Path, resume: bool = False, overwrite: bool = False, *, protect: tuple[str | Path, ...] = ()
) -> Path | None:
    """Make `path` ready for a training stage and return the checkpoint to resume from (None for a fresh start).

    An existing, non-empty stage directory is never reused silently: without --resume or --overwrite this refuses
    (UserError, exit 2). --resume continues from the latest checkpoint that is whole (damaged newer ones are set
    aside with a warning) and cuts metrics/samples logged after it, so the files read as one uninterrupted run.
    --overwrite deletes the stage's own files first, and only in a folder a stage of the same kind made. The folder
    is locked for this process (`lock`).
    """
    path = Path(path)
    if resume and overwrite:
        raise UserError("--resume and --overwrite contradict each other; pass one")
    if not is_main_process():
        # Rank 0 decides and creates; the others only need the checkpoint it will resume from.
        return latest_checkpoint(path) if resume else None
    kind = kind_of(path)
    refuse_if_busy(path)
    exists = path.is_dir() and bool(set(os.listdir(path)) - {LOCK, MARKER})
    if resume and not exists:
        raise UserError(f"--resume: {path} does not exist yet; run without --resume to start")
    if exists and not resume and not overwrite and owner(path) == kind:
        state = read_run_info(path).get("status", "unknown")
        raise UserError(
            f"{path} already exists (status: {state}); pass --resume to continue from its latest checkpoint, "
            "--overwrite to start again, or --run-dir to write elsewhere"
        )
    claim(path, kind, resume=resume, overwrite=overwrite, protect=protect)
    if not resume:
        return None
    if not checkpoints(path):
        raise UserError(f"--resume: no checkpoint in {path} yet; pass --overwrite to start again")
    notes = _set_aside_damaged(path)
    for note in notes:
        print(f"warning: --resume: {note}", file=sys.stderr)
    checkpoint = latest_checkpoint(path)
    if checkpoint is None:
        raise UserError(
            f"--resume: every checkpoint in {path} is damaged ({'; '.join(notes)}); pass --overwrite to start again"
        )
    step = checkpoint_step(checkpoint)
    if notes:
        print(
            f"warning: --resume: continuing from {checkpoint.name}; metrics after step {step} dropped", file=sys.stderr
        )
    for name in ("metrics.jsonl", "samples.jsonl", "alarms.jsonl"):
        truncate_jsonl(path / name, step)
    return checkpoint


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
    """Append one JSON object as a line, whole or not at all (safeio.append_line), so a killed run keeps every
    complete line."""
    safeio.append_line(path, json.dumps(_json_safe(obj), ensure_ascii=False))


def read_jsonl(path: str | Path) -> list[dict]:
    """Object rows of a jsonl file; a missing file is empty; a torn line (a killed writer) is skipped; a file that is
    not UTF-8 is a UserError naming the line."""
    path = Path(path)
    if not path.is_file():
        return []
    rows = []
    for n, line in enumerate(safeio.read_text(path, "file").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = safeio.load_json(line, f"{path} line {n}")
        except UserError:
            continue
        if isinstance(row, dict):
            rows.append(row)
    return rows


def truncate_jsonl(path: str | Path, max_step: int) -> None:
    """Keep only rows logged at or before `max_step` (used when resuming from checkpoint-<max_step>)."""
    path = Path(path)
    if not path.is_file():
        return
    keep = [row for row in read_jsonl(path) if _step(row) <= max_step]
    safeio.atomic_write_text(path, "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in keep))


def _step(row: dict) -> float:
    try:
        return float(row.get("step", 0))
    except (TypeError, ValueError):
        return math.inf


def write_recipe(path: str | Path, recipe: Any) -> None:
    """The resolved recipe as recipe.yaml (written whole: temporary file, then rename)."""
    from grpo_cli.config import to_dict

    safeio.atomic_write_text(Path(path, "recipe.yaml"), yaml.safe_dump(to_dict(recipe), sort_keys=False, width=120))


def read_run_info(path: str | Path) -> dict:
    try:
        info = json.loads(Path(path, "run.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return info if isinstance(info, dict) else {}


def write_run_info(path: str | Path, **fields: Any) -> dict:
    """Merge `fields` into run.json (written atomically) and return the result."""
    info = read_run_info(path)
    info.update(_json_safe(fields))
    safeio.atomic_write_json(Path(path, "run.json"), info)
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
