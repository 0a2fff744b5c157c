"""`grpo filter`: measure each training problem's pass rate under the policy and keep the ones that teach."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from grpo_cli.commands.options import (
    JsonOpt,
    OverwriteOpt,
    RecipeOpt,
    RunDirOpt,
    SetOpt,
    load_recipe,
    output_option,
    with_shortcuts,
)
from grpo_cli.config import Recipe
from grpo_cli.errors import UserError

# filter samples through an eval of its own (OUT/sampling/): --n and --limit are that eval's eval.n and eval.limit, as
# on every command, with filter's defaults (8 samples, every training problem) instead of the recipe's eval section.
FILTER_N, FILTER_LIMIT = 8, 0


def register(app: typer.Typer) -> None:
    @app.command("filter")
    @with_shortcuts
    def filter_(
        recipe: RecipeOpt,
        model: Path | None = typer.Option(
            None, "--model", help="The policy to measure (default: where `grpo train` would start: SFT final or base)."
        ),
        low: float = typer.Option(0.1, "--min", help="Keep problems with pass rate >= MIN (open-r1: 0.1)."),
        high: float = typer.Option(0.6, "--max", help="... and <= MAX (open-r1: 0.6)."),
        run_dir: RunDirOpt = "runs",
        output: Annotated[str | None, output_option("Output folder (default RUN_DIR/<recipe>/filter).")] = None,
        overwrite: OverwriteOpt = False,
        set_: SetOpt = [],  # noqa: B006 (typer copies defaults; the list is never mutated)
        as_json: JsonOpt = False,
        *,
        shortcuts: dict[str, Any],
    ) -> None:
        """Sample --n answers (default 8) per training problem (eval's machinery, GRPO's temperature and length), score
        them with the reward's verifier, and write the problems with MIN <= pass rate <= MAX to OUT/data.jsonl, with
        pass-rate histograms before and after in OUT/summary.json. --limit L measures the first L problems."""
        from grpo_cli import rundir
        from grpo_cli.commands.eval import _console, eval_bar, plain_log
        from grpo_cli.stages import filter as filter_stage
        from grpo_cli.stages.grpo import resolve_init

        n = shortcuts["eval.n"][1] if shortcuts["eval.n"][1] is not None else FILTER_N
        limit = shortcuts["eval.limit"][1] if shortcuts["eval.limit"][1] is not None else FILTER_LIMIT
        filter_stage.check_bounds(n, low, high, limit)
        rest = {k: v for k, v in shortcuts.items() if k not in ("eval.n", "eval.limit")}
        r = load_recipe(recipe, set_, rest)
        start = model if model is not None else resolve_init(r, run_dir)
        model_dir = start if start is not None else r.model.name
        if model is not None and not model.exists():
            raise UserError(f"--model {model}: no such folder")
        out = Path(output) if output is not None else rundir.recipe_root(run_dir, r.name) / filter_stage.KIND
        console = _console()
        log = plain_log(console)
        summary = filter_stage.run(
            r, model_dir, out, n=n, low=low, high=high, limit=limit, overwrite=overwrite, log=log,
            progress=eval_bar(console),
        )  # fmt: skip
        if as_json:
            typer.echo(json.dumps(summary, indent=2))
        else:
            print_summary(summary, out, r)


def print_summary(summary: dict, out: Path, recipe: Recipe) -> None:
    from rich.console import Console
    from rich.table import Table

    s, c, h = summary["settings"], summary["counts"], summary["histogram"]
    console = Console()
    table = Table(title=f"filter: {s['model']} on {s['dataset']}/{s['split']} (n={s['n']}, T={s['temperature']})")
    for col in ("pass rate", "problems", "kept"):
        table.add_column(col, justify="right")
    for key in h["before"]:
        table.add_row(key, str(h["before"][key]), str(h["after"][key]))
    console.print(table)
    ns, mp = summary["no_signal_share"], summary["mean_pass_rate"]

    def pct(x):
        return "-" if x is None else f"{100 * x:.1f}%"

    console.print(
        f"kept {c['kept']} of {c['problems']} problems with {s['min']} <= pass rate <= {s['max']} "
        f"({c['below_min']} below, {c['above_max']} above); mean pass rate {pct(mp['before'])} -> {pct(mp['after'])}; "
        f"zero-signal groups at G={ns['G']}: {pct(ns['before'])} -> {pct(ns['after'])}"
    )
    task = " --set data.task=math" if recipe.data.task == "math" or s["dataset"] in ("math", "math500") else ""
    console.print(
        f"data: {out / 'data.jsonl'}\ntrain on it: grpo train --recipe {recipe.name} --set data.dataset=custom "
        f"--set data.path={out / 'data.jsonl'}{task}"
    )
