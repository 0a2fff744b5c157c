"""What the `tiny` recipe learns: SFT then GRPO, per seed, scored on the held-out toy test split.

Two experiments. The default: per seed, SFT then GRPO, both evaluated. `--process`: outcome-only GRPO against
process supervision (docs/learning.md, "Process supervision"), all arms from one SFT model.

For each seed: `grpo sft` and `grpo train` (the recipe with sft.seed = grpo.seed = SEED; data and model init fixed),
then `grpo eval` of both checkpoints on the test split twice: sampled (temperature 1.0, 8 samples per problem, the
recipe's eval) and greedy (temperature 0, 1 sample). Prints one JSON object per seed and the means; the figures in
docs/learning.md come from this script. Real subprocesses, exactly the commands a user types.

    .venv/bin/python bench/learning.py                 # seeds 1 2 3, into runs-learning/
    .venv/bin/python bench/learning.py --seeds 1 --run-dir /tmp/l --set grpo.max_steps=100
    .venv/bin/python bench/learning.py --process --seeds 1 2 3 --run-dir runs-process --jobs 3

--process builds the SFT model once (`grpo sft`, sft.seed=1; or reuses --sft DIR), then per seed and arm runs
`grpo train --from` it with grpo.seed=SEED and the arm's settings (ARMS), and evaluates each GRPO model (and the SFT
model once) on the test split, sampled and greedy. Besides pass@1 it reports the share of samples whose working has a
wrong step, by the rule-based arithmetic scorer (grpo_cli.verify.arithmetic) over the eval's samples.jsonl. --jobs runs that
many (seed, arm) trainings at once.

Not collected by pytest (no test_ function): it takes ~9 minutes per seed on 2 idle CPU cores.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from runner import grpo


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


# --------------------------------------------------------------------------------------------------------
# --process: outcome-only GRPO vs step rewards vs process-supervised GRPO, from one SFT model

# Every arm logs the per-step diagnostics: the `steps` reward at weight 0 only watches (it adds nothing to the reward).
ARMS = {
    "outcome": ["rewards.steps=0.0"],
    "outcome+steps": ["rewards.steps=0.5", "steps.reduce=mean"],
    "process": ["grpo.advantage=process", "steps.outcome=true"],
}


def wrong_working_share(samples: Path) -> float:
    """Share of eval samples whose working makes at least one arithmetic claim that fails."""
    from grpo_cli.stepwise.split import split_steps
    from grpo_cli.verify.arithmetic import score_step

    rows = [json.loads(line) for line in samples.read_text().splitlines() if line.strip()]
    wrong = sum(any(score_step(s.text) == 0.0 for s in split_steps(r["completion"])) for r in rows)
    return wrong / len(rows)


def evaluate(run_dir: Path, stage: str, sets: list[str], out_root: Path) -> dict:
    result = {}
    for mode in ("sampled", "greedy"):
        out = out_root / f"{stage}-{mode}"
        if not (out / "summary.json").is_file():
            pass_at_1(run_dir, stage, sets, out, greedy=mode == "greedy")
        result[f"{mode}_pass@1"] = float(json.loads((out / "summary.json").read_text())["pass@1"])
        result[f"{mode}_wrong_working"] = wrong_working_share(out / "samples.jsonl")
    return result


def process_arm(seed: int, arm: str, sft_final: Path, root: Path, extra: list[str]) -> dict:
    run_dir = root / f"{arm}-seed{seed}"
    sets = [a for s in (f"grpo.seed={seed}", *ARMS[arm], *extra) for a in ("--set", s)]
    t0 = time.time()
    if not (run_dir / "tiny" / "grpo" / "final").is_dir():
        grpo("train", "--recipe", "tiny", *sets, "--from", str(sft_final), "--run-dir", str(run_dir), "--overwrite")
    row = {"seed": seed, "arm": arm, "grpo_seconds": round(time.time() - t0)}
    row.update(evaluate(run_dir, "grpo", sets, run_dir / "eval"))
    print(json.dumps(row), flush=True)
    return row


def process_main(args: argparse.Namespace) -> None:
    from concurrent.futures import ThreadPoolExecutor

    root = Path(args.run_dir)
    sft_root = Path(args.sft) if args.sft else root / "sft-seed1"
    sft_final = sft_root / "tiny" / "sft" / "final"
    sft_sets = [a for s in ("sft.seed=1", *args.sets) for a in ("--set", s)]
    if not sft_final.is_dir():
        grpo("sft", "--recipe", "tiny", *sft_sets, "--run-dir", str(sft_root), "--overwrite")
    jobs = [(seed, arm) for seed in args.seeds for arm in args.arms]
    # The SFT model's evals in a thread of their own beside exactly `--jobs` trainings (one pool of jobs + 1 would run
    # a third training once the evals are done).
    with ThreadPoolExecutor(max_workers=1) as side, ThreadPoolExecutor(max_workers=args.jobs) as pool:
        sft = side.submit(evaluate, sft_root, "sft", sft_sets, sft_root / "eval")
        rows = list(pool.map(lambda j: process_arm(j[0], j[1], sft_final, root, args.sets), jobs))
        print(json.dumps({"seed": "-", "arm": "sft", **sft.result()}), flush=True)
    for arm in args.arms:
        mine = [r for r in rows if r["arm"] == arm]
        keys = [k for k in mine[0] if k not in ("seed", "arm")]
        mean = {k: statistics.fmean(r[k] for r in mine) for k in keys}
        print(json.dumps({"arm": arm, "seeds": [r["seed"] for r in mine], "mean_over_seeds": mean}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--run-dir", default="runs-learning")
    parser.add_argument("--set", dest="sets", action="append", default=[], help="extra recipe override")
    parser.add_argument("--process", action="store_true", help="outcome-only vs step rewards vs process GRPO")
    parser.add_argument("--arms", nargs="+", default=list(ARMS), choices=list(ARMS))
    parser.add_argument("--sft", help="--process: reuse this SFT run directory (holding tiny/sft/final)")
    parser.add_argument("--jobs", type=int, default=1, help="--process: trainings run at once")
    args = parser.parse_args()
    if args.process:
        process_main(args)
        return
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
