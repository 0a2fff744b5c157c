"""What the `smollm2-cpu` recipe learns: a real pretrained model (SmolLM2-135M-Instruct), format SFT, then GRPO.

One format SFT (`grpo sft --recipe smollm2-cpu`, the recipe's seed), then per seed `grpo train --from` it with
grpo.seed=SEED, then `grpo eval` of the base, the SFT and each GRPO model on the recipe's held-out test split (the
recipe's eval: the first 100 test problems): sampled (temperature 1.0, 4 samples per problem) and greedy (temperature
0). Per seed it prints one JSON object: pass@1 with its 95% CI per model and mode, the paired difference GRPO - SFT
(`grpo eval --compare`: mean per-problem difference, paired bootstrap CI), wall time, the first / last logged reward,
KL, completion length and entropy, and the alarms `grpo report` raised. docs/learning.md's table comes from here.
Real subprocesses, exactly the commands a user types.

    .venv/bin/python bench/smollm2_cpu.py                               # seeds 1 2 3, 2 at once, into runs-smollm2/
    .venv/bin/python bench/smollm2_cpu.py --seeds 1 --jobs 1 --run-dir /tmp/s --sft /tmp/s/sft/smollm2-cpu/sft/final

--jobs runs that many GRPO seeds at once (each with one intra-op thread; each peaks near 9 GB). Not collected by
pytest (no test_ function): ~30 min of GRPO per seed on 2 CPU cores, plus ~6 min of evals per model.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from runner import evaluate_ckpt, grpo, sets

RECIPE = "smollm2-cpu"
CURVES = ("reward", "kl", "completions/mean_length", "entropy")


def evaluate(model: Path | str, out_root: Path) -> dict:
    return evaluate_ckpt(model, out_root, recipe=RECIPE)


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


def one_seed(seed: int, sft_final: Path, root: Path, sft_done) -> dict:
    run_dir = root / f"seed{seed}"
    stage = run_dir / RECIPE / "grpo"
    t0 = time.time()
    if not (stage / "final").is_dir():
        grpo("train", "--recipe", RECIPE, *sets(f"grpo.seed={seed}"), "--from", str(sft_final),
             "--run-dir", str(run_dir), "--overwrite")  # fmt: skip
    row: dict = {"seed": seed, "grpo_seconds": round(time.time() - t0)}
    row.update({f"grpo_{k}": v for k, v in evaluate(stage / "final", run_dir / "eval").items()})
    sft_done.result()  # the SFT model's evals, which the paired differences need
    for mode in ("sampled", "greedy"):
        row[f"diff_{mode}"] = paired(run_dir / "eval" / mode, root / "eval-sft" / mode)
    row["curves"] = curves(stage)
    row["alarms"] = alarms(stage, run_dir / "report")
    print(json.dumps(row), flush=True)
    return row


def starting_points(root: Path, sft_final: Path, sft_seconds: int) -> dict:
    from grpo_cli.models import smollm2_dir

    head = {"sft_seconds": sft_seconds}
    head["base"] = evaluate(smollm2_dir(), root / "eval-base")
    head["sft"] = evaluate(sft_final, root / "eval-sft")
    print(json.dumps(head), flush=True)
    return head


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--run-dir", type=Path, default=Path("runs-smollm2"))
    ap.add_argument("--sft", type=Path, default=None, help="Reuse this SFT model instead of training one.")
    ap.add_argument("--jobs", type=int, default=2)  # ~9 GB per seed at 32 completions a step
    args = ap.parse_args()
    root = args.run_dir.resolve()
    os.environ.setdefault("OMP_NUM_THREADS", "1")  # torch's spinning threads are slower on a shared machine
    t0 = time.time()
    sft_final = args.sft
    if sft_final is None:
        sft_final = root / "sft" / RECIPE / "sft" / "final"
        if not sft_final.is_dir():
            grpo("sft", "--recipe", RECIPE, "--run-dir", str(root / "sft"), "--overwrite")
    # The base and SFT evals run beside the GRPO seeds: GRPO training is the long pole.
    with ThreadPoolExecutor(max_workers=args.jobs + 1) as pool:
        head_job = pool.submit(starting_points, root, sft_final, round(time.time() - t0))
        rows = list(pool.map(lambda s: one_seed(s, sft_final, root, head_job), args.seeds))
        head = head_job.result()
    for mode in ("sampled", "greedy"):
        mean = sum(r[f"grpo_{mode}_pass@1"] for r in rows) / len(rows)
        diff = sum(r[f"diff_{mode}"]["diff"] for r in rows) / len(rows)
        print(json.dumps({"mode": mode, "sft": head["sft"][f"{mode}_pass@1"], "grpo_mean": mean, "diff_mean": diff}))


if __name__ == "__main__":
    main()
