#!/usr/bin/env python
"""What the training stack's kernels read and write per token: the counts behind `grpo estimate`'s shape model.

`grpo estimate` times a compute phase as its GEMM FLOPs at the GEMMs' efficiency plus the bytes the other kernels
move (RMSNorm, rotary, SiLU x up, residual adds, LoRA's rank-r paths) at the HBM bandwidth
(grpo_cli/estimate/kernels.py, docs/estimate.md "Compute phases from shapes"). The bytes come from here: one decoder
layer of transformers' Qwen2 (the module grpo-cli trains, eager, as TRL runs it) with and without a PEFT LoRA
adapter on all seven projections, under a TorchDispatchMode that adds up, per ATen op, the elements every op reads
and writes, in the model's bf16 (the norms' fp32 upcasts count 4 bytes). GEMMs (mm, addmm, bmm) count FLOPs instead; attention's kernel and views, which move
nothing, are left out. The per-token figures are exact linear functions of the widths (every such op is elementwise
over tokens x one of hidden, intermediate, the q and the k/v width), so four shapes give the four coefficients of each
pass and a fifth checks them.

    .venv/bin/python bench/kernel_counts.py            # the coefficients (estimate/kernels.py holds them) + the check
    .venv/bin/python bench/kernel_counts.py --json     # the same as JSON

Two things are CPU-specific and kept out of the count: LoRA's dropout runs as bernoulli + div + mul on a CPU but as
one fused kernel (native_dropout: read 2, write 2 + a 1-byte mask per element) on a GPU, so it is counted at zero
(lora_dropout=0) and added in kernels.py at its CUDA cost; and the CPU's attention kernel, left out on both.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
try:
    import grpo_cli  # noqa: F401
except ImportError:
    sys.path.insert(0, str(REPO / "src"))

TARGETS = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
GEMMS = {"aten.mm.default", "aten.addmm.default", "aten.bmm.default"}
# Ops that move no data: views and aliases, allocations, attention (its FLOPs are counted by workload.py).
FREE = ("_unsafe_view", "detach", "alias", "lift_fresh", "empty", "scaled_dot_product", "_efficient_attention")
# (hidden, intermediate, heads, kv heads, head dim): four shapes that vary each width on its own, and a fifth to check.
FIT_SHAPES = [(64, 128, 4, 2, 16), (128, 128, 4, 2, 16), (64, 384, 4, 2, 16), (64, 128, 8, 2, 16), (64, 128, 4, 4, 16)]
CHECK_SHAPE = (96, 320, 6, 2, 32)
PASSES = ("forward", "forward_lora", "backward_lora", "backward_full")


def count(model, ids):
    """(GEMM FLOPs, bytes moved by the other ops) of running `model` forward and then backward on `ids`."""
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.utils._pytree import tree_flatten

    class Counter(TorchDispatchMode):
        def __init__(self):
            super().__init__()
            self.flops, self.bytes = 0, 0

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            name = str(func)
            if func.is_view or any(f in name for f in FREE):
                return out
            tensors = [t for t in tree_flatten((args, kwargs, out))[0] if isinstance(t, torch.Tensor)]
            if name in GEMMS:
                a, b = [t for t in tree_flatten((args, kwargs))[0] if isinstance(t, torch.Tensor) and t.dim() >= 2][-2:]
                self.flops += 2 * a.numel() * b.shape[-1]
            else:
                self.bytes += sum(t.numel() * t.element_size() for t in tensors)
            return out

    fwd, bwd = Counter(), Counter()
    with fwd:
        loss = model(input_ids=ids).logits.float().logsumexp(-1).mean()
    if loss.requires_grad:
        with bwd:
            loss.backward()
    return (fwd.flops, fwd.bytes), (bwd.flops, bwd.bytes)


def layer_counts(shape: tuple, tokens: tuple[int, int] = (2, 32)) -> dict[str, float]:
    """Bytes per token of one decoder layer for each pass: the difference between a 2- and a 1-layer model."""
    import torch
    from peft import LoraConfig, get_peft_model
    from transformers import Qwen2Config, Qwen2ForCausalLM

    h, i, heads, kv, hd = shape

    def build(layers: int, lora: bool):
        cfg = Qwen2Config(
            hidden_size=h, intermediate_size=i, num_hidden_layers=layers, num_attention_heads=heads,
            num_key_value_heads=kv, head_dim=hd, vocab_size=64, max_position_embeddings=256, tie_word_embeddings=True,
            attn_implementation="sdpa",
        )  # fmt: skip
        torch.manual_seed(0)
        model = Qwen2ForCausalLM(cfg).to(torch.bfloat16)  # as on a GPU: bf16, the norms upcast to fp32
        if lora:
            lcfg = LoraConfig(r=8, lora_alpha=16, lora_dropout=0.0, target_modules=TARGETS, task_type="CAUSAL_LM")
            model = get_peft_model(model, lcfg)
            model.enable_input_require_grads()
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        model.config.use_cache = False
        return model.train()

    ids = torch.randint(0, 64, tokens)
    n = tokens[0] * tokens[1]
    out = {}
    for lora in (False, True):
        (f1, b1), (g1, c1) = count(build(1, lora), ids)
        (f2, b2), (g2, c2) = count(build(2, lora), ids)
        fwd = (b2 - b1) / n
        # The backward under activation checkpointing re-runs the layer's forward first: take it out.
        bwd = (c2 - c1) / n - fwd
        if lora:
            out["forward_lora"], out["backward_lora"] = fwd, bwd
        else:
            out["forward"], out["backward_full"] = fwd, bwd
    return out


def fit(rows: list[tuple[tuple, dict]]) -> dict[str, list[float]]:
    """Per pass, bytes = c_h * hidden + c_i * intermediate + c_q * q width + c_kv * k/v width (least squares)."""
    import numpy as np

    x = np.array([[h, i, heads * hd, kv * hd] for (h, i, heads, kv, hd), _ in rows], dtype=float)
    return {p: np.linalg.lstsq(x, np.array([c[p] for _, c in rows]), rcond=None)[0].tolist() for p in PASSES}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    import torch

    torch.set_num_threads(1)
    rows = [(s, layer_counts(s)) for s in FIT_SHAPES]
    coef = fit(rows)
    h, i, heads, kv, hd = CHECK_SHAPE
    measured = layer_counts(CHECK_SHAPE)
    check = {
        ps: {
            "counted": measured[ps],
            "formula": sum(c * w for c, w in zip(coef[ps], (h, i, heads * hd, kv * hd), strict=True)),
        }
        for ps in PASSES
    }
    if a.json:
        print(json.dumps({"coefficients": coef, "check_shape": CHECK_SHAPE, "check": check}, indent=1))
        return 0
    print("bytes per token per decoder layer = c_h*hidden + c_i*intermediate + c_q*q_width + c_kv*kv_width")
    for ps in PASSES:
        print(
            f"  {ps:14s} "
            + "  ".join(f"{n}={c:7.2f}" for n, c in zip(("c_h", "c_i", "c_q", "c_kv"), coef[ps], strict=True))
        )
    print(f"check at {CHECK_SHAPE}:")
    for ps, v in check.items():
        print(f"  {ps:14s} counted {v['counted']:9.1f}  formula {v['formula']:9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
