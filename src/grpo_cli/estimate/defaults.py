"""The defaults `grpo estimate` assumes where a recipe or flag gives nothing (each one argued in docs/estimate.md)."""

from __future__ import annotations

GIB = 1024**3
BF16 = 2  # bytes per parameter / activation element

# Fraction of peak bf16 FLOP/s the compute-bound phases reach (the recipe's estimate.mfu overrides it).
DEFAULT_MFU = 0.35
# Fraction of peak FLOP/s the per-token work of a decode step reaches in vLLM (small GEMMs, sampling over a
# 150k vocabulary, scheduling); derived from the vLLM and verl generation figures in docs/sources.md.
DEFAULT_DECODE_EFFICIENCY = 0.15
# Fraction of peak HBM bandwidth a decode step reaches when it streams the weights and the KV cache.
DEFAULT_BANDWIDTH_EFFICIENCY = 0.7
# Per-GPU memory outside the model states: CUDA context, NCCL buffers, allocator fragmentation.
RUNTIME_OVERHEAD_GIB = 2.0
# Inside vLLM's gpu_memory_utilization share, what is neither weights nor KV cache: the profiled activation
# peak for a batch of max_num_batched_tokens, and CUDA graphs.
VLLM_RESERVE_GIB = 2.0
# TRL's `trl vllm-serve` default gpu_memory_utilization (server mode: the server GPUs hold nothing else).
VLLM_SERVER_MEMORY_UTILIZATION = 0.9
# vLLM without CUDA graphs (enforce_eager, verl's early default) launches its fused kernels (~30 per decoder layer)
# from Python at ~10 us each: ~0.3 ms per layer per decode step. The verl-data rows of docs/estimate.md run with it.
EAGER_STEP_OVERHEAD_PER_LAYER_S = 3e-4
# A vLLM decode step with CUDA graphs is not free either: scheduling, input preparation, sampling and the graph
# launch. vLLM PR 53060 (vllm-project/vllm, Aug 2026) measured Qwen2.5-0.5B-Instruct (FA3, bf16) on an H100 PCIe
# (2.0 TB/s) at 1.677 ms per output token for one sequence at a 128-token context; less its weight read (0.99 GB at
# 0.7 x 2.0 TB/s = 0.71 ms) that leaves 0.97 ms. The same table checks it: Qwen3-1.7B 3.199 ms (this gives 3.43),
# Qwen2.5-0.5B at 32 sequences 2.148 ms (2.02) (tests/test_estimate_gpu.py; docs/sources.md).
VLLM_STEP_FLOOR_S = 0.97e-3
# HF generate (transformers' eager Qwen2, as TRL's GRPOTrainer and `grpo eval` run it) is bound by the host: every
# decoder layer's kernels are launched from Python, one step at a time. Fitted on the first GPU run (bench/gpu_check.py
# on one H200, 2026-12-04, docs/scale.md): Qwen2.5-0.5B, 64 sequences, LoRA, 256 decode steps in 11.70 s, 24 layers
# -> 1.90 ms per layer per step. Checked without refitting on that run's evals (no LoRA, greedy, 0.5B and 1.5B).
HF_DECODE_HOST_PER_LAYER_S = 1.90e-3
# Device side of an HF decode step, per sequence: DynamicCache appends each step's K/V with torch.cat (the whole
# cache read and written) and attention reads it: 3 passes over the KV cache (transformers cache_utils.DynamicLayer).
HF_KV_PASSES_PER_STEP = 3
# Sampling over the vocabulary per sequence and step (transformers generation/utils.py `_sample`): the last logits
# copied to fp32 (read 2, write 4 bytes), softmax (read 4, write 4) and the multinomial draw (read 4): ~18 bytes a
# logit. At 64 sequences and 152k logits that is 0.17 GB a step: it matters only for large batches.
HF_SAMPLING_BYTES_PER_LOGIT = 18

# Compute phases from shapes (estimate/kernels.py). The memory-bound kernels of one decoder layer (norms in fp32,
# rotary, SiLU x up, residual adds; with LoRA the adapter's fp32 cast, rank-r path, scaling and add) move, per token,
# c_h x hidden + c_i x intermediate + c_q x q width + c_kv x k/v width bytes. Counted by bench/kernel_counts.py
# (transformers 5.25 Qwen2, PEFT 0.21.2 LoRA on all seven projections, bf16, activation checkpointing; the backward
# without its recompute); the formula reproduces a fifth, held-out shape to 0.1%.
KERNEL_BYTES_PER_TOKEN = {
    "forward": (84.47, 10.09, 20.41, 20.82),
    "forward_lora": (162.47, 64.09, 50.41, 68.82),
    "backward_lora": (276.56, 70.11, 64.50, 72.99),
    "backward_full": (216.62, 18.11, 34.53, 37.06),
}
# LoRA's dropout on the GPU: one native_dropout kernel over the projection's input after PEFT casts it to the
# adapter's fp32 (peft tuners/lora/layer.py Linear.forward): read 4, write 4, a 1-byte mask; the same backward.
LORA_DROPOUT_BYTES_PER_ELEMENT = 9
# The shape whose training pass reaches `mfu` exactly: the published 7B runs the default MFU was calibrated on
# (docs/estimate.md, "Calibration against published runs") are Qwen2-7B / Qwen2.5-7B, full fine-tuning.
MFU_ANCHOR = "qwen2.5-7b"

# Training-set sizes used when estimate.prompts is 0.
DATASET_SIZES = {"gsm8k": 7473, "math": 7500}

# The source's rule of thumb for its first example (7B, 10k prompts x G 16 x 512 tokens x 5 epochs, 8x A100):
# shown beside our detailed figure in docs/estimate.md, never used in the arithmetic.
SOURCE_RULE_OF_THUMB = "200-400 GPU-hours on 8x A100"
