"""Fault injection, round three (issue 41): ownership of folders inside folders, and a crash in the first save.

- `--overwrite` deletes what its own marker lists and the marked folders the command itself made inside (distill's
  and filter's sampling/), never another grpo folder found inside: a trained SFT stage a user kept inside an eval or
  a stage folder was deleted, and the warning named only notes.txt.
- It refuses while any lock under the target is held, naming the folder: `grpo sft --overwrite` deleted the
  eval-final/ that a running `grpo eval --ckpt STAGE/final` was writing.
- A `kill -9` or a full disk at any point of the first checkpoint save leaves a state `--resume` or `--overwrite`
  handles: TRL's model card (README.md) used to be left unlisted, and then neither got past it.

Real processes, real locks, real files; the ones that train are marked slow.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import HANG_S, run_cli
from grpo_cli import rundir
from grpo_cli.errors import UserError
from test_faults import _limited, hold, one_line_exit_2, snapshot, training_stage

grpo = run_cli


def _kept_stage(folder: Path) -> Path:
    """A trained SFT stage as grpo leaves it (marker with its list, final/, a checkpoint, logs), kept by a user
    inside another grpo folder."""
    folder.mkdir(parents=True)
    rundir.manifest.write_new(folder, "sft", rundir.now())
    rundir.write_run_info(folder, stage="sft", status="finished")
    rundir.append_jsonl(folder / "metrics.jsonl", {"step": 1, "loss": 1.0})
    for name in ("final", "checkpoint-1"):
        (folder / name).mkdir()
        (folder / name / "config.json").write_text('{"model_type": "qwen2"}')
        (folder / name / "model.safetensors").write_bytes(b"trained weights")
        rundir.manifest.record(folder, name)
    return folder


def test_a_stage_overwrite_never_deletes_a_grpo_stage_kept_inside(tmp_path, capsys):
    stage = training_stage(tmp_path, [2], 2)
    (stage / "notes.txt").write_text("mine")
    kept = _kept_stage(stage / "best-sft")
    before = snapshot(kept)
    rundir.prepare(stage, overwrite=True)
    assert snapshot(kept) == before  # before: its listed files were deleted, the folder left nearly empty
    assert sorted(os.listdir(stage)) == sorted([rundir.LOCK, rundir.MARKER, "best-sft", "notes.txt"])
    warning = [line for line in capsys.readouterr().err.splitlines() if line.startswith("warning:")]
    assert warning == [
        f"warning: --overwrite kept best-sft (a grpo sft folder this command did not make), notes.txt (not written by "
        f"grpo) in {stage}"
    ]


@pytest.mark.slow
def test_an_eval_overwrite_never_deletes_a_grpo_stage_kept_inside(tmp_path):
    out = tmp_path / "eval"
    args = ["eval", "--ckpt", "tiny", "--dataset", "toy", "--limit", "2", "--n", "1", "--max-tokens", "4"]
    assert grpo(*args, "--output", str(out)).returncode == 0
    kept = _kept_stage(out / "my-sft")
    before = snapshot(kept)
    proc = grpo(*args, "--output", str(out), "--overwrite")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert snapshot(kept) == before
    assert "kept my-sft (a grpo sft folder this command did not make)" in proc.stderr
    assert (out / "summary.json").is_file()


def test_overwrite_refuses_while_a_folder_inside_is_being_written(tmp_path, capsys):
    """`grpo eval --ckpt STAGE/final --output STAGE/eval-final` running, then `grpo sft --overwrite`: one line naming
    the folder and its holder; nothing deleted. Once the eval is done, the stage is overwritten and eval-final kept."""
    stage = training_stage(tmp_path, [2], 2)
    holder = hold(stage / "eval-final")  # a real process holding eval-final's lock, as a running eval does
    rundir.append_jsonl(stage / "eval-final" / "samples.jsonl", {"id": "1"})  # listed in eval-final's marker
    before = snapshot(tmp_path)
    try:
        proc = grpo("sft", "--recipe", "tiny", "--run-dir", str(tmp_path), "--overwrite")
        one_line_exit_2(proc, f"{stage} holds {stage / 'eval-final'}", f"pid {holder.pid}")
        assert snapshot(tmp_path) == before
        with pytest.raises(UserError, match="eval-final, which another grpo process is writing"):
            rundir.prepare(stage, overwrite=True)
        assert snapshot(tmp_path) == before
    finally:
        holder.stdin.close()
        holder.wait(timeout=HANG_S)
    rundir.prepare(stage, overwrite=True)
    assert "kept eval-final (a grpo eval folder this command did not make)" in capsys.readouterr().err
    assert (stage / "eval-final" / "samples.jsonl").read_text() == '{"id": "1"}\n'


_NEST = """
import sys
from grpo_cli import rundir
out = sys.argv[1]
rundir.claim(out, "distill")
rundir.claim(out + "/sampling", "eval")  # made by the command that holds `out`: listed there as its own
rundir.append_jsonl(out + "/sampling/samples.jsonl", {"id": "1"})
"""


def test_the_folder_a_command_made_inside_is_cleared_with_it(tmp_path, capsys):
    out = tmp_path / "distill"
    subprocess.run([sys.executable, "-c", _NEST, str(out)], check=True, timeout=HANG_S)
    assert rundir.manifest.listed(out)["sampling"] == {"folder": "eval"}
    other = tmp_path / "distill" / "teacher-eval"  # an eval someone else wrote inside it: not listed as the distill's
    rundir.claim(other, "eval")
    rundir.append_jsonl(other / "samples.jsonl", {"id": "2"})
    rundir.release_all()
    before = snapshot(other)
    rundir.claim(out, "distill", overwrite=True)
    assert not (out / "sampling").exists()
    assert snapshot(other) == before
    assert "kept teacher-eval (a grpo eval folder this command did not make)" in capsys.readouterr().err


def test_a_pending_file_is_grpos_whatever_its_size_until_listed(tmp_path):
    """What TRL writes beside a checkpoint (README.md) is listed before the save starts: killed mid-write, it is
    still grpo's; once saved it is listed by size like any other file."""
    stage = training_stage(tmp_path, [], 0)
    rundir.manifest.record_pending(stage, "checkpoint-1", "README.md")
    (stage / "README.md").write_text("half a model ca")
    assert rundir.manifest.sort(stage) == (["README.md", "run.json"], {}, [])
    rundir.manifest.record(stage, "README.md")
    (stage / "README.md").write_text("edited by a user afterwards")
    assert "README.md" in rundir.manifest.sort(stage)[1]


# --------------------------------------------------------------------------------------------------------
# kill -9 and a full disk during the first checkpoint save of a real `grpo sft`

# Runs `grpo ARGS` and kills itself with SIGKILL just before the first write-open (or folder made) under the stage
# folder whose name contains AT, once one whose path ends with AFTER was seen (python's audit hooks see the json and
# model card files TRL and transformers open; the weights and optimizer are written by native code in between).
_KILLER = """
import os, signal, sys
stage, after, at = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
seen = [not after]

def hook(event, args):
    if event not in ("open", "os.mkdir") or not args or not isinstance(args[0], (str, bytes, os.PathLike)):
        return
    path = os.path.abspath(os.fsdecode(args[0]))
    flags = args[2] if event == "open" and len(args) > 2 and isinstance(args[2], int) else 0
    mode = args[1] if event == "open" and len(args) > 1 else None
    writing = event == "os.mkdir" or (isinstance(mode, str) and any(c in mode for c in "wax+"))
    writing = writing or bool(flags & (os.O_WRONLY | os.O_RDWR))
    if not path.startswith(stage) or not writing:
        return
    if seen[0] and at in os.path.basename(path):
        os.kill(os.getpid(), signal.SIGKILL)
    if after and path.endswith(after):
        seen[0] = True

sys.addaudithook(hook)
sys.argv = ["grpo", *sys.argv[4:]]
from grpo_cli.cli import main
main()
"""

_SFT = ["data.toy.num_train=16", "sft.max_steps=2", "sft.per_device_batch_size=4", "sft.save_steps=1",
        "sft.logging_steps=1"]  # fmt: skip

# (after, at): where in the first save (checkpoint-1) the kill lands.
KILL_POINTS = {
    "before the model card": ("", "README.md"),
    "model card written, before the checkpoint folder": ("README.md", "checkpoint-1"),
    "weights written, before the tokenizer": ("checkpoint-1/chat_template.jinja", "tokenizer_config.json"),
    "optimizer and RNG written, before the trainer state": ("tokenizer_config.json", "trainer_state.json"),
    "checkpoint whole, before it is listed": ("trainer_state.json", ".stage.json."),
}


def _sft_args(run_dir: Path) -> list[str]:
    return ["sft", "--recipe", "tiny", "--run-dir", str(run_dir), *[a for s in _SFT for a in ("--set", s)]]


def _handled(stage: Path) -> str:
    """What --resume would do with the stage (in this process: what `grpo sft --resume` does before training), and
    that --overwrite takes it: nothing it wrote is left unlisted, and it deletes all of it."""
    assert rundir.manifest.sort(stage)[1] == {}, rundir.manifest.sort(stage)  # README.md was left here unlisted
    try:
        resumed = rundir.prepare(stage, resume=True)
    except UserError as err:
        assert "no checkpoint" in str(err) and "--overwrite" in str(err), err
        resumed = None
    rundir.release_all()
    return resumed.name if resumed else "refused"


@pytest.mark.slow
def test_kill_9_at_any_point_of_the_first_save_leaves_a_state_resume_or_overwrite_handles(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    procs = {}
    for name, (after, at) in KILL_POINTS.items():
        run_dir = tmp_path / name.replace(" ", "-").replace(",", "")
        stage = run_dir / "tiny" / "sft"
        procs[name] = (stage, subprocess.Popen(
            [sys.executable, "-c", _KILLER, str(stage), after, at, *_sft_args(run_dir)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        ))  # fmt: skip
    outcomes = {}
    for name, (stage, proc) in procs.items():
        _, err = proc.communicate(timeout=HANG_S)
        assert proc.returncode == -9, (name, err[-2000:])
        outcomes[name] = _handled(stage)
    assert outcomes == {
        "before the model card": "refused",
        "model card written, before the checkpoint folder": "refused",
        "weights written, before the tokenizer": "refused",
        "optimizer and RNG written, before the trainer state": "refused",
        "checkpoint whole, before it is listed": "checkpoint-1",
    }
    # --overwrite then takes every one of them, and a real --resume continues the one whose checkpoint is whole.
    for name, (stage, _) in procs.items():
        if outcomes[name] == "refused":
            rundir.prepare(stage, overwrite=True)
            assert sorted(os.listdir(stage)) == sorted([rundir.LOCK, rundir.MARKER])
            rundir.release_all()
    stage = procs["checkpoint whole, before it is listed"][0]
    proc = grpo(*_sft_args(stage.parents[1]), "--resume")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert [row["step"] for row in rundir.read_jsonl(stage / "metrics.jsonl")] == [1, 2]
    assert rundir.manifest.sort(stage)[1] == {}


@pytest.mark.slow
def test_a_full_disk_in_the_first_save_leaves_a_state_overwrite_handles(tmp_path):
    """A file-size limit lets the logs and TRL's model card through and stops the checkpoint's weights."""
    subprocess.run(  # the tiny model built beforehand, outside the limit (a cache shared with the other tests)
        [sys.executable, "-c", "from grpo_cli import models, recipes; models.resolve('tiny', recipes.load('tiny').model)"],
        check=True, timeout=HANG_S,
    )  # fmt: skip
    run_dir = tmp_path / "runs"
    stage = run_dir / "tiny" / "sft"
    proc = subprocess.run(
        [sys.executable, "-m", "grpo_cli", *_sft_args(run_dir)], preexec_fn=_limited(100_000), capture_output=True,
        text=True, timeout=HANG_S,
    )  # fmt: skip
    assert proc.returncode != 0
    assert (stage / "README.md").is_file() and (stage / "checkpoint-1").is_dir()
    assert _handled(stage) == "refused"
    rundir.prepare(stage, overwrite=True)
    assert sorted(os.listdir(stage)) == sorted([rundir.LOCK, rundir.MARKER])
    assert json.loads((stage / rundir.MARKER).read_text())["files"] == {}
