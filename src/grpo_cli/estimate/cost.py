"""The estimate: every phase together, GPU-hours, cost and the memory verdict (`estimate`), what the command prints
when a plan does not fit (`withhold_unfit`), training a PRM, and `grpo train`'s fit check (`check_fit`)."""

from __future__ import annotations

from dataclasses import replace

from grpo_cli.config import Recipe
from grpo_cli.errors import UserError
from grpo_cli.estimate import kernels, methods
from grpo_cli.estimate.archs import nearest_arch
from grpo_cli.estimate.defaults import SOURCE_RULE_OF_THUMB
from grpo_cli.estimate.inputs import EstimateInputs, inputs_from_recipe, validate_inputs
from grpo_cli.estimate.memory import FIXES, does_not_fit, memory_plan, plan_parts
from grpo_cli.estimate.result import PRM, TIME_FIELDS, Assumptions, DynamicSampling, Estimate, NoSignal, PRMTraining
from grpo_cli.estimate.rollout import rollout_layout
from grpo_cli.estimate.timing import generation_plan, phase_seconds
from grpo_cli.estimate.workload import flops, phases_of, workload
from grpo_cli.formulas import dynamic_sampling_rounds, no_signal_fraction, smallest_group


def estimate(x: EstimateInputs) -> Estimate:
    """One estimate: every figure as if the plan fit, with `fits` and, when it does not, the `does_not_fit` line
    (`withhold_unfit` is what the command prints then). `.to_json()` is the `grpo estimate --json` object."""
    x, layout = rollout_layout(validate_inputs(x))
    w = workload(x)
    f = flops(x, w)
    gen = generation_plan(x, w)
    gen["layout"] = layout
    sec = phase_seconds(x, f, gen, w)
    ds = dynamic_sampling_plan(x)
    if ds is not None and ds.generation_multiplier:
        f, sec = with_extra_rounds(f, sec, ds.generation_multiplier)
    wall = sec["total"]
    server = x.use_vllm and x.vllm_mode == "server" and methods.generates(x.method)
    total_gpus = x.num_gpus + (x.server_gpus if server else 0)
    plan = memory_plan(x)
    gpu_hours = wall * total_gpus / 3600
    seq_tokens = w["generated_tokens"] + w["prompt_tokens"]
    out = Estimate(
        recipe=x.name or None,
        model=x.model,
        params=x.params,
        flop_params=x.flop_params,
        architecture=x.arch.name if x.arch else None,
        gpu=x.gpu.name,
        num_gpus=total_gpus,
        sequences=w["sequences"],
        generated_tokens=w["generated_tokens"],
        prompt_tokens=w["prompt_tokens"],
        steps=w["steps"],
        flops=f,
        seconds=sec,
        seconds_per_step=wall / w["steps"] if w["steps"] else 0.0,
        gpu_hours=gpu_hours,
        wall_clock_hours=wall / 3600,
        tokens_per_gpu_per_second=seq_tokens / (wall * total_gpus) if wall else 0.0,
        generation=gen,
        memory_gib_per_gpu=plan,
        fits=plan["fits"],
        does_not_fit=does_not_fit(x, plan, layout),
        method=x.method,
        assumptions=Assumptions(
            mfu=x.mfu,
            decode_efficiency=x.decode_efficiency,
            bandwidth_efficiency=x.bandwidth_efficiency,
            old_policy_forward=f["old_policy"] > 0,
            shape_from=x.shape.name,
            source_rule_of_thumb=SOURCE_RULE_OF_THUMB,
        ),
        inputs=_inputs_dict(x),
    )
    if x.price is not None:
        out = out.replace(cost_usd=gpu_hours * x.price)
    if x.pass_rate is not None:
        target = x.recipe.monitor.no_signal_target  # the threshold the no_signal alarm advises with
        no_signal = NoSignal(
            pass_rate=x.pass_rate,
            G=x.G,
            fraction=no_signal_fraction(x.pass_rate, x.G),
            target=target,
            smallest_G_under_target=smallest_group(x.pass_rate, target),
        )
        out = out.replace(no_signal=no_signal)
    if ds is not None:
        out = out.replace(dynamic_sampling=ds)
    if x.prm_params:
        out = out.replace(prm=PRM(model=x.prm_name, params=x.prm_params, flop_params=x.prm_flop_params))
    if x.prm_train_tokens is not None:
        out = out.replace(prm_training=prm_training(x))
    return out


# The phases TRL runs once per generation round (stages/dynamic_sampling.py asks for whole extra rounds).
PER_ROUND = ("generation", "prefill", "reward_model", "old_policy", "reference")


def dynamic_sampling_plan(x: EstimateInputs) -> DynamicSampling | None:
    """grpo.dynamic_sampling's extra rounds (None when the recipe does not refill groups)."""
    g = x.recipe.grpo
    if not g.dynamic_sampling or not methods.generates(x.method):
        return None
    groups = max(1, x.gen_batch // x.G)
    p = x.pass_rate
    rounds = dynamic_sampling_rounds(p, x.G, groups, g.dynamic_sampling_max_rounds) if p is not None else None
    return DynamicSampling(
        pass_rate=p,
        groups_per_batch=groups,
        max_rounds=g.dynamic_sampling_max_rounds,
        expected_extra_rounds=rounds,
        generation_multiplier=1 + rounds if rounds is not None else None,
        upper_bound_multiplier=1 + g.dynamic_sampling_max_rounds,
        unfilled_share=no_signal_fraction(p, x.G) ** (g.dynamic_sampling_max_rounds + 1) if p is not None else None,
    )


def with_extra_rounds(f: dict, sec: dict, multiplier: float) -> tuple[dict, dict]:
    """FLOPs and seconds with the per-round phases run `multiplier` times; the training phases are unchanged."""
    f = {k: v * multiplier if k in PER_ROUND else v for k, v in f.items()}
    sec = {k: v * multiplier if k in PER_ROUND else v for k, v in sec.items()}
    sec["total"] = sum(sec[p] for p in phases_of(sec))
    if "total" in f:
        f["total"] = sum(f[p] for p in phases_of(f))
    return f, sec


def withhold_unfit(result: Estimate) -> Estimate:
    """What `grpo estimate` prints: a plan that does not fit gets no time, GPU-hours or cost at the top level
    (they are null; the as-if figures stay under `if_it_fit` for whoever wants the arithmetic)."""
    if result.fits:
        return result
    present = [k for k in TIME_FIELDS if result.has(k)]
    return result.replace(if_it_fit={k: getattr(result, k) for k in present}, **dict.fromkeys(present))


def prm_training(x: EstimateInputs) -> PRMTraining:
    """Training the PRM (the policy's model when no --prm is given) on x.prm_train_tokens tokens, one epoch, on
    the run's GPUs at its MFU: 6N per token (8N with activation checkpointing) plus attention over sequences of
    prompt + mean completion tokens; its seconds from the shape (kernels.compute_seconds, full fine-tuning)."""
    tokens = float(x.prm_train_tokens or 0)
    arch = x.prm_arch if x.prm_params else x.arch
    N = x.prm_flop_params if x.prm_params else x.flop_params
    seq = x.prompt_len + x.mean_len
    att_per_token = arch.attention_flops(0, seq) / seq if arch else 0.0
    fl = methods.prm_training_flops(N, tokens, x.grad_ckpt, att_per_token)
    shape = arch or nearest_arch(N)
    seconds = kernels.compute_seconds(
        fl, kernels.training_passes(x.grad_ckpt), tokens, shape, False, x.num_gpus, x.gpu, x.mfu, x.bandwidth_efficiency
    )
    return PRMTraining(
        model=x.prm_name or x.model,
        params=x.prm_params or x.params,
        tokens=tokens,
        flops=fl,
        seconds=seconds,
        wall_clock_hours=seconds / 3600,
        gpu_hours=seconds * x.num_gpus / 3600,
        gpu=x.gpu.name,
        num_gpus=x.num_gpus,
        source=methods.SOURCE_PRM_TRAINING,
    )


# The --json "inputs" object: every input the arithmetic used, the recipe's included, in this order.
_INPUT_NAMES = (
    "model", "params", "flop_params", "G", "mean_len", "max_len", "prompt_len", "prompts", "epochs", "tokens", "gpu",
    "num_gpus", "mfu", "decode_efficiency", "bandwidth_efficiency", "beta", "num_iterations", "old_logprobs", "lora",
    "lora_rank", "lora_targets", "grad_ckpt", "strategy", "micro_batch", "gen_batch", "use_vllm", "vllm_mode",
    "vllm_memory", "vllm_tp", "vllm_sleep", "eager", "server_gpus", "price", "pass_rate", "name",
    "method", "rollout_tp_given", "prm_name", "prm_params", "prm_train_tokens", "offload_optimizer",
)  # fmt: skip


def _inputs_dict(x: EstimateInputs) -> dict:
    d = {name: getattr(x, name) for name in _INPUT_NAMES}
    d["gpu"] = x.gpu.name
    d["lora_targets"] = list(x.lora_targets)
    d["old_logprobs"] = x.computes_old_logprobs
    return d


def check_fit(recipe: Recipe, gpu_memory_gib: float, num_gpus: int) -> str | None:
    """For `grpo train`: None when the recipe's memory plan fits `num_gpus` GPUs of `gpu_memory_gib` each, else
    the one line to print (exit 2) with the numbers and the largest item's fix. Also None when the model's
    architecture is unknown (a Hub id not in ARCHS and no local config.json): there is nothing to check against."""
    try:
        base = inputs_from_recipe(recipe, prompts=1)
    except UserError:
        return None
    gpu = replace(base.gpu, name=f"{gpu_memory_gib:.0f} GiB GPU", memory_gib=float(gpu_memory_gib))
    # TRL runs the recipe's tensor parallel size as it is: no auto-sizing here.
    x = base.replace(gpu=gpu, num_gpus=int(num_gpus), rollout_tp_given=base.vllm_tp)
    plan = memory_plan(x)
    if plan["fits"]:
        return None
    parts, largest = plan_parts(x, plan)
    where = recipe.name or "the recipe"
    if plan["kv_cache"] <= 0 and x.use_vllm and x.vllm_mode == "colocate":
        return (
            f"{where} will not fit: {plan['problems'][-1]}; raise grpo.vllm_gpu_memory_utilization or "
            "grpo.vllm_tensor_parallel_size"
        )
    return (
        f"{where} needs ~{plan['total']:.1f} GiB per GPU on {num_gpus} GPU(s) ({parts} GiB) but each GPU has "
        f"{gpu_memory_gib:.1f} GiB; largest item is {largest}: {FIXES[largest]} (`grpo estimate --recipe "
        f"{where}` shows the plan)"
    )
