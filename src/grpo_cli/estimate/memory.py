"""The memory plan per GPU (weights, gradients, optimizer, reference, activations, KV cache, the vLLM share), whether
it fits, the fix for its largest item, and the fewest GPUs that fit."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grpo_cli.estimate import methods
from grpo_cli.estimate.defaults import BF16, GIB, RUNTIME_OVERHEAD_GIB, VLLM_RESERVE_GIB
from grpo_cli.estimate.inputs import EstimateInputs
from grpo_cli.estimate.rollout import rollout_layout, smallest_engine
from grpo_cli.estimate.timing import trained_params


def _model_states(x: EstimateInputs, shard_states: int, shard_optim: int) -> tuple[float, float, float, int]:
    """Bytes per GPU of one trained model of the policy's size: (weights, gradients, optimizer, adapter params).
    Full fine-tuning: mixed-precision AdamW, 16 bytes per parameter; LoRA: the frozen bf16 base and the adapter
    with its gradients and Adam states. Offloaded, the fp32 master weights and Adam states live on the host."""
    P = x.params
    optim_on_gpu = 0.0 if x.offload_optimizer else 1.0
    if x.lora:
        adapter = x.shape.lora_params(x.lora_rank, x.lora_targets)
        weights = (BF16 * P) / shard_states + BF16 * adapter
        return weights, BF16 * adapter, optim_on_gpu * 12 * adapter / shard_optim, adapter
    # mixed-precision AdamW: fp32 master weights + m + v (12 bytes), bf16 weights and gradients.
    return BF16 * P / shard_states, BF16 * P / shard_optim, optim_on_gpu * 12 * P / shard_optim, 0


def _generation_memory(x: EstimateInputs, shard_states: int) -> tuple[float, float, float, float, float]:
    """Bytes per training GPU for generation: (vLLM share, its weights, its KV pool, the generation side's total,
    the KV the rollout batch needs). Colocated vLLM reserves its share; server mode and DPO put nothing on the
    trainer's GPUs; HF generate gathers the full weights (TRL ds3_gather_for_generation) and grows a KV cache."""
    tp, kv_tok = x.rollout_tp, x.shape.kv_bytes_per_token
    R = x.gen_batch / max(1, x.gen_gpus // tp)
    # vLLM shares a group's prompt blocks; HF generate keeps every copy.
    prompt_kv = x.prompt_len / x.G if x.use_vllm else x.prompt_len
    kv_needed = R * (prompt_kv + x.mean_len) * kv_tok / tp
    if not methods.generates(x.method) or (x.use_vllm and x.vllm_mode == "server"):
        return 0.0, 0.0, 0.0, 0.0, 0.0
    if x.use_vllm:  # colocated
        share = x.vllm_memory * x.gpu.memory_gib * GIB
        weights = BF16 * x.params / tp
        return share, weights, share - weights - VLLM_RESERVE_GIB * GIB, share, kv_needed
    weights = BF16 * x.params if shard_states > 1 else 0.0
    kv_cache = R * (x.prompt_len + x.max_len) * kv_tok
    return 0.0, weights, kv_cache, weights + kv_cache, kv_needed


def memory_plan(x: EstimateInputs) -> dict:
    """Peak GiB per training GPU: model states (sharded by the strategy), reference, activations, and the
    generation side (vLLM's gpu_memory_utilization share when colocated, or HF generate's gathered weights and
    KV cache). With vLLM sleep mode the share is released during the update, so the peak is the larger phase.
    PPO adds a critic of the policy's size (its own model states); a PRM its bf16 weights, sharded like the
    reference; DPO generates nothing, so it has no generation side."""
    shape, gpu = x.shape, x.gpu
    P = x.params
    world = x.num_gpus
    shard_states = world if x.strategy in ("zero3", "fsdp") else 1
    shard_optim = world if x.strategy in ("zero2", "zero3", "fsdp") else 1
    weights, gradients, optimizer, adapter = _model_states(x, shard_states, shard_optim)
    # TRL + PEFT: the reference is the base model with the adapter disabled; else bf16, sharded like the policy.
    needs_ref = methods.needs_reference(x.method, x.beta) and not x.lora
    reference = BF16 * P / shard_states if needs_ref else 0.0
    critic = sum(_model_states(x, shard_states, shard_optim)[:3]) if x.method == "ppo" else 0.0
    sampled = methods.generates(x.method)
    reward_model = BF16 * x.prm_params / shard_states if (x.prm_params and sampled) else 0.0
    host = (12 * trained_params(x) / shard_optim) if x.offload_optimizer else 0.0
    # Activations of one micro-batch (bf16, flash attention, no dropout), per token per layer:
    #   saved for backward ~ 7 hidden + 3 intermediate elements (norm inputs/outputs, q/k/v/attn out, gate/up/act).
    # With checkpointing only each layer's input (1 hidden) is kept, plus one layer's working set and its
    # gradients while it is recomputed. The critic's update runs after the policy's: the same peak, not twice.
    tokens = x.micro_batch * (x.prompt_len + x.max_len)
    per_layer_tok = BF16 * (7 * shape.hidden + 3 * shape.intermediate)
    if x.grad_ckpt:
        activations = tokens * (shape.n_layers * BF16 * shape.hidden + 2 * per_layer_tok)
    else:
        activations = tokens * shape.n_layers * per_layer_tok
    # ZeRO-3 / FSDP gather full parameters a layer (plus a prefetched one) at a time; the embedding is the largest.
    gathered = BF16 * max(2 * shape.layer_params, shape.vocab * shape.hidden) if shard_states > 1 else 0.0
    runtime = RUNTIME_OVERHEAD_GIB * GIB
    tp = x.rollout_tp
    colocated = sampled and x.use_vllm and x.vllm_mode == "colocate"
    share, vllm_weights, kv_cache, gen_side, kv_needed = _generation_memory(x, shard_states)
    states = weights + gradients + optimizer + reference + critic + reward_model + runtime
    train_phase = states + activations + gathered + (0.0 if (x.vllm_sleep or not colocated) else gen_side)
    gen_phase = states + gen_side
    total = max(train_phase, gen_phase)
    g = 1 / GIB
    plan: dict[str, Any] = {
        "strategy": x.strategy if world > 1 else "none",
        "mode": "lora" if x.lora else "full",
        "weights": weights * g,
        "gradients": gradients * g,
        "optimizer": optimizer * g,
        "reference": reference * g,
        "critic": critic * g,
        "reward_model": reward_model * g,
        "activations": activations * g,
        "zero3_gathered": gathered * g,
        "vllm_share": share * g,
        "vllm_weights": vllm_weights * g,
        "kv_cache": max(0.0, kv_cache) * g,
        "kv_cache_rollout_batch": kv_needed * g,
        "runtime": runtime * g,
        "host_optimizer_per_gpu": host * g,
        "train_phase": train_phase * g,
        "generation_phase": gen_phase * g,
        "total": total * g,
        "gpu_memory": gpu.memory_gib,
        "headroom": gpu.memory_gib - total * g,
        "fits": True,
        "problems": [],
        "lora_params": adapter,
    }
    problems = plan["problems"]
    if total * g > gpu.memory_gib:
        problems.append(f"needs {total * g:.1f} GiB per GPU but a {gpu.name} has {gpu.memory_gib:.1f} GiB")
    if colocated and kv_cache <= 0:
        problems.append(
            f"vLLM's share ({x.vllm_memory:g} x {gpu.memory_gib:.1f} GiB = {share * g:.1f} GiB) cannot hold the "
            f"weights ({vllm_weights * g:.1f} GiB at tensor parallel {tp}) plus its {VLLM_RESERVE_GIB:g} GiB reserve"
        )
    plan["share_holds_weights"] = not (colocated and kv_cache <= 0)
    plan["fits"] = not problems
    return plan


# The memory items a "does not fit" line lists, and the fix for each when it is the largest.
_PLAN_ITEMS = (
    "weights",
    "gradients",
    "optimizer",
    "reference",
    "critic",
    "reward_model",
    "activations",
    "zero3_gathered",
    "vllm_share",
    "runtime",
)
FIXES = {
    "weights": "use more GPUs with launch.strategy=zero3, or model.lora=true",
    "gradients": "use launch.strategy=zero3 across more GPUs, or model.lora=true",
    "optimizer": "use launch.strategy=zero3 across more GPUs, offload it to the host, or model.lora=true",
    "reference": "set grpo.beta=0 (no reference model) or use model.lora=true (the reference is the base)",
    "critic": "use more GPUs, or model.lora=true (the critic is as large as the policy)",
    "reward_model": "use a smaller PRM or more GPUs",
    "activations": "set model.gradient_checkpointing=true or lower grpo.per_device_batch_size",
    "zero3_gathered": "use more GPUs",
    "vllm_share": "lower grpo.vllm_gpu_memory_utilization or set grpo.vllm_enable_sleep_mode=true",
    "runtime": "use a GPU with more memory",
}


def plan_parts(x: EstimateInputs, plan: dict) -> tuple[str, str]:
    """('weights 9.8 + gradients 9.8 + ...', the largest item) of a memory plan."""
    colocated = x.use_vllm and x.vllm_mode == "colocate" and methods.generates(x.method)
    items = {k: plan[k] for k in _PLAN_ITEMS if k != "vllm_share" or colocated}
    parts = " + ".join(f"{k} {v:.1f}" for k, v in items.items() if v >= 0.05)
    return parts, max(items, key=items.__getitem__)


def smallest_gpu_count(x: EstimateInputs, limit: int = 1 << 16) -> int | None:
    """The fewest GPUs (a multiple of 8 past 8) on which the plan fits, the generation batch kept; None when none
    up to `limit` does."""

    def ok(n: int) -> bool:
        y, _ = rollout_layout(replace(x, num_gpus=n))
        return memory_plan(y)["fits"]

    if ok(x.num_gpus):
        return x.num_gpus
    lo = hi = x.num_gpus
    while not ok(hi):  # doubling: lo does not fit, hi does
        if hi >= limit:
            return None
        lo, hi = hi, min(limit, hi * 2)
    step = 1 if hi <= 8 else 8
    lo_k, hi_k = lo // step, -(-hi // step)
    while hi_k - lo_k > 1:  # bisect over multiples of step
        mid = (lo_k + hi_k) // 2
        lo_k, hi_k = (lo_k, mid) if ok(mid * step) else (mid, hi_k)
    return hi_k * step


def does_not_fit(x: EstimateInputs, plan: dict, layout: dict | None = None) -> str | None:
    """None when the plan fits; else the one line `grpo estimate` prints first: what does not fit, with the
    numbers, and what would (the fewest GPUs, optimizer offload)."""
    if plan["fits"]:
        return None
    parts, largest = plan_parts(x, plan)
    line = f"does not fit on {x.num_gpus}x {x.gpu.name}: " + "; ".join(plan["problems"])
    line += f" (per GPU: {parts} GiB)"
    if layout and layout.get("note") and "no group" in layout["note"]:
        line += f"; {layout['note']}"
    fixes = []
    if not plan["share_holds_weights"]:
        # The engine's weights do not fit its GPUs' share: a larger group (or share) is the fix, not more engines.
        line += "; the rollout engine needs more GPUs or a larger share: raise grpo.vllm_tensor_parallel_size or "
        line += "grpo.vllm_gpu_memory_utilization"
        group = smallest_engine(x)
        if group is not None and memory_plan(replace(x, engine_gpus=group))["fits"]:
            fixes.append(f"--rollout-tp {group}")
    else:
        line += f"; largest item {largest}: {FIXES[largest]}"
        n = smallest_gpu_count(x)
        if n is not None and n != x.num_gpus:
            fixes.append(f"--num-gpus {n}")
        if not x.offload_optimizer and not x.lora:
            y, _ = rollout_layout(replace(x, offload_optimizer=True))
            if memory_plan(y)["fits"]:
                fixes.append("--offload-optimizer")
    if fixes:
        line += "; fits with " + " or ".join(fixes)
    return line + "; no time or GPU-hours are estimated for a plan that does not fit"
