"""`grpo distill`: sample a teacher, keep what the verifier accepts, and write SFT data for a student."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from grpo_cli.errors import UserError


def register(app: typer.Typer) -> None:
    @app.command("distill")
    def distill(
        recipe: str = typer.Option(
            ..., "--recipe", "-r", help="Recipe name or YAML path (data, eval split, distill.*)."
        ),
        teacher: str | None = typer.Option(
            None,
            "--teacher",
            help="The teacher: a model folder (e.g. runs/R/grpo/final) or Hub id (default distill.teacher).",
        ),
        n: int | None = typer.Option(None, "--n", help="Samples per training problem (distill.n)."),
        k: int | None = typer.Option(None, "--k", help="At most K kept per problem (distill.k)."),
        limit: int = typer.Option(0, "--limit", help="Distil the first L training problems (0 = all)."),
        backend: str | None = typer.Option(None, "--backend", help="auto, hf or vllm (as grpo eval)."),
        run_dir: Path = typer.Option(Path("runs"), "--run-dir", help="Where the recipe's stages live."),
        output: Path | None = typer.Option(
            None, "--output", "-o", help="Output folder (default DIR/<recipe>/distill)."
        ),
        overwrite: bool = typer.Option(False, "--overwrite", help="Redo a distillation in the output folder."),
        resume: bool = typer.Option(False, "--resume", help="Finish an interrupted one (a finished sampling is kept)."),
        push_to_hub: str | None = typer.Option(
            None, "--push-to-hub", help="Upload data.jsonl and the card as this Hub dataset."
        ),
        set_: list[str] = typer.Option([], "--set", help="Override a recipe key: section.key=value (repeatable)."),
        as_json: bool = typer.Option(False, "--json", help="Print summary.json on stdout."),
    ) -> None:
        """Rejection sampling as DeepSeek-R1 distilled its RL model: N samples per (decontaminated) training problem
        from the teacher, kept when finished, right, formatted, in one language and not looping; at most K distinct per
        problem, shortest first. Writes OUT/data.jsonl (train a student: grpo sft --set data.dataset=custom
        --set data.path=OUT/data.jsonl), OUT/summary.json and the dataset card OUT/README.md."""
        from grpo_cli import config, rundir, tracking
        from grpo_cli import recipes as rec
        from grpo_cli.commands.eval import _console, eval_bar, plain_log
        from grpo_cli.stages import distill as distill_stage

        flags = {"distill.n": ("--n", n), "distill.k": ("--k", k), "eval.backend": ("--backend", backend)}
        r = config.apply_flags(rec.load(recipe, set_), flags)
        model = teacher or r.distill.teacher
        if not model:
            raise UserError("no teacher: pass --teacher DIR (e.g. runs/<recipe>/grpo/final) or set distill.teacher")
        if push_to_hub:
            tracking.check_hub(f"--push-to-hub {push_to_hub}", "drop --push-to-hub and upload OUT/ later (hf upload)")
        out = output or rundir.recipe_root(run_dir, r.name) / distill_stage.KIND
        console = _console()
        log = plain_log(console)
        summary = distill_stage.run(
            r, model, out, limit=limit, overwrite=overwrite, resume=resume, log=log, progress=eval_bar(console)
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
