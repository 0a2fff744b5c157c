"""What the learning scripts (learning.py, groups.py, distill.py) share: `grpo ARGS` as a user types it, in a real
subprocess, offline, from the repository root; and recipe keys as `--set` pairs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def grpo(*args: str) -> str:
    """Run `grpo ARGS`; its stdout, or exit with its stderr's tail when it fails."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}
    proc = subprocess.run([sys.executable, "-m", "grpo_cli", *args], cwd=REPO, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"grpo {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return proc.stdout


def sets(*keys: str) -> list[str]:
    """["a=1", "b=2"] -> ["--set", "a=1", "--set", "b=2"]."""
    return [a for k in keys for a in ("--set", k)]
