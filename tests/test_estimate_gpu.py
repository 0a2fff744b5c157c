"""`grpo estimate` against what ran on a GPU, per generation backend (issue 37): the first GPU run (bench/gpu_check.py
on one H200, 2026-12-04, main at 06a8c19: docs/scale.md), the shape model of the compute phases (estimate/kernels.py,
counted by bench/kernel_counts.py), and vLLM's decode-step floor (vLLM PR 53060's figures, docs/sources.md).

Which figures were fitted and which only checked is part of the claim: one constant was fitted on the H200 run
(HF_DECODE_HOST_PER_LAYER_S, on the 0.5B GRPO generation); the training phases, the evals and the 1.5B figures are
predictions from the mechanism, checked here without refitting."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from conftest import REPO
from grpo_cli import estimate as E
from grpo_cli import recipes
from grpo_cli.errors import UserError
from grpo_cli.estimate import defaults as D
from grpo_cli.estimate import kernels

# The H200 run (docs/scale.md, "The first GPU figures"): steady steps 2-3 of the 0.5B GRPO part (HF generate, LoRA
# r16, 64 completions of 256 tokens, prompts ~154 tokens), and the two 64-problem evals (greedy, 256 tokens, batch 32).
H200_GRPO_05B = {"step": 12.52, "generation": 11.705, "scoring": 0.18, "loss_forward": 0.21, "backward": 0.41}
H200_EVAL_S = {"qwen2.5-0.5b": 24.2, "qwen2.5-1.5b": 25.9}
TARGET = (0.8, 1.25)  # issue 37 on the fitted 0.5B figures
CHECKED = (0.7, 1.43)  # on a setting not fitted on
CHECK_SETTINGS = [
    "grpo.max_completion_length=256",
    "grpo.use_vllm=false",
    "grpo.max_steps=3",
    "data.dataset=toy",
    "data.path=null",
    "data.limit=0",
    "data.toy.num_train=512",
]


def check_inputs(arch: str, recipe: str) -> E.EstimateInputs:
    """The gpu_check's GRPO part as `grpo estimate` sees it (bench/gpu_check.py predict()): its recipe with the
    check's settings, the architecture, one H200, the measured lengths."""
    r = recipes.load(recipe, CHECK_SETTINGS, world=False)
    return E.inputs_from_recipe(r, model=arch, gpu="h200", num_gpus=1, mean_len=256.0, prompt_len=154.0)


def per_step(arch: str = "qwen2.5-0.5b", recipe: str = "gsm8k-0.5b") -> dict[str, float]:
    e = E.estimate(check_inputs(arch, recipe))
    s = {k: v / e.steps for k, v in e.seconds.items()}
    return {
        "step": e.seconds_per_step,
        "generation": s["generation"] + s["prefill"],  # TRL's generate timer holds the prefill
        "scoring": s["reference"],
        "training": s["training"] + s["recompute"],
    }


def eval_seconds(arch: str) -> float:
    """64 problems x 256 greedy tokens in 2 calls of 32 rows, as the H200 eval ran."""
    x = check_inputs(arch, "gsm8k-0.5b")
    return kernels.hf_generate_seconds(x, 32, 154.0, 256, calls=2)


def test_fitted_figures_hit_the_target():
    p = per_step()
    for key in ("step", "generation"):
        ratio = H200_GRPO_05B[key] / p[key]
        assert TARGET[0] <= ratio <= TARGET[1], (key, ratio)


def test_the_training_phases_follow_from_the_shape_not_from_a_fit():
    p = per_step()
    measured = H200_GRPO_05B["scoring"] + H200_GRPO_05B["loss_forward"] + H200_GRPO_05B["backward"]
    assert CHECKED[0] <= measured / (p["scoring"] + p["training"]) <= CHECKED[1]
    # The old constant MFU put them at 2.6x too fast; a 0.5B LoRA pass reaches a fraction of a 7B's MFU.
    x = check_inputs("qwen2.5-0.5b", "gsm8k-0.5b")
    assert kernels.effective_mfu(x.shape, True, x.gpu, x.mfu, x.bandwidth_efficiency) < 0.15


@pytest.mark.parametrize("arch", sorted(H200_EVAL_S))
def test_the_evals_are_predicted_without_refitting(arch):
    ratio = H200_EVAL_S[arch] / eval_seconds(arch)
    assert CHECKED[0] <= ratio <= CHECKED[1], ratio


def test_decode_on_hf_is_host_bound_until_large_batches():
    x = check_inputs("qwen2.5-0.5b", "gsm8k-0.5b")
    a, weights = x.shape, 2 * x.params
    small, mid = (kernels.hf_step_seconds(a, b, 282, weights, x) for b in (32, 64))
    assert small == mid == pytest.approx(a.n_layers * D.HF_DECODE_HOST_PER_LAYER_S)
    # Thousands of rows: the KV cache, its copy and the sampling over 152k logits outgrow the host floor.
    big = kernels.hf_step_seconds(a, 20_000, 282, weights, x)
    assert big > 2 * small


def test_the_mfu_is_a_7bs_and_smaller_shapes_reach_less():
    for gpu in ("h100", "a100-80g", "h200"):
        g = E.GPUS[gpu]
        anchor = kernels.anchor_arch()
        assert kernels.effective_mfu(anchor, False, g, 0.35, 0.7) == pytest.approx(0.35, rel=1e-9)
        half = E.ARCHS["qwen2.5-0.5b"]
        assert kernels.effective_mfu(half, False, g, 0.35, 0.7) < kernels.effective_mfu(anchor, False, g, 0.35, 0.7)
        # LoRA's fp32 adapter paths move bytes for few FLOPs.
        assert kernels.effective_mfu(half, True, g, 0.35, 0.7) < kernels.effective_mfu(half, False, g, 0.35, 0.7)
    # An MFU no shape can reach keeps the GEMMs at the peak (no efficiency above 1).
    assert kernels.gemm_efficiency(0.99, E.GPUS["h100"].flops, E.GPUS["h100"].bandwidth) == 1.0


def test_vllm_floor_reproduces_its_source():
    """vLLM PR 53060, H100 PCIe (756 TFLOP/s bf16 dense, 2.0 TB/s), FA3 bf16, 128-token context: Qwen2.5-0.5B at
    batch 1 (fitted: 1.677 ms), Qwen3-1.7B at batch 1 (3.199 ms) and Qwen2.5-0.5B at batch 32 (2.148 ms), checked."""
    pcie = E.GPUS["h100-pcie"]
    assert (
        E.gpu_from_device_name("NVIDIA H100 PCIe") is pcie
        and E.gpu_from_device_name("NVIDIA H100 80GB HBM3").name == "h100"
    )
    r = recipes.load("gsm8k-0.5b", world=False)
    qwen3 = {"hidden_size": 2048, "intermediate_size": 6144, "num_hidden_layers": 28, "num_attention_heads": 16,
             "num_key_value_heads": 8, "head_dim": 128, "vocab_size": 151936, "tie_word_embeddings": True}  # fmt: skip
    qwen3_path = REPO / "tests" / "fixtures" / "qwen3-1.7b-config.json"
    assert json.loads(qwen3_path.read_text()) == qwen3

    def tpot(model: str, batch: int) -> float:
        x = E.inputs_from_recipe(r, model=model, gpu=pcie, num_gpus=1, prompt_len=128.0, mean_len=1.0)
        step = 2 * x.params / (pcie.bandwidth * x.bandwidth_efficiency) + kernels.vllm_step_overhead(x.shape, False)
        per_token = 2 * x.flop_params / (pcie.flops * x.decode_efficiency) + 128 * x.shape.kv_bytes_per_token / (
            pcie.bandwidth * x.bandwidth_efficiency
        )
        return 1e3 * (step + batch * per_token)

    assert tpot("qwen2.5-0.5b", 1) == pytest.approx(1.677, rel=0.03)
    assert 1 / 1.2 <= 3.199 / tpot(str(qwen3_path), 1) <= 1.2
    assert 1 / 1.2 <= 2.148 / tpot("qwen2.5-0.5b", 32) <= 1.2


def test_kernel_bytes_match_a_recount_on_the_stack():
    """bench/kernel_counts.py's counter on one more shape, now: the coefficients in defaults.py still describe the
    installed transformers and PEFT (a change there that moves more bytes shows up here)."""
    pytest.importorskip("peft")
    import importlib.util

    spec = importlib.util.spec_from_file_location("kernel_counts", REPO / "bench" / "kernel_counts.py")
    kc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kc)
    shape = (80, 224, 5, 1, 16)
    counted = kc.layer_counts(shape)
    h, i, heads, kv, hd = shape
    for name, (c_h, c_i, c_q, c_kv) in D.KERNEL_BYTES_PER_TOKEN.items():
        formula = c_h * h + c_i * i + c_q * heads * hd + c_kv * kv * hd
        assert counted[name] == pytest.approx(formula, rel=0.02), name


# ------------------------------------------------------------------------------------------------------------
# --calibrate gpu_check.json


def check_report(step_time: float = 12.52) -> dict:
    """A gpu_check.json as bench/gpu_check.py writes it, holding the H200 run's 0.5B GRPO part."""
    return {
        "kind": "gpu",
        "device": {"name": "NVIDIA H200", "memory_gib": 140.4, "count": 1},
        "parts": [
            {"part": "floor", "arch": "qwen2.5-0.5b", "status": "ok", "variants": {}},
            {
                "part": "grpo", "arch": "qwen2.5-0.5b", "backend": "hf", "status": "ok",
                "settings": {"recipe": "gsm8k-0.5b", "lora": True, "lora_rank": 16, "gradient_checkpointing": True,
                             "G": 8, "completions_per_step": 64, "per_device_batch_size": 32,
                             "gradient_accumulation_steps": 2, "max_completion_length": 256, "beta": 0.04,
                             "use_vllm": False, "vllm_gpu_memory_utilization": None, "generation": "eager"},
                "steps": [{"step": 1}, {"step": 2}, {"step": 3}],
                "summary": {"seconds_per_step": {"step_time_s": step_time, "generation_s": 11.705},
                            "tokens_per_step": 64 * 410.0, "completion_tokens_per_step": 64 * 256.0,
                            "tokens_per_s": {"overall": 64 * 410.0 / step_time}},
            },
        ],
    }  # fmt: skip


def test_calibrate_reads_a_gpu_check_json(tmp_path, cli):
    path = tmp_path / "gpu_check.json"
    path.write_text(json.dumps(check_report()))
    proc = cli("estimate", "--calibrate", str(path), "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    cal = out["calibration"]
    assert cal["basis"] == "step_time" and cal["gpu"] == "h200" and cal["steps_logged"] == 3
    assert cal["step_time"]["measured"] == 12.52
    assert cal["factor"] == pytest.approx(12.52 / cal["step_time"]["predicted"])
    assert cal["factor"] == pytest.approx(12.52 / per_step()["step"])
    assert "qwen2.5-0.5b hf" in cal["run_dir"]
    # The target: the part's recipe as shipped, on the check's GPU, at its own mean length (not the random model's).
    assert out["recipe"] == "gsm8k-0.5b" and out["gpu"] == "h200"
    assert out["inputs"]["mean_len"] == recipes.load("gsm8k-0.5b").estimate.mean_completion_len
    # A slower measurement scales every phase by the same factor.
    path.write_text(json.dumps(check_report(25.04)))
    slow = json.loads(cli("estimate", "--calibrate", str(path), "--json").stdout)
    assert slow["calibration"]["factor"] == pytest.approx(2 * cal["factor"])
    assert slow["gpu_hours"] == pytest.approx(2 * out["gpu_hours"])


def test_calibrate_picks_the_part_of_the_recipe_and_backend():
    a = check_report()["parts"][1]
    b = {**a, "arch": "qwen2.5-1.5b", "settings": {**a["settings"], "recipe": "gsm8k-1.5b"}}
    v = {**a, "backend": "vllm", "settings": {**a["settings"], "use_vllm": True}}
    runs = E.gpu_check_runs({"parts": [a, b, v]}, "x")
    assert [r.label for r in runs] == ["qwen2.5-0.5b hf eager", "qwen2.5-1.5b hf eager", "qwen2.5-0.5b vllm eager"]
    from grpo_cli.estimate.calibrate import pick_run

    assert pick_run(runs, "gsm8k-1.5b", True).arch == "qwen2.5-1.5b"
    assert pick_run(runs, "gsm8k-0.5b", True).label == "qwen2.5-0.5b vllm eager"
    assert pick_run(runs, "gsm8k-0.5b", False).label == "qwen2.5-0.5b hf eager"
    assert pick_run(runs, None, None) is runs[0]


@pytest.mark.parametrize(
    "content, message",
    [
        ("not json", "not a readable JSON file"),
        ("[]", "not a gpu_check.json"),
        (json.dumps({"parts": [{"part": "grpo", "status": "timeout"}]}), "no finished GRPO part"),
    ],
)
def test_calibrate_refuses_what_it_cannot_read(tmp_path, content, message):
    path = tmp_path / "gpu_check.json"
    path.write_text(content)
    from grpo_cli.commands.estimate import compute

    with pytest.raises(UserError, match=message):
        compute(["--calibrate", str(path)])


# ------------------------------------------------------------------------------------------------------------
# docs/estimate.md shows the same figures


def test_docs_measured_vs_predicted_table_is_the_models():
    text = (REPO / "docs" / "estimate.md").read_text()
    section = text[text.index("### Measured on one H200") :].split("\n## ")[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 5 and re.fullmatch(r"[\d.]+", cells[1] or "x") and re.fullmatch(r"[\d.]+", cells[2] or "x"):
            rows[cells[0]] = (float(cells[1]), float(cells[2]), float(cells[3]))
    p = per_step()
    expected = {
        "0.5B GRPO step": (H200_GRPO_05B["step"], p["step"]),
        "0.5B GRPO generation": (H200_GRPO_05B["generation"], p["generation"]),
        "0.5B GRPO scoring (reference forward)": (H200_GRPO_05B["scoring"], p["scoring"]),
        "0.5B GRPO loss forward + backward": (
            H200_GRPO_05B["loss_forward"] + H200_GRPO_05B["backward"],
            p["training"],
        ),
        "0.5B eval (64 x 256 tokens)": (H200_EVAL_S["qwen2.5-0.5b"], eval_seconds("qwen2.5-0.5b")),
        "1.5B eval (64 x 256 tokens)": (H200_EVAL_S["qwen2.5-1.5b"], eval_seconds("qwen2.5-1.5b")),
    }
    assert set(rows) == set(expected)
    for name, (measured, predicted) in expected.items():
        m, pr, ratio = rows[name]
        assert m == pytest.approx(measured, abs=0.006), name
        assert pr == pytest.approx(predicted, abs=0.006), name
        assert ratio == pytest.approx(measured / predicted, abs=0.006), name


def test_an_eager_vllm_step_pays_the_floor_and_its_launches():
    x = check_inputs("qwen2.5-0.5b", "gsm8k-0.5b")
    graphs, eager = kernels.vllm_step_overhead(x.shape, False), kernels.vllm_step_overhead(x.shape, True)
    assert graphs == D.VLLM_STEP_FLOOR_S
    assert eager == pytest.approx(D.VLLM_STEP_FLOOR_S + x.shape.n_layers * D.EAGER_STEP_OVERHEAD_PER_LAYER_S)
    # With vLLM the rounds pay the floor on every decode step.
    v = replace(x.replace(use_vllm=True), eager=False)
    plan = E.generation_plan(E.rollout_layout(v)[0])
    assert plan["seconds_per_decode_step"] > D.VLLM_STEP_FLOOR_S


def test_docs_effective_mfu_table_is_the_models():
    text = (REPO / "docs" / "estimate.md").read_text()
    section = text[text.index("### Compute phases from shapes") :].split("\n### ")[0]
    archs = {"Qwen2.5-7B": "qwen2.5-7b", "Qwen2.5-1.5B": "qwen2.5-1.5b", "Qwen2.5-0.5B": "qwen2.5-0.5b"}
    checked = 0
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or not cells[0].startswith("Qwen2.5-"):
            continue
        name, kind = cells[0].split(", ", 1)
        kinds = {"full fine-tuning": [False], "LoRA": [True], "full / LoRA": [False, True]}[kind]
        for gpu, cell in zip(("h100", "h200", "a100-80g"), cells[1:], strict=True):
            for lora, shown in zip(kinds, cell.split(" / "), strict=True):
                g = E.GPUS[gpu]
                value = kernels.effective_mfu(
                    E.ARCHS[archs[name]], lora, g, D.DEFAULT_MFU, D.DEFAULT_BANDWIDTH_EFFICIENCY
                )
                assert float(shown) == pytest.approx(value, abs=0.0051), (name, kind, gpu, lora)
                checked += 1
    assert checked == 18
