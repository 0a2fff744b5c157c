"""`grpo report RUN_DIR [RUN_DIR ...] [--out DIR]`: plots and report.md from run directories (no torch)."""

from __future__ import annotations

from typing import Annotated

import typer

from grpo_cli.commands.options import OldOutOpt, output_option, pick_output


def register(app: typer.Typer) -> None:
    @app.command("report")
    def report(
        run_dirs: list[str] = typer.Argument(
            ..., help="Stage directories (runs/<recipe>/grpo) or folders above one; several are overlaid."
        ),
        output: Annotated[
            str | None, output_option("Where report.md and the PNGs go (default: RUN_DIR/report, or ./grpo-report).")
        ] = None,
        out: OldOutOpt = None,
    ) -> None:
        """Plot a run (reward, accuracy, length, zero-std, clipping, KL, entropy, each reward) and write report.md
        with the alarms re-derived from its metrics, compute used vs `grpo estimate`, eval results and samples."""
        from grpo_cli.observe import report as rep

        out = pick_output(output, out)

        path, runs = rep.write_report(run_dirs, out)
        for run in runs:
            for warning in run.warnings:
                typer.echo(f"warning: {warning}", err=True)
            if not run.is_grpo:
                typer.echo(f"{run.label}: {len(run.metrics)} logged rows (not a GRPO run: no alarms)")
                continue
            fired = ", ".join(f"{a.id} (step {a.step})" for a in run.alarms) or "none"
            typer.echo(f"{run.label}: {len(run.metrics)} logged rows; alarms: {fired}")
        typer.echo(f"report: {path}")
