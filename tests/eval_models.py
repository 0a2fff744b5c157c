"""Models for the eval tests: the real tiny Qwen2 + char tokenizer, and a "scripted" copy of it.

A scripted model is the tiny model with weights set so that the next token depends only on the current one: the
attention and MLP outputs are zeroed (o_proj, down_proj), so the hidden state at a position is its token's embedding,
and lm_head maps each token's embedding to its chosen successor. It runs the real transformers generate loop (KV
cache, padding, stopping) but emits text we choose, so stopping, truncation and scoring have known answers.
"""

from __future__ import annotations

from pathlib import Path

import torch

from grpo_cli import models
from grpo_cli.config import ModelConfig

TINY = ModelConfig()


def tiny(cfg: ModelConfig = TINY):
    """(model, tokenizer): the offline tiny model with its random initial weights."""
    return models.load_model("tiny", cfg), models.load_tokenizer("tiny", cfg)


def tokenizer():
    return models.load_tokenizer("tiny", TINY)


def scripted(chains: list[str | list[int]], scale: float = 8.0, cfg: ModelConfig = TINY):
    """(model, tokenizer) whose greedy and sampled continuation of token a is b for every a->b in `chains`
    (a chain is a string, or a list of token ids to reach special tokens such as EOS)."""
    model, tok = tiny(cfg)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if name.endswith(("o_proj.weight", "down_proj.weight")):
                p.zero_()
        emb = model.model.embed_tokens.weight
        emb.copy_(torch.randn(emb.shape, generator=torch.Generator().manual_seed(0)))
        head = torch.zeros_like(emb)
        for chain in chains:
            ids = chain if isinstance(chain, list) else tok(chain, add_special_tokens=False)["input_ids"]
            for a, b in zip(ids, ids[1:], strict=False):
                head[b] += emb[a]
        model.config.tie_word_embeddings = False
        model.lm_head.weight = torch.nn.Parameter(head * scale)
    # Its output ignores positions (attention is zeroed), so any prompt fits: say so, since evals check prompt +
    # max_tokens against the context (MATH-500 prompts run past the tiny model's 512 characters).
    model.config.max_position_embeddings = 8192
    return model, tok


def save(model, tok, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder
