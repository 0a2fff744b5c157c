"""What the `smollm2-cpu` recipe learns: a real pretrained model (SmolLM2-135M-Instruct), format SFT, then GRPO.

One format SFT (`grpo sft --recipe smollm2-cpu`, the recipe's seed), then per seed `grpo train --from` it with
grpo.seed=SEED, then `grpo eval` of the base, the SFT and each GRPO model on the first 100 problems of a held-out split
(--split: test, or validation for a setting chosen after reading test-split results): sampled (temperature 1.0, 4
samples per problem) and greedy (temperature 0). Per seed it prints one JSON object: pass@1 with its 95% CI per model
and mode, the paired difference GRPO - SFT (`grpo eval --compare`: mean per-problem difference, paired bootstrap CI),
the eval samples by kind (`kind`: correct, the sub-result a careless demonstrator writes, another answer under working
that reached the reference, working wrong, no answer), `grpo train`'s wall time (its run.json), the first / last
logged reward, KL, completion length and entropy, and the alarms `grpo report` raised. Last, per mode: the mean over
seeds, and the change pooled over all seeds' samples with its paired bootstrap CI over problems. Every eval and
training already in --run-dir is reused, so a second call re-prints the tables. docs/learning.md's tables come from
here. Real subprocesses, exactly the commands a user types.

    .venv/bin/python bench/smollm2_cpu.py --split validation            # seeds 1 2 3, 2 at once, into runs-smollm2/
    .venv/bin/python bench/smollm2_cpu.py --seeds 1 --jobs 1 --run-dir /tmp/s --sft /tmp/s/sft/smollm2-cpu/sft/final
    .venv/bin/python bench/smollm2_cpu.py --set data.toy.slip_rate=0 --run-dir runs-careful   # run 2 of docs/learning.md

--jobs runs that many GRPO seeds at once (each with one intra-op thread; each peaks near 9 GB). Not collected by
pytest (no test_ function): ~30 min of GRPO per seed on 2 CPU cores, plus ~6 min of evals per model.
"""

from __future__ import annotations

import argparse
import json
import os
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from grpo_cli import rundir
from runner import evaluate_ckpt, grpo, sets

RECIPE = "smollm2-cpu"
CURVES = ("reward", "kl", "completions/mean_length", "entropy")


def evaluate(model: Path | str, out_root: Path, split: str) -> dict:
    """pass@1 with its CI per mode on `split` (reused when the eval is already there) and the samples by kind."""
    result = evaluate_ckpt(model, out_root, recipe=RECIPE, split=split)
    for mode in ("sampled", "greedy"):
        result[f"{mode}_kinds"] = kinds(out_root / mode / "samples.jsonl")
    return result


KINDS = ("correct", "sub-result", "other answer", "working wrong", "no answer")
STEP = re.compile(r"(-?\d+)\s*[-+*/]\s*-?\d+\s*=\s*(-?\d+)")  # "12+7=19": (first operand, result)


def kind(sample: dict) -> str:
    """What one eval sample did, read from its own working ("<think>12+7=19, 19-5=14</think>"):
    correct; sub-result (the working reaches the reference but the answer is the value one step before the end, what
    the careless demonstrator writes); other answer (the working reaches the reference, the answer is something else);
    working wrong (it does not reach the reference); no answer."""
    if sample["correct"]:
        return "correct"
    if sample["extracted"] is None:
        return "no answer"
    think = re.search(r"<think>(.*?)</think>", sample["completion"], re.S)
    steps = STEP.findall(think.group(1)) if think else []  # [(first operand, result), ...]
    if not steps or steps[-1][1] != str(sample["reference"]).strip():
        return "working wrong"
    # the value before the last operation is the last step's first operand, as data._previous_value reads it
    return "sub-result" if str(sample["extracted"]).strip() == steps[-1][0] else "other answer"


def kinds(samples: Path) -> dict[str, int]:
    """How many eval samples of each KIND."""
    counts = dict.fromkeys(KINDS, 0)
    for row in rundir.read_jsonl(samples):
        counts[kind(row)] += 1
    return counts


def paired(a: Path, b: Path) -> dict:
    """GRPO - SFT on the same problems (`grpo eval --compare A B`)."""
    out = json.loads(grpo("eval", "--compare", str(a), str(b), "--json"))
    return {"diff": out["diff"], "diff_ci": out["diff_ci"], "mcnemar_p": out["mcnemar_p"]}


def curves(stage_dir: Path) -> dict:
    """First and last logged value of each curve, and the per-step series, from the stage's metrics.jsonl."""
    rows = [json.loads(x) for x in (stage_dir / "metrics.jsonl").read_text().splitlines() if x.strip()]
    rows = [r for r in rows if "reward" in r]
    out = {key: [round(float(r[key]), 4) for r in rows if key in r] for key in CURVES}
    out["steps"] = [r["step"] for r in rows]
    return out


def alarms(stage_dir: Path, out: Path) -> str:
    """The alarms `grpo report` re-derived from the stage's metrics ("none", or "id (step N), ...")."""
    stdout = grpo("report", str(stage_dir), "--out", str(out))
    return next((line.split("alarms: ", 1)[1] for line in stdout.splitlines() if "alarms: " in line), "none")


def one_seed(seed: int, sft_final: Path, args: argparse.Namespace, sft_done) -> dict:
    root, split = args.run_dir, args.split
    run_dir = root / f"seed{seed}"
    stage = run_dir / RECIPE / "grpo"
    if not (stage / "final").is_dir():
        grpo("train", "--recipe", RECIPE, *sets(*args.set, f"grpo.seed={seed}"), "--from", str(sft_final),
             "--run-dir", str(run_dir), "--overwrite")  # fmt: skip
    row: dict = {"seed": seed, "grpo_seconds": round(rundir.read_run_info(stage)["wall_time"])}
    row.update({f"grpo_{k}": v for k, v in evaluate(stage / "final", run_dir / "eval", split).items()})
    sft_done.result()  # the SFT model's evals, which the paired differences need
    for mode in ("sampled", "greedy"):
        row[f"diff_{mode}"] = paired(run_dir / "eval" / mode, root / "eval-sft" / mode)
    row["curves"] = curves(stage)
    row["alarms"] = alarms(stage, run_dir / "report")
    print(json.dumps(row), flush=True)
    return row


def pooled(root: Path, seeds: list[int], mode: str) -> dict:
    """GRPO - SFT over all seeds at once: each problem's pass@1 over every seed's samples, minus the SFT model's, with
    the paired bootstrap over problems. Its CI is the problems' noise around the seeds' mean, not the seeds' spread."""
    from grpo_cli.evaluation.stats import paired_compare
    from grpo_cli.stages.eval import problem_verdicts

    grpo_evals = [root / f"seed{s}" / "eval" / mode for s in seeds]
    out = paired_compare(problem_verdicts(*grpo_evals), problem_verdicts(root / "eval-sft" / mode))
    return {"diff": out["diff"], "diff_ci": out["diff_ci"]}


def starting_points(root: Path, sft_final: Path, split: str) -> dict:
    from grpo_cli.models import smollm2_dir

    sft_wall = rundir.read_run_info(sft_final.parent).get("wall_time")  # the SFT's stage folder, as `grpo sft` left it
    head = {"sft_seconds": round(sft_wall) if sft_wall is not None else None}
    head["split"] = split
    head["base"] = evaluate(smollm2_dir(), root / "eval-base", split)
    head["sft"] = evaluate(sft_final, root / "eval-sft", split)
    print(json.dumps(head), flush=True)
    return head


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--run-dir", type=Path, default=Path("runs-smollm2"))
    ap.add_argument("--sft", type=Path, default=None, help="Reuse this SFT model instead of training one.")
    ap.add_argument("--jobs", type=int, default=2)  # ~9 GB per seed at 32 completions a step
    # validation: for a setting chosen after looking at test-split results, so that its figures are a first look
    ap.add_argument("--split", default="test", choices=["test", "validation"], help="The held-out split to score.")
    # the earlier runs of docs/learning.md: e.g. run 2 is --set data.toy.slip_rate=0
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="A recipe override for SFT + GRPO.")
    args = ap.parse_args()
    root = args.run_dir = args.run_dir.resolve()
    os.environ.setdefault("OMP_NUM_THREADS", "1")  # torch's spinning threads are slower on a shared machine
    sft_final = args.sft
    if sft_final is None:
        sft_final = root / "sft" / RECIPE / "sft" / "final"
        if not sft_final.is_dir():
            grpo("sft", "--recipe", RECIPE, *sets(*args.set), "--run-dir", str(root / "sft"), "--overwrite")
    # The base and SFT evals run beside the GRPO seeds (GRPO training is the long pole), in a pool of their own: one
    # shared pool would start a third seed when they finish, and three seeds at ~9 GB each do not fit in 24 GB.
    with ThreadPoolExecutor(max_workers=1) as head_pool, ThreadPoolExecutor(max_workers=args.jobs) as seed_pool:
        head_job = head_pool.submit(starting_points, root, sft_final, args.split)
        rows = list(seed_pool.map(lambda s: one_seed(s, sft_final, args, head_job), args.seeds))
        head = head_job.result()
    for mode in ("sampled", "greedy"):
        mean = sum(r[f"grpo_{mode}_pass@1"] for r in rows) / len(rows)
        diff = sum(r[f"diff_{mode}"]["diff"] for r in rows) / len(rows)
        row = {"mode": mode, "sft": head["sft"][f"{mode}_pass@1"], "grpo_mean": mean, "diff_mean": diff}
        print(json.dumps({**row, "pooled": pooled(root, args.seeds, mode)}))


if __name__ == "__main__":
    main()
