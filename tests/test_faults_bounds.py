"""Fault injection, round two (issue 31): every number that sizes memory or time has an upper bound, what TRL or
transformers would refuse later is refused in config.validate, and `grpo estimate --json` is always valid JSON.

Each case is one line and exit 2 before anything is built (the tiny model of hidden_size 1e6 asked for a 4 TB
allocation; 1e9 toy rows generated for minutes; a scheduler TRL refuses failed only after the model was loaded).
"""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from test_faults import one_line_exit_2

grpo = run_cli


@pytest.mark.parametrize(
    "override, needle",
    [
        ("data.toy.num_train=1000000000", "data.toy.num_train=1000000000: at most 1,000,000"),
        ("model.tiny.hidden_size=1000000", "model.tiny.hidden_size=1000000: at most 8,192"),
        ("model.tiny.num_hidden_layers=100000", "model.tiny.num_hidden_layers=100000"),
        ("model.tiny.num_attention_heads=3", "multiple of num_attention_heads"),
        ("grpo.num_generations=1000000", "grpo.num_generations=1000000: at most"),
        ("grpo.per_device_batch_size=100000000", "grpo.per_device_batch_size=100000000: at most"),
        ("sft.max_steps=1000000000000", "sft.max_steps=1000000000000: at most"),
        ("eval.batch_size=10000000", "eval.batch_size=10000000: at most"),
        ("prm.max_length=100000000", "prm.max_length=100000000: at most"),
        ("estimate.prompt_len=1e308", "estimate.prompt_len=1e+308: at most"),
        ("grpo.seed=-1", "grpo.seed=-1: a seed must be in 0..4294967295"),
        ("sft.seed=4294967296", "sft.seed=4294967296"),
        ("model.tiny.seed=99999999999999999999", "model.tiny.seed=99999999999999999999"),
        ("model.attn_implementation=bogus", "model.attn_implementation: 'bogus' is not an attention implementation"),
        ("grpo.lr_scheduler=warmup_stable_decay", "lr_scheduler_kwargs"),
        ("sft.lr_scheduler=reduce_lr_on_plateau", "needs an eval metric"),
        ("grpo.lr_scheduler=cosine_with_min_lr", "min_lr"),
    ],
)
def test_recipe_numbers_past_their_bounds_are_one_line(override, needle):
    one_line_exit_2(grpo("train", "--recipe", "tiny", "--set", override, "--dry-run"), needle)


@pytest.mark.parametrize("attn", ["sdpa", "eager", "flash_attention_2", "paged|sdpa", "kernels-community/flash-attn"])
def test_real_attention_implementations_pass(attn):
    proc = grpo("train", "--recipe", "tiny", "--set", f"model.attn_implementation={attn}", "--dry-run")
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--len", "1e308"], "--len 1e+308: at most 131,072"),
        (["--params", "1e400"], "--params '1e400': at most 1e18"),
        (["--num-gpus", "1000000000"], "--num-gpus 1000000000: at most 1,000,000"),
        (["--prompts", "10000000000000"], "--prompts 10000000000000: at most"),
    ],
)
def test_estimate_inputs_past_their_bounds_are_one_line(args, needle):
    one_line_exit_2(grpo("estimate", "--recipe", "tiny", *args), needle)


@pytest.mark.parametrize(
    "change, needle",
    [
        ({"num_hidden_layers": -32}, "num_hidden_layers=-32 must be a whole number in 1..100,000"),
        ({"hidden_size": "4096"}, "hidden_size=4096 must be a whole number"),
        ({"vocab_size": 10**12}, "vocab_size=1000000000000"),
        ({"num_attention_heads": 0}, "num_attention_heads=0"),
    ],
)
def test_estimate_model_config_sizes_are_checked(tmp_path, change, needle):
    cfg = {"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 11008,
           "vocab_size": 32000, **change}  # fmt: skip
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg))
    # Before: a negative layer count printed negative GPU-hours.
    one_line_exit_2(grpo("estimate", "--recipe", "tiny", "--model", str(path)), str(path), needle)


def _strict_json(text: str):
    def refuse(constant):
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


def test_estimate_json_is_valid_json_even_for_unbounded_figures():
    # The tiny recipe's KV cache has no limit on sequences: that figure was printed as 'Infinity'.
    proc = grpo("estimate", "--recipe", "tiny", "--json")
    assert proc.returncode == 0, proc.stderr
    result = _strict_json(proc.stdout)
    assert result["generation"]["kv_limit_sequences"] is None
