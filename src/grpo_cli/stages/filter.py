"""`grpo filter`: keep the training problems the policy solves some of the time, so GRPO's groups carry signal.

A group of G answers to a problem the policy always fails (or always solves) has zero reward spread, so zero
advantage: it costs G generations and teaches nothing. At pass rate p the chance of such a group is p^G + (1-p)^G
(grpo_cli.formulas.no_signal_fraction). open-r1 filters its RL data before training by measured pass rate, keeping
problems in [0.1, 0.6] (recipes/dataset_filtering/filter_dapo.yaml); this stage does the same with the eval stage's
machinery:

    training problems (data.*, at most --limit) -> the eval stage on them (N samples each at GRPO's temperature,
    top_p and max_completion_length; the reward's verifier) -> OUT/sampling/ (an eval folder: samples.jsonl,
    summary.json) -> pass rate per problem -> OUT/data.jsonl (the problems with low <= pass rate <= high)
    -> OUT/summary.json (pass-rate histograms before and after, the no-signal share at the recipe's G)

OUT/data.jsonl is a custom dataset a recipe trains on: `--set data.dataset=custom --set data.path=OUT/data.jsonl`
(its rows keep the question, the parsed reference, the worked solution, the task and the measured pass rate).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from grpo_cli import safeio
from grpo_cli.config import Recipe, with_values
from grpo_cli.errors import UserError
from grpo_cli.formulas import no_signal_fraction

KIND = "filter"
DATA = "data.jsonl"
SUMMARY = "summary.json"
SAMPLING = "sampling"  # the eval folder of the samples the pass rates come from


def check_bounds(n: int, low: float, high: float, limit: int) -> None:
    if n < 2:
        raise UserError(f"--n {n}: a pass rate needs at least 2 samples per problem (open-r1 uses 8-16)")
    if n > 1024:
        raise UserError(f"--n {n}: at most 1024 samples per problem")
    if not 0 <= low <= high <= 1:
        raise UserError(f"--min {low} --max {high}: need 0 <= min <= max <= 1 (pass rates are fractions)")
    if limit < 0:
        raise UserError(f"--limit {limit}: must be >= 0 (0 = all training problems)")


def train_source(recipe: Recipe) -> str:
    """The training data as the eval stage names a dataset: the recipe's dataset name (its data.path, when set, is
    read by data.load_problems for that name) or, for custom data, the path itself."""
    d = recipe.data
    if d.dataset == "custom":
        if not d.path:
            raise UserError("data.dataset=custom needs data.path (a jsonl/parquet file or folder)")
        return d.path
    return d.dataset


def sampling_recipe(recipe: Recipe, n: int, limit: int) -> Recipe:
    """The recipe whose eval section samples the training split as GRPO would: N answers at GRPO's temperature,
    top_p and completion length."""
    g = recipe.grpo
    return with_values(
        recipe,
        {
            "eval.dataset": train_source(recipe),
            "eval.split": recipe.data.train_split,
            "eval.limit": limit,
            "eval.n": n,
            "eval.temperature": g.temperature,
            "eval.top_p": g.top_p,
            "eval.max_tokens": g.max_completion_length,
        },
    )


def pass_rates(samples: list[dict[str, Any]]) -> dict[str, tuple[int, int]]:
    """problem id -> (right answers, samples), from the eval's samples.jsonl rows. A sample whose reference could
    not be parsed carries no verdict and is not counted."""
    right: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for row in samples:
        if row.get("correct") is None:
            continue
        seen[row["id"]] += 1
        right[row["id"]] += bool(row["correct"])
    return {pid: (right[pid], seen[pid]) for pid in seen}


def histogram(rates: list[float], n: int) -> dict[str, int]:
    """Problems per pass rate k/n (k = 0..n), keyed '3/8'."""
    counts = Counter(round(r * n) for r in rates)
    return {f"{k}/{n}": counts.get(k, 0) for k in range(n + 1)}


def no_signal_share(rates: list[float], group: int) -> float | None:
    """The expected share of GRPO groups of size G with zero reward spread, over these problems: the mean of
    p^G + (1-p)^G (None for no problems)."""
    return sum(no_signal_fraction(p, group) for p in rates) / len(rates) if rates else None


def kept_row(problem: Any, right: int, samples: int) -> dict[str, Any]:
    """One row of data.jsonl: what data.load_problems reads back (question, answer, solution) plus the measurement."""
    return {
        "id": problem.id,
        "question": problem.question,
        "answer": problem.answer,
        **({"solution": problem.solution} if problem.solution else {}),
        "task": problem.task,
        "pass_rate": right / samples,
        "correct": right,
        "samples": samples,
        **problem.meta,
    }


def run(
    recipe: Recipe,
    model_dir: str | Path,
    out_dir: str | Path,
    *,
    n: int,
    low: float,
    high: float,
    limit: int = 0,
    overwrite: bool = False,
    log: Any = None,
    progress: Any = None,
) -> dict[str, Any]:
    """Sample, measure each training problem's pass rate, keep those in [low, high]; returns summary.json."""
    from grpo_cli import rundir
    from grpo_cli.stages import eval as eval_stage

    check_bounds(n, low, high, limit)
    r = sampling_recipe(recipe, n, limit)
    eval_stage.check_model_dir(model_dir)
    problems, dropped = eval_stage.load_problems(r, r.eval)  # before any folder is made or model loaded
    out = eval_stage.prepare_output(out_dir, overwrite, model_dir, kind=KIND)
    tied = eval_stage.inputs(r, model_dir, problems)  # what the pass rates were measured on (rundir/inputs.py)
    tied["settings"]["filter"] = {"min": low, "max": high}
    rundir.inputs.record(out, tied)
    rundir.write_recipe(out, recipe)
    sampled = eval_stage.run(r, model_dir, out / SAMPLING, stage=KIND, log=log, progress=progress)
    measured = pass_rates(rundir.read_jsonl(out / SAMPLING / eval_stage.SAMPLES))

    kept, before, after = [], [], []
    for p in problems:
        if p.id not in measured:
            continue
        right, samples = measured[p.id]
        rate = right / samples
        before.append(rate)
        if low <= rate <= high:
            kept.append(kept_row(p, right, samples))
            after.append(rate)
    with safeio.atomic_writer(out / DATA) as fh:
        for row in kept:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")

    G = recipe.grpo.num_generations
    summary = {
        "settings": {
            "model": str(model_dir), "recipe": recipe.name, "dataset": r.eval.dataset, "split": r.eval.split,
            "n": n, "min": low, "max": high, "limit": limit, "temperature": r.eval.temperature,
            "top_p": r.eval.top_p, "max_tokens": r.eval.max_tokens, "backend": sampled["settings"]["backend"],
        },
        "counts": {
            "problems": len(before), "kept": len(kept), "below_min": sum(x < low for x in before),
            "above_max": sum(x > high for x in before), "dropped_at_load": dropped,
        },
        "histogram": {"before": histogram(before, n), "after": histogram(after, n)},
        "mean_pass_rate": {"before": _mean(before), "after": _mean(after)},
        "no_signal_share": {"G": G, "before": no_signal_share(before, G), "after": no_signal_share(after, G)},
        "completion_tokens": sampled["timing"].get("completion_tokens"),
        "data": str(out / DATA),
        "created": rundir.now(),
    }  # fmt: skip
    safeio.atomic_write_json(out / SUMMARY, summary)
    return summary


def _mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None
