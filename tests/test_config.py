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
        ("grpo.bta=1", "unknown recipe key 'grpo.bta' (did you mean: beta?)"),
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
