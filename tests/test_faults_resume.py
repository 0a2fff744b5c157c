"""Fault injection, round two (issue 31): damage the resume check did not see, and bad rows in the middle of a log.

Every damaged checkpoint is set aside as corrupt-checkpoint-N with a warning and the previous good one is used;
what only a load can reveal (tensors of the wrong shape, an optimizer of another model) is set aside when the load
fails, with one line saying how to continue. A bad row in the middle of metrics.jsonl is reported with its line.
"""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from conftest import run_cli
from grpo_cli import rundir
from test_faults import TRAIN_SETS, one_line_exit_2, training_stage

grpo = run_cli


def _zip_of_text(path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("notes.txt", "not a torch file")
    path.write_bytes(buffer.getvalue())


def _state(c, **changes):
    state = json.loads((c / "trainer_state.json").read_text())
    (c / "trainer_state.json").write_text(json.dumps({**state, **changes}))


@pytest.mark.parametrize(
    "damage",
    [
        lambda c: _state(c, surprise=1),  # a key TrainerState(**json) does not take
        lambda c: _state(c, log_history="oops"),  # a wrong type
        lambda c: _state(c, max_steps="8"),
        lambda c: (c / "config.json").write_text('{"model_type": "qw'),  # truncated
        lambda c: _zip_of_text(c / "rng_state.pth"),  # a whole zip, not torch's
    ],
    ids=["extra-key", "log-history-type", "max-steps-type", "truncated-config", "non-torch-rng-state"],
)
def test_resume_sets_aside_damage_the_old_check_missed(tmp_path, capsys, damage):
    stage = training_stage(tmp_path, [2, 4], 5)
    damage(stage / "checkpoint-4")
    assert rundir.prepare(stage, resume=True) == stage / "checkpoint-2"
    err = capsys.readouterr().err
    assert "checkpoint-4 is damaged" in err and "continuing from checkpoint-2" in err
    assert (stage / "corrupt-checkpoint-4").is_dir()


def test_a_bad_row_in_the_middle_of_metrics_is_reported_with_its_line(tmp_path):
    stage = tmp_path / "tiny" / "grpo"
    stage.mkdir(parents=True)
    (stage / "metrics.jsonl").write_text(
        '{"step": 1, "reward": 0.5}\n{"step": 2, "rew\n[3]\n{"step": 4, "reward": 0.7}\n{"step": 5, "rew'
    )
    proc = grpo("report", str(stage), "--out", str(tmp_path / "r"))
    assert proc.returncode == 0, proc.stderr
    assert "metrics.jsonl line 2: not valid JSON" in proc.stderr
    assert "metrics.jsonl line 3: not a JSON object" in proc.stderr
    assert "line 5" not in proc.stderr  # a torn last row (a killed writer) is skipped without a word


def _wrong_shapes(weights):
    from safetensors.torch import load_file, save_file

    tensors = load_file(str(weights))
    name = next(k for k, v in tensors.items() if v.dim() == 2)
    tensors[name] = tensors[name][:, :-1].contiguous()  # a whole file, one tensor a column short
    save_file(tensors, str(weights), metadata={"format": "pt"})


@pytest.mark.slow
def test_a_checkpoint_that_fails_to_load_is_set_aside_and_the_next_resume_continues(tmp_path):
    sets = [s for s in TRAIN_SETS if not s.startswith("sft.max_steps")] + ["sft.max_steps=3"]
    args = ["sft", "--recipe", "tiny", *(a for s in sets for a in ("--set", s)), "--run-dir", str(tmp_path)]
    env = {"OMP_NUM_THREADS": "1"}
    stage = tmp_path / "tiny" / "sft"
    first = grpo(*args, env=env)
    assert first.returncode == 0, first.stderr[-3000:]
    rundir.write_run_info(stage, status="interrupted")  # as if it had been stopped after its third save
    _wrong_shapes(stage / "checkpoint-3" / "model.safetensors")
    proc = grpo(*args, "--resume", env=env)
    one_line_exit_2(proc, "checkpoint-3 failed to load", "corrupt-checkpoint-3", "continue from checkpoint-2")
    assert (stage / "corrupt-checkpoint-3").is_dir()
    again = grpo(*args, "--resume", env=env)
    assert again.returncode == 0, again.stderr[-3000:]
    assert [r["step"] for r in rundir.read_jsonl(stage / "metrics.jsonl")] == [1, 2, 3]
    assert json.loads((stage / "run.json").read_text())["status"] == "finished"
