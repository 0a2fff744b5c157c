"""Overhead of `grpo train` over a bare TRL GRPOTrainer script with the same settings, same process, interleaved.

Workload: the `tiny` recipe's GRPO settings (offline tiny model, toy task, G=8, 64 completions per step, at most 64
new tokens, beta 0.04 so a reference model too), CPU, from the base model. Two sides:
  grpo  `grpo_cli.stages.grpo.run` with the callbacks `grpo train` attaches (run directory writer, Ctrl-C handler,
        the live monitor): recipe -> GRPOConfig mapping, metrics.jsonl, samples.jsonl, run.json, final/.
  bare  what a user writes by hand: GRPOConfig with the same values, GRPOTrainer, trainer.train(), save_model.
Both get the same timing callback. Step time = wall time from one step's start to the next one's (so logging and
the run-directory writes between steps count), median over the steps after a warm-up. Rounds alternate
grpo/bare so that load from other processes hits both alike. The figure quoted is median(grpo) / median(bare).

    .venv/bin/python bench/bench_train_overhead.py                 # prints the figures (docs/training.md quotes them)
    BENCH_STEPS=40 BENCH_ROUNDS=3 .venv/bin/python bench/bench_train_overhead.py
    make bench                                                     # the same, as a pytest that checks ratio <= 1.05
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

STEPS = int(os.environ.get("BENCH_STEPS", "30"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
WARMUP = 3
TARGET = 1.05


def _timer():
    from transformers import TrainerCallback

    class StepTimer(TrainerCallback):
        def __init__(self):
            self.starts: list[float] = []

        def on_step_begin(self, args, state, control, **kwargs):
            self.starts.append(time.perf_counter())

        def on_train_end(self, args, state, control, **kwargs):
            self.starts.append(time.perf_counter())

        def step_times(self) -> list[float]:
            return [b - a for a, b in zip(self.starts, self.starts[1:], strict=False)][WARMUP:]

    return StepTimer()


def _recipe():
    from grpo_cli import recipes

    return recipes.load("tiny", [f"grpo.max_steps={STEPS}", "grpo.init=base", "grpo.save_steps=1000"])


def run_grpo(out: Path) -> list[float]:
    from grpo_cli.commands.train import extra_callbacks
    from grpo_cli.stages import grpo

    recipe = _recipe()
    timer = _timer()
    grpo.run(recipe, out, init_from=None, callbacks=[*extra_callbacks(out, recipe), timer])
    return timer.step_times()


def run_bare(out: Path) -> list[float]:
    """A hand-written TRL script: the same settings, none of grpo-cli's machinery around the trainer."""
    import datasets
    from trl import GRPOConfig, GRPOTrainer

    from grpo_cli import models
    from grpo_cli.data import load_train
    from grpo_cli.prompts import render_prompt
    from grpo_cli.rewards import build_reward_funcs

    recipe = _recipe()
    g = recipe.grpo
    path = str(models.tiny_model_dir(recipe.model))
    tokenizer = models.load_tokenizer(path, recipe.model)
    problems, _ = load_train(recipe)
    dataset = datasets.Dataset.from_list(
        [{"prompt": render_prompt(tokenizer, p.question, recipe.prompt), "answer": p.answer, "task": p.task}
         for p in problems]
    )  # fmt: skip
    funcs, weights = build_reward_funcs(recipe)
    args = GRPOConfig(
        output_dir=str(out), learning_rate=g.learning_rate, lr_scheduler_type=g.lr_scheduler, warmup_steps=g.warmup_ratio,
        max_steps=g.max_steps, per_device_train_batch_size=g.per_device_batch_size, num_generations=g.num_generations,
        max_completion_length=g.max_completion_length, loss_type=g.loss_type, beta=g.beta, epsilon=g.epsilon,
        temperature=g.temperature, top_p=g.top_p, logging_steps=g.logging_steps, save_steps=g.save_steps,
        seed=g.seed, data_seed=g.seed, reward_weights=weights, bf16=False, use_cpu=True, report_to="none",
        activation_checkpointing=False, model_init_kwargs={"dtype": "float32"},
    )  # fmt: skip
    timer = _timer()
    trainer = GRPOTrainer(
        model=path, reward_funcs=funcs, args=args, train_dataset=dataset, processing_class=tokenizer, callbacks=[timer]
    )
    trainer.train()
    trainer.save_model(str(out / "final"))
    return timer.step_times()


def measure() -> dict:
    import torch

    torch.set_num_threads(int(os.environ.get("BENCH_THREADS", "2")))
    sides: dict[str, list[float]] = {"grpo": [], "bare": []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(ROUNDS):
            for name, fn in (("grpo", run_grpo), ("bare", run_bare)):
                sides[name] += fn(Path(tmp) / f"{name}-{r}")
    med = {name: statistics.median(times) for name, times in sides.items()}
    return {
        "steps_per_round": STEPS,
        "rounds": ROUNDS,
        "median_step_s": med,
        "mean_step_s": {name: statistics.fmean(times) for name, times in sides.items()},
        "ratio_grpo_over_bare": med["grpo"] / med["bare"],
        "target": TARGET,
    }


def test_grpo_train_overhead_within_5_percent():
    result = measure()
    print(json.dumps(result, indent=2))
    assert result["ratio_grpo_over_bare"] <= TARGET, result


if __name__ == "__main__":
    print(json.dumps(measure(), indent=2))
    sys.exit(0)
