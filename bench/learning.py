"""What the `tiny` recipe learns: SFT then GRPO, per seed, scored on the held-out toy test split.

For each seed: `grpo sft` and `grpo train` (the recipe with sft.seed = grpo.seed = SEED; data and model init fixed),
then `grpo eval` of both checkpoints on the test split twice: sampled (temperature 1.0, 8 samples per problem, the
recipe's eval) and greedy (temperature 0, 1 sample). Prints one JSON object per seed and the means; the figures in
docs/learning.md come from this script. Real subprocesses, exactly the commands a user types.

    .venv/bin/python bench/learning.py                 # seeds 1 2 3, into runs-learning/
    .venv/bin/python bench/learning.py --seeds 1 --run-dir /tmp/l --set grpo.max_steps=100

Not collected by pytest (no test_ function): it takes ~9 minutes per seed on 2 idle CPU cores.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def grpo(*args: str) -> None:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}
    proc = subprocess.run([sys.executable, "-m", "grpo_cli", *args], cwd=REPO, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"grpo {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")


def pass_at_1(run_dir: Path, stage: str, recipe_sets: list[str], out: Path, *, greedy: bool) -> float:
    sampling = ["--n", "1", "--temperature", "0"] if greedy else []  # else the recipe's eval: n=8, temperature 1.0
    grpo(
        "eval", "--recipe", "tiny", "--stage", stage, "--run-dir", str(run_dir), "--split", "test", *recipe_sets,
        *sampling, "--output", str(out), "--overwrite",
    )  # fmt: skip
    return float(json.loads((out / "summary.json").read_text())["pass@1"])


def one_seed(seed: int, root: Path, extra: list[str]) -> dict:
    run_dir = root / f"seed{seed}"
    sets = [a for s in (f"sft.seed={seed}", f"grpo.seed={seed}", *extra) for a in ("--set", s)]
    t0 = time.time()
    grpo("sft", "--recipe", "tiny", *sets, "--run-dir", str(run_dir), "--overwrite")
    t_sft = time.time() - t0
    grpo("train", "--recipe", "tiny", *sets, "--run-dir", str(run_dir), "--overwrite")
    t_total = time.time() - t0
    result: dict = {"seed": seed, "sft_seconds": round(t_sft), "sft_plus_grpo_seconds": round(t_total)}
    for stage in ("sft", "grpo"):
        for mode in ("sampled", "greedy"):
            out = run_dir / "eval" / f"{stage}-{mode}"
            result[f"{stage}_{mode}"] = pass_at_1(run_dir, stage, sets, out, greedy=mode == "greedy")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--run-dir", default="runs-learning")
    parser.add_argument("--set", dest="sets", action="append", default=[], help="extra recipe override")
    args = parser.parse_args()
    rows = []
    for seed in args.seeds:
        row = one_seed(seed, Path(args.run_dir), args.sets)
        rows.append(row)
        print(json.dumps(row), flush=True)
    keys = [k for k in rows[0] if k != "seed"]
    mean = {k: statistics.fmean(r[k] for r in rows) for k in keys}
    mean["grpo_minus_sft_sampled"] = mean["grpo_sampled"] - mean["sft_sampled"]
    mean["grpo_minus_sft_greedy"] = mean["grpo_greedy"] - mean["sft_greedy"]
    print(json.dumps({"mean_over_seeds": mean}))


if __name__ == "__main__":
    main()
