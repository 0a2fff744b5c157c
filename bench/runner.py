"""What the learning scripts (learning.py, groups.py, distill.py) share: `grpo ARGS` as a user types it, in a real
subprocess, offline, from the repository root; recipe keys as `--set` pairs; a model's two test-split evals."""

from __future__ import annotations

import json
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


def evaluate_ckpt(
    model: Path | str,
    out_root: Path,
    extra: list[str] | tuple[str, ...] = (),
    recipe: str = "tiny",
    split: str = "test",
) -> dict:
    """`grpo eval` of a checkpoint on the recipe's `split` (default test), sampled (the recipe's eval: tiny's T 1.0 x
    8) and greedy, each kept in out_root/<mode>/ and reused when already there: pass@1 and its 95% CI per mode."""
    result = {}
    for mode, flags in (("sampled", []), ("greedy", ["--n", "1", "--temperature", "0"])):
        out = out_root / mode
        if not (out / "summary.json").is_file():
            grpo("eval", "--recipe", recipe, "--ckpt", str(model), "--split", split, *flags, *sets(*extra),
                 "--output", str(out), "--overwrite")  # fmt: skip
        summary = json.loads((out / "summary.json").read_text())
        result[f"{mode}_pass@1"] = float(summary["pass@1"])
        result[f"{mode}_ci"] = summary["pass@1_ci"]
    return result
