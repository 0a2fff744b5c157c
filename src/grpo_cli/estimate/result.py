"""`grpo estimate`'s result as typed, frozen dataclasses; `Estimate.to_json()` is the `--json` object.

The key order of to_json() is the field order below, and a field left ABSENT is not printed at all (`cost_usd`
without --price, `no_signal` without --pass-rate, ...), while a field set to None prints as null (the time figures
of a plan that does not fit). tests/test_estimate_json.py holds the documented commands' output byte for byte.
The per-phase tables (flops, seconds), the generation and memory plans and the inputs are mappings keyed by phase,
plan item or input name, in the order the arithmetic writes them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


class _Absent:
    """The value of an optional field that is not part of this result (not printed, unlike None)."""

    def __repr__(self) -> str:
        return "ABSENT"

    def __bool__(self) -> bool:
        return False


ABSENT: Any = _Absent()


@dataclass(frozen=True)
class Assumptions:
    mfu: float
    decode_efficiency: float
    bandwidth_efficiency: float
    old_policy_forward: bool
    shape_from: str
    source_rule_of_thumb: str


@dataclass(frozen=True)
class NoSignal:
    """--pass-rate p: the share p^G + (1-p)^G of groups whose G answers all score the same, and the smallest G
    under the recipe's monitor.no_signal_target."""

    pass_rate: float
    G: int
    fraction: float
    target: float
    smallest_G_under_target: int | None


@dataclass(frozen=True)
class DynamicSampling:
    """grpo.dynamic_sampling: the extra generation rounds that refill zero-signal groups. With --pass-rate p their
    expected number per batch (formulas.dynamic_sampling_rounds) multiplies the per-round phases (generation,
    prefill, the reward model, the old-policy and reference forwards); without one they are not charged, and
    1 + max_rounds is the bound."""

    pass_rate: float | None
    groups_per_batch: int
    max_rounds: int
    expected_extra_rounds: float | None
    generation_multiplier: float | None
    upper_bound_multiplier: int
    # The share of trained groups still without signal after the last round: z^(max_rounds + 1).
    unfilled_share: float | None


@dataclass(frozen=True)
class DistillPlan:
    """--method distill: R1's distillation into the recipe's model (estimate/distill.py), beside GRPO's figures."""

    teacher: str
    teacher_params: float
    problems: int
    samples_per_problem: int
    kept_per_problem: int
    pass_rate: float | None
    expected_kept: float
    teacher_generated_tokens: float
    teacher_seconds: float
    teacher_gpu_hours: float
    student_sequences: float
    student_tokens: float
    student_flops: float
    student_seconds: float
    student_gpu_hours: float
    gpu_hours: float
    wall_clock_hours: float
    cost_usd: float | None
    grpo_gpu_hours: float | None  # GRPO on the student instead (the main estimate), for comparison
    grpo_over_distill: float | None


@dataclass(frozen=True)
class PRM:
    """The process reward model that scores every completion (--prm or the recipe's prm.model)."""

    model: str | None
    params: float
    flop_params: float


@dataclass(frozen=True)
class PRMTraining:
    """--prm-train-tokens: training the PRM for one epoch on the run's GPUs at its MFU."""

    model: str
    params: float
    tokens: float
    flops: float
    seconds: float
    wall_clock_hours: float
    gpu_hours: float
    gpu: str
    num_gpus: int
    source: Mapping[str, Any]  # the published figure it is checked against (estimate/methods.py)


# The figures that only mean something when the plan fits (withheld, null, when it does not).
TIME_FIELDS = ("seconds", "seconds_per_step", "gpu_hours", "wall_clock_hours", "tokens_per_gpu_per_second", "cost_usd")


@dataclass(frozen=True)
class Estimate:
    """One `grpo estimate`: what the run takes, whether it fits, and what it was computed from."""

    recipe: str | None
    model: str
    params: float
    flop_params: float
    architecture: str | None
    gpu: str
    num_gpus: int
    sequences: float
    generated_tokens: int
    prompt_tokens: int
    steps: float
    flops: Mapping[str, float]
    seconds: Mapping[str, float] | None
    seconds_per_step: float | None
    gpu_hours: float | None
    wall_clock_hours: float | None
    # verl's throughput convention: (prompt + response tokens) / (step time x GPUs).
    tokens_per_gpu_per_second: float | None
    generation: Mapping[str, Any]
    memory_gib_per_gpu: Mapping[str, Any]
    fits: bool
    does_not_fit: str | None
    method: str
    assumptions: Assumptions
    inputs: Mapping[str, Any]
    cost_usd: float | None = ABSENT
    no_signal: NoSignal = ABSENT
    dynamic_sampling: DynamicSampling = ABSENT
    prm: PRM = ABSENT
    prm_training: PRMTraining = ABSENT
    calibration: Mapping[str, Any] = ABSENT
    # A plan that does not fit: the time figures as if it did (the top-level ones are null).
    if_it_fit: Mapping[str, Any] = ABSENT
    compare: Mapping[str, Any] = ABSENT
    # --method distill: R1's distillation into this model (estimate/distill.py), beside GRPO's figures above.
    distill: DistillPlan = ABSENT

    def replace(self, **changes: Any) -> Estimate:
        return dataclasses.replace(self, **changes)

    def has(self, name: str) -> bool:
        """Whether an optional field is part of this result (set, even to None)."""
        return getattr(self, name) is not ABSENT

    def to_json(self) -> dict[str, Any]:
        """The `--json` object: every field in order, nested dataclasses as objects, ABSENT fields left out."""
        return {
            f.name: _plain(value) for f in dataclasses.fields(self) if (value := getattr(self, f.name)) is not ABSENT
        }


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


__all__ = [
    "ABSENT",
    "TIME_FIELDS",
    "Assumptions",
    "DistillPlan",
    "DynamicSampling",
    "Estimate",
    "NoSignal",
    "PRM",
    "PRMTraining",
]
