"""`grpo.dynamic_sampling: true`: DAPO's dynamic sampling as a subclass of TRL's GRPOTrainer.

A group whose G rewards are all equal (all wrong, all right, or all the same partial score) has advantage zero for
every completion: it costs a full group of generation and teaches nothing (its only gradient is the KL term). DAPO
(Yu et al. 2025, section 3.2) drops such groups and refills the batch with groups from fresh prompts; verl calls it
`algorithm.filter_groups`, NeMo-RL `use_dynamic_sampling`. TRL does not have it (TRL issue 3708), so this subclass adds
it around TRL's own `_generate_and_score_completions`, which still does all the sampling, scoring and advantages.

How a batch is filled. TRL hands the trainer a generation batch of B prompts-times-G rows per process; gathered over
processes, global row r belongs to group r // G. After TRL scored it, the groups whose summed reward (the recipe's
weighted rewards, as TRL sums them) has zero spread are *slots*. Each extra round asks TRL for a whole new batch of
the same shape, from fresh prompts drawn by one seeded generator that every process runs identically, and a slot is
filled by the new group at the same global position when that group has signal. Position for position keeps every
process's rows its own (a group's G rows may lie on two GPUs), so nothing moves between processes. Rounds stop when
every slot is filled or after `grpo.dynamic_sampling_max_rounds`; slots still empty keep their zero-signal group, as
plain GRPO would (the batch never shrinks, so the optimizer step is unchanged).

Logged per generation batch, on top of TRL's metrics:
- dynamic_sampling/dropped_groups: zero-signal groups of the first round that were replaced
- dynamic_sampling/unfilled_groups: zero-signal groups still in the batch after the last round
- dynamic_sampling/extra_rounds: extra generation rounds run
TRL's own metrics (reward, frac_reward_zero_std, completion lengths, ...) are logged once per round, so they describe
everything generated, the discarded groups included: frac_reward_zero_std is the share of generated groups without
signal (what the extra generation pays for); unfilled_groups / groups is the share in the batch that is trained on.
"""

from __future__ import annotations

import random
from typing import Any

import torch
from trl import GRPOTrainer

from grpo_cli.observe.stream import DS_DROPPED, DS_ROUNDS, DS_UNFILLED

# Keys of TRL 1.16's generation output and how a row of each is padded when two rounds' widths differ:
# (B, prompt_len) tensors are left-padded, (B, completion_len) ones right-padded. Anything else is refused, so a TRL
# upgrade that adds a key fails loudly here instead of training on misaligned rows.
LEFT_PADDED = {"prompt_ids", "prompt_mask"}
RIGHT_PADDED = {
    "completion_ids", "completion_mask", "old_per_token_logps", "ref_per_token_logps", "sampling_per_token_logps",
    "importance_sampling_ratio", "tool_mask",
}  # fmt: skip
PER_ROW = {"advantages"}


def zero_signal_groups(rewards: torch.Tensor, group: int, atol: float = 1e-6) -> list[bool]:
    """For rewards of shape (num_groups * group,), one flag per group: True when its rewards are all equal (NaN, an
    unscorable completion, is left out; a group with fewer than two scored rewards has no signal either)."""
    flags = []
    for row in rewards.view(-1, group):
        scored = row[~torch.isnan(row)]
        flags.append(scored.numel() < 2 or bool(scored.max() - scored.min() <= atol))
    return flags


def take_slots(slots: list[bool], has_signal: list[bool]) -> tuple[list[bool], list[bool]]:
    """One refill round, position for position: (the slots the new round fills, the slots still empty after it)."""
    take = [slot and ok for slot, ok in zip(slots, has_signal, strict=True)]
    return take, [slot and not t for slot, t in zip(slots, take, strict=True)]


def fill(out: dict[str, Any], new: dict[str, Any], take: list[bool], pad_ids: dict[str, int]) -> dict[str, Any]:
    """`out` with the rows where `take` is True replaced by `new`'s rows. Tensors of shape (B, T) are padded to the
    wider of the two first (prompts on the left, completions on the right)."""
    rows = torch.tensor(take, dtype=torch.bool)
    merged: dict[str, Any] = {}
    for key, old in out.items():
        if key == "num_items_in_batch":
            continue  # recomputed by the caller over all processes
        other = new.get(key)
        if old is None and other is None:
            merged[key] = None
            continue
        if key not in LEFT_PADDED | RIGHT_PADDED | PER_ROW or not torch.is_tensor(old) or not torch.is_tensor(other):
            raise NotImplementedError(f"dynamic sampling cannot merge TRL's generation output key {key!r}")
        if key not in PER_ROW:
            width = max(old.shape[1], other.shape[1])
            side = "left" if key in LEFT_PADDED else "right"
            value = pad_ids.get(key, 1 if key == "tool_mask" else 0)
            old, other = _pad_to(old, width, side, value), _pad_to(other, width, side, value)
        mask = rows.to(old.device).view(-1, *([1] * (old.dim() - 1)))
        merged[key] = torch.where(mask, other.to(old.dtype), old)
    return merged


def _pad_to(x: torch.Tensor, width: int, side: str, value: float) -> torch.Tensor:
    missing = width - x.shape[1]
    if missing == 0:
        return x
    filler = torch.full((x.shape[0], missing, *x.shape[2:]), value, dtype=x.dtype, device=x.device)
    return torch.cat([filler, x] if side == "left" else [x, filler], dim=1)


class DynamicSamplingGRPOTrainer(GRPOTrainer):
    """GRPOTrainer that replaces zero-signal groups with groups from fresh prompts (DAPO's dynamic sampling)."""

    def __init__(self, *args: Any, max_rounds: int, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.max_rounds = max_rounds
        # One generator per run, seeded alike on every process: each draws the same global list of fresh prompts.
        self._fresh_rng = random.Random(self.args.seed + 7919)
        self._fresh_order: list[int] = []
        self._last_rewards: torch.Tensor | None = None  # (global batch,) summed rewards of the last round

    def _calculate_rewards(self, inputs, prompts, completions, completion_ids_list):
        rewards_per_func = super()._calculate_rewards(inputs, prompts, completions, completion_ids_list)
        # As TRL sums them (weighted, NaN-skipping); a completion no reward function scored stays NaN.
        weights = self.reward_weights.to(rewards_per_func.device).unsqueeze(0)
        total = (rewards_per_func * weights).nansum(dim=1)
        total[torch.isnan(rewards_per_func).all(dim=1)] = float("nan")
        self._last_rewards = total
        return rewards_per_func

    def _fresh_rows(self, local_n: int) -> list[dict[str, Any]]:
        """This process's share of a new generation batch: global groups of G copies of a fresh prompt, drawn from a
        reshuffled pass over the training set (so a prompt comes back only after all the others)."""
        g, procs = self.num_generations, self.accelerator.num_processes
        assert g is not None  # TRL types it int | None; the recipe always sets grpo.num_generations
        # a datasets.Dataset (map-style, sized; `datasets` has no types): TRL's type also allows an IterableDataset
        dataset: Any = self.train_dataset
        groups = local_n * procs // g
        picks = []
        for _ in range(groups):
            if not self._fresh_order:
                self._fresh_order = list(range(len(dataset)))
                self._fresh_rng.shuffle(self._fresh_order)
            picks.append(self._fresh_order.pop())
        rows = [dataset[i] for i in picks for _ in range(g)]
        start = self.accelerator.process_index * local_n
        return rows[start : start + local_n]

    def _generate_and_score_completions(self, inputs):
        output = super()._generate_and_score_completions(inputs)
        if not self.model.training:
            return output
        g, local_n = self.num_generations, len(inputs)
        start = self.accelerator.process_index * local_n
        group_of_row = [(start + i) // g for i in range(local_n)]
        slots = zero_signal_groups(self._last_rewards, g)
        dropped_at_start, rounds = sum(slots), 0
        pad_ids = {"prompt_ids": self._tokenizer.pad_token_id, "completion_ids": self._tokenizer.pad_token_id}
        while any(slots) and rounds < self.max_rounds:
            new = super()._generate_and_score_completions(self._fresh_rows(local_n))
            take, slots = take_slots(slots, [not z for z in zero_signal_groups(self._last_rewards, g)])
            output = {**fill(output, new, [take[k] for k in group_of_row], pad_ids), "num_items_in_batch": None}
            rounds += 1
        if rounds:
            mask = output["completion_mask"]
            if output.get("tool_mask") is not None:
                mask = mask * output["tool_mask"]
            output["num_items_in_batch"] = self.accelerator.gather(mask.sum()).sum()
        self._metrics["train"][DS_DROPPED].append(float(dropped_at_start - sum(slots)))
        self._metrics["train"][DS_UNFILLED].append(float(sum(slots)))
        self._metrics["train"][DS_ROUNDS].append(float(rounds))
        return output
