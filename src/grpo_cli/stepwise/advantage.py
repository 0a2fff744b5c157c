"""DeepSeekMath's process-supervised advantage (Shao et al. 2024, arXiv 2402.03300, section 4.1.3), as pure functions.

Outcome GRPO gives every token of completion i the same advantage, (r_i - mean(r)) / std(r) over its group of G.
Process supervision scores each reasoning step instead. For one group:

    R      = every step reward of every completion in the group          (completion i has K_i scored steps)
    r~_i,j = (r_i,j - mean(R)) / (std(R) + eps)                          normalised over the whole group
    A_i,t  = sum of r~_i,j over the steps j of completion i whose last token index(j) >= t

so a token carries the normalised rewards of its own step and of every step after it: a wrong step lowers the
advantage of the tokens that led to it, not of the steps before it that were right. Unscored steps (no checkable
claim) carry no reward. With `outcome` on (grpo_cli.stages.process_grpo), the completion's outcome reward (the
recipe's weighted rewards) is one more step that ends on its last token, so the answer's tokens are trained too.

std is Bessel-corrected and eps = 1e-4, as in TRL's GRPOTrainer, so that one step per completion ending on its last
token gives exactly TRL's outcome advantage (tests/test_process.py). `scale` follows grpo.scale_rewards: "group"
divides by the group's std, "batch" by the std over all steps of the batch, "none" only subtracts the group mean.

Pure Python; the trainer turns the result into a (batch, tokens) tensor.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

EPS = 1e-4  # TRL's GRPOTrainer: advantages / (std + 1e-4)

StepRewards = Sequence[tuple[int, float]]  # (index of the step's last token, reward) per scored step


def _mean_std(values: Sequence[float]) -> tuple[float, float]:
    """Mean and Bessel-corrected std; std is NaN for fewer than two values (TRL's nanstd)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))


def normalise(
    step_rewards: Sequence[StepRewards], num_generations: int, *, scale: str = "group", eps: float = EPS
) -> list[list[tuple[int, float]]]:
    """Each step reward normalised over all steps of all completions of its group (consecutive runs of
    `num_generations` completions, TRL's layout). A reward that cannot be normalised (a group with one scored step,
    whose std is undefined) becomes 0, as TRL's nan_to_num does for a completion."""
    if num_generations < 1 or len(step_rewards) % num_generations:
        raise ValueError(f"{len(step_rewards)} completions do not split into groups of {num_generations}")
    if scale not in ("group", "batch", "none"):
        raise ValueError(f"scale must be group, batch or none, not {scale!r}")
    batch_std = _mean_std([r for steps in step_rewards for _, r in steps])[1]
    out: list[list[tuple[int, float]]] = []
    for g in range(0, len(step_rewards), num_generations):
        group = step_rewards[g : g + num_generations]
        mean, std = _mean_std([r for steps in group for _, r in steps])
        if scale == "batch":
            std = batch_std
        for steps in group:
            normed = []
            for end, r in steps:
                if scale == "none":
                    value = r - mean
                elif std + eps > 0:
                    value = (r - mean) / (std + eps)
                else:  # std 0 with eps 0: every step of the group scored the same
                    value = 0.0
                normed.append((end, value if math.isfinite(value) else 0.0))
            out.append(normed)
    return out


def token_advantages(normalised: StepRewards, length: int) -> list[float]:
    """A_t for t in [0, length): the sum of the normalised rewards of the steps ending at or after token t. A step
    ending past the completion (it cannot, but a clipped index might) counts at the last token."""
    adv = [0.0] * length
    if length == 0:
        return adv
    for end, value in normalised:
        adv[min(max(end, 0), length - 1)] += value
    for t in range(length - 2, -1, -1):  # suffix sums: token t sees every step that ends at t or later
        adv[t] += adv[t + 1]
    return adv


def process_advantages(
    step_rewards: Sequence[StepRewards],
    lengths: Sequence[int],
    num_generations: int,
    *,
    scale: str = "group",
    eps: float = EPS,
) -> list[list[float]]:
    """Per-token advantages for a batch of completions (lists of lengths[i]): normalise, then suffix-sum."""
    normed = normalise(step_rewards, num_generations, scale=scale, eps=eps)
    return [token_advantages(steps, n) for steps, n in zip(normed, lengths, strict=True)]
