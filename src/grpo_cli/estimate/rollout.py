"""Rollout engines: how many GPUs one colocated vLLM instance spans, and the layout that follows."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grpo_cli.estimate import engines, methods
from grpo_cli.estimate.defaults import BF16, GIB, VLLM_RESERVE_GIB, VLLM_SERVER_MEMORY_UTILIZATION
from grpo_cli.estimate.inputs import EstimateInputs


def vllm_share_bytes(x: EstimateInputs) -> float:
    """Per GPU, what vLLM may fill with weights and KV cache (its memory share less the reserve)."""
    util = VLLM_SERVER_MEMORY_UTILIZATION if x.vllm_mode == "server" else x.vllm_memory
    return (util * x.gpu.memory_gib - VLLM_RESERVE_GIB) * GIB


def kv_bytes_per_sequence(x: EstimateInputs) -> float:
    """A sequence's KV blocks in vLLM: its completion and a 1/G share of the prompt blocks its group shares."""
    return x.shape.kv_bytes_per_token * (x.prompt_len / x.G + x.mean_len)


def _engine_fit(x: EstimateInputs) -> Any:
    """A function: candidate groups -> the smallest whose share holds the weights plus a useful KV cache (room for
    min(sequences one engine gets per round, peak FLOP/s / bandwidth) sequences), or None."""
    weights, share, kv_seq = BF16 * x.params, vllm_share_bytes(x), kv_bytes_per_sequence(x)
    useful = engines.useful_sequences(x.gpu.flops, x.gpu.bandwidth)

    def per_engine(g: int) -> float:
        return x.gen_batch / max(1, x.num_gpus // g)

    return lambda groups: engines.smallest_fitting_group(groups, share, weights, kv_seq, per_engine, useful)


def smallest_engine(x: EstimateInputs) -> int | None:
    """The smallest colocated engine group that holds the weights plus a useful KV cache; None when none can."""
    return _engine_fit(x)(engines.candidate_groups(x.num_gpus, x.arch.n_heads if x.arch else None))


def rollout_layout(x: EstimateInputs) -> tuple[EstimateInputs, dict]:
    """The rollout engine's GPU group, and the inputs with it set (`engine_gpus`, read through `rollout_tp`).

    Colocated vLLM: --rollout-tp as given; else the recipe's tensor parallel size when its share of each GPU holds
    the weights plus a useful KV cache, else the smallest group that does (`smallest_engine`). For a MoE model the
    group is also the expert-parallel group. Server mode runs one engine over the server's GPUs; HF generate one
    per GPU; DPO generates nothing."""
    a = x.arch
    info: dict[str, Any] = {"source": "recipe", "note": None}
    if not methods.generates(x.method):
        info.update(source="none", tensor_parallel=0, expert_parallel=0)
        return x, info
    chosen = None
    if not x.use_vllm or x.vllm_mode == "server":
        info["source"] = "hf generate" if not x.use_vllm else "server (launch.vllm_server_gpus)"
    elif x.rollout_tp_given:
        info["source"], chosen = "given", x.rollout_tp_given
    elif _engine_fit(x)([x.vllm_tp]) is None:
        weights, share = BF16 * x.params / GIB, vllm_share_bytes(x) / GIB
        what = (
            f"grpo.vllm_tensor_parallel_size={x.vllm_tp} cannot hold {weights:,.0f} GiB of weights plus a useful KV "
            f"cache in {share:.1f} GiB of each GPU"
        )
        chosen = smallest_engine(x)
        if chosen is None:
            chosen = max(engines.candidate_groups(x.num_gpus, a.n_heads if a else None))
            info["note"] = f"{what}, and no group up to {chosen} GPUs can"
        else:
            info["note"] = f"{what}; the smallest group that can is {chosen} GPUs"
        info["source"] = "auto"
    else:
        chosen = x.vllm_tp
    x = replace(x, engine_gpus=chosen)
    tp = x.rollout_tp
    info["tensor_parallel"] = tp
    info["useful_sequences"] = engines.useful_sequences(x.gpu.flops, x.gpu.bandwidth)
    if a is not None and a.n_experts and x.use_vllm:
        info["expert_parallel"] = tp
        info["experts_per_gpu"] = a.n_experts / tp
    else:
        info["expert_parallel"] = 1
    return x, info
