"""`grpo recipes` and `grpo recipes show NAME`."""

from __future__ import annotations

import typer

from grpo_cli.errors import UserError


def _short(path) -> str:
    """The path relative to the working directory when it is below it."""
    from pathlib import Path

    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def register(app: typer.Typer) -> None:
    sub = typer.Typer(help="List the shipped recipes, or show one resolved.", invoke_without_command=True)

    @sub.callback()
    def recipes(ctx: typer.Context) -> None:
        """List the recipes (name, model, dataset, G, GPUs) found in ./recipes and the shipped recipes/."""
        if ctx.invoked_subcommand is not None:
            return
        from rich.console import Console
        from rich.table import Table

        from grpo_cli import recipes as rec
        from grpo_cli.config import BUILT_MODELS

        table = Table(title="recipes")
        for col in ("name", "model", "data", "G", "GPUs", "file"):
            table.add_column(col)
        for name, path in rec.available().items():
            try:
                r = rec.load(str(path))
            except UserError as err:
                table.add_row(name, f"[red]invalid: {err}[/red]", "", "", "", _short(path))
                continue
            gpus = r.launch.num_processes * r.launch.num_nodes
            hw = "CPU" if r.model.name in BUILT_MODELS else f"{gpus}x {r.launch.gpu}"
            table.add_row(name, r.model.name, r.data.dataset, str(r.grpo.num_generations), hw, _short(path))
        Console().print(table)

    @sub.command("show")
    def show(
        name: str = typer.Argument(..., help="Recipe name or path to a YAML file."),
        set_: list[str] = typer.Option([], "--set", help="Override a key: section.key=value (repeatable)."),
    ) -> None:
        """Print the resolved recipe (defaults filled in, overrides applied) as YAML."""
        import yaml

        from grpo_cli import recipes as rec
        from grpo_cli.config import to_dict
        from grpo_cli.rewards import check_custom

        path = rec.find(name)
        recipe = rec.load(name, set_)
        check_custom(recipe)  # a reward of the user's own: its file and function, read without running it
        head = rec.header(path)
        if head:
            typer.echo("\n".join(f"# {line}" if line else "#" for line in head.splitlines()))
        typer.echo(yaml.safe_dump(to_dict(recipe), sort_keys=False, width=120))

    app.add_typer(sub, name="recipes")
