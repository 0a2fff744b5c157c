"""The `sft` and `grpo` sections: the recipe's keys for TRL's SFTConfig and GRPOConfig, each with its check.

Any other field of TRL's config is written flat in the section under TRL's name and kept in `trl`
(config/convert.py reads it, checked against the installed TRL's source: grpo_cli.upstream).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from grpo_cli.config.limits import LR_SCHEDULERS, LR_SCHEDULERS_REFUSED, check_tokens, require
from grpo_cli.errors import did_you_mean

if TYPE_CHECKING:  # the annotation of each check's argument; sections.py imports this module
    from grpo_cli.config.sections import Recipe


def _check_trainer_section(section: SFTConfig | GRPOSection, name: str) -> None:
    """What SFT and GRPO share: logging and checkpoint cadence, weight decay, accumulation, the LR schedule."""
    require(
        section.logging_steps >= 1, f"{name}.logging_steps={section.logging_steps}: must be >= 1 (log every N steps)"
    )
    require(section.save_steps >= 1, f"{name}.save_steps={section.save_steps}: must be >= 1 (checkpoint every N steps)")
    require(section.weight_decay >= 0, f"{name}.weight_decay={section.weight_decay}: must be >= 0")
    require(section.gradient_accumulation_steps >= 1, f"{name}.gradient_accumulation_steps must be >= 1")
    require(
        section.lr_scheduler in LR_SCHEDULERS,
        f"{name}.lr_scheduler: {section.lr_scheduler!r} is not a transformers scheduler"
        f"{did_you_mean(section.lr_scheduler, LR_SCHEDULERS)}",
    )
    why = LR_SCHEDULERS_REFUSED.get(section.lr_scheduler)
    require(why is None, f"{name}.lr_scheduler: {section.lr_scheduler!r} cannot be used here: {why}")
    # transformers 5 folds warmup_ratio into warmup_steps (TRL's name, an alias here): below 1 a fraction of the
    # steps, from 1 a whole number of steps.
    w = section.warmup_ratio
    require(
        0 <= w < 1 or (w >= 1 and float(w).is_integer()),
        f"{name}.warmup_ratio={w}: a fraction of the steps in [0, 1), or a whole number of steps",
    )
    require(section.max_steps >= -1, f"{name}.max_steps={section.max_steps}: -1 (or 0) trains {name}.epochs")


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
        require(
            self.learning_rate > 0 and self.per_device_batch_size >= 1 and self.max_length > 0,
            "sft: learning_rate, per_device_batch_size and max_length must be positive",
        )
        require(self.epochs > 0, "sft.epochs must be > 0")
        check_tokens("sft.max_length", self.max_length)


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
        require(self.max_grad_norm > 0, f"grpo.max_grad_norm={self.max_grad_norm}: must be > 0")
        require(
            self.save_total_limit is None or self.save_total_limit >= 1, "grpo.save_total_limit must be >= 1 (or null)"
        )
        check_tokens("grpo.max_completion_length", self.max_completion_length)
        require(
            self.num_generations >= 2,
            f"grpo.num_generations={self.num_generations}: G must be at least 2 (a group of one has no advantage)",
        )
        require(self.max_completion_length > 0, "grpo.max_completion_length must be positive")
        require(self.beta >= 0, f"grpo.beta={self.beta}: must be >= 0 (0 drops the KL term and the reference model)")
        require(0 < self.epsilon < 1, f"grpo.epsilon={self.epsilon}: the clip range must be in (0, 1)")
        require(
            self.epsilon_high is None or self.epsilon_high >= self.epsilon, "grpo.epsilon_high must be >= grpo.epsilon"
        )
        require(self.temperature > 0, "grpo.temperature must be > 0 (GRPO needs sampled, diverse groups)")
        require(0 < self.top_p <= 1, "grpo.top_p must be in (0, 1]")
        require(self.learning_rate > 0, "grpo.learning_rate must be > 0")
        require(self.per_device_batch_size >= 1, "grpo.per_device_batch_size must be >= 1")
        require(self.num_iterations >= 1, f"grpo.num_iterations={self.num_iterations}: must be >= 1")
        require(self.epochs > 0, "grpo.epochs must be > 0")
        require(self.samples_per_log >= 0, "grpo.samples_per_log must be >= 0")
        require(0 < self.vllm_gpu_memory_utilization < 1, "grpo.vllm_gpu_memory_utilization must be in (0, 1)")
        require(self.vllm_tensor_parallel_size >= 1, "grpo.vllm_tensor_parallel_size must be >= 1")
        self.check_knobs()

    def check_knobs(self) -> None:
        """The TRL 1.16 loss and sampling knobs: what GRPOConfig or GRPOTrainer would refuse (or silently misuse)."""
        g = self
        lo, hi = g.vllm_importance_sampling_clip_min, g.vllm_importance_sampling_clip_max
        require(
            hi is None or 0 < hi <= 1e6, f"grpo.vllm_importance_sampling_clip_max={hi}: must be in (0, 1e6] or null"
        )
        require(
            lo is None or 0 <= lo < 1e6, f"grpo.vllm_importance_sampling_clip_min={lo}: must be in [0, 1e6) or null"
        )
        require(
            lo is None or hi is None or lo < hi,
            f"grpo.vllm_importance_sampling_clip_min={lo} must be below grpo.vllm_importance_sampling_clip_max={hi}",
        )
        truncate = g.vllm_importance_sampling_mode.endswith("_truncate")
        require(
            not (g.vllm_importance_sampling_correction and truncate and lo is None and hi is None),
            f"grpo.vllm_importance_sampling_mode={g.vllm_importance_sampling_mode} clips the ratio: set "
            "grpo.vllm_importance_sampling_clip_max (or _clip_min)",
        )
        require(
            0 <= g.top_entropy_quantile <= 1,
            f"grpo.top_entropy_quantile={g.top_entropy_quantile}: must be in [0, 1] (1 keeps every token)",
        )
        t = g.off_policy_mask_threshold
        require(t is None or 0 < t <= 1e6, f"grpo.off_policy_mask_threshold={t}: must be a positive KL bound or null")
        require(
            not (g.loss_type == "luspo" and g.importance_sampling_level != "sequence"),
            "grpo.loss_type=luspo is a sequence-level loss: set grpo.importance_sampling_level=sequence",
        )
        require(
            not (g.loss_type == "vespo" and g.importance_sampling_level != "token"),
            "grpo.loss_type=vespo weights sequences itself: set grpo.importance_sampling_level=token",
        )
        require(
            not (g.loss_type == "vespo" and g.use_vllm and g.vllm_importance_sampling_correction)
            or g.vllm_importance_sampling_mode.startswith("token"),
            "grpo.loss_type=vespo with vLLM needs a token-level correction: set "
            "grpo.vllm_importance_sampling_mode=token_mask (or token_truncate)",
        )
        require(
            1 <= g.dynamic_sampling_max_rounds <= 64,
            f"grpo.dynamic_sampling_max_rounds={g.dynamic_sampling_max_rounds}: must be in 1..64",
        )
        require(
            not (g.dynamic_sampling and g.advantage == "process"),
            "grpo.dynamic_sampling and grpo.advantage=process both replace TRL's batch step; use one of them",
        )


# The sections that also take their TRL config's other fields under TRL's own names (grpo_cli.upstream.trl).
TRL_SECTIONS: dict[type, str] = {GRPOSection: "grpo", SFTConfig: "sft"}
