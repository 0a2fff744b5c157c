"""The parameter counts grpo estimate derives from config.json fields, against the real transformers models.

Built on the meta device: no memory, no download, exact counts (DeepSeek-V3's 671B included).
"""

from __future__ import annotations

import pytest

from grpo_cli import estimate as E
from grpo_cli import recipes

pytestmark = pytest.mark.slow  # importing torch + transformers takes seconds on 2 shared cores


def _count(model_cls, config) -> int:
    import torch

    with torch.device("meta"):
        model = model_cls(config)
    return sum(p.numel() for p in model.parameters())


@pytest.mark.parametrize("name", ["qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-7b", "qwen2.5-math-7b", "qwen2-7b"])
def test_qwen2_counts_match_transformers(name):
    from transformers import Qwen2Config, Qwen2ForCausalLM

    fields = {k: v for k, v in E.KNOWN_CONFIGS[name].items() if k != "model_type"}
    assert _count(Qwen2ForCausalLM, Qwen2Config(**fields)) == E.ARCHS[name].total_params


def test_deepseek_v3_count_matches_transformers():
    from transformers import DeepseekV3Config, DeepseekV3ForCausalLM

    fields = {k: v for k, v in E.KNOWN_CONFIGS["deepseek-v3"].items() if k != "model_type"}
    assert _count(DeepseekV3ForCausalLM, DeepseekV3Config(**fields)) == E.ARCHS["deepseek-v3"].total_params


def test_tiny_count_matches_the_model_grpo_builds():
    from transformers import Qwen2Config, Qwen2ForCausalLM

    from grpo_cli.models import build_tiny_tokenizer

    tiny = recipes.load("tiny").model.tiny
    vocab = len(build_tiny_tokenizer(tiny.max_position_embeddings))
    assert vocab == E.TINY_VOCAB
    config = Qwen2Config(
        vocab_size=vocab,
        hidden_size=tiny.hidden_size,
        intermediate_size=tiny.intermediate_size,
        num_hidden_layers=tiny.num_hidden_layers,
        num_attention_heads=tiny.num_attention_heads,
        num_key_value_heads=tiny.num_key_value_heads,
        tie_word_embeddings=True,
    )
    assert _count(Qwen2ForCausalLM, config) == E.tiny_arch(tiny).total_params


def test_lora_adapter_count_matches_peft():
    from peft import LoraConfig, get_peft_model
    from transformers import Qwen2Config, Qwen2ForCausalLM

    fields = {k: v for k, v in E.KNOWN_CONFIGS["qwen2.5-0.5b"].items() if k != "model_type"}
    import torch

    with torch.device("meta"):
        model = Qwen2ForCausalLM(Qwen2Config(**fields))
    targets = recipes.load("gsm8k-0.5b").model.lora_target_modules
    peft_model = get_peft_model(model, LoraConfig(r=16, target_modules=list(targets)))
    trainable = sum(p.numel() for p in peft_model.parameters() if p.requires_grad)
    assert trainable == E.ARCHS["qwen2.5-0.5b"].lora_params(16, targets)
