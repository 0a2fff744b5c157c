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
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from grpo_cli import config
from grpo_cli.errors import UserError, did_you_mean
from grpo_cli.estimate import engines, methods
from grpo_cli.formulas import (
    generation_batch,
    no_signal_fraction,
    optimizer_steps,
    prompts_for_steps,
    smallest_group,
    trainer_processes,
)

GIB = 1024**3
BF16 = 2  # bytes per parameter / activation element

# --------------------------------------------------------------------------------------------------------
# Defaults (each one is argued in docs/estimate.md)

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


# --------------------------------------------------------------------------------------------------------
# GPUs (docs/sources.md, "GPUs": bf16 dense peak, memory, bandwidth; usable GiB as nvidia-smi / rocm-smi report them)


@dataclass(frozen=True)
class GPU:
    name: str
    tflops: float  # bf16 dense peak, TFLOP/s
    memory_gb: float  # as sold (decimal GB)
    memory_gib: float  # what the driver reports as usable
    bandwidth_tbs: float  # HBM bandwidth, TB/s

    @property
    def flops(self) -> float:
        return self.tflops * 1e12

    @property
    def bandwidth(self) -> float:
        return self.bandwidth_tbs * 1e12


GPUS: dict[str, GPU] = {
    g.name: g
    for g in (
        GPU("a100-40g", 312, 40, 40960 / 1024, 1.56),
        GPU("a100-80g", 312, 80, 81920 / 1024, 2.04),
        GPU("h100", 989, 80, 81559 / 1024, 3.35),
        GPU("h800", 989, 80, 81559 / 1024, 3.35),
        GPU("h200", 989, 141, 143771 / 1024, 4.8),
        GPU("h20", 148, 96, 97871 / 1024, 4.0),
        GPU("l40s", 362, 48, 46068 / 1024, 0.86),
        GPU("mi300x", 1307, 192, 196592 / 1024, 5.3),
    )
}
_GPU_ALIASES = {
    "a100": "a100-80g",
    "a100-40gb": "a100-40g",
    "a100-80gb": "a100-80g",
    "h100-80g": "h100",
    "h100-sxm": "h100",
    "h800-sxm": "h800",
    "h200-141g": "h200",
    "mi300": "mi300x",
}


def resolve_gpu(name: str) -> GPU:
    key = name.strip().lower().replace("_", "-")
    key = _GPU_ALIASES.get(key, key)
    if key not in GPUS:
        raise UserError(f"unknown GPU '{name}'{did_you_mean(key, GPUS)}")
    return GPUS[key]


def gpu_from_device_name(device_name: str) -> GPU | None:
    """'NVIDIA H100 80GB HBM3' -> h100 (for run.json hardware info); None when nothing matches."""
    text = device_name.lower()
    for key in ("h800", "h200", "h100", "h20", "l40s", "mi300x"):
        if key in text:
            return GPUS[key]
    if "a100" in text:
        return GPUS["a100-40g"] if "40g" in text.replace(" ", "") else GPUS["a100-80g"]
    return None


# --------------------------------------------------------------------------------------------------------
# Architectures: HF config.json fields -> parameter counts, KV bytes per token, attention widths


@dataclass(frozen=True)
class Arch:
    name: str
    n_layers: int
    hidden: int
    intermediate: int
    n_heads: int
    n_kv_heads: int
    head_dim: int
    vocab: int
    tied: bool
    total_params: int  # every weight loaded (memory)
    active_params: int  # weights one token touches (MoE: the routed experts it uses)
    flop_params: int  # N in 2N FLOPs/token: active weights minus the input-embedding lookup when untied
    kv_bytes_per_token: int  # bf16 KV cache per token, all layers
    attn_qk_dim: int  # n_heads * q/k head dim (attention FLOPs: 2 * context * dim per layer for QK^T)
    attn_v_dim: int  # n_heads * v head dim (2 * context * dim per layer for AV)
    max_position: int | None = None
    moe: bool = False
    # MoE: routed experts per MoE layer, how many each token picks, all routed-expert weights (every MoE layer),
    # and one expert's weights. 0 for a dense model.
    n_experts: int = 0
    experts_per_token: int = 0
    expert_params: int = 0
    expert_size: int = 0
    scorer: bool = False  # a reward model with a score head instead of the lm_head (Qwen2.5-Math-PRM)

    @property
    def layer_params(self) -> int:
        """Mean parameters ZeRO-3 gathers to compute one decoder layer: all of a dense layer; of a MoE layer its
        attention, router and shared expert plus one routed expert (each expert is its own module, gathered when a
        token reaches it and released after)."""
        emb = self.vocab * self.hidden * (1 if self.tied else 2)
        return max(1, (self.total_params - emb - self.expert_params) // self.n_layers + self.expert_size)

    def attention_flops(self, tokens_before: float, new_tokens: float) -> float:
        """Forward attention FLOPs (QK^T and AV) for `new_tokens` that attend to `tokens_before` earlier ones
        plus themselves, causally: sum over positions t of 2 * t * (qk_dim + v_dim) per layer. For a whole
        sequence of n tokens this is Kaplan et al.'s 2 * n_layer * n_ctx * d_attn per token with n_ctx = n."""
        positions = new_tokens * tokens_before + new_tokens * (new_tokens + 1) / 2
        return 2.0 * self.n_layers * (self.attn_qk_dim + self.attn_v_dim) * positions

    def lora_params(self, rank: int, targets: list[str] | tuple[str, ...]) -> int:
        q = self.n_heads * self.head_dim
        kv = self.n_kv_heads * self.head_dim
        h, f = self.hidden, self.intermediate
        dims = {
            "q_proj": (h, q),
            "k_proj": (h, kv),
            "v_proj": (h, kv),
            "o_proj": (q, h),
            "gate_proj": (h, f),
            "up_proj": (h, f),
            "down_proj": (f, h),
        }
        per_layer = sum(rank * (dims[t][0] + dims[t][1]) for t in targets if t in dims)
        return per_layer * self.n_layers


def _need(cfg: dict, key: str, where: str) -> Any:
    if key not in cfg or cfg[key] is None:
        raise UserError(f"{where}: config.json has no '{key}'; pass --params instead")
    return cfg[key]


def _decoder_layers(cfg: dict, h: int, inter: int, n_layers: int, attn_norms: int, where: str) -> tuple:
    """(weights of all decoder layers, weights one token touches, MoE shape fields of Arch) for a dense or MoE
    (Mixtral / Qwen2-MoE / DeepSeek) config; `attn_norms` = one layer's attention and norm weights."""
    experts = cfg.get("n_routed_experts") or cfg.get("num_local_experts") or cfg.get("num_experts")
    if not experts:
        total = n_layers * (attn_norms + 3 * h * inter)
        return total, total, {}
    experts = int(experts)
    top_k = int(_need(cfg, "num_experts_per_tok", where))
    moe_inter = int(cfg.get("moe_intermediate_size") or inter)
    shared_inter = int(cfg.get("n_shared_experts") or 0) * moe_inter + int(
        cfg.get("shared_expert_intermediate_size") or 0
    )
    dense_layers = int(cfg.get("first_k_dense_replace") or 0)
    moe_layers = n_layers - dense_layers
    router = h * experts
    moe_total = experts * 3 * h * moe_inter + 3 * h * shared_inter + router
    moe_active = top_k * 3 * h * moe_inter + 3 * h * shared_inter + router
    dense = dense_layers * (attn_norms + 3 * h * inter)
    moe_shape = {
        "n_experts": experts,
        "experts_per_token": top_k,
        "expert_params": moe_layers * experts * 3 * h * moe_inter,
        "expert_size": 3 * h * moe_inter,
    }
    return dense + moe_layers * (attn_norms + moe_total), dense + moe_layers * (attn_norms + moe_active), moe_shape


def arch_from_config(cfg: dict, name: str, where: str = "config.json") -> Arch:
    """A HF config.json (dense Qwen2/Llama/Mistral-style, Mixtral/Qwen2-MoE, or DeepSeek-V2/V3 with MLA) -> Arch."""
    h = int(_need(cfg, "hidden_size", where))
    n_layers = int(_need(cfg, "num_hidden_layers", where))
    heads = int(_need(cfg, "num_attention_heads", where))
    kv_heads = int(cfg.get("num_key_value_heads") or heads)
    head_dim = int(cfg.get("head_dim") or h // heads)
    inter = int(_need(cfg, "intermediate_size", where))
    vocab = int(_need(cfg, "vocab_size", where))
    tied = bool(cfg.get("tie_word_embeddings", False))
    model_type = str(cfg.get("model_type", ""))
    # Qwen2 puts biases on q/k/v; Llama-style configs say so with attention_bias.
    qkv_bias = bool(cfg.get("attention_bias", model_type in ("qwen2", "qwen2_moe")))

    # Attention weights per layer, and the KV cache / attention widths.
    if cfg.get("kv_lora_rank"):  # DeepSeek MLA: low-rank compressed KV, the latent is what vLLM caches
        q_lora = cfg.get("q_lora_rank")
        rope = int(cfg.get("qk_rope_head_dim", 64))
        nope = int(cfg.get("qk_nope_head_dim", 128))
        v_dim = int(cfg.get("v_head_dim", 128))
        kv_lora = int(cfg["kv_lora_rank"])
        qk = nope + rope
        q_w = (h * q_lora + q_lora + q_lora * heads * qk) if q_lora else h * heads * qk
        kv_w = h * (kv_lora + rope) + kv_lora + kv_lora * heads * (nope + v_dim)
        attn = q_w + kv_w + heads * v_dim * h
        kv_bytes = n_layers * (kv_lora + rope) * BF16
        attn_qk, attn_v = heads * qk, heads * v_dim
        head_dim = v_dim
    else:
        q_out, kv_out = heads * head_dim, kv_heads * head_dim
        attn = h * q_out + 2 * h * kv_out + q_out * h + ((q_out + 2 * kv_out) if qkv_bias else 0)
        kv_bytes = 2 * n_layers * kv_out * BF16
        attn_qk = attn_v = q_out
    norms = 2 * h

    layers_total, layers_active, moe_shape = _decoder_layers(cfg, h, inter, n_layers, attn + norms, where)
    experts = moe_shape.get("n_experts", 0)

    embed = vocab * h
    head = 0 if tied else vocab * h
    scorer = any("ProcessRewardModel" in str(a) for a in cfg.get("architectures") or ())
    if scorer:
        # Qwen2.5-Math-PRM: no lm_head; a score head Linear(h, h) -> ReLU -> Linear(h, 2) reads each step's separator.
        head = h * h + h + 2 * h + 2
    total = layers_total + embed + head + h  # + final norm
    active = layers_active + embed + head + h
    # The input embedding is a lookup, not a matmul; when tied, the same matrix does the lm_head matmul.
    flop_params = active - (0 if tied else embed)
    max_pos = cfg.get("max_position_embeddings")
    return Arch(
        name=name,
        n_layers=n_layers,
        hidden=h,
        intermediate=inter,
        n_heads=heads,
        n_kv_heads=kv_heads,
        head_dim=head_dim,
        vocab=vocab,
        tied=tied,
        total_params=int(total),
        active_params=int(active),
        flop_params=int(flop_params),
        kv_bytes_per_token=int(kv_bytes),
        attn_qk_dim=int(attn_qk),
        attn_v_dim=int(attn_v),
        max_position=int(max_pos) if max_pos else None,
        moe=bool(experts),
        scorer=scorer,
        **moe_shape,
    )


def _qwen2(h: int, inter: int, layers: int, heads: int, kv: int, vocab: int, tied: bool, max_pos: int) -> dict:
    return {
        "model_type": "qwen2",
        "hidden_size": h,
        "intermediate_size": inter,
        "num_hidden_layers": layers,
        "num_attention_heads": heads,
        "num_key_value_heads": kv,
        "vocab_size": vocab,
        "tie_word_embeddings": tied,
        "max_position_embeddings": max_pos,
    }


# The config.json fields of the known models (Hugging Face model cards; docs/sources.md for Qwen2.5-7B).
KNOWN_CONFIGS: dict[str, dict] = {
    "qwen2.5-0.5b": _qwen2(896, 4864, 24, 14, 2, 151936, True, 32768),
    "qwen2.5-1.5b": _qwen2(1536, 8960, 28, 12, 2, 151936, True, 131072),
    "qwen2.5-7b": _qwen2(3584, 18944, 28, 28, 4, 152064, False, 131072),
    "qwen2.5-math-7b": _qwen2(3584, 18944, 28, 28, 4, 152064, False, 4096),
    "qwen2-7b": _qwen2(3584, 18944, 28, 28, 4, 152064, False, 131072),
    # Qwen2.5-Math-PRM-7B (docs/sources.md, "The method papers"): Qwen2.5-Math-7B's body with a step-scoring head.
    "qwen2.5-math-prm-7b": {
        **_qwen2(3584, 18944, 28, 28, 4, 152064, False, 4096),
        "architectures": ["Qwen2ForProcessRewardModel"],
    },
    # DeepSeek-V3: MoE with MLA, 671B parameters of which ~37B are active per token.
    "deepseek-v3": {
        "model_type": "deepseek_v3",
        "hidden_size": 7168,
        "intermediate_size": 18432,
        "moe_intermediate_size": 2048,
        "num_hidden_layers": 61,
        "num_attention_heads": 128,
        "num_key_value_heads": 128,
        "n_routed_experts": 256,
        "n_shared_experts": 1,
        "num_experts_per_tok": 8,
        "first_k_dense_replace": 3,
        "q_lora_rank": 1536,
        "kv_lora_rank": 512,
        "qk_rope_head_dim": 64,
        "qk_nope_head_dim": 128,
        "v_head_dim": 128,
        "vocab_size": 129280,
        "tie_word_embeddings": False,
        "max_position_embeddings": 163840,
    },
}
ARCHS: dict[str, Arch] = {name: arch_from_config(cfg, name) for name, cfg in KNOWN_CONFIGS.items()}

# The tiny model's character vocabulary (grpo_cli.models): 3 ChatML specials + newline + tab + 95 printable ASCII.
TINY_VOCAB = 3 + 2 + 95


def tiny_arch(tiny: Any) -> Arch:
    """The offline tiny Qwen2 model (model.tiny in a recipe) with its ~100-token character vocabulary."""
    cfg = _qwen2(
        tiny.hidden_size,
        tiny.intermediate_size,
        tiny.num_hidden_layers,
        tiny.num_attention_heads,
        tiny.num_key_value_heads,
        TINY_VOCAB,
        True,
        tiny.max_position_embeddings,
    )
    return arch_from_config(cfg, "tiny")


def _model_key(name: str) -> str:
    """'Qwen/Qwen2.5-7B-Instruct' -> 'qwen2.5-7b' (the instruct and base models share one architecture)."""
    key = name.strip().rstrip("/").split("/")[-1].lower()
    for suffix in ("-instruct", "-base", "-chat"):
        key = key.removesuffix(suffix)
    return key


def resolve_model(name: str, tiny: Any = None) -> Arch:
    """A known architecture name or Hub id, 'tiny', or a path to a config.json (or a folder holding one)."""
    if name == "tiny" and tiny is not None:
        return tiny_arch(tiny)
    path = Path(name).expanduser()
    if path.is_dir() and (path / "config.json").is_file():
        path = path / "config.json"
    if path.is_file():
        try:
            cfg = json.loads(path.read_text())
        except (OSError, ValueError) as err:
            raise UserError(f"--model {name}: cannot read it as a HF config.json ({err})") from None
        if not isinstance(cfg, dict):
            raise UserError(f"--model {name}: a HF config.json holds a JSON object")
        return arch_from_config(cfg, path.parent.name or name, where=str(path))
    key = _model_key(name)
    if key in ARCHS:
        return ARCHS[key]
    raise UserError(
        f"unknown model '{name}'{did_you_mean(key, ARCHS)}; pass --params (e.g. 7B) or a path to its config.json"
    )


def nearest_arch(params: float) -> Arch:
    """The known dense architecture closest in size: its shape stands in for KV cache and activations when only
    a parameter count is given."""
    dense = [a for a in ARCHS.values() if not a.moe and not a.scorer]
    return min(dense, key=lambda a: abs(math.log(a.total_params / params)))


_COUNT = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:e[+-]?[0-9]+)?)\s*([kmbt]?)\s*$", re.IGNORECASE)
_SUFFIX = {"": 1.0, "k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12}


def parse_count(text: str | float | int, what: str = "--params") -> float:
    """'7e9', '7B', '1.5b', '500M', 7000000000 -> a float count."""
    if isinstance(text, (int, float)):
        value = float(text)
    else:
        m = _COUNT.match(str(text))
        if not m:
            raise UserError(f"{what} {text!r}: expected a number such as 7e9 or 7B")
        value = float(m.group(1)) * _SUFFIX[m.group(2).lower()]
    if not value > 0:
        raise UserError(f"{what} {text!r}: must be > 0")
    return value


# --------------------------------------------------------------------------------------------------------
# Inputs

# What the arithmetic reads from the recipe, by the name it has here -> (recipe key, `grpo estimate` flag). These
# are not inputs of their own: an override of one sets its key as `--set` would (config.apply_flags), so its value is
# typed and checked once, by config.validate, and the arithmetic reads it back from the recipe.
RECIPE_KEYS: dict[str, tuple[str, str]] = {
    "G": ("grpo.num_generations", "--G"),
    "mean_len": ("estimate.mean_completion_len", "--len"),
    "max_len": ("grpo.max_completion_length", "--max-len"),
    "prompt_len": ("estimate.prompt_len", "--prompt-len"),
    "prompts": ("estimate.prompts", "--prompts"),
    "epochs": ("grpo.epochs", "--epochs"),
    "mfu": ("estimate.mfu", "--mfu"),
    "price": ("estimate.price_per_gpu_hour", "--price"),
    "beta": ("grpo.beta", "--beta"),
    "num_iterations": ("grpo.num_iterations", "--num-iterations"),
    "lora": ("model.lora", "--lora"),
    "lora_rank": ("model.lora_rank", "--lora-rank"),
    "grad_ckpt": ("model.gradient_checkpointing", "--grad-ckpt"),
    "strategy": ("launch.strategy", "launch.strategy"),
    "micro_batch": ("grpo.per_device_batch_size", "grpo.per_device_batch_size"),
    "use_vllm": ("grpo.use_vllm", "grpo.use_vllm"),
    "vllm_mode": ("grpo.vllm_mode", "grpo.vllm_mode"),
    "vllm_memory": ("grpo.vllm_gpu_memory_utilization", "grpo.vllm_gpu_memory_utilization"),
    "vllm_tp": ("grpo.vllm_tensor_parallel_size", "grpo.vllm_tensor_parallel_size"),
    "vllm_sleep": ("grpo.vllm_enable_sleep_mode", "grpo.vllm_enable_sleep_mode"),
    "server_gpus": ("launch.vllm_server_gpus", "launch.vllm_server_gpus"),
}
# The workload overrides that replace a recipe's grpo.max_steps.
_WORKLOAD = ("prompts", "epochs", "tokens")


@dataclass(frozen=True)
class EstimateInputs:
    """Everything the arithmetic needs: a validated recipe, plus what a recipe does not hold. Built by
    `inputs_from_recipe`; the recipe's fields are read through the properties below (x.G, x.mean_len, ...)."""

    recipe: Any  # grpo_cli.config.Recipe
    model: str  # label for the table
    # Known architecture (attention FLOPs, KV cache, activations), or None when only a parameter count is known.
    arch: Arch | None
    params: float  # memory
    flop_params: float  # N in 2N / 6N
    prompts: int  # prompts per epoch: estimate.prompts, the dataset's size, or what grpo.max_steps consumes
    epochs: float
    gpu: GPU
    num_gpus: int  # training processes (GPUs)
    gen_batch: int  # completions generated per round, all GPUs (TRL: per_device x grad_accum x world)
    tokens: float | None = None  # total generated tokens; overrides prompts x G x len x epochs
    decode_efficiency: float = DEFAULT_DECODE_EFFICIENCY
    bandwidth_efficiency: float = DEFAULT_BANDWIDTH_EFFICIENCY
    old_logprobs: bool | None = None  # None: TRL's rule (vLLM's importance-sampling correction, or num_iterations > 1)
    eager: bool | None = None  # None: HF generate is eager, vLLM uses CUDA graphs (TRL does not set enforce_eager)
    pass_rate: float | None = None
    # --- estimate-only inputs (no recipe key): what-ifs for docs/estimate.md's four claims
    method: str = "grpo"  # grpo | ppo (a critic of the policy's size) | dpo (given pairs, no generation)
    # GPUs per colocated vLLM engine as given (--rollout-tp; check_fit passes the recipe's size): no auto-sizing.
    # None: the recipe's grpo.vllm_tensor_parallel_size when it fits, else the smallest group that does.
    rollout_tp_given: int | None = None
    # What `rollout_layout` chose (None until it runs); read through `rollout_tp`.
    engine_gpus: int | None = None
    # A learned process reward model that scores every completion (--prm): its architecture when known, and its
    # parameter counts (memory; N for 2N FLOPs per token). 0 = no PRM.
    prm_arch: Arch | None = None
    prm_params: float = 0.0
    prm_flop_params: float = 0.0
    prm_name: str = ""
    prm_train_tokens: float | None = None  # --prm-train-tokens: the cost of training that PRM on so many tokens
    # DeepSpeed offload_optimizer: fp32 master weights and Adam states live in host memory and the Adam step runs
    # on the CPU (not a recipe key yet: `grpo train` does not set it).
    offload_optimizer: bool = False

    def replace(self, **changes: Any) -> EstimateInputs:
        """These inputs with `changes`: names in RECIPE_KEYS are set in the recipe (and validated), the rest replaced."""
        keys = {RECIPE_KEYS[k][0]: v for k, v in changes.items() if k in RECIPE_KEYS}
        rest = {k: v for k, v in changes.items() if k not in RECIPE_KEYS}
        return replace(self, recipe=config.with_values(self.recipe, keys, world=False), **rest)

    # -- read from the recipe ------------------------------------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        """x.G, x.beta, x.use_vllm, ...: the recipe's value of RECIPE_KEYS[name] (only names not defined here)."""
        if name in RECIPE_KEYS:
            section, key = RECIPE_KEYS[name][0].split(".")
            return getattr(getattr(self.recipe, section), key)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def mean_len(self) -> float:
        return float(self.recipe.estimate.mean_completion_len)

    @property
    def max_len(self) -> int:
        """grpo.max_completion_length, and at least the mean: a generation round waits for its longest answer."""
        return max(self.recipe.grpo.max_completion_length, math.ceil(self.mean_len))

    @property
    def prompt_len(self) -> float:
        return float(self.recipe.estimate.prompt_len)

    @property
    def lora_targets(self) -> tuple[str, ...]:
        return tuple(self.recipe.model.lora_target_modules)

    @property
    def name(self) -> str:
        """The recipe's name, for messages."""
        return self.recipe.name

    # -- derived -------------------------------------------------------------------------------------------

    @property
    def shape(self) -> Arch:
        """The architecture, or the nearest known one when only a parameter count was given."""
        return self.arch if self.arch is not None else nearest_arch(self.params)

    @property
    def computes_old_logprobs(self) -> bool:
        if self.old_logprobs is not None:
            return self.old_logprobs
        # trl 1.16 GRPOTrainer: with vLLM the importance-sampling correction (on by default) always recomputes
        # the old policy's log-probs; without it, only when a generation batch is reused (num_iterations > 1).
        return self.use_vllm or self.num_iterations > 1

    @property
    def decode_eager(self) -> bool:
        return (not self.use_vllm) if self.eager is None else self.eager

    @property
    def rollout_tp(self) -> int:
        """GPUs per generation engine: vllm_tp colocated; the whole server in server mode (`grpo serve` runs one
        engine with tensor parallel = launch.vllm_server_gpus); 1 for HF generate."""
        if not self.use_vllm:
            return 1
        if self.vllm_mode == "server":
            return max(1, self.server_gpus)
        return self.engine_gpus or self.rollout_tp_given or self.vllm_tp

    @property
    def gen_gpus(self) -> int:
        return self.server_gpus if (self.use_vllm and self.vllm_mode == "server") else self.num_gpus


def validate_inputs(x: EstimateInputs) -> EstimateInputs:
    """Reject what the arithmetic cannot use among the inputs a recipe does not hold (config.validate checked the
    recipe's), with one line naming the input and the fix."""
    checks = (
        (x.prompts >= 1, f"--prompts {x.prompts}: must be >= 1"),
        (x.tokens is None or x.tokens > 0, f"--tokens {x.tokens}: must be > 0"),
        (x.num_gpus >= 1, f"--num-gpus {x.num_gpus}: must be >= 1"),
        (0 < x.decode_efficiency <= 1, f"decode efficiency {x.decode_efficiency:g}: must be in (0, 1]"),
        (0 < x.bandwidth_efficiency <= 1, f"bandwidth efficiency {x.bandwidth_efficiency:g}: must be in (0, 1]"),
        (x.pass_rate is None or 0 <= x.pass_rate <= 1, f"--pass-rate {x.pass_rate}: must be in [0, 1]"),
        (x.gen_batch >= 1, "per_device_batch_size and the generation batch must be >= 1"),
        (x.method in methods.METHODS, f"--method {x.method}: expected one of {', '.join(methods.METHODS)}"),
        (x.prm_train_tokens is None or x.prm_train_tokens > 0, f"--prm-train-tokens {x.prm_train_tokens}: must be > 0"),
    )
    for ok, message in checks:
        if not ok:
            raise UserError(message)
    return x


def _dataset_prompts(recipe: Any) -> int:
    data = recipe.data
    if data.dataset == "toy":
        size = data.toy.num_train
    elif data.dataset in DATASET_SIZES and not data.path:
        size = DATASET_SIZES[data.dataset]
    else:
        raise UserError(
            f"{recipe.name}: the size of dataset '{data.path or data.dataset}' is unknown; "
            "set estimate.prompts in the recipe or pass --prompts"
        )
    return min(size, data.limit) if data.limit > 0 else size


def _architecture(recipe: Any, model_name: Any, params: float | None) -> tuple[str, Arch | None, float, float]:
    """(label, architecture, parameters, FLOP parameters). `params` without `model_name` drops the architecture:
    the FLOPs are then exactly 2N/6N per token with no attention term."""
    m = recipe.model
    if model_name is not None:
        arch: Arch | None = resolve_model(str(model_name), m.tiny)
    elif params is not None:
        arch = None
    else:
        arch = resolve_model(m.name, m.tiny)
    if params is not None:
        # An explicit count is N for the FLOPs (2N, 6N per token) and for the memory plan.
        label = str(model_name) if model_name is not None else f"{params / 1e9:g}B-parameter model"
        return label, arch, float(params), float(params)
    assert arch is not None
    label = str(model_name) if model_name is not None else m.name
    return label, arch, float(arch.total_params), float(arch.flop_params)


def inputs_from_recipe(recipe: Any, **overrides: Any) -> EstimateInputs:
    """A `grpo_cli.config.Recipe` (+ overrides; None = not given) -> inputs.

    Overrides named in RECIPE_KEYS set their recipe key, exactly as `--set` would; `gpu` as a name sets launch.gpu
    (a `GPU` is used as is). The others are the inputs a recipe does not hold: `model` (an architecture name or a
    config.json), `params`, `tokens`, `num_gpus`, `gen_batch`, the efficiencies, `eager`, `old_logprobs` and
    `pass_rate`. `prompts`, `epochs` or `tokens` replace a recipe's grpo.max_steps."""
    ov = {k: v for k, v in overrides.items() if v is not None}
    flags = {RECIPE_KEYS[k][0]: (RECIPE_KEYS[k][1], ov.pop(k)) for k in list(ov) if k in RECIPE_KEYS}
    if isinstance(ov.get("gpu"), str):
        flags["launch.gpu"] = ("--gpu", ov.pop("gpu"))
    if any(overrides.get(k) is not None for k in _WORKLOAD):
        flags["grpo.max_steps"] = ("grpo.max_steps", 0)
    recipe = config.apply_flags(recipe, flags, world=False)
    unknown = set(ov) - {f.name for f in fields(EstimateInputs)} - {"model", "params"}
    if unknown:
        raise TypeError(f"inputs_from_recipe: unknown overrides {sorted(unknown)}")

    label, arch, total, flop_params = _architecture(recipe, ov.pop("model", None), ov.pop("params", None))
    g = recipe.grpo
    num_gpus = int(ov.pop("num_gpus", trainer_processes(recipe)))
    gen_batch = int(ov.pop("gen_batch", generation_batch(recipe, num_gpus)))
    if g.max_steps > 0:
        # max_steps optimizer steps; each generation batch feeds num_iterations of them.
        prompts, epochs = prompts_for_steps(g.max_steps, gen_batch, g.num_iterations, g.num_generations), 1.0
    else:
        prompts, epochs = recipe.estimate.prompts or _dataset_prompts(recipe), float(g.epochs)
    gpu = ov.pop("gpu", None) or resolve_gpu(recipe.launch.gpu)
    inputs = EstimateInputs(
        recipe=recipe,
        model=label,
        arch=arch,
        params=total,
        flop_params=flop_params,
        prompts=int(prompts),
        epochs=epochs,
        gpu=gpu,
        num_gpus=num_gpus,
        gen_batch=gen_batch,
        **ov,
    )
    return validate_inputs(inputs)


# --------------------------------------------------------------------------------------------------------
# Workload and FLOPs


def workload(x: EstimateInputs) -> dict:
    """Sequences, tokens and optimizer steps. DPO trains on the same sequences (S / 2 chosen-rejected pairs), given
    rather than generated: `generated_tokens` counts its completion tokens all the same."""
    if x.tokens is not None:
        sequences = x.tokens / x.mean_len
        generated = x.tokens
    else:
        sequences = x.prompts * x.G * x.epochs
        generated = sequences * x.mean_len
    prompt_tokens = sequences * x.prompt_len
    steps = optimizer_steps(sequences, x.gen_batch, _iterations(x))
    return {
        "sequences": sequences,
        "generated_tokens": int(round(generated)),
        "prompt_tokens": int(round(prompt_tokens)),
        "steps": steps,
    }


def _iterations(x: EstimateInputs) -> int:
    """Updates per batch: num_iterations for the on-policy methods; DPO sees each pair once per epoch."""
    return 1 if x.method == "dpo" else x.num_iterations


# GRPO's phases (always present in `flops` and `seconds`), and every phase in the order the table prints them:
# the others appear only when they run (a PRM, PPO's critic, optimizer offload).
PHASES = ("generation", "prefill", "old_policy", "reference", "training", "recompute")
ALL_PHASES = (
    "generation",
    "prefill",
    "reward_model",
    "old_policy",
    "reference",
    "values",
    "gae",
    "training",
    "recompute",
    "critic_training",
    "critic_recompute",
    "optimizer_offload",
)


def phases_of(d: dict) -> list[str]:
    """The phases a `flops` / `seconds` dict holds, in table order."""
    return [p for p in ALL_PHASES if p in d]


def flops(x: EstimateInputs, w: dict | None = None) -> dict[str, float]:
    """FLOPs per phase over the whole run. The attention term needs a known architecture."""
    w = w or workload(x)
    S, P, C = w["sequences"], x.prompt_len, x.mean_len
    N = x.flop_params
    gen_tok, prompt_tok = w["generated_tokens"], w["prompt_tokens"]
    seq_tok = gen_tok + prompt_tok
    a = x.arch
    # Attention FLOPs per sequence (forward): prompt over itself, completion over prompt + itself, and the
    # whole sequence at once (the scoring and training forwards).
    att_prompt = a.attention_flops(0, P) * S if a else 0.0
    att_decode = a.attention_flops(P, C) * S if a else 0.0
    att_seq = att_prompt + att_decode
    # vLLM computes a prompt once for its G samples (prefix caching in colocate mode, n=G in server mode);
    # HF generate runs every copy.
    prefill_share = 1 / x.G if x.use_vllm else 1.0
    it = _iterations(x)
    m = x.method
    sampled = methods.generates(m)
    forward = 2 * N * seq_tok + att_seq  # one forward pass of a policy-sized model over every sequence
    train = methods.train_flops_per_token(N, x.lora) * seq_tok + 3 * att_seq
    out = {
        "generation": (2 * N * gen_tok + att_decode) if sampled else 0.0,
        "prefill": (2 * N * prompt_tok + att_prompt) * prefill_share if sampled else 0.0,
        "old_policy": forward if methods.needs_old_policy(m, x.computes_old_logprobs) else 0.0,
        "reference": forward if methods.needs_reference(m, x.beta) else 0.0,
        "training": train * it,
        "recompute": forward * it if x.grad_ckpt else 0.0,
    }
    if x.prm_params and sampled:
        # The PRM reads the question and the answer's steps: one forward of its own size per completion.
        pa = x.prm_arch
        prm_att = (pa.attention_flops(0, P) + pa.attention_flops(P, C)) * S if pa else 0.0
        out["reward_model"] = 2 * x.prm_flop_params * seq_tok + prm_att
    if m == "ppo":
        # The critic has the policy's size: a forward for the values, then its own update (and recompute).
        out["values"] = forward
        out["gae"] = methods.GAE_FLOPS_PER_TOKEN * gen_tok
        out["critic_training"] = train * it
        out["critic_recompute"] = forward * it if x.grad_ckpt else 0.0
    if x.offload_optimizer:
        out["optimizer_offload"] = 0.0  # the CPU Adam step: host memory traffic, no GPU FLOPs
    out["total"] = sum(out[p] for p in phases_of(out))
    return out


# --------------------------------------------------------------------------------------------------------
# Rollout engines: how many GPUs one vLLM instance spans


def _vllm_share_bytes(x: EstimateInputs) -> float:
    """Per GPU, what vLLM may fill with weights and KV cache (its memory share less the reserve)."""
    util = VLLM_SERVER_MEMORY_UTILIZATION if x.vllm_mode == "server" else x.vllm_memory
    return (util * x.gpu.memory_gib - VLLM_RESERVE_GIB) * GIB


def _kv_bytes_per_sequence(x: EstimateInputs) -> float:
    """A sequence's KV blocks in vLLM: its completion and a 1/G share of the prompt blocks its group shares."""
    return x.shape.kv_bytes_per_token * (x.prompt_len / x.G + x.mean_len)


def _engine_fit(x: EstimateInputs) -> Any:
    """A function: candidate groups -> the smallest whose share holds the weights plus a useful KV cache (room for
    min(sequences one engine gets per round, peak FLOP/s / bandwidth) sequences), or None."""
    weights, share, kv_seq = BF16 * x.params, _vllm_share_bytes(x), _kv_bytes_per_sequence(x)
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
        weights, share = BF16 * x.params / GIB, _vllm_share_bytes(x) / GIB
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


# --------------------------------------------------------------------------------------------------------
# Time


def generation_plan(x: EstimateInputs, w: dict | None = None) -> dict:
    """Decode time: memory-bandwidth bound per step (the weights, read once per step, amortized over the
    sequences in flight), plus per-token work (KV cache read, compute at the decode efficiency).

    Per engine (a vLLM instance over vllm_tp GPUs) and generation round of R sequences, B of them in flight
    (bounded by the round, and by the KV cache vLLM has after its weights):
        decode steps   = (R / B) * mean_len + (max_len - mean_len)   # the round waits for its longest answer
        step time      = weight bytes read per step per GPU / (bandwidth * bw_eff)  [+ launch overhead when eager]
        per token      = (2N + attention) / (tp * peak * decode_eff) + context * KV bytes / (tp * bandwidth * bw_eff)
        round time     = decode steps * step time + R * mean_len * per token
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
        kv_pool = engines.engine_kv_pool(tp, _vllm_share_bytes(x), BF16 * x.params)
        # vLLM admits a sequence while blocks remain.
        kv_limit = kv_pool / _kv_bytes_per_sequence(x) if kv_pool > 0 else 0.0
        in_flight = max(1.0, min(R, math.floor(kv_limit)))
    else:
        # HF generate: one static batch per process, run to the longest completion.
        kv_pool = 0.0
        kv_limit = float("inf")
        in_flight = R
    a = x.arch
    moe = (a.expert_params, a.n_experts, a.experts_per_token) if a is not None else (0, 0, 0)
    read_bytes = engines.decode_weight_bytes(x.params, moe[0], moe[1], moe[2], in_flight, BF16)
    step_overhead = EAGER_STEP_OVERHEAD_PER_LAYER_S * shape.n_layers if x.decode_eager else 0.0
    decode_steps = (R / in_flight) * C + max(0.0, x.max_len - C)
    step_time = read_bytes / tp / bw + step_overhead
    ctx = P + C / 2  # mean context a decode step attends to
    attn_tok = x.arch.attention_flops(ctx, 1) if x.arch else 0.0
    per_token = (2 * x.flop_params + attn_tok) / (tp * gpu.flops * x.decode_efficiency) + ctx * kv_tok / (tp * bw)
    round_time = decode_steps * step_time + R * C * per_token
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


def _trained_params(x: EstimateInputs) -> float:
    """Parameters the optimizer updates: the policy's (or its adapter's), and with PPO the critic's too."""
    one = float(x.shape.lora_params(x.lora_rank, x.lora_targets)) if x.lora else x.params
    return one * (2 if x.method == "ppo" else 1)


def phase_seconds(x: EstimateInputs, f: dict, gen: dict, w: dict | None = None) -> dict[str, float]:
    """Seconds per phase: generation from `generation_plan`, GAE and the offloaded optimizer step from their own
    models, the rest compute bound at the MFU."""
    w = w or workload(x)
    train_rate = x.num_gpus * x.gpu.flops * x.mfu
    gen_rate = x.gen_gpus * x.gpu.flops * x.mfu
    out = {"generation": gen["seconds"], "prefill": f["prefill"] / gen_rate}
    for p in phases_of(f):
        if p not in out:
            out[p] = f[p] / train_rate
    if "gae" in f:
        out["gae"] = methods.gae_seconds(w["sequences"] / x.gen_batch, x.mean_len)
    if "optimizer_offload" in f:
        out["optimizer_offload"] = w["steps"] * offload_seconds_per_step(_trained_params(x), x.num_gpus)
    out["total"] = sum(out[p] for p in phases_of(out))
    return out


# --------------------------------------------------------------------------------------------------------
# Memory


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
    host = (12 * _trained_params(x) / shard_optim) if x.offload_optimizer else 0.0
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
    plan = {
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
_FIXES = {
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


def _plan_parts(x: EstimateInputs, plan: dict) -> tuple[str, str]:
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
    parts, largest = _plan_parts(x, plan)
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
        line += f"; largest item {largest}: {_FIXES[largest]}"
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


# --------------------------------------------------------------------------------------------------------
# The estimate


def estimate(x: EstimateInputs) -> dict:
    """The `grpo estimate --json` object: every figure as if the plan fit, with `fits` and, when it does not,
    the `does_not_fit` line (`withhold_unfit` is what the command prints then)."""
    x, layout = rollout_layout(validate_inputs(x))
    w = workload(x)
    f = flops(x, w)
    gen = generation_plan(x, w)
    gen["layout"] = layout
    sec = phase_seconds(x, f, gen, w)
    wall = sec["total"]
    server = x.use_vllm and x.vllm_mode == "server" and methods.generates(x.method)
    total_gpus = x.num_gpus + (x.server_gpus if server else 0)
    plan = memory_plan(x)
    gpu_hours = wall * total_gpus / 3600
    seq_tokens = w["generated_tokens"] + w["prompt_tokens"]
    out: dict[str, Any] = {
        "recipe": x.name or None,
        "model": x.model,
        "params": x.params,
        "flop_params": x.flop_params,
        "architecture": x.arch.name if x.arch else None,
        "gpu": x.gpu.name,
        "num_gpus": total_gpus,
        "sequences": w["sequences"],
        "generated_tokens": w["generated_tokens"],
        "prompt_tokens": w["prompt_tokens"],
        "steps": w["steps"],
        "flops": f,
        "seconds": sec,
        "seconds_per_step": wall / w["steps"] if w["steps"] else 0.0,
        "gpu_hours": gpu_hours,
        "wall_clock_hours": wall / 3600,
        # verl's throughput convention: (prompt + response tokens) / (step time x GPUs).
        "tokens_per_gpu_per_second": seq_tokens / (wall * total_gpus) if wall else 0.0,
        "generation": gen,
        "memory_gib_per_gpu": plan,
        "fits": plan["fits"],
        "does_not_fit": does_not_fit(x, plan, layout),
        "method": x.method,
        "assumptions": {
            "mfu": x.mfu,
            "decode_efficiency": x.decode_efficiency,
            "bandwidth_efficiency": x.bandwidth_efficiency,
            "old_policy_forward": f["old_policy"] > 0,
            "shape_from": x.shape.name,
            "source_rule_of_thumb": SOURCE_RULE_OF_THUMB,
        },
        "inputs": _inputs_dict(x),
    }
    if x.price is not None:
        out["cost_usd"] = gpu_hours * x.price
    if x.pass_rate is not None:
        target = x.recipe.monitor.no_signal_target  # the threshold the no_signal alarm advises with
        out["no_signal"] = {
            "pass_rate": x.pass_rate,
            "G": x.G,
            "fraction": no_signal_fraction(x.pass_rate, x.G),
            "target": target,
            "smallest_G_under_target": smallest_group(x.pass_rate, target),
        }
    if x.prm_params:
        out["prm"] = {"model": x.prm_name, "params": x.prm_params, "flop_params": x.prm_flop_params}
    if x.prm_train_tokens is not None:
        out["prm_training"] = prm_training(x)
    return out


# Keys that only mean something when the plan fits: `withhold_unfit` moves them under "if_it_fit".
_TIME_KEYS = ("seconds", "seconds_per_step", "gpu_hours", "wall_clock_hours", "tokens_per_gpu_per_second", "cost_usd")


def withhold_unfit(result: dict) -> dict:
    """What `grpo estimate` prints: a plan that does not fit gets no time, GPU-hours or cost at the top level
    (they are null; the as-if figures stay under `if_it_fit` for whoever wants the arithmetic)."""
    if result.get("fits", True):
        return result
    out = dict(result)
    out["if_it_fit"] = {k: result[k] for k in _TIME_KEYS if k in result}
    for k in _TIME_KEYS:
        if k in out:
            out[k] = None
    return out


def prm_training(x: EstimateInputs) -> dict:
    """Training the PRM (the policy's model when no --prm is given) on x.prm_train_tokens tokens, one epoch, on
    the run's GPUs at its MFU: 6N per token (8N with activation checkpointing) plus attention over sequences of
    prompt + mean completion tokens."""
    tokens = float(x.prm_train_tokens or 0)
    arch = x.prm_arch if x.prm_params else x.arch
    N = x.prm_flop_params if x.prm_params else x.flop_params
    seq = x.prompt_len + x.mean_len
    att_per_token = arch.attention_flops(0, seq) / seq if arch else 0.0
    fl = methods.prm_training_flops(N, tokens, x.grad_ckpt, att_per_token)
    seconds = fl / (x.num_gpus * x.gpu.flops * x.mfu)
    return {
        "model": x.prm_name or x.model,
        "params": x.prm_params or x.params,
        "tokens": tokens,
        "flops": fl,
        "seconds": seconds,
        "wall_clock_hours": seconds / 3600,
        "gpu_hours": seconds * x.num_gpus / 3600,
        "gpu": x.gpu.name,
        "num_gpus": x.num_gpus,
        "source": methods.SOURCE_PRM_TRAINING,
    }


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


def check_fit(recipe: Any, gpu_memory_gib: float, num_gpus: int) -> str | None:
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
    parts, largest = _plan_parts(x, plan)
    where = recipe.name or "the recipe"
    if plan["kv_cache"] <= 0 and x.use_vllm and x.vllm_mode == "colocate":
        return (
            f"{where} will not fit: {plan['problems'][-1]}; raise grpo.vllm_gpu_memory_utilization or "
            "grpo.vllm_tensor_parallel_size"
        )
    return (
        f"{where} needs ~{plan['total']:.1f} GiB per GPU on {num_gpus} GPU(s) ({parts} GiB) but each GPU has "
        f"{gpu_memory_gib:.1f} GiB; largest item is {largest}: {_FIXES[largest]} (`grpo estimate --recipe "
        f"{where}` shows the plan)"
    )


# --------------------------------------------------------------------------------------------------------
# Calibration against a run directory's metrics.jsonl


@dataclass(frozen=True)
class Measured:
    """What a run measured, from its metrics.jsonl (steady state: the first logged step, with compilation and
    vLLM warm-up, is dropped when there are at least three)."""

    steps_logged: int
    step_time: float | None  # median seconds per optimizer step
    tokens_per_second: float | None  # median, whole run
    mean_length: float | None  # mean completion tokens


def _median(values: list[float]) -> float | None:
    if not values:
        return None
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def measured_from_metrics(rows: list[dict], where: str = "metrics.jsonl") -> Measured:
    rows = [r for r in rows if isinstance(r, dict) and "step" in r]
    if not rows:
        raise UserError(f"{where}: no logged steps (each line must be a JSON object with 'step')")
    steady = rows[1:] if len(rows) >= 3 else rows

    def values(key: str) -> list[float]:
        out = []
        for r in steady:
            v = r.get(key)
            if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and v > 0:
                out.append(float(v))
        return out

    step_time = _median(values("step_time"))
    tps = _median(values("tokens_per_second"))
    lengths = values("completions/mean_length")
    if step_time is None and tps is None:
        raise UserError(
            f"{where}: no 'step_time' or 'tokens_per_second' in {len(rows)} logged steps; "
            "calibration needs a run logged by `grpo train`"
        )
    return Measured(
        steps_logged=len(rows),
        step_time=step_time,
        tokens_per_second=tps,
        mean_length=sum(lengths) / len(lengths) if lengths else None,
    )


def calibration(run: EstimateInputs, measured: Measured) -> dict:
    """Predicted vs measured on the run's own configuration (with the run's measured mean completion length):
    `factor` = measured step time / predicted step time (or, without step_time, predicted / measured tokens/s)."""
    assumed_len = run.mean_len
    if measured.mean_length:
        run = run.replace(mean_len=measured.mean_length)  # max_len follows: at least the mean
    result = estimate(run)
    # Tokens one optimizer step processes (prompt + completion): each generation round feeds num_iterations steps.
    step_tokens = run.gen_batch / run.num_iterations * (run.prompt_len + run.mean_len)
    predicted_step = result["seconds_per_step"]
    predicted_tps = step_tokens / predicted_step if predicted_step else 0.0
    if measured.step_time is not None:
        factor, basis = measured.step_time / predicted_step, "step_time"
    else:
        factor, basis = predicted_tps / measured.tokens_per_second, "tokens_per_second"  # type: ignore[operator]
    return {
        "basis": basis,
        "factor": factor,
        "steps_logged": measured.steps_logged,
        "gpu": run.gpu.name,
        "num_gpus": run.num_gpus,
        "step_time": {"predicted": predicted_step, "measured": measured.step_time},
        "tokens_per_second": {"predicted": predicted_tps, "measured": measured.tokens_per_second},
        "mean_completion_length": {"assumed": assumed_len, "measured": measured.mean_length},
    }


def apply_calibration(result: dict, report: dict) -> dict:
    """The estimate with every phase's seconds scaled by the calibration factor: GPU-hours and cost follow the
    measured speed while the phase split stays the model's."""
    k = report["factor"]
    out = dict(result)
    out["seconds"] = {p: v * k for p, v in result["seconds"].items()}
    out["seconds_per_step"] = result["seconds_per_step"] * k
    out["wall_clock_hours"] = result["wall_clock_hours"] * k
    out["gpu_hours"] = result["gpu_hours"] * k
    out["tokens_per_gpu_per_second"] = result["tokens_per_gpu_per_second"] / k
    if "cost_usd" in result:
        out["cost_usd"] = result["cost_usd"] * k
    out["calibration"] = {
        **report,
        "uncalibrated": {"gpu_hours": result["gpu_hours"], "wall_clock_hours": result["wall_clock_hours"]},
    }
    return out


# --------------------------------------------------------------------------------------------------------
# GRPO beside PPO and DPO (--compare)


def compare_methods(x: EstimateInputs) -> dict:
    """GRPO, PPO and DPO on the same data, model and GPUs: per method the GPU-hours, wall clock, the time split,
    the peak memory per GPU, whether it fits, and GRPO's wall clock over the method's (`grpo_over`: 1.76 means
    GRPO takes 1.76x as long). A method whose plan does not fit gets its `does_not_fit` line and no time (null)."""
    results = {m: estimate(replace(x, method=m)) for m in methods.METHODS}
    grpo = results["grpo"]
    out = {}
    for m, r in results.items():
        both_fit = r["fits"] and grpo["fits"]
        out[m] = {
            "gpu_hours": r["gpu_hours"] if r["fits"] else None,
            "wall_clock_hours": r["wall_clock_hours"] if r["fits"] else None,
            "seconds": r["seconds"] if r["fits"] else None,
            "flops_total": r["flops"]["total"],
            "peak_gib_per_gpu": r["memory_gib_per_gpu"]["total"],
            "fits": r["fits"],
            "does_not_fit": r["does_not_fit"],
            "grpo_over": grpo["wall_clock_hours"] / r["wall_clock_hours"] if both_fit else None,
        }
    return out


def resolve_prm(text: str, tiny: Any = None, where: str = "--prm") -> dict:
    """--prm: a parameter count ('7B', '7e9': exactly 2N per token) or a model (a known architecture, Hub id or
    config.json path) -> the EstimateInputs fields of the process reward model."""
    if _COUNT.match(str(text)):
        n = parse_count(text, where)
        return {"prm_arch": None, "prm_params": n, "prm_flop_params": n, "prm_name": f"{n / 1e9:g}B PRM"}
    try:
        arch = resolve_model(str(text), tiny)
    except UserError as err:
        raise UserError(f"{where}: {err}") from None
    return {
        "prm_arch": arch,
        "prm_params": float(arch.total_params),
        "prm_flop_params": float(arch.flop_params),
        "prm_name": str(text),
    }


def recipe_prm(recipe: Any) -> str | None:
    """The learned PRM a recipe scores steps with (`steps.scorer: prm` and `prm.model`, the recipe sections of
    process supervision), or None. Recipes without those sections have none."""
    steps, prm = getattr(recipe, "steps", None), getattr(recipe, "prm", None)
    if getattr(steps, "scorer", None) == "prm" and getattr(prm, "model", None):
        return str(prm.model)
    return None
