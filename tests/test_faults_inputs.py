"""Fault injection, round three (issue 41): results tied to their inputs, and the last step always logged.

A GRPO run shorter than logging_steps wrote no metrics.jsonl at all. Real files, real subprocesses, the tiny model.
"""

from __future__ import annotations

import pytest

from conftest import run_cli, sets
from grpo_cli import rundir

grpo = run_cli


# --------------------------------------------------------------------------------------------------------
# the last step is always logged


@pytest.mark.slow
def test_a_grpo_run_shorter_than_logging_steps_logs_its_last_step(tmp_path):
    """3 steps against logging_steps 10: metrics.jsonl was not even created."""
    proc = grpo("train", "--recipe", "tiny", "--run-dir", str(tmp_path),
                *sets("grpo.max_steps=3", "grpo.logging_steps=10", "grpo.save_steps=10"))  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = rundir.read_jsonl(tmp_path / "tiny" / "grpo" / "metrics.jsonl")
    assert [row["step"] for row in rows] == [3] and "reward" in rows[0]
