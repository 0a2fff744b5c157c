"""The `grpo` command line.

Each command is thin: load the recipe, apply `--set`, call a stage. Commands live in `grpo_cli.commands.*`
and import torch/transformers/trl only inside their bodies, so `grpo --help`, `grpo estimate` and
`grpo recipes` start fast.
"""

from __future__ import annotations

import signal
import sys

import typer

from grpo_cli import __version__
from grpo_cli.commands import distill as distill_cmd
from grpo_cli.commands import estimate as estimate_cmd
from grpo_cli.commands import eval as eval_cmd
from grpo_cli.commands import filter as filter_cmd
from grpo_cli.commands import recipes as recipes_cmd
from grpo_cli.commands import report as report_cmd
from grpo_cli.commands import run as run_cmd
from grpo_cli.commands import serve as serve_cmd
from grpo_cli.commands import train as train_cmd
from grpo_cli.commands import verify as verify_cmd
from grpo_cli.errors import EXIT_USER_ERROR, UserError
from grpo_cli.safeio import library_write_error

app = typer.Typer(
    name="grpo",
    help="Reproduce DeepSeek-style GRPO on math (SFT -> GRPO -> eval), and estimate what a run costs first.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"grpo-cli {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """Reproduce DeepSeek-style GRPO on math (SFT -> GRPO -> eval), and estimate what a run costs first."""


for _module in (
    recipes_cmd,
    estimate_cmd,
    serve_cmd,
    train_cmd,
    eval_cmd,
    filter_cmd,
    distill_cmd,
    run_cmd,
    report_cmd,
    verify_cmd,
):
    _module.register(app)


def _terminate(signum: int, _frame: object) -> None:
    sys.exit(128 + signum)


def exit_cleanly_on_sigterm() -> None:
    """SIGTERM unwinds like an exit (Python's default dies on the spot): atexit handlers then stop the verifier's
    worker processes and release run-folder locks. Training installs its own save-then-stop handler meanwhile."""
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _terminate)


def main() -> None:
    """Entry point: user errors become one line on stderr and exit code 2, with no traceback."""
    exit_cleanly_on_sigterm()
    from grpo_cli.commands.options import invoke

    try:
        if sys.argv[1:2] == ["estimate"]:
            # `grpo estimate` builds only its own command (the others' options are never built): it answers fast.
            estimate_cmd.run(sys.argv[2:])
        else:
            # A usage error (unknown option, bad value) is one line and exit 2, as every user error.
            invoke(typer.main.get_command(app), "grpo", sys.argv[1:])
    except UserError as err:
        print(f"error: {err}", file=sys.stderr)
        sys.exit(EXIT_USER_ERROR)
    except Exception as err:
        # A full disk or a read-only folder met inside a library (a checkpoint save, model.safetensors, a plot): one
        # line, not a traceback. Other errors are bugs and keep theirs.
        line = library_write_error(err)
        if line is None:
            raise
        print(f"error: {line}", file=sys.stderr)
        sys.exit(EXIT_USER_ERROR)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
