"""`grpo report` on a long run: three alarm replays side by side on the same rows in one run, and the whole
`grpo report` command at the largest size:
- quadratic: the replay before issue 31 (every baseline mean re-read its whole prefix, the format check refitted all
  its windows, per row; tests/alarms_before.py);
- row by row: replay(masked=False) (running sums, each window fitted once), every check after every row, as the
  live run (alarms.AlarmWatcher);
- masked: observe/replay.replay, which `grpo report` uses (each check only at the rows its numpy mask leaves).

The rows are a healthy GRPO stream (no alarm fires, so every check runs on every row: the replay's worst case) with
TRL's metric names, as tests/metric_streams.py writes them, at each size; the quadratic replay is timed only up to
--old-max rows (it grows with the square of the rows: its 1e6 figure is extrapolated from its largest measured size,
and said so).

    PYTHONPATH=src .venv/bin/python bench/bench_report.py                 # 1e4 .. 1e6 rows; docs/reliability.md
    PYTHONPATH=src .venv/bin/python bench/bench_report.py --sizes 10000 --old-max 10000 --no-command   # a quick look
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from grpo_cli.config import MonitorConfig
from grpo_cli.observe import alarms
from grpo_cli.observe import replay as masked

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
import alarms_before  # noqa: E402  (the replay before issue 31, the reference tests/test_monitor.py checks against)


def rows(n: int, seed: int = 0) -> list[dict]:
    """A healthy stream: accuracy climbs, length grows a little, KL and entropy move smoothly."""
    rng = random.Random(seed)
    out = []
    for step in range(1, n + 1):
        t = step / n
        acc = min(1.0, max(0.0, 0.30 + 0.30 * t + rng.gauss(0, 0.03)))
        out.append({
            "step": step, "loss": 0.01, "learning_rate": 1e-6, "rewards/accuracy/mean": acc,
            "rewards/format/mean": 0.95 + rng.gauss(0, 0.01), "rewards/language/mean": 0.98 + rng.gauss(0, 0.005),
            "reward": acc + 0.19, "frac_reward_zero_std": 0.3 + rng.gauss(0, 0.04),
            "completions/mean_length": 80 + 20 * t + rng.gauss(0, 3), "completions/clipped_ratio": 0.05,
            "kl": 0.02 * t * math.exp(rng.gauss(0, 0.1)), "entropy": 1.0 - 0.4 * t + rng.gauss(0, 0.02),
            "step_time": 30.0, "tokens_per_second": 1300.0,
        })  # fmt: skip
    return out


def replay(metrics: list[dict], *, before: bool) -> tuple[float, list[dict]]:
    start = time.perf_counter()
    fired = alarms_before.replay(metrics, MonitorConfig(), alarms.RunContext(), before=before)
    return time.perf_counter() - start, fired


def replay_masked(metrics: list[dict]) -> tuple[float, list[dict]]:
    start = time.perf_counter()
    fired, _ = masked.replay(metrics, MonitorConfig(), alarms.RunContext())
    return time.perf_counter() - start, sorted((a.to_dict() for a in fired), key=lambda a: a["step"])


def command(metrics: list[dict]) -> tuple[float, float, float]:
    """`grpo report STAGE --out OUT` in a fresh process on these rows: (wall s, CPU s, peak memory GB)."""
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp, "tiny", "grpo")
        stage.mkdir(parents=True)
        with open(stage / "metrics.jsonl", "w") as fh:
            fh.writelines(json.dumps(row) + "\n" for row in metrics)
        env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "grpo_cli", "report", str(stage), "--out", str(Path(tmp, "out"))],
                              capture_output=True, text=True, env=env)  # fmt: skip
        took = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode != 0:
            raise SystemExit(f"grpo report failed: {proc.stderr[-2000:]}")
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        return took, cpu, after.ru_maxrss / 2**20  # ru_maxrss: KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 30_000, 100_000, 1_000_000])
    parser.add_argument("--old-max", type=int, default=100_000, help="largest size the quadratic replay is timed at")
    parser.add_argument("--no-command", action="store_true", help="skip the whole `grpo report` run")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")
    print(f"{'rows':>10} {'quadratic':>10} {'row by row':>11} {'masked':>8} {'vs row':>7}  alarms equal")
    last_old: tuple[int, float] | None = None
    for n in args.sizes:
        metrics = rows(n)
        row_s, row = replay(metrics, before=False)
        fast_s, fast = replay_masked(metrics)
        if n <= args.old_max:
            old_s, old = replay(metrics, before=True)
            last_old = (n, old_s)
            quad, same = f"{old_s:>10.2f}", old == row == fast
        elif last_old:
            quad, same = f"{last_old[1] * (n / last_old[0]) ** 2:>9.0f}*", row == fast
        else:
            quad, same = f"{'-':>10}", row == fast
        print(f"{n:>10,} {quad} {row_s:>11.2f} {fast_s:>8.2f} {row_s / fast_s:>6.0f}x  {same}", flush=True)
    if last_old and max(args.sizes) > last_old[0]:
        print(f"* quadratic in the rows, extrapolated from its time at {last_old[0]:,}")
    if not args.no_command:
        n = max(args.sizes)
        wall, cpu, mem = command(rows(n))
        print(f"grpo report on {n:,} rows (read, replay, plots, report.md): {wall:.1f} s wall, {cpu:.1f} s CPU, "
              f"peak {mem:.2f} GB; load average {os.getloadavg()[0]:.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
