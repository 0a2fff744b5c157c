"""One process writes a stage folder at a time: an flock on FOLDER/grpo.lock that names its holder, taken over when
the holder died, inherited by the processes the holder starts (GRPO_LOCK_HOLDERS)."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import socket
import sys
from pathlib import Path

from grpo_cli import safeio
from grpo_cli.errors import UserError
from grpo_cli.rundir.records import now

LOCK = "grpo.lock"

_HELD: dict[str, int] = {}  # realpath of a locked folder -> the open lock file (flock held while it is open)
_LOCK_ENV = "GRPO_LOCK_HOLDERS"  # pids holding locks, inherited by the processes they start (launcher, stages)


def lock(folder: str | Path) -> None:
    """Hold FOLDER/grpo.lock for the rest of this process (released at exit, and by the kernel if it is killed).

    The lock is an flock on a file that records pid, host, start time and command: a second writer is refused with
    one line naming the holder; a lock whose process died (kill -9, power loss) is no longer flocked and is taken
    over with a note. Processes this one starts (the accelerate launcher's ranks, `grpo run`'s stage commands) find
    its pid in GRPO_LOCK_HOLDERS and write under its lock."""
    key = os.path.realpath(folder)
    if key in _HELD:
        return
    file = Path(folder, LOCK)
    # No-follow, regular files only: a grpo.lock that is a symlink would have its target emptied and rewritten.
    fd = safeio.open_regular(file, os.O_RDWR | os.O_CREAT)
    try:
        taken = _take(folder, fd)
    except UserError:
        os.close(fd)
        raise
    if not taken:
        os.close(fd)
        return  # the process that started us holds it for us
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


def _take(folder: str | Path, fd: int) -> bool:
    """The one flock-and-ancestor check: flock `fd` (FOLDER's lock file) without waiting. True: this process holds it
    now. False: a process that started this one holds it (we write under its lock). Anyone else: UserError naming
    the holder."""
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        info = _read_lock(fd)
        if info.get("host") == socket.gethostname() and str(info.get("pid")) in _ancestors():
            return False
        raise _busy(folder, info) from None


def _busy(folder: str | Path, info: dict) -> UserError:
    return UserError(
        f"{folder} is being written by another grpo process (pid {info.get('pid', '?')} on {info.get('host', '?')}, "
        f"since {info.get('since', '?')}: {info.get('command', '?')}); wait for it to finish or stop it, or write "
        "elsewhere (--run-dir / --output)"
    )


def refuse_if_busy(folder: str | Path) -> None:
    """UserError naming the holder when another live process holds FOLDER's lock (checked first, so a running stage
    is reported as running, whatever else is wrong with the folder). Takes nothing: a lock it acquires to look is let
    go again when its descriptor closes."""
    info = holder(folder)
    if info is not None:
        raise _busy(folder, info)


def holder(folder: str | Path, *, strict: bool = True) -> dict | None:
    """What FOLDER's lock file says of its holder when another live process (not this one, nor one that started it)
    holds it; None when nobody else does. A lock that is a symlink or a special file is a UserError when `strict`,
    and not a lock (None) otherwise."""
    import fcntl

    file = Path(folder, LOCK)
    if holds(folder) or not os.path.lexists(file):
        return None
    try:
        fd = safeio.open_regular(file, os.O_RDWR)  # a symlink or special file there is refused in one line
    except UserError:
        if strict:
            raise
        return None
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return None  # nobody holds it; closing the descriptor lets it go again
    except OSError:
        info = _read_lock(fd)
        mine = info.get("host") == socket.gethostname() and str(info.get("pid")) in _ancestors()
        return None if mine else info
    finally:
        os.close(fd)


def busy_below(folder: str | Path) -> tuple[Path, dict] | None:
    """(the folder, its holder) of the first lock under FOLDER (FOLDER itself left out) that another live grpo process
    holds: an eval writing into a stage folder, a report being written. Links are not followed."""
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        if LOCK in names and Path(root) != Path(folder):
            info = holder(root, strict=False)
            if info is not None:
                return Path(root), info
    return None


def holds(folder: str | Path) -> bool:
    """Whether this process holds FOLDER's lock."""
    return os.path.realpath(folder) in _HELD


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
