"""vLLM's CPU build beside the transformers backends: one run, the same model, prompts and lengths on each side.

    .venv-vllm/bin/python bench/vllm_cpu.py --out vllm_cpu.json            # both parts (make test-vllm's venv)
    .venv-vllm/bin/python bench/vllm_cpu.py --part eval                     # or --part grpo

Model: SmolLM2-135M-Instruct (tests/real_model.py), fp32. Data: the first GSM8K test/train problems of
../shared/data (GRPO_SHARED_DIR overrides), prompts rendered by the recipe's prompt builder (gsm8k-0.5b).

eval  generation tokens/s on the same EVAL_PROMPTS prompts, greedy, at most EVAL_TOKENS new tokens, no stop string:
      vLLM (VLLMGenerator, eager, fp32), the batched HF backend (HFGenerator, all prompts in one batch) and one-prompt
      HF `generate` (HFGenerator with batch_size 1). Each side runs in its own process, one after the other; a
      warm-up call on two prompts comes first. vLLM's engine start-up is reported on its own.
grpo  `grpo train` on the gsm8k-0.5b recipe (LoRA rank 16, beta 0.04) cut to SmolLM2, G=4, 4 completions x 32
      tokens per step, GRPO_STEPS steps, with grpo.use_vllm true (colocate) and false, each in its own process.
      TRL times its phases with `profiling_context`; a patch of its logger collects them per step:
        generation  vLLM.generate / transformers.generate
        weight sync sync_weights (colocate: vLLM's reload_weights, see grpo_cli.stages.grpo)
        scoring     the reward functions
        log-probs   _get_per_token_logps_and_entropies without grad (old policy, reference model)
        update      the rest of the step: the loss forward with grad, backward, optimizer step, logging
      Step time is on_step_begin -> on_step_end; the figures are medians over the steps after the first.
Prints one JSON object (and writes it to --out); docs/scale.md quotes it with the machine's load.
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
sys.path[:0] = [str(REPO / "src"), str(REPO / "tests")]
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

EVAL_PROMPTS = int(os.environ.get("EVAL_PROMPTS", "4"))
EVAL_TOKENS = int(os.environ.get("EVAL_TOKENS", "32"))
GRPO_STEPS = int(os.environ.get("GRPO_STEPS", "2"))
SHARED = Path(os.environ.get("GRPO_SHARED_DIR", REPO.parent / "shared"))


def _smollm2() -> str:
    from real_model import smollm2_dir

    return str(smollm2_dir())


MARK = "BENCH_RESULT "


def _result(stdout: str) -> dict:
    return json.loads(next(line for line in stdout.splitlines() if line.startswith(MARK))[len(MARK) :])


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


# --------------------------------------------------------------------------------------------------------
# eval generation


def _eval_side(side: str) -> dict:
    from grpo_cli import data, models, prompts, recipes
    from grpo_cli.evaluation import generation

    model_dir = _smollm2()
    recipe = recipes.load("gsm8k-0.5b", [f"model.name={model_dir}", f"data.path={SHARED / 'data' / 'gsm8k'}"])
    problems, _ = data.load_problems("gsm8k", "test", recipe, limit=EVAL_PROMPTS)
    tok = models.load_tokenizer(model_dir, recipe.model)
    texts = [prompts.render_prompt(tok, p.question, recipe.prompt) for p in problems]
    keys = [p.id for p in problems]
    sampling = generation.Sampling(max_tokens=EVAL_TOKENS, stop=())
    t0 = time.perf_counter()
    if side == "vllm":
        longest = max(len(generation.encode_prompt(tok, t)) for t in texts)
        gen = generation.VLLMGenerator(model_dir, max_model_len=longest + EVAL_TOKENS, tokenizer=tok)
    else:
        model = models.load_model(model_dir, recipe.model, device="cpu")
        gen = generation.HFGenerator(model, tok, batch_size=len(texts) if side == "hf_batched" else 1)
    startup = time.perf_counter() - t0
    gen.generate(texts[:2], keys[:2], sampling)  # warm-up
    gen.stats = generation.GenStats()
    out = gen.generate(texts, keys, sampling)
    return {
        "side": side,
        "startup_s": round(startup, 1),
        "generate_s": round(gen.stats.seconds, 2),
        "tokens": gen.stats.tokens,
        "tokens_per_s": round(gen.stats.tokens / gen.stats.seconds, 1),
        "completions": [c[0].text for c in out],
        "load": _load(),
    }


def bench_eval() -> dict:
    sides = {}
    for side in ("vllm", "hf_batched", "hf_one_prompt"):
        proc = subprocess.run([sys.executable, __file__, "--side", side], capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"{side} failed:\n{proc.stderr[-3000:]}")
        sides[side] = _result(proc.stdout)
    same = sum(
        a == b for a, b in zip(sides["vllm"].pop("completions"), sides["hf_batched"]["completions"], strict=True)
    )
    sides["hf_one_prompt"].pop("completions")
    sides["hf_batched"].pop("completions")
    v, b, o = (sides[k]["tokens_per_s"] for k in ("vllm", "hf_batched", "hf_one_prompt"))
    return {
        "prompts": EVAL_PROMPTS,
        "max_tokens": EVAL_TOKENS,
        "sides": sides,
        "greedy_equal_vllm_vs_hf": f"{same}/{EVAL_PROMPTS}",
        "ratio_vllm_over_hf_batched": round(v / b, 2),
        "ratio_vllm_over_hf_one_prompt": round(v / o, 2),
    }


# --------------------------------------------------------------------------------------------------------
# GRPO step time


def _grpo_side(use_vllm: bool, run_dir: str) -> dict:
    import torch
    from transformers import TrainerCallback
    from trl.extras import profiling

    phases: dict[int, dict[str, float]] = {}
    steps: dict[int, float] = {}
    state = {"step": 0, "t": 0.0}

    def log_metrics(self, duration: float) -> None:  # TRL's ProfilingContext: collect instead of wandb/mlflow
        name = self.name.rsplit(".", 1)[-1]
        if name == "_get_per_token_logps_and_entropies":
            name = "logps_grad" if torch.is_grad_enabled() else "logps_nograd"
        bucket = phases.setdefault(state["step"], {})
        bucket[name] = bucket.get(name, 0.0) + duration

    profiling.ProfilingContext._log_metrics = log_metrics

    class StepTimer(TrainerCallback):
        def on_step_begin(self, args, st, control, **kwargs):
            state["step"], state["t"] = st.global_step + 1, time.perf_counter()

        def on_step_end(self, args, st, control, **kwargs):
            steps[st.global_step] = time.perf_counter() - state["t"]

    from grpo_cli.commands import train as train_cmd

    own = train_cmd.extra_callbacks
    train_cmd.extra_callbacks = lambda out_dir, recipe: [*own(out_dir, recipe), StepTimer()]
    sets = [
        f"model.name={_smollm2()}", "model.gradient_checkpointing=false", f"data.path={SHARED / 'data' / 'gsm8k'}",
        "data.limit=16", "grpo.init=base", "grpo.num_generations=4", "grpo.per_device_batch_size=4",
        "grpo.gradient_accumulation_steps=1", "grpo.max_completion_length=32", f"grpo.max_steps={GRPO_STEPS}",
        "grpo.logging_steps=1", "grpo.save_steps=1000", f"grpo.use_vllm={str(use_vllm).lower()}",
    ]  # fmt: skip
    sys.argv = ["grpo", "train", "--recipe", "gsm8k-0.5b", "--run-dir", run_dir, "--overwrite"]
    sys.argv += [x for s in sets for x in ("--set", s)]
    from grpo_cli.cli import main

    t0 = time.perf_counter()
    try:
        main()
    except SystemExit as err:
        if err.code:
            raise
    total = time.perf_counter() - t0
    rows = []
    for step, seconds in sorted(steps.items()):
        p = phases.get(step, {})
        gen = p.get("generate", 0.0) + p.get("generate_batch", 0.0)
        row = {
            "step": step,
            "step_s": seconds,
            "generation_s": gen,
            "weight_sync_s": p.get("sync_weights", 0.0),
            "scoring_s": sum(v for k, v in p.items() if k in ("accuracy", "format", "digit_share", "overlong")),
            "logprobs_s": p.get("logps_nograd", 0.0),
        }
        row["update_s"] = seconds - sum(v for k, v in row.items() if k.endswith("_s") and k != "step_s")
        rows.append(row)
    warm = rows[1:] or rows
    median = {k: round(statistics.median(r[k] for r in warm), 2) for k in warm[0] if k.endswith("_s")}
    return {"use_vllm": use_vllm, "run_s": round(total, 1), "median_step": median, "steps": rows, "load": _load()}


def bench_grpo(tmp: Path) -> dict:
    sides = {}
    for use_vllm in (True, False):
        name = "vllm_colocate" if use_vllm else "hf_generate"
        cmd = [sys.executable, __file__, "--grpo-side", name, "--run-dir", str(tmp / name)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"{name} failed:\n{proc.stderr[-3000:]}")
        sides[name] = _result(proc.stdout)
    v, h = sides["vllm_colocate"]["median_step"], sides["hf_generate"]["median_step"]
    return {
        "completions_per_step": 4,
        "max_completion_length": 32,
        "steps": GRPO_STEPS,
        "sides": sides,
        "ratio_step_vllm_over_hf": round(v["step_s"] / h["step_s"], 2),
        "ratio_generation_vllm_over_hf": round(v["generation_s"] / h["generation_s"], 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", choices=("eval", "grpo", "all"), default="all")
    ap.add_argument("--out")
    ap.add_argument("--side")
    ap.add_argument("--grpo-side")
    ap.add_argument("--run-dir")
    a = ap.parse_args()
    if a.side:
        print(MARK + json.dumps(_eval_side(a.side)))  # vLLM's engine logs to stdout too
        return
    if a.grpo_side:
        result = _grpo_side(a.grpo_side == "vllm_colocate", a.run_dir)
        print(MARK + json.dumps(result))
        return
    import tempfile

    result = {"load_before": _load(), "cores": os.cpu_count()}
    if a.part in ("eval", "all"):
        result["eval"] = bench_eval()
    if a.part in ("grpo", "all"):
        with tempfile.TemporaryDirectory() as tmp:
            result["grpo"] = bench_grpo(Path(tmp))
    result["load_after"] = _load()
    text = json.dumps(result, indent=1)
    print(text)
    if a.out:
        Path(a.out).write_text(text + "\n")


if __name__ == "__main__":
    main()
