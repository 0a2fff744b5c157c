"""What a result was made from: the identity of the model, the data and the settings that a training stage, an eval,
a filter or a distillation consumed, recorded in its folder as `inputs.json` when it starts:

    {"run": "3f2a...",                                    a training stage's run id (new on a fresh start or
                                                          --overwrite, kept by --resume): what its models are known by
     "model": {"run": "9b1c...", "path": "final", "files": {"model.safetensors": 325472, ...}}
              | {"sha256": "...", "files": 11}             a model folder grpo did not make: its files' hashes
              | {"name": "Qwen/Qwen2.5-0.5B", "revision": null, "commit": "..."}   a Hub id (its cached commit)
     "data":  {"problems": 64, "sha256": "..."},          the problems as read (id, question, answer, solution, task)
     "recipe": {...}}                                     the resolved recipe (an eval: the sections it reads)

`--resume` (sft, train, distill) and `grpo run --resume` compare this record with what the command would consume now
(`differences`) and reuse a result only when they match; otherwise they redo the work or refuse in one line naming
what changed. Keys that steer only logging, saving, monitoring and tracking may change (MAY_CHANGE). No torch here.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import stat
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from grpo_cli import safeio
from grpo_cli.rundir import manifest

INPUTS = "inputs.json"

# Recipe keys --resume lets change, as documented in docs/reliability.md: they steer how a run logs, saves, is watched
# and reported, how fast it generates (model.generation: eager and compiled decode alike, tests/test_generation_modes),
# or whether remote code may load at all (prm.trust_remote_code: off refuses such a PRM in one line, so no result is
# made from other code), never what it computes. Training stages (and `grpo run`, whose evals are redone when their
# settings change) may also change eval.*, which training never reads.
MAY_CHANGE = (
    "description", "monitor.*", "tracking.*", "sft.logging_steps", "sft.save_steps", "grpo.logging_steps",
    "grpo.save_steps", "grpo.save_total_limit", "grpo.samples_per_log", "model.generation", "prm.trust_remote_code",
)  # fmt: skip
# Values that mean the same run: max_steps 0 (grpo-cli before TRL's own keys) and -1 (TRL's default) both train the
# epochs, so a folder recorded with 0 resumes under a recipe that now says -1.
_SAME_VALUE = {"max_steps": {0: -1}}
MAY_CHANGE_TRAINING = (*MAY_CHANGE, "eval.*")

_CHUNK = 1 << 20


# --------------------------------------------------------------------------------------------------------
# identities


def model(name_or_dir: str | Path, revision: str | None = None) -> dict[str, Any]:
    """The identity of a model: a folder inside a grpo training stage by that stage's run id and its files' sizes
    (final/, checkpoint-N/); any other folder by the sha256 of its files; a name ("tiny", a Hub id) by the name, the
    revision and, when the Hub cache holds it, the commit it resolves to."""
    path = Path(name_or_dir).expanduser()
    if str(name_or_dir) == "tiny" or not path.is_dir():
        return {"name": str(name_or_dir), "revision": revision, **_hub_commit(str(name_or_dir), revision)}
    made = _made_by_run(path)
    if made is not None:
        run, where = made
        return {"run": run, "path": where, "files": _sizes(path)}
    return {"sha256": _tree_hash(path), "files": len(_sizes(path))}


def data(problems: Iterable[Any]) -> dict[str, Any]:
    """The identity of the problems a command read: their count and the sha256 of (id, question, answer, solution,
    task) of each, in order. The same rows from another file, the Hub or the toy generator are the same data."""
    digest = hashlib.sha256()
    n = 0
    for p in problems:
        n += 1
        row = [str(p.id), str(p.question), str(p.answer), getattr(p, "solution", None), getattr(p, "task", None)]
        digest.update(json.dumps(row, ensure_ascii=False).encode() + b"\n")
    return {"problems": n, "sha256": digest.hexdigest()}


def _made_by_run(path: Path) -> tuple[str, str] | None:
    """(run id, the folder's name inside its stage) when `path` is a folder inside a grpo training stage that recorded
    its run id."""
    path = Path(os.path.realpath(path))
    for stage in path.parents:
        if (stage / manifest.MARKER).is_file():
            record = read(stage) or {}
            run = record.get("run")
            return (run, str(path.relative_to(stage))) if isinstance(run, str) else None
    return None


def _sizes(folder: Path) -> dict[str, int]:
    out = {}
    for root, _dirs, names in os.walk(folder):
        for name in names:
            full = os.path.join(root, name)
            st = os.lstat(full)
            if stat.S_ISREG(st.st_mode):
                out[os.path.relpath(full, folder)] = st.st_size
    return dict(sorted(out.items()))


def _tree_hash(folder: Path) -> str:
    """sha256 over every regular file under `folder`: its path and the sha256 of its bytes."""
    digest = hashlib.sha256()
    for rel in _sizes(folder):
        h = hashlib.sha256()
        with open(folder / rel, "rb") as fh:
            while chunk := fh.read(_CHUNK):
                h.update(chunk)
        digest.update(f"{rel}\0{h.hexdigest()}\n".encode())
    return digest.hexdigest()


def _hub_commit(name: str, revision: str | None) -> dict[str, str]:
    """{"commit": sha} of a Hub id found in the local Hub cache (its snapshot folder's name); {} otherwise."""
    if name == "tiny" or name.startswith((".", "/", "~")) or name.count("/") != 1:
        return {}
    try:
        from huggingface_hub import snapshot_download

        snapshot = snapshot_download(name, revision=revision, local_files_only=True)
    except Exception:  # not cached, not a repo id, no huggingface_hub: the name and revision are all there is
        return {}
    return {"commit": Path(snapshot).name}


# --------------------------------------------------------------------------------------------------------
# the record


def read(folder: str | Path) -> dict | None:
    """The inputs a folder recorded (inputs.json, a regular file), or None."""
    return manifest.read_object(Path(folder) / INPUTS)


def record(folder: str | Path, inputs: dict[str, Any]) -> None:
    """Write `inputs` as the folder's record (atomic; listed in its marker as grpo's, like every write there)."""
    safeio.atomic_write_json(Path(folder) / INPUTS, plain(inputs))


def new_run() -> str:
    """A training stage's run id: what the models it saves are known by (`model`)."""
    return uuid.uuid4().hex


def differences(recorded: dict, now: dict, may_change: tuple[str, ...] = MAY_CHANGE) -> list[str]:
    """What differs between a recorded identity and the present one, each as a short phrase: the recipe keys that
    changed (not those `may_change` names), "the model (...)", "the data (...)". Parts missing from the record (a
    folder an earlier grpo made) are not compared."""
    recorded, now = plain(recorded), plain(now)
    out = []
    for part in ("recipe", "settings"):
        if isinstance(recorded.get(part), dict) and isinstance(now.get(part), dict):
            keys = [k for k in _diff_keys(recorded[part], now[part]) if not _may(k, may_change)]
            out += keys[:4] + ([f"{len(keys) - 4} more keys"] if len(keys) > 4 else [])
    if "model" in recorded and "model" in now and _model_key(recorded["model"]) != _model_key(now["model"]):
        out.append(f"the model (was {describe_model(recorded['model'])}, now {describe_model(now['model'])})")
    if "data" in recorded and "data" in now and recorded["data"] != now["data"]:
        out.append(f"the data (was {_describe_data(recorded['data'])}, now {_describe_data(now['data'])})")
    return out


def _model_key(identity: Any) -> Any:
    """What tells two model identities apart (a grpo run's model by its run, folder and files, whatever the path)."""
    return json.dumps(identity, sort_keys=True) if isinstance(identity, dict) else identity


def describe_model(identity: Any) -> str:
    if not isinstance(identity, dict):
        return "unknown"
    if "run" in identity:
        return f"{identity.get('path')} of run {str(identity['run'])[:8]}"
    if "sha256" in identity:
        return f"files sha256 {str(identity['sha256'])[:12]}"
    commit = f" at {str(identity['commit'])[:12]}" if identity.get("commit") else ""
    revision = f"@{identity['revision']}" if identity.get("revision") else ""
    return f"{identity.get('name')}{revision}{commit}"


def _describe_data(identity: Any) -> str:
    if not isinstance(identity, dict):
        return "unknown"
    return f"{identity.get('problems')} problems, sha256 {str(identity.get('sha256'))[:12]}"


def _may(key: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(key, p) for p in patterns)


def _diff_keys(a: Any, b: Any, prefix: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in sorted(set(a) | set(b), key=str):
            out += _diff_keys(a.get(key), b.get(key), f"{prefix}{key}.")
        return out
    key = prefix.rstrip(".")
    same = _SAME_VALUE.get(key.rsplit(".", 1)[-1])
    if same is not None and isinstance(a, int) and isinstance(b, int):
        a, b = same.get(a, a), same.get(b, b)
    return [] if a == b else [key]


def plain(obj: Any) -> Any:
    """`obj` as JSON would give it back (tuples as lists, keys as strings), so a record read back compares equal."""
    return json.loads(json.dumps(obj, ensure_ascii=False, default=str))
