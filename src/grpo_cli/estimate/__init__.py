"""What a GRPO run costs before you rent GPUs: tokens, FLOPs and seconds per phase, GPU-hours, memory per GPU.

Pure arithmetic on a recipe (stdlib only, no torch): `grpo estimate` answers in a fraction of a second, and
`grpo train` calls `check_fit` to refuse a plan that cannot fit before it loads a model. Every default and formula
is documented, with its source, in docs/estimate.md; the calibration table there compares these figures with
published runs (docs/sources.md).

One GRPO step, per sequence of P prompt tokens and C completion tokens (N = parameters each token multiplies):

    phase        FLOPs                          bound by
    generation   2N*C + decode attention        memory bandwidth (weights + KV read per decode step) and compute
    prefill      2N*P + prompt attention        compute at the MFU
    old_policy   2N*(P+C) + attention           compute (TRL with vLLM always recomputes it; else num_iterations > 1)
    reference    2N*(P+C) + attention           compute (only when beta > 0)
    training     6N*(P+C) + 3x attention        compute (4N with LoRA: frozen weights get no weight gradient)
    recompute    2N*(P+C) + attention           compute (activation checkpointing re-runs the forward)

The phases run one after another (colocated vLLM and the trainer share the GPUs), so wall clock is their sum.

One module per part, each pure arithmetic: `defaults` (the assumed efficiencies and reserves), `hardware` (GPUs),
`archs` (model shapes), `inputs` (EstimateInputs from a recipe and flags), `workload` (tokens and FLOPs), `rollout`
(vLLM engine layout), `timing` (seconds per phase), `memory` (the plan per GPU), `cost` (the estimate itself,
check_fit), `calibrate` (against a run's metrics.jsonl or a gpu_check.json), `kernels` (what a step's kernels cost from the
model's shape, per generation backend), `compare` (GRPO beside PPO and DPO), `distill` (R1's distillation beside GRPO), `result` (the typed result,
`Estimate.to_json()`); `engines` and
`methods` hold the rollout-engine and per-method formulas they call. The names below are the package's interface
(`estimate.estimate`, `estimate.check_fit`, `estimate.GPUS`, ...).
"""

from __future__ import annotations

from grpo_cli.estimate.archs import (
    ARCHS,
    KNOWN_CONFIGS,
    TINY_VOCAB,
    Arch,
    arch_from_config,
    nearest_arch,
    parse_count,
    resolve_model,
    tiny_arch,
)
from grpo_cli.estimate.calibrate import (
    Measured,
    apply_calibration,
    calibrate_on_check,
    calibration,
    gpu_check_runs,
    measured_from_metrics,
)
from grpo_cli.estimate.compare import compare_methods, recipe_prm, resolve_prm
from grpo_cli.estimate.cost import check_fit, estimate, prm_training, withhold_unfit
from grpo_cli.estimate.defaults import (
    BF16,
    DATASET_SIZES,
    DEFAULT_BANDWIDTH_EFFICIENCY,
    DEFAULT_DECODE_EFFICIENCY,
    DEFAULT_MFU,
    EAGER_STEP_OVERHEAD_PER_LAYER_S,
    GIB,
    RUNTIME_OVERHEAD_GIB,
    SOURCE_RULE_OF_THUMB,
    VLLM_RESERVE_GIB,
    VLLM_SERVER_MEMORY_UTILIZATION,
)
from grpo_cli.estimate.distill import distill_plan
from grpo_cli.estimate.hardware import GPU, GPUS, gpu_from_device_name, resolve_gpu
from grpo_cli.estimate.inputs import FROM_RECIPE, EstimateInputs, inputs_from_recipe, validate_inputs
from grpo_cli.estimate.memory import does_not_fit, memory_plan, smallest_gpu_count
from grpo_cli.estimate.result import ABSENT, PRM, Assumptions, Estimate, NoSignal, PRMTraining
from grpo_cli.estimate.rollout import rollout_layout, smallest_engine
from grpo_cli.estimate.timing import (
    HOST_ADAM_BYTES_PER_PARAM,
    HOST_BANDWIDTH_PER_GPU,
    OFFLOAD_PCIE_BYTES_PER_PARAM,
    OFFLOAD_PCIE_BYTES_PER_S,
    generation_plan,
    offload_seconds_per_step,
    phase_seconds,
)
from grpo_cli.estimate.workload import ALL_PHASES, PHASES, flops, phases_of, workload

__all__ = [
    'ABSENT', 'PRM', 'Assumptions', 'Estimate', 'NoSignal', 'PRMTraining','ALL_PHASES', 'ARCHS', 'Arch', 'BF16', 'DATASET_SIZES', 'DEFAULT_BANDWIDTH_EFFICIENCY', 'DEFAULT_DECODE_EFFICIENCY', 'DEFAULT_MFU', 'EAGER_STEP_OVERHEAD_PER_LAYER_S', 'EstimateInputs', 'GIB', 'GPU', 'GPUS', 'HOST_ADAM_BYTES_PER_PARAM', 'HOST_BANDWIDTH_PER_GPU', 'KNOWN_CONFIGS', 'Measured', 'OFFLOAD_PCIE_BYTES_PER_PARAM', 'OFFLOAD_PCIE_BYTES_PER_S', 'PHASES', 'FROM_RECIPE', 'RUNTIME_OVERHEAD_GIB', 'SOURCE_RULE_OF_THUMB', 'TINY_VOCAB', 'VLLM_RESERVE_GIB', 'VLLM_SERVER_MEMORY_UTILIZATION', 'apply_calibration', 'arch_from_config', 'calibrate_on_check', 'calibration', 'check_fit', 'compare_methods', 'distill_plan', 'does_not_fit', 'estimate', 'flops', 'generation_plan', 'gpu_check_runs', 'gpu_from_device_name', 'inputs_from_recipe', 'measured_from_metrics', 'memory_plan', 'nearest_arch', 'offload_seconds_per_step', 'parse_count', 'phase_seconds', 'phases_of', 'prm_training', 'recipe_prm', 'resolve_gpu', 'resolve_model', 'resolve_prm', 'rollout_layout', 'smallest_engine', 'smallest_gpu_count', 'tiny_arch', 'validate_inputs', 'withhold_unfit', 'workload']  # fmt: skip
