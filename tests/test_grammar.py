"""One grammar for the commands (issue 39): every command's --help runs; the options the commands share have one
spelling and one help text wherever they appear (old spellings only as hidden aliases); every command that takes a
recipe takes every shortcut flag of config.SHORTCUTS, and no command uses a shortcut's spelling for anything else."""

from __future__ import annotations

from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from grpo_cli.cli import app
from grpo_cli.config import SHORTCUTS

# option -> its one visible spelling (all declarations, in order)
CANONICAL = {
    "--recipe": ("--recipe", "-r"),
    "--set": ("--set",),
    "--run-dir": ("--run-dir",),
    "--output": ("--output", "-o"),
    "--overwrite": ("--overwrite",),
    "--resume": ("--resume",),
    "--dry-run": ("--dry-run",),
    "--json": ("--json",),
}
# old spellings, accepted but never shown
HIDDEN = {"--out"}


def commands() -> dict[str, Any]:
    """'eval' -> its click command, 'recipes show' -> the subcommand: every command of `grpo` (typer's own click)."""
    root = typer.main.get_command(app)
    out = {}
    for name, cmd in root.commands.items():
        if hasattr(cmd, "commands"):
            out[name] = cmd
            out.update({f"{name} {sub}": c for sub, c in cmd.commands.items()})
        else:
            out[name] = cmd
    return out


def options(cmd: Any) -> list[Any]:
    return [p for p in cmd.params if p.param_type_name == "option"]


@pytest.mark.parametrize("name", sorted(commands()))
def test_every_commands_help_runs(name):
    result = CliRunner().invoke(app, [*name.split(), "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output


def test_shared_options_have_one_spelling():
    seen: dict[str, set[tuple]] = {}
    for name, cmd in commands().items():
        for opt in options(cmd):
            decls = tuple(opt.opts + opt.secondary_opts)
            shared = next((c for c in CANONICAL if c in decls), None)
            if shared is not None:
                assert decls == CANONICAL[shared], f"grpo {name}: {decls} (one spelling: {CANONICAL[shared]})"
                seen.setdefault(shared, set()).add(opt.help)
            if set(decls) & HIDDEN:
                assert opt.hidden and decls in {("--out",)}, f"grpo {name}: old spelling {decls} must be hidden"
            assert not (set(decls) & {"-o"}) or decls == CANONICAL["--output"], f"grpo {name}: -o is --output's"
    # one help text per shared option, except --output, whose default each command says
    for option, helps in seen.items():
        assert option == "--output" or len(helps) == 1, f"{option} has {len(helps)} help texts: {helps}"
    assert set(seen) == set(CANONICAL)


def test_every_command_with_a_recipe_takes_every_shortcut_flag():
    with_recipe = [name for name, cmd in commands().items() if any("--recipe" in o.opts for o in options(cmd))]
    with_recipe.append("recipes show")  # names its recipe as an argument
    assert {"sft", "train", "run", "eval", "filter", "distill", "serve", "estimate"} <= set(with_recipe)
    table = {s.flag: s for s in SHORTCUTS}
    for name in with_recipe:
        cmd = commands()[name]
        flags = {o.opts[0]: o for o in options(cmd)}
        missing = set(table) - set(flags)
        assert not missing, f"grpo {name} lacks the shortcut flags {sorted(missing)}"
        for flag, shortcut in table.items():
            assert shortcut.key in flags[flag].help, f"grpo {name} {flag}: its help names {shortcut.key}"


def test_no_command_spells_a_shortcut_for_something_else():
    table = {s.flag: s for s in SHORTCUTS}
    for name, cmd in commands().items():
        for opt in options(cmd):
            flag = opt.opts[0]
            if flag in table:
                assert table[flag].key in (opt.help or ""), (
                    f"grpo {name} {flag} is not the shortcut for {table[flag].key}"
                )


def test_the_shortcut_table_has_one_flag_per_key_and_valid_keys():
    from grpo_cli.config import key_type

    assert len({s.flag for s in SHORTCUTS}) == len(SHORTCUTS) == len({s.key for s in SHORTCUTS})
    for s in SHORTCUTS:
        key_type(s.key)  # raises KeyError for a key the recipe does not have


def test_old_output_spellings_still_work(cli, tmp_path):
    rows = tmp_path / "rows.jsonl"
    rows.write_text('{"completion": "<answer>4</answer>", "answer": "4"}\n')
    for flag in ("--output", "-o", "--out"):
        out = tmp_path / f"scored{flag}.jsonl"
        proc = cli("verify", str(rows), flag, str(out))
        assert proc.returncode == 0 and out.is_file(), proc.stderr
    both = cli("verify", str(rows), "--output", str(tmp_path / "a"), "--out", str(tmp_path / "b"))
    assert both.returncode == 2 and "--out is its old spelling" in both.stderr


def test_shortcut_flags_work_on_train_and_name_their_flag(cli):
    """The same flag on every command: --G on `grpo train` is grpo.num_generations, as on `grpo estimate`."""
    proc = cli("train", "--recipe", "tiny", "--G", "8", "--beta", "0.02", "--dry-run")
    assert proc.returncode == 0, proc.stderr
    bad = cli("train", "--recipe", "tiny", "--G", "1", "--dry-run")
    assert bad.returncode == 2 and bad.stderr.startswith("error: --G 1: G must be at least 2"), bad.stderr


def test_set_errors_name_set_not_the_recipe_file(cli):
    proc = cli("recipes", "show", "tiny", "--set", "grpo.beta=-1")
    assert proc.returncode == 2 and proc.stderr.startswith("error: --set grpo.beta=-1.0: must be >= 0"), proc.stderr
    assert "tiny.yaml" not in proc.stderr


def test_recipes_show_hides_what_the_recipe_does_not_use(cli):
    short = cli("recipes", "show", "gsm8k-7b")
    full = cli("recipes", "show", "gsm8k-7b", "--all")
    assert short.returncode == 0 and full.returncode == 0
    assert "\ntiny:" not in short.stdout.replace("  tiny:", "\ntiny:") and "  toy:" not in short.stdout
    assert "  tiny:" in full.stdout and "  toy:" in full.stdout
    assert "# not shown, unused by this recipe: data.toy" not in short.stdout  # listed by name, with model.tiny first
    assert "model.tiny, data.toy" in short.stdout and "(--all shows every key)" in short.stdout
    assert len(short.stdout.splitlines()) < len(full.stdout.splitlines())


def test_run_dry_run_prints_every_stage_and_runs_nothing(cli, tmp_path):
    proc = cli("run", "--recipe", "tiny", "--run-dir", str(tmp_path / "runs"), "--dry-run")
    assert proc.returncode == 0, proc.stderr
    for stage in ("eval-base", "sft", "eval-sft", "grpo", "eval-grpo"):
        assert f"[{stage}]" in proc.stdout
    assert "grpo train --recipe" in proc.stdout and "grpo eval --recipe" in proc.stdout
    assert not (tmp_path / "runs").exists()  # nothing made


def test_verify_exits_non_zero_when_no_row_is_scorable(cli, tmp_path):
    rows = tmp_path / "rows.jsonl"
    rows.write_text('{"completion": "4", "answer": "blue, with no number"}\n{"nonsense": 1}\n')
    proc = cli("verify", str(rows))
    assert proc.returncode == 2
    assert "error: no row of" in proc.stderr and "could be scored" in proc.stderr
