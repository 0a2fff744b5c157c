"""A real pretrained model through every stage: SmolLM2-135M-Instruct (tests/real_model.py), a real BPE tokenizer with
a ChatML template, where the tiny model's character tokenizer cannot break anything.

One `grpo run` in a real subprocess takes it through eval of the base on three GSM8K rows, LoRA SFT (2 steps), eval
of the SFT adapter, GRPO from that adapter (2 steps, G=2) and eval of the GRPO adapter. The other tests load the model
once in process and check what only a real tokenizer can get wrong: the chat template in the prompt, stopping at EOS
and at `</answer>` when BPE merges the tag with its neighbours, left padding in a batch, an adapter merged onto its
base, and the prompt builder, the reward and the eval metric agreeing on what the model wrote.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml

from conftest import run_cli
from grpo_cli import rundir

pytestmark = [pytest.mark.slow, pytest.mark.real_model]

QUESTION = "Tom has 3 apples and buys 4 more. How many apples does he have?"
# Shorter than the R1 prompt: every prompt token is a forward and backward pass of a 135M model on a CPU.
SYSTEM = "Think inside <think></think>, then give the final number inside <answer></answer>."


@pytest.fixture(scope="module")
def smollm2() -> Path:
    from real_model import smollm2_dir

    return smollm2_dir()


def real_recipe(model_dir: Path, gsm8k: Path) -> dict:
    """A LoRA recipe on SmolLM2 cut to seconds: 8 training problems, 2 SFT steps of one example, 2 GRPO steps of one
    prompt x G 2, 3 eval problems, short completions."""
    return {
        "description": "SmolLM2-135M-Instruct through every stage (tests/test_real_model.py)",
        "model": {"name": str(model_dir), "dtype": "fp32", "lora": True, "lora_rank": 8, "lora_alpha": 16},
        "data": {"dataset": "gsm8k", "path": str(gsm8k), "limit": 8},
        "prompt": {"system": SYSTEM},
        "sft": {"max_steps": 2, "per_device_batch_size": 1, "max_length": 512, "learning_rate": 1e-3,
                "warmup_ratio": 0.0, "logging_steps": 1, "save_steps": 100},
        "grpo": {"init": "sft", "num_generations": 2, "per_device_batch_size": 2, "max_completion_length": 16,
                 "max_steps": 2, "logging_steps": 1, "save_steps": 100, "samples_per_log": 2, "learning_rate": 1e-4},
        "rewards": {"accuracy": 1.0, "format": 0.2},
        "eval": {"dataset": "gsm8k", "limit": 3, "n": 1, "temperature": 0.0, "max_tokens": 32, "batch_size": 3},
    }  # fmt: skip


@pytest.fixture(scope="module")
def pipeline(smollm2, sample_data, tmp_path_factory) -> Path:
    """DIR/smollm2/ after `grpo run` (eval-base, sft, eval-sft, grpo, eval-grpo)."""
    tmp = tmp_path_factory.mktemp("real")
    recipe = tmp / "smollm2.yaml"
    recipe.write_text(yaml.safe_dump(real_recipe(smollm2, sample_data / "gsm8k")))
    # One intra-op thread unless the caller chose: on a busy machine torch's spinning threads make a 135M model's
    # decoding 10x slower (3 prompts x 32 tokens took 877 s with 2 threads at load 20), on an idle one 1 costs little.
    threads = {"OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1")}
    proc = run_cli("run", "--recipe", str(recipe), "--run-dir", str(tmp / "runs"), "--json", env=threads, timeout=2400)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return tmp / "runs" / "smollm2"


@pytest.fixture(scope="module")
def loaded(smollm2):
    from grpo_cli import models
    from grpo_cli.config import ModelConfig

    cfg = ModelConfig(name=str(smollm2), dtype="fp32")
    return models.load_model(str(smollm2), cfg, device="cpu"), models.load_tokenizer(str(smollm2), cfg)


# --------------------------------------------------------------------------------------------------------
# the model and its tokenizer, in process


def test_the_prompt_is_the_models_own_chat_template(loaded):
    from grpo_cli import prompts
    from grpo_cli.config import PromptConfig

    _, tok = loaded
    cfg = PromptConfig()
    text = prompts.render_prompt(tok, QUESTION, cfg)
    assert prompts.uses_chat_template(tok, cfg)
    # SmolLM2's ChatML: the recipe's system prompt replaces the template's default one, the turn is open for the answer
    assert text.startswith("<|im_start|>system\n" + cfg.system + "<|im_end|>\n<|im_start|>user\n")
    assert text.endswith(QUESTION + "<|im_end|>\n<|im_start|>assistant\n")
    assert "SmolLM" not in text
    # the special tokens are single ids, not spelled out in BPE pieces
    ids = tok(text, add_special_tokens=False)["input_ids"]
    assert ids.count(tok.convert_tokens_to_ids("<|im_start|>")) == 3
    assert tok.eos_token == "<|im_end|>"


class _Script:
    """A forward hook on the LM head that makes the real model emit `text` token by token (greedy picks the only
    finite logit), so stopping is tested with the real tokenizer's merges inside the real generate loop."""

    def __init__(self, ids: list[int]):
        self.ids, self.step = ids, 0

    def __call__(self, module, args, logits):
        # logits: (rows, positions, vocab); the last position is the next token
        forced = logits.new_full(logits.shape[-1:], float("-inf"))
        forced[self.ids[min(self.step, len(self.ids) - 1)]] = 0.0
        self.step += 1
        logits[:, -1, :] = forced
        return logits


def _scripted(loaded, text: str, *, max_tokens: int = 64):
    from grpo_cli.evaluation import generation

    model, tok = loaded
    script = _Script(tok(text, add_special_tokens=False)["input_ids"])
    handle = model.lm_head.register_forward_hook(script)
    try:
        gen = generation.HFGenerator(model, tok, batch_size=1)
        (completion,) = gen.generate(["<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"], ["k"],
                                     generation.Sampling(max_tokens=max_tokens))[0]  # fmt: skip
    finally:
        handle.remove()
    return completion, script.step


def test_generation_stops_right_after_answer_tag_even_when_bpe_merges_it(loaded):
    _, tok = loaded
    text = "<think>3 + 4 = 7</think>\n<answer>7</answer>\n\nSo the answer is 7."
    pieces = tok.convert_ids_to_tokens(tok(text, add_special_tokens=False)["input_ids"])
    assert "</answer>" not in pieces  # the tag is several BPE pieces (one of them merged with what follows)
    completion, steps = _scripted(loaded, text)
    assert completion.finish == "stop"
    assert completion.text == "<think>3 + 4 = 7</think>\n<answer>7</answer>"
    assert steps < len(pieces)  # generation stopped, it did not run on to the end of the script


def test_generation_stops_at_eos_and_drops_it(loaded):
    completion, steps = _scripted(loaded, "<answer>7</answer<|im_end|>more text after the end of the turn")
    assert completion.finish == "eos"
    assert completion.text == "<answer>7</answer"
    assert "<|im_end|>" not in completion.text and steps <= 8


def test_left_padding_gives_each_prompt_the_same_greedy_completion_as_alone(loaded):
    """The tokenizer pads on the right (its GGUF default); generation must left-pad so that a short prompt batched
    with a long one continues from its own last token."""
    from grpo_cli import prompts
    from grpo_cli.config import PromptConfig
    from grpo_cli.evaluation import generation

    model, tok = loaded
    assert tok.padding_side == "right"
    short = prompts.render_prompt(tok, "What is 2 + 2?", PromptConfig())
    long = prompts.render_prompt(tok, QUESTION + " Explain every step of the sum in detail, please.", PromptConfig())
    sampling = generation.Sampling(max_tokens=12)
    alone = generation.HFGenerator(model, tok, batch_size=1).generate([short], ["a"], sampling)[0][0]
    batched = generation.HFGenerator(model, tok, batch_size=2).generate([long, short], ["b", "a"], sampling)[1][0]
    assert batched.text == alone.text and alone.tokens > 0


def test_the_real_model_ends_its_turn_with_eos(loaded):
    from grpo_cli.evaluation import generation

    model, tok = loaded
    prompt = tok.apply_chat_template(
        [{"role": "user", "content": "Reply with one word: hello."}], tokenize=False, add_generation_prompt=True
    )
    (c,) = generation.HFGenerator(model, tok).generate([prompt], ["k"], generation.Sampling(max_tokens=48))[0]
    assert c.finish == "eos" and 0 < c.tokens < 48 and "<|im_end|>" not in c.text


# --------------------------------------------------------------------------------------------------------
# every stage, through the CLI


def test_every_stage_finishes_and_writes_its_folder(pipeline):
    for stage in ("sft", "grpo"):
        info = rundir.read_run_info(pipeline / stage)
        assert info["status"] == "finished" and info["step"] == 2, info
        assert (pipeline / stage / "final" / "adapter_config.json").is_file()
    for stage in ("eval-base", "eval-sft", "eval-grpo"):
        summary = json.loads((pipeline / stage / "summary.json").read_text())
        assert summary["counts"]["samples"] == 3 and summary["settings"]["chat_template"], summary["counts"]
    sft_rows = rundir.read_jsonl(pipeline / "sft" / "metrics.jsonl")
    assert [r["step"] for r in sft_rows if "loss" in r] == [1, 2]


def test_adapters_record_the_local_base_and_change_the_model(pipeline, smollm2, loaded):
    """Each adapter names the converted folder as its base (never a Hub id, so it loads offline) and, merged onto it,
    gives a model that differs from the base: the training moved it, saving and loading kept it."""
    import torch

    from grpo_cli import models
    from grpo_cli.config import ModelConfig

    base, tok = loaded
    cfg = ModelConfig(name=str(smollm2), dtype="fp32")
    ids = torch.tensor([tok(QUESTION)["input_ids"]])
    with torch.no_grad():
        base_logits = base(ids).logits
    for stage in ("sft", "grpo"):
        final = pipeline / stage / "final"
        adapter = json.loads((final / "adapter_config.json").read_text())
        assert Path(adapter["base_model_name_or_path"]).resolve() == smollm2.resolve()
        merged = models.load_model(final, cfg, device="cpu")
        with torch.no_grad():
            diff = (merged(ids).logits - base_logits).abs().max().item()
        assert diff > 1e-4, f"{stage}: the merged adapter left the model unchanged"


def test_prompt_reward_and_eval_agree_on_what_the_model_wrote(pipeline, smollm2):
    """The eval rows: the prompt is the model's chat template; rescoring each completion with the reward function gives
    the verdict the eval recorded. The GRPO samples: the same prompt builder, and the logged reward recomputed."""
    from grpo_cli import recipes, rewards

    recipe = recipes.load(str(pipeline / "grpo" / "recipe.yaml"), [])
    funcs, weights = rewards.build_reward_funcs(recipe)
    named = dict(zip([f.__name__ for f in funcs], funcs, strict=True))
    for stage in ("eval-base", "eval-sft", "eval-grpo"):
        rows = rundir.read_jsonl(pipeline / stage / "samples.jsonl")
        for row in rows:
            assert row["prompt"].startswith("<|im_start|>system\n" + SYSTEM + "<|im_end|>\n<|im_start|>user\n")
            assert row["prompt"].endswith("<|im_end|>\n<|im_start|>assistant\n")
            assert "<|im_end|>" not in row["completion"]
            if row["finish"] == "stop":
                assert row["completion"].endswith("</answer>")
            (acc,) = named["accuracy"]([row["completion"]], answer=[row["answer"]], task=[row["task"]])
            assert acc == float(row["correct"]), row
    samples = rundir.read_jsonl(pipeline / "grpo" / "samples.jsonl")
    assert samples and {s["step"] for s in samples} == {1, 2}
    for s in samples:
        assert s["prompt"].startswith("<|im_start|>system\n") and s["prompt"].endswith("<|im_start|>assistant\n")
        # format reads the text alone (the logged rows carry no reference): it must match what GRPO rewarded
        assert named["format"]([s["completion"]])[0] == s["rewards"]["format"]
        weighted = [w * v for w, v in zip(weights, s["rewards"].values(), strict=True) if v is not None]
        assert s["reward"] == pytest.approx(sum(weighted))
