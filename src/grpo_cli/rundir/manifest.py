"""What grpo wrote in a folder it owns: the marker (`stage.json`) and, in it, the list of every entry grpo wrote there
by name and size, which is all `--overwrite` ever deletes.

    {"kind": "sft", "created": ..., "host": ..., "files": {
        "metrics.jsonl": {"size": 5120, "was": 4980},          a file: its size (and, "was", the size before the last
        "recipe.yaml":   {"size": 812},                        write: a kill in between leaves either, or for an
        "checkpoint-4":  {"dir": {"model.safetensors": 8, ...}}, append a size between them)
        "final":         {"dir": null},                       a folder being written (a checkpoint, final/)
        "README.md":     {"size": null},                      a file another library is writing (TRL's model card)
        "sampling":      {"folder": "eval"}}}                 a grpo folder of its own this folder's command made

Files are recorded as they are written: every atomic write and append (grpo_cli.safeio) into a folder holding a
marker with a list updates the list just before the write takes effect (`_observe`). Folders that TRL or transformers
write (checkpoint-N/, final/) are recorded as being written before they are saved and with their file list once
saved (the stage's callback, `record_pending` / `record`), and so are the files TRL writes beside them (its model card,
README.md, before each checkpoint); a checkpoint set aside keeps its list under its new name. A marked folder that
the command makes inside its own (distill's and filter's `sampling/`, an eval) is listed by kind when it is claimed
(`record_folder`): only those are the command's; any other marked folder found inside (a stage a user kept there,
an eval another command is writing, a report) belongs to whoever made it.

`sort` splits a folder into what grpo wrote (recorded, and its size still matches), what it did not (a user's notes,
a file grpo wrote but someone changed since, anything reached by a symlink, another command's grpo folder) and the
marked folders inside it that the command made (which have their own lists). A marker without a list (made before
lists existed) is `listed(...) is None`: nothing in its folder is known to be grpo's.
"""

from __future__ import annotations

import json
import os
import re
import socket
import stat
import threading
from pathlib import Path
from typing import Any

from grpo_cli import safeio

MARKER = "stage.json"
LOCK = "grpo.lock"  # locks.LOCK (never listed: the lock is never deleted)
_TEMPORARY = re.compile(r"^\.(?P<name>.+)\.[^.]+\.tmp$")  # safeio's temporary beside a target (a killed writer's)
_UPDATING = threading.Lock()  # the live view's thread appends alarms while the trainer's thread appends metrics


def read(folder: str | Path) -> dict | None:
    """The marker of `folder` (a regular file, not a link), or None."""
    return read_object(Path(folder) / MARKER)


def read_object(path: Path) -> dict | None:
    """The JSON object in `path` when it is a regular file (not a link) that holds one; None otherwise."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def listed(folder: str | Path) -> dict | None:
    """The entries grpo recorded in `folder` (name -> entry), or None: no marker, or one without a list."""
    files = (read(folder) or {}).get("files")
    return files if isinstance(files, dict) else None


def write_new(folder: str | Path, kind: str, now: str) -> None:
    """A fresh marker: `folder` is a `kind` folder of grpo's, holding nothing grpo wrote yet."""
    safeio.atomic_write_json(Path(folder) / MARKER, {"kind": kind, "created": now, "host": socket.gethostname(),
                                                     "files": {}})  # fmt: skip


def _update(folder: Path, change: Any) -> None:
    """Apply `change(files)` to the list in `folder`'s marker and write it back whole; no-op without a list."""
    with _UPDATING:
        marker = read(folder)
        if marker is None or not isinstance(marker.get("files"), dict):
            return
        change(marker["files"])
        safeio.atomic_write_json(folder / MARKER, marker)


def _observe(path: Path, was: int | None, size: int) -> None:
    """safeio's hook: `path` is about to be written (was -> size bytes); list it if its folder is grpo's."""
    if path.name in (MARKER, LOCK) or not (path.parent / MARKER).is_file():
        return
    entry: dict[str, Any] = {"size": size}
    if was is not None and was != size:
        entry["was"] = was

    def put(files: dict) -> None:
        files[path.name] = entry

    _update(path.parent, put)


safeio.observe_writes(_observe)


def _tree(folder: Path) -> dict[str, int] | None:
    """Every regular file under `folder` with its size; None when something in it is a link or a special file."""
    files: dict[str, int] = {}
    for root, dirs, names in os.walk(folder):
        for name in dirs + names:
            st = os.lstat(os.path.join(root, name))
            if stat.S_ISREG(st.st_mode):
                files[os.path.relpath(os.path.join(root, name), folder)] = st.st_size
            elif not stat.S_ISDIR(st.st_mode):
                return None
    return files


def record(folder: str | Path, *names: str) -> None:
    """List `names` in `folder` as grpo wrote them now: a file with its size, a folder with its files; a name that is
    gone (or a link) is dropped from the list."""
    folder = Path(folder)

    def put(files: dict) -> None:
        for name in names:
            path = folder / name
            try:
                mode = os.lstat(path).st_mode
            except FileNotFoundError:
                files.pop(name, None)
                continue
            if stat.S_ISREG(mode):
                files[name] = {"size": os.lstat(path).st_size}
            elif stat.S_ISDIR(mode) and (tree := _tree(path)) is not None:
                files[name] = {"dir": tree}
            else:
                files.pop(name, None)

    _update(folder, put)


def record_pending(folder: str | Path, name: str, *files_too: str) -> None:
    """List folder `name` as being written by grpo (TRL's checkpoint save, final/), and the files `files_too` the
    trainer writes beside it (TRL's model card), whatever their size: if the process dies before `record`, the folder
    is grpo's whole and the files are grpo's as they are."""

    def put(files: dict) -> None:
        files[name] = {"dir": None}
        for other in files_too:
            files[other] = {"size": None}

    _update(Path(folder), put)


def record_folder(folder: str | Path, name: str, kind: str) -> None:
    """List `name` as a grpo folder of `kind` that the command writing `folder` makes inside it (distill's and
    filter's `sampling/`): --overwrite clears it by its own list; any other marked folder inside is left alone."""

    def put(files: dict) -> None:
        files[name] = {"folder": kind}

    _update(Path(folder), put)


def renamed(folder: str | Path, old: str, new: str) -> None:
    """`old` was renamed `new` (a damaged checkpoint set aside): its entry moves with it."""

    def move(files: dict) -> None:
        if old in files:
            files[new] = files.pop(old)

    _update(Path(folder), move)


def forget_missing(folder: str | Path) -> None:
    """Drop the entries of recorded folders that are gone (checkpoints rotated out by transformers)."""
    folder = Path(folder)

    def drop(files: dict) -> None:
        for name in [n for n, e in files.items() if isinstance(e, dict) and e.get("dir") is not None]:
            if not os.path.lexists(folder / name):
                del files[name]

    _update(folder, drop)


def matches(path: Path, entry: Any) -> bool:
    """Whether `path` is still what grpo wrote: the recorded size (or one between it and the size before the last
    write, which a kill in the middle of that write leaves), or a folder holding exactly its recorded files."""
    if not isinstance(entry, dict) or "folder" in entry:
        return False
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    if entry.get("size", 0) is None:  # being written by the trainer when the process stopped: any size
        return stat.S_ISREG(mode)
    if "dir" in entry:
        if not stat.S_ISDIR(mode):
            return False
        return entry["dir"] is None or _tree(path) == entry["dir"]
    size, was = entry.get("size"), entry.get("was", entry.get("size"))
    if not stat.S_ISREG(mode) or not isinstance(size, int) or not isinstance(was, int):
        return False
    return min(size, was) <= os.lstat(path).st_size <= max(size, was)


def own_folder(path: Path, entry: Any) -> bool:
    """Whether `path` is the grpo folder its parent's list names (`{"folder": kind}`): a real folder whose marker
    names that kind, or one being made (nothing in it yet but a lock)."""
    if (
        not isinstance(entry, dict)
        or not isinstance(entry.get("folder"), str)
        or path.is_symlink()
        or not path.is_dir()
    ):
        return False
    kind = (read(path) or {}).get("kind")
    return kind == entry["folder"] or (kind is None and set(os.listdir(path)) <= {LOCK, MARKER})


def sort(folder: str | Path) -> tuple[list[str], dict[str, str], list[str]]:
    """(grpo's entries, {other entry: why it is not grpo's}, the marked folders inside that the command made) of
    `folder`, lock and marker left out. A hidden temporary of a listed name (a killed atomic write's) is grpo's. A
    marked folder the list does not name as the command's own is another command's (or a user's copy): not grpo's
    to delete here."""
    folder = Path(folder)
    files = listed(folder)
    ours, theirs, nested = [], {}, []
    for name in sorted(os.listdir(folder)):
        if name in (LOCK, MARKER):
            continue
        path = folder / name
        temporary = _TEMPORARY.match(name)
        leftover = temporary is not None and path.is_file() and temporary["name"] in (*(files or ()), MARKER)
        if files is None:
            theirs[name] = f"{MARKER} lists no files"
        elif (name in files and matches(path, files[name])) or leftover:
            ours.append(name)
        elif own_folder(path, files.get(name)):
            nested.append(name)
        elif not path.is_symlink() and path.is_dir() and (kind := (read(path) or {}).get("kind")):
            theirs[name] = f"a grpo {kind} folder this command did not make"
        else:
            theirs[name] = _why(path, files[name]) if name in files else "not written by grpo"
    return ours, theirs, nested


def _why(path: Path, entry: Any) -> str:
    """How `path` differs from what grpo wrote there (for the one line that names it)."""
    recorded = entry.get("dir") if isinstance(entry, dict) else None
    if path.is_symlink():
        return "a symlink now: grpo never writes through one"
    if not isinstance(recorded, dict) or not path.is_dir():
        return "changed since grpo wrote it"
    now = _tree(path)
    if now is None:
        return "changed since grpo wrote it: it holds a link"
    changed = sorted(set(now) ^ set(recorded) | {f for f in now.keys() & recorded.keys() if now[f] != recorded[f]})
    return f"changed since grpo wrote it: {changed[0]}" + (f" and {len(changed) - 1} more" if len(changed) > 1 else "")
