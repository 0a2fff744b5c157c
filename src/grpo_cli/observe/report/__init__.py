"""`grpo report`: plots and report.md from one or more run directories.

A run directory here is a stage directory (runs/<recipe>/grpo/) or anything above one. Only metrics.jsonl is
required (TRL's metric names plus `step`); recipe.yaml, run.json, samples.jsonl, alarms.jsonl and the sibling
eval-*/summary.json are used when present, and every section that lacks its input says "n/a: <why>".

The alarms are re-derived from the metrics with the same checks the live run used (grpo_cli.observe.replay), so the
report names what the console showed, and works for runs logged before the monitor existed.

One module per job: `runs` (find and load the runs, through rundir), `compute` (the compute used beside `grpo
estimate`'s prediction), `plots` (matplotlib, Agg backend), `markdown` (report.md). No torch, no transformers.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from grpo_cli import rundir, safeio
from grpo_cli.errors import UserError
from grpo_cli.observe.report.markdown import render
from grpo_cli.observe.report.plots import plot
from grpo_cli.observe.report.runs import Run, load_runs

__all__ = ["Run", "default_out_dir", "load_runs", "write_report"]


def default_out_dir(runs: list[Run]) -> Path:
    """One run: <stage dir>/report; several: ./grpo-report."""
    return runs[0].path / "report" if len(runs) == 1 else Path("grpo-report")


def write_report(paths: Sequence[str | Path], out: str | Path | None = None) -> tuple[Path, list[Run]]:
    """Load the runs, draw the plots and write report.md; returns (path of report.md, runs)."""
    if not paths:
        raise UserError("grpo report: pass at least one run directory")
    runs = load_runs(list(paths))
    out_dir = Path(out) if out is not None else default_out_dir(runs)
    # Only into an empty folder or a report folder of grpo's: a user's report.md and plots are never overwritten; its
    # lock held while writing: a second report into the folder is refused, never mixed with this one.
    rundir.claim_output(out_dir, "report", hint="--out with another folder", writes=("report.md", "*.png"))
    try:
        drawn, notes = plot(runs, out_dir)
        report = out_dir / "report.md"
        safeio.atomic_write_text(report, render(runs, drawn, notes, out_dir))
    finally:
        rundir.release(out_dir)
    return report, runs
