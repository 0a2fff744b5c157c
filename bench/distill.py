"""Distillation on the tiny recipe: a student SFT'd on the GRPO teacher's verified samples against the same student
SFT'd on the careless demonstrator's data (docs/learning.md, "Distillation").

    teacher:  grpo sft + grpo train --recipe tiny (sft.seed = grpo.seed = 1): the recipe's GRPO model
    distill:  grpo distill --recipe tiny --teacher TEACHER --n 4 --k 1   (R1's rejection sampling, decontaminated)
    per seed: student "demonstrator" = grpo sft --recipe tiny (sft.seed = SEED; 30% of its targets slip)
              student "distilled"    = grpo sft --recipe tiny --set data.dataset=custom --set data.path=DISTILL/data.jsonl
    each model: grpo eval on the test split, sampled (T=1, 8 samples) and greedy; and grpo eval --compare of the two
    students (paired bootstrap CI of the difference)

Both students are the same fresh tiny model (80,704 parameters) with the same SFT settings (2,000 steps); only the
data differs. Prints one JSON line per model and the means.

    .venv/bin/python bench/distill.py --seeds 1 2 3 --run-dir runs-distill

Not collected by pytest (no test_ function).
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from runner import evaluate_ckpt as evaluate
from runner import grpo, sets


def compare(a: Path, b: Path) -> dict:
    out = json.loads(grpo("eval", "--compare", str(a), str(b), "--json"))
    return {"diff": out["diff"], "diff_ci": out["diff_ci"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--run-dir", default="runs-distill")
    parser.add_argument("--n", type=int, default=4)
    args = parser.parse_args()
    root = Path(args.run_dir)

    teacher_run = root / "teacher"
    teacher = teacher_run / "tiny" / "grpo" / "final"
    if not (teacher_run / "tiny" / "sft" / "final").is_dir():
        grpo(
            "sft", "--recipe", "tiny", *sets("sft.seed=1", "grpo.seed=1"), "--run-dir", str(teacher_run), "--overwrite"
        )
    if not teacher.is_dir():
        grpo("train", "--recipe", "tiny", *sets("sft.seed=1", "grpo.seed=1"), "--run-dir", str(teacher_run),
             "--overwrite")  # fmt: skip
    rows = [{"model": "teacher (GRPO)", **evaluate(teacher, teacher_run / "eval")}]
    print(json.dumps(rows[0]), flush=True)

    distilled = root / "distill"
    if not (distilled / "summary.json").is_file():
        grpo("distill", "--recipe", "tiny", "--teacher", str(teacher), "--samples", str(args.n), "--k", "1", "--output",
             str(distilled), "--overwrite")  # fmt: skip
    d = json.loads((distilled / "summary.json").read_text())
    print(json.dumps({"model": "distill", "counts": d["counts"], "decontamination": {
        k: v for k, v in d["decontamination"].items() if k != "dropped_ids"}}), flush=True)  # fmt: skip

    for seed in args.seeds:
        for arm, extra in (
            ("demonstrator", []),
            ("distilled", ["data.dataset=custom", f"data.path={distilled / 'data.jsonl'}"]),
        ):
            run = root / f"{arm}-seed{seed}"
            if not (run / "tiny" / "sft" / "final").is_dir():
                grpo("sft", "--recipe", "tiny", *sets(f"sft.seed={seed}", *extra), "--run-dir", str(run), "--overwrite")
            row = {"model": f"student ({arm})", "seed": seed, **evaluate(run / "tiny" / "sft" / "final", run / "eval")}
            print(json.dumps(row), flush=True)
            rows.append(row)
        pair = compare(
            root / f"distilled-seed{seed}" / "eval" / "sampled", root / f"demonstrator-seed{seed}" / "eval" / "sampled"
        )
        print(json.dumps({"seed": seed, "distilled_minus_demonstrator_sampled": pair}), flush=True)
    for arm in ("demonstrator", "distilled"):
        mine = [r for r in rows if r["model"] == f"student ({arm})"]
        mean = {k: statistics.fmean(r[k] for r in mine) for k in ("sampled_pass@1", "greedy_pass@1")}
        print(json.dumps({"model": f"student ({arm})", "seeds": [r["seed"] for r in mine], "mean": mean}), flush=True)


if __name__ == "__main__":
    main()
