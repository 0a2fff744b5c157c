"""Model architectures: Hugging Face config.json fields -> parameter counts, KV bytes per token, attention widths;
the known models, the tiny one, and parameter counts written as text (7B, 1.5e9)."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grpo_cli.errors import UserError, did_you_mean
from grpo_cli.estimate.defaults import BF16


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


# The sizes a config.json states, bounded: a negative layer count printed negative GPU-hours, a huge one overflowed.
_CONFIG_SIZES = {
    "hidden_size": 10**6, "num_hidden_layers": 10**5, "num_attention_heads": 10**5, "num_key_value_heads": 10**5,
    "head_dim": 10**5, "intermediate_size": 10**7, "moe_intermediate_size": 10**7, "vocab_size": 10**8,
    "n_routed_experts": 10**5, "num_local_experts": 10**5, "num_experts": 10**5, "num_experts_per_tok": 10**5,
    "kv_lora_rank": 10**6, "q_lora_rank": 10**6, "qk_rope_head_dim": 10**5, "qk_nope_head_dim": 10**5,
    "v_head_dim": 10**5, "max_position_embeddings": 10**9,
}  # fmt: skip
# May be 0 where present (no shared experts, no dense layers first).
_CONFIG_COUNTS = {"n_shared_experts": 10**5, "first_k_dense_replace": 10**5, "shared_expert_intermediate_size": 10**7}


def check_config_sizes(cfg: dict, where: str) -> None:
    """Every size key present is a whole number in range (1.. for sizes, 0.. for counts), before any arithmetic."""
    for table, low in ((_CONFIG_SIZES, 1), (_CONFIG_COUNTS, 0)):
        for key, limit in table.items():
            value = cfg.get(key)
            if value is None:
                continue
            ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= limit
            if not ok:
                raise UserError(f"{where}: {key}={str(value)[:40]} must be a whole number in {low}..{limit:,}")


def arch_from_config(cfg: dict, name: str, where: str = "config.json") -> Arch:
    """A HF config.json (dense Qwen2/Llama/Mistral-style, Mixtral/Qwen2-MoE, or DeepSeek-V2/V3 with MLA) -> Arch."""
    check_config_sizes(cfg, where)
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
    # SmolLM2-135M(-Instruct), HuggingFaceTB's model card config: a Llama with GQA 9/3 and tied embeddings; also the
    # shape of the packaged `smollm2-gguf` (grpo_cli.models).
    "smollm2-135m": {
        **_qwen2(576, 1536, 30, 9, 3, 49152, True, 8192),
        "model_type": "llama",
        "attention_bias": False,
    },
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
    if name == "smollm2-gguf":  # the packaged SmolLM2-135M-Instruct (grpo_cli.models.SMOLLM2)
        return ARCHS["smollm2-135m"]
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


COUNT_PATTERN = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:e[+-]?[0-9]+)?)\s*([kmbt]?)\s*$", re.IGNORECASE)
_SUFFIX = {"": 1.0, "k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12}


def parse_count(text: str | float | int, what: str = "--params") -> float:
    """'7e9', '7B', '1.5b', '500M', 7000000000 -> a float count."""
    if isinstance(text, (int, float)):
        value = float(text)
    else:
        m = COUNT_PATTERN.match(str(text))
        if not m:
            raise UserError(f"{what} {text!r}: expected a number such as 7e9 or 7B")
        value = float(m.group(1)) * _SUFFIX[m.group(2).lower()]
    if not value > 0:
        raise UserError(f"{what} {text!r}: must be > 0")
    if not value <= 1e18:  # also inf (1e400)
        raise UserError(f"{what} {text!r}: at most 1e18")
    return value
