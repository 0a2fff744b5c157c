"""grpo_cli.estimate at R1 scale and beside PPO / DPO / a PRM: rollout engine sizing, MoE decode reads, the
"does not fit" line, optimizer offload, the methods' passes and memory, PRM scoring and training. Small cases are
worked by hand in the comments."""

from __future__ import annotations

from dataclasses import replace

import pytest

from grpo_cli import estimate as E
from grpo_cli import recipes
from grpo_cli.errors import UserError
from grpo_cli.estimate import engines, methods


@pytest.fixture(scope="module")
def r7b():
    return recipes.load("gsm8k-7b")


@pytest.fixture(scope="module")
def r1(r7b):
    """The source's R1-scale question: DeepSeek-V3 generating 10B tokens on 128 H800 at 40% MFU."""
    return E.inputs_from_recipe(r7b, model="deepseek-v3", tokens=1e10, prompt_len=0, gpu="h800", num_gpus=128, mfu=0.4)


# ------------------------------------------------------------------------------------------------------------
# MoE: the experts a decode step touches


def test_experts_touched_by_hand():
    assert engines.experts_touched(4, 2, 1) == pytest.approx(2)  # one token picks k experts
    assert engines.experts_touched(4, 2, 2) == pytest.approx(3)  # 4 * (1 - (1/2)^2)
    assert engines.experts_touched(256, 8, 64) == pytest.approx(256 * (1 - (31 / 32) ** 64))  # ~222
    assert engines.experts_touched(4, 2, 10_000) == pytest.approx(4)  # bounded by E
    assert engines.experts_touched(0, 0, 100) == 0


def test_decode_weight_bytes_by_hand():
    # 100 params, 80 of them in 8 experts (10 each), top-2: one token reads 20 shared + 2 x 10 = 40 params.
    assert engines.decode_weight_bytes(100, 80, 8, 2, 1, 2) == pytest.approx(80)
    assert engines.decode_weight_bytes(100, 80, 8, 2, 1e6, 2) == pytest.approx(200)  # the whole model
    assert engines.decode_weight_bytes(100, 0, 0, 0, 1, 2) == 200  # dense: everything, always


def test_deepseek_v3_one_token_reads_its_active_weights():
    a = E.ARCHS["deepseek-v3"]
    assert (a.n_experts, a.experts_per_token) == (256, 8)
    assert a.expert_params == 58 * 256 * 3 * 7168 * 2048  # 58 MoE layers x 256 experts x gate/up/down
    one = engines.decode_weight_bytes(a.total_params, a.expert_params, 256, 8, 1, 2)
    assert one == pytest.approx(2 * a.active_params)  # shared part + 8/256 of the experts = the active weights
    # ZeRO-3 gathers a MoE layer's attention and shared expert plus one routed expert, not all 256.
    assert a.layer_params < 0.4e9 < (a.total_params - a.expert_params) / a.n_layers + a.expert_params / 58


def test_r1_decode_reads_grow_with_the_batch_and_stop_at_the_whole_model(r1):
    small = E.estimate(replace(r1, gen_batch=128)).to_json()["generation"]
    large = E.estimate(r1).to_json()["generation"]
    whole = 2 * r1.params / E.GIB
    assert small["weight_gib_read_per_step"] < 0.95 * whole
    assert small["experts_touched_per_layer"] < 256
    assert large["experts_touched_per_layer"] == pytest.approx(256)
    assert large["weight_gib_read_per_step"] == pytest.approx(whole, rel=1e-6)


# ------------------------------------------------------------------------------------------------------------
# Rollout engines


def test_useful_sequences_and_candidate_groups():
    assert engines.useful_sequences(989e12, 3.35e12) == 296  # H100 / H800: ~300 (docs/sources.md)
    assert engines.useful_sequences(312e12, 2.04e12) == 153  # A100-80GB: ~150
    assert engines.candidate_groups(8, 28) == [1, 2, 4]  # Qwen2.5-7B: TP must divide its 28 heads
    assert engines.candidate_groups(128, 128) == [1, 2, 4, 8, 16, 32, 64, 128]
    assert engines.candidate_groups(6, None) == [1, 2, 4]


def test_smallest_fitting_group_by_hand():
    # 10 bytes per GPU, 25 bytes of weights, 1 byte of KV per sequence, 8 GPUs sharing 100 sequences.
    def per_engine(g):
        return 100 / (8 // g)

    # g=1: pool -15; g=2: -5; g=4: 40 - 25 = 15 >= min(50, 5) x 1.
    assert engines.smallest_fitting_group([1, 2, 4, 8], 10, 25, 1, per_engine, useful=5) == 4
    # Needing 20 sequences: g=4 holds 15 < 20, g=8 holds 55.
    assert engines.smallest_fitting_group([1, 2, 4, 8], 10, 25, 1, per_engine, useful=20) == 8
    assert engines.smallest_fitting_group([1, 2], 10, 25, 1, per_engine, useful=5) is None


def test_a_7b_keeps_the_recipes_tensor_parallel_size(r7b):
    x = E.inputs_from_recipe(r7b)
    y, layout = E.rollout_layout(x)
    assert y.rollout_tp == 1 and layout["source"] == "recipe" and layout["note"] is None
    two = E.inputs_from_recipe(r7b, vllm_tp=2)
    assert E.rollout_layout(two)[0].rollout_tp == 2  # fits: taken as the recipe says


def test_r1_engines_are_sized_to_fit(r1):
    y, layout = E.rollout_layout(r1)
    # 0.3 x 79.6 GiB - 2 GiB reserve = 21.9 GiB per GPU for 1,250 GiB of bf16 weights: 57.1 GPUs at least, so 64
    # (a power of two dividing 128 heads), leaving 64 x 21.9 - 1,250 = 151 GiB of KV for 2 engines x 8,192 sequences.
    assert y.rollout_tp == 64 and y.vllm_tp == 1 and layout["source"] == "auto"  # the recipe keeps its value
    assert layout["expert_parallel"] == 64 and layout["experts_per_gpu"] == 4
    assert "smallest group that can is 64 GPUs" in layout["note"]
    gen = E.estimate(r1).to_json()["generation"]
    assert gen["engines"] == 2 and gen["tensor_parallel"] == 64
    assert gen["kv_pool_gib"] == pytest.approx(64 * (0.3 * 81559 / 1024 - 2) - 2 * r1.params / E.GIB)
    # One engine per GPU (TP 1) decoded at ~2 tokens/GPU/s; sized engines decode at > 1,000.
    assert gen["decode_tokens_per_gpu_per_second"] > 1000


def test_a_given_group_is_kept_even_when_it_does_not_fit(r1):
    x = replace(r1, rollout_tp_given=8)
    r = E.estimate(x).to_json()
    assert r["generation"]["tensor_parallel"] == 8 and r["generation"]["layout"]["source"] == "given"
    assert not r["fits"] and "cannot hold the weights" in r["does_not_fit"]


def test_dense_model_too_big_for_any_group_says_so(r7b):
    # Qwen2.5-7B on L40S with a 0.1 share: 4.5 - 2 = 2.5 GiB per GPU, and TP may only be 1, 2 or 4 (28 heads).
    x = E.inputs_from_recipe(r7b, gpu="l40s", vllm_memory=0.1)
    r = E.estimate(x).to_json()
    assert r["generation"]["tensor_parallel"] == 4
    assert "no group up to 4 GPUs can" in r["generation"]["layout"]["note"]
    assert not r["fits"] and r["does_not_fit"].startswith("does not fit on 8x l40s")


# ------------------------------------------------------------------------------------------------------------
# Does not fit: one line, no hours


def test_r1_training_does_not_fit_128_h800_without_offload(r1):
    r = E.estimate(r1)
    line = r.does_not_fit
    assert not r.fits and "\n" not in line
    # 671B x 12 bytes of optimizer state / 128 GPUs = 58.6 GiB per GPU before anything else.
    assert line.startswith("does not fit on 128x h800: needs ") and "optimizer 58.6" in line
    assert "--offload-optimizer" in line and "--num-gpus " in line
    shown = E.withhold_unfit(r)
    assert shown.gpu_hours is None and shown.wall_clock_hours is None and shown.seconds is None
    assert shown.if_it_fit["gpu_hours"] == r.gpu_hours
    assert "cost_usd" not in shown.to_json()  # withheld figures print as null; absent ones stay absent
    assert E.withhold_unfit(E.estimate(replace(r1, offload_optimizer=True))).to_json()["gpu_hours"] > 0


def test_smallest_gpu_count_is_the_first_that_fits(r7b):
    x = E.inputs_from_recipe(r7b, num_gpus=1, gpu="a100-80g")

    def fits(n):
        return E.memory_plan(E.rollout_layout(replace(x, num_gpus=n))[0])["fits"]

    n = E.smallest_gpu_count(x)
    assert n is not None and fits(n) and not fits(n - 1 if n <= 8 else n - 8)
    assert E.smallest_gpu_count(E.inputs_from_recipe(r7b)) == 8  # already fits


def test_optimizer_offload_moves_adam_states_to_the_host(r1):
    x = replace(r1, offload_optimizer=True)
    r = E.estimate(x).to_json()
    plan = r["memory_gib_per_gpu"]
    assert r["fits"] and plan["optimizer"] == 0
    assert plan["host_optimizer_per_gpu"] == pytest.approx(12 * x.params / 128 / E.GIB)
    # Per step: 5.24e9 parameters per GPU x (4 B / 25 GB/s + 30 B / 37.5 GB/s) = 5.03 s.
    per_step = x.params / 128 * (4 / 25e9 + 30 / 37.5e9)
    assert E.offload_seconds_per_step(x.params, 128) == pytest.approx(per_step)
    assert r["seconds"]["optimizer_offload"] == pytest.approx(r["steps"] * per_step)


# ------------------------------------------------------------------------------------------------------------
# PPO and DPO on the same data


def test_ppo_adds_a_policy_sized_critic(r7b):
    x = E.inputs_from_recipe(r7b)
    grpo, ppo = E.estimate(x).to_json(), E.estimate(replace(x, method="ppo")).to_json()
    f, g = ppo["flops"], grpo["flops"]
    assert f["values"] == pytest.approx(g["reference"])  # the critic's forward = one policy-sized forward
    assert f["critic_training"] == pytest.approx(g["training"])
    assert f["critic_recompute"] == pytest.approx(g["recompute"])
    assert f["gae"] == 6 * ppo["generated_tokens"]
    extra = f["values"] + f["gae"] + f["critic_training"] + f["critic_recompute"]
    assert f["total"] == pytest.approx(g["total"] + extra)
    # GAE: one reverse scan of 300 positions per generation batch of 16,384 completions, 40 us per position.
    batches = ppo["sequences"] / x.gen_batch
    assert ppo["seconds"]["gae"] == pytest.approx(batches * 300 * 40e-6)
    pm, gm = ppo["memory_gib_per_gpu"], grpo["memory_gib_per_gpu"]
    assert pm["critic"] == pytest.approx(gm["weights"] + gm["gradients"] + gm["optimizer"])  # 16 B/param, sharded
    assert pm["total"] == pytest.approx(gm["total"] + pm["critic"])
    assert ppo["gpu_hours"] > grpo["gpu_hours"]


def test_ppo_always_computes_old_log_probs(r7b):
    x = E.inputs_from_recipe(r7b, use_vllm=False)  # GRPO on TRL without vLLM skips it at num_iterations 1
    assert E.flops(x)["old_policy"] == 0
    assert E.flops(replace(x, method="ppo"))["old_policy"] > 0


def test_dpo_trains_the_same_sequences_without_generating(r7b):
    x = E.inputs_from_recipe(r7b, beta=0.0)
    grpo, dpo = E.estimate(x).to_json(), E.estimate(replace(x, method="dpo")).to_json()
    f = dpo["flops"]
    assert f["generation"] == f["prefill"] == f["old_policy"] == 0
    assert f["reference"] > 0  # the DPO loss needs the reference even at beta 0
    assert f["training"] == pytest.approx(grpo["flops"]["training"])  # same sequences, same 6N per token
    # A 7B's compute phases run at about the MFU (its training pass exactly: estimate/kernels.py's anchor; a forward
    # pass moves slightly fewer bytes per FLOP).
    assert dpo["seconds"]["total"] == pytest.approx(
        (f["reference"] + f["training"] + f["recompute"]) / (8 * x.gpu.flops * x.mfu), rel=0.01
    )
    m = dpo["memory_gib_per_gpu"]
    assert m["vllm_share"] == m["kv_cache"] == m["kv_cache_rollout_batch"] == 0
    assert m["reference"] > 0
    assert dpo["generation"]["engines"] == 0
    assert grpo["gpu_hours"] > dpo["gpu_hours"]


def test_unknown_method_is_a_user_error(r7b):
    with pytest.raises(UserError, match="--method sft: expected one of grpo, ppo, dpo"):
        E.estimate(replace(E.inputs_from_recipe(r7b), method="sft")).to_json()


# ------------------------------------------------------------------------------------------------------------
# A learned process reward model


def test_prm_scoring_is_one_forward_per_completion(r7b):
    x = E.inputs_from_recipe(r7b, params=7e9)  # a bare count: exactly 2N per token, no attention term
    prm = replace(x, prm_params=7e9, prm_flop_params=7e9, prm_name="7B PRM")
    r = E.estimate(prm).to_json()
    seq_tokens = r["generated_tokens"] + r["prompt_tokens"]
    assert r["flops"]["reward_model"] == pytest.approx(2 * 7e9 * seq_tokens)
    # A 7B PRM's forward: at about the MFU (the 7B shape is the MFU's anchor, estimate/kernels.py).
    assert r["seconds"]["reward_model"] == pytest.approx(
        r["flops"]["reward_model"] / (8 * x.gpu.flops * x.mfu), rel=0.01
    )
    # bf16 weights sharded like the reference under ZeRO-3: 2 x 7e9 / 8 bytes per GPU.
    assert r["memory_gib_per_gpu"]["reward_model"] == pytest.approx(2 * 7e9 / 8 / E.GIB)
    assert "reward_model" not in E.estimate(x).to_json()["flops"]
    assert "reward_model" not in E.estimate(replace(prm, method="dpo")).to_json()["flops"]  # DPO scores nothing


def test_prm_training_cost_by_hand(r7b):
    x = E.inputs_from_recipe(r7b, params=7e9, gpu="a100-80g", prm_train_tokens=1e8)
    t = E.estimate(x).to_json()["prm_training"]
    # 8N per token with activation checkpointing: 8 x 7e9 x 1e8 = 5.6e18 FLOPs at 8 x 312 TFLOP/s x 0.35 (a 7B's
    # passes run at the MFU: the shape model's anchor, estimate/kernels.py).
    assert t["flops"] == pytest.approx(5.6e18)
    assert t["gpu_hours"] == pytest.approx(5.6e18 / (312e12 * 0.35) / 3600, rel=0.01)  # 14.2 A100-hours
    assert t["source"]["gpu_hours"] == 40
    assert methods.prm_training_flops(1.0, 10.0, False, 0.5) == pytest.approx((6 + 1.5) * 10)


def test_qwen_math_prm_is_the_math_body_with_a_score_head():
    prm, body = E.resolve_model("Qwen/Qwen2.5-Math-PRM-7B"), E.ARCHS["qwen2.5-math-7b"]
    h, vocab = 3584, 152064
    # No lm_head (vocab x h); a score head Linear(h, h) + Linear(h, 2) with biases.
    assert prm.total_params == body.total_params - vocab * h + (h * h + h) + (2 * h + 2)
    assert prm.flop_params == prm.total_params - vocab * h  # the embedding lookup is not a matmul


def test_a_recipe_that_scores_steps_with_a_prm_brings_it_into_the_estimate():
    from types import SimpleNamespace as NS

    with_prm = NS(steps=NS(scorer="prm"), prm=NS(model="Qwen/Qwen2.5-Math-PRM-7B"))
    assert E.recipe_prm(with_prm) == "Qwen/Qwen2.5-Math-PRM-7B"
    assert E.recipe_prm(NS(steps=NS(scorer="arithmetic"), prm=NS(model="x"))) is None
    assert E.recipe_prm(recipes.load("gsm8k-7b")) is None
    fields = E.resolve_prm("Qwen/Qwen2.5-Math-PRM-7B", where="prm.model")
    assert fields["prm_params"] == E.ARCHS["qwen2.5-math-prm-7b"].total_params
    with pytest.raises(UserError, match="^prm.model: unknown model"):
        E.resolve_prm("someone/PRM-9B", where="prm.model")
