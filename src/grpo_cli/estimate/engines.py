"""Rollout engines sized like real deployments, and what a MoE decode step reads (pure arithmetic, stdlib only).

Two questions `grpo estimate` asks before it times generation (docs/estimate.md, "Rollout engines"):

1. How many GPUs does one vLLM engine span? The smallest tensor-parallel group whose share of every GPU holds the
   bf16 weights (split over the group) plus a useful KV cache: room for the sequences that keep a decode step busy.
   For a MoE model the same group is also the expert-parallel group (vLLM `--enable-expert-parallel`: the routed
   experts are spread over the TP GPUs, E / group of them per GPU), so the weights per GPU are total / group either way.
2. How many weight bytes does one decode step stream? A dense model reads all of them. A MoE layer reads its
   attention, router and shared expert, and only the routed experts that some token in flight was sent to: with B
   tokens each choosing k of E experts (routing taken as uniform), E * (1 - (1 - k/E)^B) distinct experts, which is
   k at B = 1 and tends to all E (the whole model) as the batch grows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable


def experts_touched(n_experts: int, top_k: int, tokens: float) -> float:
    """Expected distinct routed experts of one MoE layer that `tokens` tokens select, each choosing `top_k` of
    `n_experts` (uniform routing): E * (1 - (1 - k/E)^B). Exactly k for one token; never more than E."""
    if n_experts <= 0 or tokens <= 0:
        return 0.0
    k = min(top_k, n_experts)
    return n_experts * (1.0 - (1.0 - k / n_experts) ** tokens)


def decode_weight_bytes(
    total_params: float, expert_params: float, n_experts: int, top_k: int, tokens: float, bytes_per_param: float
) -> float:
    """Weight bytes one decode step streams for `tokens` sequences in flight: every non-expert weight, plus the
    routed experts the batch touches (`expert_params` = all routed-expert weights of all MoE layers). A dense model
    (no experts) reads everything; a MoE model reads at most everything."""
    if n_experts <= 0 or expert_params <= 0:
        return bytes_per_param * total_params
    share = experts_touched(n_experts, top_k, max(1.0, tokens)) / n_experts
    return bytes_per_param * (total_params - expert_params * (1.0 - share))


def useful_sequences(peak_flops: float, bandwidth: float) -> int:
    """Sequences in flight that make a decode step worth its weight stream: batching amortizes the weights until
    about peak FLOP/s / bandwidth tokens are in flight (docs/sources.md: ~150 on an A100, ~300 on an H100)."""
    return max(1, math.ceil(peak_flops / bandwidth))


def candidate_groups(gpus: int, n_heads: int | None) -> list[int]:
    """Tensor-parallel sizes vLLM can run on `gpus` GPUs: powers of two up to `gpus` that divide the attention
    heads (vLLM requires num_attention_heads % tensor_parallel_size == 0; Qwen2.5-7B's 28 heads allow 1, 2, 4)."""
    out, g = [], 1
    while g <= max(1, gpus):
        if n_heads is None or n_heads % g == 0:
            out.append(g)
        g *= 2
    return out


def engine_kv_pool(group: int, share_bytes_per_gpu: float, weight_bytes: float) -> float:
    """KV bytes one engine of `group` GPUs has once its weights are loaded (negative: the weights do not fit)."""
    return group * share_bytes_per_gpu - weight_bytes


def smallest_fitting_group(
    groups: Iterable[int],
    share_bytes_per_gpu: float,
    weight_bytes: float,
    kv_bytes_per_sequence: float,
    sequences_per_engine: Callable[[int], float],
    useful: int,
) -> int | None:
    """The smallest group whose KV pool, after the weights, holds min(sequences one engine gets per round, useful)
    sequences; None when even the largest group cannot."""
    for g in sorted(groups):
        need = min(sequences_per_engine(g), useful) * kv_bytes_per_sequence
        if engine_kv_pool(g, share_bytes_per_gpu, weight_bytes) >= max(need, 1.0):
            return g
    return None
