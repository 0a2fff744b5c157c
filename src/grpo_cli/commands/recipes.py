"""`grpo recipes` and `grpo recipes show NAME`."""

from __future__ import annotations

from typing import Any

import typer

from grpo_cli.commands.options import SetOpt, load_recipe, with_shortcuts
from grpo_cli.config import uses_steps
from grpo_cli.errors import UserError

# Parts of a recipe only some recipes use, and when: `grpo recipes show` prints them then (--all: always).
USED_WHEN = {
    "model.tiny": lambda r: r.model.name == "tiny",
    "data.toy": lambda r: "toy" in (r.data.dataset, r.eval.dataset, *(b.dataset for b in r.eval.benchmarks)),
    "eval.benchmarks": lambda r: bool(r.eval.benchmarks),
    "steps": uses_steps,
    "prm": lambda r: uses_steps(r) and r.steps.scorer == "prm",
    "distill": lambda r: bool(r.distill.teacher),
    "model.lora_rank": lambda r: r.model.lora,
    "model.lora_alpha": lambda r: r.model.lora,
    "model.lora_dropout": lambda r: r.model.lora,
    "model.lora_target_modules": lambda r: r.model.lora,
    "reward_options.language": lambda r: "language" in r.rewards,
    "reward_options.overlong_buffer": lambda r: "overlong" in r.rewards,
    "reward_options.overlong_penalty": lambda r: "overlong" in r.rewards,
    "grpo.dynamic_sampling_max_rounds": lambda r: r.grpo.dynamic_sampling,
    **{f"grpo.vllm_{k}": (lambda r: r.grpo.use_vllm) for k in (
        "mode", "gpu_memory_utilization", "enable_sleep_mode", "tensor_parallel_size", "importance_sampling_correction",
        "importance_sampling_mode", "importance_sampling_clip_max", "importance_sampling_clip_min")},
    "launch.node_rank": lambda r: r.launch.num_nodes > 1,
    "launch.main_process_ip": lambda r: r.launch.num_nodes > 1,
    "launch.main_process_port": lambda r: r.launch.num_nodes > 1 or r.launch.num_processes > 1,
    "launch.vllm_server_gpus": lambda r: r.grpo.use_vllm and r.grpo.vllm_mode == "server",
    "launch.vllm_server_port": lambda r: r.grpo.use_vllm and r.grpo.vllm_mode == "server",
    "launch.vllm_server_host": lambda r: r.grpo.use_vllm and r.grpo.vllm_mode == "server",
    "tracking.hub_model_id": lambda r: r.tracking.push_to_hub,
    "tracking.hub_private_repo": lambda r: r.tracking.push_to_hub,
}  # fmt: skip


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
    @with_shortcuts
    def show(
        name: str = typer.Argument(..., help="Recipe name or path to a YAML file."),
        set_: SetOpt = [],  # noqa: B006 (typer copies defaults; the list is never mutated)
        all_: bool = typer.Option(False, "--all", help="Also the sections and keys this recipe does not use."),
        *,
        shortcuts: dict[str, Any],
    ) -> None:
        """Print the resolved recipe (defaults filled in, overrides applied) as YAML: the parts it uses (--all: every
        key)."""
        import yaml

        from grpo_cli import recipes as rec
        from grpo_cli.config import to_dict
        from grpo_cli.rewards import check_custom

        path = rec.find(name)
        recipe = load_recipe(name, set_, shortcuts)
        check_custom(recipe)  # a reward of the user's own: its file and function, read without running it
        head = rec.header(path)
        if head:
            typer.echo("\n".join(f"# {line}" if line else "#" for line in head.splitlines()))
        data = to_dict(recipe)
        hidden = [] if all_ else [key for key, used in USED_WHEN.items() if not used(recipe)]
        parts, keys = [], 0
        for key in hidden:
            section, _, sub = key.partition(".")
            value = data[section].pop(sub) if sub else data.pop(section)
            if isinstance(value, dict) or (isinstance(value, list) and sub == "benchmarks"):
                parts.append(key)
            else:
                keys += 1
        typer.echo(yaml.safe_dump(data, sort_keys=False, width=120).rstrip("\n"))
        if hidden:
            more = f" and {keys} keys" if keys else ""
            typer.echo(f"# not shown, unused by this recipe: {', '.join(parts)}{more} (--all shows every key)")

    app.add_typer(sub, name="recipes")
