"""`grpo report`'s sample rows from a large samples.jsonl, side by side in one run, each in a fresh process:
- whole: the file read into rows (rundir.read_jsonl), then the start / middle / end steps picked from them, as the
  report did before issue 41 (a 709 MB file took 2.6 GB);
- by offset: rundir.sample_picks, what the report does now (the start, the step at the middle byte, the last step,
  read by offset from the start, the middle and windows back from the end).

The file holds rows as observe/callbacks.py writes them (step, prompt, completion, reward, rewards), a few per
logging step, until it reaches --mb megabytes; it is written to a temporary folder and removed.

    PYTHONPATH=src .venv/bin/python bench/bench_samples.py --mb 709      # docs/reliability.md
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

WHOLE = """
import sys
from grpo_cli import rundir
rows = rundir.read_jsonl(sys.argv[1])
steps = sorted({int(r["step"]) for r in rows if isinstance(r.get("step"), (int, float))})
picks = [steps[0], steps[len(steps) // 2], steps[-1]]
print(picks, [len([r for r in rows if r.get("step") == s][:2]) for s in picks])
"""

BY_OFFSET = """
import sys
from grpo_cli import rundir
picks = rundir.sample_picks(sys.argv[1])
print([s for s, _ in picks.values()], [len(rows) for _, rows in picks.values()])
"""


def write_samples(path: Path, megabytes: int, per_step: int = 4) -> int:
    """Rows of ~1-3 KB (a prompt and a completion), `per_step` per logging step; returns the steps written."""
    rng, step, size = random.Random(0), 0, 0
    with open(path, "w", encoding="utf-8") as fh:
        while size < megabytes * 2**20:
            step += 1
            for k in range(per_step):
                completion = "<think>" + "step by step " * rng.randrange(60, 200) + f"</think><answer>{k}</answer>"
                row = {"step": step, "prompt": f"What is {k} + {step}?", "completion": completion, "reward": 1.0,
                       "rewards": {"accuracy": 1.0, "format": 1.0}}  # fmt: skip
                line = json.dumps(row) + "\n"
                fh.write(line)
                size += len(line)
    return step


def measure(code: str, path: Path) -> tuple[float, float, str]:
    """(wall s, peak memory MB, what it printed) of `code` in a fresh interpreter, which reports its own peak."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    peak = "\nimport resource\nprint(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", code + peak, str(path)], capture_output=True, text=True, env=env, check=True
    )
    took = time.perf_counter() - start
    return took, int(proc.stderr.split()[-1]) / 1024, proc.stdout.strip()  # ru_maxrss: KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=200, help="size of samples.jsonl in MB")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "samples.jsonl")
        steps = write_samples(path, args.mb)
        print(f"samples.jsonl: {path.stat().st_size / 2**20:.0f} MB, {steps:,} steps; "
              f"load average {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")  # fmt: skip
        whole = measure(WHOLE, path)
        offset = measure(BY_OFFSET, path)
    for name, (wall, mem, out) in (("whole", whole), ("by offset", offset)):
        print(f"{name:>10}: {wall:6.1f} s wall, peak {mem:7.0f} MB  picks {out}")
    print(f"by offset / whole: {offset[0] / whole[0]:.3f}x the time, {offset[1] / whole[1]:.3f}x the memory")


if __name__ == "__main__":
    main()
