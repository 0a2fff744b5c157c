"""The gsm8k-0.5b recipe's whole chain through vLLM on a CPU: `grpo run` (eval base -> SFT -> eval -> GRPO -> eval),
with only the model (SmolLM2-135M-Instruct), the data size and the step counts changed by --set. Its GRPO stage
uses the recipe's own colocated vLLM (grpo.use_vllm, vllm_mode colocate) and each eval goes through vLLM
(eval.backend=vllm: `auto` takes vLLM on a GPU only)."""

from __future__ import annotations

import json

import pytest
import yaml

from conftest import run_cli
from vllm_cases import ENGINE_ENV, require_vllm

pytestmark = [pytest.mark.vllm, pytest.mark.real_model, pytest.mark.timeout(2400)]


def test_gsm8k_05b_recipe_runs_end_to_end_through_vllm(sample_data, tmp_path):
    require_vllm()
    from real_model import smollm2_dir

    smollm2 = smollm2_dir()
    sets = {
        "model.name": smollm2, "data.path": sample_data / "gsm8k", "data.limit": 8,
        "sft.max_steps": 2, "sft.per_device_batch_size": 2, "sft.logging_steps": 1,
        "grpo.num_generations": 4, "grpo.per_device_batch_size": 4, "grpo.gradient_accumulation_steps": 1,
        "grpo.max_completion_length": 16, "grpo.max_steps": 2, "grpo.logging_steps": 1,
        "eval.limit": 2, "eval.max_tokens": 32, "eval.backend": "vllm",
    }  # fmt: skip
    args = [x for k, v in sets.items() for x in ("--set", f"{k}={v}")]
    proc = run_cli(
        "run", "--recipe", "gsm8k-0.5b", "--run-dir", str(tmp_path), "--json", *args, env=ENGINE_ENV, timeout=2400
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    run = tmp_path / "gsm8k-0.5b"
    recipe = yaml.safe_load((run / "grpo" / "recipe.yaml").read_text())
    assert recipe["grpo"]["use_vllm"] is True and recipe["grpo"]["vllm_mode"] == "colocate"
    assert recipe["model"]["lora"] is True and recipe["grpo"]["beta"] == 0.04  # the recipe's, untouched
    info = json.loads((run / "grpo" / "run.json").read_text())
    assert info["status"] == "finished" and info["step"] == 2 and info["use_vllm"] is True
    assert (run / "grpo" / "final" / "adapter_config.json").is_file()
    evals = sorted(p.parent for p in run.rglob("summary.json"))
    assert len(evals) == 3, evals
    for folder in evals:
        summary = json.loads((folder / "summary.json").read_text())
        assert summary["settings"]["backend"] == "vllm" and summary["counts"]["problems"] == 2, folder
