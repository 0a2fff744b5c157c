"""`grpo estimate --json` is byte-identical to what it printed for the documented commands (README.md,
docs/estimate.md) when the fixtures were captured (scripts/capture_estimate_json.py): a refactor of grpo_cli.estimate
changes no figure, no key and no key order. A change meant to move a figure recaptures them and says so."""

from __future__ import annotations

import json

import pytest

from conftest import REPO

FIXTURES = REPO / "tests" / "fixtures" / "estimate_json"
CASES = json.loads((FIXTURES / "commands.json").read_text())


def _run(argv: list[str]) -> str:
    import sys

    sys.path.insert(0, str(REPO / "scripts"))
    try:
        from capture_estimate_json import run
    finally:
        sys.path.remove(str(REPO / "scripts"))
    return run(argv)


@pytest.mark.parametrize("name", sorted(CASES))
def test_json_output_is_byte_identical(name):
    assert _run(CASES[name]) == (FIXTURES / f"{name}.json").read_text()


def test_the_documented_commands_are_all_captured():
    """Every `grpo estimate` command line in README.md and docs/estimate.md that runs without a run directory of its
    own has a fixture (the --calibrate and config.json ones use the fixtures' run and config)."""
    import re
    import shlex

    captured = [sorted(argv) for argv in CASES.values()]
    for doc in ("README.md", "docs/estimate.md"):
        for line in re.findall(r"grpo estimate[^`|#\n]*", (REPO / doc).read_text()):
            argv = [a for a in shlex.split(line)[2:] if a != "--json"]
            if any(a in ("--calibrate", "NAME") or a.startswith("./") for a in argv):
                continue
            assert sorted(argv) in captured, f"{doc}: grpo estimate {' '.join(argv)}"


def test_the_cli_prints_the_same_bytes(cli):
    """The in-process run above is what a user's `grpo estimate --json` prints."""
    proc = cli("estimate", *CASES["00-recipe-gsm8k-7b"], "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (FIXTURES / "00-recipe-gsm8k-7b.json").read_text()
