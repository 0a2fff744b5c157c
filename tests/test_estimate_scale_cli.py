"""`grpo estimate` at R1 scale, with --method / --compare / --prm, as a user runs it (real subprocesses)."""

from __future__ import annotations

import json
import re

import pytest

from conftest import heavy_imports

R1 = ("--model", "deepseek-v3", "--tokens", "1e10", "--prompt-len", "0", "--gpu", "h800", "--num-gpus", "128")
R1 = (*R1, "--mfu", "0.4")


def estimate_json(cli, *args: str) -> dict:
    proc = cli("estimate", *args, "--json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_r1_on_128_h800_says_does_not_fit_first_and_prints_no_hours(cli):
    proc = cli("estimate", *R1, env={"COLUMNS": "200"})
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("does not fit on 128x h800: needs ")
    assert "--offload-optimizer" in lines[0] and "GiB" in lines[0]
    assert not re.search(r"[\d,.]+ GPU-hours", proc.stdout)  # no figure as if it fit
    assert "TP 64 with expert parallel 64" in proc.stdout  # the engines are still sized and shown
    r = estimate_json(cli, *R1)
    assert r["fits"] is False and r["gpu_hours"] is None and r["seconds"] is None
    assert r["if_it_fit"]["gpu_hours"] > 0 and r["does_not_fit"] == lines[0]


def test_r1_with_optimizer_offload_fits_and_has_hours(cli):
    r = estimate_json(cli, *R1, "--offload-optimizer")
    assert r["fits"] and r["does_not_fit"] is None
    assert r["generation"]["tensor_parallel"] == 64 and r["generation"]["layout"]["source"] == "auto"
    assert 1000 < r["gpu_hours"] < 100_000
    assert r["flops"]["training"] == pytest.approx(2.2e21, rel=0.02)
    given = estimate_json(cli, *R1, "--offload-optimizer", "--rollout-tp", "128")
    assert given["generation"]["tensor_parallel"] == 128 and given["generation"]["layout"]["source"] == "given"


def test_compare_prints_the_three_methods_on_the_same_data(cli):
    r = estimate_json(cli, "--compare")
    c = r["compare"]
    assert set(c) == {"grpo", "ppo", "dpo"}
    assert c["grpo"]["grpo_over"] == pytest.approx(1.0)
    assert c["dpo"]["grpo_over"] > 1 > c["ppo"]["grpo_over"]
    assert c["ppo"]["peak_gib_per_gpu"] > c["grpo"]["peak_gib_per_gpu"] > c["dpo"]["peak_gib_per_gpu"]
    table = cli("estimate", "--compare", env={"COLUMNS": "200"}).stdout
    assert "GRPO, PPO and DPO on the same data" in table and "dpo" in table
    # On 8x A100-40GB the 7B's GRPO and PPO plans do not fit: no hours for them, nor a ratio.
    small = estimate_json(cli, "--compare", "--gpu", "a100-40g")["compare"]
    assert small["ppo"]["fits"] is False and small["ppo"]["gpu_hours"] is None and small["ppo"]["grpo_over"] is None
    assert small["ppo"]["does_not_fit"].startswith("does not fit on 8x a100-40g")


def test_method_flag(cli):
    dpo = estimate_json(cli, "--method", "dpo")
    assert dpo["method"] == "dpo" and dpo["flops"]["generation"] == 0 and dpo["generation"]["engines"] == 0
    ppo = estimate_json(cli, "--method", "ppo")
    assert ppo["flops"]["critic_training"] == pytest.approx(ppo["flops"]["training"])
    for method, needle in (("dpo", "DPO generates nothing"), ("ppo", "critic_training")):
        table = cli("estimate", "--method", method, env={"COLUMNS": "200"})
        assert table.returncode == 0, table.stderr
        assert needle in table.stdout and "GPU-hours" in table.stdout


def test_prm_scoring_and_training(cli):
    r = estimate_json(cli, "--params", "7e9", "--prm", "7B", "--prm-train-tokens", "1e8", "--gpu", "a100-80g")
    seq = r["generated_tokens"] + r["prompt_tokens"]
    assert r["flops"]["reward_model"] == pytest.approx(2 * 7e9 * seq)
    assert r["prm"]["params"] == 7e9
    assert r["prm_training"]["flops"] == pytest.approx(8 * 7e9 * 1e8)  # 6N + 2N recompute per token
    named = estimate_json(cli, "--prm", "Qwen/Qwen2.5-Math-7B")
    assert named["prm"]["params"] == 7_615_616_512


@pytest.mark.parametrize(
    "args, needle",
    [
        (("--method", "sft"), "--method sft: expected one of grpo, ppo, dpo, distill"),
        (("--prm", "qwen9-7b"), "--prm: unknown model 'qwen9-7b'"),
        (("--prm-train-tokens", "many"), "--prm-train-tokens 'many'"),
    ],
)
def test_bad_scale_flags_are_one_line_exit_2(cli, args, needle):
    proc = cli("estimate", *args, "--json")
    assert proc.returncode == 2
    assert needle in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert "Traceback" not in proc.stderr


def test_compare_imports_nothing_heavy():
    assert heavy_imports("estimate", "--compare", "--prm", "7B", "--json") == []
