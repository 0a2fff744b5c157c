"""Fault injection, round two (issue 31): writes never replace anything but a regular file, never follow a link.

Real files, real symlinks and real FIFOs made under tmp_path (the tests run as root in CI: a test must never point a
write at /dev/null or any file outside its tmp folder, so the "special file" is a FIFO we make).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import run_cli
from grpo_cli import rundir, safeio
from grpo_cli.errors import UserError
from test_faults import one_line_exit_2, snapshot

grpo = run_cli


def _rows(path: Path) -> Path:
    path.write_text('{"completion": "<answer>4</answer>", "answer": "4"}\n')
    return path


def _targets(tmp_path: Path) -> dict[str, Path]:
    """A symlink to a file, a dangling symlink, a symlink to a FIFO, a FIFO and a folder, all under tmp_path."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.jsonl").write_text("keep me\n")
    os.mkfifo(outside / "fifo")
    made = tmp_path / "made"
    made.mkdir()
    (made / "link.jsonl").symlink_to(outside / "precious.jsonl")
    (made / "dangling.jsonl").symlink_to(outside / "new.jsonl")
    (made / "fifo-link").symlink_to(outside / "fifo")
    os.mkfifo(made / "fifo")
    (made / "folder").mkdir()
    return {p.name: p for p in made.iterdir()}


@pytest.mark.parametrize("name", ["link.jsonl", "dangling.jsonl", "fifo-link", "fifo", "folder"])
def test_verify_out_never_replaces_a_link_or_special_file(tmp_path, name):
    targets = _targets(tmp_path)
    rows = _rows(tmp_path / "rows.jsonl")
    before = snapshot(tmp_path)
    kinds = {n: os.lstat(p).st_mode for n, p in targets.items()}
    proc = grpo("verify", str(rows), "--out", str(targets[name]))
    one_line_exit_2(proc, str(targets[name]), "regular file")
    assert snapshot(tmp_path) == before  # the file a link points to is unchanged, nothing new outside
    assert {n: os.lstat(p).st_mode for n, p in targets.items()} == kinds  # every link, FIFO and folder still one
    assert not (tmp_path / "outside" / "new.jsonl").exists()
    assert [p.name for p in targets[name].parent.iterdir() if p.name.startswith(".")] == []  # no temporary left


@pytest.mark.parametrize("name", ["link.jsonl", "dangling.jsonl", "fifo"])
def test_atomic_write_and_append_refuse_links_and_fifos(tmp_path, name):
    target = _targets(tmp_path)[name]
    before = snapshot(tmp_path / "outside")
    with pytest.raises(UserError, match="regular file"):
        safeio.atomic_write_text(target, "new")
    with pytest.raises(UserError, match="regular file"):
        safeio.append_line(target, '{"step": 1}')  # a FIFO without a reader would block here: it must not
    assert snapshot(tmp_path / "outside") == before
    assert not (tmp_path / "outside" / "new.jsonl").exists()


def test_a_dangling_metrics_link_never_writes_outside_the_stage(tmp_path):
    stage = tmp_path / "runs" / "tiny" / "sft"
    stage.mkdir(parents=True)
    (stage / "metrics.jsonl").symlink_to(tmp_path / "elsewhere.jsonl")
    with pytest.raises(UserError, match="symlink"):
        rundir.append_jsonl(stage / "metrics.jsonl", {"step": 1})
    assert not (tmp_path / "elsewhere.jsonl").exists()


def test_report_plots_never_follow_a_link(tmp_path):
    stage = tmp_path / "tiny" / "grpo"
    stage.mkdir(parents=True)
    for step in (1, 2, 3):
        rundir.append_jsonl(stage / "metrics.jsonl", {"step": step, "reward": 0.5, "completions/mean_length": 10})
    out = tmp_path / "report"
    out.mkdir()
    victim = tmp_path / "victim.png"
    victim.write_bytes(b"user's picture")
    proc = grpo("report", str(stage), "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    plot = next(p for p in out.iterdir() if p.suffix == ".png")
    plot.unlink()
    plot.symlink_to(victim)
    proc = grpo("report", str(stage), "--out", str(out))
    assert proc.returncode == 2 and "symlink" in proc.stderr and "Traceback" not in proc.stderr
    assert victim.read_bytes() == b"user's picture"


def test_a_regular_file_target_is_still_replaced_whole(tmp_path):
    rows = _rows(tmp_path / "rows.jsonl")
    out = tmp_path / "scored.jsonl"
    out.write_text("old\n")
    proc = grpo("verify", str(rows), "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(out.read_text())["correct"] is True
