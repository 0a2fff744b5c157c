"""Fault injection, round two (issue 31): only grpo's marker makes a folder grpo's; every stage is locked first.

A user's folder that happens to hold files named as grpo names them (summary.json, final/, checkpoint-100/,
report.md, recipe.yaml) is never treated as grpo's: not by `grpo eval --output`, `grpo report --out` or
`grpo run --run-dir`, with or without --overwrite. A lock that is a symlink is refused, not written through. `grpo
run` is refused at once beside a running stage of its recipe; `--resume` of a finished stage changes nothing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import run_cli
from grpo_cli import rundir
from grpo_cli.errors import UserError
from test_faults import checkpoint, fake_model, hold, one_line_exit_2, snapshot

grpo = run_cli


def _users_folder(folder: Path) -> Path:
    """Years of a user's work that happen to use grpo's file names: no stage.json."""
    folder.mkdir(parents=True)
    (folder / "summary.json").write_text('{"mine": true}')
    (folder / "notes.md").write_text("keep")
    (folder / "config.yaml").write_text("lr: 1")
    fake_model(folder / "final")
    checkpoint(folder, 100)
    return folder


@pytest.mark.parametrize("flags", [[], ["--overwrite"]], ids=["plain", "overwrite"])
def test_eval_never_takes_a_users_folder_with_grpo_file_names_for_its_own(tmp_path, flags):
    model = fake_model(tmp_path / "model")
    mine = _users_folder(tmp_path / "mine")
    before = snapshot(mine)
    proc = grpo("eval", "--ckpt", str(model), "--dataset", "toy", "--output", str(mine), *flags)
    line = one_line_exit_2(proc, str(mine), "files grpo did not write")
    assert "--overwrite" not in line
    assert snapshot(mine) == before


def test_report_never_overwrites_a_users_report(tmp_path):
    stage = tmp_path / "tiny" / "grpo"
    stage.mkdir(parents=True)
    for step in (1, 2, 3):
        rundir.append_jsonl(stage / "metrics.jsonl", {"step": step, "reward": 0.5, "completions/mean_length": 10})
    out = tmp_path / "paper"
    out.mkdir()
    (out / "report.md").write_text("my report")
    (out / "reward.png").write_bytes(b"my plot")
    before = snapshot(out)
    one_line_exit_2(grpo("report", str(stage), "--out", str(out)), str(out), "files grpo did not write")
    assert snapshot(out) == before
    # Its own folder it rewrites, as often as asked.
    for _ in range(2):
        proc = grpo("report", str(stage), "--out", str(tmp_path / "report"))
        assert proc.returncode == 0, proc.stderr
    assert rundir.owner(tmp_path / "report") == "report"


@pytest.mark.parametrize("flags", [[], ["--overwrite"]], ids=["plain", "overwrite"])
def test_run_never_writes_into_a_users_recipe_folder(tmp_path, flags):
    mine = tmp_path / "runs" / "tiny"
    mine.mkdir(parents=True)
    (mine / "recipe.yaml").write_text("my recipe\n")
    (mine / "data.csv").write_text("1,2\n")
    before = snapshot(tmp_path)
    proc = grpo("run", "--recipe", "tiny", "--run-dir", str(tmp_path / "runs"), *flags)
    one_line_exit_2(proc, str(mine), "files grpo did not write")
    assert snapshot(tmp_path) == before


def test_a_lock_that_is_a_symlink_is_refused_not_written_through(tmp_path):
    stage = tmp_path / "tiny" / "sft"
    stage.mkdir(parents=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("do not empty me")
    (stage / rundir.LOCK).symlink_to(victim)
    with pytest.raises(UserError, match="symlink"):
        rundir.prepare(stage)
    assert victim.read_text() == "do not empty me"
    os.mkfifo(tmp_path / "fifo")
    (stage / rundir.LOCK).unlink()
    (stage / rundir.LOCK).symlink_to(tmp_path / "fifo")  # would block a plain open for writing
    with pytest.raises(UserError, match="symlink"):
        rundir.lock(stage)


def test_run_is_refused_at_once_beside_a_running_stage_of_its_recipe(tmp_path):
    runs = tmp_path / "runs"
    sft = runs / "tiny" / "sft"
    sft.mkdir(parents=True)
    (sft / rundir.MARKER).write_text(json.dumps({"kind": "sft"}))
    (sft / "metrics.jsonl").write_text('{"step": 1}\n')
    holder = hold(runs / "tiny" / "grpo")  # a `grpo train` of the same recipe, running
    before = snapshot(runs)
    try:
        # Before: the run went ahead (eval-base, then replaced the sft stage) and was refused only at its grpo stage.
        proc = grpo("run", "--recipe", "tiny", "--run-dir", str(runs), "--overwrite")
        one_line_exit_2(proc, f"pid {holder.pid}")
        assert {k: v for k, v in snapshot(runs).items() if k.startswith("tiny/sft/")} == {
            k: v for k, v in before.items() if k.startswith("tiny/sft/")
        }
    finally:
        holder.stdin.close()
        holder.wait()


@pytest.mark.parametrize("command, kind", [("sft", "sft"), ("train", "grpo")])
def test_resume_of_a_finished_stage_changes_nothing(tmp_path, command, kind):
    """It used to train past max_steps ("step 3/2", a negative ETA). The marker has no list here (an earlier grpo's
    folder): --resume still works on those."""
    stage = tmp_path / "tiny" / kind
    stage.mkdir(parents=True)
    (stage / rundir.MARKER).write_text(json.dumps({"kind": kind}))
    rundir.write_run_info(stage, stage=kind, status="finished", step=2)
    checkpoint(stage, 2)
    fake_model(stage / "final")
    rundir.append_jsonl(stage / "metrics.jsonl", {"step": 2, "loss": 0.1})
    before = snapshot(stage)
    proc = grpo(command, "--recipe", "tiny", "--run-dir", str(tmp_path), "--resume")
    assert proc.returncode == 0, proc.stderr
    assert "finished at step 2" in proc.stderr and "changed nothing" in proc.stderr
    assert snapshot(stage) == before
