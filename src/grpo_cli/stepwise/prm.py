"""The learned step scorer: a process reward model in Qwen2.5-Math-PRM's convention.

Any Hugging Face PRM that follows Qwen2.5-Math-PRM (Zhang et al. 2025, "The Lessons of Developing Process Reward
Models in Mathematical Reasoning"; model card Qwen/Qwen2.5-Math-PRM-7B) works:

- the conversation is its chat template over [system, user: the question, assistant: the steps joined by the step
  separator token, `<extra_0>`, with one more after the last step];
- the model returns logits of shape (batch, tokens, 2) as its first output; a step's score is the positive-class
  probability, softmax(logits)[..., 1], at that step's separator token.

The recipe names it: `steps: {scorer: prm}` and `prm: {model: Qwen/Qwen2.5-Math-PRM-7B}`. Its model class is remote
code in its repository (the config's `auto_map`), which runs only with `prm.trust_remote_code: true` (off by default:
a shared recipe must not run a stranger's Python at load); the files and classes that will run are named before
anything loads, in the refusal or on stderr. A model whose config names a *ForTokenClassification
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
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from grpo_cli.config import Recipe
from grpo_cli.errors import UserError
from grpo_cli.prompts import bounded

TINY_PRM_VERSION = 1


def build_tiny_prm(out_dir: Path, *, seed: int = 0, separator: str = "<extra_0>") -> None:
    """A randomly initialised PRM with Qwen2.5-Math-PRM's interface, small enough for a CPU test."""
    import torch
    from transformers import Qwen2Config, Qwen2ForTokenClassification

    from grpo_cli.models import build_tiny_tokenizer

    tokenizer = build_tiny_tokenizer(1024)
    tokenizer.add_special_tokens({"additional_special_tokens": ["<|im_start|>", separator]})
    # num_labels is PreTrainedConfig's, read from the keywords its __post_init__ takes: Qwen2Config's typed
    # signature does not list it.
    config = Qwen2Config(  # type: ignore[call-arg]
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


# The files of a model folder or Hub repo whose `auto_map` names the Python that transformers imports from it.
REMOTE_CODE_FILES = ("config.json", "tokenizer_config.json")


def remote_code(path: str, revision: str | None = None) -> list[str]:
    """What of a PRM's own Python transformers would run: 'AutoModel -> modeling_x.Cls (modeling_x.py)' for each
    `auto_map` entry of its config.json and tokenizer_config.json (a local folder, or the Hub cache / Hub)."""
    import json

    found = []
    for name in REMOTE_CODE_FILES:
        text = _read_model_file(path, name, revision)
        try:
            auto_map = json.loads(text).get("auto_map") if text else None
        except (ValueError, AttributeError):  # not JSON, or not an object: the loader says so
            auto_map = None
        for auto, ref in (auto_map or {}).items() if isinstance(auto_map, dict) else ():
            for target in ref if isinstance(ref, list) else [ref]:
                if isinstance(target, str):
                    module = target.split("--")[-1].rsplit(".", 1)[0]
                    found.append(f"{auto} -> {target} ({module.replace('.', '/')}.py)")
    return found


def _read_model_file(path: str, name: str, revision: str | None) -> str | None:
    local = Path(path).expanduser()
    if local.is_dir():
        return (local / name).read_text(encoding="utf-8", errors="replace") if (local / name).is_file() else None
    try:
        from huggingface_hub import hf_hub_download

        return Path(hf_hub_download(path, name, revision=revision)).read_text(encoding="utf-8", errors="replace")
    except Exception:  # absent from the repo, offline and not cached: the loader below reports what it can't load
        return None


def check_remote_code(name: str, path: str, revision: str | None, trust_remote_code: bool) -> None:
    """Refuse a PRM with remote code unless prm.trust_remote_code is on, naming what would run; when it is on, say
    on stderr what will run."""
    code = remote_code(path, revision)
    if not code:
        return
    what = "; ".join(code)
    if not trust_remote_code:
        raise UserError(
            f"prm.model {name} ships its own Python ({what}), which would run when it loads; read it, then set "
            "prm.trust_remote_code=true to run it, or use a PRM whose config names a *ForTokenClassification class"
        )
    print(f"warning: prm.trust_remote_code=true: running prm.model {name}'s own Python: {what}", file=sys.stderr)


def load_prm(name: str, *, revision: str | None = None, trust_remote_code: bool = False, dtype: Any = None):
    """(model, tokenizer) of a PRM: a *ForTokenClassification checkpoint through its auto class, anything else
    (Qwen2.5-Math-PRM's Qwen2ForProcessRewardModel) through AutoModel with its remote code, which runs only when
    `trust_remote_code` (check_remote_code). Eval mode, on CPU."""
    from transformers import AutoConfig, AutoModel, AutoModelForTokenClassification, AutoTokenizer

    path = str(tiny_prm_dir()) if name == "tiny" else name
    check_remote_code(name, path, revision, trust_remote_code)
    kwargs: dict[str, Any] = {"revision": revision, "trust_remote_code": trust_remote_code}
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
    def from_recipe(cls, recipe: Recipe) -> PRMScorer:
        from grpo_cli.models import dtype_for

        p = recipe.prm
        assert p.model is not None  # config.validate: steps.scorer=prm needs prm.model
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
        return self.conversations([(question, steps)])[0]

    def conversations(self, pairs: Sequence[tuple[str, Sequence[str]]]) -> list[str]:
        """The scored text of each (question, steps): the PRM's chat template, rendered in one bounded child
        (prompts.bounded: its template is code from the model folder), or the messages joined by lines."""

        def messages(pair: tuple[str, Sequence[str]]) -> list[dict[str, str]]:
            question, steps = pair
            head = [{"role": "system", "content": self.system}] if self.system else []
            return [*head, {"role": "user", "content": question},
                    {"role": "assistant", "content": self.separator.join(steps) + self.separator}]  # fmt: skip

        if not getattr(self.tokenizer, "chat_template", None):
            return ["\n".join(m["content"] for m in messages(pair)) for pair in pairs]

        def render(pair: tuple[str, Sequence[str]]) -> str:
            return self.tokenizer.apply_chat_template(messages(pair), tokenize=False, add_generation_prompt=False)

        return bounded(render, pairs, "the PRM's chat template")

    def __call__(self, questions: Sequence[str], steps: Sequence[Sequence[str]]) -> list[list[float | None]]:
        import torch

        scores: list[list[float | None]] = [[None] * len(per) for per in steps]
        todo = [i for i, per in enumerate(steps) if per]
        texts = self.conversations([(questions[i], steps[i]) for i in todo])
        encoded = {
            i: self.tokenizer(text, add_special_tokens=False)["input_ids"][: self.max_length]
            for i, text in zip(todo, texts, strict=True)
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
