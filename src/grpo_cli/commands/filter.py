"""`grpo filter`: measure each training problem's pass rate under the policy and keep the ones that teach."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from grpo_cli.errors import UserError


def register(app: typer.Typer) -> None:
    @app.command("filter")
    def filter_(
        recipe: str = typer.Option(
            ..., "--recipe", "-r", help="Recipe name or YAML path (data, model, grpo sampling)."
        ),
        model: Path | None = typer.Option(
            None, "--model", help="The policy to measure (default: where `grpo train` would start: SFT final or base)."
        ),
        n: int = typer.Option(8, "--n", help="Samples per problem (the pass rate is right/N)."),
        low: float = typer.Option(0.1, "--min", help="Keep problems with pass rate >= MIN (open-r1: 0.1)."),
        high: float = typer.Option(0.6, "--max", help="... and <= MAX (open-r1: 0.6)."),
        limit: int = typer.Option(0, "--limit", help="Measure the first L training problems (0 = all)."),
        backend: str | None = typer.Option(None, "--backend", help="auto, hf or vllm (as grpo eval)."),
        run_dir: Path = typer.Option(Path("runs"), "--run-dir", help="Where the recipe's stages live."),
        output: Path | None = typer.Option(None, "--output", "-o", help="Output folder (default DIR/<recipe>/filter)."),
        overwrite: bool = typer.Option(False, "--overwrite", help="Replace an existing filter in the output folder."),
        set_: list[str] = typer.Option([], "--set", help="Override a recipe key: section.key=value (repeatable)."),
        as_json: bool = typer.Option(False, "--json", help="Print summary.json on stdout."),
    ) -> None:
        """Sample N answers per training problem (eval's machinery, GRPO's temperature and length), score them with the
        reward's verifier, and write the problems with MIN <= pass rate <= MAX to OUT/data.jsonl, with pass-rate
        histograms before and after in OUT/summary.json."""
        from grpo_cli import config, rundir
        from grpo_cli import recipes as rec
        from grpo_cli.commands.eval import _console, eval_bar, plain_log
        from grpo_cli.stages import filter as filter_stage
        from grpo_cli.stages.grpo import resolve_init

        filter_stage.check_bounds(n, low, high, limit)
        r = config.apply_flags(rec.load(recipe, set_), {"eval.backend": ("--backend", backend)})
        start = model if model is not None else resolve_init(r, run_dir)
        model_dir = start if start is not None else r.model.name
        if model is not None and not model.exists():
            raise UserError(f"--model {model}: no such folder")
        out = output or rundir.recipe_root(run_dir, r.name) / filter_stage.KIND
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


def print_summary(summary: dict, out: Path, recipe) -> None:
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
