"""Hard bounds on the symbolic fallback: each job runs in a worker process with a deadline and a memory cap.

Why processes: a sympy call cannot be interrupted from inside Python. math-verify bounds it with signal.alarm, which
only works in the main thread (its issues #11, #50, #55: a reward function called from a thread raises, or never
times out) and cannot stop long C-level work. Here a job that passes its deadline gets its worker killed (SIGKILL)
and replaced, and its verdict is False with reason "timeout"; the caller can be any thread.

Design:
- workers are plain subprocesses, `python -m grpo_cli.verify.worker` (verify.worker), speaking JSON lines over
  pipes. Not multiprocessing: its spawn and forkserver methods re-import the caller's `__main__` in every worker,
  which re-runs any training script that lacks an `if __name__ == "__main__"` guard, and fork would copy a parent
  that may hold CUDA and threads;
- each worker caps its address space with RLIMIT_AS (`GRPO_VERIFY_WORKER_MEMORY_MB`, default 2048), so a memory
  blow-up (math-verify issue #63, nested logs) ends in MemoryError -> reason "memory", not in the OOM killer;
- a batch fans out over `GRPO_VERIFY_WORKERS` workers (default min(2, CPUs)) from the calling thread with
  select-style waiting, so the reward pays one pipe round-trip per undecided answer, not a process start;
- the pool starts lazily, and start-up (importing sympy, about a second) is not charged to any job's budget; a
  killed worker is replaced at once, in the background of the remaining jobs;
- it belongs to the process that created it (a forked child builds its own) and is shut down at exit.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from collections import deque
from multiprocessing.connection import wait

STARTUP_TIMEOUT = 120.0
VERIFY_GRACE = 0.25  # of the timeout: how long after its own deadline a "verify" job's worker is killed
_PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        return default


class _Worker:
    def __init__(self, memory_mb: int):
        debug = os.environ.get("GRPO_VERIFY_DEBUG") == "1"
        env = dict(os.environ)
        # The worker imports grpo_cli from wherever this process did, installed or not.
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
        # --parent: our pid, so a worker whose parent died before it started watching knows at once.
        argv = ["-m", "grpo_cli.verify.worker", "--memory-mb", str(memory_mb), "--parent", str(os.getpid())]
        self.proc = subprocess.Popen(
            [sys.executable, *argv],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=None if debug else subprocess.DEVNULL,
            bufsize=0,
            close_fds=True,
            start_new_session=True,  # Ctrl-C in the terminal reaches the caller, which then stops us
            env=env,
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None  # both pipes (PIPE above)
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout
        self.fd = self.stdout.fileno()
        self.buffer = b""
        self.started = time.monotonic()
        self.ready = False
        self.job: int | None = None
        self.deadline = 0.0

    def fileno(self) -> int:
        return self.fd

    def send(self, obj: dict) -> None:
        self.stdin.write(json.dumps(obj).encode() + b"\n")

    def read_lines(self) -> list[dict] | None:
        """The complete lines available now, or None when the worker is gone."""
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return None
        if not chunk:
            return None
        self.buffer += chunk
        *lines, self.buffer = self.buffer.split(b"\n")
        out = []
        for line in lines:
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
        return out

    def kill(self) -> None:
        try:
            self.proc.kill()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        for stream in (self.stdin, self.stdout):
            with contextlib.suppress(OSError):
                stream.close()

    def stop(self) -> None:
        try:
            self.stdin.close()  # EOF: the worker exits on its own
            self.proc.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


def _ready(workers: list[_Worker], timeout: float) -> list[_Worker]:
    """The workers with a line to read. multiprocessing's wait() takes any object with fileno() and returns those of
    the objects it was given that are ready; typeshed annotates connections, sockets and ints only."""
    return wait(workers, timeout)  # type: ignore[arg-type, return-value]


class SymbolicPool:
    """A few symbolic workers. `run(jobs, timeout)` -> one (correct, reason) per (kind, args) job, in order; a
    "verify" job that finished adds the extracted answer: (correct, reason, extracted)."""

    def __init__(self, size: int | None = None, memory_mb: int | None = None):
        self.size = max(1, size or _env_int("GRPO_VERIFY_WORKERS", min(2, os.cpu_count() or 1)))
        self.memory_mb = max(0, memory_mb if memory_mb is not None else _env_int("GRPO_VERIFY_WORKER_MEMORY_MB", 2048))
        self._lock = threading.Lock()
        self._workers: list[_Worker] = []
        self._pid = os.getpid()
        self.restarts = 0
        self._failed_starts = 0  # workers that died before saying ready, in a row

    def _spawn(self) -> None:
        if self._failed_starts >= 3:  # workers cannot start here (broken install?): stop trying
            return
        try:
            self._workers.append(_Worker(self.memory_mb))
        except OSError:
            self._failed_starts += 1

    def _replace(self, worker: _Worker) -> None:
        worker.kill()
        self._workers.remove(worker)
        self.restarts += 1
        if not worker.ready:
            self._failed_starts += 1
        self._spawn()

    def run(self, jobs: list[tuple[str, tuple]], timeout: float) -> list[tuple]:
        if not jobs:
            return []
        with self._lock:
            if os.getpid() != self._pid:  # a forked child: those workers belong to the parent
                self._workers, self._pid, self._failed_starts = [], os.getpid(), 0
            return self._run_locked(jobs, timeout)

    def _run_locked(self, jobs: list[tuple[str, tuple]], timeout: float) -> list[tuple]:
        results: list[tuple[bool | None, str] | None] = [None] * len(jobs)
        pending = deque(range(len(jobs)))
        while len(self._workers) < min(self.size, len(jobs)) and self._failed_starts < 3:
            self._spawn()
        while pending or any(w.job is not None for w in self._workers):
            now = time.monotonic()
            for worker in list(self._workers):
                if worker.ready and worker.job is None and pending:
                    idx = pending.popleft()
                    kind, args = jobs[idx]
                    # A "verify" job ends itself at `timeout` (SIGALRM in the worker) and the worker stays; the
                    # kill comes VERIFY_GRACE later, for work that never returns to Python.
                    grace = VERIFY_GRACE * timeout if kind == "verify" else 0.0
                    try:
                        worker.send({"id": idx, "kind": kind, "args": list(args), "timeout": timeout})
                    except (OSError, ValueError):
                        pending.appendleft(idx)
                        self._replace(worker)
                        continue
                    worker.job, worker.deadline = idx, now + timeout + grace
            if not self._workers or all(not w.ready and now - w.started > STARTUP_TIMEOUT for w in self._workers):
                for worker in [w for w in self._workers if not w.ready]:
                    worker.kill()
                    self._workers.remove(worker)
                for idx in pending:
                    results[idx] = (False, "no_worker")
                pending.clear()
                continue
            waiting = [w for w in self._workers if w.job is not None or not w.ready]
            horizon = min((w.deadline if w.job is not None else w.started + STARTUP_TIMEOUT) for w in waiting)
            for worker in _ready(waiting, timeout=max(0.0, horizon - time.monotonic())):
                lines = worker.read_lines()
                if lines is None:  # the worker died: killed by the OS, or exited after a MemoryError
                    if worker.job is not None:
                        results[worker.job] = (False, "memory")
                    self._replace(worker)
                    continue
                for msg in lines:
                    if "ready" in msg:
                        worker.ready = True
                        self._failed_starts = 0
                    elif msg.get("id") == worker.job:
                        results[msg["id"]] = (msg.get("correct"), str(msg.get("reason")))
                        if "extracted" in msg:  # a "verify" job: the answer it read, too
                            results[msg["id"]] += (msg["extracted"],)
                        worker.job = None
                        if msg.get("reason") == "memory":
                            self._replace(worker)
            now = time.monotonic()
            for worker in list(self._workers):
                if worker.job is not None and now >= worker.deadline:
                    results[worker.job] = (False, "timeout")
                    worker.job = None
                    self._replace(worker)
        return [r if r is not None else (False, "no_worker") for r in results]

    def close(self) -> None:
        with self._lock:
            if os.getpid() == self._pid:
                for worker in self._workers:
                    worker.stop()
            self._workers = []


_POOL: SymbolicPool | None = None
_POOL_LOCK = threading.Lock()


def pool() -> SymbolicPool:
    """The process-wide pool (created on first use, shut down at exit)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = SymbolicPool()
            atexit.register(_POOL.close)
        return _POOL


def shutdown() -> None:
    """Stop the workers now (tests, and callers that want their processes back before exit)."""
    if _POOL is not None:
        _POOL.close()
