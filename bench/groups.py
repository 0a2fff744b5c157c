"""Groups that teach: outcome GRPO vs + pass-rate filtering vs + dynamic sampling, on a tiny setting where many groups
are all-same (docs/learning.md, "Groups that teach").

The setting: the `tiny` recipe's SFT model (sft.seed = 1, 2,000 steps; or --sft DIR) and GRPO rewarded by accuracy
alone (rewards.format = 0: with the format reward a group of wrong answers still differs in format, so its rewards
are rarely all equal). The SFT model solves most toy problems every time and some never, so a group of G = 8 is
often all right or all wrong. Once:

    grpo sft                                       (sft.seed = 1), unless --sft DIR holds tiny/sft/final
    grpo filter --model SFT --n 8 --min 0.1 --max 0.9 --limit FILTER_LIMIT
                                                   (drops the problems whose 8 samples all agree)
Per seed (grpo.seed = SEED), from that SFT model:
    arm outcome:  grpo train --from SFT
    arm filter:   grpo train --from SFT --set data.dataset=custom --set data.path=FILTER/data.jsonl
    arm dynamic:  grpo train --from SFT --set grpo.dynamic_sampling=true
    grpo eval of the SFT model and each arm on the test split: sampled (T=1, 8 samples) and greedy

Every arm trains GRPO_STEPS optimizer steps. Cost is counted in tokens: TRL's `num_tokens`
(prompt + completion tokens of every sampled completion, the dynamic arm's extra rounds included), plus for the filter
arm the completion tokens its measurement sampled. Prints one JSON line per (seed, arm) and the means.

    .venv/bin/python bench/groups.py --seeds 1 2 3 --run-dir runs-groups

Not collected by pytest (no test_ function).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from runner import evaluate_ckpt as evaluate
from runner import grpo, sets

GRPO_STEPS = 100
FILTER_LIMIT = 1000
COMMON = [f"grpo.max_steps={GRPO_STEPS}", "grpo.save_steps=1000", "grpo.logging_steps=5", "rewards.format=0"]
ARMS = {
    "outcome": [],
    "filter": None,  # the filtered data path, per seed
    "dynamic": ["grpo.dynamic_sampling=true", "grpo.dynamic_sampling_max_rounds=3"],
}


def training_stats(stage: Path) -> dict:
    rows = [json.loads(line) for line in (stage / "metrics.jsonl").read_text().splitlines() if line.strip()]
    zero = [r["frac_reward_zero_std"] for r in rows if "frac_reward_zero_std" in r]
    stats = {"train_tokens": max(r.get("num_tokens", 0) for r in rows), "zero_std_generated": statistics.fmean(zero)}
    unfilled = [r["dynamic_sampling/unfilled_groups"] for r in rows if "dynamic_sampling/unfilled_groups" in r]
    # The trained batch's zero-signal share: TRL's frac_reward_zero_std, or after refills the groups left unfilled.
    groups = 64 // 8  # grpo.per_device_batch_size / G in the tiny recipe
    stats["zero_std_trained"] = (
        statistics.fmean(u / groups for u in unfilled) if unfilled else stats["zero_std_generated"]
    )
    if unfilled:
        stats["extra_rounds"] = statistics.fmean(
            r["dynamic_sampling/extra_rounds"] for r in rows if "dynamic_sampling/extra_rounds" in r
        )
    return stats


def prepare(root: Path, sft: Path | None, extra: list[str]) -> tuple[Path, Path, dict]:
    """The SFT model, its filtered training set, and the SFT model's own row."""
    sft_run = sft or root / "sft"
    sft_final = sft_run / "tiny" / "sft" / "final"
    if not sft_final.is_dir():
        grpo("sft", "--recipe", "tiny", *sets("sft.seed=1", *extra), "--run-dir", str(sft_run), "--overwrite")
    filt = root / "filter"
    if not (filt / "summary.json").is_file():
        grpo("filter", "--recipe", "tiny", "--model", str(sft_final), "--n", "8", "--min", "0.1", "--max", "0.9",
             "--limit", str(FILTER_LIMIT), "--output", str(filt), "--overwrite", *sets(*COMMON, *extra))  # fmt: skip
    fsum = json.loads((filt / "summary.json").read_text())
    row = {"arm": "sft", **evaluate(sft_final, root / "eval-sft", extra), "filter_kept": fsum["counts"]["kept"],
           "filter_problems": fsum["counts"]["problems"], "filter_no_signal_before": fsum["no_signal_share"]["before"],
           "filter_no_signal_after": fsum["no_signal_share"]["after"], "filter_tokens": fsum.get("completion_tokens")}  # fmt: skip
    print(json.dumps(row), flush=True)
    return sft_final, filt, row


def one_seed(seed: int, root: Path, sft_final: Path, filt: Path, extra: list[str]) -> list[dict]:
    rows = []
    for arm, keys in ARMS.items():
        keys = keys if keys is not None else ["data.dataset=custom", f"data.path={filt / 'data.jsonl'}"]
        arm_dir = root / f"{arm}-seed{seed}"
        t0 = time.time()
        if not (arm_dir / "tiny" / "grpo" / "final").is_dir():
            grpo("train", "--recipe", "tiny", "--from", str(sft_final), "--run-dir", str(arm_dir), "--overwrite",
                 *sets(f"grpo.seed={seed}", *COMMON, *keys, *extra))  # fmt: skip
        row = {"seed": seed, "arm": arm, "grpo_seconds": round(time.time() - t0)}
        row.update(training_stats(arm_dir / "tiny" / "grpo"))
        row.update(evaluate(arm_dir / "tiny" / "grpo" / "final", arm_dir / "eval", extra))
        row["sampled_pass@1_per_Mtoken"] = row["sampled_pass@1"] / (row["train_tokens"] / 1e6)
        print(json.dumps(row), flush=True)
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--run-dir", default="runs-groups")
    parser.add_argument("--sft", type=Path, help="a run directory holding tiny/sft/final to start from")
    parser.add_argument("--set", dest="sets", action="append", default=[], help="extra recipe override")
    args = parser.parse_args()
    root = Path(args.run_dir)
    sft_final, filt, sft_row = prepare(root, args.sft, args.sets)
    rows = [sft_row] + [r for seed in args.seeds for r in one_seed(seed, root, sft_final, filt, args.sets)]
    for arm in ("sft", *ARMS):
        mine = [r for r in rows if r["arm"] == arm]
        keys = [k for k in mine[0] if k not in ("seed", "arm") and isinstance(mine[0][k], int | float)]
        mean = {k: statistics.fmean(r[k] for r in mine if r.get(k) is not None) for k in keys}
        print(json.dumps({"arm": arm, "seeds": [r["seed"] for r in mine], "mean_over_seeds": mean}), flush=True)


if __name__ == "__main__":
    main()
