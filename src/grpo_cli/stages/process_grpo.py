"""`grpo.advantage: process`: DeepSeekMath's process-supervised GRPO as a subclass of TRL's GRPOTrainer.

It replaces only the advantage. TRL samples, scores with the recipe's reward functions, and computes its outcome
advantage, one number per completion; this subclass then scores each completion's reasoning steps (the recipe's step
scorer, grpo_cli.stepwise.scoring), finds the token each step ends on (grpo_cli.stepwise.split), and swaps the advantage for
DeepSeekMath's token-level one (grpo_cli.stepwise.advantage): step rewards normalised over all steps of all completions in the
group, each token's advantage the sum of the normalised rewards of the steps ending at or after it. With
`steps.outcome` (the default) the outcome reward, the recipe's weighted rewards as TRL computed them, is the reward of
one more step ending on the completion's last token. TRL's loss already takes advantages of shape (batch, tokens), so
its loss types, clipping, KL term, masking and logging are all kept.

Two hooks, both TRL 1.16 methods: `_calculate_rewards` (it sees the local completions with their token ids, and
returns the rewards gathered over processes) and `_generate_and_score_completions` (its output carries the local
batch's `advantages`). Step rewards are gathered over processes like TRL's rewards, because a group's G completions
may be spread over several GPUs.

Logged on top of TRL's metrics: the per-step diagnostics (steps/..., unless the `steps` reward already logs them) and
process/zero_std_frac, the share of groups whose step rewards are all equal (no process signal) — compare it with
TRL's frac_reward_zero_std, the share of groups where the outcome gives none.
"""

from __future__ import annotations

import math
from typing import Any

import torch
from accelerate.utils import gather_object
from trl import GRPOTrainer

from grpo_cli.rewards import completion_text, prompt_text
from grpo_cli.stepwise.advantage import process_advantages
from grpo_cli.stepwise.scoring import StepScoring, batch_metrics
from grpo_cli.stepwise.split import with_token_ends


class ProcessGRPOTrainer(GRPOTrainer):
    """GRPOTrainer with DeepSeekMath's process-supervised (token-level) advantage."""

    def __init__(self, *args: Any, step_scoring: StepScoring, outcome: bool = True, log_step_metrics: bool = True,
                 **kwargs: Any):  # fmt: skip
        super().__init__(*args, **kwargs)
        self.step_scoring = step_scoring
        self.process_outcome = outcome
        self.log_step_metrics = log_step_metrics
        # Set while a batch is scored, for the advantage that follows (all processes' completions, in TRL's order).
        self._step_rewards: list[list[tuple[int, float]]] | None = None
        self._lengths: list[int] | None = None
        self._outcome_rewards: torch.Tensor | None = None
        self.last_outcome_advantages: torch.Tensor | None = None  # TRL's (batch,) advantage, for comparison

    def _decode(self, ids: list[int]) -> str:
        return self._tokenizer.decode(ids, skip_special_tokens=True)  # how TRL decodes completions

    def _calculate_rewards(self, inputs, prompts, completions, completion_ids_list):
        rewards_per_func = super()._calculate_rewards(inputs, prompts, completions, completion_ids_list)
        # each row's question as the accuracy reward reads it (rewards.batch_questions)
        questions = [prompt_text(x.get("question", p)) or "" for x, p in zip(inputs, prompts, strict=True)]
        batch = self.step_scoring.score(questions, [completion_text(c) for c in completions])
        if self.log_step_metrics:
            for name, value in batch_metrics(batch).items():
                self._log_metric(name, value)
        local = []
        for scored, ids in zip(batch, completion_ids_list, strict=True):
            ids = [int(i) for i in ids]
            steps = with_token_ends(scored.steps, ids, self._decode)
            local.append([(s.token_end, float(v)) for s, v in zip(steps, scored.scores, strict=True) if v is not None])
        self._step_rewards = gather_object(local)
        self._lengths = gather_object([len(ids) for ids in completion_ids_list])
        self._outcome_rewards = rewards_per_func
        return rewards_per_func

    def _generate_and_score_completions(self, inputs):
        output = super()._generate_and_score_completions(inputs)
        mode = "train" if self.model.training else "eval"
        group = self.num_generations if mode == "train" else self.num_generations_eval
        rewards_per_func = self._outcome_rewards
        # The outcome reward as TRL sums it (weighted, NaN-skipping); a completion no reward function scored has none.
        outcome = (rewards_per_func * self.reward_weights.to(rewards_per_func.device).unsqueeze(0)).nansum(dim=1)
        unscorable = torch.isnan(rewards_per_func).all(dim=1)
        step_rewards = []
        for i, steps in enumerate(self._step_rewards):
            steps = list(steps)
            if self.process_outcome and not bool(unscorable[i]):
                steps.append((self._lengths[i] - 1, float(outcome[i])))
            step_rewards.append(steps)
        advantages = process_advantages(step_rewards, self._lengths, group, scale=self.scale_rewards)

        local_n, width = output["completion_ids"].shape
        start = self.accelerator.process_index * local_n
        dense = torch.zeros(local_n, width, dtype=torch.float32)
        for row, adv in enumerate(advantages[start : start + local_n]):
            adv = adv[:width]
            dense[row, : len(adv)] = torch.tensor(adv, dtype=torch.float32)
        self.last_outcome_advantages = output["advantages"]
        output["advantages"] = dense.to(output["completion_ids"].device)

        # samples.jsonl and TRL's completion table show one advantage per completion: the first token's (the sum of
        # all its normalised step rewards), in place of the outcome advantage TRL logged for this batch.
        logged = self._logs["advantages"]
        firsts = [adv[0] if adv else 0.0 for adv in advantages]
        for _ in range(min(len(firsts), len(logged))):
            logged.pop()
        logged.extend(firsts)
        self._metrics[mode]["process/zero_std_frac"].append(_zero_std_frac(step_rewards, group))
        return output


def _zero_std_frac(step_rewards: list[list[tuple[int, float]]], group: int) -> float:
    """Share of groups whose step rewards (outcome step included) are all equal: no process signal."""
    flat = [[r for _, r in steps] for steps in step_rewards]
    groups = [sum(flat[g : g + group], []) for g in range(0, len(flat), group)]
    same = [len(v) < 2 or max(v) - min(v) < 1e-8 or not all(math.isfinite(x) for x in v) for v in groups]
    return sum(same) / len(same) if same else 0.0
