"""bench/gpu_check.py: its CPU smoke run (the same code path as on a GPU), and its bookkeeping."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys

import pytest

from conftest import REPO

SCRIPT = REPO / "bench" / "gpu_check.py"


def load_script():
    spec = importlib.util.spec_from_file_location("gpu_check", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_phase_timers_line_up_with_the_logged_steps():
    gc = load_script()
    # metrics.jsonl rows (step = global_step after the step) and timers opened during global_step 0 and 1
    rows = [
        {"step": 1, "step_time": 10.0, "num_tokens": 1000.0, "completions/mean_length": 50.0},
        {"step": 2, "step_time": 8.0, "num_tokens": 2100.0, "completions/mean_length": 60.0},
    ]
    phases = {
        0: {"transformers.generate": 6.0, "_prepare_inputs": 7.0, "_calculate_rewards": 0.5, "compute_loss": 1.0},
        1: {"transformers.generate": 4.0, "_prepare_inputs": 5.0, "_calculate_rewards": 0.5, "compute_loss": 1.0},
    }
    steps = gc.per_step_figures(rows, phases, completions_per_step=16)
    assert [s["generation_s"] for s in steps] == [6.0, 4.0]
    assert steps[1]["tokens"] == 1100.0 and steps[1]["completion_tokens"] == 960.0
    assert steps[1]["prompt_tokens"] == 140.0
    assert steps[1]["scoring_s"] == pytest.approx(0.5)  # 5 - 4 generate - 0.5 rewards
    assert steps[1]["backward_optimizer_s"] == pytest.approx(2.0)  # 8 - 5 prepare - 1 loss
    summary = gc.summarise_steps(steps)
    assert summary["steady_steps"] == [2]  # the warm-up step is dropped
    assert summary["tokens_per_s"]["generation"] == pytest.approx(960.0 / 4.0)
    assert summary["tokens_per_s"]["overall"] == pytest.approx(1100.0 / 8.0)
    assert summary["tokens_per_s"]["training"] == pytest.approx(1100.0 / 4.0)


def test_the_padded_tokenizer_decodes_every_id_and_encodes_one_token_per_character():
    from grpo_cli.models import build_tiny_tokenizer

    tok = build_tiny_tokenizer(128, vocab_size=600)
    assert len(tok) == 600
    text = "12 + 30 = <answer>42</answer>"
    assert len(tok(text).input_ids) == len(text)
    assert tok.decode(tok(text).input_ids) == text
    assert tok.decode([599, 598]) == "f499f498"  # fillers: ids a random model samples still decode
    assert len(build_tiny_tokenizer(128)) == 100  # the tiny model's own vocabulary is unchanged


def test_models_are_estimates_table_and_recipes_take_set(tmp_path):
    import argparse

    from grpo_cli.estimate import ARCHS, KNOWN_CONFIGS

    gc = load_script()
    cfg = gc.model_config("qwen2.5-1.5b")
    assert cfg == {k: v for k, v in KNOWN_CONFIGS["qwen2.5-1.5b"].items() if k != "model_type"}
    assert ARCHS["qwen2.5-1.5b"].hidden == cfg["hidden_size"] == 1536
    a = argparse.Namespace(steps=3, max_completion=256, eval_limit=64, eval_max_tokens=256, eval_batch=0,
                           set=["grpo.beta=0.0", "model.lora_rank=8"])  # fmt: skip
    recipe = gc.make_recipe("qwen2.5-0.5b", "vllm", tmp_path / "m", a)
    assert recipe.name == "gpu-check-qwen2.5-0.5b-vllm" and recipe.model.name == str(tmp_path / "m")
    assert recipe.grpo.use_vllm and recipe.grpo.max_steps == 3 and recipe.data.path is None
    assert recipe.prompt.system == gc.SYSTEM and recipe.model.dtype == "bf16"
    assert recipe.grpo.beta == 0.0 and recipe.model.lora_rank == 8  # the user's --set comes last
    a.set = ["grpo.bta=0.1"]
    from grpo_cli.errors import UserError

    with pytest.raises(UserError, match="unknown recipe key 'grpo.bta'"):
        gc.make_recipe("smoke", "hf", tmp_path / "m", a)


def test_pytest_outcomes_read_a_cut_log():
    gc = load_script()
    log = "\n".join([
        "tests/test_a.py::test_one PASSED                    [ 10%]",
        "tests/test_a.py::test_two FAILED                    [ 20%]",
        "tests/test_b.py::test_three[x-1] SKIPPED (no GPU)   [ 30%]",
        "tests/test_b.py::test_four ERROR                    [ 40%]",
        "FAILED tests/test_a.py::test_two - assert 1 == 2",  # the -rfE summary repeats it: not counted twice
        "some other output PASSED",
    ])  # fmt: skip
    out = gc.pytest_outcomes(log)
    assert out["counts"] == {"passed": 1, "failed": 1, "skipped": 1, "error": 1}
    assert out["failed"] == ["tests/test_a.py::test_two", "tests/test_b.py::test_four"]


def test_pytest_shards_split_every_file_once(tmp_path):
    gc = load_script()
    tests = sorted((REPO / "tests").glob("test_*.py"))
    shards = gc.pytest_shards(tests, 4)
    assert len(shards) == 4
    flat = [f for s in shards for f in s]
    assert sorted(flat) == sorted(str(t.relative_to(REPO)) for t in tests)
    sizes = [sum((REPO / f).stat().st_size for f in s) for s in shards]
    assert max(sizes) < 1.5 * min(sizes)  # about equal work each
    assert len(gc.pytest_shards(tests[:2], 8)) == 2  # no empty shards


def test_plan_puts_the_new_parts_first_and_vllm_last():
    import argparse

    gc = load_script()
    a = argparse.Namespace(
        smoke=False, models=["qwen2.5-0.5b", "qwen2.5-1.5b"], backends=list(gc.BACKENDS), pytest=True
    )
    assert gc.plan(a, vllm=True) == [
        ("grpo", "qwen2.5-0.5b", "hf"), ("floor", "qwen2.5-0.5b", "hf"), ("eval", "qwen2.5-0.5b", "hf"),
        ("pytest", "-", "-"), ("grpo", "qwen2.5-0.5b", "hf-compiled"), ("eval", "qwen2.5-0.5b", "hf-compiled"),
        ("grpo", "qwen2.5-1.5b", "hf"), ("eval", "qwen2.5-1.5b", "hf"),
        ("grpo", "qwen2.5-0.5b", "vllm"), ("grpo", "qwen2.5-1.5b", "vllm"), ("eval", "qwen2.5-0.5b", "vllm"),
    ]  # fmt: skip
    a.pytest, a.backends = False, ["hf"]
    assert ("pytest", "-", "-") not in gc.plan(a, vllm=False)
    assert all(b == "hf" for _, _, b in gc.plan(a, vllm=True))


def test_ratios_against_the_floor():
    gc = load_script()
    parts = [
        {"part": "grpo", "arch": "m", "backend": "hf", "status": "ok", "settings": {"max_completion_length": 256},
         "summary": {"seconds_per_step": {"generation_s": 11.52}}},
        {"part": "floor", "arch": "m", "variants": {"bare": {"step_ms": 15.0}, "lora_sampling": {"step_ms": 45.0},
                                                    "eval_shape": {"step_ms": 30.0}}},
        {"part": "eval", "arch": "m", "backend": "hf", "status": "ok", "problems": 64, "max_tokens": 256,
         "batch_size": 64, "timing": {"generate_s": 5.76}},
    ]  # fmt: skip
    r = gc.ratios(parts)
    assert r["floor_step_ms"] == 15.0
    assert r["trl_hf_step_over_floor"] == pytest.approx(45.0 / 15.0)
    assert r["lora_sampling_over_floor"] == 3.0 and r["eval_shape_over_floor"] == 2.0
    assert r["eval_hf_step_over_floor"] == pytest.approx(5760 / 256 / 15.0)  # one call of 64 rows, 256 steps
    assert gc.ratios(parts[:1]) == {}


@pytest.mark.skipif(shutil.which("nvidia-smi") is not None, reason="on a GPU machine this would run the full check")
def test_without_a_gpu_it_refuses_and_names_the_smoke_run(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--out", str(tmp_path / "x.json")], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 2
    assert "no NVIDIA GPU found" in proc.stderr and "--smoke" in proc.stderr
    assert not (tmp_path / "x.json").exists()


@pytest.mark.slow
@pytest.mark.timeout(1500)  # six parts, two of them compiling with inductor on a CPU
def test_smoke_run_measures_the_stage_code_and_predicts(tmp_path):
    out = tmp_path / "smoke.json"
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--smoke", "--out", str(out), "--work", str(tmp_path / "work")],
        capture_output=True,
        text=True,
        timeout=1500,
        cwd=REPO,
    )
    report = json.loads(out.read_text())
    assert proc.returncode == 0, json.dumps(report["parts"], indent=1)[-4000:]
    by = {(p["part"], p["backend"]): p for p in report["parts"]}
    assert list(by) == [("grpo", "hf"), ("floor", "hf"), ("eval", "hf"), ("pytest", "-"), ("grpo", "hf-compiled"),
                        ("eval", "hf-compiled")]  # fmt: skip
    assert all(p["status"] == "ok" for p in report["parts"])
    grpo, ev = by["grpo", "hf"], by["eval", "hf"]
    assert [s["step"] for s in grpo["steps"]] == [1, 2]
    assert grpo["final_dir_written"]
    assert grpo["build_model_s"] > 0
    # 8 completions per step of at most 16 tokens each
    assert all(0 < s["completion_tokens"] <= 8 * 16 for s in grpo["steps"])
    assert all(s["generation_s"] > 0 and s["step_time_s"] > s["generation_s"] for s in grpo["steps"])
    rates = grpo["summary"]["tokens_per_s"]
    assert rates["generation"] > 0 and rates["overall"] > 0
    # grpo estimate's prediction for the same settings, with the ratio to what was measured
    est = grpo["estimate"]
    assert est["seconds_per_step"] > 0 and est["measured_over_predicted"]["step_time"] > 0
    assert est["inputs"]["gen_batch"] == 8
    assert "predicted for an H100" in est["note"]
    assert ev["timing"]["completion_tokens"] > 0 and ev["problems"] == 8
    assert ev["batch_size"] == 32  # eval.batch_size 0 on a CPU: the default
    # The floor: bare generate in every variant, each a per-step time; the ratios to it in the report.
    floor = by["floor", "hf"]
    assert set(floor["variants"]) == {v[0] for v in load_script().FLOOR_VARIANTS}
    # Each variant timed 1 and 8 new tokens; the per-step difference is None where a busy CPU's noise swamped it (two
    # test workers share the CI machine's 2 cores), never a negative time.
    variants = floor["variants"].values()
    assert all(v["steps"] == 8 and v["one_token_s"] > 0 and v["many_tokens_s"] > 0 for v in variants), variants
    assert all(v["step_ms"] is None or v["step_ms"] > 0 for v in variants), variants
    assert floor["variants"]["lora_sampling"]["rows"] == 8 and floor["variants"]["eval_shape"]["rows"] == 8
    if floor["variants"]["bare"]["step_ms"] is not None:
        assert report["ratios"]["trl_hf_step_over_floor"] > 0
    # The compiled path ran through the same stages.
    assert by["grpo", "hf-compiled"]["settings"]["generation"] == "compiled"
    assert by["eval", "hf-compiled"]["generation"] == "compiled"
    # The suite part ran (the smoke's own few tests) and read its outcomes.
    tests = by["pytest", "-"]
    assert tests["finished"] and tests["counts"].get("passed", 0) >= 4 and tests["failed"] == []
