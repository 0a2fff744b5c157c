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
# Without CUDA graphs (HF generate; vLLM with enforce_eager, verl's early default) every decode step launches
# ~30 kernels per decoder layer from Python at ~10 us each: a floor of ~0.3 ms per layer per step.
EAGER_STEP_OVERHEAD_PER_LAYER_S = 3e-4

# Training-set sizes used when estimate.prompts is 0.
DATASET_SIZES = {"gsm8k": 7473, "math": 7500}

# The source's rule of thumb for its first example (7B, 10k prompts x G 16 x 512 tokens x 5 epochs, 8x A100):
# shown beside our detailed figure in docs/estimate.md, never used in the arithmetic.
SOURCE_RULE_OF_THUMB = "200-400 GPU-hours on 8x A100"
