"""TRL's trainer configs as the recipe's `grpo` and `sft` sections see them.

A section takes every field of its TRL config (GRPOConfig, SFTConfig and the TrainingArguments below them) under
TRL's own name, type-checked against the installed TRL's source. The recipe keeps a key of its own only where it adds
meaning (the method's default, a check): those are the section's dataclass fields (config.GRPOSection, config.SFTConfig).
Four of them carry another name than TRL's, which is accepted as an alias (`ALIASES`). The fields the recipe sets from
another key, or grpo-cli from the command line, are refused in the section, naming where they are set
(`SET_ELSEWHERE`). Everything else passes through to the TRL config as given (stages/grpo.py:grpo_config_kwargs,
stages/sft.py:sft_config_kwargs).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from grpo_cli.errors import UserError, did_you_mean
from grpo_cli.upstream.fields import Field, SourceUnreadable, dataclass_fields

# recipe section -> (package, module, class) of its TRL config
TRL_CLASSES = {
    "grpo": ("trl", "trainer.grpo_config", "GRPOConfig"),
    "sft": ("trl", "trainer.sft_config", "SFTConfig"),
}

# TRL's name -> the recipe's own key, in both sections. warmup_ratio: transformers 5 reads warmup_steps below 1 as a
# fraction of the steps, from 1 as a number of steps, and so does the recipe's key.
ALIASES = {
    "per_device_train_batch_size": "per_device_batch_size",
    "lr_scheduler_type": "lr_scheduler",
    "num_train_epochs": "epochs",
    "warmup_steps": "warmup_ratio",
}

# TRL field -> why a recipe does not set it in the section, and what to set instead ("{s}": the section).
SET_ELSEWHERE = {
    "output_dir": "it is the stage folder: use --run-dir",
    "bf16": "set model.dtype (a CPU trains in fp32, a GPU in bf16 by default)",
    "fp16": "set model.dtype (a CPU trains in fp32, a GPU in bf16 by default)",
    "use_cpu": "the stage uses the device it finds (CUDA_VISIBLE_DEVICES= hides the GPUs)",
    "model_init_kwargs": "set model.dtype, model.revision or model.attn_implementation",
    "trust_remote_code": "grpo-cli never runs a model folder's own code",
    "gradient_checkpointing": "set model.gradient_checkpointing",
    "activation_checkpointing": "set model.gradient_checkpointing",
    "data_seed": "set {s}.seed (it seeds the data order too)",
    "logging_strategy": "the stages log every {s}.logging_steps steps",
    "save_strategy": "the stages checkpoint every {s}.save_steps steps",
    "eval_strategy": "training runs no eval; `grpo eval` scores the model after",
    "resume_from_checkpoint": "use --resume",
    "report_to": "set tracking.report_to",
    "run_name": "it is the recipe's name and the stage",
    "push_to_hub": "set tracking.push_to_hub",
    "hub_model_id": "set tracking.hub_model_id",
    "hub_private_repo": "set tracking.hub_private_repo",
    "hub_strategy": "tracking.push_to_hub uploads once, when training ends",
    "deepspeed": "set launch.strategy (recipes/accelerate/)",
    "fsdp": "set launch.strategy (recipes/accelerate/)",
    "fsdp_config": "set launch.strategy (recipes/accelerate/)",
    "reward_weights": "give each weight in `rewards:`",
    "vllm_server_host": "set launch.vllm_server_host",
    "vllm_server_port": "set launch.vllm_server_port",
    "vllm_server_base_url": "set launch.vllm_server_host and launch.vllm_server_port",
    "vllm_max_model_length": "set model.max_context",
}


@functools.cache
def trl_fields(section: str) -> dict[str, Field]:
    """The init fields of `section`'s TRL config in the installed TRL, read from its source (imports nothing)."""
    package, module, cls = TRL_CLASSES[section]
    try:
        return dataclass_fields(package, module, cls)
    except SourceUnreadable as err:
        raise UserError(
            f"cannot read TRL's {cls} fields to check the recipe's {section} keys ({err}); TRL {trl_version()} is not "
            "one grpo-cli knows: pip install 'trl>=1.16,<2'"
        ) from None


def trl_version() -> str:
    from importlib import metadata  # ~50 ms to import: only for an error message

    try:
        return metadata.version("trl")
    except metadata.PackageNotFoundError:
        return "(not installed)"


def trl_field(section: str, key: str, own: Iterable[str]) -> Field:
    """The TRL field `section.key` passes through to, or one line saying why it cannot (set elsewhere, unknown: with
    the closest names among the section's own keys, their TRL aliases and TRL's fields)."""
    if key in SET_ELSEWHERE:
        raise UserError(f"{section}.{key} is not a recipe key: {SET_ELSEWHERE[key].format(s=section)}")
    found = trl_fields(section)
    if key in found:
        return found[key]
    names = set(own) | set(ALIASES) | (set(found) - set(SET_ELSEWHERE))
    cls = TRL_CLASSES[section][2]
    shown = key if len(key) <= 100 else key[:100] + "..."
    raise UserError(
        f"unknown recipe key '{section}.{shown}'{did_you_mean(shown, names)}; {section} takes its own keys and the fields "
        f"of TRL {trl_version()}'s {cls}"
    )
