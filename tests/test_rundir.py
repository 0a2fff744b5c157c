"""Run directories: layout, refusal to overwrite, resume bookkeeping, jsonl writers."""

from __future__ import annotations

import json

import pytest

from grpo_cli import rundir
from grpo_cli.config import Recipe
from grpo_cli.errors import UserError


def mark(stage, kind):
    """The marker a stage writes first (only it makes a folder grpo's); what grpo writes after it is listed in it."""
    if rundir.owner(stage) != kind:
        rundir.manifest.write_new(stage, kind, rundir.now())


def make_checkpoint(stage, step, complete=True):
    """A checkpoint as transformers lays it out: weights (a real safetensors file), then trainer_state.json last.
    The stage folder is marked as a training stage, as `grpo sft|train` leaves it."""
    path = stage / f"checkpoint-{step}"
    path.mkdir(parents=True)
    kind = stage.name if stage.name in ("sft", "grpo") else "grpo"
    mark(stage, kind)
    rundir.write_run_info(stage, stage=kind)
    rundir.manifest.record_pending(stage, path.name)  # what the stage's callback does before the trainer saves
    header = json.dumps({"w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}).encode()
    (path / "model.safetensors").write_bytes(len(header).to_bytes(8, "little") + header + bytes(8))
    if complete:
        (path / "trainer_state.json").write_text(json.dumps({"global_step": step}))
        rundir.manifest.record(stage, path.name)  # and once it has saved
    return path


def test_layout(tmp_path):
    assert rundir.stage_dir(tmp_path, "tiny", "grpo") == tmp_path / "tiny" / "grpo"
    assert rundir.final_dir(tmp_path, "tiny", "sft") == tmp_path / "tiny" / "sft" / "final"
    assert rundir.stage_dir("", "tiny", "eval-sft") == rundir.stage_dir("runs", "tiny", "eval-sft")
    with pytest.raises(ValueError):
        rundir.stage_dir(tmp_path, "tiny", "rl")


def test_fresh_directory_is_created(tmp_path):
    stage = tmp_path / "tiny" / "sft"
    assert rundir.prepare(stage) is None
    assert stage.is_dir()
    assert rundir.prepare(stage) is None  # still empty: nothing to protect


def test_an_existing_run_is_never_overwritten_silently(tmp_path):
    stage = tmp_path / "tiny" / "grpo"
    stage.mkdir(parents=True)
    mark(stage, "grpo")
    rundir.write_run_info(stage, stage="grpo", status="finished")
    with pytest.raises(UserError) as err:
        rundir.prepare(stage)
    assert "already exists (status: finished)" in str(err.value)
    assert "--resume" in str(err.value) and "--overwrite" in str(err.value)
    assert (stage / "run.json").is_file()


def test_overwrite_starts_again(tmp_path):
    stage = tmp_path / "grpo"
    make_checkpoint(stage, 5)
    assert rundir.prepare(stage, overwrite=True) is None
    assert sorted(p.name for p in stage.iterdir()) == [rundir.LOCK, rundir.MARKER]


def test_resume_returns_the_latest_complete_checkpoint_and_cuts_later_rows(tmp_path):
    stage = tmp_path / "grpo"
    make_checkpoint(stage, 2)
    make_checkpoint(stage, 10)
    make_checkpoint(stage, 4)
    make_checkpoint(stage, 12, complete=False)  # killed while saving
    for step in range(1, 13):
        rundir.append_jsonl(stage / "metrics.jsonl", {"step": step, "reward": step / 10})
        rundir.append_jsonl(stage / "samples.jsonl", {"step": step, "completion": "x"})
    assert rundir.latest_checkpoint(stage) == stage / "checkpoint-10"
    assert rundir.prepare(stage, resume=True) == stage / "checkpoint-10"
    assert [r["step"] for r in rundir.read_jsonl(stage / "metrics.jsonl")] == list(range(1, 11))
    assert [r["step"] for r in rundir.read_jsonl(stage / "samples.jsonl")] == list(range(1, 11))


@pytest.mark.parametrize(
    "setup, kwargs, message",
    [
        (lambda s: None, {"resume": True}, "does not exist yet"),
        (lambda s: (mark(s, "grpo"), rundir.write_run_info(s, stage="grpo")), {"resume": True}, "no checkpoint in"),
        (lambda s: None, {"resume": True, "overwrite": True}, "contradict"),
    ],
)
def test_resume_errors(tmp_path, setup, kwargs, message):
    stage = tmp_path / "grpo"
    if "does not exist" not in message:
        stage.mkdir()
    setup(stage)
    with pytest.raises(UserError, match=message):
        rundir.prepare(stage, **kwargs)


def test_other_ranks_never_touch_the_directory(tmp_path, monkeypatch):
    stage = tmp_path / "grpo"
    make_checkpoint(stage, 3)
    monkeypatch.setenv("RANK", "1")
    assert rundir.prepare(stage) is None  # rank 0 decides; rank 1 neither refuses nor deletes
    assert rundir.prepare(stage, overwrite=True) is None and (stage / "checkpoint-3").is_dir()
    assert rundir.prepare(stage, resume=True) == stage / "checkpoint-3"


def test_jsonl_roundtrip_nan_and_torn_lines(tmp_path):
    path = tmp_path / "m.jsonl"
    rundir.append_jsonl(path, {"step": 1, "kl": float("nan"), "reward": 0.5})
    with open(path, "a") as fh:
        fh.write('{"step": 2, "rew')  # a writer killed mid-line
    rows = rundir.read_jsonl(path)
    assert rows == [{"step": 1, "kl": None, "reward": 0.5}]
    assert rundir.read_jsonl(tmp_path / "missing.jsonl") == []


def test_run_info_merges_and_recipe_is_written_resolved(tmp_path):
    rundir.write_run_info(tmp_path, status="running", start_time="t0")
    rundir.write_run_info(tmp_path, status="finished")
    assert json.loads((tmp_path / "run.json").read_text()) == {"status": "finished", "start_time": "t0"}
    rundir.write_recipe(tmp_path, Recipe(name="mine"))
    text = (tmp_path / "recipe.yaml").read_text()
    assert "name: mine" in text and "num_generations: 16" in text  # defaults filled in


def test_has_final(tmp_path):
    assert not rundir.has_final(tmp_path)
    (tmp_path / "final").mkdir()
    (tmp_path / "final" / "adapter_config.json").write_text("{}")
    assert rundir.has_final(tmp_path) and rundir.has_final(tmp_path / "final")
