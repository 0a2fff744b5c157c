"""The docs match the code where a list can drift (the generated lists, the alarms and the shortcut flags among them, are
tests/test_lists.py's): the recipe's sections and the commands (README.md), the estimate's architectures and GPUs, and
the rules docs/architecture.md states against the tests that enforce them."""

from __future__ import annotations

import dataclasses
import re

from conftest import REPO
from grpo_cli.config import Recipe

README = (REPO / "README.md").read_text()
ARCHITECTURE = (REPO / "docs" / "architecture.md").read_text()


def test_readme_lists_every_recipe_section():
    match = re.search(r"A recipe has the sections (.*?);", README, re.S)
    assert match
    named = re.findall(r"`(\w+)`", match.group(1))
    sections = [f.name for f in dataclasses.fields(Recipe) if f.name not in ("name", "description")]
    assert named == sections


def test_readme_command_table_is_every_command():
    import typer

    from grpo_cli.cli import app

    commands = set(typer.main.get_command(app).commands)
    table = README[README.index("## Commands") :]
    table = table[: table.index("\n\n", table.index("| command |"))]
    named = set(re.findall(r"`grpo (\w+)", table))
    assert named == commands


def test_architecture_states_the_enforced_rules():
    from test_function_length import MAX_LINES
    from test_imports import ROWS

    assert f"no function over {MAX_LINES} lines" in ARCHITECTURE and "tests/test_function_length.py" in ARCHITECTURE
    # the import rows the test holds, each named in the page's diagram
    diagram = ARCHITECTURE[ARCHITECTURE.index("## Imports run one way") :]
    for row in ROWS:
        for name in row - {"grpo_cli", "__main__"}:
            assert name.split(".")[0].replace(".", "/") in diagram, f"{name} is not in the import diagram"
    # what config may import, as the test allows it
    assert "`config/` importing anything outside it but `errors`, `formulas`, `safeio`" in ARCHITECTURE.replace(
        "\n", " "
    )


def test_estimate_lists_come_from_the_code_tables():
    """`grpo estimate --help` and docs/estimate.md list the architectures (smollm2-135m among them), the process
    reward models and the GPUs of the tables the arithmetic uses (estimate.ARCHS, estimate.GPUS)."""
    from grpo_cli.commands.estimate import click_command
    from grpo_cli.estimate import ARCHS, GPUS

    archs = [name for name, arch in ARCHS.items() if not arch.scorer]
    prms = [name for name, arch in ARCHS.items() if arch.scorer]
    assert "smollm2-135m" in archs
    cmd = click_command()
    help_text = " ".join(param.help or "" for param in cmd.params)  # what --help prints beside each option
    for name in [*archs, *prms, *GPUS]:
        assert name in help_text, f"grpo estimate --help does not list {name}"
    doc = (REPO / "docs" / "estimate.md").read_text()
    model_row = next(line for line in doc.splitlines() if line.startswith("| `--model` |"))
    gpu_row = next(line for line in doc.splitlines() if line.startswith("| `--gpu` |"))
    assert re.findall(r"`([a-z0-9.-]+)`", model_row.split("(", 1)[1].split(";")[0]) == archs
    assert re.findall(r"`([a-z0-9-]+)`", gpu_row.split("|")[3]) == list(GPUS)
