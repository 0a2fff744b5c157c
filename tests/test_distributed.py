"""The distributed path on CPU: `grpo train` with two processes relaunches itself through the real launcher code
(accelerate -> torchrun -> two gloo ranks), and the run directory is written once, by rank 0."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from grpo_cli import recipes, rundir
from grpo_cli.config import to_dict

# A handful of steps: 2 processes x 8 completions = 16 per step = 4 prompts x G 4, 16 tokens each. Process
# supervision (ProcessGRPOTrainer, a GRPOTrainer subclass): TRL's sampling, reward gathering and loss run as in outcome
# GRPO, and on top of them the one piece of our own that crosses processes, the step rewards gathered from both ranks
# and each rank's slice of the token-level advantage.
SETS = [
    "grpo.advantage=process",
    "launch.num_processes=2",
    "grpo.init=base",
    "grpo.max_steps=2",
    "grpo.logging_steps=1",
    "grpo.save_steps=2",
    "grpo.per_device_batch_size=8",
    "grpo.num_generations=4",
    "grpo.max_completion_length=16",
    "grpo.samples_per_log=2",
    "data.toy.num_train=64",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def set_args(sets: list[str]) -> list[str]:
    return [x for s in sets for x in ("--set", s)]


@pytest.fixture(scope="module")
def two_process_run(tmp_path_factory) -> tuple[object, Path]:
    from conftest import run_cli

    run_dir = tmp_path_factory.mktemp("runs")
    sets = [*SETS, f"launch.main_process_port={free_port()}"]
    proc = run_cli("train", "--recipe", "tiny", "--run-dir", str(run_dir), *set_args(sets), timeout=900)
    return proc, rundir.stage_dir(run_dir, "tiny", "grpo")


@pytest.mark.slow
def test_both_ranks_finish_through_the_launcher(two_process_run):
    proc, stage = two_process_run
    assert proc.returncode == 0, proc.stderr[-4000:]
    # grpo train printed the launch it ran: torchrun spawning 2 CPU (gloo) ranks
    assert "ACCELERATE_USE_CPU=true accelerate launch --multi_gpu --num_processes 2" in proc.stderr
    # accelerate/torchrun exit 0 only when every rank did; each rank saved its own RNG state in the checkpoint
    # (the Trainer writes rng_state_<rank>.pth only when world_size > 1)
    checkpoint = stage / "checkpoint-2"
    assert sorted(p.name for p in checkpoint.glob("rng_state*.pth")) == ["rng_state_0.pth", "rng_state_1.pth"]
    # rank 0 listed the checkpoint once both ranks had written it: both RNG states are grpo's, so --overwrite
    # would delete the whole folder and refuse nothing (TensorBoard's runs/ is not grpo's)
    listed = rundir.manifest.listed(stage)["checkpoint-2"]["dir"]
    assert {"rng_state_0.pth", "rng_state_1.pth", "model.safetensors", "optimizer.pt"} <= set(listed)
    ours, theirs, _ = rundir.manifest.sort(stage)
    assert set(theirs) <= {"runs"} and {"checkpoint-2", "final", "metrics.jsonl"} <= set(ours), theirs


@pytest.mark.slow
def test_rank_0_alone_writes_the_run_directory(two_process_run):
    proc, stage = two_process_run
    assert proc.returncode == 0, proc.stderr[-4000:]
    metrics = rundir.read_jsonl(stage / "metrics.jsonl")
    assert [row["step"] for row in metrics] == [1, 2]  # one row per logged step, not one per rank
    assert all(0.0 <= row["process/zero_std_frac"] <= 1.0 for row in metrics)  # the process advantage ran
    samples = rundir.read_jsonl(stage / "samples.jsonl")
    assert sorted(row["step"] for row in samples) == [1, 1, 2, 2]  # samples_per_log=2 rows per step, once
    assert [p.name for p in stage.glob("checkpoint-*")] == ["checkpoint-2"]
    info = rundir.read_run_info(stage)
    assert info["status"] == "finished" and info["hardware"]["world_size"] == 2
    # the resolved recipe says 2 processes: the run is reproducible from its own directory
    assert to_dict(recipes.load(str(stage / "recipe.yaml")))["launch"]["num_processes"] == 2


@pytest.mark.slow
def test_the_final_model_loads_and_generates(two_process_run):
    import torch

    from grpo_cli import models

    proc, stage = two_process_run
    assert proc.returncode == 0, proc.stderr[-4000:]
    final = rundir.final_dir(stage.parents[1], "tiny", "grpo")
    recipe = recipes.load("tiny")
    tokenizer = models.load_tokenizer(final, recipe.model)
    model = models.load_model(final, recipe.model, device="cpu")
    # final/ is the trained state rank 0 saved after the last step: the very weights of checkpoint-2 (not a rank's
    # partial copy, not the base model), and it generates what that checkpoint generates.
    last = models.load_model(stage / "checkpoint-2", recipe.model, device="cpu")
    trained = dict(last.named_parameters())
    assert all(torch.equal(p, trained[name]) for name, p in model.named_parameters())
    ids = tokenizer("3 + 4 =", return_tensors="pt").input_ids
    with torch.no_grad():
        out = model.generate(ids, max_new_tokens=4, do_sample=False)
        assert torch.equal(out, last.generate(ids, max_new_tokens=4, do_sample=False))
    assert torch.equal(out[0, : ids.shape[1]], ids[0])  # the prompt, then what the model wrote


@pytest.mark.slow
def test_sft_runs_in_two_processes_too(cli, tmp_path):
    sets = ["launch.num_processes=2", f"launch.main_process_port={free_port()}", "sft.max_steps=2", "sft.logging_steps=1",
            "sft.save_steps=2", "sft.per_device_batch_size=4"]  # fmt: skip
    proc = cli("sft", "--recipe", "tiny", "--run-dir", str(tmp_path), *set_args(sets), timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    stage = rundir.stage_dir(tmp_path, "tiny", "sft")
    assert [row["step"] for row in rundir.read_jsonl(stage / "metrics.jsonl")] == [1, 2]
    assert rundir.read_run_info(stage)["hardware"]["world_size"] == 2
    assert sorted(p.name for p in (stage / "checkpoint-2").glob("rng_state*.pth")) == [
        "rng_state_0.pth",
        "rng_state_1.pth",
    ]
    assert rundir.has_final(stage)


def test_dry_run_prints_the_cpu_launch_and_runs_nothing(cli, tmp_path):
    proc = cli("train", "--recipe", "tiny", "--run-dir", str(tmp_path / "runs"), "--dry-run", *set_args(SETS))
    assert proc.returncode == 0, proc.stderr
    lines = [x for x in proc.stdout.splitlines() if not x.startswith("#")]
    assert lines == [
        "ACCELERATE_USE_CPU=true accelerate launch --multi_gpu --num_processes 2 --num_machines 1 "
        "--main_process_port 29500 --mixed_precision no --dynamo_backend no -m grpo_cli train --recipe tiny "
        f"--run-dir {tmp_path / 'runs'} " + " ".join(set_args(SETS))
    ]
    assert not (tmp_path / "runs").exists()
