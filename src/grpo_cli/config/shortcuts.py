"""Shortcut flags: the one table of command-line flags that name recipe keys (`--G` is `--set
grpo.num_generations=...`), and `apply_flags`, which applies them through the typed build."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from grpo_cli.config.sections import Recipe
from grpo_cli.config.validation import with_values
from grpo_cli.errors import UserError


@dataclass(frozen=True)
class Shortcut:
    """A flag that is a shorthand for `--set KEY=VALUE`, the same on every command that takes a recipe."""

    flag: str
    key: str
    help: str

    @property
    def name(self) -> str:
        """The flag as a Python name (--max-len -> max_len): the command's parameter, the estimate's input."""
        return self.flag.removeprefix("--").replace("-", "_")


# Every command that takes a recipe takes all of these (grpo_cli/commands/options.py adds them), each setting its
# key through the typed build (apply_flags); `--help`, README's table (tests/test_docs.py) and the parser read this.
SHORTCUTS: tuple[Shortcut, ...] = (
    # the run: what training does and what the estimate prices
    Shortcut("--G", "grpo.num_generations", "completions per prompt (the group size)"),
    Shortcut("--len", "estimate.mean_completion_len", "mean completion tokens the estimate prices (not the max)"),
    Shortcut("--max-len", "grpo.max_completion_length", "max completion tokens in training"),
    Shortcut("--prompt-len", "estimate.prompt_len", "mean prompt tokens the estimate prices"),
    Shortcut("--prompts", "estimate.prompts", "prompts per epoch the estimate prices (0: the dataset's size)"),
    Shortcut("--epochs", "grpo.epochs", "GRPO's passes over the prompts"),
    Shortcut("--beta", "grpo.beta", "KL coefficient; > 0 keeps a reference model"),
    Shortcut("--num-iterations", "grpo.num_iterations", "policy updates per generation batch"),
    Shortcut("--lora", "model.lora", "LoRA instead of full fine-tuning"),
    Shortcut("--lora-rank", "model.lora_rank", "LoRA rank"),
    Shortcut("--grad-ckpt", "model.gradient_checkpointing", "activation checkpointing"),
    Shortcut("--gpu", "launch.gpu", "GPU type of the memory plan and the estimate"),
    Shortcut("--mfu", "estimate.mfu", "model FLOP utilization the estimate assumes"),
    Shortcut("--price", "estimate.price_per_gpu_hour", "$ per GPU-hour"),
    Shortcut("--train-limit", "data.limit", "use the first N training problems (0 = all)"),
    # the eval (grpo eval, and the evals of grpo run; grpo filter samples through one)
    Shortcut("--dataset", "eval.dataset", "eval data: gsm8k, math500, toy, or a local jsonl/parquet file or folder"),
    Shortcut("--split", "eval.split", "eval split"),
    Shortcut("--limit", "eval.limit", "eval the first N problems (0 = all)"),
    Shortcut("--n", "eval.n", "eval samples per problem (n > 1: pass@k, maj@k for k <= n)"),
    Shortcut("--temperature", "eval.temperature", "eval sampling temperature (0 = greedy)"),
    Shortcut("--top-p", "eval.top_p", "eval top-p"),
    Shortcut("--max-tokens", "eval.max_tokens", "eval completion tokens before a sample counts as truncated"),
    Shortcut("--backend", "eval.backend", "eval generation: auto (vLLM on a GPU when installed), hf or vllm"),
    Shortcut("--batch-size", "eval.batch_size", "eval sequences per generate call (HF backend)"),
    Shortcut("--seed", "eval.seed", "eval sampling seed (the same seed gives the same samples)"),
    # the distillation
    Shortcut("--teacher", "distill.teacher", "distillation teacher: a model folder or Hub id"),
    Shortcut("--samples", "distill.n", "distillation samples per training problem"),
    Shortcut("--k", "distill.k", "distillation completions kept per problem, at most"),
)


def apply_flags(recipe: Recipe, flags: dict[str, tuple[str, Any]], *, world: bool = True) -> Recipe:
    """Command-line flags that name recipe keys, `{"eval.n": ("--n", 4)}` (None = not given), as the `--set`
    overrides they are shorthands for. A value the recipe rejects is reported under its flag and its key."""
    given = {key: (flag, value) for key, (flag, value) in flags.items() if value is not None}
    try:
        return with_values(recipe, {key: value for key, (_, value) in given.items()}, world=world)
    except UserError as err:
        text = str(err)
        for key, (flag, value) in given.items():
            if re.search(re.escape(key) + r"(?!\w)", text):
                shown = f"{value:g}" if isinstance(value, float) else value
                # "grpo.beta=-1.0: must be >= 0" -> "--beta -1: must be >= 0"
                text = re.sub(rf"^{re.escape(key)}=\S*: ", "", text)
                raise UserError(f"{flag} {shown}: {text}") from None
        raise
