"""Seconds per phase: decode per backend (estimate/kernels.py: HF generate's host floor, vLLM's step floor, bandwidth
and compute), the compute phases from their shapes (GEMMs and memory-bound kernels); optimizer offload."""

from __future__ import annotations

import math

from grpo_cli.estimate import engines, kernels, methods
from grpo_cli.estimate.archs import nearest_arch
from grpo_cli.estimate.defaults import BF16, GIB
from grpo_cli.estimate.inputs import EstimateInputs
from grpo_cli.estimate.rollout import kv_bytes_per_sequence, vllm_share_bytes
from grpo_cli.estimate.workload import phases_of, workload


def generation_plan(x: EstimateInputs, w: dict | None = None) -> dict:
    """Decode time: memory-bandwidth bound per step (the weights, read once per step, amortized over the
    sequences in flight), plus per-token work (KV cache read, compute at the decode efficiency).

    Per engine (a vLLM instance over vllm_tp GPUs) and generation round of R sequences, B of them in flight
    (bounded by the round, and by the KV cache vLLM has after its weights):
    vLLM:
        decode steps   = (R / B) * mean_len + (max_len - mean_len)   # the round waits for its longest answer
        step time      = weight bytes read per step per GPU / (bandwidth * bw_eff) + step floor [+ launches if eager]
        per token      = (2N + attention) / (tp * peak * decode_eff) + context * KV bytes / (tp * bandwidth * bw_eff)
        round time     = decode steps * step time + R * mean_len * per token
    HF generate (one static batch of R rows per GPU, every row computed until the longest answer ends):
        round time     = max_len * kernels.hf_step_seconds(R rows)
    A dense model reads all its weights per step; a MoE model its shared part and the experts the B tokens touch.
    """
    w = w or workload(x)
    shape, gpu = x.shape, x.gpu
    if not methods.generates(x.method):
        return {"backend": "none", "engines": 0, "tensor_parallel": 0, "seconds": 0.0}
    tp = x.rollout_tp
    engines_n = max(1, x.gen_gpus // tp)
    per_round = x.gen_batch
    rounds = w["sequences"] / per_round
    R = per_round / engines_n
    P, C = x.prompt_len, x.mean_len
    bw = gpu.bandwidth * x.bandwidth_efficiency
    kv_tok = shape.kv_bytes_per_token
    if x.use_vllm:
        kv_pool = engines.engine_kv_pool(tp, vllm_share_bytes(x), BF16 * x.params)
        # vLLM admits a sequence while blocks remain.
        kv_limit = kv_pool / kv_bytes_per_sequence(x) if kv_pool > 0 else 0.0
        in_flight = max(1.0, min(R, math.floor(kv_limit)))
    else:
        # HF generate: one static batch per process, run to the longest completion.
        kv_pool = 0.0
        kv_limit = float("inf")
        in_flight = R
    a = x.arch
    moe = (a.expert_params, a.n_experts, a.experts_per_token) if a is not None else (0, 0, 0)
    read_bytes = engines.decode_weight_bytes(x.params, moe[0], moe[1], moe[2], in_flight, BF16)
    decode_steps = (R / in_flight) * C + max(0.0, x.max_len - C)
    ctx = P + C / 2  # mean context a decode step attends to
    if x.use_vllm:
        step_time = read_bytes / tp / bw + kernels.vllm_step_overhead(shape, x.decode_eager)
        attn_tok = x.arch.attention_flops(ctx, 1) if x.arch else 0.0
        per_token = (2 * x.flop_params + attn_tok) / (tp * gpu.flops * x.decode_efficiency) + ctx * kv_tok / (tp * bw)
        round_time = decode_steps * step_time + R * C * per_token
    else:
        # Every row runs every step (a finished one is padding), at the mean context of the round's steps.
        step_time = kernels.hf_step_seconds(shape, R, P + x.max_len / 2, read_bytes, x)
        round_time = decode_steps * step_time
    seconds = rounds * round_time
    out = {
        "backend": "vllm" if x.use_vllm else "hf",
        "eager": x.decode_eager,
        "engines": engines_n,
        "tensor_parallel": tp,
        "rounds": rounds,
        "sequences_per_engine_round": R,
        "in_flight": in_flight,
        "kv_limit_sequences": kv_limit,
        "kv_pool_gib": kv_pool / GIB,
        "decode_steps_per_round": decode_steps,
        "weight_gib_read_per_step": read_bytes / GIB,
        "seconds_per_decode_step": step_time,
        "seconds_per_round": round_time,
        "seconds": seconds,
        "decode_tokens_per_gpu_per_second": w["generated_tokens"] / (seconds * engines_n * tp) if seconds else 0.0,
    }
    if moe[1]:
        out["experts_touched_per_layer"] = engines.experts_touched(moe[1], moe[2], in_flight)
    return out


# Optimizer offload (DeepSpeed offload_optimizer): per step each GPU sends its shard of bf16 gradients to the host
# and gets bf16 weights back (4 bytes per parameter over PCIe, ~25 GB/s reached per GPU), and the CPU Adam step
# streams ~30 bytes per parameter (reads fp32 weights, gradients, m, v; writes weights, m, v; a bf16 copy) at the
# host's memory bandwidth, ~300 GB/s for a two-socket server shared by its 8 GPUs.
OFFLOAD_PCIE_BYTES_PER_S = 25e9
OFFLOAD_PCIE_BYTES_PER_PARAM = 4
HOST_ADAM_BYTES_PER_PARAM = 30
HOST_BANDWIDTH_PER_GPU = 300e9 / 8


def offload_seconds_per_step(trained_params: float, num_gpus: int) -> float:
    """The host side of one optimizer step for `trained_params` parameters sharded over `num_gpus` GPUs."""
    per_gpu = trained_params / num_gpus
    return per_gpu * (
        OFFLOAD_PCIE_BYTES_PER_PARAM / OFFLOAD_PCIE_BYTES_PER_S + HOST_ADAM_BYTES_PER_PARAM / HOST_BANDWIDTH_PER_GPU
    )


def trained_params(x: EstimateInputs) -> float:
    """Parameters the optimizer updates: the policy's (or its adapter's), and with PPO the critic's too."""
    one = float(x.shape.lora_params(x.lora_rank, x.lora_targets)) if x.lora else x.params
    return one * (2 if x.method == "ppo" else 1)


def phase_tokens(x: EstimateInputs, w: dict) -> dict[str, float]:
    """Tokens each compute phase's kernels run over (as workload.flops counts them)."""
    seq = w["generated_tokens"] + w["prompt_tokens"]
    it = 1 if x.method == "dpo" else x.num_iterations
    prefill = w["prompt_tokens"] / (x.G if x.use_vllm else 1)
    out = {"prefill": prefill, "old_policy": seq, "reference": seq, "reward_model": seq, "values": seq}
    return {
        **out,
        "training": seq * it,
        "recompute": seq * it,
        "critic_training": seq * it,
        "critic_recompute": seq * it,
    }


def phase_seconds(x: EstimateInputs, f: dict, gen: dict, w: dict | None = None) -> dict[str, float]:
    """Seconds per phase: generation from `generation_plan`, GAE and the offloaded optimizer step from their own
    models, the rest from their FLOPs and the bytes their kernels move (kernels.compute_seconds)."""
    w = w or workload(x)
    tokens = phase_tokens(x, w)
    out = {"generation": gen["seconds"]}
    for p in phases_of(f):
        if p in out or p not in kernels.PHASE_PASSES:
            continue
        arch = (x.prm_arch or nearest_arch(x.prm_params)) if p == "reward_model" else x.shape
        lora = x.lora and p != "reward_model"
        gpus = x.gen_gpus if p == "prefill" else x.num_gpus
        out[p] = kernels.compute_seconds(
            f[p], kernels.PHASE_PASSES[p], tokens[p], arch, lora, gpus, x.gpu, x.mfu, x.bandwidth_efficiency
        )
    if "gae" in f:
        out["gae"] = methods.gae_seconds(w["sequences"] / x.gen_batch, x.mean_len)
    if "optimizer_offload" in f:
        out["optimizer_offload"] = w["steps"] * offload_seconds_per_step(trained_params(x), x.num_gpus)
    out["total"] = sum(out[p] for p in phases_of(out))
    return out
