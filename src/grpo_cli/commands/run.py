"""`grpo run`: the whole recipe (eval base -> sft -> eval -> grpo -> eval) and one table of what each stage gave."""

from __future__ import annotations

import contextlib
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import typer

from grpo_cli.commands.options import (
    DryRunOpt,
    JsonOpt,
    OverwriteOpt,
    RecipeOpt,
    ResumeOpt,
    RunDirOpt,
    SetOpt,
    as_set,
    load_recipe,
    with_shortcuts,
)
from grpo_cli.config import Recipe


def register(app: typer.Typer) -> None:
    @app.command("run")
    @with_shortcuts
    def run(
        recipe: RecipeOpt,
        set_: SetOpt = [],  # noqa: B006 (typer copies defaults; the list is never mutated)
        run_dir: RunDirOpt = "runs",
        resume: ResumeOpt = False,
        overwrite: OverwriteOpt = False,
        dry_run: DryRunOpt = False,
        as_json: JsonOpt = False,
        *,
        shortcuts: dict[str, Any],
    ) -> None:
        """Run the whole recipe: eval the base model, SFT, eval, GRPO, eval; end with a table of base, SFT and GRPO
        pass@1 (with 95% CIs) and the paired difference GRPO made. --dry-run prints every stage's command instead."""
        from grpo_cli.rewards import check_custom
        from grpo_cli.stages import run as run_stage

        rec = load_recipe(recipe, set_, shortcuts)
        check_custom(rec, not_from=(Path(run_dir) / rec.name,))  # a reward of the user's own, read without running it
        if dry_run:
            typer.echo(run_stage.dry_run(rec, run_dir))
            return
        run_stage.check_folders(rec, Path(run_dir), resume=resume, overwrite=overwrite)  # before any heavy import

        from grpo_cli.observe.callbacks import TrainingInterrupted

        from .eval import _console, eval_bar

        console = _console()
        rerun = shlex.join(
            ["grpo", "run", "--recipe", recipe, *(a for s in set_ + as_set(shortcuts) for a in ("--set", s))]
        )
        # With --json, stdout carries only the JSON: everything the stages print goes to stderr.
        quiet = contextlib.redirect_stdout(sys.stderr) if as_json else contextlib.nullcontext()
        try:
            with quiet:
                result = run_stage.run(
                    rec,
                    Path(run_dir),
                    resume=resume,
                    overwrite=overwrite,
                    log=lambda m: console.print(m, highlight=False, markup=False),
                    progress=eval_bar(console),
                    callbacks=_callbacks,
                )
        except TrainingInterrupted as err:
            print(f"{err}; continue with: {rerun} --resume", file=sys.stderr)
            raise typer.Exit(code=err.exit_code) from None
        except run_stage.StageFailed as err:
            print(f"error: {err}; fix it, then continue with: {rerun} --resume", file=sys.stderr)
            raise typer.Exit(code=err.code if err.code in (2, 130, 143) else 1) from None
        if as_json:
            typer.echo(json.dumps({k: result[k] for k in ("base", "sft", "grpo")}, indent=2))
        else:
            print_table(result, rec.name)


def _callbacks(folder: Path, recipe: Recipe) -> list:
    from grpo_cli.commands.train import extra_callbacks

    return extra_callbacks(folder, recipe)


def print_table(result: dict[str, Any], name: str) -> None:
    """base / sft / grpo rows: pass@1 [95% CI], pass@n, maj@n, format, truncated, tokens; then the paired deltas."""
    from rich.console import Console
    from rich.table import Table

    def pct(x: float) -> str:
        return f"{100 * x:.1f}"

    first = next(s for s in (result.get(k) for k in ("base", "sft", "grpo")) if s)
    st = first["settings"]
    n = first["n"]
    table = Table(
        title=f"{name}: {st['dataset']}/{st['split']}, {first['counts']['scored']} problems, n={n}, T={st['temperature']}"
    )
    for col in ("model", "pass@1 (95% CI)", f"pass@{n}", f"maj@{n}", "format", "truncated", "tokens"):
        table.add_column(col, justify="left" if col == "model" else "right")
    for label in ("base", "sft", "grpo"):
        s = result.get(label)
        if not s:
            continue
        lo, hi = s["pass@1_ci"]
        table.add_row(
            label,
            f"{pct(s['pass@1'])} [{pct(lo)}, {pct(hi)}]",
            pct(s["pass@k"][str(s["n"])]),
            pct(s["maj@k"][str(s["n"])]),
            pct(s["format_rate"]),
            pct(s["truncation_rate"]),
            f"{s['mean_tokens']:.1f}",
        )
    console = Console()
    console.print(table)
    for pair, c in result.get("compare", {}).items():
        if "error" in c:
            console.print(f"{pair}: {c['error']}")
            continue
        lo, hi = c["diff_ci"]
        console.print(
            f"{pair}: {100 * c['diff']:+.1f} points pass@1 [{100 * lo:+.1f}, {100 * hi:+.1f}] paired bootstrap 95% CI; "
            f"{len(c['a_only'])} problems newly solved, {len(c['b_only'])} lost (McNemar p={c['mcnemar_p']:.3g})"
        )
    total = result.get("timing", {}).get("total_s")
    if total is not None:
        console.print(f"wall time {total:.0f} s")
