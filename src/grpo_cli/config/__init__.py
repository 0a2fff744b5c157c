"""Typed, frozen recipe configuration.

A recipe is YAML -> dict -> `Recipe` (a tree of frozen dataclasses). Unknown keys and values of the wrong
type are rejected with the closest valid names, so a typo never silently falls back to a default.
`--set section.key=value` overrides are parsed as YAML scalars and checked the same way.

Stdlib + PyYAML only: `grpo recipes`, `grpo estimate` and `grpo --help` import this and must stay fast.

One module per part, in the order they build on each other; every name the rest of grpo_cli uses is imported from
here (`from grpo_cli.config import Recipe`):
    limits       the names and limits the checks use (reward names, schedulers, MAX_VALUES), `require`
    trainers     the `sft` and `grpo` sections (TRL's configs), their TRL keys
    sections     every other section, `MonitorConfig` (built from the alarm registry), `Recipe`
    convert      mapping -> dataclasses with type checks (`from_dict`), and back (`to_dict`); `key_type`
    overrides    `--set` (`parse_override`, `apply_overrides`)
    validation   `validate`, `build`, `with_values`, `check_name`
    shortcuts    the shortcut flags (`SHORTCUTS`) and `apply_flags`
"""

from __future__ import annotations

from grpo_cli.config.convert import coerce, from_dict, key_type, to_dict
from grpo_cli.config.limits import (
    BUILT_MODELS,
    LANGUAGE_SCRIPTS,
    LR_SCHEDULERS,
    MAX_TOKENS,
    MAX_VALUES,
    MIN_EFFICIENCY,
    REPORT_TO,
    REWARD_NAMES,
    TASKS,
    Task,
    custom_reward,
    is_task,
    reward_metric,
)
from grpo_cli.config.overrides import Override, apply_overrides, parse_override
from grpo_cli.config.sections import (
    R1_FINAL_SYSTEM_PROMPT,
    R1_SYSTEM_PROMPT,
    SYSTEM_PROMPTS,
    Benchmark,
    DataConfig,
    DistillConfig,
    EstimateConfig,
    EvalConfig,
    LaunchConfig,
    ModelConfig,
    MonitorConfig,
    PRMConfig,
    PromptConfig,
    Recipe,
    RewardOptions,
    StepsConfig,
    TinyModelConfig,
    ToyConfig,
    TrackingConfig,
    uses_steps,
)
from grpo_cli.config.shortcuts import SHORTCUTS, Shortcut, apply_flags
from grpo_cli.config.trainers import GRPOSection, SFTConfig
from grpo_cli.config.validation import build, check_name, validate, with_values

__all__ = [
    "BUILT_MODELS", "LANGUAGE_SCRIPTS", "LR_SCHEDULERS", "MAX_TOKENS", "MAX_VALUES", "MIN_EFFICIENCY",
    "R1_FINAL_SYSTEM_PROMPT", "R1_SYSTEM_PROMPT", "REPORT_TO", "REWARD_NAMES", "SHORTCUTS", "SYSTEM_PROMPTS", "TASKS",
    "Benchmark", "DataConfig", "DistillConfig", "EstimateConfig", "EvalConfig", "GRPOSection", "LaunchConfig",
    "ModelConfig", "MonitorConfig", "Override", "PRMConfig", "PromptConfig", "Recipe", "RewardOptions", "SFTConfig",
    "Shortcut", "StepsConfig", "Task", "TinyModelConfig", "ToyConfig", "TrackingConfig",
    "apply_flags", "apply_overrides", "build", "check_name", "coerce", "custom_reward", "from_dict", "is_task", "key_type",
    "parse_override", "reward_metric", "to_dict", "uses_steps", "validate", "with_values",
]  # fmt: skip
