"""What the kernels of a step cost, from the model's shape: the compute phases (GEMMs at their efficiency plus the bytes
the other kernels move) and one decode step per generation backend (HF generate, vLLM). Pure arithmetic.

Compute phases (docs/estimate.md, "Compute phases from shapes"). Per token and decoder layer, a pass runs its GEMMs
(2 x the layer's weights FLOPs forward, counted in workload.flops) and a stream of memory-bound kernels: RMSNorm in
fp32, rotary, SiLU x up, residual adds, and with LoRA each projection's fp32 cast, dropout, rank-r path and add. Their
bytes are linear in the widths (bench/kernel_counts.py counts them on transformers' Qwen2 + PEFT):

    bytes per token per layer = c_h * hidden + c_i * intermediate + c_q * q width + c_kv * kv width  [+ LoRA dropout]
    seconds = GEMM FLOPs / (GPUs x peak x gemm efficiency) + bytes / (GPUs x bandwidth x bw_eff)

The GEMM efficiency is set so that Qwen2.5-7B's shape (full fine-tuning, the published 7B runs the MFU was
calibrated on) reaches exactly `mfu`: a smaller model spends a larger share of its time moving bytes (its widths, and
so its FLOPs per byte, are smaller) and reaches less.

Decode step (docs/estimate.md, "Decode step per backend"), for B sequences in flight at context t:
    HF generate   max(host floor: layers x per-layer launch and Python time,
                      device: weights + B x (per-token compute + KV read and DynamicCache copy + vocabulary sampling))
    vLLM          floor per step (scheduler, sampling, graph launch) + weights [+ per-layer launch when eager]
                  (the per-token work is added per round by timing.generation_plan)
"""

from __future__ import annotations

from grpo_cli.estimate import defaults as d
from grpo_cli.estimate.archs import ARCHS, Arch

# Which kernel pass each phase runs, over which tokens (workload.flops's phases): a forward pass of the policy (with
# its adapter), of a frozen model (the reference: with LoRA, the base with the adapter disabled), or a training pass
# (the policy's forward and its backward).
PHASE_PASSES = {
    "prefill": ("policy_forward",),
    "old_policy": ("policy_forward",),
    "reference": ("frozen_forward",),
    "reward_model": ("frozen_forward",),
    "values": ("policy_forward",),
    "training": ("policy_forward", "backward"),
    "recompute": ("policy_forward",),
    "critic_training": ("policy_forward", "backward"),
    "critic_recompute": ("policy_forward",),
}


def widths(a: Arch) -> tuple[float, float, float, float]:
    """(hidden, intermediate one token runs, q width, k/v width). For a MoE layer the intermediate is that of the
    experts a token uses (its active MLP weights / 3 hidden)."""
    q, kv = a.n_heads * a.head_dim, a.n_kv_heads * a.head_dim
    if not a.moe:
        return a.hidden, a.intermediate, q, kv
    emb = a.vocab * a.hidden * (1 if a.tied else 2)
    attn = a.hidden * (2 * q + 2 * kv)
    per_layer = (a.active_params - emb) / max(1, a.n_layers)
    return a.hidden, max(0.0, (per_layer - attn) / (3 * a.hidden)), q, kv


def pass_bytes(a: Arch, kind: str, lora: bool) -> float:
    """Bytes the memory-bound kernels of one decoder layer move per token in a pass: `frozen_forward`,
    `policy_forward` or `backward` (the policy's; full fine-tuning or LoRA)."""
    h, i, q, kv = widths(a)
    key = {"frozen_forward": "forward", "policy_forward": "forward_lora" if lora else "forward"}.get(
        kind, "backward_lora" if lora else "backward_full"
    )
    c_h, c_i, c_q, c_kv = d.KERNEL_BYTES_PER_TOKEN[key]
    out = c_h * h + c_i * i + c_q * q + c_kv * kv
    if lora and kind != "frozen_forward":
        # PEFT's dropout on each projection's fp32 input: q, k, v, gate, up read the hidden state; o the attention
        # output; down the intermediate.
        out += d.LORA_DROPOUT_BYTES_PER_ELEMENT * (5 * h + q + i)
    return out


def anchor_arch() -> Arch:
    """The shape whose training pass reaches the MFU exactly (defaults.MFU_ANCHOR)."""
    return ARCHS[d.MFU_ANCHOR]


def bytes_per_flop(a: Arch, lora: bool) -> float:
    """Memory-bound bytes per GEMM FLOP of a training pass (forward + backward) of a decoder layer."""
    layer_flops = 2.0 * (a.flop_params - (a.vocab * a.hidden if a.tied else 0)) / max(1, a.n_layers)
    moved = pass_bytes(a, "policy_forward", lora) + pass_bytes(a, "backward", lora)
    return moved / (layer_flops * (2 if lora else 3))  # forward 2N; backward 2N with LoRA (no weight grads), else 4N


def gemm_efficiency(mfu: float, peak: float, bandwidth: float) -> float:
    """The fraction of peak the GEMMs reach such that the anchor shape's training pass runs at `mfu` overall:
    1 / mfu = 1 / e + r, r = anchor bytes per FLOP x peak / (bandwidth x bw_eff). At most 1."""
    r = bytes_per_flop(anchor_arch(), False) * peak / (bandwidth * d.DEFAULT_BANDWIDTH_EFFICIENCY)
    slack = 1.0 / mfu - r
    return 1.0 if slack <= 1.0 else 1.0 / slack


def compute_seconds(
    flops: float, passes: tuple[str, ...], tokens: float, a: Arch, lora: bool, gpus: int, gpu, mfu: float, bw_eff: float
) -> float:
    """Seconds of a compute phase of `flops` GEMM and attention FLOPs whose kernels make `passes` over `tokens`
    tokens of model `a`, on `gpus` GPUs."""
    if flops <= 0:
        return 0.0  # the phase does not run
    gemm = flops / (gpus * gpu.flops * gemm_efficiency(mfu, gpu.flops, gpu.bandwidth))
    moved = tokens * a.n_layers * sum(pass_bytes(a, p, lora) for p in passes)
    return gemm + moved / (gpus * gpu.bandwidth * bw_eff)


def training_passes(grad_ckpt: bool) -> tuple[str, ...]:
    """A supervised training pass over a token: forward and backward, and the forward again when checkpointed."""
    return ("policy_forward", "backward", "policy_forward") if grad_ckpt else ("policy_forward", "backward")


def effective_mfu(a: Arch, lora: bool, gpu, mfu: float, bw_eff: float) -> float:
    """The MFU a training pass of this shape reaches (the table's and docs' figure): FLOPs / (seconds x peak)."""
    layer_flops = 2.0 * (a.flop_params - (a.vocab * a.hidden if a.tied else 0)) / max(1, a.n_layers)
    passes = ("policy_forward", "backward")
    flops = layer_flops * (2 if lora else 3) * a.n_layers
    return flops / (compute_seconds(flops, passes, 1.0, a, lora, 1, gpu, mfu, bw_eff) * gpu.flops)


# --------------------------------------------------------------------------------------------------------
# one decode step


def hf_step_seconds(a: Arch, sequences: float, context: float, weight_bytes: float, x) -> float:
    """One HF generate decode step for `sequences` rows at mean `context`: the larger of the host's launch and
    Python time (per layer) and the device's work: the weights once, and per row its compute, its KV cache
    (read by attention, copied by DynamicCache's concatenation) and the sampling passes over the vocabulary."""
    gpu = x.gpu
    host = a.n_layers * d.HF_DECODE_HOST_PER_LAYER_S
    bw = gpu.bandwidth * x.bandwidth_efficiency
    per_row = (
        (2 * x.flop_params + a.attention_flops(context, 1)) / (gpu.flops * x.decode_efficiency)
        + context * a.kv_bytes_per_token * d.HF_KV_PASSES_PER_STEP / bw
        + a.vocab * d.HF_SAMPLING_BYTES_PER_LOGIT / bw
    )
    return max(host, weight_bytes / bw + sequences * per_row)


def vllm_step_overhead(a: Arch, eager: bool) -> float:
    """What a vLLM decode step costs besides its bytes and FLOPs: the per-step floor (scheduling, input
    preparation, sampling, the graph launch), and without CUDA graphs the per-layer kernel launches."""
    return d.VLLM_STEP_FLOOR_S + (d.EAGER_STEP_OVERHEAD_PER_LAYER_S * a.n_layers if eager else 0.0)


def hf_generate_seconds(x, rows: int, prompt_len: float, new_tokens: int, calls: int = 1) -> float:
    """`calls` HF generate calls of `rows` rows each (eval's batches, greedy, no adapter: a merged model), every row
    decoding `new_tokens` tokens after a `prompt_len`-token prefill: the prefill's forward pass plus the decode steps
    at the round's mean context."""
    a = x.shape
    weights = d.BF16 * x.params
    steps = new_tokens * hf_step_seconds(a, rows, prompt_len + new_tokens / 2, weights, x)
    prefill_flops = 2 * x.flop_params * rows * prompt_len + a.attention_flops(0, prompt_len) * rows
    prefill = compute_seconds(
        prefill_flops, ("frozen_forward",), rows * prompt_len, a, False, 1, x.gpu, x.mfu, x.bandwidth_efficiency
    )
    return calls * (steps + prefill)
