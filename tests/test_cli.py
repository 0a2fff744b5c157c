"""The CLI as a user meets it: real subprocesses, fast start-up, one-line errors with exit code 2."""

from __future__ import annotations

import pytest
import yaml

from conftest import heavy_imports


@pytest.mark.parametrize(
    "args",
    [["--help"], ["recipes"], ["recipes", "show", "gsm8k-7b"], ["--version"]],
    ids=lambda a: " ".join(a),
)
def test_light_commands_import_nothing_heavy(args):
    assert heavy_imports(*args) == []


def test_module_entry_point_and_help(cli):
    proc = cli("--help")
    assert proc.returncode == 0
    for command in ("recipes",):
        assert command in proc.stdout


def test_version(cli):
    proc = cli("--version")
    assert proc.returncode == 0 and proc.stdout.startswith("grpo-cli ")


def test_recipes_lists_every_shipped_recipe(cli):
    proc = cli("recipes")
    assert proc.returncode == 0, proc.stderr
    for name in ("tiny", "gsm8k-0.5b", "gsm8k-1.5b", "gsm8k-7b", "math-7b"):
        assert name in proc.stdout


def test_recipes_show_prints_the_resolved_recipe_with_overrides(cli):
    proc = cli("recipes", "show", "gsm8k-7b", "--set", "grpo.beta=0.1")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("# gsm8k-7b:")  # the header comes first
    resolved = yaml.safe_load(proc.stdout)
    assert resolved["grpo"]["beta"] == 0.1
    assert resolved["grpo"]["num_generations"] == 16
    assert resolved["model"]["name"] == "Qwen/Qwen2.5-7B"
    assert "epsilon_high" in resolved["grpo"]  # defaults are filled in


@pytest.mark.parametrize(
    "args, needle",
    [
        (["recipes", "show", "gsm8k-7"], "unknown recipe 'gsm8k-7' (did you mean: gsm8k-7b"),
        (
            ["recipes", "show", "tiny", "--set", "grpo.bta=1"],
            "unknown recipe key 'grpo.bta' (did you mean: beta, delta?)",
        ),
        (["recipes", "show", "tiny", "--set", "grpo.num_generations=1"], "G must be at least 2"),
        (["recipes", "show", "tiny", "--set", "grpo.beta=much"], "grpo.beta: expected float"),
        (["recipes", "show", "missing/recipe.yaml"], "recipe file not found"),
    ],
)
def test_user_errors_are_one_line_exit_2(cli, args, needle):
    proc = cli(*args)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    lines = [x for x in proc.stderr.splitlines() if x.strip()]
    assert len(lines) == 1, proc.stderr
    assert needle in lines[0]
