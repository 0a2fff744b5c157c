"""`grpo distill`: sample a teacher, keep what the verifier accepts, and write SFT data for a student."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from grpo_cli.commands.options import (
    JsonOpt,
    OverwriteOpt,
    RecipeOpt,
    ResumeOpt,
    RunDirOpt,
    SetOpt,
    load_recipe,
    output_option,
    with_shortcuts,
)
from grpo_cli.errors import UserError

# Shortcut flags whose keys distill's own sampling replaces: said in one line instead of silently ignored.
NOT_HERE = {
    "eval.n": "the teacher's samples per problem are --samples (distill.n)",
    "eval.limit": "decontamination reads every eval problem; the first N training problems: --train-limit",
}


def register(app: typer.Typer) -> None:
    @app.command("distill")
    @with_shortcuts
    def distill(
        recipe: RecipeOpt,
        run_dir: RunDirOpt = "runs",
        output: Annotated[str | None, output_option("Output folder (default RUN_DIR/<recipe>/distill).")] = None,
        overwrite: OverwriteOpt = False,
        resume: ResumeOpt = False,
        push_to_hub: str | None = typer.Option(
            None, "--push-to-hub", help="Upload data.jsonl and the card as this Hub dataset."
        ),
        set_: SetOpt = [],  # noqa: B006 (typer copies defaults; the list is never mutated)
        as_json: JsonOpt = False,
        *,
        shortcuts: dict[str, Any],
    ) -> None:
        """Rejection sampling as DeepSeek-R1 distilled its RL model: --samples per (decontaminated) training problem
        from --teacher, kept when finished, right, formatted, in one language and not looping; at most --k distinct per
        problem, shortest first. Writes OUT/data.jsonl (train a student: grpo sft --set data.dataset=custom
        --set data.path=OUT/data.jsonl), OUT/summary.json and the dataset card OUT/README.md."""
        from grpo_cli import rundir, tracking
        from grpo_cli.commands.eval import _console, eval_bar, plain_log
        from grpo_cli.stages import distill as distill_stage

        for key, why in NOT_HERE.items():
            flag, value = shortcuts[key]
            if value is not None:
                raise UserError(f"grpo distill: {flag} sets {key}, which distillation does not read: {why}")
        r = load_recipe(recipe, set_, shortcuts)
        model = r.distill.teacher
        if not model:
            raise UserError("no teacher: pass --teacher DIR (e.g. runs/<recipe>/grpo/final) or set distill.teacher")
        if push_to_hub:
            tracking.check_hub(f"--push-to-hub {push_to_hub}", "drop --push-to-hub and upload OUT/ later (hf upload)")
        out = Path(output) if output is not None else rundir.recipe_root(run_dir, r.name) / distill_stage.KIND
        console = _console()
        log = plain_log(console)
        summary = distill_stage.run(
            r, model, out, overwrite=overwrite, resume=resume, log=log, progress=eval_bar(console)
        )
        if push_to_hub:
            tracking.push_dataset(push_to_hub, out, (distill_stage.DATA, distill_stage.CARD, distill_stage.SUMMARY))
            console.print(f"pushed to the Hub dataset {push_to_hub}")
        if as_json:
            typer.echo(json.dumps(summary, indent=2))
        else:
            c = summary["counts"]
            typer.echo((out / distill_stage.CARD).read_text(encoding="utf-8"))
            typer.echo(
                f"kept {c['kept']} completions of {c['samples']} samples ({c['problems_kept']} of {c['problems']} problems)"
                f"\ndata: {out / distill_stage.DATA}\ntrain a student: grpo sft --recipe {r.name} --set data.dataset=custom "
                f"--set data.path={out / distill_stage.DATA}"
            )
