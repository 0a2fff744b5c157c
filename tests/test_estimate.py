"""grpo_cli.estimate: the arithmetic, the tables, the memory plan, check_fit and calibration (pure, in-process)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grpo_cli import estimate as E
from grpo_cli import recipes
from grpo_cli.errors import UserError


@pytest.fixture(scope="module")
def r7b():
    return recipes.load("gsm8k-7b")


def inputs(recipe, **kw) -> E.EstimateInputs:
    return E.inputs_from_recipe(recipe, **kw)


# ------------------------------------------------------------------------------------------------------------
# The source's arithmetic, reproduced exactly


def test_seed_example_tokens_and_generation_flops(r7b):
    r = E.estimate(inputs(r7b, params=7e9, prompts=10000, G=16, mean_len=512, epochs=5)).to_json()
    assert r["generated_tokens"] == 409_600_000
    assert isinstance(r["generated_tokens"], int)
    # 2N per generated token, no attention term when only a parameter count is known.
    assert r["flops"]["generation"] == pytest.approx(2 * 7e9 * 409_600_000, rel=1e-12)
    assert r["flops"]["generation"] == pytest.approx(5.7e18, rel=0.01)


def test_seed_example_training_flops_of_a_37b_active_model(r7b):
    r = E.estimate(inputs(r7b, params=37e9, tokens=1e10, prompt_len=0)).to_json()
    assert r["generated_tokens"] == 10_000_000_000
    assert r["prompt_tokens"] == 0
    assert r["flops"]["training"] == pytest.approx(6 * 37e9 * 1e10, rel=1e-12)
    assert r["flops"]["training"] == pytest.approx(2.2e21, rel=0.01)


def test_deepseek_v3_is_37b_active_of_671b(r7b):
    a = E.ARCHS["deepseek-v3"]
    assert a.moe
    assert a.total_params == pytest.approx(671e9, rel=0.005)
    assert a.active_params == pytest.approx(37e9, rel=0.02)
    x = inputs(r7b, model="deepseek-v3", tokens=1e10, prompt_len=0)
    r = E.estimate(x).to_json()
    # Training FLOPs follow the ~37B active weights (minus the embedding lookup), plus attention.
    assert 6 * 36e9 * 1e10 < r["flops"]["training"] < 6 * 39e9 * 1e10
    assert not r["memory_gib_per_gpu"]["fits"]  # 671B of weights never fit 8 GPUs


# ------------------------------------------------------------------------------------------------------------
# Architectures


@pytest.mark.parametrize(
    "name, total",
    [("qwen2.5-0.5b", 494_032_768), ("qwen2.5-1.5b", 1_543_714_304), ("qwen2.5-7b", 7_615_616_512)],
)
def test_qwen_parameter_counts_match_the_published_models(name, total):
    assert E.ARCHS[name].total_params == total


def test_qwen25_7b_shape_matches_the_published_config():
    a = E.ARCHS["qwen2.5-7b"]
    assert a.kv_bytes_per_token == 56 * 1024  # 2 x 28 layers x 4 KV heads x 128 x 2 bytes
    # ~6.5B without embeddings (docs/sources.md); N for FLOPs drops only the input-embedding lookup.
    assert a.total_params - 2 * a.vocab * a.hidden == pytest.approx(6.5e9, rel=0.01)
    assert a.flop_params == a.total_params - a.vocab * a.hidden
    tied = E.ARCHS["qwen2.5-0.5b"]
    assert tied.flop_params == tied.total_params  # the tied matrix is the lm_head matmul


def test_attention_term_is_under_1pct_at_600_tokens_and_about_10pct_at_8k():
    a = E.ARCHS["qwen2.5-7b"]
    two_n = 2 * a.flop_params
    # Per token of a sequence of n tokens: Kaplan's 2 * n_layer * n_ctx * d_attn.
    for n, lo, hi in ((600, 0.005, 0.01), (8192, 0.08, 0.13)):
        per_token = a.attention_flops(0, n) / n
        assert per_token == pytest.approx(2 * a.n_layers * n * a.hidden, rel=2 / n)
        assert lo < per_token / two_n < hi


@pytest.mark.parametrize(
    "name, key", [("Qwen/Qwen2.5-7B", "qwen2.5-7b"), ("Qwen/Qwen2.5-Math-7B", "qwen2.5-math-7b"),
                  ("Qwen/Qwen2-7B-Instruct", "qwen2-7b"), ("deepseek-ai/DeepSeek-V3-Base", "deepseek-v3"),
                  ("qwen2.5-1.5b-instruct", "qwen2.5-1.5b")],
)  # fmt: skip
def test_hub_ids_map_to_known_architectures(name, key):
    assert E.resolve_model(name) is E.ARCHS[key]


def test_hf_config_json_path(tmp_path):
    # Llama-3-8B's published config: 8,030,261,248 parameters, no attention biases.
    cfg = {
        "model_type": "llama",
        "hidden_size": 4096,
        "intermediate_size": 14336,
        "num_hidden_layers": 32,
        "num_attention_heads": 32,
        "num_key_value_heads": 8,
        "vocab_size": 128256,
        "tie_word_embeddings": False,
        "attention_bias": False,
    }
    (tmp_path / "config.json").write_text(json.dumps(cfg))
    for path in (tmp_path, tmp_path / "config.json"):
        arch = E.resolve_model(str(path))
        assert arch.total_params == 8_030_261_248
        assert arch.kv_bytes_per_token == 2 * 32 * 8 * 128 * 2


def test_config_json_missing_a_field_is_one_line(tmp_path):
    (tmp_path / "config.json").write_text(json.dumps({"hidden_size": 64}))
    with pytest.raises(UserError, match="no 'num_hidden_layers'; pass --params"):
        E.resolve_model(str(tmp_path))


def test_tiny_architecture_comes_from_model_tiny():
    r = recipes.load("tiny")
    a = E.tiny_arch(r.model.tiny)
    assert a.vocab == 100 and a.tied and a.hidden == r.model.tiny.hidden_size
    x = inputs(r)
    assert x.arch.name == "tiny" and x.params == a.total_params


# ------------------------------------------------------------------------------------------------------------
# Inputs from recipes


@pytest.mark.parametrize("name", ["tiny", "gsm8k-0.5b", "gsm8k-1.5b", "gsm8k-7b", "math-7b"])
def test_every_shipped_recipe_estimates(name):
    rec = recipes.load(name)
    r = E.estimate(inputs(rec)).to_json()
    assert r["recipe"] == name
    assert r["gpu_hours"] > 0 and r["wall_clock_hours"] > 0
    assert set(E.PHASES) | {"total"} == set(r["flops"]) == set(r["seconds"])
    json.dumps(r)  # the --json object is plain data


def test_dataset_sizes_and_max_steps():
    assert inputs(recipes.load("gsm8k-7b")).prompts == 7473
    assert inputs(recipes.load("math-7b")).prompts == 7500
    tiny = recipes.load("tiny", ["grpo.max_steps=600", "grpo.per_device_batch_size=16"])
    # max_steps 600 x 16 completions per step / G 8: the run's optimizer steps come back exactly.
    assert E.estimate(inputs(tiny)).to_json()["steps"] == pytest.approx(600)
    # --prompts replaces max_steps: 100 prompts x G 8 / 16 completions per step.
    assert E.estimate(inputs(tiny, prompts=100, epochs=1)).to_json()["steps"] == pytest.approx(100 * 8 / 16)


def test_custom_data_without_a_size_asks_for_prompts():
    rec = recipes.load("gsm8k-7b", ["data.dataset=custom", "data.path=/data/x.jsonl"])
    with pytest.raises(UserError, match="estimate.prompts in the recipe or pass --prompts"):
        inputs(rec)
    assert inputs(rec, prompts=500).prompts == 500


# ------------------------------------------------------------------------------------------------------------
# Phases


def test_phases_switch_on_and_off(r7b):
    base = dict(params=7e9, prompts=100, epochs=1)
    on = E.flops(inputs(r7b, **base))
    assert all(on[p] > 0 for p in E.PHASES)  # vLLM importance sampling recomputes old log-probs; beta 0.04; ckpt
    assert on["training"] == pytest.approx(3 * on["reference"])  # 6N vs 2N on the same tokens
    assert on["recompute"] == pytest.approx(on["reference"])
    off = E.flops(inputs(r7b, **base, beta=0.0, grad_ckpt=False, use_vllm=False))
    assert off["reference"] == off["recompute"] == off["old_policy"] == 0
    twice = E.flops(inputs(r7b, **base, beta=0.0, use_vllm=False, num_iterations=2))
    assert twice["old_policy"] > 0
    assert twice["training"] == pytest.approx(2 * off["training"])
    lora = E.flops(inputs(r7b, **base, lora=True))
    assert lora["training"] == pytest.approx(on["training"] * 4 / 6)
    forced = E.flops(inputs(r7b, **base, old_logprobs=False))
    assert forced["old_policy"] == 0


def test_vllm_prefills_a_prompt_once_per_group(r7b):
    x = inputs(r7b, params=7e9, prompts=100, epochs=1)
    assert E.flops(x.replace(use_vllm=False))["prefill"] == pytest.approx(x.G * E.flops(x)["prefill"])


def test_total_is_the_sum_and_gpu_hours_follow_wall_clock(r7b):
    r = E.estimate(inputs(r7b, price=2.0)).to_json()
    assert r["seconds"]["total"] == pytest.approx(sum(r["seconds"][p] for p in E.PHASES))
    assert r["gpu_hours"] == pytest.approx(r["wall_clock_hours"] * 8)
    assert r["cost_usd"] == pytest.approx(2.0 * r["gpu_hours"])
    assert "cost_usd" not in E.estimate(inputs(r7b)).to_json()


def test_decode_is_bandwidth_bound_at_small_batch_and_amortized_at_large(r7b):
    x = inputs(r7b, prompts=64, epochs=1)
    small = E.generation_plan(x.replace(gen_batch=8))  # 1 sequence per GPU: every step streams all weights
    large = E.generation_plan(x.replace(gen_batch=1024))
    assert small["in_flight"] == 1
    assert large["decode_tokens_per_gpu_per_second"] > 20 * small["decode_tokens_per_gpu_per_second"]
    # One sequence alone: tokens/s <= bandwidth / (2N bytes) (docs/sources.md).
    assert small["decode_tokens_per_gpu_per_second"] < x.gpu.bandwidth / (2 * x.params)


def test_kv_memory_bounds_sequences_in_flight(r7b):
    x = inputs(r7b, prompts=64, epochs=1, gen_batch=8 * 4096)
    g = E.generation_plan(x)
    assert 1 < g["in_flight"] < 4096
    assert g["in_flight"] == pytest.approx(g["kv_limit_sequences"], abs=1)
    more = E.generation_plan(x.replace(vllm_memory=0.6))
    assert more["in_flight"] > g["in_flight"]


def test_vllm_server_mode_takes_its_gpus_from_the_node():
    rec = recipes.load(
        "gsm8k-7b",
        ["grpo.vllm_mode=server", "launch.vllm_server_gpus=2", "grpo.per_device_batch_size=8"],
    )
    x = inputs(rec)
    assert x.num_gpus == 6 and x.server_gpus == 2  # launch.num_processes counts the server's GPUs
    r = E.estimate(x).to_json()
    assert r["num_gpus"] == 8 and r["gpu_hours"] == pytest.approx(8 * r["wall_clock_hours"])
    assert r["generation"]["engines"] == 1 and r["generation"]["tensor_parallel"] == 2
    plan = r["memory_gib_per_gpu"]
    assert plan["vllm_share"] == 0 and plan["kv_cache"] == 0  # nothing for generation on the trainer's GPUs
    remote = recipes.load(
        "gsm8k-7b",
        ["grpo.vllm_mode=server", "launch.vllm_server_gpus=8", "launch.vllm_server_host=10.0.0.2"],
    )
    assert inputs(remote).num_gpus == 8 and E.estimate(inputs(remote)).to_json()["num_gpus"] == 16


def test_eager_decoding_pays_a_launch_floor_per_step(r7b):
    x = inputs(r7b, prompts=64, epochs=1)
    assert E.generation_plan(x.replace(eager=True))["seconds"] > E.generation_plan(x)["seconds"]
    assert inputs(r7b, use_vllm=False).decode_eager


# ------------------------------------------------------------------------------------------------------------
# Monotonicity


@settings(max_examples=40, deadline=None)
@given(
    G=st.integers(2, 64),
    length=st.floats(16, 4000),
    gpus=st.sampled_from([1, 2, 4, 8, 16]),
    gpu=st.sampled_from(sorted(E.GPUS)),
)
def test_more_G_or_longer_len_means_more_tokens_and_hours_more_gpus_less_wall_clock(r7b, G, length, gpus, gpu):
    x = inputs(r7b, G=G, mean_len=length, num_gpus=gpus, gpu=gpu, prompts=1000, epochs=1)
    r = E.estimate(x).to_json()
    for bigger in (
        x.replace(G=G + 1),
        x.replace(mean_len=length * 1.5, max_len=max(x.max_len, int(length * 1.5) + 1)),
    ):
        b = E.estimate(bigger).to_json()
        assert b["generated_tokens"] > r["generated_tokens"]
        assert b["gpu_hours"] > r["gpu_hours"]
        assert b["wall_clock_hours"] > r["wall_clock_hours"]
    wider = E.estimate(x.replace(num_gpus=2 * gpus)).to_json()
    assert wider["wall_clock_hours"] < r["wall_clock_hours"]
    assert wider["generated_tokens"] == r["generated_tokens"]


# ------------------------------------------------------------------------------------------------------------
# Memory


def test_7b_full_fine_tuning_does_not_fit_one_80gb_gpu(r7b):
    plan = E.memory_plan(inputs(r7b, num_gpus=1, gpu="a100-80g"))
    assert not plan["fits"]
    assert plan["optimizer"] + plan["weights"] + plan["gradients"] == pytest.approx(16 * 7.6e9 / E.GIB, rel=0.01)


def test_15b_lora_fits_one_gpu():
    plan = E.memory_plan(inputs(recipes.load("gsm8k-1.5b")))
    assert plan["mode"] == "lora" and plan["fits"]
    assert plan["reference"] == 0  # the base with the adapter disabled is the reference
    assert plan["optimizer"] < 1  # Adam states for the adapter only


def test_gsm8k_7b_plan_on_8x80gb_includes_the_vllm_share(r7b):
    x = inputs(r7b)
    plan = E.memory_plan(x)
    assert plan["fits"] and plan["strategy"] == "zero3"
    assert plan["vllm_share"] == pytest.approx(0.3 * x.gpu.memory_gib)
    assert plan["vllm_weights"] == pytest.approx(2 * x.params / E.GIB)
    assert plan["kv_cache"] > plan["kv_cache_rollout_batch"] > 0
    # ZeRO-3 shards the 16 bytes/param of model states across the 8 GPUs.
    assert plan["weights"] + plan["gradients"] + plan["optimizer"] == pytest.approx(16 * x.params / 8 / E.GIB)
    # Sleep mode frees the share during the update, so the peak is the larger phase, not the sum.
    assert plan["total"] == pytest.approx(max(plan["train_phase"], plan["generation_phase"]))
    awake = E.memory_plan(x.replace(vllm_sleep=False))
    assert awake["train_phase"] == pytest.approx(plan["train_phase"] + plan["vllm_share"])


def test_gradient_checkpointing_cuts_activations(r7b):
    x = inputs(r7b)
    assert E.memory_plan(x.replace(grad_ckpt=False))["activations"] > 4 * E.memory_plan(x)["activations"]


def test_check_fit(r7b):
    assert E.check_fit(r7b, 79.6, 8) is None
    one = E.check_fit(r7b, 79.6, 1)
    assert one is not None and "\n" not in one
    assert "GiB per GPU on 1 GPU" in one and "optimizer" in one and "79.6 GiB" in one
    small = E.check_fit(r7b, 40.0, 8)
    assert "vLLM's share" in small and "vllm_gpu_memory_utilization" in small
    assert E.check_fit(recipes.load("gsm8k-1.5b"), 79.6, 1) is None
    # An architecture we cannot know: nothing to check against, so no refusal.
    unknown = recipes.load("gsm8k-7b", ["model.name=someone/NewModel-7B"])
    assert E.check_fit(unknown, 79.6, 8) is None


# ------------------------------------------------------------------------------------------------------------
# No-signal groups


def test_pass_rate_in_the_estimate(r7b):
    r = E.estimate(inputs(r7b, pass_rate=0.1)).to_json()
    assert r["no_signal"]["fraction"] == pytest.approx(0.1**16 + 0.9**16)
    assert r["no_signal"]["smallest_G_under_target"] == 22


# ------------------------------------------------------------------------------------------------------------
# Bad inputs


@pytest.mark.parametrize(
    "kw, needle",
    [
        ({"G": 1}, "G must be at least 2"),
        ({"mean_len": 0}, "--len 0: the mean completion length must be >= 1 token"),
        ({"mean_len": -5}, "must be >= 1 token"),
        ({"gpu": "h1000"}, "unknown GPU 'h1000' (did you mean: h100"),
        ({"model": "qwen2.5-8b"}, "unknown model 'qwen2.5-8b' (did you mean: qwen2.5-7b"),
        ({"mfu": 1.5}, "--mfu 1.5"),
        ({"pass_rate": 1.2}, "--pass-rate"),
        ({"num_gpus": 0}, "--num-gpus 0"),
        ({"prompt_len": -1}, "--prompt-len"),
    ],
)
def test_bad_inputs_are_user_errors(r7b, kw, needle):
    with pytest.raises(UserError) as err:
        inputs(r7b, **kw)
    assert needle in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("text, value", [("7e9", 7e9), ("7B", 7e9), ("1.5b", 1.5e9), ("500M", 5e8), ("37e9", 37e9)])
def test_parse_count(text, value):
    assert E.parse_count(text) == pytest.approx(value)


@pytest.mark.parametrize("text", ["seven", "7X", "-7e9", "0"])
def test_parse_count_rejects(text):
    with pytest.raises(UserError, match="--params"):
        E.parse_count(text)


def test_gpu_names_and_aliases():
    assert E.resolve_gpu("H100").name == "h100"
    assert E.resolve_gpu("a100").name == "a100-80g"
    assert E.gpu_from_device_name("NVIDIA H100 80GB HBM3").name == "h100"
    assert E.gpu_from_device_name("NVIDIA A100-SXM4-40GB").name == "a100-40g"
    assert E.gpu_from_device_name("NVIDIA H20").name == "h20"
    assert E.gpu_from_device_name("cpu") is None


# ------------------------------------------------------------------------------------------------------------
# Calibration


def _rows(step_time=40.0, tps=1300.0, length=250.0, n=10):
    rows = []
    for s in range(1, n + 1):
        row = {"step": s, "completions/mean_length": length}
        if step_time is not None:
            row["step_time"] = step_time if s > 1 else 10 * step_time  # warm-up step
        if tps is not None:
            row["tokens_per_second"] = tps
        rows.append(row)
    return rows


def test_measured_from_metrics_drops_the_warm_up_step():
    m = E.measured_from_metrics(_rows())
    assert m.steps_logged == 10 and m.step_time == 40.0 and m.tokens_per_second == 1300.0 and m.mean_length == 250


def test_measured_from_metrics_needs_speed_fields():
    with pytest.raises(UserError, match="no 'step_time' or 'tokens_per_second'"):
        E.measured_from_metrics(_rows(step_time=None, tps=None))
    with pytest.raises(UserError, match="no logged steps"):
        E.measured_from_metrics([{"loss": 1.0}])


def test_calibration_scales_the_estimate_by_measured_over_predicted():
    rec = recipes.load("gsm8k-0.5b")
    x = inputs(rec)
    report = E.calibration(x, E.measured_from_metrics(_rows(step_time=40.0)))
    predicted = report["step_time"]["predicted"]
    assert report["basis"] == "step_time" and report["factor"] == pytest.approx(40.0 / predicted)
    assert report["mean_completion_length"] == {"assumed": 300, "measured": 250}
    base = E.estimate(x.replace(mean_len=250))
    scaled = E.apply_calibration(base, report)
    assert scaled.seconds_per_step == pytest.approx(40.0)
    assert scaled.gpu_hours == pytest.approx(base.gpu_hours * report["factor"])
    # Without step_time, tokens/s sets the factor.
    by_tps = E.calibration(x, E.measured_from_metrics(_rows(step_time=None, tps=1000.0)))
    assert by_tps["basis"] == "tokens_per_second"
    assert by_tps["factor"] == pytest.approx(by_tps["tokens_per_second"]["predicted"] / 1000.0)


def test_inputs_read_the_recipe_through_named_properties(r7b):
    """Issue 40: no __getattr__; each FROM_RECIPE name is a property (or, for the workload, a field) that reads the key
    named there, and inputs_from_recipe sets that key from the same name."""
    import dataclasses

    assert "__getattr__" not in vars(E.EstimateInputs)
    fields = {f.name for f in dataclasses.fields(E.EstimateInputs)}
    x = inputs(r7b)
    for name, key in E.FROM_RECIPE.items():
        section, k = key.split(".")
        value = getattr(getattr(x.recipe, section), k)
        if name in ("prompts", "epochs"):  # the workload: computed from the key (or from grpo.max_steps)
            assert name in fields
        elif name == "max_len":
            assert isinstance(vars(E.EstimateInputs)[name], property) and x.max_len >= value
        else:
            assert isinstance(vars(E.EstimateInputs)[name], property), name
            assert getattr(x, name) == value, name
    assert inputs(r7b, vllm_tp=2).vllm_tp == 2 and inputs(r7b, vllm_tp=2).recipe.grpo.vllm_tensor_parallel_size == 2
