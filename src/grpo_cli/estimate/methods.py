"""GRPO against PPO and DPO, and a learned process reward model: which passes each one runs (pure, stdlib only).

Per sequence of P prompt and C completion tokens (N = the policy's weights per token, N_prm the PRM's), on the same
data (the same sequences, so the same trained tokens):

    pass              grpo                      ppo                              dpo
    generation        2N*C, decode-bound        same                             none (the pairs are given)
    prefill           2N*P / G with vLLM        2N*P / G                         none
    reward_model      2N_prm*(P+C) with a PRM   same                             none
    old_policy        TRL's rule                always (the ratio's denominator) none
    reference         beta > 0                  beta > 0                         always (the loss needs its log-probs)
    values            -                         2N*(P+C): the critic's forward   -
    gae               -                         a reverse scan over C positions  -
    training          6N*(P+C)                  6N*(P+C)                         6N*(P+C) (chosen and rejected)
    critic_training   -                         6N*(P+C): a critic of the policy's size
    recompute         2N per pass with activation checkpointing, for the policy and (PPO) the critic

DPO's "same data" is the same number of sequences: S / 2 (chosen, rejected) pairs of P + C tokens each.
"""

from __future__ import annotations

METHODS = ("grpo", "ppo", "dpo")

# The phases beyond GRPO's six; `flops` carries one only when the method or a PRM runs it.
EXTRA_PHASES = ("reward_model", "values", "gae", "critic_training", "critic_recompute")

# GAE (verl's compute_gae_advantage_return, TRL's PPOTrainer): for t = C-1 .. 0, delta = r + gamma * V' - V and
# A = delta + gamma * lambda * A': about 6 FLOPs per token, run as a Python loop over positions with ~4 small tensor
# ops (one kernel launch each, ~10 us) per position over the whole batch. Its FLOPs are nothing; its time is the
# loop: C positions x 4 launches x 10 us per generation batch.
GAE_FLOPS_PER_TOKEN = 6
GAE_SECONDS_PER_POSITION = 4 * 10e-6

# The source's claims (docs/estimate.md shows each beside the estimate; none is used in the arithmetic).
SOURCE_DPO_RATIO = (5.0, 10.0)  # "for the same 200M tokens GRPO's wall clock is usually 5-10x DPO's"
SOURCE_DPO_TOKENS = 2e8
SOURCE_PRM_TRAINING = {"params": 7e9, "tokens": 1e8, "gpu_hours": 40.0}  # "~100M tokens / ~40 GPU-hours"


def generates(method: str) -> bool:
    """GRPO and PPO sample their training data; DPO trains on given pairs."""
    return method != "dpo"


def needs_old_policy(method: str, trl_rule: bool) -> bool:
    """PPO's clipped ratio always needs the behaviour policy's log-probs (verl computes them every step); GRPO
    follows TRL's rule (vLLM's importance-sampling correction, or num_iterations > 1); DPO has no old policy."""
    return {"grpo": trl_rule, "ppo": True, "dpo": False}[method]


def needs_reference(method: str, beta: float) -> bool:
    """DPO's loss is built from the reference model's log-probs of chosen and rejected; GRPO and PPO need the
    reference only for their KL term (beta > 0)."""
    return method == "dpo" or beta > 0


def train_flops_per_token(flop_params: float, lora: bool) -> float:
    """Forward + backward per token: 6N; 4N with LoRA (the frozen base still back-propagates activation gradients,
    2N, but computes no weight gradients, 2N)."""
    return (4.0 if lora else 6.0) * flop_params


def gae_seconds(generation_batches: float, completion_len: float) -> float:
    """The GAE pass's time over the run: one reverse scan of `completion_len` positions per generation batch."""
    return generation_batches * completion_len * GAE_SECONDS_PER_POSITION


def prm_training_flops(
    flop_params: float, tokens: float, grad_ckpt: bool, attention_flops_per_token: float = 0.0
) -> float:
    """Training a PRM on `tokens` tokens (one epoch, supervised: every step's label is a token-level target):
    6N + 3x attention per token, plus a recomputed forward (2N + attention) with activation checkpointing."""
    per_token = 6.0 * flop_params + 3.0 * attention_flops_per_token
    if grad_ckpt:
        per_token += 2.0 * flop_params + attention_flops_per_token
    return per_token * tokens
