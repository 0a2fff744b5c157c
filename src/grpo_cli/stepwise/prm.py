"""The learned step scorer: a process reward model in Qwen2.5-Math-PRM's convention.

Any Hugging Face PRM that follows Qwen2.5-Math-PRM (Zhang et al. 2025, "The Lessons of Developing Process Reward
Models in Mathematical Reasoning"; model card Qwen/Qwen2.5-Math-PRM-7B) works:

- the conversation is its chat template over [system, user: the question, assistant: the steps joined by the step
  separator token, `<extra_0>`, with one more after the last step];
- the model returns logits of shape (batch, tokens, 2) as its first output; a step's score is the positive-class
  probability, softmax(logits)[..., 1], at that step's separator token.

The recipe names it: `steps: {scorer: prm}` and `prm: {model: Qwen/Qwen2.5-Math-PRM-7B}` (its model class is remote
code in its repository: prm.trust_remote_code, on by default). A model whose config names a *ForTokenClassification
architecture with two labels has the same interface and loads without remote code; `prm.model: tiny` builds such a
model locally (a 2-layer Qwen2ForTokenClassification with the tiny model's character tokenizer plus the separator,
random weights, nothing downloaded), which is what the CPU tests score with.

Scoring is batched (prm.batch_size conversations per forward, sorted by length, right-padded) under inference mode.
A conversation longer than prm.max_length tokens is cut; the steps whose separators were cut off are not scored.
The model sits on the trainer's device (`place`), a whole replica per process, or sharded by DeepSpeed ZeRO-3 the
way TRL shards its reward models. Its memory is in `grpo train`'s fit check (grpo_cli.estimate, the PRM's weights
beside the policy).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from grpo_cli.errors import UserError

TINY_PRM_VERSION = 1


def build_tiny_prm(out_dir: Path, *, seed: int = 0, separator: str = "<extra_0>") -> None:
    """A randomly initialised PRM with Qwen2.5-Math-PRM's interface, small enough for a CPU test."""
    import torch
    from transformers import Qwen2Config, Qwen2ForTokenClassification

    from grpo_cli.models import build_tiny_tokenizer

    tokenizer = build_tiny_tokenizer(1024)
    tokenizer.add_special_tokens({"additional_special_tokens": ["<|im_start|>", separator]})
    config = Qwen2Config(
        vocab_size=len(tokenizer), hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
        num_key_value_heads=2, max_position_embeddings=1024, num_labels=2, pad_token_id=tokenizer.pad_token_id,
        architectures=["Qwen2ForTokenClassification"],
    )  # fmt: skip
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        model = Qwen2ForTokenClassification(config)
    out_dir.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out_dir)
    tokenizer.save_pretrained(out_dir)


def tiny_prm_dir() -> Path:
    """The tiny PRM's directory in the grpo-cli cache, built on first use."""
    from grpo_cli.models import build_once, cache_root

    version = hashlib.sha256(str(TINY_PRM_VERSION).encode()).hexdigest()[:12]
    return build_once(cache_root() / f"tiny-prm-{version}", build_tiny_prm)


def load_prm(name: str, *, revision: str | None = None, trust_remote_code: bool = True, dtype: Any = None):
    """(model, tokenizer) of a PRM: a *ForTokenClassification checkpoint through its auto class, anything else
    (Qwen2.5-Math-PRM's Qwen2ForProcessRewardModel) through AutoModel with its remote code. Eval mode, on CPU."""
    from transformers import AutoConfig, AutoModel, AutoModelForTokenClassification, AutoTokenizer

    path = str(tiny_prm_dir()) if name == "tiny" else name
    kwargs = {"revision": revision, "trust_remote_code": trust_remote_code}
    try:
        config = AutoConfig.from_pretrained(path, **kwargs)
        tokenizer = AutoTokenizer.from_pretrained(path, **kwargs)
        token_classifier = any(a.endswith("ForTokenClassification") for a in (config.architectures or []))
        auto = AutoModelForTokenClassification if token_classifier else AutoModel
        model = auto.from_pretrained(path, dtype=dtype, **kwargs)
    except (OSError, ValueError) as err:
        reason = (str(err).strip().splitlines() or [type(err).__name__])[0][:200]
        raise UserError(
            f"prm.model {name}: cannot load it ({reason}); pass a local folder or a Hub id of a PRM in "
            "Qwen2.5-Math-PRM's convention (prm.trust_remote_code=true for its remote model class)"
        ) from None
    return model.eval().requires_grad_(False), tokenizer


class PRMScorer:
    """A step scorer: scores[i][j] = P(step j of completion i is correct) by the PRM; None for a step cut off."""

    name = "prm"

    def __init__(self, model: Any, tokenizer: Any, *, step_separator: str = "<extra_0>", system: str = "",
                 batch_size: int = 8, max_length: int = 4096):  # fmt: skip
        ids = tokenizer.encode(step_separator, add_special_tokens=False)
        if len(ids) != 1:
            raise UserError(
                f"prm.step_separator {step_separator!r} is {len(ids)} tokens for this PRM's tokenizer, not one; "
                "use the separator its model card names (Qwen2.5-Math-PRM: <extra_0>)"
            )
        self.model, self.tokenizer = model, tokenizer
        self.separator, self.separator_id = step_separator, ids[0]
        self.system, self.batch_size, self.max_length = system, batch_size, max_length
        self.pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id

    @classmethod
    def from_recipe(cls, recipe: Any) -> PRMScorer:
        from grpo_cli.models import dtype_for

        p = recipe.prm
        dtype = dtype_for(recipe.model.__class__(dtype=p.dtype))
        model, tokenizer = load_prm(p.model, revision=p.revision, trust_remote_code=p.trust_remote_code, dtype=dtype)
        return cls(model, tokenizer, step_separator=p.step_separator, system=p.system, batch_size=p.batch_size,
                   max_length=p.max_length)  # fmt: skip

    def place(self, accelerator: Any, deepspeed: bool = False) -> None:
        """Move the PRM to the trainer's device; under DeepSpeed, shard it as TRL shards its reward models."""
        if deepspeed:
            from trl.models.utils import prepare_deepspeed

            self.model = prepare_deepspeed(self.model, accelerator)
        else:
            self.model = accelerator.prepare_model(self.model, evaluation_mode=True, device_placement=True)

    def conversation(self, question: str, steps: Sequence[str]) -> str:
        messages = [{"role": "system", "content": self.system}] if self.system else []
        messages += [
            {"role": "user", "content": question},
            {"role": "assistant", "content": self.separator.join(steps) + self.separator},
        ]
        if getattr(self.tokenizer, "chat_template", None):
            return self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=False)
        return "\n".join(m["content"] for m in messages)

    def __call__(self, questions: Sequence[str], steps: Sequence[Sequence[str]]) -> list[list[float | None]]:
        import torch

        scores: list[list[float | None]] = [[None] * len(per) for per in steps]
        todo = [i for i, per in enumerate(steps) if per]
        encoded = {
            i: self.tokenizer(self.conversation(questions[i], steps[i]), add_special_tokens=False)["input_ids"][
                : self.max_length
            ]
            for i in todo
        }
        todo.sort(key=lambda i: len(encoded[i]))  # similar lengths share a batch: less padding
        device = next(self.model.parameters()).device
        for b in range(0, len(todo), self.batch_size):
            chunk = todo[b : b + self.batch_size]
            width = max(len(encoded[i]) for i in chunk)
            ids = torch.full((len(chunk), width), self.pad_id, dtype=torch.long)
            mask = torch.zeros((len(chunk), width), dtype=torch.long)
            for row, i in enumerate(chunk):
                ids[row, : len(encoded[i])] = torch.tensor(encoded[i])
                mask[row, : len(encoded[i])] = 1
            with torch.inference_mode():
                out = self.model(input_ids=ids.to(device), attention_mask=mask.to(device))
            logits = out[0] if isinstance(out, (tuple, list)) else out.logits  # (batch, tokens, 2)
            positive = torch.softmax(logits.float(), dim=-1)[..., 1].cpu()
            for row, i in enumerate(chunk):
                at = ((ids[row] == self.separator_id) & mask[row].bool()).nonzero().flatten().tolist()
                for j, pos in enumerate(at[: len(steps[i])]):
                    scores[i][j] = float(positive[row, pos])
        return scores
