"""`grpo sft`: supervised fine-tuning on worked solutions with TRL's SFTTrainer.

Each training problem becomes a prompt-completion pair: the prompt is the shared R1-style prompt (grpo_cli.prompts),
the completion `<think>{worked solution}</think>\\n<answer>{N}</answer>` (grpo_cli.data.sft_target) followed by the
tokenizer's EOS. The loss covers the completion only (TRL `completion_only_loss`). LoRA or full fine-tuning follows
`model.lora`. Output: DIR/<recipe>/sft/ with recipe.yaml, run.json, metrics.jsonl, checkpoint-*/ and final/.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from grpo_cli import data, models, tracking
from grpo_cli.config import Recipe
from grpo_cli.errors import UserError
from grpo_cli.evaluation import generation
from grpo_cli.stages import training


def sft_config_kwargs(recipe: Recipe, out_dir: str | Path, *, device: str) -> dict[str, Any]:
    """Every `sft` recipe field as an SFTConfig keyword (pure: no model, no data)."""
    s = recipe.sft
    return {
        **training.common_args(s, Path(out_dir), device, recipe.model),
        **tracking.trainer_args(recipe, "sft", push=False),
        "max_length": s.max_length,
        # Prompt-completion rows: the loss is masked to the completion tokens (a recipe may say otherwise in TRL's
        # own keys, below).
        "completion_only_loss": True,
        "packing": False,
        # Every other SFTConfig field the recipe names, under TRL's name, as given (type-checked by config).
        **s.trl,
    }


def run(recipe: Recipe, out_dir: str | Path, *, resume: bool = False, callbacks: Sequence[Any] = ()) -> dict:
    """Fine-tune `recipe.model.name` on the recipe's training data; returns the run.json summary."""
    from trl import SFTConfig, SFTTrainer

    if not recipe.sft.enabled:
        raise UserError(f"recipe {recipe.name} has sft.enabled=false; run `grpo train` (or --set sft.enabled=true)")
    out_dir = Path(out_dir)
    device = training.device_kind()
    base = models.resolve(recipe.model.name, recipe.model)
    tokenizer = models.load_tokenizer(base, recipe.model)
    problems, dropped = data.load_train(recipe)
    if not problems:
        raise UserError(f"no usable training problems in {recipe.data.dataset} ({dropped} dropped as unparsable)")
    missing = sum(1 for p in problems if not p.solution)
    if missing:
        raise UserError(
            f"sft: {missing} of {len(problems)} training problems have no worked solution to imitate; "
            "use a dataset with solutions or set sft.enabled=false"
        )
    dataset = training.prompt_dataset(problems, tokenizer, recipe, with_target=True)
    context = generation.model_context(base, recipe.model)
    truncated = training.check_sft_lengths(dataset, tokenizer, recipe.sft.max_length, context)

    kwargs = sft_config_kwargs(recipe, out_dir, device=device)
    tracking.check(recipe, push=False)
    args = training.trl_config(SFTConfig, kwargs, "sft")
    cbs, interrupt = training.callbacks_for(out_dir, callbacks)
    trainer = SFTTrainer(
        model=base,
        args=args,
        train_dataset=dataset,
        processing_class=tokenizer,
        peft_config=models.lora_config(recipe.model) if recipe.model.lora else None,
        callbacks=cbs,
    )
    training.begin(
        out_dir, recipe, "sft", device=device, model=recipe.model.name, train_problems=len(problems),
        dropped_problems=dropped, truncated_examples=truncated, **training.trainable_summary(trainer.model),
    )  # fmt: skip
    return training.train(trainer, out_dir, resume=resume, interrupt=interrupt)
