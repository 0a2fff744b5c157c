#!/usr/bin/env python
"""Write the `grpo estimate --json` outputs of the documented commands (README.md, docs/estimate.md) into
tests/fixtures/estimate_json/, which tests/test_estimate_json.py compares byte for byte.

Run it only when an estimate is meant to change (a new figure, a new key), and say so in the commit:
    .venv/bin/python scripts/capture_estimate_json.py
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures" / "estimate_json"


def cases() -> dict[str, list[str]]:
    """name -> argv (without --json); paths are relative to the repository root."""
    return json.loads((FIXTURES / "commands.json").read_text())


def run(argv: list[str]) -> str:
    """What `grpo estimate ARGV --json` prints, run from the repository root."""
    from grpo_cli.commands import estimate

    out = io.StringIO()
    here = Path.cwd()
    os.chdir(REPO)
    try:
        with contextlib.redirect_stdout(out):
            estimate.run([*argv, "--json"])
    finally:
        os.chdir(here)
    return out.getvalue()


def main() -> None:
    for name, argv in cases().items():
        (FIXTURES / f"{name}.json").write_text(run(argv))
        print(name)


if __name__ == "__main__":
    main()
