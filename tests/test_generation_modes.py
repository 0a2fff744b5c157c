"""HF generate's two modes (model.generation: eager | compiled) give the same greedy text, and the eval's batch is
sized from the GPU's memory unless the recipe sets one (issue 37).

`compiled` is a static KV cache plus transformers' torch.compile of the decode step (generation.compile_settings).
On a CPU the fast test compiles with the aot_eager backend (dynamo's capture of the decode step, the static cache,
the compiled-call path; no code generation, seconds instead of minutes); the slow tests compile with inductor, as a
GPU does, on the tiny model and on SmolLM2-135M-Instruct."""

from __future__ import annotations

import types

import pytest
import torch

from eval_models import tiny
from grpo_cli import recipes
from grpo_cli.evaluation import generation
from grpo_cli.evaluation.generation import HFGenerator, Sampling

PROMPTS = [f"User: what is {i} + {3 * i}?\nAssistant:" + " " * (i % 3) for i in range(6)]
KEYS = [f"p{i}" for i in range(6)]


@pytest.fixture(scope="module")
def wild_tiny():
    """The tiny model with large random weights: its greedy continuations differ from prompt to prompt (the
    untrained model's are all newlines, which would make "the same text" an empty claim)."""
    model, tok = tiny()
    g = torch.Generator().manual_seed(1)
    with torch.no_grad():
        for p in model.parameters():
            p.copy_(torch.randn(p.shape, generator=g) * (0.5 if p.dim() > 1 else 0.1) + (1.0 if p.dim() == 1 else 0.0))
    return model, tok


def generate(model, tok, mode: str, backend: str | None, batch: int = 3, max_tokens: int = 20):
    gen = HFGenerator(model, tok, batch_size=batch, mode=mode)
    if backend:
        gen.compile["compile_config"].backend = backend
    out = gen.generate(PROMPTS, KEYS, Sampling(max_tokens=max_tokens))
    return [c.text for per in out for c in per], gen


def test_compiled_greedy_text_is_the_eager_text(wild_tiny):
    model, tok = wild_tiny
    eager, _ = generate(model, tok, "eager", None)
    assert len(set(eager)) >= 4 and len(set("".join(eager))) >= 8, eager  # diverse enough to mean something
    compiled, gen = generate(model, tok, "compiled", "aot_eager")
    assert compiled == eager
    assert gen.stats.extra == {"batch_size": 3, "generation": "compiled"}


def test_compile_settings():
    assert generation.compile_settings("eager", "cuda") == {}
    gpu = generation.compile_settings("compiled", "cuda")
    assert gpu["cache_implementation"] == "static" and gpu["disable_compile"] is False
    assert gpu["compile_config"].mode == "reduce-overhead" and not gpu["compile_config"]._compile_all_devices
    assert generation.compile_settings("compiled", "cpu")["compile_config"]._compile_all_devices
    with pytest.raises(ValueError, match="model.generation"):
        generation.compile_settings("graphs", "cuda")


@pytest.mark.slow
def test_compiled_with_inductor_is_the_eager_text(wild_tiny):
    model, tok = wild_tiny
    eager, _ = generate(model, tok, "eager", None, batch=6)
    compiled, _ = generate(model, tok, "compiled", None, batch=6)  # inductor, as on a GPU
    assert compiled == eager


@pytest.mark.slow
@pytest.mark.real_model
def test_compiled_is_the_eager_text_on_smollm2():
    from grpo_cli import models
    from grpo_cli.config import ModelConfig
    from real_model import smollm2_dir

    cfg = ModelConfig(name=str(smollm2_dir()), dtype="fp32")
    model, tok = models.load_model(cfg.name, cfg, device="cpu"), models.load_tokenizer(cfg.name, cfg)
    prompts = [
        tok.apply_chat_template([{"role": "user", "content": q}], tokenize=False, add_generation_prompt=True)
        for q in ("What is 12 + 30?", "Tom has 3 apples and buys 4 more. How many apples?")
    ]
    runs = []
    for mode in ("eager", "compiled"):
        gen = HFGenerator(model, tok, batch_size=2, mode=mode, threads=1)
        runs.append([c.text for per in gen.generate(prompts, ["a", "b"], Sampling(max_tokens=24)) for c in per])
    assert runs[0] == runs[1]
    assert all(len(t) > 10 for t in runs[0])  # it said something


# ------------------------------------------------------------------------------------------------------------
# eval.batch_size 0: sized from memory, as vLLM sizes its KV pool

QWEN05 = types.SimpleNamespace(
    hidden_size=896, intermediate_size=4864, num_hidden_layers=24, num_attention_heads=14, num_key_value_heads=2,
    head_dim=64, vocab_size=151936,
)  # fmt: skip


def test_row_bytes_counts_kv_prefill_and_logits():
    # KV: 2 x 24 layers x 2 heads x 64 x 2 bytes = 12 KiB a token, for 154 + 256 tokens.
    kv = 12288 * 410
    prefill = 154 * (6 * 896 + 4 * 4864) * 2
    logits = 151936 * generation.LOGIT_BYTES
    assert generation.row_bytes(QWEN05, 154, 256) == kv + prefill + logits
    assert generation.row_bytes(QWEN05, 154, 512) - generation.row_bytes(QWEN05, 154, 256) == 12288 * 256


def test_memory_batch_size_on_an_h200_and_at_the_edges():
    gib = 1024**3
    total = int(140.4 * gib)
    per_row = generation.row_bytes(QWEN05, 154, 256)
    # The 0.5B model loaded (~1 GiB used): of 139 GiB free, all but 10% of the card, ~14 MB a row.
    rows = generation.memory_batch_size(total - gib, total, per_row, 10**6)
    assert rows == int((total - gib - 0.1 * total) // per_row)
    assert 7_000 < rows < 12_000
    assert generation.memory_batch_size(total - gib, total, per_row, 64) == 64  # never more rows than the eval has
    assert generation.memory_batch_size(int(0.05 * total), total, per_row, 64) == 1  # a full card: one row at a time
    # Twice the completion length, fewer rows; a bigger model's rows are bigger still.
    assert generation.memory_batch_size(total - gib, total, generation.row_bytes(QWEN05, 154, 512), 10**6) < rows


def test_auto_batch_size_on_a_cpu_is_the_default(wild_tiny):
    model, _ = wild_tiny
    assert generation.auto_batch_size(model, 100, 64, rows=500) == 32
    assert generation.auto_batch_size(model, 100, 64, rows=500, default=7) == 7


def test_the_eval_sizes_its_batch_unless_the_recipe_sets_one(tmp_path):
    from grpo_cli.stages import eval as eval_stage

    recipe = recipes.load("tiny")
    assert recipes.load("gsm8k-0.5b").eval.batch_size == 0  # the GPU recipes leave it to the memory
    common = dict(dataset="toy", limit=4, n=1, temperature=0.0, max_tokens=4, backend="hf")
    auto = eval_stage.run(recipe, "tiny", tmp_path / "a", batch_size=0, **common)
    assert auto["timing"]["batch_size"] == 32  # a CPU: the default
    assert auto["settings"]["batch_size"] == 0
    fixed = eval_stage.run(recipe, "tiny", tmp_path / "b", batch_size=3, **common)
    assert fixed["timing"]["batch_size"] == 3


# ------------------------------------------------------------------------------------------------------------
# GRPO's HF path: TRL's own key, and its compile switched on


def test_grpo_compiled_uses_trls_static_cache_and_turns_the_compile_on(tmp_path):
    from transformers import GenerationConfig

    from grpo_cli.stages import grpo

    recipe = recipes.load("tiny", ["model.generation=compiled"])
    assert grpo.grpo_config_kwargs(recipe, tmp_path, device="cpu")["cache_implementation"] == "static"
    assert "cache_implementation" not in grpo.grpo_config_kwargs(recipes.load("tiny"), tmp_path, device="cpu")
    # TRL builds its GenerationConfig with disable_compile=True; the stage turns it on (the trainer's own object).
    trainer = types.SimpleNamespace(
        generation_config=GenerationConfig(cache_implementation="static", disable_compile=True)
    )
    grpo.compiled_generation(trainer, recipe, "cuda")
    assert trainer.generation_config.disable_compile is False
    assert trainer.generation_config.compile_config.mode == "reduce-overhead"
    eager = types.SimpleNamespace(generation_config=GenerationConfig(disable_compile=True))
    grpo.compiled_generation(eager, recipes.load("tiny"), "cuda")
    assert eager.generation_config.disable_compile is True
    vllm = recipes.load("tiny", ["model.generation=compiled", "grpo.use_vllm=true"], world=False)
    assert "cache_implementation" not in grpo.grpo_config_kwargs(vllm, tmp_path, device="cpu")


def test_a_bad_generation_mode_is_one_line(cli):
    proc = cli("recipes", "show", "tiny", "--set", "model.generation=graphs")
    assert proc.returncode == 2
    assert "model.generation" in proc.stderr and "Traceback" not in proc.stderr
