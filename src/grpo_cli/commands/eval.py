"""`grpo eval`: pass@1 (and pass@k, maj@k) of a checkpoint or a recipe's stage, and `grpo eval --compare A B`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from grpo_cli.commands.options import (
    JsonOpt,
    OptionalRecipeOpt,
    OverwriteOpt,
    RunDirOpt,
    SetOpt,
    output_option,
    with_shortcuts,
)
from grpo_cli.config import Recipe
from grpo_cli.errors import UserError

STAGES = ("base", "sft", "grpo")


def register(app: typer.Typer) -> None:
    @app.command("eval")
    @with_shortcuts
    def eval_(
        ckpt: Path | None = typer.Option(
            None, "--ckpt", help="A model or LoRA adapter folder (an adapter is loaded onto its base)."
        ),
        recipe: OptionalRecipeOpt = None,
        stage: str | None = typer.Option(
            None, "--stage", help="With --recipe: which model to evaluate: base, sft or grpo (default grpo)."
        ),
        run_dir: RunDirOpt = "runs",
        benchmark: list[str] = typer.Option(
            [],
            "--benchmark",
            help="A benchmark: a local jsonl/parquet file or folder, a Hub dataset id or a known name; repeat it for "
            "several in one table (avg@n, pass@n, maj@n with CIs each). Its columns: the options below.",
            rich_help_panel="Benchmarks",
        ),
        question_column: str | None = typer.Option(
            None, "--question-column", help="--benchmark: the question's column.", rich_help_panel="Benchmarks"
        ),
        answer_column: str | None = typer.Option(
            None, "--answer-column", help="--benchmark: the reference answer's column.", rich_help_panel="Benchmarks"
        ),
        id_column: str | None = typer.Option(
            None,
            "--id-column",
            help="--benchmark: a unique id's column (default: the row).",
            rich_help_panel="Benchmarks",
        ),
        task_column: str | None = typer.Option(
            None, "--task-column", help="--benchmark: a column naming each row's task.", rich_help_panel="Benchmarks"
        ),
        task: str | None = typer.Option(
            None,
            "--task",
            help="--benchmark: the verifier task, gsm8k or math (default: guessed).",
            rich_help_panel="Benchmarks",
        ),
        output: Annotated[
            str | None, output_option("Output folder (default: beside the model, see docs/eval.md).")
        ] = None,
        overwrite: OverwriteOpt = False,
        set_: SetOpt = [],  # noqa: B006 (typer copies defaults; the list is never mutated)
        compare: tuple[Path, Path] | None = typer.Option(
            None, "--compare", help="Compare two eval output folders A B (A minus B)."
        ),
        as_json: JsonOpt = False,
        *,
        shortcuts: dict[str, Any],
    ) -> None:
        """Evaluate a checkpoint (--ckpt DIR) or a recipe's stage (--recipe R --stage grpo): sample, score with the
        reward's verifier, write samples.jsonl and summary.json, print pass@1 with its 95% CI."""
        if compare:
            _compare(*compare, as_json=as_json)
            return
        if stage is not None and stage not in STAGES:
            raise UserError(f"--stage {stage}: expected one of {', '.join(STAGES)}")
        if ckpt is None and recipe is None:
            raise UserError("pass --ckpt DIR (a model folder) or --recipe NAME [--stage base|sft|grpo]")
        if ckpt is not None and stage is not None:
            raise UserError("--stage picks a model of --recipe; with --ckpt the checkpoint is the model")
        # The shortcut flags (--n, --limit, ...) are --set KEY=VALUE, built and checked the same way.
        mapping = {"question_column": question_column, "answer_column": answer_column, "id_column": id_column,
                   "task_column": task_column, "task": task}  # fmt: skip
        flags = {**shortcuts, **benchmark_flags(benchmark, shortcuts["eval.split"][1], mapping)}
        out_dir = Path(output) if output is not None else None
        summary, out = _evaluate(ckpt, recipe, stage, Path(run_dir), set_, flags, output=out_dir, overwrite=overwrite)
        if as_json:
            typer.echo(json.dumps(summary, indent=2))
        else:
            print_summary(summary, out)


def benchmark_flags(datasets: list[str], split: str | None, mapping: dict[str, str | None]) -> dict[str, tuple]:
    """--benchmark (repeated) and its column options as eval.benchmarks, one entry per dataset with the same mapping."""
    given = {key: value for key, value in mapping.items() if value is not None}
    if not datasets:
        if given:
            flag = "--" + next(iter(given)).replace("_", "-")
            raise UserError(f"{flag} maps the columns of a --benchmark; add --benchmark FILE_OR_HUB_ID")
        return {}
    split_ = {"split": split} if split is not None else {}
    return {"eval.benchmarks": ("--benchmark", [{"dataset": d, **split_, **given} for d in datasets])}


def _evaluate(
    ckpt: Path | None,
    recipe: str | None,
    stage: str | None,
    run_dir: Path,
    set_: list[str],
    flags: dict[str, tuple[str, Any]],
    *,
    output: Path | None,
    overwrite: bool,
) -> tuple[dict, Path]:
    """The recipe (+ --set, + the flags), the model to evaluate and the output folder; then the eval stage."""
    from grpo_cli import config, rundir
    from grpo_cli.stages import eval as eval_stage

    if ckpt is not None:
        eval_stage.check_model_dir(ckpt)
    r, note = _recipe(recipe, ckpt, set_)
    r = config.apply_flags(r, flags)
    if ckpt is not None:
        model_dir: str | Path = ckpt
        label = ckpt.name
        out = output or ckpt.parent / f"eval-{ckpt.name}"
    else:
        label = stage or "grpo"
        model_dir = rundir.stage_model(run_dir, r, label)
        out = output or rundir.stage_dir(run_dir, r.name, f"eval-{label}")
    console = _console()
    if note:
        console.print(note)
    return run_with_progress(r, model_dir, out, overwrite=overwrite, stage=label, console=console), out


def eval_bar(console: Any):
    """The progress factory stages.eval.run takes: the shared eval progress view (grpo_cli.observe.live) on `console`."""

    def bar(total: int, description: str):
        from grpo_cli.observe.live import eval_progress  # imports transformers: only once generation starts

        return eval_progress(total, description, unit="samples", console=console)

    return bar


def plain_log(console: Any):
    """A stage's `log`: each line printed as it is (no rich markup or highlighting of model text)."""

    def log(message: str) -> None:
        console.print(message, highlight=False, markup=False)

    return log


def run_with_progress(recipe: Recipe, model_dir: Any, out: Path, *, console: Any, **kwargs: Any) -> dict:
    from grpo_cli.stages import eval as eval_stage

    return eval_stage.run(recipe, model_dir, out, log=plain_log(console), progress=eval_bar(console), **kwargs)


def _console():
    from rich.console import Console

    return Console(stderr=True)


def _recipe(name: str | None, ckpt: Path | None, overrides: list[str]):
    """The recipe: --recipe, else the recipe.yaml saved beside the checkpoint (its stage folder), else defaults."""
    from grpo_cli import config
    from grpo_cli import recipes as rec

    if name is not None:
        return rec.load(name, overrides), None
    assert ckpt is not None
    for folder in (ckpt, ckpt.parent):
        saved = folder / "recipe.yaml"
        if saved.is_file():
            try:
                return config.build(rec.read_raw(saved), overrides), None
            except UserError as err:
                raise UserError(f"{saved}: {err}") from None
    return config.build({"name": "default"}, overrides), (
        f"no recipe.yaml beside {ckpt}: using the default prompt and eval settings (pass --recipe to choose)"
    )


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def print_summary(summary: dict, out: Path) -> None:
    """The rich table `grpo eval` prints: pass@1 with its CI, pass@k/maj@k, rates, counts, per-subject/level."""
    from rich.console import Console
    from rich.table import Table

    s, c = summary["settings"], summary["counts"]
    console = Console()
    where = ", ".join(summary["benchmarks"]) if summary.get("benchmarks") else f"{s['dataset']}/{s['split']}"
    title = f"eval: {s['model']} on {where}  (n={s['n']}, T={s['temperature']}, {s['backend']})"
    table = Table(title=title, show_header=True)
    table.add_column("metric")
    table.add_column("value", justify="right")
    lo, hi = summary["pass@1_ci"]
    table.add_row("pass@1", f"{_pct(summary['pass@1'])}%  [{_pct(lo)}, {_pct(hi)}] 95% CI ({summary['ci_method']})")
    if "pass@1_strict" in summary:  # lm-evaluation-harness's strict-match / flexible-extract
        table.add_row(
            "pass@1 strict / flexible", f"{_pct(summary['pass@1_strict'])}% / {_pct(summary['pass@1_flexible'])}%"
        )
    if "pass@1_final" in summary:  # the R1 format and nothing else (verify.contract)
        table.add_row("pass@1 final", f"{_pct(summary['pass@1_final'])}%")
    n = summary["n"]
    if n > 1:
        ks = sorted({1, 2, 4, 8, 16, 32, 64, n} & set(range(1, n + 1)))
        table.add_row("pass@k", "  ".join(f"@{k} {_pct(summary['pass@k'][str(k)])}" for k in ks))
        table.add_row("maj@k", "  ".join(f"@{k} {_pct(summary['maj@k'][str(k)])}" for k in ks))
    table.add_row("format rate", f"{_pct(summary['format_rate'])}%")
    table.add_row("truncated", f"{_pct(summary['truncation_rate'])}% ({c['truncated']} samples)")
    table.add_row("mean completion tokens", f"{summary['mean_tokens']:.1f}")
    excluded = c["excluded"] + c.get("dropped_at_load", 0)
    table.add_row("problems", f"{c['scored']} scored, {excluded} excluded (reference unparseable)")
    t = summary.get("timing", {})
    if t:
        table.add_row(
            "time", f"{t['total_s']:.1f} s ({t['generate_s']:.1f} s generating, {t.get('tokens_per_s')} tok/s)"
        )
    console.print(table)
    if summary.get("benchmarks"):
        console.print(benchmark_table(summary))
    for field in ("subject", "level"):
        rows = summary.get(f"by_{field}")
        if rows:
            sub = Table(title=f"pass@1 by {field}")
            for col in (field, "problems", "pass@1", "95% CI"):
                sub.add_column(col, justify="left" if col == field else "right")
            for name, v in rows.items():
                sub.add_row(
                    name,
                    str(v["problems"]),
                    _pct(v["pass@1"]),
                    f"[{_pct(v['pass@1_ci'][0])}, {_pct(v['pass@1_ci'][1])}]",
                )
            console.print(sub)
    console.print(f"samples: {out / 'samples.jsonl'}\nsummary: {out / 'summary.json'}")


def benchmark_table(summary: dict) -> Any:
    """One line per benchmark, as DeepSeek-R1 reports AIME: avg@n (its pass@1), pass@n and maj@n (its cons@n), each
    with a 95% CI."""
    from rich.table import Table

    def cell(a: dict, key: str) -> str:
        lo, hi = a[f"{key}_ci"]
        return f"{_pct(a[key])} [{_pct(lo)}, {_pct(hi)}]"

    n = summary["n"]
    table = Table(title=f"benchmarks ({n} samples per problem, 95% CIs)")
    for col in ("benchmark", "problems", f"avg@{n}", f"pass@{n}", f"maj@{n}", "format", "truncated"):
        table.add_column(col, justify="left" if col == "benchmark" else "right")
    for name, b in summary["benchmarks"].items():
        a = b["at_n"]
        table.add_row(
            name, str(b["counts"]["scored"]), cell(a, "avg@n"), cell(a, "pass@n"), cell(a, "maj@n"),
            _pct(b["format_rate"]), _pct(b["truncation_rate"]),
        )  # fmt: skip
    return table


def _compare(a: Path, b: Path, *, as_json: bool) -> None:
    from grpo_cli.stages import eval as eval_stage

    out = eval_stage.compare(a, b)
    if as_json:
        typer.echo(json.dumps(out, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"A = {a}   B = {b}   ({out['problems']} problems)")
    table.add_column("metric")
    table.add_column("value", justify="right")
    table.add_row("pass@1 A", f"{_pct(out['pass@1_a'])}%")
    table.add_row("pass@1 B", f"{_pct(out['pass@1_b'])}%")
    lo, hi = out["diff_ci"]
    table.add_row("A - B", f"{100 * out['diff']:+.1f} points  [{100 * lo:+.1f}, {100 * hi:+.1f}] 95% paired bootstrap")
    table.add_row("solved by A only / B only", f"{len(out['a_only'])} / {len(out['b_only'])}")
    table.add_row("McNemar exact p", f"{out['mcnemar_p']:.4g}")
    console = Console()
    console.print(table)
    for name, ids in (("A only", out["a_only"]), ("B only", out["b_only"])):
        if ids:
            shown = ", ".join(ids[:20]) + (f", ... ({len(ids) - 20} more)" if len(ids) > 20 else "")
            console.print(f"[bold]{name}[/bold]: {shown}")
