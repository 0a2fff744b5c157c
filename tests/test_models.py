"""The offline tiny model: deterministic build, character-level tokenizer, cache, dtype, adapters merged on load."""

from __future__ import annotations

import string

import pytest
import torch

from grpo_cli import models
from grpo_cli.config import ModelConfig, TinyModelConfig
from grpo_cli.errors import UserError

SMALL = TinyModelConfig(hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=2,
                        num_key_value_heads=1, max_position_embeddings=128)  # fmt: skip


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GRPO_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_build_is_deterministic(tmp_path):
    models.build_tiny_model(SMALL, tmp_path / "a")
    models.build_tiny_model(SMALL, tmp_path / "b")
    assert (tmp_path / "a" / "model.safetensors").read_bytes() == (tmp_path / "b" / "model.safetensors").read_bytes()
    models.build_tiny_model(TinyModelConfig(**{**SMALL.__dict__, "seed": 1}), tmp_path / "c")
    assert (tmp_path / "a" / "model.safetensors").read_bytes() != (tmp_path / "c" / "model.safetensors").read_bytes()


def test_built_once_into_the_cache_and_reused(cache):
    cfg = ModelConfig(tiny=SMALL)
    path = models.tiny_model_dir(cfg)
    assert path.parent == cache and path.name.startswith("tiny-")
    stamp = (path / "model.safetensors").stat().st_mtime_ns
    assert models.tiny_model_dir(cfg) == path
    assert (path / "model.safetensors").stat().st_mtime_ns == stamp
    other = models.tiny_model_dir(ModelConfig(tiny=TinyModelConfig(**{**SMALL.__dict__, "hidden_size": 16})))
    assert other != path  # the architecture is part of the cache key
    assert not [p for p in cache.iterdir() if p.name.startswith(".")]  # no half-built leftovers


def test_a_small_qwen2(cache):
    model = models.load_model("tiny", ModelConfig())
    assert model.config.model_type == "qwen2" and model.dtype == torch.float32
    assert 50_000 < models.count_parameters(model) < 150_000
    assert model.config.tie_word_embeddings


def test_character_level_tokenizer(cache):
    tok = models.load_tokenizer("tiny", ModelConfig(tiny=SMALL))
    assert type(tok).__name__ == "Qwen2Tokenizer"  # what AutoTokenizer picks for qwen2: it must rebuild the same
    text = string.printable.replace("\r", "").replace("\x0b", "").replace("\x0c", "")
    ids = tok(text, add_special_tokens=False)["input_ids"]
    assert len(ids) == len(text)  # one token per character, spaces and newlines included
    assert tok.decode(ids) == text
    assert len(tok) == 3 + 2 + 95  # specials + newline/tab + printable ASCII
    for special in ("<|im_start|>", "<|im_end|>", "<|endoftext|>"):
        assert len(tok(special, add_special_tokens=False)["input_ids"]) == 1
    assert tok.eos_token == "<|im_end|>" and tok.pad_token == "<|endoftext|>"
    assert tok.decode(tok("né", add_special_tokens=False)["input_ids"]) == "n"  # non-ASCII is dropped


def test_chat_template(cache):
    tok = models.load_tokenizer("tiny", ModelConfig(tiny=SMALL))
    text = tok.apply_chat_template([{"role": "user", "content": "hi"}], tokenize=False, add_generation_prompt=True)
    assert text == "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"


def test_dtype_on_cpu_is_fp32_whatever_the_recipe_says():
    for dtype in ("auto", "bf16", "fp16", "fp32"):
        assert models.dtype_for(ModelConfig(dtype=dtype), "cpu") == torch.float32


def test_dtype_on_gpu_follows_the_recipe(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda *a, **k: True)
    assert models.dtype_for(ModelConfig(dtype="auto"), "cuda") == torch.bfloat16
    assert models.dtype_for(ModelConfig(dtype="fp16"), "cuda") == torch.float16
    assert models.dtype_for(ModelConfig(dtype="fp32"), "cuda") == torch.float32


def test_adapter_directory_is_merged_on_load(cache, tmp_path):
    from peft import get_peft_model

    cfg = ModelConfig(tiny=SMALL, lora=True, lora_rank=4, lora_target_modules=["q_proj", "v_proj"])
    base = models.load_model("tiny", cfg)
    peft_model = get_peft_model(base, models.lora_config(cfg))
    with torch.no_grad():  # give the adapter non-zero weights so merging matters
        for name, param in peft_model.named_parameters():
            if "lora_B" in name:
                param.normal_(0, 0.5)
    peft_model.save_pretrained(tmp_path / "adapter")
    ids = torch.tensor([[5, 6, 7, 8]])
    expected = peft_model.eval()(ids).logits  # eval: no LoRA dropout
    merged = models.load_model(tmp_path / "adapter", cfg)
    assert not any("lora" in name for name, _ in merged.named_parameters())
    torch.testing.assert_close(merged(ids).logits, expected, rtol=1e-4, atol=1e-4)
    assert models.load_tokenizer(tmp_path / "adapter", cfg).eos_token == "<|im_end|>"  # from the base


def test_a_directory_that_is_not_a_model(tmp_path):
    with pytest.raises(UserError, match="not a model directory"):
        models.resolve(tmp_path, ModelConfig())
