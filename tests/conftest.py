"""Shared fixtures. Everything here is CPU-only and offline."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# ../shared beside the checkout (CI puts a copy there); GRPO_SHARED_DIR overrides.
SHARED = Path(os.environ.get("GRPO_SHARED_DIR", REPO.parent / "shared"))

# How long a wait may last before it counts as a hang: a bound for loops and process waits that only a bug reaches
# (pytest-timeout in pyproject.toml is the last resort, per test). Not a speed threshold: nothing asserts a duration.
HANG_S = 300.0

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def pytest_collection_modifyitems(config, items):
    """Tests marked `vllm` run only when the -m expression names vllm (`make test-vllm`, its own venv): every other
    selection (`make test`, `make test-slow`, a bare pytest) leaves them out, whatever else it selects."""
    if "vllm" in (config.getoption("markexpr") or ""):
        return
    kept = [item for item in items if item.get_closest_marker("vllm") is None]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[item for item in items if item.get_closest_marker("vllm") is not None])
        items[:] = kept


# The first 50 rows of GSM8K and MATH-500, shipped (tests/data/README.md: sources and licenses): the real-data tests and
# `make test-vllm` run on them on a fresh clone with nothing beside it.
SAMPLE = REPO / "tests" / "data"


@pytest.fixture(scope="session")
def sample_data() -> Path:
    """tests/data: GSM8K (gsm8k/train.jsonl 20 rows, test.jsonl 10) and MATH-500 (math500/test.jsonl 20 rows)."""
    return SAMPLE


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The full files in ../shared/data, for the few tests that need every row; skipped, saying so in the test
    summary, when they are absent."""
    data = SHARED / "data"
    if not data.is_dir():
        pytest.skip(f"needs the full datasets in ../shared/data (not found at {data}); the 50-row sample ran")
    return data


@pytest.fixture(scope="session", params=["sample", "full"])
def real_data(request) -> Path:
    """Each real-data check twice: on the shipped sample (always) and on the full files (when ../shared is there)."""
    return SAMPLE if request.param == "sample" else request.getfixturevalue("shared_data")


def run_cli(
    *args: str, cwd: Path | None = None, env: dict | None = None, timeout: float = 480
) -> subprocess.CompletedProcess:
    """Run `python -m grpo_cli ARGS` in a real subprocess, as a user would."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "grpo_cli", *args],
        cwd=cwd or REPO,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def wait_until(condition, what: str, *, timeout: float = HANG_S, poll: float = 0.05) -> None:
    """Poll `condition()` until it is true; fail naming `what` if it is not within `timeout` (a hang, not slowness)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"hung: {what} not within {timeout:.0f} s"
        time.sleep(poll)


@pytest.fixture
def cli():
    return run_cli


HEAVY = ("torch", "transformers", "trl", "datasets", "peft", "accelerate")

_PROBE = f"""
import json, sys
sys.argv = ["grpo", *json.loads(sys.argv[1])]
from grpo_cli.cli import main
try:
    main()
except SystemExit:
    pass
heavy = sorted(m for m in {HEAVY!r} if m in sys.modules)
print("HEAVY=" + json.dumps(heavy), file=sys.stderr)
"""


def heavy_imports(*args: str) -> list[str]:
    """Run `grpo ARGS` in a fresh interpreter and return which heavy ML packages it imported."""
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(list(args))], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    line = [x for x in proc.stderr.splitlines() if x.startswith("HEAVY=")]
    assert line, proc.stderr
    return json.loads(line[-1][len("HEAVY=") :])


# Small and fast: a few steps, short completions, G=4.
FAST = [
    "data.toy.num_train=64",
    "data.toy.num_test=8",
    "sft.max_steps=4",
    "sft.per_device_batch_size=4",
    "sft.logging_steps=2",
    "sft.save_steps=2",
    "grpo.max_steps=4",
    "grpo.num_generations=4",
    "grpo.per_device_batch_size=8",
    "grpo.max_completion_length=12",
    "grpo.logging_steps=1",
    "grpo.save_steps=2",
    "grpo.samples_per_log=2",
    # The few-step model writes no answer yet; the overlong penalty varies with length, so advantages are non-zero
    # and the policy really moves (which the resume checks need).
    "rewards.overlong=1.0",
    "reward_options.overlong_buffer=8",
]


def sets(*overrides: str) -> list[str]:
    return [arg for o in (*FAST, *overrides) for arg in ("--set", o)]


@pytest.fixture(scope="session")
def tiny_pipeline(tmp_path_factory):
    """`grpo sft` then `grpo train` on the tiny recipe with FAST (beta > 0, so the reference model and the KL term are
    in play; TensorBoard logging on, so test_tracking reads its events from the same run): the suite's one run of
    both stages, shared by the tests that only read what they wrote. Its cost: bench/bench_suite_pipeline.py."""
    run_dir = tmp_path_factory.mktemp("runs")
    sft = run_cli("sft", "--recipe", "tiny", *sets(*PIPELINE_SETS), "--run-dir", str(run_dir))
    assert sft.returncode == 0, sft.stderr[-3000:]
    train = run_cli("train", "--recipe", "tiny", *sets(*PIPELINE_SETS, "grpo.beta=0.04"), "--run-dir", str(run_dir))
    assert train.returncode == 0, train.stderr[-3000:]
    return {"run_dir": run_dir, "sft": sft, "train": train}


def _tensorboard() -> bool:
    import importlib.util

    return any(importlib.util.find_spec(m) for m in ("tensorboard", "tensorboardX"))


PIPELINE_SETS = ("tracking.report_to=tensorboard",) if _tensorboard() else ()
