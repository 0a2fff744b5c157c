"""Whose folder it is: the marker every stage or eval folder holds, the refusal to write into a folder grpo did not make
or to reuse a finished stage silently, --overwrite (deleting only grpo's own files), and --resume (past damaged
checkpoints, with the logs cut back to the checkpoint's step)."""

from __future__ import annotations

import fnmatch
import os
import re
import shutil
import sys
from pathlib import Path

from grpo_cli import safeio
from grpo_cli.errors import UserError
from grpo_cli.rundir import inputs as tied
from grpo_cli.rundir import manifest
from grpo_cli.rundir.checkpoints import (
    CHECKPOINT_NAME,
    checkpoint_step,
    checkpoints,
    latest_checkpoint,
    set_aside_damaged,
)
from grpo_cli.rundir.layout import inside, is_main_process
from grpo_cli.rundir.locks import LOCK, busy_below, holds, lock, refuse_if_busy
from grpo_cli.rundir.manifest import MARKER
from grpo_cli.rundir.records import now, read_run_info, truncate_jsonl

# Entries a stage, an eval, a report or a `grpo run` may write in its folder. --overwrite deletes only what the
# folder's marker lists (manifest.sort); a listed name that no longer matches, or an unlisted one, among these is
# refused rather than kept, since the command would then replace it.
_OWN_FILES = {
    MARKER, "recipe.yaml", "run.json", "metrics.jsonl", "samples.jsonl", "alarms.jsonl", "summary.json",
    "run-summary.json", "final", "data.jsonl", "problems.jsonl", "README.md", tied.INPUTS,
}  # fmt: skip
_OWN_PATTERNS = (CHECKPOINT_NAME, re.compile(r"^corrupt-checkpoint-\d+(-\d+)?$"))


def owner(path: str | Path) -> str | None:
    """What made this folder: the kind its marker names ('sft', 'grpo', 'eval', 'report', 'run'), or None. Only the
    marker counts: a folder of a user's that happens to hold a summary.json or a run.json is not grpo's, whatever its
    files are called (a regular file, not a link: a marker pointing elsewhere is no marker)."""
    kind = (manifest.read(path) or {}).get("kind")
    return kind if isinstance(kind, str) else None


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
    protect: tuple[str | Path | None, ...] = (),
    hint: str = "--run-dir to write elsewhere",
) -> Path:
    """Make `path` this process's `kind` folder: refuse a folder grpo did not make or another process is writing
    (with `overwrite`, any folder inside it too), take its lock, delete what its marker lists when `overwrite`, and
    write the marker. A folder made inside one this process holds (distill's sampling/) is listed there as that
    command's own. Main process only."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise UserError(f"{path} is a file, not a folder; pass a folder ({hint})")
    refuse_if_busy(path)
    if overwrite and path.is_dir():
        _refuse_if_busy_inside(path)
    content = set(os.listdir(path)) - {LOCK, MARKER} if path.is_dir() else set()
    made_by = owner(path) if content else kind
    if made_by != kind:
        what = f"{_a(made_by)} {made_by} stage" if made_by else f"files grpo did not write (no {MARKER})"
        raise UserError(
            f"{path} holds {what}; grpo writes {_a(kind)} {kind} only into an empty folder or one of its own {kind} "
            f"folders, and never deletes anything else: pass {hint}"
        )
    for model in protect:
        if model is not None and Path(model).exists() and inside(Path(model), path) and (overwrite or not resume):
            raise UserError(
                f"{path} holds the model this command reads ({model}); it would be deleted or mixed with the output: "
                f"pass {hint}"
            )
    if overwrite and content and manifest.listed(path) is None:
        raise UserError(_unlisted(path, hint))
    if overwrite and path.is_dir():
        _to_clear(path)  # refused before the lock file is created, as the refusals above
    if holds(path.parent) and manifest.listed(path.parent) is not None:
        manifest.record_folder(path.parent, path.name, kind)  # listed before it exists: a kill leaves it the command's
    safeio.make_dir(path)
    lock(path)
    if overwrite:
        kept = clear(path)
        if kept:
            print(f"warning: --overwrite kept {', '.join(kept)} in {path}", file=sys.stderr)
    if overwrite or owner(path) != kind:
        manifest.write_new(path, kind, now())
    return path


def _refuse_if_busy_inside(path: Path) -> None:
    """--overwrite: one line naming the folder inside `path` that another grpo process is writing (an eval of the
    stage's model writing into the stage, a report), before anything is deleted."""
    busy = busy_below(path)
    if busy is not None:
        folder, info = busy
        raise UserError(
            f"--overwrite: {path} holds {folder}, which another grpo process is writing (pid {info.get('pid', '?')} on "
            f"{info.get('host', '?')}, since {info.get('since', '?')}: {info.get('command', '?')}); wait for it to "
            f"finish or stop it, then run the command again"
        )


def _unlisted(path: Path, hint: str) -> str:
    return (
        f"{path} was made by an earlier grpo whose {MARKER} does not list the files it wrote, so they cannot be told "
        f"from yours: move or delete the folder yourself (mv {path} {path}.old), or pass {hint}"
    )


def claim_output(path: str | Path, kind: str, *, hint: str, writes: tuple[str, ...] = ()) -> Path:
    """Make `path` a `kind` folder a command writes in place ('report': report.md and its plots; 'run': a recipe's
    folder under --run-dir): refuse one that holds anything and no marker of that kind, so a user's report.md or
    recipe.yaml is never overwritten; create it and write the marker otherwise. In a folder of its own, an entry
    the command would replace (a name matching a pattern of `writes`) must be what grpo wrote there, by the marker's
    list and size: one changed since, or not listed, is refused. Folders that hold grpo's own marker (the stage
    folders `grpo sft` / `train` / `eval` made in a recipe folder) do not count as anything. Takes the folder's lock,
    as `claim` does: two reports into one folder would leave report.md of one and the plots of the other."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise UserError(f"{path} is a file, not a folder; pass {hint}")
    refuse_if_busy(path)
    made_by = owner(path)
    if not path.is_dir():
        theirs: dict[str, str] = {}
    elif made_by != kind:  # anything but grpo's marked folders inside: even a stage's own files are not a report's
        content = set(os.listdir(path)) - {LOCK, MARKER}
        theirs = {n: "" for n in content if (path / n).is_symlink() or owner(path / n) is None}
    else:
        theirs = manifest.sort(path)[1]
    if theirs and made_by != kind:
        what = f"{_a(made_by)} {made_by} folder" if made_by else f"files grpo did not write (no {MARKER})"
        raise UserError(
            f"{path} holds {what}; grpo writes {_a(kind)} {kind} only into an empty folder or one of its own, and "
            f"never replaces anything else: pass {hint}"
        )
    replaced = sorted(n for n in theirs if any(fnmatch.fnmatchcase(n, w) for w in writes))
    if replaced and manifest.listed(path) is None:
        raise UserError(_unlisted(path, hint))
    if replaced:
        raise UserError(
            f"{path / replaced[0]} ({theirs[replaced[0]]}) is in the way of what grpo writes there: move it out of "
            f"{path}, or pass {hint}"
        )
    safeio.make_dir(path)
    lock(path)
    if made_by != kind:
        manifest.write_new(path, kind, now())
    return path


def _a(word: str) -> str:
    return "an" if word in ("sft", "eval") else "a"


def _grpos_name(name: str) -> bool:
    return name in _OWN_FILES or any(p.match(name) for p in _OWN_PATTERNS)


def clear(path: Path) -> list[str]:
    """--overwrite: delete what the marker of `path` lists, where it still matches (manifest.sort), and, in the marked
    folders the command made inside it (distill's and filter's sampling/), what theirs list; return the entries kept,
    each with why (another grpo folder found inside is kept whole: a stage or an eval someone put there).
    An entry kept under a name the command writes (a recipe.yaml or a checkpoint someone changed) is refused before
    anything is deleted: the command would replace it."""
    kept, delete = _to_clear(path)
    for child in delete:
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()
    return [f"{name} ({why})" for name, why in kept]


def _to_clear(path: Path) -> tuple[list[tuple[str, str]], list[Path]]:
    """What clear keeps and deletes; a UserError when it would keep an entry under a name the command writes."""
    kept, delete = _sorted_for_clear(path, "")
    refused = [f"{name} ({why})" for name, why in kept if _grpos_name(name.rsplit("/", 1)[-1])]
    if refused:
        raise UserError(
            f"--overwrite: {path} holds {', '.join(refused[:3])}{', ...' if len(refused) > 3 else ''}, which grpo "
            f"would replace: move {'it' if len(refused) == 1 else 'them'} out of {path}, then run the command again"
        )
    return kept, delete


def _sorted_for_clear(path: Path, prefix: str) -> tuple[list[tuple[str, str]], list[Path]]:
    """(the entries to keep, as (name, why); the paths to delete, a marked folder inside last once it holds nothing
    else) for clear; `prefix` names the marked folder inside `path` being sorted."""
    ours, theirs, nested = manifest.sort(path)
    kept = [(f"{prefix}{name}", why) for name, why in theirs.items()]
    delete = [path / name for name in ours]
    for name in nested:
        inner_kept, inner_delete = _sorted_for_clear(path / name, f"{prefix}{name}/")
        kept += inner_kept
        delete += inner_delete
        if not inner_kept:
            delete.append(path / name)  # its marker and lock go with it, once its own entries have
    return kept, delete


def prepare(
    path: str | Path,
    resume: bool = False,
    overwrite: bool = False,
    *,
    protect: tuple[str | Path | None, ...] = (),
    inputs: dict | None = None,
) -> Path | None:
    """Make `path` ready for a training stage and return the checkpoint to resume from (None for a fresh start).

    An existing, non-empty stage directory is never reused silently: without --resume or --overwrite this refuses
    (UserError, exit 2). --resume continues from the latest checkpoint that is whole (damaged newer ones are set
    aside with a warning) and cuts metrics/samples logged after it, so the files read as one uninterrupted run; when
    `inputs` (rundir/inputs.py: the model, data and recipe the stage would consume now) differ from what the stage
    started with, it refuses first, naming what changed. --overwrite deletes the stage's own files first, and only in
    a folder a stage of the same kind made. The folder is locked for this process (`lock`); `inputs` are recorded.
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
    before = recorded(path) if resume and inputs is not None else None
    if before is not None and (changed := tied.differences(before, inputs or {}, tied.MAY_CHANGE_TRAINING)):
        raise UserError(changed_inputs(path, changed, "--resume"))  # before anything in the folder is touched
    claim(path, kind, resume=resume, overwrite=overwrite, protect=protect)
    if inputs is not None:  # what the stage consumes, with its run id (kept by --resume: its models are the same run)
        run = (before or {}).get("run")
        tied.record(path, {"run": run if isinstance(run, str) else tied.new_run(), **inputs})
    if not resume:
        return None
    return _resume_point(path)


def recorded(path: Path) -> dict | None:
    """What a folder records it was made from: inputs.json, or for a stage an earlier grpo made, its recipe.yaml."""
    record = tied.read(path)
    saved = path / "recipe.yaml"
    if record is None and saved.is_file():
        recipe = safeio.load_yaml(safeio.read_text(saved, "recipe"), str(saved))  # bounded: a user may edit it
        record = {"recipe": recipe} if isinstance(recipe, dict) else None
    return record


def changed_inputs(path: Path, changed: list[str], what: str) -> str:
    """The one line for a result whose inputs changed: what changed, and the ways out."""
    return (
        f"{what}: {path} was made from other inputs than this command's: {'; '.join(changed)} changed (only the keys "
        "docs/reliability.md lists may change on --resume); continuing would mix the two: pass --overwrite to start "
        "again, or --run-dir / --output to write elsewhere"
    )


def _resume_point(path: Path) -> Path:
    """--resume: the latest whole checkpoint (damaged newer ones set aside), with the logs cut back to its step."""
    if not checkpoints(path):
        raise UserError(f"--resume: no checkpoint in {path} yet; pass --overwrite to start again")
    notes = set_aside_damaged(path)
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
