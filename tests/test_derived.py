"""grpo_cli.formulas: the quantities config, estimate, monitor and launch all derive from a recipe, computed once."""

from __future__ import annotations

import pytest

from grpo_cli import estimate, formulas, launch, recipes
from grpo_cli.config import MonitorConfig
from grpo_cli.formulas import no_signal_fraction, smallest_group
from grpo_cli.observe import alarms, replay


def test_no_signal_fraction_and_smallest_group():
    assert no_signal_fraction(0.5, 2) == pytest.approx(0.5)
    assert no_signal_fraction(0.1, 16) == pytest.approx(0.1**16 + 0.9**16)
    assert smallest_group(0.5) == 5  # 2 x 0.5^5 = 0.0625 < 0.1, 2 x 0.5^4 = 0.125
    assert smallest_group(0.1) == 22  # 0.9^22 = 0.098
    assert smallest_group(0.0) is None and smallest_group(1.0) is None
    for p in (0.02, 0.3, 0.97):
        g = smallest_group(p)
        assert no_signal_fraction(p, g) < 0.1 <= no_signal_fraction(p, g - 1)
    assert smallest_group(1e-5, 0.1, limit=64) is None
    assert smallest_group(0.5, 0.2) == 4  # a looser target needs a smaller group


def test_one_no_signal_threshold_for_estimate_and_monitor():
    assert MonitorConfig().no_signal_target == formulas.NO_SIGNAL_TARGET
    rec = recipes.load("gsm8k-7b", ["monitor.no_signal_target=0.2"])
    ns = estimate.estimate(estimate.inputs_from_recipe(rec, pass_rate=0.5)).to_json()["no_signal"]
    assert ns["target"] == 0.2 and ns["smallest_G_under_target"] == smallest_group(0.5, 0.2) == 4
    rows = [{"step": s, "frac_reward_zero_std": 0.95, "rewards/accuracy/mean": 0.5} for s in range(1, 8)]
    (alarm,) = replay.replay(rows, rec.monitor, alarms.RunContext(num_generations=2)).alarms
    assert "G=4 is the smallest that keeps it under 20%" in alarm.advice


def test_trainer_processes_and_generation_batch_follow_the_vllm_server():
    rec = recipes.load("gsm8k-7b")  # 8 processes, per_device 16 x accumulation 8
    assert formulas.trainer_processes(rec) == 8 and formulas.generation_batch(rec) == 16 * 8 * 8
    server = recipes.load(
        "gsm8k-7b", ["grpo.vllm_mode=server", "launch.vllm_server_gpus=2", "grpo.per_device_batch_size=8"]
    )
    assert formulas.uses_vllm_server(server) and formulas.trainer_processes_per_node(server) == 6
    assert formulas.generation_batch(server) == 8 * 8 * 6
    assert launch.processes_per_node(server, "grpo") == 6 and launch.processes_per_node(server, "sft") == 8
    x = estimate.inputs_from_recipe(server)
    assert (x.num_gpus, x.gen_batch) == (6, formulas.generation_batch(server))
    remote = recipes.load(
        "gsm8k-7b", ["grpo.vllm_mode=server", "launch.vllm_server_gpus=8", "launch.vllm_server_host=10.0.0.2"]
    )
    assert formulas.trainer_processes(remote) == 8  # a server elsewhere takes none of this node's GPUs


def test_steps_and_prompts_are_inverse():
    for steps, batch, iters, G in ((600, 16, 1, 8), (100, 1024, 2, 16), (7, 96, 1, 6)):
        prompts = formulas.prompts_for_steps(steps, batch, iters, G)
        assert formulas.optimizer_steps(prompts * G, batch, iters) == pytest.approx(steps)
    assert formulas.prompts_for_steps(1, 8, 1, 16) == 1  # never zero prompts
