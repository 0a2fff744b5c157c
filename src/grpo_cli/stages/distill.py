"""`grpo distill`: DeepSeek-R1's distillation by rejection sampling, from a teacher into SFT data for a student.

R1 (DeepSeek-AI 2025, section 2.3.3 and 2.4) sampled its RL model many times per prompt, kept only the answers the
rule-based verifier accepted that were also readable (no language mixing, no endless repetition), and fine-tuned
smaller models on about 800k of them. open-r1 rebuilt the pipeline (generation, math-verify, 8-gram
decontamination against the benchmarks). Here, top to bottom:

    training problems (data.*, the first --train-limit)
      -> decontaminated: a problem sharing a word n-gram (distill.decontaminate_ngram, 8) with an eval problem
         (eval.dataset / eval.split) is dropped before any sampling
      -> OUT/problems.jsonl, sampled by the eval stage: distill.n answers each from the teacher at
         distill.temperature / top_p (OUT/sampling/: an eval folder, samples.jsonl with every verdict)
      -> kept: finished (not cut at the length limit), right by the reward's verifier, in the rewarded format, in
         the reward's language (distill.min_language_share of the reasoning's words), not looping (no word n-gram
         written distill.max_repeats times)
      -> per problem: exact duplicates removed, then at most distill.k, shortest first (ties: sample order)
      -> OUT/data.jsonl (one row per kept completion), OUT/summary.json, OUT/README.md (the dataset card)

`grpo sft --set data.dataset=custom --set data.path=OUT/data.jsonl` trains a student on it: a row's `completion` is
its SFT target as written (data.sft_target). `grpo verify OUT/data.jsonl` re-scores it.
"""

from __future__ import annotations

import hashlib
import json
import re
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from grpo_cli import safeio
from grpo_cli.config import Recipe, with_values
from grpo_cli.errors import UserError

KIND = "distill"
DATA, SUMMARY, CARD, PROBLEMS, SAMPLING = "data.jsonl", "summary.json", "README.md", "problems.jsonl", "sampling"
_WORD = re.compile(r"\w+")
# Why a sample was not kept, in the order the checks run (the first that fails is counted).
REASONS = ("truncated", "wrong", "format", "language", "repetition")


# --------------------------------------------------------------------------------------------------------
# the rules, pure


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def ngrams(text: str, n: int) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i : i + n]) for i in range(len(w) - n + 1)}


def decontaminate(train: list[Any], held_out: list[Any], n: int) -> tuple[list[Any], list[str]]:
    """(the training problems that share no word n-gram with any held-out question, the ids of those that do).
    A question shorter than n words is compared whole (its only n-gram is itself, padded by nothing)."""
    seen: set[tuple[str, ...]] = set()
    for p in held_out:
        seen |= ngrams(p.question, n) or {tuple(words(p.question))}
    clean, dropped = [], []
    for p in train:
        grams = ngrams(p.question, n) or {tuple(words(p.question))}
        (dropped.append(p.id) if grams & seen else clean.append(p))
    return clean, dropped


def repetitive(text: str, n: int, max_repeats: int) -> bool:
    """True when some word n-gram occurs max_repeats times or more: a completion stuck in a loop."""
    w = words(text)
    counts = Counter(tuple(w[i : i + n]) for i in range(len(w) - n + 1))
    return bool(counts) and max(counts.values()) >= max_repeats


def rejection(row: dict[str, Any], recipe: Recipe) -> str | None:
    """Why a sample is not kept (one of REASONS), or None when it is."""
    from grpo_cli.rewards import language_share, reasoning_text

    d = recipe.distill
    if row.get("truncated"):
        return "truncated"
    if not row.get("correct"):
        return "wrong"
    if not row.get("formatted"):
        return "format"
    share = language_share(reasoning_text(row["completion"]), recipe.reward_options.language)
    if share is not None and share < d.min_language_share:
        return "language"
    if repetitive(row["completion"], d.repeat_ngram, d.max_repeats):
        return "repetition"
    return None


def pick(kept: list[dict[str, Any]], k: int) -> tuple[list[dict[str, Any]], int]:
    """At most k distinct completions of one problem, shortest first (ties in sample order); returns (picked,
    exact duplicates removed). Duplicates are the same text up to whitespace."""
    distinct: dict[str, dict[str, Any]] = {}
    for row in sorted(kept, key=lambda r: (r["tokens"], r["sample"])):
        distinct.setdefault(" ".join(row["completion"].split()), row)
    return list(distinct.values())[:k], len(kept) - len(distinct)


def verifier_fingerprint() -> str:
    """sha256 (12 hex) of the verifier's source files: which rules scored the data, exactly."""
    folder = Path(__file__).resolve().parents[1] / "verify"
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


# --------------------------------------------------------------------------------------------------------
# the stage


def sampling_recipe(recipe: Recipe, problems_file: Path, task: str) -> Recipe:
    d = recipe.distill
    return with_values(
        recipe,
        {
            "eval.dataset": str(problems_file),
            "eval.split": "train",
            "eval.limit": 0,
            "eval.n": d.n,
            "eval.temperature": d.temperature,
            "eval.top_p": d.top_p,
            "eval.max_tokens": d.max_tokens or recipe.grpo.max_completion_length,
            "data.task": task,
        },
    )


def inputs(recipe: Recipe, teacher: str | Path, clean: list[Any]) -> dict[str, Any]:
    """What a distillation consumes (rundir/inputs.py): the teacher's identity, the problems it samples (after the
    limit and the decontamination) and the resolved recipe (with data.limit as given)."""
    from grpo_cli import rundir
    from grpo_cli.config import to_dict

    revision = recipe.model.revision if str(teacher) == recipe.model.name else None
    return {
        "model": rundir.inputs.model(teacher, revision),
        "data": rundir.inputs.data(clean),
        "recipe": to_dict(recipe),
    }


def prepare_output(
    out_dir: Path, *, overwrite: bool, resume: bool, teacher: str | Path, tied: dict[str, Any] | None = None
) -> Path:
    """Claim the output folder; --resume first checks that the distillation started from the same teacher, problems
    and recipe (`tied`), and refuses in one line naming what changed. The inputs are recorded (inputs.json)."""
    from grpo_cli import rundir

    if resume and overwrite:
        raise UserError("--resume and --overwrite contradict each other; pass one")
    if out_dir.exists() and not out_dir.is_dir():
        raise UserError(f"--output {out_dir} is a file, not a folder")
    rundir.refuse_if_busy(out_dir)
    mine = out_dir.is_dir() and rundir.owner(out_dir) == KIND
    if mine and (out_dir / SUMMARY).is_file() and resume:
        raise UserError(
            f"{out_dir} is a finished distillation (summary.json); nothing to resume: pass --overwrite to redo it"
        )
    if mine and not (resume or overwrite):
        raise UserError(f"{out_dir} already holds a distillation; pass --resume to finish it, --overwrite to redo it")
    if resume and not mine:
        raise UserError(f"--resume: {out_dir} holds no distillation yet; run without --resume to start")
    if resume and tied is not None:
        changed = rundir.inputs.differences(rundir.recorded(out_dir) or {}, tied)
        if changed:
            raise UserError(rundir.changed_inputs(out_dir, changed, "--resume"))
    out = rundir.claim(out_dir, KIND, resume=resume, overwrite=overwrite, protect=(teacher,),
                       hint="--output DIR to write elsewhere")  # fmt: skip
    if tied is not None:
        rundir.inputs.record(out, tied)
    return out


def select(recipe: Recipe, samples: list[dict[str, Any]], teacher: str) -> tuple[list[dict], Counter, int]:
    """The kept rows (data.jsonl), the rejection counts by reason, and the duplicates removed."""
    rejected: Counter[str] = Counter()
    by_problem: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in samples:
        why = rejection(row, recipe)
        if why:
            rejected[why] += 1
        else:
            by_problem[row["id"]].append(row)
    out: list[dict[str, Any]] = []
    duplicates = 0
    for pid, rows in by_problem.items():
        chosen, dup = pick(rows, recipe.distill.k)
        duplicates += dup
        for j, row in enumerate(chosen):
            out.append({
                "id": f"{pid}/{j}", "problem_id": pid, "question": row["question"], "prompt": row["prompt"],
                "completion": row["completion"], "answer": row["answer"], "task": row["task"], "teacher": teacher,
                "tokens": row["tokens"], "sample": row["sample"],
                **{key: row[key] for key in ("subject", "level") if key in row},
            })  # fmt: skip
    return out, rejected, duplicates


def run(
    recipe: Recipe,
    teacher: str | Path,
    out_dir: str | Path,
    *,
    limit: int = 0,
    overwrite: bool = False,
    resume: bool = False,
    log: Any = None,
    progress: Any = None,
) -> dict[str, Any]:
    """Sample the teacher on the decontaminated training problems and keep what R1 keeps; returns summary.json."""
    from grpo_cli import data, rundir
    from grpo_cli.stages import eval as eval_stage

    say = log or (lambda _msg: None)
    _require_limit(limit)
    eval_stage.check_model_dir(teacher)
    r = with_values(recipe, {"data.limit": limit}) if limit else recipe
    train, dropped_at_load = data.load_train(r)
    if not train:
        raise UserError(f"no usable training problems in {recipe.data.dataset} ({dropped_at_load} dropped)")
    held_out, _ = eval_stage.load_problems(recipe, recipe.eval)
    clean, contaminated = decontaminate(train, held_out, recipe.distill.decontaminate_ngram)
    if not clean:
        raise UserError(f"every training problem overlaps {recipe.eval.dataset}/{recipe.eval.split}; nothing to distil")
    out = prepare_output(Path(out_dir), overwrite=overwrite, resume=resume, teacher=teacher,
                         tied=inputs(r, teacher, clean))  # fmt: skip
    rundir.write_recipe(out, recipe)
    sampler = sampling_recipe(recipe, out / PROBLEMS, clean[0].task)
    say(f"distill: {len(contaminated)} of {len(train)} training problems overlap the eval split "
        f"({recipe.distill.decontaminate_ngram}-grams) and are dropped; sampling {len(clean)} x {recipe.distill.n}")  # fmt: skip
    sampled = _sample(sampler, clean, teacher, out, log=log, progress=progress)
    questions = {p.id: p.question for p in clean}
    samples = [
        {**row, "question": questions[row["id"]]} for row in rundir.read_jsonl(out / SAMPLING / eval_stage.SAMPLES)
    ]
    kept, rejected, duplicates = select(recipe, samples, str(teacher))
    with safeio.atomic_writer(out / DATA) as fh:
        for row in kept:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    summary = _summary(recipe, sampler, str(teacher), train, clean, contaminated, samples, kept, rejected, duplicates)
    summary["sampling"] = {"backend": sampled["settings"]["backend"], "timing": sampled.get("timing")}
    safeio.atomic_write_json(out / SUMMARY, summary)
    safeio.atomic_write_text(out / CARD, card(summary))
    return summary


def _require_limit(limit: int) -> None:
    if limit < 0:
        raise UserError(f"--limit {limit}: must be >= 0 (0 = all training problems)")


def _sample(sampler: Recipe, clean: list[Any], teacher: str | Path, out: Path, **kwargs: Any) -> dict[str, Any]:
    """The eval stage on the problems to distil. A finished sampling folder is reused by --resume only when it was
    made from exactly these problems, this teacher and these settings (its inputs.json, rundir/inputs.py); otherwise,
    or when it is unfinished, the problems are sampled again. (Reused regardless, it paired new questions with old
    completions after the data changed.)"""
    from grpo_cli import rundir
    from grpo_cli.stages import eval as eval_stage

    folder = out / SAMPLING
    with safeio.atomic_writer(out / PROBLEMS) as fh:
        for p in clean:
            row = {"unique_id": p.id, "question": p.question, "answer": p.answer, **p.meta}
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    done, before = folder / eval_stage.SUMMARY, rundir.inputs.read(folder)
    if done.is_file():
        wanted = eval_stage.inputs(sampler, teacher, eval_stage.load_problems(sampler, sampler.eval)[0])
        changed = rundir.inputs.differences(before, wanted) if before is not None else ["its inputs, not recorded"]
        if not changed:
            return rundir.read_json_object(done)
        say = kwargs.get("log") or (lambda _msg: None)
        say(f"distill: {folder} was sampled from other inputs ({'; '.join(changed)}); sampling again")
    return eval_stage.run(sampler, teacher, folder, overwrite=folder.exists(), stage=KIND, **kwargs)


def _summary(
    recipe: Recipe, sampler: Recipe, teacher: str, train: list[Any], clean: list[Any], contaminated: list[str],
    samples: list[dict[str, Any]], kept: list[dict[str, Any]], rejected: Counter[str], duplicates: int,
) -> dict:  # fmt: skip
    problems_kept = {row["problem_id"] for row in kept}
    lengths = [row["tokens"] for row in kept]
    by: dict[str, dict[str, dict[str, int]]] = {}
    for key in ("level", "subject"):
        groups: dict[str, dict[str, int]] = defaultdict(lambda: {"problems": 0, "samples": 0, "right": 0, "kept": 0})
        for p in clean:
            if key in p.meta:
                groups[str(p.meta[key])]["problems"] += 1
        for row in samples:
            if key in row:
                groups[str(row[key])]["samples"] += 1
                groups[str(row[key])]["right"] += bool(row.get("correct"))
        for row in kept:
            if key in row:
                groups[str(row[key])]["kept"] += 1
        if groups:
            by[key] = dict(sorted(groups.items()))
    e, d = sampler.eval, recipe.distill
    return {
        "teacher": teacher,
        "recipe": recipe.name,
        "settings": {"n": d.n, "k": d.k, "temperature": e.temperature, "top_p": e.top_p, "max_tokens": e.max_tokens,
                     "min_language_share": d.min_language_share, "repeat_ngram": d.repeat_ngram,
                     "max_repeats": d.max_repeats, "pick": "distinct, shortest first"},  # fmt: skip
        "decontamination": {"ngram": d.decontaminate_ngram, "against": f"{recipe.eval.dataset}/{recipe.eval.split}",
                            "training_problems": len(train), "dropped": len(contaminated),
                            "dropped_ids": contaminated[:50]},  # fmt: skip
        "counts": {"problems": len(clean), "samples": len(samples), "right": sum(bool(r.get("correct")) for r in samples),
                   "rejected": {why: rejected.get(why, 0) for why in REASONS}, "duplicates": duplicates,
                   "kept": len(kept), "problems_kept": len(problems_kept)},  # fmt: skip
        "kept_rate": len(kept) / len(samples) if samples else 0.0,
        "by": by,
        "tokens": {"mean": statistics.fmean(lengths), "median": statistics.median(lengths), "max": max(lengths)}
        if lengths else None,
        "verifier": {"grpo_cli": _version(), "fingerprint": verifier_fingerprint(), "timeout": recipe.reward_options.verify_timeout},
    }  # fmt: skip


def _version() -> str:
    from grpo_cli import __version__

    return __version__


def card(summary: dict[str, Any]) -> str:
    """The dataset card (README.md): what was distilled from what, how it was filtered, and the counts."""
    c, s, dc = summary["counts"], summary["settings"], summary["decontamination"]
    lines = [
        "---",
        "tags: [grpo-cli, distillation, math, rejection-sampling]",
        "configs:",
        "- config_name: default",
        "  data_files: data.jsonl",
        "---",
        f"# {summary['recipe']}: distilled from {summary['teacher']}",
        "",
        "Made by `grpo distill` (grpo-cli): rejection sampling as in DeepSeek-R1 (section 2.3.3): "
        f"{s['n']} samples per training problem at temperature {s['temperature']} (top_p {s['top_p']}, at most "
        f"{s['max_tokens']} tokens); kept when finished, right by the verifier, in the answer format, in the reward's "
        f"language (>= {s['min_language_share']:.0%} of the reasoning's words) and not looping (no {s['repeat_ngram']}-word "
        f"sequence {s['max_repeats']} times); exact duplicates removed; at most {s['k']} per problem, {s['pick']}.",
        "",
        "| | count |",
        "|---|---|",
        f"| training problems | {dc['training_problems']} |",
        f"| dropped: {dc['ngram']}-gram overlap with {dc['against']} | {dc['dropped']} |",
        f"| problems sampled | {c['problems']} |",
        f"| samples | {c['samples']} |",
        f"| right (verifier) | {c['right']} |",
        *[f"| rejected: {why} | {n} |" for why, n in c["rejected"].items()],
        f"| exact duplicates removed | {c['duplicates']} |",
        f"| **kept completions** | **{c['kept']}** ({summary['kept_rate']:.1%} of samples) |",
        f"| problems with a kept completion | {c['problems_kept']} |",
        "",
    ]
    if summary["tokens"]:
        t = summary["tokens"]
        lines += [f"Kept completion length (tokens): mean {t['mean']:.1f}, median {t['median']}, max {t['max']}.", ""]
    for key, groups in summary["by"].items():
        lines += [f"By {key}:", "", f"| {key} | problems | samples | right | kept |", "|---|---|---|---|---|"]
        lines += [
            f"| {name} | {g['problems']} | {g['samples']} | {g['right']} | {g['kept']} |" for name, g in groups.items()
        ]
        lines.append("")
    v = summary["verifier"]
    lines.append(f"Verifier: grpo-cli {v['grpo_cli']}, rules fingerprint {v['fingerprint']}, timeout {v['timeout']} s.")
    return "\n".join(lines) + "\n"
