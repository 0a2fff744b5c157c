"""`grpo serve`: TRL's vLLM server for a recipe in vLLM server mode (grpo.vllm_mode=server)."""

from __future__ import annotations

import os
from typing import Any

import typer

from grpo_cli.commands.options import DryRunOpt, RecipeOpt, SetOpt, load_recipe, with_shortcuts
from grpo_cli.errors import UserError


def register(app: typer.Typer) -> None:
    @app.command("serve")
    @with_shortcuts
    def serve(
        recipe: RecipeOpt,
        set_: SetOpt = [],  # noqa: B006 (typer copies defaults; the list is never mutated)
        dry_run: DryRunOpt = False,
        *,
        shortcuts: dict[str, Any],
    ) -> None:
        """Start `trl vllm-serve` on the GPUs the recipe sets aside (launch.vllm_server_gpus, from GPU 0), for
        `grpo train` to generate on while it trains on the other GPUs. Start it first, in its own shell."""
        from grpo_cli import launch
        from grpo_cli.config import BUILT_MODELS

        r = load_recipe(recipe, set_, shortcuts)
        model = r.model.name
        if model in BUILT_MODELS:
            from grpo_cli.models import resolve

            model = resolve(model, r.model)
        cmd, env = launch.serve_command(r, model, visible=os.environ.get("CUDA_VISIBLE_DEVICES"))
        if dry_run:
            typer.echo(launch.format_command(cmd, env))
            return
        hw = launch.detect_hardware()
        if "vllm" not in hw.installed:
            raise UserError("grpo serve needs vLLM, which is not installed: pip install 'grpo-cli[vllm]'")
        from grpo_cli.evaluation.generation import vllm_build

        k = r.launch.vllm_server_gpus
        if hw.cuda_devices == 0 and vllm_build() == "cpu":
            # vLLM's CPU build: no GPUs to set aside; fp32 (as every CPU stage) and eager, as compiling the model
            # takes minutes on a CPU.
            cmd = [*cmd[: cmd.index("--dtype")], "--dtype", "float32", *cmd[cmd.index("--dtype") + 2 :]]
            cmd, env = [*cmd, "--enforce-eager"], {}
        elif hw.cuda_devices < k:
            raise UserError(
                f"launch.vllm_server_gpus={k} needs {k} GPU(s) on this node and {hw.cuda_devices} are visible"
            )
        typer.echo(launch.format_command(cmd, env), err=True)
        raise typer.Exit(launch.run(cmd, env))
