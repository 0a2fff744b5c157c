"""The workload (sequences, tokens, optimizer steps) and the FLOPs of each phase of a step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grpo_cli.estimate import methods
from grpo_cli.estimate.inputs import EstimateInputs
from grpo_cli.formulas import optimizer_steps


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


def phases_of(d: Mapping[str, Any]) -> list[str]:
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
