"""The files a stage writes beside its checkpoints: jsonl rows (metrics, samples, alarms) appended whole and read
back past a torn last line, the resolved recipe.yaml, and run.json (times, hardware, status)."""

from __future__ import annotations

import json
import math
import os
import platform
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from grpo_cli import safeio
from grpo_cli.config import Recipe, to_dict
from grpo_cli.errors import UserError


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
    """Object rows of a jsonl file; a missing file is empty; a torn last line (a killed writer, no newline after it)
    is skipped silently; any other bad line (in the middle: edited, or two writers) is skipped with a warning naming
    its line, never dropped without a word; a file that is not UTF-8 is a UserError naming the line."""
    path = Path(path)
    if not path.is_file():
        return []
    rows = []
    text = safeio.read_text(path, "file")
    lines = text.split("\n")
    bad = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = safeio.load_json(line, f"{path} line {n}")
        except UserError as err:
            if not (n == len(lines) and line):  # the torn last row the next append cuts off
                bad.append(f"{err} (skipped)")
            continue
        if isinstance(row, dict):
            rows.append(row)
        else:
            bad.append(f"{path} line {n}: not a JSON object (skipped)")
    for note in bad[:5]:
        print(f"warning: {note}", file=sys.stderr)
    if len(bad) > 5:
        print(f"warning: {path}: {len(bad) - 5} more bad line(s) skipped", file=sys.stderr)
    return rows


def truncate_jsonl(path: str | Path, max_step: int) -> None:
    """Keep only rows logged at or before `max_step` (used when resuming from checkpoint-<max_step>), streamed: the
    file is read a line at a time and each kept row copied as its bytes were written (the file is never loaded: it
    took 2.6 GB for a 709 MB samples.jsonl). A file that keeps every row is left as it is; otherwise the copy
    replaces it whole (safeio.atomic_writer). Rows that do not parse are dropped, with a warning unless it is the
    torn last row of a killed writer."""
    path = Path(path)
    if not path.is_file() or all(keep for keep, _, _ in _rows_to_keep(path, max_step)):
        return
    bad = []
    with safeio.atomic_writer(path, binary=True) as out:
        for keep, raw, note in _rows_to_keep(path, max_step):
            if keep:
                out.write(raw)
            elif note:
                bad.append(note)
    for note in bad[:5]:
        print(f"warning: {note} (dropped)", file=sys.stderr)


def _rows_to_keep(path: Path, max_step: int):
    """(keep, the line's bytes, why it is bad or None) per line of a jsonl file, streamed."""
    with safeio.open_input(path) as fh:
        end = os.fstat(fh.fileno()).st_size
        for n, raw in safeio.read_lines(fh):
            if raw is None:
                yield False, b"", f"{path} line {n}: longer than {safeio.size_text(safeio.MAX_LINE_BYTES)}"
                continue
            if not raw.strip():
                continue
            try:
                row = safeio.load_json(safeio.decode(raw, path, "file", n), f"{path} line {n}")
            except UserError as err:
                torn = not raw.endswith(b"\n") and fh.tell() == end
                yield False, raw, None if torn else str(err)
                continue
            if not isinstance(row, dict):
                yield False, raw, f"{path} line {n}: not a JSON object"
            else:
                yield _step(row) <= max_step, raw if raw.endswith(b"\n") else raw + b"\n", None


def _step(row: dict) -> float:
    try:
        return float(row.get("step", 0))
    except (TypeError, ValueError):
        return math.inf


def write_recipe(path: str | Path, recipe: Recipe) -> None:
    """The resolved recipe as recipe.yaml (written whole: temporary file, then rename)."""
    safeio.atomic_write_text(Path(path, "recipe.yaml"), yaml.safe_dump(to_dict(recipe), sort_keys=False, width=120))


def read_json_object(path: str | Path) -> dict:
    """A JSON file holding one object (run.json, summary.json): {} when it is missing; a damaged one (not JSON, not
    an object, not UTF-8, unreadable) is read as missing with a warning naming it, as a bad jsonl line is."""
    return _json_object(Path(path)) or {}


def _json_object(path: Path) -> dict | None:
    return _read_file(path, safeio.load_json, "a JSON object")


def _read_file(path: Path, load: Callable[[str, str], Any], what: str) -> dict | None:
    """The mapping a file holds, read with `load` (bounded: safeio); None when it is missing, and when it is damaged
    (unreadable, not UTF-8, not parsed, not a mapping), with a warning naming it."""
    if not path.is_file():
        return None
    try:
        value = load(safeio.read_text(path, "file"), str(path))
    except UserError as err:
        print(f"warning: {err} (ignored)", file=sys.stderr)
        return None
    if not isinstance(value, dict):
        print(f"warning: {path}: not {what} (ignored)", file=sys.stderr)
        return None
    return value


def read_run_info(path: str | Path) -> dict:
    """A stage folder's run.json (times, hardware, status); {} without one."""
    return read_json_object(Path(path, "run.json"))


def run_gpus(info: dict) -> tuple[str | None, int]:
    """(GPU device name, training GPUs) from run.json's `hardware` (`hardware()` below: `gpus` = the device names,
    `world_size` = the processes); (None, 0) for a CPU run or a run.json that does not say. The count is the
    processes (`world_size`, else `num_gpus`), else how many devices the machine had."""
    hw = info.get("hardware")
    if not isinstance(hw, dict):
        return None, 0
    listed = hw.get("gpus")
    gpus = listed if isinstance(listed, list) else []
    name = str(gpus[0]) if gpus else hw.get("gpu_name")
    if not isinstance(name, str) or not name:
        return None, 0
    counts = [hw.get(k) for k in ("world_size", "num_gpus")]
    count = next((c for c in counts if isinstance(c, int) and not isinstance(c, bool) and c >= 1), None)
    return name, count or len(gpus)


def eval_summaries(stage_dir: str | Path) -> dict[str, dict]:
    """The summary.json of each eval-* folder beside a stage folder, by folder name, in pipeline order (eval-base,
    eval-sft, eval-grpo, then the others by name); a damaged one is left out with a warning."""
    from grpo_cli.rundir.layout import STAGES

    order = {name: i for i, name in enumerate(STAGES)}
    found = sorted(Path(stage_dir).parent.glob("eval-*/summary.json"), key=lambda p: (order.get(p.parent.name, 99), p))
    return {p.parent.name: data for p in found if (data := _json_object(p)) is not None}


def read_recipe_dict(path: str | Path) -> dict | None:
    """A stage folder's recipe.yaml as the mapping it holds (bounded, as every recipe is read), for describing a run
    (`grpo report`); None when it is missing, and when it is damaged, with a warning naming it."""
    return _read_file(Path(path, "recipe.yaml"), safeio.load_yaml, "a mapping of recipe keys")


def read_alarms(path: str | Path) -> list[dict]:
    """A stage folder's alarms.jsonl rows (the live run's alarms); a row whose `id` is not a string (edited by hand)
    is skipped with a warning, as a bad line is."""
    file = Path(path, "alarms.jsonl")
    rows = read_jsonl(file)
    bad = [n for n, row in enumerate(rows, 1) if not isinstance(row.get("id"), str)]
    if bad:
        print(
            f"warning: {file}: {len(bad)} row(s) whose id is not a name (first: row {bad[0]}), skipped", file=sys.stderr
        )
    return [row for row in rows if isinstance(row.get("id"), str)]


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
