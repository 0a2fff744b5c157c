"""Every recipe file in recipes/ (found by glob, so none drifts) loads, validates and documents itself."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from grpo_cli import recipes
from grpo_cli.config import to_dict
from grpo_cli.errors import UserError

RECIPE_DIR = Path(__file__).resolve().parents[1] / "recipes"
RECIPE_FILES = sorted(RECIPE_DIR.glob("*.yaml"))


def test_the_shipped_recipes_are_there():
    names = {p.stem for p in RECIPE_FILES}
    assert {"tiny", "gsm8k-0.5b", "gsm8k-1.5b", "gsm8k-7b", "math-7b"} <= names


@pytest.mark.parametrize("path", RECIPE_FILES, ids=lambda p: p.stem)
def test_recipe_loads_and_validates(path):
    recipe = recipes.load(str(path))
    assert recipe.name == path.stem
    # Every key in the file is a known key: from_dict rejects unknown ones, so the resolved recipe
    # must contain each top-level section that the file sets.
    raw = yaml.safe_load(path.read_text())
    assert set(raw) <= set(to_dict(recipe))


@pytest.mark.parametrize("path", RECIPE_FILES, ids=lambda p: p.stem)
def test_recipe_header_says_what_it_reproduces(path):
    head = recipes.header(path).lower()
    for needle in ("reproduces:", "hardware:", "commands:", "grpo "):
        assert needle in head, f"{path.name}: header lacks '{needle}'"
    if path.stem != "tiny":
        assert "docs/sources.md" in head  # the published target's source


def test_7b_recipes_follow_the_deepseekmath_objective():
    for name in ("gsm8k-7b", "math-7b"):
        r = recipes.load(name)
        assert r.grpo.loss_type == "grpo" and r.grpo.beta == 0.04 and r.grpo.learning_rate == 1e-6
        assert r.launch.num_processes == 8 and r.launch.strategy == "zero3"
        assert r.grpo.use_vllm and r.grpo.vllm_mode == "colocate"
        assert not r.model.lora


def test_gsm8k_7b_matches_the_brief():
    r = recipes.load("gsm8k-7b")
    assert r.model.name == "Qwen/Qwen2.5-7B"
    assert (r.grpo.num_generations, r.grpo.max_completion_length, r.grpo.epsilon) == (16, 512, 0.2)
    assert r.eval.dataset == "gsm8k" and r.eval.split == "test"


def test_math_7b_respects_the_4k_context():
    r = recipes.load("math-7b")
    assert r.model.max_context == 4096
    assert r.estimate.prompt_len + r.grpo.max_completion_length <= 4096
    assert r.eval.dataset == "math500"


def test_one_gpu_recipes_use_lora():
    for name in ("gsm8k-0.5b", "gsm8k-1.5b"):
        r = recipes.load(name)
        assert r.model.lora and r.launch.num_processes == 1 and r.launch.num_nodes == 1


def test_tiny_recipe_is_offline_and_cpu():
    r = recipes.load("tiny")
    assert r.model.name == "tiny" and r.data.dataset == "toy"
    assert not r.grpo.use_vllm and r.launch.num_processes == 1


def test_unknown_recipe_suggests_the_closest(tmp_path):
    with pytest.raises(UserError, match=r"unknown recipe 'gsm8k-7' \(did you mean: gsm8k-7b"):
        recipes.load("gsm8k-7")


def test_recipe_by_path_and_missing_path(tmp_path):
    f = tmp_path / "mine.yaml"
    f.write_text("grpo:\n  beta: 0.1\n")
    assert recipes.load(str(f)).grpo.beta == 0.1
    assert recipes.load(str(f)).name == "mine"
    with pytest.raises(UserError, match="recipe file not found"):
        recipes.load(str(tmp_path / "nope.yaml"))


def test_bad_yaml_names_the_line(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text("grpo:\n  beta: [0.1\n")
    with pytest.raises(UserError, match="not valid YAML"):
        recipes.load(str(f))
