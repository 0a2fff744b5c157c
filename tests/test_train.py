"""`grpo sft` and `grpo train` end to end on the tiny recipe, in real subprocesses, offline on CPU.

The runs are a few steps long: they check the pipeline and the run directory, not learning (docs/learning.md).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import FAST, REPO, run_cli, sets, wait_until  # noqa: F401  (FAST, sets: bench/ imports them from here)
from grpo_cli import rundir

grpo = run_cli  # `grpo ARGS` in a real subprocess


def assert_one_line_exit_2(proc: subprocess.CompletedProcess, needle: str) -> None:
    assert proc.returncode == 2, proc.stderr[-2000:]
    lines = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and needle in lines[0], proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr


def metrics_without_timing(path: Path) -> list[dict]:
    rows = rundir.read_jsonl(path)
    for row in rows:
        row.pop("step_time", None)
        row.pop("tokens_per_second", None)
    return rows


@pytest.fixture
def pipeline(tiny_pipeline):
    """The suite's one `grpo sft` + `grpo train` run (conftest.tiny_pipeline, shared with test_tracking)."""
    return tiny_pipeline


@pytest.mark.slow
@pytest.mark.lowest
def test_sft_run_directory(pipeline):
    stage = pipeline["run_dir"] / "tiny" / "sft"
    recipe = yaml.safe_load((stage / "recipe.yaml").read_text())
    assert recipe["name"] == "tiny" and recipe["sft"]["max_steps"] == 4  # resolved, overrides applied
    info = json.loads((stage / "run.json").read_text())
    assert info["status"] == "finished" and info["step"] == 4 and info["device"] == "cpu"
    assert info["train_problems"] == 64 and info["dropped_problems"] == 0
    rows = rundir.read_jsonl(stage / "metrics.jsonl")
    assert [r["step"] for r in rows] == [2, 4]
    for key in ("loss", "learning_rate", "step_time", "tokens_per_second", "mean_token_accuracy"):
        assert all(key in r for r in rows), key
    assert (stage / "checkpoint-2" / "trainer_state.json").is_file()
    assert (stage / "final" / "config.json").is_file() and (stage / "final" / "tokenizer_config.json").is_file()
    assert "next: grpo train --recipe tiny" in pipeline["sft"].stdout


@pytest.mark.slow
@pytest.mark.lowest
def test_grpo_run_directory(pipeline):
    stage = pipeline["run_dir"] / "tiny" / "grpo"
    info = json.loads((stage / "run.json").read_text())
    assert info["status"] == "finished" and info["step"] == 4
    assert info["init"] == str(pipeline["run_dir"] / "tiny" / "sft" / "final")  # grpo.init: sft
    assert info["reference_model"] is True
    rows = rundir.read_jsonl(stage / "metrics.jsonl")
    assert [r["step"] for r in rows] == [1, 2, 3, 4]
    trl_names = ["reward", "reward_std", "rewards/accuracy/mean", "rewards/format/mean", "rewards/overlong/mean",
                 "completions/mean_length", "completions/clipped_ratio", "frac_reward_zero_std", "kl", "entropy",
                 "loss", "learning_rate"]  # fmt: skip
    verifier = [
        "verify/bad_reference_frac",
        "verify/timeout_frac",
        "verify/worker_failure_frac",
    ]  # the accuracy reward's
    for key in [*trl_names, *verifier, "step_time", "tokens_per_second"]:
        assert all(key in r for r in rows), key
    assert all(r["step_time"] > 0 and r["tokens_per_second"] > 0 for r in rows)
    samples = rundir.read_jsonl(stage / "samples.jsonl")
    assert sorted({s["step"] for s in samples}) == [1, 2, 3, 4]
    assert all(len([s for s in samples if s["step"] == step]) == 2 for step in (1, 2, 3, 4))
    first = samples[0]
    assert first["prompt"].startswith("<|im_start|>system\n") and first["prompt"].endswith("<|im_start|>assistant\n")
    assert set(first["rewards"]) == {"accuracy", "format", "overlong"} and isinstance(first["reward"], float)
    assert sorted(p.name for p in stage.glob("checkpoint-*")) == ["checkpoint-2", "checkpoint-4"]
    assert (stage / "final" / "model.safetensors").is_file()
    # Everything the stage wrote is listed in its marker, so --overwrite can delete it; TensorBoard's runs/ (written by
    # transformers' callback, not grpo) is the one entry that is not.
    ours, theirs, _ = rundir.manifest.sort(stage)
    assert set(theirs) <= {"runs"} and {"checkpoint-2", "checkpoint-4", "final", "metrics.jsonl", "README.md"} <= set(
        ours
    )


@pytest.mark.slow
def test_a_finished_stage_is_never_overwritten(pipeline):
    proc = grpo("sft", "--recipe", "tiny", *sets(), "--run-dir", str(pipeline["run_dir"]))
    assert_one_line_exit_2(proc, "already exists (status: finished)")
    assert "--resume" in proc.stderr and "--overwrite" in proc.stderr
    assert json.loads((pipeline["run_dir"] / "tiny" / "sft" / "run.json").read_text())["status"] == "finished"


@pytest.mark.slow
def test_train_from_a_directory(pipeline, tmp_path):
    proc = grpo(
        "train", "--recipe", "tiny", *sets("grpo.max_steps=1", "grpo.beta=0"), "--run-dir", str(tmp_path),
        "--from", str(pipeline["run_dir"] / "tiny" / "sft"),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    info = json.loads((tmp_path / "tiny" / "grpo" / "run.json").read_text())
    assert info["init"] == str(pipeline["run_dir"] / "tiny" / "sft" / "final")
    assert info["reference_model"] is False  # beta 0: no reference model is loaded


@pytest.mark.slow
@pytest.mark.parametrize(
    "args, needle",
    [
        (["train", "--recipe", "tiny", "--set", "grpo.loss_type=ppo"], "grpo.loss_type: 'ppo' is not allowed"),
        (["sft", "--recipe", "tiny", "--set", "sft.learning_rate=fast"], "sft.learning_rate: expected float"),
        (["train", "--recipe", "tiny", "--from", "/nonexistent/sft"], "--from /nonexistent/sft: no such directory"),
        (["sft", "--recipe", "tiny", "--resume", "--overwrite"], "contradict"),
    ],
)
def test_user_errors_before_training(args, needle, tmp_path):
    assert_one_line_exit_2(grpo(*args, "--run-dir", str(tmp_path)), needle)


@pytest.mark.slow
def test_missing_dataset_path(tmp_path):
    proc = grpo(
        "sft", "--recipe", "tiny", "--set", "data.dataset=gsm8k", "--set", "data.path=/nonexistent/gsm8k",
        "--run-dir", str(tmp_path),
    )  # fmt: skip
    assert_one_line_exit_2(proc, "data.path /nonexistent/gsm8k: no such file or folder")


def _popen_train(run_dir: Path, *overrides: str) -> subprocess.Popen:
    args = ["train", "--recipe", "tiny", *sets("grpo.init=base", "grpo.max_steps=6", *overrides)]
    return subprocess.Popen(
        [sys.executable, "-m", "grpo_cli", *args, "--run-dir", str(run_dir)],
        cwd=REPO, env=os.environ.copy(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def _wait_for(path: Path, proc: subprocess.Popen) -> None:
    def appeared() -> bool:
        assert proc.poll() is None, proc.communicate()[1][-3000:]
        return path.exists()

    wait_until(appeared, str(path), poll=0.1)


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    run_dir = tmp_path_factory.mktemp("straight")
    proc = _popen_train(run_dir)
    _, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err[-3000:]
    return metrics_without_timing(run_dir / "tiny" / "grpo" / "metrics.jsonl")


@pytest.mark.slow
def test_resume_after_kill_matches_an_uninterrupted_run(tmp_path, uninterrupted):
    proc = _popen_train(tmp_path)
    stage = tmp_path / "tiny" / "grpo"
    _wait_for(stage / "checkpoint-2" / "trainer_state.json", proc)
    proc.kill()  # SIGKILL: no chance to clean up
    proc.communicate()
    assert rundir.latest_checkpoint(stage) is not None
    refused = grpo("train", "--recipe", "tiny", *sets("grpo.init=base", "grpo.max_steps=6"), "--run-dir", str(tmp_path))
    assert_one_line_exit_2(refused, "already exists (status: running)")
    resumed = grpo(
        "train", "--recipe", "tiny", *sets("grpo.init=base", "grpo.max_steps=6"), "--run-dir", str(tmp_path),
        "--resume",
    )  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    # Same data order, same sampling, same updates: the metrics equal those of the run that was never stopped.
    assert metrics_without_timing(stage / "metrics.jsonl") == uninterrupted
    assert json.loads((stage / "run.json").read_text())["status"] == "finished"


@pytest.mark.slow
def test_ctrl_c_saves_a_checkpoint_and_resume_finishes(tmp_path, uninterrupted):
    proc = _popen_train(tmp_path, "grpo.save_steps=100")  # no scheduled checkpoint before the end
    stage = tmp_path / "tiny" / "grpo"
    _wait_for(stage / "metrics.jsonl", proc)  # training is under way
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 130, err[-3000:]
    info = json.loads((stage / "run.json").read_text())
    assert info["status"] == "interrupted"
    step = info["step"]
    assert 1 <= step < 6 and (stage / f"checkpoint-{step}" / "trainer_state.json").is_file()
    assert f"stopped at step {step}" in err and "--resume" in err and "Traceback" not in err
    resumed = grpo(
        "train", "--recipe", "tiny", *sets("grpo.init=base", "grpo.max_steps=6", "grpo.save_steps=100"),
        "--run-dir", str(tmp_path), "--resume",
    )  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    assert metrics_without_timing(stage / "metrics.jsonl") == uninterrupted
