"""Typed, frozen recipe configuration.

A recipe is YAML -> dict -> `Recipe` (a tree of frozen dataclasses). Unknown keys and values of the wrong
type are rejected with the closest valid names, so a typo never silently falls back to a default.
`--set section.key=value` overrides are parsed as YAML scalars and checked the same way.

Stdlib + PyYAML only: `grpo recipes`, `grpo estimate` and `grpo --help` import this and must stay fast.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import types
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from grpo_cli import safeio
from grpo_cli.errors import UserError, did_you_mean
from grpo_cli.formulas import generation_batch, trainer_processes, uses_vllm_server
from grpo_cli.observe.alarms import THRESHOLDS as _ALARM_THRESHOLDS
from grpo_cli.upstream import trl as upstream_trl

R1_SYSTEM_PROMPT = (
    "A conversation between User and Assistant. The user asks a question, and the Assistant solves it. "
    "The assistant first thinks about the reasoning process in the mind and then provides the user with the "
    "answer. The reasoning process and answer are enclosed within <think> </think> and <answer> </answer> tags, "
    "respectively, i.e., <think> reasoning process here </think> <answer> answer here </answer>."
)


# --------------------------------------------------------------------------------------------------------
# the names and limits the checks below use

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


@functools.cache
def type_hints(cls: type) -> dict[str, Any]:
    """A section's field annotations, evaluated once (get_type_hints compiles every string annotation on each call:
    building a recipe and declaring the shortcut flags called it hundreds of times)."""
    return get_type_hints(cls)


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise UserError(message)


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
        _require(
            name in REWARD_NAMES,
            f"rewards: unknown reward '{shown}'{did_you_mean(shown, REWARD_NAMES)}; a reward of your own is "
            "module:function or ./file.py:function",
        )
        return
    custom = custom_reward(name)
    _require(custom is not None, f"rewards: '{shown}' is not module:function or ./file.py:function")
    source = custom[0] if custom else ""
    _require(
        source.endswith(".py") or all(part.isidentifier() for part in source.split(".")),
        f"rewards: '{shown}': {safeio.cut(source, 100)!r} is neither a module name nor a .py file",
    )


# --------------------------------------------------------------------------------------------------------
# the sections: each dataclass's `check(recipe)` holds the semantic checks of its keys (types are checked on the way
# in, by from_dict); `validate` runs them all, so a recipe `grpo recipes show` accepts is one every stage accepts.
# A check that relates two sections sits in the section whose key it names in its message.


@dataclass(frozen=True)
class TinyModelConfig:
    """Architecture of the offline tiny Qwen2 model (built locally, never downloaded)."""

    hidden_size: int = 64
    intermediate_size: int = 128
    num_hidden_layers: int = 2
    num_attention_heads: int = 4
    num_key_value_heads: int = 2
    max_position_embeddings: int = 512
    seed: int = 0

    def check(self) -> None:
        _require(
            min(self.hidden_size, self.intermediate_size, self.num_hidden_layers, self.num_attention_heads,
                self.num_key_value_heads, self.max_position_embeddings) >= 1,
            "model.tiny: sizes, layers, heads and max_position_embeddings must be >= 1",
        )  # fmt: skip
        # What transformers' Qwen2 would refuse (or get wrong) when the model is built: whole heads, whole KV groups.
        _require(
            self.hidden_size % self.num_attention_heads == 0,
            f"model.tiny.hidden_size={self.hidden_size} must be a multiple of num_attention_heads "
            f"({self.num_attention_heads})",
        )
        _require(
            self.num_attention_heads % self.num_key_value_heads == 0,
            f"model.tiny.num_attention_heads={self.num_attention_heads} must be a multiple of num_key_value_heads "
            f"({self.num_key_value_heads})",
        )


# Model names grpo_cli.models builds into its cache instead of loading from the Hub (no torch needed to name them).
BUILT_MODELS = ("tiny", "smollm2-gguf")


@dataclass(frozen=True)
class ModelConfig:
    # A Hub id (Qwen/Qwen2.5-7B), a local directory, or one of BUILT_MODELS: "tiny" for the offline model built from
    # `tiny`, "smollm2-gguf" for the packaged SmolLM2-135M-Instruct (grpo_cli.models).
    name: str = "tiny"
    revision: str | None = None
    # auto: bf16 on a GPU that supports it, fp32 on CPU.
    dtype: Literal["auto", "bf16", "fp16", "fp32"] = "auto"
    attn_implementation: str | None = None
    gradient_checkpointing: bool = False
    lora: bool = False
    lora_rank: int = 16
    lora_alpha: int = 32
    lora_dropout: float = 0.05
    lora_target_modules: list[str] = field(
        default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
    )
    # Context window; prompt + completion must fit (Qwen2.5-Math-7B: 4096).
    max_context: int | None = None
    # HF generate (eval's HF backend, GRPO without vLLM): eager (a growing KV cache, kernels launched from Python each
    # step) or compiled (a static KV cache and torch.compile of the decode step: CUDA graphs on a GPU). Opt-in until a
    # GPU measures it faster (docs/scale.md); greedy outputs are the same (tests/test_generation_modes.py).
    generation: Literal["eager", "compiled"] = "eager"
    tiny: TinyModelConfig = field(default_factory=TinyModelConfig)

    def check(self, recipe: Recipe) -> None:
        _require(self.lora_rank >= 1, f"model.lora_rank={self.lora_rank}: must be >= 1")
        _require(self.lora_alpha > 0, f"model.lora_alpha={self.lora_alpha}: must be > 0")
        _require(0 <= self.lora_dropout < 1, f"model.lora_dropout={self.lora_dropout}: must be in [0, 1)")
        _require(self.max_context is None or self.max_context >= 1, "model.max_context must be >= 1 (or null)")
        attn = self.attn_implementation
        _require(
            attn is None or attn.removeprefix("paged|") in ATTN_IMPLEMENTATIONS or "/" in attn,
            f"model.attn_implementation: {safeio.excerpt(attn)} is not an attention implementation of transformers "
            f"(or a Hub kernel 'org/repo'){did_you_mean(str(attn)[:100], ATTN_IMPLEMENTATIONS)}",
        )
        self.tiny.check()
        if self.max_context is not None:
            prompt, completion = recipe.estimate.prompt_len, recipe.grpo.max_completion_length
            _require(
                prompt + completion <= self.max_context,
                f"prompt ({prompt}) + grpo.max_completion_length ({completion}) = {prompt + completion} "
                f"exceeds model.max_context ({self.max_context}); lower grpo.max_completion_length",
            )


@dataclass(frozen=True)
class ToyConfig:
    """The seeded arithmetic word-problem generator (dataset: toy)."""

    num_train: int = 2000
    num_test: int = 200
    # Number of operations per problem (1 = two operands).
    difficulty: int = 1
    max_operand: int = 20
    seed: int = 1234
    # Fraction of training demonstrations from a careless demonstrator: the working is right but the answer written
    # under it is the value before the last step (a sub-result). SFT imitates the slips; the reward and eval check
    # the true answer, so GRPO can unlearn them (docs/learning.md). Problems, splits and references do not change.
    slip_rate: float = 0.0

    def check(self) -> None:
        _require(
            min(self.difficulty, self.max_operand, self.num_train, self.num_test) >= 1,
            "data.toy: difficulty, max_operand, num_train and num_test must all be >= 1",
        )
        _require(0 <= self.slip_rate < 1, f"data.toy.slip_rate must be in [0, 1), got {self.slip_rate}")


@dataclass(frozen=True)
class DataConfig:
    dataset: Literal["gsm8k", "math", "toy", "custom"] = "gsm8k"
    # Local file or folder (jsonl/parquet) used instead of the Hub.
    path: str | None = None
    # Hub dataset id and config; defaults per dataset (openai/gsm8k, main).
    hub_id: str | None = None
    hub_config: str | None = None
    train_split: str = "train"
    test_split: str = "test"
    # Use at most this many training problems (0 = all).
    limit: int = 0
    # Column mapping for custom data.
    question_column: str = "question"
    answer_column: str = "answer"
    # Which verifier task scores this data: gsm8k (numbers) or math (LaTeX).
    task: Literal["gsm8k", "math"] = "gsm8k"
    toy: ToyConfig = field(default_factory=ToyConfig)

    def check(self, recipe: Recipe) -> None:
        _require(
            self.dataset != "custom" or bool(self.path or self.hub_id),
            "data.dataset=custom needs data.path (a local jsonl/parquet file or folder) or data.hub_id",
        )
        _require(self.limit >= 0, f"data.limit={self.limit}: must be >= 0 (0 = all problems)")
        self.toy.check()


@dataclass(frozen=True)
class PromptConfig:
    system: str = R1_SYSTEM_PROMPT
    # auto: the tokenizer's chat template when it has one, the plain template otherwise.
    chat_template: Literal["auto", "always", "never"] = "auto"


@dataclass(frozen=True)
class RewardOptions:
    language: str = "en"
    # DAPO soft overlong punishment: penalty ramps over the last `overlong_buffer` tokens before the max.
    overlong_buffer: int = 64
    overlong_penalty: float = 1.0
    # Seconds one verification may take before it counts as wrong (reason: timeout).
    verify_timeout: float = 1.0
    # How the reward and eval's pass@1 read an answer: flexible (answer slots, then the last number / LaTeX of a
    # finished text) or strict (answer slots only). docs/verifiers.md, "Which reading the reward uses".
    verify_mode: Literal["flexible", "strict"] = "flexible"

    def check(self, recipe: Recipe) -> None:
        """The recipe's `rewards:` names and these options (the options matter only for the rewards that use them)."""
        _require(bool(recipe.rewards), "rewards: name at least one reward function, e.g. {accuracy: 1.0}")
        logged: dict[str, str] = {}
        for name, weight in recipe.rewards.items():
            check_reward_name(name)
            _require(
                abs(weight) <= MAX_REWARD_WEIGHT,
                f"rewards.{name}={weight:g}: a weight's size is at most {MAX_REWARD_WEIGHT:g} (only the ratios of the "
                "weights matter)",
            )
            metric = reward_metric(name)
            _require(
                logged.setdefault(metric, name) == name,
                f"rewards: {logged[metric]} and {name} would both log as rewards/{metric}/mean; rename one function",
            )
        _require(
            self.verify_timeout > 0,
            f"reward_options.verify_timeout={self.verify_timeout}: must be > 0 seconds (default 1.0)",
        )
        _require(
            self.verify_timeout <= MAX_VERIFY_TIMEOUT,
            f"reward_options.verify_timeout={self.verify_timeout}: at most {MAX_VERIFY_TIMEOUT:g} seconds",
        )
        _require(self.overlong_buffer >= 0, f"reward_options.overlong_buffer={self.overlong_buffer}: must be >= 0")
        if "language" in recipe.rewards:
            _require(
                self.language in LANGUAGE_SCRIPTS,
                f"reward_options.language: {self.language!r} is not supported"
                f"{did_you_mean(self.language, LANGUAGE_SCRIPTS)}",
            )
        if "overlong" in recipe.rewards:
            max_len = recipe.grpo.max_completion_length
            _require(
                0 < self.overlong_buffer < max_len,
                f"reward_options.overlong_buffer={self.overlong_buffer}: must be in (0, grpo.max_completion_length="
                f"{max_len}); DAPO uses a quarter of the maximum length",
            )
            _require(self.overlong_penalty >= 0, "reward_options.overlong_penalty must be >= 0 (it is subtracted)")


@dataclass(frozen=True)
class StepsConfig:
    """Step scores (docs/process.md): the `steps` reward and process-supervised GRPO (grpo.advantage: process)."""

    # arithmetic: every `expression = value` claim checked exactly (no model); prm: the learned PRM in `prm.model`.
    scorer: Literal["arithmetic", "prm"] = "arithmetic"
    # How reasoning splits into steps (grpo_cli.stepwise.split): auto = blank lines, else lines, else sentences, else clauses.
    split: Literal["auto", "blank_line", "line", "sentence", "clause"] = "auto"
    # The `steps` reward: one number per completion from its step scores.
    reduce: Literal["mean", "min", "last"] = "mean"
    # grpo.advantage=process: the outcome reward (the recipe's weighted rewards) as the reward of one more step that
    # ends on the completion's last token, so the answer's tokens are trained too.
    outcome: bool = True

    def check(self, recipe: Recipe) -> None:
        if uses_steps(recipe) and self.scorer == "prm":
            _require(
                bool(recipe.prm.model),
                "steps.scorer=prm needs prm.model, a process reward model such as Qwen/Qwen2.5-Math-PRM-7B "
                "(or steps.scorer=arithmetic for the rule-based scorer)",
            )


@dataclass(frozen=True)
class PRMConfig:
    """A learned process reward model in Qwen2.5-Math-PRM's convention (steps joined by `step_separator`; the
    positive-class probability at each separator is that step's score). Used when steps.scorer is prm."""

    # A Hub id (Qwen/Qwen2.5-Math-PRM-7B) or a local directory.
    model: str | None = None
    revision: str | None = None
    step_separator: str = "<extra_0>"
    # Qwen2.5-Math-PRM's system prompt (its model card).
    system: str = "Please reason step by step, and put your final answer within \\boxed{}."
    # Completions scored per forward pass.
    batch_size: int = 8
    # Tokens per scored conversation; longer ones lose their last steps (left unscored).
    max_length: int = 4096
    # Off: a PRM folder or Hub repo whose config.json names remote code (auto_map) is refused, naming the files that
    # would run. Qwen2.5-Math-PRM ships its model class so; turning this on runs that code (named on stderr).
    trust_remote_code: bool = False
    dtype: Literal["auto", "bf16", "fp16", "fp32"] = "auto"

    def check(self, recipe: Recipe) -> None:
        _require(self.batch_size >= 1 and self.max_length >= 1, "prm.batch_size and prm.max_length must be >= 1")
        _require(bool(self.step_separator), "prm.step_separator must not be empty (Qwen2.5-Math-PRM: <extra_0>)")


def _check_trainer_section(section: SFTConfig | GRPOSection, name: str) -> None:
    """What SFT and GRPO share: logging and checkpoint cadence, weight decay, accumulation, the LR schedule."""
    _require(
        section.logging_steps >= 1, f"{name}.logging_steps={section.logging_steps}: must be >= 1 (log every N steps)"
    )
    _require(
        section.save_steps >= 1, f"{name}.save_steps={section.save_steps}: must be >= 1 (checkpoint every N steps)"
    )
    _require(section.weight_decay >= 0, f"{name}.weight_decay={section.weight_decay}: must be >= 0")
    _require(section.gradient_accumulation_steps >= 1, f"{name}.gradient_accumulation_steps must be >= 1")
    _require(
        section.lr_scheduler in LR_SCHEDULERS,
        f"{name}.lr_scheduler: {section.lr_scheduler!r} is not a transformers scheduler"
        f"{did_you_mean(section.lr_scheduler, LR_SCHEDULERS)}",
    )
    why = LR_SCHEDULERS_REFUSED.get(section.lr_scheduler)
    _require(why is None, f"{name}.lr_scheduler: {section.lr_scheduler!r} cannot be used here: {why}")
    # transformers 5 folds warmup_ratio into warmup_steps (TRL's name, an alias here): below 1 a fraction of the
    # steps, from 1 a whole number of steps.
    w = section.warmup_ratio
    _require(
        0 <= w < 1 or (w >= 1 and float(w).is_integer()),
        f"{name}.warmup_ratio={w}: a fraction of the steps in [0, 1), or a whole number of steps",
    )
    _require(section.max_steps >= -1, f"{name}.max_steps={section.max_steps}: -1 (or 0) trains {name}.epochs")


def _check_tokens(key: str, value: int) -> None:
    _require(value <= MAX_TOKENS, f"{key}={value}: more than {MAX_TOKENS} tokens; no model generates that much")


@dataclass(frozen=True)
class SFTConfig:
    enabled: bool = True
    learning_rate: float = 1e-5
    lr_scheduler: str = "cosine"
    warmup_ratio: float = 0.03
    epochs: float = 1.0
    # Used when > 0; overrides epochs (-1 or 0: the epochs, as in TRL).
    max_steps: int = -1
    per_device_batch_size: int = 4
    gradient_accumulation_steps: int = 1
    max_length: int = 1024
    weight_decay: float = 0.0
    logging_steps: int = 10
    save_steps: int = 500
    seed: int = 42
    # Any other field of TRL's SFTConfig, under TRL's name: written flat in the section (`sft: {packing: true}`),
    # type-checked against the installed TRL (grpo_cli.upstream), passed to SFTConfig as given.
    trl: dict[str, Any] = field(default_factory=dict)

    def check(self, recipe: Recipe) -> None:
        _check_trainer_section(self, "sft")
        _require(
            self.learning_rate > 0 and self.per_device_batch_size >= 1 and self.max_length > 0,
            "sft: learning_rate, per_device_batch_size and max_length must be positive",
        )
        _require(self.epochs > 0, "sft.epochs must be > 0")
        _check_tokens("sft.max_length", self.max_length)


@dataclass(frozen=True)
class GRPOSection:
    # Where the policy starts: the same recipe's SFT output, or the base model.
    init: Literal["sft", "base"] = "sft"
    # G: answers sampled per prompt. Validate the pipeline with 8, then 16-32.
    num_generations: int = 16
    max_completion_length: int = 512
    # "grpo" is DeepSeekMath's per-sequence mean; TRL's default is "dapo".
    # TRL 1.16 also has cispo (MiniMax-M1), sapo, luspo (sequence-level: needs importance_sampling_level=sequence) and
    # vespo (token-level).
    loss_type: Literal["grpo", "dapo", "dr_grpo", "bnpo", "cispo", "sapo", "luspo", "vespo"] = "grpo"
    # KL coefficient to the reference model (DeepSeekMath 0.04; 0 drops the reference model).
    beta: float = 0.04
    epsilon: float = 0.2
    epsilon_high: float | None = None
    scale_rewards: Literal["group", "batch", "none"] = "group"
    # outcome: one advantage per completion (TRL's GRPO). process: DeepSeekMath's process supervision, a token-level
    # advantage from step scores (the recipe's `steps:` section; grpo_cli.stepwise.advantage).
    advantage: Literal["outcome", "process"] = "outcome"
    temperature: float = 1.0
    top_p: float = 1.0
    learning_rate: float = 1e-6
    lr_scheduler: str = "constant_with_warmup"
    warmup_ratio: float = 0.0
    weight_decay: float = 0.0
    max_grad_norm: float = 1.0
    # Completions per device per step (must be divisible into groups of num_generations across devices).
    per_device_batch_size: int = 16
    gradient_accumulation_steps: int = 1
    # Policy updates per generation batch (> 1 needs the old-policy log-probs).
    num_iterations: int = 1
    epochs: float = 1.0
    # Used when > 0; overrides epochs (-1 or 0: the epochs, as in TRL).
    max_steps: int = -1
    mask_truncated_completions: bool = False
    logging_steps: int = 1
    save_steps: int = 100
    save_total_limit: int | None = 3
    # Prompt/completion rows written to samples.jsonl per logging step.
    samples_per_log: int = 4
    seed: int = 42
    use_vllm: bool = False
    vllm_mode: Literal["colocate", "server"] = "colocate"
    vllm_gpu_memory_utilization: float = 0.3
    vllm_enable_sleep_mode: bool = False
    vllm_tensor_parallel_size: int = 1
    # vLLM samples with its own kernels, so its log-probs differ from the trainer's: TRL corrects with an importance
    # ratio (on by default), per sequence or per token, masked or truncated outside [clip_min, clip_max].
    vllm_importance_sampling_correction: bool = True
    vllm_importance_sampling_mode: Literal["sequence_mask", "sequence_truncate", "token_mask", "token_truncate"] = (
        "sequence_mask"
    )
    vllm_importance_sampling_clip_max: float | None = 3.0
    vllm_importance_sampling_clip_min: float | None = None
    # GSPO (Zheng et al. 2025): "sequence" uses one importance ratio per completion, its tokens' mean log-ratio.
    importance_sampling_level: Literal["token", "sequence"] = "token"
    # Wang et al. 2025 ("Beyond the 80/20 rule"): only the top quantile of tokens by entropy enter the policy loss
    # (1.0 = all tokens; the paper uses 0.2).
    top_entropy_quantile: float = 1.0
    # DeepSeek-V3.2's off-policy sequence mask: negative-advantage completions whose KL to the sampling policy exceeds
    # this delta are left out of the loss (None = off).
    off_policy_mask_threshold: float | None = None
    # DAPO's dynamic sampling (stages/dynamic_sampling.py): groups whose rewards are all equal are replaced by groups
    # from fresh prompts, with at most dynamic_sampling_max_rounds extra generation rounds per batch.
    dynamic_sampling: bool = False
    dynamic_sampling_max_rounds: int = 3
    # Any other field of TRL's GRPOConfig, under TRL's name: written flat in the section (`grpo: {top_k: 50}`),
    # type-checked against the installed TRL (grpo_cli.upstream), passed to GRPOConfig as given.
    trl: dict[str, Any] = field(default_factory=dict)

    def check(self, recipe: Recipe) -> None:
        _check_trainer_section(self, "grpo")
        _require(self.max_grad_norm > 0, f"grpo.max_grad_norm={self.max_grad_norm}: must be > 0")
        _require(
            self.save_total_limit is None or self.save_total_limit >= 1, "grpo.save_total_limit must be >= 1 (or null)"
        )
        _check_tokens("grpo.max_completion_length", self.max_completion_length)
        _require(
            self.num_generations >= 2,
            f"grpo.num_generations={self.num_generations}: G must be at least 2 (a group of one has no advantage)",
        )
        _require(self.max_completion_length > 0, "grpo.max_completion_length must be positive")
        _require(self.beta >= 0, f"grpo.beta={self.beta}: must be >= 0 (0 drops the KL term and the reference model)")
        _require(0 < self.epsilon < 1, f"grpo.epsilon={self.epsilon}: the clip range must be in (0, 1)")
        _require(
            self.epsilon_high is None or self.epsilon_high >= self.epsilon, "grpo.epsilon_high must be >= grpo.epsilon"
        )
        _require(self.temperature > 0, "grpo.temperature must be > 0 (GRPO needs sampled, diverse groups)")
        _require(0 < self.top_p <= 1, "grpo.top_p must be in (0, 1]")
        _require(self.learning_rate > 0, "grpo.learning_rate must be > 0")
        _require(self.per_device_batch_size >= 1, "grpo.per_device_batch_size must be >= 1")
        _require(self.num_iterations >= 1, f"grpo.num_iterations={self.num_iterations}: must be >= 1")
        _require(self.epochs > 0, "grpo.epochs must be > 0")
        _require(self.samples_per_log >= 0, "grpo.samples_per_log must be >= 0")
        _require(0 < self.vllm_gpu_memory_utilization < 1, "grpo.vllm_gpu_memory_utilization must be in (0, 1)")
        _require(self.vllm_tensor_parallel_size >= 1, "grpo.vllm_tensor_parallel_size must be >= 1")
        self.check_knobs()

    def check_knobs(self) -> None:
        """The TRL 1.16 loss and sampling knobs: what GRPOConfig or GRPOTrainer would refuse (or silently misuse)."""
        g = self
        lo, hi = g.vllm_importance_sampling_clip_min, g.vllm_importance_sampling_clip_max
        _require(
            hi is None or 0 < hi <= 1e6, f"grpo.vllm_importance_sampling_clip_max={hi}: must be in (0, 1e6] or null"
        )
        _require(
            lo is None or 0 <= lo < 1e6, f"grpo.vllm_importance_sampling_clip_min={lo}: must be in [0, 1e6) or null"
        )
        _require(
            lo is None or hi is None or lo < hi,
            f"grpo.vllm_importance_sampling_clip_min={lo} must be below grpo.vllm_importance_sampling_clip_max={hi}",
        )
        truncate = g.vllm_importance_sampling_mode.endswith("_truncate")
        _require(
            not (g.vllm_importance_sampling_correction and truncate and lo is None and hi is None),
            f"grpo.vllm_importance_sampling_mode={g.vllm_importance_sampling_mode} clips the ratio: set "
            "grpo.vllm_importance_sampling_clip_max (or _clip_min)",
        )
        _require(
            0 <= g.top_entropy_quantile <= 1,
            f"grpo.top_entropy_quantile={g.top_entropy_quantile}: must be in [0, 1] (1 keeps every token)",
        )
        t = g.off_policy_mask_threshold
        _require(t is None or 0 < t <= 1e6, f"grpo.off_policy_mask_threshold={t}: must be a positive KL bound or null")
        _require(
            not (g.loss_type == "luspo" and g.importance_sampling_level != "sequence"),
            "grpo.loss_type=luspo is a sequence-level loss: set grpo.importance_sampling_level=sequence",
        )
        _require(
            not (g.loss_type == "vespo" and g.importance_sampling_level != "token"),
            "grpo.loss_type=vespo weights sequences itself: set grpo.importance_sampling_level=token",
        )
        _require(
            not (g.loss_type == "vespo" and g.use_vllm and g.vllm_importance_sampling_correction)
            or g.vllm_importance_sampling_mode.startswith("token"),
            "grpo.loss_type=vespo with vLLM needs a token-level correction: set "
            "grpo.vllm_importance_sampling_mode=token_mask (or token_truncate)",
        )
        _require(
            1 <= g.dynamic_sampling_max_rounds <= 64,
            f"grpo.dynamic_sampling_max_rounds={g.dynamic_sampling_max_rounds}: must be in 1..64",
        )
        _require(
            not (g.dynamic_sampling and g.advantage == "process"),
            "grpo.dynamic_sampling and grpo.advantage=process both replace TRL's batch step; use one of them",
        )


@dataclass(frozen=True)
class DistillConfig:
    """`grpo distill` (stages/distill.py): R1's rejection sampling from a teacher into SFT data for a student."""

    # The teacher: a model folder or Hub id (e.g. runs/<recipe>/grpo/final). Set, `grpo run` chains
    # eval-base -> distill -> sft (on the distilled data) -> eval-sft.
    teacher: str | None = None
    # Samples per training problem, and at most this many kept per problem (distinct, shortest first).
    n: int = 8
    k: int = 1
    # R1's recommended sampling temperature for its models; top_p 0.95 as in its evaluation.
    temperature: float = 0.6
    top_p: float = 0.95
    # 0 = grpo.max_completion_length.
    max_tokens: int = 0
    # Readability: at least this share of the reasoning's words in reward_options.language's script (no language
    # mixing), and no word n-gram of `repeat_ngram` words written `max_repeats` times or more (no endless loops).
    min_language_share: float = 0.95
    repeat_ngram: int = 8
    max_repeats: int = 3
    # Decontamination: a training problem sharing a word n-gram of this length with an eval problem is dropped
    # (open-r1's scripts/decontaminate.py uses 8).
    decontaminate_ngram: int = 8

    def check(self, recipe: Recipe) -> None:
        _require(1 <= self.n <= 1024, f"distill.n={self.n}: samples per problem must be in 1..1024")
        _require(1 <= self.k <= self.n, f"distill.k={self.k}: must be in 1..distill.n ({self.n})")
        _require(0 < self.temperature <= 2, f"distill.temperature={self.temperature}: must be in (0, 2]")
        _require(0 < self.top_p <= 1, f"distill.top_p={self.top_p}: must be in (0, 1]")
        _require(self.max_tokens >= 0, f"distill.max_tokens={self.max_tokens}: must be >= 0 (0 = grpo's)")
        _check_tokens("distill.max_tokens", self.max_tokens)
        _require(0 <= self.min_language_share <= 1, "distill.min_language_share must be in [0, 1]")
        _require(2 <= self.repeat_ngram <= 64, f"distill.repeat_ngram={self.repeat_ngram}: must be in 2..64")
        _require(2 <= self.max_repeats <= 1000, f"distill.max_repeats={self.max_repeats}: must be in 2..1000")
        _require(
            4 <= self.decontaminate_ngram <= 64,
            f"distill.decontaminate_ngram={self.decontaminate_ngram}: must be in 4..64 (open-r1 uses 8)",
        )
        _require(self.teacher is None or self.teacher.strip() != "", "distill.teacher: empty; a model folder or id")


# Verifier tasks (grpo_cli.verify.TASKS): config knows them without importing the verifier.
TASKS = ("gsm8k", "math")


@dataclass(frozen=True)
class Benchmark:
    """One benchmark of `grpo eval` (docs/eval.md, "Benchmarks of your own"): a dataset and how its columns read."""

    # A local jsonl/parquet file or folder, a Hub dataset id (HuggingFaceH4/aime_2024), or gsm8k, math500, toy.
    dataset: str = ""
    # The name its rows and its line of the table carry (default: the file's stem, or the Hub id's last part).
    name: str | None = None
    split: str = "test"
    hub_config: str | None = None
    question_column: str = "question"
    answer_column: str = "answer"
    # A column with a unique id per problem (AIME's "id"); None: the row number.
    id_column: str | None = None
    # A column naming each row's verifier task (gsm8k or math); None: every row is `task`.
    task_column: str | None = None
    # The verifier task of the rows: gsm8k (numbers) or math (LaTeX); None: guessed as for eval.dataset.
    task: Literal["gsm8k", "math"] | None = None

    def label(self) -> str:
        """The benchmark's name: given, else the file's stem or the Hub id's last part."""
        return self.name or re.sub(r"\.(jsonl|json|parquet)$", "", self.dataset.rstrip("/").rsplit("/", 1)[-1])


@dataclass(frozen=True)
class EvalConfig:
    # gsm8k, math500, toy, or a local jsonl/parquet path.
    dataset: str = "gsm8k"
    split: str = "test"
    limit: int = 0
    n: int = 1
    temperature: float = 0.0
    top_p: float = 1.0
    max_tokens: int = 512
    backend: Literal["auto", "hf", "vllm"] = "auto"
    # HF backend: rows (prompt x sample) per generate call; 0 = sized on a GPU from its free memory and the KV cache a
    # row needs (evaluation/generation.py: memory_batch_size), 32 on a CPU.
    batch_size: int = 0
    seed: int = 0
    tensor_parallel_size: int = 1
    # Several benchmarks in one eval, each with its column mapping: one table (avg@n, pass@n, maj@n with 95% CIs per
    # benchmark, as DeepSeek-R1 reports AIME). Empty: `dataset` alone.
    benchmarks: list[Benchmark] = field(default_factory=list)

    def check(self, recipe: Recipe) -> None:
        _require(self.n >= 1, f"eval.n={self.n}: samples per problem must be >= 1")
        names = [b.label() for b in self.benchmarks]
        for b, name in zip(self.benchmarks, names, strict=True):
            _require(
                bool(b.dataset.strip()), "eval.benchmarks: each benchmark needs a dataset (a file, folder or Hub id)"
            )
            _require(
                bool(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}", name)),
                f"eval.benchmarks: name {safeio.cut(name, 80)!r}: letters, digits, '_', '-' or '.', at most 64",
            )
            _require(names.count(name) == 1, f"eval.benchmarks: two benchmarks named {name}; give each a name")
        _require(self.n <= MAX_EVAL_N, f"eval.n={self.n}: at most {MAX_EVAL_N} samples per problem")
        _require(self.limit >= 0, f"eval.limit={self.limit}: must be >= 0 (0 = all problems)")
        _require(self.temperature >= 0, f"eval.temperature={self.temperature}: must be >= 0 (0 = greedy)")
        _require(0 < self.top_p <= 1, f"eval.top_p={self.top_p}: must be in (0, 1]")
        _require(self.max_tokens >= 1, f"eval.max_tokens={self.max_tokens}: must be >= 1")
        _check_tokens("eval.max_tokens", self.max_tokens)
        _require(self.batch_size >= 0, f"eval.batch_size={self.batch_size}: must be >= 0 (0 = sized from memory)")
        _require(self.tensor_parallel_size >= 1, "eval.tensor_parallel_size must be >= 1")
        _require(
            not (self.n > 1 and self.temperature == 0),
            f"eval.n={self.n} with eval.temperature 0 gives {self.n} identical greedy samples; set eval.temperature > 0 "
            "or eval.n=1",
        )


@dataclass(frozen=True)
class LaunchConfig:
    # Processes per node (GPUs per node, or CPU processes for the gloo test).
    num_processes: int = 1
    num_nodes: int = 1
    node_rank: int = 0
    main_process_ip: str | None = None
    main_process_port: int = 29500
    strategy: Literal["none", "ddp", "zero2", "zero3", "fsdp"] = "none"
    # GPU type used by `grpo estimate` and the memory check.
    gpu: str = "h100"
    # vLLM server mode (grpo.vllm_mode=server): `grpo serve` runs TRL's server with tensor parallel size
    # vllm_server_gpus on GPUs 0..k-1 of the node, and the trainer uses the other GPUs of each node.
    vllm_server_gpus: int = 0
    vllm_server_port: int = 8000
    # Host of a server on another machine: the trainer then uses all num_processes GPUs. None = this node
    # (node 0, i.e. main_process_ip, across nodes).
    vllm_server_host: str | None = None

    def check(self, recipe: Recipe) -> None:
        _require(
            self.num_processes >= 1 and self.num_nodes >= 1, "launch.num_processes and launch.num_nodes must be >= 1"
        )
        _require(0 <= self.node_rank < self.num_nodes, "launch.node_rank must be in [0, launch.num_nodes)")
        _require(
            not (self.num_nodes > 1 and not self.main_process_ip),
            "launch.main_process_ip is required when launch.num_nodes > 1",
        )
        for key, port in (("main_process_port", self.main_process_port), ("vllm_server_port", self.vllm_server_port)):
            _require(1 <= port <= 65535, f"launch.{key}={port}: not a TCP port (1-65535)")
        _require(self.vllm_server_gpus >= 0, "launch.vllm_server_gpus must be >= 0")
        if uses_vllm_server(recipe):
            _require(
                self.vllm_server_gpus >= 1,
                "grpo.vllm_mode=server needs launch.vllm_server_gpus >= 1 (the GPUs `grpo serve` runs vLLM on)",
            )
            _require(
                self.vllm_server_host is not None or self.vllm_server_gpus < self.num_processes,
                f"launch.vllm_server_gpus ({self.vllm_server_gpus}) leaves no GPU for the trainer out of "
                f"launch.num_processes ({self.num_processes}); lower it or set launch.vllm_server_host to a server "
                "elsewhere",
            )


@dataclass(frozen=True)
class EstimateConfig:
    """What `grpo estimate` cannot read from the rest of the recipe."""

    # Mean completion tokens (not the max): length drives the cost. Means may be fractional (a measured mean).
    mean_completion_len: int | float = 300
    prompt_len: int | float = 150
    # Prompts per epoch; 0 = the dataset's size when known.
    prompts: int = 0
    mfu: float = 0.35
    price_per_gpu_hour: float | None = None

    def check(self, recipe: Recipe) -> None:
        _require(
            self.mean_completion_len >= 1,
            f"estimate.mean_completion_len={self.mean_completion_len:g}: the mean completion length must be >= 1 token",
        )
        _require(self.prompt_len >= 0, f"estimate.prompt_len={self.prompt_len:g}: must be >= 0 tokens")
        _require(self.prompts >= 0, f"estimate.prompts={self.prompts}: must be >= 0 (0 = the dataset's size)")
        _require(
            MIN_EFFICIENCY <= self.mfu <= 1,
            f"estimate.mfu={self.mfu:g}: must be in [{MIN_EFFICIENCY:g}, 1], e.g. 0.35 (no GPU kernel runs below 1% of "
            "peak)",
        )
        _require(
            self.price_per_gpu_hour is None or self.price_per_gpu_hour >= 0,
            f"estimate.price_per_gpu_hour={self.price_per_gpu_hour}: must be >= 0 ($ per GPU-hour)",
        )


def _check_monitor(self: Any, recipe: Recipe) -> None:
    for threshold in _ALARM_THRESHOLDS:
        problem = threshold.problem(getattr(self, threshold.name))
        _require(problem is None, problem or "")


# Alarm thresholds (see docs/monitor.md). One field per threshold of the alarm registry (grpo_cli.observe.alarms:
# each alarm's entry holds its thresholds with their defaults and ranges, SHARED the windows several read), in its
# order; the type of each is its default's. Windows count logging steps; rewards and accuracy are in [0, 1].
MonitorConfig = dataclasses.make_dataclass(
    "MonitorConfig",
    [(t.name, type(t.default), field(default=t.default)) for t in _ALARM_THRESHOLDS],
    namespace={"check": _check_monitor, "__doc__": "Alarm thresholds: the recipe's `monitor:` section."},
    frozen=True,
)
MonitorConfig.__module__ = __name__  # pickling and repr name this module, where it is built


# TrainingArguments.report_to values grpo-cli passes through (each needs its package: tensorboard or tensorboardX,
# wandb, trackio, mlflow).
REPORT_TO = ("none", "tensorboard", "wandb", "trackio", "mlflow")


@dataclass(frozen=True)
class TrackingConfig:
    """Where the trainers' logs and the final model go besides the run directory (docs/training.md)."""

    # One of REPORT_TO, or a list of them; TensorBoard writes under <stage>/runs/.
    report_to: str | list[str] = "none"
    # Push GRPO's final model (or adapter) to the Hub as hub_model_id (user/name) when training ends.
    push_to_hub: bool = False
    hub_model_id: str | None = None
    hub_private_repo: bool = True

    def report_names(self) -> list[str]:
        """report_to as a list: the YAML may give one name or several."""
        return [self.report_to] if isinstance(self.report_to, str) else list(self.report_to)

    def check(self, recipe: Recipe) -> None:
        reports = self.report_names()
        for name in reports:
            _require(name in REPORT_TO, f"tracking.report_to: {name!r} is not one of {', '.join(REPORT_TO)}")
        _require(reports == ["none"] or "none" not in reports, "tracking.report_to: 'none' cannot be combined")
        _require(
            not self.push_to_hub or bool(self.hub_model_id), "tracking.push_to_hub=true needs tracking.hub_model_id"
        )


# The sections that also take their TRL config's other fields under TRL's own names (grpo_cli.upstream.trl).
TRL_SECTIONS: dict[type, str] = {GRPOSection: "grpo", SFTConfig: "sft"}


@dataclass(frozen=True)
class Recipe:
    name: str = "unnamed"
    description: str = ""
    model: ModelConfig = field(default_factory=ModelConfig)
    data: DataConfig = field(default_factory=DataConfig)
    prompt: PromptConfig = field(default_factory=PromptConfig)
    # Reward name -> weight; names come from the reward registry (grpo_cli.rewards).
    rewards: dict[str, float] = field(default_factory=lambda: {"accuracy": 1.0, "format": 0.2})
    reward_options: RewardOptions = field(default_factory=RewardOptions)
    steps: StepsConfig = field(default_factory=StepsConfig)
    prm: PRMConfig = field(default_factory=PRMConfig)
    sft: SFTConfig = field(default_factory=SFTConfig)
    grpo: GRPOSection = field(default_factory=GRPOSection)
    distill: DistillConfig = field(default_factory=DistillConfig)
    eval: EvalConfig = field(default_factory=EvalConfig)
    launch: LaunchConfig = field(default_factory=LaunchConfig)
    estimate: EstimateConfig = field(default_factory=EstimateConfig)
    monitor: MonitorConfig = field(default_factory=MonitorConfig)
    tracking: TrackingConfig = field(default_factory=TrackingConfig)


# --------------------------------------------------------------------------------------------------------
# dict -> dataclass, with type checks


def _type_name(tp: Any) -> str:
    if get_origin(tp) is Literal:
        return " | ".join(repr(a) for a in get_args(tp))
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


_FLOAT = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def _coerce(value: Any, tp: Any, where: str) -> Any:
    """Check `value` against the annotation `tp`; return it (ints widen to floats). Raise UserError otherwise."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        if value is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _coerce(value, arg, where)
            except UserError as err:
                errors.append(err)
        raise errors[0]
    if origin is Literal:
        choices = get_args(tp)
        if value not in choices:
            raise UserError(
                f"{where}: {safeio.excerpt(value)} is not allowed{did_you_mean(str(value)[:100], map(str, choices))}"
            )
        return value
    if origin is list:
        (item_tp,) = get_args(tp)
        if not isinstance(value, list):
            raise UserError(f"{where}: expected a list, got {safeio.excerpt(value)}")
        return [_coerce(v, item_tp, f"{where}[{i}]") for i, v in enumerate(value)]
    if origin is dict:
        key_tp, val_tp = get_args(tp)
        if not isinstance(value, dict):
            raise UserError(f"{where}: expected a mapping, got {safeio.excerpt(value)}")
        return {_coerce(k, key_tp, where): _coerce(v, val_tp, f"{where}.{k}") for k, v in value.items()}
    if is_dataclass(tp):
        return from_dict(tp, value, where)
    if tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
    elif tp is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        # YAML 1.1 reads "1e-5" (no dot) as a string; it is plainly a number.
        if isinstance(value, str) and _FLOAT.fullmatch(value.strip()):
            return float(value)
    elif tp is str:
        if isinstance(value, str):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
    elif tp is Any:
        return value
    raise UserError(f"{where}: expected {_type_name(tp)}, got {safeio.excerpt(value)}")


def from_dict(cls: type, data: Any, where: str = "recipe") -> Any:
    """Build dataclass `cls` from a mapping, rejecting unknown keys with close matches."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise UserError(f"{where}: expected a mapping of keys, got {safeio.excerpt(data)}")
    hints = type_hints(cls)
    known = {f.name for f in fields(cls)}
    section = _trl_section(cls)
    if section is not None:
        data = _trl_keys(section, data, known - {"trl"})
    kwargs = {}
    for key, value in data.items():
        path = key if where == "recipe" else f"{where}.{key}"
        if key not in known:
            raise UserError(f"unknown recipe key '{safeio.cut(str(path))}'{did_you_mean(str(key)[:100], known)}")
        kwargs[key] = _coerce(value, hints[key], path)
    return cls(**kwargs)


def to_dict(obj: Any) -> dict:
    """The plain-data form of a recipe (what `grpo recipes show` and run directories write). The TRL keys a section
    passes through are written flat in it, under TRL's names, as the recipe gave them."""
    data = dataclasses.asdict(obj)
    if isinstance(obj, Recipe):
        for section in TRL_SECTIONS.values():
            data[section].update(data[section].pop("trl"))
    return data


# --------------------------------------------------------------------------------------------------------
# TRL's own keys in the grpo and sft sections (grpo_cli.upstream.trl)


def _trl_section(cls: Any) -> str | None:
    """'grpo' or 'sft' for the sections that take their TRL config's other fields, else None."""
    return TRL_SECTIONS.get(cls)


def _trl_keys(section: str, data: dict, own: set[str]) -> dict:
    """A grpo/sft mapping with TRL's aliases of the recipe's keys renamed (a value under both names is refused) and
    every other TRL field moved under `trl`, type-checked against the installed TRL's source."""
    out: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        name = str(key)
        if name in own:
            out[name] = value
        elif name in upstream_trl.ALIASES:
            mine = upstream_trl.ALIASES[name]
            _require(
                mine not in data,
                f"{section}.{mine} and {section}.{name} (its TRL name) are both given; keep one",
            )
            out[mine] = value
        else:
            extra[name] = _coerce(value, upstream_trl.trl_field(section, name, own).type, f"{section}.{name}")
    if extra:
        out["trl"] = extra
    return out


def _canonical(path: list[str]) -> list[str]:
    """An override's key path with TRL's alias renamed to the recipe's key (grpo.per_device_train_batch_size ->
    grpo.per_device_batch_size), and a custom reward's name (`rewards../my.py:fn`, `rewards.pkg.mod:fn`) kept whole."""
    if len(path) == 2 and path[0] in TRL_SECTIONS.values() and path[1] in upstream_trl.ALIASES:
        return [path[0], upstream_trl.ALIASES[path[1]]]
    if len(path) > 2 and path[0] == "rewards":
        return ["rewards", ".".join(path[1:])]
    return path


# --------------------------------------------------------------------------------------------------------
# shortcut flags: the one table of command-line flags that name recipe keys


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


def key_type(key: str) -> Any:
    """The annotation of a recipe key ("grpo.beta" -> float)."""
    tp: Any = Recipe
    for part in key.split("."):
        tp = type_hints(tp)[part]
    return tp


# --------------------------------------------------------------------------------------------------------
# --set overrides


def parse_override(text: str) -> tuple[list[str], Any]:
    """'grpo.beta=0.04' -> (['grpo', 'beta'], 0.04). The value is read as a YAML scalar."""
    if "=" not in text:
        raise UserError(f"--set {safeio.excerpt(text)}: expected section.key=value, e.g. --set grpo.beta=0.04")
    key, raw = text.split("=", 1)
    key = key.strip()
    if not key:
        raise UserError(f"--set {safeio.excerpt(text)}: the key is empty; expected section.key=value")
    try:
        # Bounded like a recipe file: nesting past safeio.MAX_DEPTH or aliases that expand past its cap are errors.
        value = safeio.load_yaml(raw, f"--set {key[:80]}") if raw.strip() else ""
    except safeio.InvalidYAML:
        value = raw
    return key.split("."), value


Override = str | tuple[str, Any]


def apply_overrides(data: dict, overrides: list[Override]) -> dict:
    """Apply overrides to the recipe mapping (validation happens when it is built): `--set` texts
    ('grpo.beta=0.04', parsed as YAML scalars) or (key, value) pairs whose value is already typed (a flag's).

    Overrides apply to the resolved recipe (defaults filled in), so `--set rewards.tag_count=0.5` adds a reward
    to the recipe's rewards instead of replacing them.
    """
    data = to_dict(from_dict(Recipe, data))
    named: dict[str, str] = {}  # key -> the name an override gave it under (the recipe's, or TRL's alias)
    for item in overrides:
        path, value = parse_override(item) if isinstance(item, str) else (item[0].split("."), item[1])
        given, path = ".".join(path), _canonical(path)
        key = ".".join(path)
        _require(
            named.setdefault(key, given) == given,
            f"{named.get(key)} and {given} name the same key (TRL's name is an alias); keep one",
        )
        _check_path(path)
        node = data
        for part in path[:-1]:
            child = node.get(part)
            if not isinstance(child, dict):
                child = {}
                node[part] = child
            node = child
        node[path[-1]] = value
    return data


def _check_path(path: list[str]) -> None:
    """Reject unknown keys in an override before it is applied, naming the closest valid ones."""
    cls: Any = Recipe
    for depth, part in enumerate(path):
        prefix = ".".join(path[:depth])
        if not is_dataclass(cls):
            if depth == len(path) - 1 and get_origin(cls) is dict:
                return  # e.g. rewards.format=0.5
            raise UserError(
                f"unknown recipe key '{safeio.cut('.'.join(path))}': '{safeio.cut(prefix)}' has no sub-keys"
            )
        hints = type_hints(cls)
        section = _trl_section(cls)
        if section is not None and (part not in hints or part == "trl"):
            upstream_trl.trl_field(section, part, set(hints) - {"trl"})  # unknown, or set elsewhere: one line
            _require(
                depth == len(path) - 1,
                f"unknown recipe key '{safeio.cut('.'.join(path))}': give {section}.{part} whole, e.g. "
                f"--set '{section}.{part}={{key: value}}'",
            )
            return
        if part not in hints:
            where = f"'{safeio.cut(prefix)}.{safeio.cut(part)}'" if prefix else f"'{safeio.cut(part)}'"
            raise UserError(f"unknown recipe key {where}{did_you_mean(part, hints)}")
        cls = hints[part]
        if get_origin(cls) in (Union, types.UnionType):
            non_none = [a for a in get_args(cls) if a is not type(None)]
            cls = non_none[0] if len(non_none) == 1 else cls


# --------------------------------------------------------------------------------------------------------
# the whole recipe


def validate(recipe: Recipe, *, world: bool = True) -> Recipe:
    """Checks that types alone cannot express. Raises UserError naming the key and the fix.

    Every number is finite first (a NaN fails every comparison below with a misleading message), then each
    section's `check`, in the recipe's order. world=False leaves out the check on the recipe's own world (the
    generation batch splits into whole groups): `grpo estimate` costs a plan on the world its flags give
    (--num-gpus, --gen-batch), not on the recipe's launch section."""
    bad = _non_finite(recipe)
    _require(bad is None, f"{bad and bad[0]}={bad and bad[1]}: must be a finite number")
    _check_bounds(recipe)
    check_name(recipe.name)
    for f in fields(recipe):
        section = getattr(recipe, f.name)
        if hasattr(section, "check"):
            section.check(recipe)
    if world:
        _check_world(recipe)
    return recipe


def _value(recipe: Recipe, key: str) -> Any:
    node: Any = recipe
    for part in key.split("."):
        node = getattr(node, part)
    return node


def _check_bounds(recipe: Recipe) -> None:
    """MAX_VALUES and the seed range, before any section's check (which may compute with the values)."""
    for key, (limit, what) in MAX_VALUES.items():
        value = _value(recipe, key)
        if value is not None and value > limit:
            shown = value if isinstance(value, int) else f"{value:g}"
            raise UserError(f"{key}={shown}: at most {limit:,} ({what})")
    for key in SEED_KEYS:
        seed = _value(recipe, key)
        if not 0 <= seed <= MAX_SEED:
            raise UserError(f"{key}={safeio.cut(str(seed))}: a seed must be in 0..{MAX_SEED} (2**32 - 1)")


def _check_world(recipe: Recipe) -> None:
    """Checks on the recipe's own world (launch section): `grpo estimate` may plan another one."""
    g = recipe.grpo
    world, batch = trainer_processes(recipe), generation_batch(recipe)
    # TRL counts completions per device: the global generation batch must split into whole groups. TRL's own keys
    # may set it: generation_batch_size, or steps_per_generation in place of gradient_accumulation_steps.
    if g.trl.get("generation_batch_size") or g.trl.get("steps_per_generation"):
        batch = g.trl.get("generation_batch_size") or g.per_device_batch_size * g.trl["steps_per_generation"] * world
        _require(
            batch % g.num_generations == 0,
            f"TRL's generation batch ({batch} completions: grpo.generation_batch_size, or per_device_batch_size x "
            f"steps_per_generation x processes) is not a multiple of grpo.num_generations ({g.num_generations})",
        )
        return
    _require(
        batch % g.num_generations == 0,
        f"grpo.per_device_batch_size ({g.per_device_batch_size}) x gradient_accumulation_steps "
        f"({g.gradient_accumulation_steps}) x processes ({world}) = {batch} completions is not a multiple of "
        f"grpo.num_generations ({g.num_generations}); set grpo.per_device_batch_size to a multiple of it",
    )


def uses_steps(recipe: Recipe) -> bool:
    """Whether the recipe scores reasoning steps (the `steps` reward or process-supervised GRPO)."""
    return "steps" in recipe.rewards or recipe.grpo.advantage == "process"


# A recipe name becomes a folder (runs/<name>/): a plain identifier, never a path ("../..", "/tmp/x") or hidden.
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")


def check_name(name: str) -> str:
    """The recipe name, if it is a plain identifier (it becomes a folder under --run-dir); UserError otherwise."""
    if not isinstance(name, str) or not _NAME.match(name) or ".." in name:
        raise UserError(
            f"recipe name {name!r} cannot be a folder name: use letters, digits, '_', '-' or '.' (not leading, no "
            "'..', at most 100 characters), e.g. --set name=my_run"
        )
    return name


def _non_finite(obj: Any, prefix: str = "") -> tuple[str, float] | None:
    """The first float in the recipe that is NaN or infinite, with its key (YAML reads .nan and .inf as floats)."""
    if is_dataclass(obj):
        items = [(f.name, getattr(obj, f.name)) for f in fields(obj)]
    elif isinstance(obj, dict):
        items = list(obj.items())
    elif isinstance(obj, list):
        items = list(enumerate(obj))
    else:
        return None
    for key, value in items:
        where = f"{prefix}{key}"
        if isinstance(value, float) and not math.isfinite(value):
            return where, value
        found = _non_finite(value, f"{where}.")
        if found:
            return found
    return None


# --------------------------------------------------------------------------------------------------------
# building


def build(data: dict, overrides: list[Override] | None = None, *, world: bool = True) -> Recipe:
    """Raw mapping (+ overrides: `--set` texts or (key, value) pairs) -> validated, frozen Recipe."""
    if overrides:
        data = apply_overrides(data, overrides)
    return validate(from_dict(Recipe, data), world=world)


def with_values(recipe: Recipe, values: dict[str, Any], *, world: bool = True) -> Recipe:
    """The recipe with `{"section.key": value}` set, built and validated exactly as `--set` would be."""
    return build(to_dict(recipe), list(values.items()), world=world) if values else recipe


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
