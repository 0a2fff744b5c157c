"""The eval's vLLM backend on vLLM's CPU build, against the HF backend.

- The scripted tiny model (tests/eval_models.py; 2 attention heads, so head size 32, which vLLM's CPU attention
  takes; the default tiny model's 16 it refuses) in process: stop string, EOS, truncation and seeded samples.
- SmolLM2-135M-Instruct through `grpo eval --backend vllm` and `--backend hf` in real subprocesses: the same
  prompts, the same greedy completions, finish reasons, verdicts and summary (64 tokens: SmolLM2 runs to the limit
  there, so EOS and the stop string are checked on the scripted model).
- A LoRA adapter (rank 4, served in vLLM's smallest slot that holds it, 8) through vLLM's LoRARequest against the
  HF backend, which merges it into the base.
"""

from __future__ import annotations

import json
import os

import pytest

from conftest import run_cli
from vllm_cases import ENGINE_ENV, require_vllm

pytestmark = [pytest.mark.vllm, pytest.mark.timeout(1800)]

LIMIT, MAX_TOKENS = 4, 64


@pytest.fixture(scope="module")
def smollm2():
    from real_model import smollm2_dir

    return smollm2_dir()


def test_vllm_backend_matches_the_contract(tmp_path):
    require_vllm()
    from eval_models import save, scripted
    from grpo_cli.config import ModelConfig, TinyModelConfig
    from grpo_cli.evaluation import generation
    from grpo_cli.evaluation.generation import Sampling

    cfg = ModelConfig(tiny=TinyModelConfig(num_attention_heads=2))
    eos = scripted([], cfg=cfg)[1].eos_token_id
    model, tok = scripted(["#4</answer>zz", [*tok_ids(cfg, "%7"), eos], "qq"], cfg=cfg)
    folder = save(model, tok, tmp_path / "scripted")
    os.environ.update(ENGINE_ENV)
    gen = generation.VLLMGenerator(str(folder), max_model_len=256)
    try:
        sampling = Sampling(n=2, temperature=1.0, max_tokens=12, seed=3)
        out = gen.generate(["Q#", "Q%", "Qq"], ["a", "b", "c"], sampling)
        assert [c.finish for c in out[0]] == ["stop", "stop"] and out[0][0].text == "4</answer>"
        assert [(c.text, c.finish) for c in out[1]] == [("7", "eos"), ("7", "eos")]
        assert all(c.truncated and c.tokens == 12 for c in out[2])
        assert gen.generate(["Q#", "Q%", "Qq"], ["a", "b", "c"], sampling) == out  # seeded: the same samples
        # The token ids vLLM is handed are the HF backend's (encode_prompt), not vLLM's own encoding of the text.
        engine_tok = gen.llm.get_tokenizer()
        for text in ("Q#", "<|im_start|>user\nQ%<|im_end|>\n"):
            assert generation.encode_prompt(engine_tok, text) == generation.encode_prompt(tok, text)
    finally:
        gen.llm.llm_engine.engine_core.shutdown()  # the engine process, before pytest closes its log streams


def tok_ids(cfg, text: str) -> list[int]:
    from grpo_cli import models

    return models.load_tokenizer("tiny", cfg)(text, add_special_tokens=False)["input_ids"]


def _eval(tmp_path, name: str, backend: str, ckpt, smollm2, gsm8k) -> tuple[list[dict], dict]:
    out = tmp_path / name
    proc = run_cli(
        "eval", "--recipe", "gsm8k-0.5b", "--ckpt", str(ckpt), "--backend", backend, "--limit", str(LIMIT),
        "--max-tokens", str(MAX_TOKENS), "--temperature", "0", "--output", str(out),
        "--set", f"model.name={smollm2}", "--set", f"data.path={gsm8k}", "--set", "model.dtype=fp32",
        env=ENGINE_ENV, timeout=900,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-4000:]
    rows = [json.loads(line) for line in (out / "samples.jsonl").read_text().splitlines()]
    return rows, json.loads((out / "summary.json").read_text())


def _same_eval(vl: tuple[list[dict], dict], hf: tuple[list[dict], dict]) -> None:
    (vrows, vsum), (hrows, hsum) = vl, hf
    assert vsum["settings"]["backend"] == "vllm" and hsum["settings"]["backend"] == "hf"
    assert [r["prompt"] for r in vrows] == [r["prompt"] for r in hrows]
    for v, h in zip(vrows, hrows, strict=True):
        assert (v["completion"], v["finish"], v["tokens"]) == (h["completion"], h["finish"], h["tokens"]), v["id"]
        assert (v["correct"], v["correct_strict"], v["extracted"]) == (
            h["correct"],
            h["correct_strict"],
            h["extracted"],
        )
    strip = ("timing", "created", "settings")
    assert {k: v for k, v in vsum.items() if k not in strip} == {k: v for k, v in hsum.items() if k not in strip}


def test_grpo_eval_vllm_and_hf_agree_on_smollm2(smollm2, sample_data, tmp_path):
    require_vllm()
    gsm8k = sample_data / "gsm8k"
    vl = _eval(tmp_path, "vllm", "vllm", smollm2, smollm2, gsm8k)
    hf = _eval(tmp_path, "hf", "hf", smollm2, smollm2, gsm8k)
    _same_eval(vl, hf)


def test_a_lora_adapter_through_vllm_gives_the_hf_adapter_output(smollm2, sample_data, tmp_path):
    require_vllm()
    import torch
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM, AutoTokenizer

    base = AutoModelForCausalLM.from_pretrained(smollm2, dtype=torch.float32)
    config = LoraConfig(r=4, lora_alpha=8, target_modules=["q_proj", "v_proj"], init_lora_weights=False)
    torch.manual_seed(0)
    adapter = get_peft_model(base, config)  # init_lora_weights=False: B is random, so the adapter changes outputs
    adapter.save_pretrained(tmp_path / "adapter")
    AutoTokenizer.from_pretrained(smollm2).save_pretrained(tmp_path / "adapter")
    gsm8k = sample_data / "gsm8k"
    vl = _eval(tmp_path, "vllm", "vllm", tmp_path / "adapter", smollm2, gsm8k)
    hf = _eval(tmp_path, "hf", "hf", tmp_path / "adapter", smollm2, gsm8k)
    _same_eval(vl, hf)
    plain = _eval(tmp_path, "base", "hf", smollm2, smollm2, gsm8k)[0]
    assert [r["completion"] for r in plain] != [r["completion"] for r in vl[0]], "the adapter changed nothing"
