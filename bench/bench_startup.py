"""Start-up: `grpo estimate` against bare `python -c pass`, with `trl grpo --help` as the peer, in one run.

Each command runs in a fresh subprocess, round-robin (so machine load drifts evenly over all of them), and the
figure is the median wall time. `grpo estimate` prints the full table for the default recipe (gsm8k-7b); the
`--json` form is timed too. The issue's budget: under 0.3 s median.

    .venv/bin/python bench/bench_startup.py             # prints the table (docs/estimate.md quotes it)
    .venv/bin/python bench/bench_startup.py 21 ../main/.venv/bin   # and another checkout's grpo beside it
    make bench                                        # the same as a pytest, which checks the 0.3 s budget
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
REPO = Path(__file__).resolve().parents[1]
BUDGET_S = 0.3


def _grpo() -> list[str]:
    exe = BIN / "grpo"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "grpo_cli"]


def commands(peer: Path | None = None) -> dict[str, list[str]]:
    cmds = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "grpo estimate": [*_grpo(), "estimate"],
        "grpo estimate --json": [*_grpo(), "estimate", "--json"],
    }
    if peer is not None:  # another install's grpo (an earlier checkout), timed in the same rounds
        cmds["peer: grpo estimate"] = [str(peer / "grpo"), "estimate"]
        cmds["peer: grpo estimate --json"] = [str(peer / "grpo"), "estimate", "--json"]
    if (BIN / "trl").exists():
        cmds["trl grpo --help"] = [str(BIN / "trl"), "grpo", "--help"]
    return cmds


def _env() -> dict[str, str]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "COLUMNS": "120"}
    # As on a user's machine, Python caches bytecode (__pycache__/, git-ignored). This sandbox sets
    # PYTHONDONTWRITEBYTECODE=1, which would make every run recompile grpo-cli's own sources (~0.1 s).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _run(cmd: list[str]) -> float:
    env = _env()
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {proc.stderr.decode()[-500:]}")
    return elapsed


def measure(runs: int = 21, peer_runs: int = 3, peer: Path | None = None) -> dict:
    cmds = commands(peer)
    times: dict[str, list[float]] = {name: [] for name in cmds}
    for cmd in cmds.values():  # one warm-up each: the page cache, .pyc files
        _run(cmd)
    for i in range(runs):
        for name, cmd in cmds.items():
            if name.startswith("trl") and i >= peer_runs:
                continue  # ~4 s a call: a few runs give its median
            times[name].append(_run(cmd))
    med = {name: statistics.median(t) for name, t in times.items()}
    base = med["python -c pass"]
    out = {
        name: {"median_s": round(m, 3), "runs": len(times[name]), "x_python": round(m / base, 1)}
        for name, m in med.items()
    }
    if peer is not None:
        out["grpo estimate"]["x_peer"] = round(med["grpo estimate"] / med["peer: grpo estimate"], 2)
        out["grpo estimate --json"]["x_peer"] = round(
            med["grpo estimate --json"] / med["peer: grpo estimate --json"], 2
        )
    if "trl grpo --help" in med:
        out["trl grpo --help"]["x_grpo_estimate"] = round(med["trl grpo --help"] / med["grpo estimate"], 1)
    return out


def test_grpo_estimate_answers_within_budget():
    results = measure()
    print(json.dumps(results, indent=2))
    assert results["grpo estimate"]["median_s"] < BUDGET_S, results
    assert results["grpo estimate --json"]["median_s"] < BUDGET_S, results


if __name__ == "__main__":
    peer_bin = Path(sys.argv[2]).resolve() if len(sys.argv) > 2 else None
    print(json.dumps(measure(runs=int(sys.argv[1]) if len(sys.argv) > 1 else 21, peer=peer_bin), indent=2))
