"""The typed recipe config: YAML -> frozen dataclasses, --set overrides, and validation errors."""

from __future__ import annotations

import dataclasses

import pytest

from grpo_cli.config import Recipe, apply_overrides, build, from_dict, parse_override, to_dict
from grpo_cli.errors import UserError


def test_defaults_follow_deepseekmath_not_trl():
    # TRL 1.16 defaults to loss "dapo" and beta 0.0; the DeepSeekMath recipe uses "grpo" and 0.04.
    r = build({})
    assert r.grpo.loss_type == "grpo"
    assert r.grpo.beta == 0.04


def test_recipe_is_frozen():
    r = build({})
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.grpo.beta = 0.1  # type: ignore[misc]


@pytest.mark.parametrize(
    "data, needle",
    [
        ({"grpo": {"bta": 0.1}}, "did you mean: beta"),
        ({"modle": {}}, "did you mean: model"),
        ({"grpo": {"beta": "high"}}, "grpo.beta: expected float"),
        ({"grpo": {"loss_type": "ppo"}}, "grpo.loss_type: 'ppo' is not allowed"),
        ({"grpo": {"num_generations": 1}}, "G must be at least 2"),
        ({"grpo": {"num_generations": 2.5}}, "expected int"),
        ({"grpo": {"use_vllm": "yes"}}, "expected bool"),
        ({"grpo": "fast"}, "expected a mapping"),
        ({"eval": {"n": 0}}, "eval.n=0"),
        ({"eval": {"n": 4, "temperature": 0.0}}, "identical greedy samples"),
        ({"grpo": {"per_device_batch_size": 12, "num_generations": 8}}, "not a multiple of grpo.num_generations"),
        ({"launch": {"num_nodes": 2}}, "main_process_ip is required"),
        ({"model": {"max_context": 1024}, "grpo": {"max_completion_length": 2000}}, "exceeds model.max_context"),
        ({"rewards": {}}, "name at least one reward"),
    ],
)
def test_bad_values_name_the_key(data, needle):
    with pytest.raises(UserError, match=None) as err:
        build(data)
    assert needle in str(err.value)
    assert "\n" not in str(err.value)


def test_ints_widen_to_float_and_strings_are_kept():
    r = build({"grpo": {"beta": 0, "learning_rate": 1}, "model": {"name": "Qwen/Qwen2.5-7B"}})
    assert isinstance(r.grpo.beta, float) and r.grpo.beta == 0.0
    assert r.grpo.learning_rate == 1.0
    assert r.model.name == "Qwen/Qwen2.5-7B"


def test_optional_fields_accept_none():
    r = build({"grpo": {"epsilon_high": None}})
    assert r.grpo.epsilon_high is None
    r = build({"grpo": {"epsilon_high": 0.28}})
    assert r.grpo.epsilon_high == 0.28


@pytest.mark.parametrize(
    "text, path, value",
    [
        ("grpo.beta=0.1", ["grpo", "beta"], 0.1),
        ("grpo.num_generations=16", ["grpo", "num_generations"], 16),
        ("model.lora=true", ["model", "lora"], True),
        ("model.name=Qwen/Qwen2.5-7B", ["model", "name"], "Qwen/Qwen2.5-7B"),
        ("grpo.epsilon_high=null", ["grpo", "epsilon_high"], None),
        ("prompt.system=a=b", ["prompt", "system"], "a=b"),
    ],
)
def test_parse_override(text, path, value):
    assert parse_override(text) == (path, value)


def test_overrides_apply_with_type_checks():
    r = build({"grpo": {"beta": 0.04}}, ["grpo.beta=0.1", "model.tiny.hidden_size=32", "rewards.tag_count=0.5"])
    assert r.grpo.beta == 0.1
    assert r.model.tiny.hidden_size == 32
    assert r.rewards == {"accuracy": 1.0, "format": 0.2, "tag_count": 0.5}


def test_override_replaces_only_the_named_reward():
    r = build({"rewards": {"accuracy": 1.0, "format": 0.2}}, ["rewards.format=0.5"])
    assert r.rewards == {"accuracy": 1.0, "format": 0.5}


@pytest.mark.parametrize(
    "override, needle",
    [
        ("grpo.bta=1", "unknown recipe key 'grpo.bta' (did you mean: beta, delta?)"),
        ("grp.beta=1", "unknown recipe key 'grp' (did you mean: grpo?)"),
        ("grpo.beta.x=1", "'grpo.beta' has no sub-keys"),
        ("grpo.beta", "expected section.key=value"),
        ("grpo.num_generations=abc", "grpo.num_generations: expected int"),
    ],
)
def test_bad_overrides(override, needle):
    with pytest.raises(UserError) as err:
        build({}, [override])
    assert needle in str(err.value)


def test_overrides_do_not_mutate_the_input():
    raw = {"grpo": {"beta": 0.04}}
    apply_overrides(raw, ["grpo.beta=0.5"])
    assert raw == {"grpo": {"beta": 0.04}}


def test_round_trip_through_plain_data():
    r = build({"grpo": {"num_generations": 32, "per_device_batch_size": 32}, "model": {"lora": True}})
    assert from_dict(Recipe, to_dict(r)) == r


# --------------------------------------------------------------------------------------------------------
# one validator: what a stage would refuse, the recipe refuses when it is loaded (`grpo recipes show`)


def test_reward_names_are_the_registry_without_config_importing_it():
    import subprocess
    import sys

    from grpo_cli.config import REWARD_NAMES
    from grpo_cli.rewards import REWARDS

    assert tuple(REWARDS) == REWARD_NAMES
    code = "import sys, grpo_cli.config; print('grpo_cli.rewards' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


def test_lr_schedulers_are_transformers_scheduler_types():
    from transformers import SchedulerType

    from grpo_cli.config import LR_SCHEDULERS

    # No scheduler transformers knows is refused (an older transformers may know fewer: TRL then names the error).
    assert {s.value for s in SchedulerType} <= set(LR_SCHEDULERS)


@pytest.mark.parametrize(
    "override, needle",
    [
        ("grpo.lr_scheduler=cosin", "grpo.lr_scheduler: 'cosin' is not a transformers scheduler (did you mean: cosine"),
        ("sft.warmup_ratio=1.5", "sft.warmup_ratio=1.5: a fraction of the steps in [0, 1), or a whole number"),
        ("reward_options.verify_timeout=0", "reward_options.verify_timeout=0"),
        ("eval.top_p=0", "eval.top_p=0"),
        ("eval.tensor_parallel_size=0", "eval.tensor_parallel_size"),
        ("grpo.vllm_tensor_parallel_size=0", "grpo.vllm_tensor_parallel_size"),
        ("monitor.no_signal_target=1.5", "monitor.no_signal_target"),
        ("estimate.price_per_gpu_hour=-2", "estimate.price_per_gpu_hour"),
    ],
)
def test_stage_checks_refuse_the_recipe_itself(cli, override, needle):
    proc = cli("recipes", "show", "tiny", "--set", override)
    assert proc.returncode == 2 and needle in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


def test_the_final_reading_needs_a_prompt_that_asks_for_its_format(cli):
    proc = cli("recipes", "show", "gsm8k-7b", "--set", "prompt.system=Be brief.")
    assert proc.returncode == 2 and "prompt.system does not ask for <answer>" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    build({"prompt": {"system": "Be brief."}})  # the flexible reading reads any format


def test_language_and_overlong_options_are_checked_only_with_their_reward():
    build({"reward_options": {"language": "xx", "overlong_buffer": 0}})  # neither reward: the options are unused
    with pytest.raises(UserError, match="reward_options.language"):
        build({"rewards": {"accuracy": 1.0, "language": 0.1}, "reward_options": {"language": "xx"}})


def test_fractional_means_keep_integers_integral():
    r = build({"estimate": {"mean_completion_len": 250.5, "prompt_len": 120}})
    assert r.estimate.mean_completion_len == 250.5 and isinstance(r.estimate.prompt_len, int)


def test_flags_are_set_shorthands_named_in_errors():
    from grpo_cli.config import apply_flags

    r = build({})
    assert apply_flags(
        r, {"eval.n": ("--n", 4), "eval.temperature": ("--temperature", 0.7), "eval.seed": ("--seed", None)}
    ) == build({"eval": {"n": 4, "temperature": 0.7}})
    with pytest.raises(UserError, match=r"^--n 0: samples per problem must be >= 1$"):
        apply_flags(r, {"eval.n": ("--n", 0)})
    with pytest.raises(UserError, match=r"^--backend x: eval.backend: 'x' is not allowed"):
        apply_flags(r, {"eval.backend": ("--backend", "x")})
    # A bad flag is named even when another key's check reports it.
    with pytest.raises(UserError, match=r"^--n 4: eval.n=4 with eval.temperature 0"):
        apply_flags(r, {"eval.n": ("--n", 4), "eval.temperature": ("--temperature", 0.0)})
