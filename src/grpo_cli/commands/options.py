"""The options the commands share, declared once: one spelling and one help text each (tests/test_grammar.py runs
every command's --help and checks it), and the shortcut flags of config.SHORTCUTS on every command that takes a
recipe.

A command that takes a recipe is decorated with `with_shortcuts`: its signature gains one option per shortcut (in the
"Recipe shortcuts" panel of --help), and it receives them as `shortcuts={"grpo.beta": ("--beta", 0.02), ...}` (None
when not given), which `load_recipe` applies as the `--set` overrides they stand for.
"""

from __future__ import annotations

import functools
import inspect
import typing
from typing import Annotated, Any

import typer

from grpo_cli.config import SHORTCUTS, Recipe, Shortcut, key_type

RECIPE_HELP = "Recipe name (see `grpo recipes`) or path to a YAML file."
SET_HELP = "Override a recipe key: section.key=value (repeatable), e.g. --set grpo.beta=0.04"
RUN_DIR_HELP = "Root of the run directories: stages write to RUN_DIR/<recipe>/<stage>/."
RESUME_HELP = "Continue from the latest checkpoint (finished stages are kept)."
OVERWRITE_HELP = "Replace what this command wrote in the output folder before, and start again."
DRY_RUN_HELP = "Print what would run (the commands and the plan) and run nothing."
JSON_HELP = "Print the result as JSON on stdout."
OUTPUT_HELP = "Output folder or file (default: see the command's help)."
SHORTCUT_PANEL = "Recipe shortcuts (each is --set KEY=VALUE)"

# The shared options. A command that makes --recipe optional declares OptionalRecipeOpt.
RecipeOpt = Annotated[str, typer.Option(..., "--recipe", "-r", help=RECIPE_HELP)]
OptionalRecipeOpt = Annotated[str | None, typer.Option("--recipe", "-r", help=RECIPE_HELP)]
SetOpt = Annotated[list[str], typer.Option("--set", help=SET_HELP)]
RunDirOpt = Annotated[str, typer.Option("--run-dir", help=RUN_DIR_HELP)]
ResumeOpt = Annotated[bool, typer.Option("--resume", help=RESUME_HELP)]
OverwriteOpt = Annotated[bool, typer.Option("--overwrite", help=OVERWRITE_HELP)]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help=DRY_RUN_HELP)]
JsonOpt = Annotated[bool, typer.Option("--json", help=JSON_HELP)]


def output_option(help_: str) -> Any:
    """--output/-o with the command's own default said in its help: `output: Annotated[str | None, output_option(..)]`
    (the option, not the annotated type, so that the annotation stays one a type checker reads)."""
    return typer.Option("--output", "-o", help=help_)


# An old spelling of --output (verify and report said --out): accepted, not shown.
OldOutOpt = Annotated[str | None, typer.Option("--out", hidden=True)]


def pick_output(output: str | None, old: str | None) -> str | None:
    """--output, or its hidden old spelling --out; both at once is one line."""
    if output is not None and old is not None:
        from grpo_cli.errors import UserError

        raise UserError("--output and --out are the same option (--out is its old spelling); give one")
    return output if output is not None else old


# --------------------------------------------------------------------------------------------------------
# shortcut flags


def _option_type(shortcut: Shortcut) -> type:
    """int, float, bool or str: what the flag parses, from its recipe key's annotation."""
    tp = key_type(shortcut.key)
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if tp in (bool, int, float):
        return tp
    if args and all(a in (int, float) for a in args):
        return float
    return str


@functools.cache
def shortcut_parameter(shortcut: Shortcut) -> inspect.Parameter:
    tp = _option_type(shortcut)
    decls = [f"{shortcut.flag}/--no-{shortcut.flag.removeprefix('--')}"] if tp is bool else [shortcut.flag]
    option = typer.Option(*decls, help=f"{shortcut.help} ({shortcut.key})", rich_help_panel=SHORTCUT_PANEL)
    return inspect.Parameter(
        shortcut.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Annotated[tp | None, option]
    )


def with_shortcuts(fn: Any) -> Any:
    """Give a command every shortcut flag of config.SHORTCUTS; it receives them as `shortcuts=` (see the docstring)."""
    sig = inspect.signature(fn, eval_str=True)
    own = [p for p in sig.parameters.values() if p.name != "shortcuts"]
    clash = {p.name for p in own} & {s.name for s in SHORTCUTS}
    assert not clash, f"{fn.__name__}: own options {clash} clash with shortcut flags"
    extra = [shortcut_parameter(s) for s in SHORTCUTS]

    @functools.wraps(fn)
    def command(*args: Any, **kwargs: Any) -> Any:
        given = {s.key: (s.flag, kwargs.pop(s.name, None)) for s in SHORTCUTS}
        return fn(*args, shortcuts=given, **kwargs)

    params = own + extra
    # typer reads a function's __signature__ (inspect does); a function type does not declare the attribute
    command.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    del command.__wrapped__  # typer reads the signature above, not the function's own
    return command


def given(shortcuts: dict[str, tuple[str, Any]]) -> dict[str, tuple[str, Any]]:
    """The shortcut flags that were given."""
    return {key: fv for key, fv in shortcuts.items() if fv[1] is not None}


def as_set(shortcuts: dict[str, tuple[str, Any]]) -> list[str]:
    """The given shortcut flags as the `--set key=value` texts they stand for (for a command line to rerun)."""
    out = []
    for key, (_, value) in given(shortcuts).items():
        shown = str(value).lower() if isinstance(value, bool) else value
        out.append(f"{key}={shown}")
    return out


def load_recipe(
    name: str, set_: list[str], shortcuts: dict[str, tuple[str, Any]] | None = None, *, world: bool = True
) -> Recipe:
    """The recipe a command reads: the file, then --set, then the shortcut flags (each reported under its flag)."""
    from grpo_cli import config, recipes

    recipe = recipes.load(name, set_, world=world)
    return config.apply_flags(recipe, shortcuts or {}, world=world)


# --------------------------------------------------------------------------------------------------------
# usage errors: one line, as every other user error


def usage_error(err: Exception, prog: str) -> str:
    """A usage error of the command line (an unknown option, a value of the wrong type, a missing option) as one
    line, an unknown option with the closest valid ones."""
    from grpo_cli.errors import did_you_mean

    name = getattr(err, "option_name", None)
    if type(err).__name__ == "NoSuchOption" and name:
        ctx = getattr(err, "ctx", None)
        params = ctx.command.params if ctx is not None else []
        known = [o for p in params for o in (*p.opts, *p.secondary_opts) if o.startswith("--") and not p.hidden]
        return f"{prog}: unknown option {name}{did_you_mean(name, known or getattr(err, 'possibilities', []) or [])}"
    message = getattr(err, "format_message", lambda: str(err))()
    return f"{prog}: " + " ".join(str(message).split())


def invoke(cmd: Any, prog: str, argv: list[str]) -> None:
    """Run a click command (Typer's) on argv: a usage error is a UserError (one line, exit 2), an explicit exit code
    (typer.Exit, --help) is the process's."""
    import sys

    from grpo_cli.errors import UserError

    try:
        rc = cmd.main(list(argv), prog_name=prog, standalone_mode=False)
    except typer.exceptions.TyperException as err:
        ctx = getattr(err, "ctx", None)
        raise UserError(usage_error(err, ctx.command_path if ctx is not None else prog)) from None
    except typer.Abort:
        raise KeyboardInterrupt from None
    if isinstance(rc, int) and not isinstance(rc, bool) and rc != 0:
        sys.exit(rc)
