"""`grpo train` (the real command, run in this process) with a probe on TRL's colocated vLLM engine.

    python tests/vllm_train_probe.py REPORT.json --recipe ... --set ...

Before training, and after each optimizer step, the probe asks vLLM for its greedy completion of a fixed prompt, and
after each step also asks the HF policy being trained for its own. After a step the weights are pushed into vLLM the
way TRL pushes them before each generation (`sync_weights`), so vLLM's greedy equals the updated policy's when the
sync works, and differs from vLLM's greedy before training when the update was large. Where the two greedy
sequences part, the report holds the HF policy's log-prob gap between the two tokens (a near-tie flips on the last
bits of the two implementations' arithmetic). The report is written when training ends (or fails). One reward is
added to the recipe's (`digit_share`), so that the update is never zero.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from transformers import TrainerCallback

QUESTION = "Tom has 3 apples and buys 4 more. How many apples does he have?"
NEW_TOKENS = 16


class Probe(TrainerCallback):
    def __init__(self, report: Path):
        self.report = report
        self.trainer = None
        self.data: dict = {"steps": []}

    def attach(self, trainer) -> None:  # training.train calls this with the trainer
        self.trainer = trainer

    def _prompt_ids(self) -> list[int]:
        tok = self.trainer.processing_class
        text = tok.apply_chat_template(
            [{"role": "user", "content": QUESTION}], add_generation_prompt=True, tokenize=False
        )
        return list(tok(text, add_special_tokens=False)["input_ids"])

    def _vllm_greedy(self) -> list[int]:
        from vllm import SamplingParams
        from vllm.inputs import TokensPrompt

        llm = self.trainer.vllm_generation.llm
        params = SamplingParams(temperature=0.0, max_tokens=NEW_TOKENS)
        out = llm.generate([TokensPrompt(prompt_token_ids=self._prompt_ids())], params, use_tqdm=False)
        return list(out[0].outputs[0].token_ids)

    def _hf_greedy(self) -> tuple[list[int], object]:
        import torch

        model = self.trainer.model
        ids = torch.tensor([self._prompt_ids()])
        was_training = model.training
        model.eval()  # no dropout (LoRA's) while probing
        try:
            with torch.no_grad():
                out = model.generate(
                    input_ids=ids, attention_mask=torch.ones_like(ids), max_new_tokens=NEW_TOKENS, do_sample=False
                )
        finally:
            model.train(was_training)
        return out[0, ids.shape[1] :].tolist(), model

    def _gap_at_split(self, model, hf: list[int], vl: list[int]) -> float | None:
        """Where hf and vl first differ: the HF policy's log-prob of its own token minus vLLM's token's."""
        import torch

        split = next((i for i, (a, b) in enumerate(zip(hf, vl, strict=False)) if a != b), None)
        if split is None:
            return None
        ids = torch.tensor([self._prompt_ids() + hf[:split]])
        was_training = model.training
        model.eval()
        try:
            with torch.no_grad():
                logp = torch.log_softmax(model(input_ids=ids).logits[0, -1].float(), -1)
        finally:
            model.train(was_training)
        return float(logp[hf[split]] - logp[vl[split]])

    def on_train_begin(self, args, state, control, **kwargs):
        self.data["before"] = self._vllm_greedy()
        self._time_phases()

    def _time_phases(self) -> None:
        """Record TRL's own phase timers (trl.extras.profiling, which reports only to W&B/MLflow/trackio) per step,
        for docs/scale.md's where-the-time-goes figures; the probe's own work below is outside them."""
        import time

        import torch
        from trl.extras import profiling

        def log_metrics(ctx, duration: float) -> None:
            name = ctx.name.rsplit(".", 1)[-1]
            if name == "_get_per_token_logps_and_entropies":
                name += "_grad" if torch.is_grad_enabled() else "_nograd"
            phases = self.data.setdefault("phases", {}).setdefault(str(self._step), {})
            phases[name] = phases.get(name, 0.0) + duration

        profiling.ProfilingContext._log_metrics = log_metrics
        self._clock, self._step, self._t = time.perf_counter, 0, 0.0

    def on_step_begin(self, args, state, control, **kwargs):
        self._step, self._t = state.global_step + 1, self._clock()

    def on_step_end(self, args, state, control, **kwargs):
        self.data.setdefault("step_s", {})[str(state.global_step)] = self._clock() - self._t
        self.trainer.vllm_generation.sync_weights()
        vl = self._vllm_greedy()
        hf, model = self._hf_greedy()
        stop = min(len(hf), len(vl))  # one may end at EOS first; compare the common part
        self.data["steps"].append(
            {"step": state.global_step, "vllm": vl, "hf": hf, "gap_at_split": self._gap_at_split(model, hf[:stop], vl)}
        )

    def dump(self) -> None:
        self.report.write_text(json.dumps(self.data))


def digit_share(completions, **kwargs) -> list[float]:
    """A reward that differs between any two completions with different digit counts, so every group has a spread
    and the update is never zero (the recipe's rewards give all -1 when every completion of a 135M model runs to the
    length limit, and GRPO's advantages are then 0)."""
    from grpo_cli.rewards import completion_text

    texts = [completion_text(c) for c in completions]
    return [sum(ch.isdigit() for ch in t) / max(1, len(t)) for t in texts]


def with_digit_share() -> None:
    from grpo_cli import rewards

    build = rewards.build_reward_funcs

    def build_plus(recipe, **kwargs):  # the keywords build_reward_funcs takes (not_from, ...) pass through
        funcs, weights = build(recipe, **kwargs)
        return [*funcs, digit_share], [*weights, 1.0]

    rewards.build_reward_funcs = build_plus


def main() -> None:
    report, args = Path(sys.argv[1]), sys.argv[2:]
    from grpo_cli.commands import train as train_cmd

    with_digit_share()

    probe = Probe(report)
    own = train_cmd.extra_callbacks
    train_cmd.extra_callbacks = lambda out_dir, recipe: [*own(out_dir, recipe), probe]
    sys.argv = ["grpo", "train", *args]
    from grpo_cli.cli import main as grpo

    try:
        grpo()
    finally:
        probe.dump()


if __name__ == "__main__":
    main()
