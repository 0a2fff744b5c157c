"""`grpo report` on a long run: the alarm replay before (every baseline mean re-read its whole prefix and the format
check refitted all its windows, per row) and after (running sums, each window fitted once), side by side on the same rows in one run, and the whole `grpo report` command at the largest
size.

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
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from grpo_cli.config import MonitorConfig
from grpo_cli.observe import alarms

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


def command(metrics: list[dict]) -> float:
    """Wall time of `grpo report STAGE --out OUT` in a fresh process on these rows."""
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp, "tiny", "grpo")
        stage.mkdir(parents=True)
        with open(stage / "metrics.jsonl", "w") as fh:
            fh.writelines(json.dumps(row) + "\n" for row in metrics)
        env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "grpo_cli", "report", str(stage), "--out", str(Path(tmp, "out"))],
                              capture_output=True, text=True, env=env)  # fmt: skip
        took = time.perf_counter() - start
        if proc.returncode != 0:
            raise SystemExit(f"grpo report failed: {proc.stderr[-2000:]}")
        return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 30_000, 100_000, 1_000_000])
    parser.add_argument("--old-max", type=int, default=100_000, help="largest size the quadratic replay is timed at")
    parser.add_argument("--no-command", action="store_true", help="skip the whole `grpo report` run")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")
    print(f"{'rows':>10} {'before (s)':>11} {'after (s)':>10} {'ratio':>8}  alarms equal")
    last_old: tuple[int, float] | None = None
    for n in args.sizes:
        metrics = rows(n)
        new_s, new = replay(metrics, before=False)
        if n <= args.old_max:
            old_s, old = replay(metrics, before=True)
            last_old = (n, old_s)
            print(f"{n:>10,} {old_s:>11.2f} {new_s:>10.2f} {old_s / new_s:>7.0f}x  {old == new}")
        elif last_old:
            est = last_old[1] * (n / last_old[0]) ** 2
            print(f"{n:>10,} {est:>10.0f}* {new_s:>10.2f} {est / new_s:>7.0f}x  (* quadratic from {last_old[0]:,})")
        else:
            print(f"{n:>10,} {'-':>11} {new_s:>10.2f}")
    if not args.no_command:
        n = max(args.sizes)
        print(f"grpo report on {n:,} rows (read, replay, plots, report.md): {command(rows(n)):.1f} s")


if __name__ == "__main__":
    main()
