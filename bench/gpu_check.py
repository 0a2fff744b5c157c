#!/usr/bin/env python
"""GPU check: a few GRPO steps and a short eval on one NVIDIA GPU, offline, in under 8 minutes.

For the Qwen2.5-0.5B and Qwen2.5-1.5B architectures (gsm8k-0.5b / gsm8k-1.5b recipes: LoRA, bf16) it builds a
randomly initialised model from the published config (nothing is downloaded), runs GRPO through the same stage code
`grpo train` runs (`grpo_cli.stages.grpo.run`) on the offline toy task, with HF generate and, when vLLM is installed,
with vLLM colocated, then a short eval (`grpo_cli.stages.eval.run`). It writes JSON with, per run: seconds per
step, seconds and tokens/s per phase (TRL's own profiling timers), peak GPU memory, and `grpo estimate`'s prediction
for the same settings beside the measurement.

    python bench/gpu_check.py --out gpu_check.json        # or: make gpu-check
    python bench/gpu_check.py --smoke --out smoke.json    # CPU: a tiny random model, 2 steps, same code path

Every part runs in its own subprocess (a clean CUDA context, so peak memory is per part, and a vLLM engine cannot
leak into the next part) under what is left of --budget-s; parts that would not fit are recorded as skipped, and
the JSON is rewritten after every part, so an interrupted check still leaves its figures. A random model never
emits EOS, so every completion runs to max_completion_length: the token counts are exact, the rewards are zero.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import defaultdict
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
try:
    import grpo_cli  # noqa: F401
except ImportError:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(REPO / "src"))

# Each architecture's recipe; the model configs are grpo estimate's table (grpo_cli.estimate.KNOWN_CONFIGS, the
# published config.json fields), so the check builds exactly what the estimate sizes. "smoke" is a CPU-sized stand-in:
# the tiny recipe's model shape with a 512-token vocabulary (so the padded tokenizer and the build are exercised).
ARCHS: dict[str, str] = {"qwen2.5-0.5b": "gsm8k-0.5b", "qwen2.5-1.5b": "gsm8k-1.5b", "smoke": "tiny"}
# A short system prompt: the character-level tokenizer makes one token per character, and this keeps prompts near
# the ~200 tokens a GSM8K prompt takes with Qwen's tokenizer.
SYSTEM = "Solve. Put reasoning in <think></think> and the number in <answer></answer>."
GENERATE_TIMERS = ("transformers.generate", "transformers.generate_batch", "vLLM.generate")


# --------------------------------------------------------------------------------------------------------
# the model and the recipe (pure config; both the parent and the parts build them)


def model_config(arch: str) -> dict[str, Any]:
    """Qwen2Config fields for `arch`: estimate's table, or (smoke) the tiny recipe's model with 512 tokens."""
    if arch == "smoke":
        from grpo_cli.config import TinyModelConfig

        tiny = TinyModelConfig()
        return dict(
            hidden_size=tiny.hidden_size, intermediate_size=tiny.intermediate_size,
            num_hidden_layers=tiny.num_hidden_layers, num_attention_heads=tiny.num_attention_heads,
            num_key_value_heads=tiny.num_key_value_heads, vocab_size=512, max_position_embeddings=1024,
            tie_word_embeddings=True,
        )  # fmt: skip
    from grpo_cli.estimate import KNOWN_CONFIGS

    return {k: v for k, v in KNOWN_CONFIGS[arch].items() if k != "model_type"}


def make_recipe(arch: str, backend: str, model_dir: Path, a: argparse.Namespace) -> Any:
    """The arch's recipe, pointed at the random model and the offline toy task, for `a.steps` GRPO steps; then the
    user's own `--set` overrides. Everything goes through the recipe's typed build and validation."""
    from grpo_cli import config, recipes

    smoke = arch == "smoke"
    values = {
        "name": f"gpu-check-{arch}-{backend}",
        "model.name": str(model_dir),
        "model.dtype": "fp32" if smoke else "bf16",
        # vLLM sizes its KV cache for max_model_len (32k-128k from the configs); the check needs ~600 tokens.
        "model.max_context": 2048,
        "data.dataset": "toy",
        "data.task": "gsm8k",
        "data.path": None,
        "data.limit": 0,
        "data.toy.num_train": 512,
        "data.toy.num_test": 128,
        "prompt.system": SYSTEM,
        "sft.enabled": False,
        "grpo.init": "base",
        "grpo.max_steps": a.steps,
        "grpo.logging_steps": 1,
        "grpo.save_steps": 100_000,  # no checkpoint inside the timed steps (final/ is still written)
        "grpo.samples_per_log": 2,
        "grpo.max_completion_length": a.max_completion,
        "grpo.use_vllm": backend == "vllm",
        "model.generation": "compiled" if backend == "hf-compiled" else "eager",
        "eval.dataset": "toy",
        "eval.split": "test",
        "eval.limit": a.eval_limit,
        "eval.max_tokens": a.eval_max_tokens,
        "eval.n": 1,
        "eval.temperature": 0.0,
        "eval.batch_size": a.eval_batch,  # 0: sized from the GPU's free memory (the eval default)
        "launch.num_processes": 1,
        "launch.num_nodes": 1,
        "launch.strategy": "none",
    }
    if smoke:  # a CPU-sized batch: 2 prompts x G 4
        values.update(
            {"grpo.num_generations": 4, "grpo.per_device_batch_size": 8, "grpo.gradient_accumulation_steps": 1}
        )
    # json.dumps: a YAML scalar that reads back as the same value (strings quoted, None as null)
    overrides = [f"{key}={json.dumps(value)}" for key, value in values.items()]
    return config.build(recipes.read_raw(recipes.find(ARCHS[arch])), [*overrides, *a.set])


def build_model(arch: str, out_dir: Path, cuda: bool) -> float:
    """A randomly initialised model with the arch's published config, saved with grpo-cli's character tokenizer
    padded to its vocabulary (grpo_cli.models.build_tiny_tokenizer). Returns seconds."""
    import torch
    from transformers import GenerationConfig, Qwen2Config, Qwen2ForCausalLM

    from grpo_cli.models import build_tiny_tokenizer

    t0 = time.perf_counter()
    cfg = model_config(arch)
    tokenizer = build_tiny_tokenizer(cfg["max_position_embeddings"], vocab_size=cfg["vocab_size"])
    dtype = torch.bfloat16 if cuda else torch.float32
    config = Qwen2Config(
        **cfg,
        bos_token_id=None,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
        use_cache=True,
        dtype=dtype,
    )
    torch.manual_seed(0)
    # Initialise on the GPU: seconds instead of a minute of CPU time for 1.5B parameters.
    with torch.device("cuda" if cuda else "cpu"):
        model = Qwen2ForCausalLM(config).to(dtype)
    model.generation_config = GenerationConfig(
        eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id, bos_token_id=None
    )
    tmp = out_dir.with_name(out_dir.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    model.save_pretrained(tmp)
    tokenizer.save_pretrained(tmp)
    shutil.rmtree(out_dir, ignore_errors=True)  # a half-built one from an interrupted check
    tmp.rename(out_dir)
    del model
    if cuda:
        torch.cuda.empty_cache()
    return time.perf_counter() - t0


# --------------------------------------------------------------------------------------------------------
# measuring inside a part


class PhaseTimer:
    """Collects TRL's own phase timers (`profiling_context` / `profiling_decorator` in GRPOTrainer), keyed by
    optimizer step.

    TRL has no public hook for them: a timer's duration goes only to wandb / MLflow / trackio, none of which a bare,
    offline GPU machine has. Every timer ends in `ProfilingContext.__exit__` (a public class; its context-manager exit),
    so this wraps that one method for the part's lifetime and calls the original, which TRL's own reporting keeps.
    Step time and tokens come from public hooks instead (the stage's metrics.jsonl, written by its callback)."""

    def __init__(self) -> None:
        self.by_step: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))

    def install(self) -> PhaseTimer:
        from trl.extras.profiling import ProfilingContext

        original = ProfilingContext.__exit__
        timer = self

        def exit_and_record(ctx: Any, *exc: Any) -> Any:
            started = getattr(ctx, "_start_time", None)
            if started is not None:
                name = ctx.name.split(".", 1)[1] if "." in ctx.name else ctx.name  # drop "GRPOTrainer."
                timer.by_step[int(ctx.step or 0)][name] += time.perf_counter() - started
            return original(ctx, *exc)

        ProfilingContext.__exit__ = exit_and_record
        return self


class MemoryPoller:
    """Device-wide used memory (cudaMemGetInfo) sampled every 0.1 s: it sees vLLM's allocations, which bypass
    torch's caching allocator statistics."""

    def __init__(self) -> None:
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        import torch

        while not self._stop.is_set():
            free, total = torch.cuda.mem_get_info()
            self.peak = max(self.peak, total - free)
            self._stop.wait(0.1)

    def __enter__(self) -> MemoryPoller:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        self._thread.join()


def _mean(values: list[float]) -> float | None:
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def per_step_figures(rows: list[dict], phases: dict[int, dict[str, float]], completions_per_step: int) -> list[dict]:
    """One dict per optimizer step: seconds per phase and tokens, from metrics.jsonl rows + the profiling timers.
    Phase timers opened during step s (global_step s before it ends) belong to the row logged with step s + 1."""
    out, last_tokens = [], 0.0
    for row in rows:
        step = int(row["step"])
        p = phases.get(step - 1, {})
        tokens = float(row.get("num_tokens", 0.0))
        step_tokens, last_tokens = tokens - last_tokens, tokens
        completion_tokens = float(row.get("completions/mean_length", 0.0)) * completions_per_step
        generate = sum(p.get(name, 0.0) for name in GENERATE_TIMERS)
        sync = p.get("sync_weights", 0.0)
        prepare = p.get("_prepare_inputs", 0.0)
        loss = p.get("compute_loss", 0.0)
        step_time = float(row.get("step_time", 0.0))
        out.append(
            {
                "step": step,
                "step_time_s": step_time,
                "tokens": step_tokens,
                "completion_tokens": completion_tokens,
                "prompt_tokens": step_tokens - completion_tokens,
                "generation_s": generate,
                "weight_sync_s": sync,
                "rewards_s": p.get("_calculate_rewards", 0.0),
                # old-policy / reference log-probs and batching: _prepare_inputs less what is timed inside it
                "scoring_s": max(0.0, prepare - generate - sync - p.get("_calculate_rewards", 0.0)),
                "loss_forward_s": loss,
                "backward_optimizer_s": max(0.0, step_time - prepare - loss),
            }
        )
    return out


def summarise_steps(steps: list[dict]) -> dict:
    """Means over the steady steps (the first step, with its warm-up, is dropped when there are two or more)."""
    steady = steps[1:] if len(steps) >= 2 else steps
    keys = [k for k in steady[0] if k.endswith("_s")] if steady else []
    mean = {k: _mean([s[k] for s in steady]) for k in keys}
    tokens = _mean([s["tokens"] for s in steady]) or 0.0
    completion = _mean([s["completion_tokens"] for s in steady]) or 0.0
    gen = mean.get("generation_s") or 0.0
    step_time = mean.get("step_time_s") or 0.0
    rest = step_time - gen - (mean.get("weight_sync_s") or 0.0)
    return {
        "steady_steps": [s["step"] for s in steady],
        "seconds_per_step": mean,
        "tokens_per_step": tokens,
        "completion_tokens_per_step": completion,
        "tokens_per_s": {
            "generation": completion / gen if gen > 0 else None,  # completion tokens decoded per second
            "training": tokens / rest if rest > 0 else None,  # prompt+completion tokens through scoring+update
            "overall": tokens / step_time if step_time > 0 else None,
        },
    }


def part_grpo(a: argparse.Namespace) -> dict:
    import torch

    from grpo_cli import rundir
    from grpo_cli.stages import grpo as grpo_stage

    cuda = torch.cuda.is_available()
    model_dir = Path(a.model_dir)
    result: dict[str, Any] = {"part": "grpo", "arch": a.arch, "backend": a.backend}
    if not (model_dir / "config.json").is_file():
        result["build_model_s"] = build_model(a.arch, model_dir, cuda)
    recipe = make_recipe(a.arch, a.backend, model_dir, a)
    stage_dir = Path(a.work) / f"{a.arch}-{a.backend}" / "grpo"
    shutil.rmtree(stage_dir, ignore_errors=True)
    timer = PhaseTimer().install()
    if cuda:
        torch.cuda.reset_peak_memory_stats()
    poller = MemoryPoller() if cuda else None
    t0 = time.perf_counter()
    if poller:
        with poller:
            grpo_stage.run(recipe, stage_dir, init_from=None)
    else:
        grpo_stage.run(recipe, stage_dir, init_from=None)
    result["wall_s"] = time.perf_counter() - t0
    rows = [r for r in rundir.read_jsonl(stage_dir / "metrics.jsonl") if "step" in r]
    g = recipe.grpo
    completions = g.per_device_batch_size * g.gradient_accumulation_steps
    steps = per_step_figures(rows, timer.by_step, completions)
    result.update(
        settings={
            "recipe": ARCHS[a.arch],
            "lora": recipe.model.lora,
            "lora_rank": recipe.model.lora_rank,
            "gradient_checkpointing": recipe.model.gradient_checkpointing,
            "dtype": recipe.model.dtype,
            "G": g.num_generations,
            "completions_per_step": completions,
            "per_device_batch_size": g.per_device_batch_size,
            "gradient_accumulation_steps": g.gradient_accumulation_steps,
            "max_completion_length": g.max_completion_length,
            "beta": g.beta,
            "use_vllm": g.use_vllm,
            "vllm_gpu_memory_utilization": g.vllm_gpu_memory_utilization if g.use_vllm else None,
            "generation": recipe.model.generation,
        },
        steps=steps,
        summary=summarise_steps(steps) if steps else None,
        profiling_totals_s={k: round(v, 4) for s in [_sum_phases(timer.by_step)] for k, v in s.items()},
        final_dir_written=rundir.has_final(stage_dir),
        mean_completion_length=_mean([r.get("completions/mean_length") for r in rows]),
    )
    if cuda:
        result["peak_memory_gib"] = {
            "torch_allocated": torch.cuda.max_memory_allocated() / 2**30,
            "torch_reserved": torch.cuda.max_memory_reserved() / 2**30,
            "device_used": poller.peak / 2**30 if poller else None,
        }
    return result


def _sum_phases(by_step: dict[int, dict[str, float]]) -> dict[str, float]:
    total: dict[str, float] = defaultdict(float)
    for phases in by_step.values():
        for name, seconds in phases.items():
            total[name] += seconds
    return dict(total)


def part_eval(a: argparse.Namespace) -> dict:
    import torch

    from grpo_cli.stages import eval as eval_stage

    cuda = torch.cuda.is_available()
    recipe = make_recipe(a.arch, a.backend, Path(a.model_dir), a)
    out = Path(a.work) / f"{a.arch}-eval-{a.backend}"
    if cuda:
        torch.cuda.reset_peak_memory_stats()
    poller = MemoryPoller() if cuda else None
    t0 = time.perf_counter()
    backend = "vllm" if a.backend == "vllm" else "hf"
    kwargs = dict(limit=a.eval_limit, max_tokens=a.eval_max_tokens, n=1, temperature=0.0, backend=backend)
    if poller:
        with poller:
            summary = eval_stage.run(recipe, a.model_dir, out, overwrite=True, **kwargs)
    else:
        summary = eval_stage.run(recipe, a.model_dir, out, overwrite=True, **kwargs)
    result = {
        "part": "eval",
        "arch": a.arch,
        "backend": a.backend,  # the plan's label (hf, hf-compiled, vllm)
        "eval_backend": summary.get("settings", {}).get("backend"),  # what the stage ran
        "generation": recipe.model.generation,
        "wall_s": time.perf_counter() - t0,
        "problems": a.eval_limit,
        "max_tokens": a.eval_max_tokens,
        "batch_size": (summary.get("timing") or {}).get("batch_size"),
        "timing": summary.get("timing"),
    }
    if cuda:
        result["peak_memory_gib"] = {
            "torch_allocated": torch.cuda.max_memory_allocated() / 2**30,
            "device_used": poller.peak / 2**30 if poller else None,
        }
    return result


# The floor: plain `model.generate` on the GRPO part's model and batch, without TRL or the eval stage around it, in
# the variants that separate what a step costs (name, LoRA adapter in train mode, sampling, stop strings, rows: "grpo"
# = the GRPO part's generation batch, "eval" = the old fixed eval batch of 32, compiled = static cache + compile).
FLOOR_VARIANTS = (
    ("bare", False, False, False, "grpo", "eager"),
    ("sampling", False, True, False, "grpo", "eager"),
    ("lora_sampling", True, True, False, "grpo", "eager"),  # what TRL's GRPOTrainer asks generate to do
    ("eval_shape", False, False, True, "eval", "eager"),  # what grpo eval asked generate to do before issue 37
    ("bare_compiled", False, False, False, "grpo", "compiled"),
)


def floor_prompts(recipe: Any, tokenizer: Any, rows: int) -> list[str]:
    """`rows` prompts rendered as the stages render them (the toy test problems, repeated as needed)."""
    from grpo_cli import prompts
    from grpo_cli.data import load_problems

    problems, _ = load_problems("toy", "test", recipe, limit=0)
    texts = [prompts.render_prompt(tokenizer, p.question, recipe.prompt) for p in problems]
    return [texts[k % len(texts)] for k in range(rows)]


def time_generate(model: Any, tok: Any, texts: list[str], config: Any, steps: int, **kw: Any) -> dict:
    """Seconds per decode step of `model.generate` on `texts` (left-padded): the difference between `steps` new
    tokens and one (prefill + one step, and any per-call setup), after a warm-up call. On a CPU each is the fastest
    of three calls: on a busy CPU one slow call of the one-token run made the difference negative (the smoke's tiny
    model decodes a step in a few milliseconds); on a GPU, synchronised, one call each, as the GPU check's budget
    was planned. `step_ms` is None when the difference is not positive even so."""
    import torch

    from grpo_cli.evaluation.generation import encode_prompt

    ids = [encode_prompt(tok, t) for t in texts]
    width = max(len(x) for x in ids)
    pad = tok.pad_token_id
    input_ids = torch.tensor([[pad] * (width - len(x)) + x for x in ids], device=model.device)
    mask = (torch.arange(width, device=model.device)[None, :] >= torch.tensor([width - len(x) for x in ids],
            device=model.device)[:, None]).long()  # fmt: skip
    sync = torch.cuda.synchronize if model.device.type == "cuda" else (lambda: None)

    def run(n: int) -> float:
        config.max_new_tokens = config.min_new_tokens = n
        sync()
        t0 = time.perf_counter()
        with torch.no_grad():
            model.generate(input_ids=input_ids, attention_mask=mask, generation_config=config, **kw)
        sync()
        return time.perf_counter() - t0

    # The same length first: a compiled static cache is sized for it, so the timed call below reuses the compile.
    warm = run(steps)
    repeats = 1 if model.device.type == "cuda" else 3
    one, many = min(run(1) for _ in range(repeats)), min(run(steps) for _ in range(repeats))
    # No per-step figure when the difference is lost in noise (a busy CPU): the ratios then leave this variant out.
    step_ms = 1e3 * (many - one) / (steps - 1) if many > one else None
    return {"rows": len(texts), "prompt_width": width, "warmup_s": warm, "one_token_s": one, "many_tokens_s": many,
            "step_ms": step_ms, "steps": steps}  # fmt: skip


def part_floor(a: argparse.Namespace) -> dict:
    """Bare generate in FLOOR_VARIANTS on the GRPO part's model; the JSON is rewritten after each variant, so a
    timeout keeps the ones that finished."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer, GenerationConfig

    from grpo_cli import models
    from grpo_cli.evaluation.generation import compile_settings

    cuda = torch.cuda.is_available()
    model_dir = Path(a.model_dir)
    result: dict[str, Any] = {"part": "floor", "arch": a.arch, "backend": "hf", "variants": {}}
    if not (model_dir / "config.json").is_file():
        result["build_model_s"] = build_model(a.arch, model_dir, cuda)
    recipe = make_recipe(a.arch, "hf", model_dir, a)
    tok = AutoTokenizer.from_pretrained(model_dir)
    device = "cuda" if cuda else "cpu"
    base = AutoModelForCausalLM.from_pretrained(model_dir, dtype=torch.bfloat16 if cuda else torch.float32).to(device)
    g = recipe.grpo
    rows = {"grpo": g.per_device_batch_size * g.gradient_accumulation_steps, "eval": 8 if a.arch == "smoke" else 32}
    steps = a.floor_steps
    for name, lora, sample, stop, batch, mode in FLOOR_VARIANTS:
        model = base.eval()
        if lora:
            from peft import get_peft_model

            model = get_peft_model(base, models.lora_config(recipe.model)).train()
        fields = dict(do_sample=sample, temperature=1.0 if sample else None, top_k=0 if sample else None,
                      pad_token_id=tok.pad_token_id, eos_token_id=[tok.eos_token_id], use_cache=True)  # fmt: skip
        fields.update(compile_settings(mode, device))
        if stop:
            fields["stop_strings"] = ["</answer>"]
        config = GenerationConfig(**fields)
        kw = {"tokenizer": tok} if stop else {}
        texts = floor_prompts(recipe, tok, rows[batch])
        result["variants"][name] = {"lora": lora, "sampling": sample, "stop_strings": stop, "generation": mode,
                                    **time_generate(model, tok, texts, config, steps, **kw)}  # fmt: skip
        if lora:
            base = model.unload()  # the bare model again, for the next variants
        Path(a.part_out).write_text(json.dumps({**result, "status": "partial"}, indent=2, default=str))
    return result


def pytest_shards(tests: list[Path], shards: int) -> list[list[str]]:
    """Test files dealt into `shards` lists of about equal size (bytes of source: a proxy for their time)."""
    out: list[list[str]] = [[] for _ in range(max(1, shards))]
    sizes = [0] * len(out)
    for path in sorted(tests, key=lambda p: -p.stat().st_size):
        k = sizes.index(min(sizes))
        out[k].append(str(path.relative_to(REPO)))
        sizes[k] += path.stat().st_size
    return [s for s in out if s]


def pytest_outcomes(log: str) -> dict:
    """Counts and failing ids from pytest -v lines (`path::name PASSED [ 12%]`): read as the run goes, so a run cut
    by the time limit still says how far it got."""
    counts: dict[str, int] = defaultdict(int)
    failed = []
    for line in log.splitlines():
        parts = line.split(" ")
        if len(parts) >= 2 and "::" in parts[0] and parts[1] in ("PASSED", "FAILED", "ERROR", "SKIPPED", "XFAIL",
                                                                 "XPASS"):  # fmt: skip
            counts[parts[1].lower()] += 1
            if parts[1] in ("FAILED", "ERROR"):
                failed.append(parts[0])
    return {"counts": dict(counts), "failed": failed}


def part_pytest(a: argparse.Namespace) -> dict:
    """`pytest -m "not slow"` in shards of test files, one process each, under what is left of the part's time: does
    the suite pass where CUDA exists? Each shard's -v log is read back whatever happens."""
    chosen = [REPO / f for f in a.pytest_files.split(",") if f]
    tests = chosen or sorted((REPO / "tests").glob("test_*.py"))
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    procs = []
    for k, files in enumerate(pytest_shards(tests, a.pytest_shards)):
        log = Path(a.work) / f"pytest-{k}.log"
        cmd = [sys.executable, "-m", "pytest", "-m", "not slow", "-v", "-p", "no:cacheprovider", "-rfE", *files]
        fh = open(log, "w")  # noqa: SIM115 (closed below, after the process ends)
        procs.append((subprocess.Popen(cmd, cwd=REPO, stdout=fh, stderr=subprocess.STDOUT, env=env,
                                       start_new_session=True), fh, log))  # fmt: skip
    deadline = time.perf_counter() + a.pytest_time_s
    finished = True
    for proc, fh, _ in procs:
        try:
            proc.wait(timeout=max(1.0, deadline - time.perf_counter()))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
            finished = False
        fh.close()
    logs = [log.read_text(errors="replace") for _, _, log in procs]
    outcome = pytest_outcomes("\n".join(logs))
    return {
        "part": "pytest", "arch": "-", "backend": "-", "shards": len(procs), "finished": finished,
        "exit_codes": [p.returncode for p, _, _ in procs], **outcome,
        "tails": [log[-1500:] for log in logs if "FAILED" in log or "ERROR" in log or not finished],
    }  # fmt: skip


# --------------------------------------------------------------------------------------------------------
# the parent: plan, run each part in a subprocess, predict, write JSON


def nvidia_smi() -> dict | None:
    exe = shutil.which("nvidia-smi")
    if not exe:
        return None
    try:
        out = subprocess.run(
            [exe, "--query-gpu=name,memory.total,driver_version", "--format=csv,noheader,nounits"],
            capture_output=True, text=True, timeout=30, check=True,
        ).stdout.strip().splitlines()  # fmt: skip
    except (subprocess.SubprocessError, OSError):
        return None
    if not out:
        return None
    name, mem, driver = (x.strip() for x in out[0].split(","))
    return {"name": name, "memory_gib": float(mem) / 1024, "driver": driver, "count": len(out)}


def versions() -> dict:
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": platform.python_version()}
    for pkg in ("torch", "transformers", "trl", "peft", "accelerate", "vllm", "grpo-cli"):
        try:
            out[pkg] = version(pkg)
        except PackageNotFoundError:
            out[pkg] = None
    return out


def predict(arch: str, backend: str, model_dir: Path, a: argparse.Namespace, run: dict, gpu_name: str | None) -> dict:
    """`grpo estimate` for the run's own settings (the measured mean prompt and completion lengths), per step."""
    from grpo_cli import estimate as est

    recipe = make_recipe(arch, backend, model_dir, a)
    gpu = est.gpu_from_device_name(gpu_name) if gpu_name else None
    note = None
    if gpu is None:
        gpu = est.GPUS["h100"]
        note = f"device {gpu_name or 'CPU'} is not in grpo estimate's GPU table: predicted for an H100"
    summary = run.get("summary") or {}
    per_step = summary.get("completion_tokens_per_step") or 0.0
    completions = run["settings"]["completions_per_step"]
    mean_len = per_step / completions if per_step else float(a.max_completion)
    prompt_len = max(0.0, (summary.get("tokens_per_step", 0.0) - per_step) / completions) if per_step else 0.0
    x = est.inputs_from_recipe(
        recipe, model=str(model_dir), gpu=gpu, num_gpus=1, mean_len=mean_len, prompt_len=prompt_len
    )
    e = est.estimate(x)
    steps = e.steps or 1
    seconds = {k: v / steps for k, v in e.seconds.items()}
    mem = e.memory_gib_per_gpu
    measured_step = (summary.get("seconds_per_step") or {}).get("step_time_s")
    measured_mem = (run.get("peak_memory_gib") or {}).get("device_used")
    return {
        "gpu": gpu.name,
        "note": note,
        "inputs": {"mean_len": mean_len, "prompt_len": prompt_len, "gen_batch": x.gen_batch, "steps": e.steps},
        "seconds_per_step": e.seconds_per_step,
        "phase_seconds_per_step": seconds,
        "memory_gib": {
            "total": mem["total"],
            "train_phase": mem["train_phase"],
            "generation_phase": mem["generation_phase"],
        },
        "measured_over_predicted": {
            "step_time": measured_step / e.seconds_per_step if measured_step and e.seconds_per_step else None,
            "generation_time": (
                (summary["seconds_per_step"].get("generation_s") or 0.0) / seconds["generation"]
                if measured_step and seconds.get("generation")
                else None
            ),
            "peak_memory": measured_mem / mem["total"] if measured_mem and mem["total"] else None,
        },
    }


def run_part(a: argparse.Namespace, part: str, arch: str, backend: str, model_dir: Path, timeout: float) -> dict:
    out = Path(a.work) / f"part-{part}-{arch}-{backend}.json"
    log = Path(a.work) / f"part-{part}-{arch}-{backend}.log"
    out.unlink(missing_ok=True)
    cmd = [
        sys.executable, str(Path(__file__).resolve()), "--part", part, "--arch", arch, "--backend", backend,
        "--model-dir", str(model_dir), "--part-out", str(out), "--work", str(a.work), "--steps", str(a.steps),
        "--max-completion", str(a.max_completion), "--eval-limit", str(a.eval_limit),
        "--eval-max-tokens", str(a.eval_max_tokens), "--eval-batch", str(a.eval_batch),
        "--floor-steps", str(a.floor_steps), "--pytest-shards", str(a.pytest_shards),
        "--pytest-time-s", str(max(10.0, timeout - 15)), "--pytest-files", a.pytest_files,
        *[arg for o in a.set for arg in ("--set", o)],
    ]  # fmt: skip
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           "TOKENIZERS_PARALLELISM": "false", "PYTHONUNBUFFERED": "1"}  # fmt: skip
    t0 = time.perf_counter()
    with open(log, "w") as fh:
        # A session of its own, so a timeout kills vLLM's worker processes with it.
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        try:
            rc = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
            rc = None
    elapsed = time.perf_counter() - t0
    tail = log.read_text(errors="replace")[-3000:]
    if rc == 0 and out.is_file():
        result = json.loads(out.read_text())
        result["part_s"] = elapsed
        return result
    status = "timeout" if rc is None else "failed"
    if out.is_file():  # a part that writes as it goes (the floor) keeps what it measured
        return {**json.loads(out.read_text()), "status": f"{status} (partial)", "rc": rc, "part_s": elapsed,
                "log_tail": tail}  # fmt: skip
    return {
        "part": part,
        "arch": arch,
        "backend": backend,
        "status": status,
        "rc": rc,
        "part_s": elapsed,
        "log_tail": tail,
    }


def plan(a: argparse.Namespace, vllm: bool) -> list[tuple[str, str, str]]:
    """(part, arch, backend) in priority order, what is new first, so a short budget skips the least needed: the
    first model's GRPO, its bare-generate floor and its memory-sized eval; the test suite; the compiled path; the
    other models; vLLM last (slow to start, and only where installed)."""
    archs = ["smoke"] if a.smoke else a.models
    backends = [b for b in a.backends if b != "vllm" or vllm]
    first, rest = archs[0], archs[1:]
    parts = []
    if "hf" in backends:
        parts += [("grpo", first, "hf"), ("floor", first, "hf"), ("eval", first, "hf")]
    if a.pytest:
        parts += [("pytest", "-", "-")]
    if "hf-compiled" in backends:
        parts += [("grpo", first, "hf-compiled"), ("eval", first, "hf-compiled")]
    if "hf" in backends:
        parts += [(part, arch, "hf") for arch in rest for part in ("grpo", "eval")]
    if "vllm" in backends:
        parts += [("grpo", arch, "vllm") for arch in archs]
        parts += [("eval", first, "vllm")]
    return parts


# Each kind of part's own time limit (seconds; --part-timeout-s caps them all): a GRPO run builds its model, starts
# TRL and runs its steps; the suite gets what its shards need on a 16-core machine.
PART_LIMITS = {"grpo": 240.0, "eval": 120.0, "floor": 150.0, "pytest": 200.0}


def ratios(parts: list[dict]) -> dict:
    """Per-step overhead against the floor: TRL's generation step, the eval's step (at its own batch: the floor's
    when memory-sized) and each floor variant over bare `model.generate` on the same model. Empty without a floor."""
    floor = next((p for p in parts if p.get("part") == "floor" and p.get("variants")), None)
    if not floor:
        return {}
    v = floor["variants"]
    bare = (v.get("bare") or {}).get("step_ms")
    out: dict[str, Any] = {"floor_step_ms": bare}
    for p in parts:
        if p.get("part") == "grpo" and p.get("status") == "ok" and p.get("arch") == floor["arch"] and bare:
            gen = ((p.get("summary") or {}).get("seconds_per_step") or {}).get("generation_s")
            steps = (p.get("settings") or {}).get("max_completion_length")
            if gen and steps:
                out[f"trl_{p['backend']}_step_over_floor"] = 1e3 * gen / steps / bare
        if p.get("part") == "eval" and p.get("status") == "ok" and p.get("arch") == floor["arch"] and bare:
            # The eval's generate time over its decode steps: max_tokens per call, ceil(rows / batch) calls.
            t, batch = p.get("timing") or {}, p.get("batch_size") or 0
            calls = -(-p.get("problems", 0) // batch) if batch else 0
            if t.get("generate_s") and calls:
                out[f"eval_{p['backend']}_step_over_floor"] = 1e3 * t["generate_s"] / (calls * p["max_tokens"]) / bare
    for name, variant in v.items():
        if name != "bare" and bare and variant.get("step_ms"):
            out[f"{name}_over_floor"] = variant["step_ms"] / bare
    return out


PARTS = {"grpo": part_grpo, "eval": part_eval, "floor": part_floor, "pytest": part_pytest}
BACKENDS = ("hf", "hf-compiled", "vllm")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--out", default="gpu_check.json", help="where the JSON goes (default: gpu_check.json)")
    p.add_argument("--smoke", action="store_true", help="CPU smoke run: a tiny random model, HF generate, 2 steps")
    p.add_argument("--models", default="qwen2.5-0.5b,qwen2.5-1.5b", help="architectures, in order")
    p.add_argument("--backends", default="hf,hf-compiled,vllm",
                   help="hf, hf-compiled (model.generation: compiled) and/or vllm (only where it is installed)")  # fmt: skip
    p.add_argument("--steps", type=int, default=None, help="GRPO steps per run (default 3; smoke 2)")
    p.add_argument("--max-completion", type=int, default=None, help="max completion tokens (default 256; smoke 16)")
    p.add_argument("--eval-limit", type=int, default=None, help="eval problems (default 64; smoke 8)")
    p.add_argument("--eval-max-tokens", type=int, default=None, help="eval max tokens (default 256; smoke 16)")
    p.add_argument("--eval-batch", type=int, default=0, help="eval.batch_size (default 0: sized from GPU memory)")
    p.add_argument("--floor-steps", type=int, default=None, help="decode steps per floor variant (default 64; smoke 8)")
    p.add_argument("--no-pytest", dest="pytest", action="store_false", help="leave out the test-suite part")
    p.add_argument("--pytest-shards", type=int, default=4, help="test-suite processes side by side (default 4)")
    p.add_argument(
        "--budget-s", type=float, default=None, help="seconds for all parts (default 450: 7.5 min; smoke 1200)"
    )
    p.add_argument("--part-timeout-s", type=float, default=None, help="at most this per part (default 240; smoke 720)")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="override a recipe key of every run, as grpo train --set (repeatable)")  # fmt: skip
    p.add_argument("--work", default=None, help="working folder (default: a temporary one, removed at the end)")
    # one part, run by the parent in a subprocess
    p.add_argument("--part", choices=tuple(PARTS), help=argparse.SUPPRESS)
    p.add_argument("--arch", help=argparse.SUPPRESS)
    p.add_argument("--backend", help=argparse.SUPPRESS)
    p.add_argument("--model-dir", help=argparse.SUPPRESS)
    p.add_argument("--part-out", help=argparse.SUPPRESS)
    p.add_argument("--pytest-time-s", type=float, default=200.0, help=argparse.SUPPRESS)
    p.add_argument("--pytest-files", default="", help=argparse.SUPPRESS)  # the smoke run's few, else all
    a = p.parse_args(argv)
    small = a.smoke or a.arch == "smoke"
    a.steps = a.steps or (2 if small else 3)
    a.max_completion = a.max_completion or (16 if small else 256)
    a.eval_limit = a.eval_limit or (8 if small else 64)
    a.eval_max_tokens = a.eval_max_tokens or (16 if small else 256)
    a.floor_steps = a.floor_steps or (8 if small else 64)
    a.budget_s = a.budget_s or (1200.0 if a.smoke else 450.0)
    a.part_timeout_s = a.part_timeout_s or (720.0 if a.smoke else 240.0)
    if a.smoke and not a.pytest_files:  # the part's code path on a CPU, not the whole suite inside a test of it
        a.pytest_files = "tests/test_gpu_check.py"
    a.models = [m.strip() for m in a.models.split(",") if m.strip()]
    a.backends = [b.strip() for b in a.backends.split(",") if b.strip()]
    unknown = [m for m in a.models if m not in ARCHS] + [b for b in a.backends if b not in BACKENDS]
    if unknown:
        p.error(f"unknown --models/--backends value(s): {', '.join(unknown)}")
    return a


def main(argv: list[str] | None = None) -> int:
    a = parse_args(argv)
    if a.part:
        result = PARTS[a.part](a)
        result["status"] = "ok"
        Path(a.part_out).write_text(json.dumps(result, indent=2, default=str))
        return 0
    smi = nvidia_smi()
    if smi is None and not a.smoke:
        print(
            "error: no NVIDIA GPU found (nvidia-smi); this check needs one. For the CPU smoke run of the same code "
            "path: python bench/gpu_check.py --smoke",
            file=sys.stderr,
        )
        return 2
    return run_check(a, smi, argv)


def run_check(a: argparse.Namespace, smi: dict | None, argv: list[str] | None) -> int:
    """Every planned part in its own process under what is left of the budget; the JSON rewritten after each."""
    import importlib.util

    vllm = importlib.util.find_spec("vllm") is not None and not a.smoke
    t0 = time.perf_counter()
    temporary = a.work is None
    work = Path(a.work) if a.work else Path(tempfile.mkdtemp(prefix="grpo-gpu-check-"))
    work.mkdir(parents=True, exist_ok=True)
    a.work = str(work)
    report: dict[str, Any] = {
        "kind": "smoke (CPU, tiny random model)" if a.smoke else "gpu",
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "command": " ".join(["python", "bench/gpu_check.py", *(argv if argv is not None else sys.argv[1:])]),
        "device": smi or {"name": "CPU", "cpus": os.cpu_count()},
        "versions": versions(),
        "vllm_installed": importlib.util.find_spec("vllm") is not None,
        "settings": {
            k: getattr(a, k)
            for k in (
                "steps",
                "max_completion",
                "eval_limit",
                "eval_max_tokens",
                "eval_batch",
                "floor_steps",
                "budget_s",
                "part_timeout_s",
            )
        },  # fmt: skip
        "parts": [],
    }
    out_path = Path(a.out)

    def save() -> None:
        report["wall_s"] = time.perf_counter() - t0
        report["ratios"] = ratios(report["parts"])
        out_path.parent.mkdir(parents=True, exist_ok=True)
        out_path.write_text(json.dumps(report, indent=2, default=str) + "\n")

    failed = False
    for part, arch, backend in plan(a, vllm):
        left = a.budget_s - (time.perf_counter() - t0)
        if left < 20:
            report["parts"].append({"part": part, "arch": arch, "backend": backend, "status": "skipped (budget)"})
            save()
            continue
        model_dir = work / f"{arch}-model"
        print(f"[gpu-check] {part} {arch} {backend} ({left:.0f} s left)", file=sys.stderr, flush=True)
        # On a CPU (--smoke) inductor compiles for minutes: the limits are the GPU's, three times over.
        limit = min(left, a.part_timeout_s, PART_LIMITS[part] * (3 if a.smoke else 1))
        result = run_part(a, part, arch, backend, model_dir, timeout=limit)
        result["limit_s"] = limit
        if result.get("status") == "ok" and part == "grpo":
            try:
                result["estimate"] = predict(arch, backend, model_dir, a, result, smi and smi["name"])
            except Exception:  # the measurement stands without the prediction; say why it is missing
                result["estimate"] = {"error": traceback.format_exc(limit=3)}
        failed |= result.get("status") != "ok" or (part == "pytest" and bool(result.get("failed")))
        report["parts"].append(result)
        save()
    report["finished"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    save()
    if temporary:
        shutil.rmtree(work, ignore_errors=True)
    print(f"[gpu-check] wrote {out_path} in {report['wall_s']:.0f} s", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
