"""`grpo sft` and `grpo train`: the first two stages of the recipe, into DIR/<recipe>/{sft,grpo}/.

Thin by design: load the recipe, resolve where the policy starts, refuse to reuse a run directory unless told
(--resume / --overwrite), call the stage. torch/transformers/trl are imported inside the command bodies only.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from grpo_cli.commands.options import (
    DryRunOpt,
    OverwriteOpt,
    RecipeOpt,
    ResumeOpt,
    RunDirOpt,
    SetOpt,
    as_set,
    with_shortcuts,
)
from grpo_cli.config import Recipe


def extra_callbacks(out_dir: Path, recipe: Recipe) -> list[Any]:
    """Callbacks the commands add to every training stage: the live view with its alarms (progress, alarms.jsonl)."""
    from grpo_cli.observe.live import MonitorCallback  # transformers: imported once the stage is about to run

    return [MonitorCallback.for_recipe(recipe, out_dir, stage=out_dir.name)]


def _interrupted(err: Any, command: str) -> None:
    print(f"{err}; continue with: {command} --resume", file=sys.stderr)
    raise typer.Exit(code=err.exit_code)


def _resume_command(stage_cmd: str, recipe: str, set_: list[str], run_dir: str) -> str:
    parts = ["grpo", stage_cmd, "--recipe", recipe, *(f"--set {s}" for s in set_)]
    if run_dir != "runs":
        parts += ["--run-dir", run_dir]
    return " ".join(parts)


def _finished(stage_name: str, summary: dict, next_hint: str | None) -> None:
    """The closing lines, printed once (by rank 0) however many processes trained."""
    from grpo_cli import rundir

    if not rundir.is_main_process():
        return
    typer.echo(
        f"{stage_name} finished: {summary['step']} steps in {summary['wall_time']:.0f} s -> {summary['final_dir']}"
    )
    if next_hint:
        typer.echo(f"next: {next_hint}")


def _finished_already(out: Path, stage: str) -> bool:
    """--resume of a stage that finished: say so and change nothing (resuming it trained past max_steps, 'step 3/2')."""
    from grpo_cli import rundir

    info = rundir.read_run_info(out)
    if rundir.owner(out) != stage or info.get("status") != "finished" or not rundir.has_final(out):
        return False
    step = f" at step {info['step']}" if isinstance(info.get("step"), int) else ""
    typer.echo(
        f"{out}: the {stage} stage finished{step}; --resume has nothing to do and changed nothing (pass --overwrite "
        "to train it again)",
        err=True,
    )
    return True


def _train_stage(command: str, recipe: str, set_: list[str], run_dir: str, *, resume: bool, overwrite: bool,
                 dry_run: bool, shortcuts: dict[str, Any], from_: str | None = None) -> None:  # fmt: skip
    """`grpo sft` / `grpo train`: refuse what cannot start here before the run directory is touched, relaunch under
    accelerate when the recipe needs several processes, run the stage, print where its model is."""
    from grpo_cli import launch, rundir
    from grpo_cli.commands.options import load_recipe

    rec = load_recipe(recipe, set_, shortcuts)
    set_ = [*set_, *as_set(shortcuts)]  # what a --resume command line repeats
    if command == "train":
        from grpo_cli.rewards import check_custom

        check_custom(rec, not_from=(from_,))  # a reward of the user's own, read without running it
    if dry_run:
        typer.echo(launch.dry_run(rec))
        return
    launch.check_here(rec)  # GPUs, DeepSpeed, vLLM, memory plan: exit 2 before the run directory is touched
    stage_name = "sft" if command == "sft" else "grpo"
    out = rundir.stage_dir(run_dir, rec.name, stage_name)

    from grpo_cli.observe.callbacks import TrainingInterrupted
    from grpo_cli.stages import grpo, sft, training

    if resume and _finished_already(out, stage_name):
        return
    init = grpo.resolve_init(rec, run_dir, from_) if command == "train" else None
    owns = launch.owns_run_dir(rec)
    if owns and not launch.prepared_by_launcher(out):
        # What the stage consumes (model, data, recipe): recorded; --resume refuses when it changed since the start.
        inputs = training.stage_inputs(rec, init) if rundir.is_main_process() else None
        rundir.prepare(out, resume=resume, overwrite=overwrite, protect=(init,), inputs=inputs)
    # Several processes / DeepSpeed: rerun this command under accelerate launch; its ranks leave `out` as prepared.
    code = launch.relaunch(rec, prepared=out if owns else None)
    if code is not None:
        raise typer.Exit(code)
    callbacks = extra_callbacks(out, rec)
    try:
        if command == "sft":
            summary = sft.run(rec, out, resume=resume, callbacks=callbacks)
        else:
            summary = grpo.run(rec, out, init_from=init, resume=resume, callbacks=callbacks)
    except TrainingInterrupted as err:
        _interrupted(err, _resume_command(command, recipe, set_, run_dir))
    where = f" --run-dir {run_dir}" if run_dir != "runs" else ""
    _finished(stage_name, summary, f"grpo train --recipe {recipe}{where}" if command == "sft" else None)


def register(app: typer.Typer) -> None:
    @app.command("sft")
    @with_shortcuts
    def sft(
        recipe: RecipeOpt,
        set_: SetOpt = [],  # noqa: B006 (typer copies defaults; the list is never mutated)
        run_dir: RunDirOpt = "runs",
        resume: ResumeOpt = False,
        overwrite: OverwriteOpt = False,
        dry_run: DryRunOpt = False,
        *,
        shortcuts: dict[str, Any],
    ) -> None:
        """Supervised fine-tuning on worked solutions (TRL SFTTrainer, loss on the completion only)."""
        _train_stage(
            "sft", recipe, set_, run_dir, resume=resume, overwrite=overwrite, dry_run=dry_run, shortcuts=shortcuts
        )

    @app.command("train")
    @with_shortcuts
    def train(
        recipe: RecipeOpt,
        set_: SetOpt = [],  # noqa: B006 (typer copies defaults; the list is never mutated)
        from_: Annotated[
            str | None,
            typer.Option("--from", help="Start from this model or stage directory instead of the recipe's SFT output."),
        ] = None,
        run_dir: RunDirOpt = "runs",
        resume: ResumeOpt = False,
        overwrite: OverwriteOpt = False,
        dry_run: DryRunOpt = False,
        *,
        shortcuts: dict[str, Any],
    ) -> None:
        """GRPO with the recipe's rule-based rewards (TRL GRPOTrainer), from the SFT output when it exists."""
        _train_stage(
            "train", recipe, set_, run_dir, resume=resume, overwrite=overwrite, dry_run=dry_run, from_=from_,
            shortcuts=shortcuts,
        )  # fmt: skip
