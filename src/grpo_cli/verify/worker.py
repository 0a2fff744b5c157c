"""The symbolic worker process: `python -m grpo_cli.verify.worker [--memory-mb N]`.

Started by verify.bounded, one per pool slot. It caps its own address space, imports sympy once, says
{"ready": pid}, then answers one JSON line per JSON-line request on stdin:
    {"id": 3, "kind": "math", "args": [reference, answer]}  ->  {"id": 3, "correct": true, "reason": "ok"}
    {"id": 4, "kind": "verify", "args": [completion, reference, task, mode, finished], "timeout": 1.0}
        ->  {"id": 4, "correct": false, "reason": "wrong", "extracted": "12"}
Requests carry plain strings only (no pickle), and nothing in them is executed. It exits on EOF (its parent is
gone), within a fraction of a second of its parent's death even mid-job, and after a MemoryError (the interpreter may be in a bad state; the pool starts a fresh one).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
import time


def _cap_memory(megabytes: int) -> None:
    if megabytes <= 0:
        return
    try:
        import resource

        limit = megabytes * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # not on this platform: the parent's deadline still holds
        pass


def _exit_with_parent(parent: int | None = None) -> None:
    """End this worker when its parent is gone, even in the middle of a job: a parent killed by SIGKILL cannot stop
    us, and EOF on stdin is only read between jobs. Polling getppid works from any thread of the parent (Linux's
    PR_SET_PDEATHSIG fires when the parent *thread* that started us exits, which reward threads do). `parent` is the
    pid the pool passed (--parent): a parent that died while this interpreter was starting is noticed at once, where
    reading getppid now would take the new parent (init) for ours and leave us running a job with no deadline."""
    parent = os.getppid() if parent is None else parent

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


class _Deadline(BaseException):
    """Raised by SIGALRM inside a "verify" job past its deadline. A BaseException, so that no `except Exception` of
    the fast path takes it for a bug; Python code (regex matching included) is interrupted where it stands."""


def _alarm(signum: int, frame: object) -> None:
    raise _Deadline


def _run_verify(job_args: tuple, seconds: float) -> tuple:
    """A whole row (verify.row) with its own deadline: the worker answers `timeout` and stays alive for the next job,
    instead of being killed and replaced (seconds of start-up a queued row would wait for). Work that does not return
    to Python in time (a C loop inside sympy) is still ended by the pool's kill, a little after this deadline."""
    from grpo_cli.verify import row

    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-3))
    try:
        return row.run_job(*job_args)
    except _Deadline:
        return False, "timeout"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    memory_mb = int(args[args.index("--memory-mb") + 1]) if "--memory-mb" in args else 2048
    # The protocol owns the real stdout; anything printed by a library goes to stderr instead.
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    sys.stdout = sys.stderr
    _cap_memory(memory_mb)
    _exit_with_parent(int(args[args.index("--parent") + 1]) if "--parent" in args else None)
    from grpo_cli.verify import symbolic

    signal.signal(signal.SIGALRM, _alarm)

    with contextlib.suppress(Exception):  # an optimisation only
        symbolic.warm_up()

    def send(obj: dict) -> None:
        out.write(json.dumps(obj).encode() + b"\n")

    send({"ready": os.getpid()})
    for line in sys.stdin.buffer:
        try:
            msg = json.loads(line)
            job_id, kind, job_args = msg["id"], msg["kind"], tuple(msg["args"])
            seconds = float(msg.get("timeout") or 0)
        except (ValueError, KeyError, TypeError):
            continue
        fatal, extra = False, list[object]()
        try:
            if kind == "verify" and seconds > 0:  # a whole row, fast path included, under its deadline
                correct, reason, *extra = _run_verify(job_args, seconds)
            else:
                correct, reason = symbolic.run(kind, job_args)
        except MemoryError:
            correct, reason, fatal = False, "memory", True
        except RecursionError:
            correct, reason = False, "too_complex"
        except Exception:
            correct, reason = False, "worker_error"
        try:
            send({"id": job_id, "correct": correct, "reason": reason, **({"extracted": extra[0]} if extra else {})})
        except (OSError, MemoryError):
            return 1
        if fatal:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
