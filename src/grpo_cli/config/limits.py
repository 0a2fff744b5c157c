"""The names and limits the recipe's checks use, and the one-line refusal they raise.

The reward names, transformers' schedulers and attention implementations, the verifier's tasks, the trackers,
the upper bound of every number that sizes memory or time. Nothing here imports a section.
"""

from __future__ import annotations

import re
from typing import Literal, TypeGuard

from grpo_cli import safeio
from grpo_cli.errors import UserError, did_you_mean

# The reward registry's names (grpo_cli.rewards.REWARDS is keyed by exactly these; a test checks it). Config
# knows them without importing the rewards module.
REWARD_NAMES = ("accuracy", "format", "tag_count", "language", "overlong", "steps")
# A reward of the user's own beside them (docs/training.md, "A reward of your own"): `module:function` (an importable
# module) or `path/to/file.py:function` (a file, relative to the current folder), with TRL's reward signature.
_CUSTOM_REWARD = re.compile(r"(?P<source>[^:\s][^:]*):(?P<function>[A-Za-z_]\w*)")
# reward_options.language -> the script its words are written in (the language reward counts words per script).
LANGUAGE_SCRIPTS = {
    "en": "latin", "fr": "latin", "de": "latin", "es": "latin", "it": "latin", "pt": "latin", "nl": "latin",
    "zh": "cjk", "ja": "cjk", "ko": "cjk", "ru": "cyrillic", "uk": "cyrillic",
}  # fmt: skip
# transformers' SchedulerType values (lr_scheduler_type); a test checks them against the installed transformers.
LR_SCHEDULERS = (
    "linear", "cosine", "cosine_with_restarts", "polynomial", "constant", "constant_with_warmup", "inverse_sqrt",
    "reduce_lr_on_plateau", "cosine_with_min_lr", "cosine_warmup_with_min_lr", "warmup_stable_decay", "greedy",
)  # fmt: skip
# Samples per problem: pass@k is reported for every k <= n; published evals use up to 64 (R1's pass@1) or a few
# hundred; more is a typo that would hold n x problems completions in memory.
MAX_EVAL_N = 1024
# Tokens in one completion or example: no open model generates more; the model's own context is checked again,
# against its config, before anything is allocated (grpo_cli.evaluation.generation.check_context).
MAX_TOKENS = 131_072
MAX_VERIFY_TIMEOUT = 3600.0
# A reward weight's magnitude. The rewards are of order 1 and GRPO normalises within each group, so only the weights'
# ratios matter; at 1e308 the weighted sum overflowed to inf and every step logged reward null, loss 0, grad_norm 0.
MAX_REWARD_WEIGHT = 1000.0
# The floor of every efficiency the estimate assumes (MFU, decode, bandwidth): no kernel runs below 1% of peak, and a
# figure far below it divides the hours by ~0 (--mfu 1e-300 printed 1.4e300 GPU-hours).
MIN_EFFICIENCY = 0.01
# Upper bounds on every recipe number that sizes memory or time, checked in `validate` (the lower bounds sit in each
# section's check). Each is far past any published recipe and short of what makes a typo take the machine: 1e9 toy
# rows took minutes of generation, a tiny model of hidden_size 1e6 asked for a 4 TB allocation.
_MILLION = 1_000_000
MAX_VALUES: dict[str, tuple[int | float, str]] = {
    "model.tiny.hidden_size": (8192, "the offline test model"),
    "model.tiny.intermediate_size": (32768, "the offline test model"),
    "model.tiny.num_hidden_layers": (128, "the offline test model"),
    "model.tiny.num_attention_heads": (256, "the offline test model"),
    "model.tiny.num_key_value_heads": (256, "the offline test model"),
    "model.tiny.max_position_embeddings": (MAX_TOKENS, "tokens"),
    "model.lora_rank": (4096, "LoRA ranks are 8-256 in practice"),
    "model.max_context": (MAX_TOKENS, "tokens"),
    "data.toy.num_train": (_MILLION, "generated problems"),
    "data.toy.num_test": (_MILLION, "generated problems"),
    "data.toy.difficulty": (64, "operations per problem"),
    "data.toy.max_operand": (10**9, "the toy operands"),
    "reward_options.overlong_buffer": (MAX_TOKENS, "tokens"),
    "prm.batch_size": (4096, "completions per forward pass"),
    "prm.max_length": (MAX_TOKENS, "tokens"),
    "sft.per_device_batch_size": (65536, "examples per device"),
    "sft.gradient_accumulation_steps": (65536, "micro-batches per step"),
    "sft.max_steps": (100 * _MILLION, "optimizer steps"),
    "sft.epochs": (_MILLION, "epochs"),
    "grpo.num_generations": (4096, "completions per prompt"),
    "grpo.per_device_batch_size": (65536, "completions per device"),
    "grpo.gradient_accumulation_steps": (65536, "micro-batches per step"),
    "grpo.num_iterations": (1024, "updates per generation batch"),
    "grpo.max_steps": (100 * _MILLION, "optimizer steps"),
    "grpo.epochs": (_MILLION, "epochs"),
    "grpo.samples_per_log": (4096, "rows per logging step"),
    "grpo.vllm_tensor_parallel_size": (1024, "GPUs"),
    "eval.batch_size": (65536, "prompts per batch"),
    "eval.tensor_parallel_size": (1024, "GPUs"),
    "launch.num_processes": (65536, "processes per node"),
    "launch.num_nodes": (65536, "nodes"),
    "launch.vllm_server_gpus": (1024, "GPUs"),
    "estimate.mean_completion_len": (MAX_TOKENS, "tokens"),
    "estimate.prompt_len": (MAX_TOKENS, "tokens"),
    "estimate.prompts": (10**12, "prompts per epoch"),
    "estimate.price_per_gpu_hour": (1e6, "$ per GPU-hour"),
}
# Seeds go to numpy and torch, which take 0 .. 2**32 - 1 (numpy refuses more, and a negative one).
SEED_KEYS = ("model.tiny.seed", "data.toy.seed", "sft.seed", "grpo.seed", "eval.seed")
MAX_SEED = 2**32 - 1
# transformers' attention implementations (model.attn_implementation); a Hub kernel ('org/repo') is passed through.
ATTN_IMPLEMENTATIONS = (
    "eager",
    "sdpa",
    "flash_attention_2",
    "flash_attention_3",
    "flash_attention_4",
    "flex_attention",
)
# Schedulers transformers knows but refuses without what a recipe cannot give it: lr_scheduler_kwargs, or an eval
# strategy (the stages do not evaluate during training).
LR_SCHEDULERS_REFUSED = {
    "reduce_lr_on_plateau": "it needs an eval metric, and training runs no eval",
    "cosine_with_min_lr": "it needs lr_scheduler_kwargs (min_lr), which a recipe cannot set",
    "cosine_warmup_with_min_lr": "it needs lr_scheduler_kwargs (min_lr), which a recipe cannot set",
    "warmup_stable_decay": "it needs lr_scheduler_kwargs (num_decay_steps), which a recipe cannot set",
}


# Model names grpo_cli.models builds into its cache instead of loading from the Hub (no torch needed to name them).
BUILT_MODELS = ("tiny", "smollm2-gguf")


# Verifier tasks (grpo_cli.verify.TASKS and .Task): config knows them without importing the verifier.
Task = Literal["gsm8k", "math"]
TASKS: tuple[Task, ...] = ("gsm8k", "math")


def is_task(name: object) -> TypeGuard[Task]:
    """A verifier task's name (a column or flag value read as text)."""
    return name in TASKS


# TrainingArguments.report_to values grpo-cli passes through (each needs its package: tensorboard or tensorboardX,
# wandb, trackio, mlflow).
REPORT_TO = ("none", "tensorboard", "wandb", "trackio", "mlflow")


def require(cond: bool, message: str) -> None:
    """Every check's refusal: a UserError naming the key and the fix (one line, exit 2)."""
    if not cond:
        raise UserError(message)


def check_tokens(key: str, value: int) -> None:
    require(value <= MAX_TOKENS, f"{key}={value}: more than {MAX_TOKENS} tokens; no model generates that much")


def custom_reward(name: str) -> tuple[str, str] | None:
    """(source, function) of a reward of the user's own (`module:function`, `./file.py:function`); None for a
    built-in name."""
    m = _CUSTOM_REWARD.fullmatch(name)
    return (m["source"], m["function"]) if m else None


def reward_metric(name: str) -> str:
    """The name a reward logs under (rewards/<name>/mean): a built-in's own, a custom reward's function name."""
    custom = custom_reward(name)
    return custom[1] if custom else name


def check_reward_name(name: str) -> None:
    """A built-in reward's name or the form of a custom one; the custom one's file or module is checked when a command
    that trains reads it (rewards.check_custom: without importing it)."""
    shown = safeio.cut(str(name), 100)
    if ":" not in name:
        require(
            name in REWARD_NAMES,
            f"rewards: unknown reward '{shown}'{did_you_mean(shown, REWARD_NAMES)}; a reward of your own is "
            "module:function or ./file.py:function",
        )
        return
    custom = custom_reward(name)
    require(custom is not None, f"rewards: '{shown}' is not module:function or ./file.py:function")
    source = custom[0] if custom else ""
    require(
        source.endswith(".py") or all(part.isidentifier() for part in source.split(".")),
        f"rewards: '{shown}': {safeio.cut(source, 100)!r} is neither a module name nor a .py file",
    )
