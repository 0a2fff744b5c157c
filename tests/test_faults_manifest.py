"""Fault injection (issue 31): --overwrite deletes only what the folder's marker lists, by name and size.

Every file grpo writes into a folder it owns is listed in its marker as it is written (safeio's atomic writes and
appends), the folders TRL saves (checkpoint-N/, final/) with their files once saved and as being written before. A
user's file is kept and named; a file grpo wrote that was changed since, under a name the command writes, is refused
before anything is deleted; a marker without a list (an earlier grpo's) is refused in one line. Real files, a real
`kill -9` of real writers, and (slow) a real `grpo sft`.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import run_cli
from grpo_cli import rundir, safeio
from grpo_cli.errors import UserError
from test_faults import KILLS, checkpoint, one_line_exit_2, snapshot, training_stage

grpo = run_cli


def _stage(tmp_path: Path) -> Path:
    """An interrupted sft stage as grpo leaves it: recipe.yaml, run.json, logs, two listed checkpoints, final/ and a
    third checkpoint being written when the process died (listed as being written, half its files there)."""
    stage = training_stage(tmp_path, [2, 4], 4)
    safeio.atomic_write_text(stage / "recipe.yaml", "name: tiny\n")
    rundir.append_jsonl(stage / "samples.jsonl", {"step": 2, "completion": "x"})
    rundir.manifest.record_pending(stage, "final")
    (stage / "final").mkdir()
    (stage / "final" / "model.safetensors").write_bytes(b"w" * 100)
    rundir.manifest.record(stage, "final")
    rundir.manifest.record_pending(stage, "checkpoint-6")
    (stage / "checkpoint-6").mkdir()
    (stage / "checkpoint-6" / "model.safetensors").write_bytes(b"half")
    return stage


def test_overwrite_deletes_what_the_marker_lists_and_keeps_the_rest(tmp_path, capsys):
    stage = _stage(tmp_path)
    (stage / "notes.txt").write_text("mine")
    (stage / "plots").mkdir()
    (stage / "plots" / "a.png").write_bytes(b"png")
    listed = rundir.manifest.listed(stage)
    assert set(listed) == {"run.json", "metrics.jsonl", "samples.jsonl", "recipe.yaml", "checkpoint-2",
                           "checkpoint-4", "final", "checkpoint-6"}  # fmt: skip
    assert listed["final"] == {"dir": {"model.safetensors": 100}} and listed["checkpoint-6"] == {"dir": None}
    rundir.prepare(stage, overwrite=True)
    assert sorted(p.name for p in stage.iterdir()) == sorted([rundir.LOCK, rundir.MARKER, "notes.txt", "plots"])
    assert (stage / "plots" / "a.png").read_bytes() == b"png"
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith("warning:")]
    assert warnings == [f"warning: --overwrite kept notes.txt (not written by grpo), plots (not written by grpo) in "
                        f"{stage}"]  # fmt: skip
    assert rundir.manifest.listed(stage) == {}  # a fresh list for the new run


def _append(path: Path) -> None:
    with open(path, "a") as fh:
        fh.write('{"step": 5}\n')


def _retarget(path: Path) -> None:
    path.unlink()
    path.symlink_to(path.parent / "run.json")


@pytest.mark.parametrize(
    "name, change, why",
    [
        ("recipe.yaml", lambda p: p.write_text("name: tiny\nmine: 1\n"), "changed since grpo wrote it"),
        ("metrics.jsonl", _append, "changed since grpo wrote it"),
        ("checkpoint-2", lambda p: (p / "mine.txt").write_text("x"), "mine.txt"),
        ("checkpoint-4", lambda p: (p / "model.safetensors").write_bytes(b"x"), "model.safetensors"),
        ("final", lambda p: (p / "link").symlink_to("/etc/passwd"), "it holds a link"),
        ("samples.jsonl", _retarget, "a symlink now"),
        ("summary.json", lambda p: p.write_text("{}"), "not written by grpo"),
    ],
)
def test_overwrite_refuses_a_file_grpo_wrote_that_was_changed(tmp_path, name, change, why):
    stage = _stage(tmp_path)
    change(stage / name)
    before = snapshot(stage)
    with pytest.raises(UserError, match="--overwrite") as err:
        rundir.prepare(stage, overwrite=True)
    assert name in str(err.value) and why in str(err.value) and "move it out" in str(err.value)
    assert snapshot(stage) == before  # nothing deleted: refused before the first deletion


def test_a_marker_without_a_list_is_refused_in_one_line(tmp_path):
    """A stage folder an earlier grpo made (its marker lists nothing): its files cannot be told from a user's."""
    stage = tmp_path / "runs" / "tiny" / "sft"
    stage.mkdir(parents=True)
    (stage / rundir.MARKER).write_text(json.dumps({"kind": "sft"}))
    (stage / "metrics.jsonl").write_text('{"step": 1}\n')
    (stage / "notes.txt").write_text("mine")
    checkpoint(stage, 2)
    before = snapshot(tmp_path)
    with pytest.raises(UserError, match="does not list the files") as err:
        rundir.prepare(stage, overwrite=True)
    assert f"mv {stage} {stage}.old" in str(err.value)
    assert snapshot(tmp_path) == before
    # --resume still continues such a folder (test_faults_ownership's finished stage has a marker without a list).
    # A report folder of an earlier grpo: its report.md is never replaced either.
    report = tmp_path / "report"
    report.mkdir()
    (report / rundir.MARKER).write_text(json.dumps({"kind": "report"}))
    (report / "report.md").write_text("old report")
    proc = grpo("report", str(stage), "--out", str(report))
    one_line_exit_2(proc, str(report), "does not list the files")
    assert (report / "report.md").read_text() == "old report"


def test_a_report_folder_of_grpo_is_rewritten_unless_someone_edited_it(tmp_path):
    stage = _stage(tmp_path)
    out = stage / "report"  # `grpo report STAGE` writes here; a stage's --overwrite leaves it to its own command
    for _ in range(2):
        assert grpo("report", str(stage)).returncode == 0
    listed = rundir.manifest.listed(out)
    assert "report.md" in listed and any(name.endswith(".png") for name in listed)
    (out / "report.md").write_text((out / "report.md").read_text() + "my edit\n")
    before = snapshot(out)
    proc = grpo("report", str(stage))
    one_line_exit_2(proc, str(out / "report.md"), "changed since grpo wrote it", "move it out")
    assert snapshot(out) == before
    # A stage folder whose every file is listed is still no report folder.
    one_line_exit_2(grpo("report", str(stage), "--out", str(stage)), str(stage), "holds an sft folder")
    assert rundir.owner(stage) == "sft"
    (out / "report.md").unlink()
    (out / "mine.txt").write_text("keep")
    assert grpo("report", str(stage)).returncode == 0  # a user's other file beside it stays
    before = snapshot(out)
    rundir.prepare(stage, overwrite=True)  # issue 41: another command's grpo folder inside is never deleted
    assert snapshot(out) == before


_WRITER = """
import pathlib, sys, time
from grpo_cli import rundir
path, mode = pathlib.Path(sys.argv[1]), sys.argv[2]
print("ready", flush=True)
i = 0
deadline = time.monotonic() + 300  # the test kills it long before; a writer whose test died stops
while time.monotonic() < deadline:
    i += 1
    if mode == "replace":  # sizes that differ from write to write
        rundir.safeio.atomic_write_text(path, "x" * (1000 + 7919 * i % 200_000))
    else:
        rundir.append_jsonl(path, {"step": i, "pad": "x" * (i % 20_000)})
"""


@pytest.mark.parametrize("mode", ["replace", "append"])
def test_kill_9_in_the_middle_of_a_write_leaves_the_file_grpos(tmp_path, mode):
    """The list is updated just before each write takes effect: wherever `kill -9` lands, the file (and a killed
    atomic write's temporary) is still listed as grpo's by its size, so --overwrite deletes it."""
    folder = tmp_path / "sft"
    folder.mkdir()
    rundir.manifest.write_new(folder, "sft", rundir.now())
    path = folder / ("summary.json" if mode == "replace" else "metrics.jsonl")
    rng = random.Random(31)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    for _ in range(KILLS):
        proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(path), mode], stdout=subprocess.PIPE, text=True,
                                env=env)  # fmt: skip
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.05, 0.4))
        proc.kill()
        proc.wait()
        ours, theirs, _ = rundir.manifest.sort(folder)
        assert theirs == {} and (path.name in ours or not path.exists()), (theirs, rundir.manifest.listed(folder))
    rundir.clear(folder)
    assert sorted(os.listdir(folder)) == [rundir.MARKER]


@pytest.mark.slow
def test_overwrite_of_a_real_sft_stage(tmp_path):
    """A real `grpo sft` (two checkpoints, final/, TRL's model card): everything it wrote is listed; a user's notes
    survive --overwrite with one warning; a file dropped into its checkpoint is refused before anything goes."""
    run_dir = tmp_path / "runs"
    sets = ["data.toy.num_train=16", "sft.max_steps=2", "sft.per_device_batch_size=4", "sft.save_steps=1"]
    args = ["sft", "--recipe", "tiny", "--run-dir", str(run_dir)]
    for s in [*sets, "sft.logging_steps=1"]:
        args += ["--set", s]
    proc = grpo(*args)
    assert proc.returncode == 0, proc.stderr[-2000:]
    stage = run_dir / "tiny" / "sft"
    ours, theirs, _ = rundir.manifest.sort(stage)
    assert theirs == {}
    assert {"recipe.yaml", "run.json", "metrics.jsonl", "README.md", "checkpoint-1", "checkpoint-2", "final"} <= set(
        ours
    )
    assert "optimizer.pt" in rundir.manifest.listed(stage)["checkpoint-2"]["dir"]
    (stage / "notes.txt").write_text("mine")
    (stage / "checkpoint-1" / "eval.txt").write_text("mine too")
    before = snapshot(stage)
    one_line_exit_2(grpo(*args, "--overwrite"), "checkpoint-1 (changed since grpo wrote it: eval.txt)")
    assert snapshot(stage) == before
    (stage / "checkpoint-1" / "eval.txt").unlink()
    proc = grpo(*args, "--overwrite")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert f"warning: --overwrite kept notes.txt (not written by grpo) in {stage}" in proc.stderr
    assert (stage / "notes.txt").read_text() == "mine" and set(rundir.manifest.sort(stage)[1]) == {"notes.txt"}
