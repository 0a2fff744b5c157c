"""Fault injection, round two (issue 31): hostile input is bounded before anything prints, copies or runs it.

YAML aliases that expand exponentially ("billion laughs") in a recipe, in `--set` or in a stage's recipe.yaml;
nesting deep enough to overflow the parsers' recursion; values megabytes long quoted in an error. Each is one line
and exit 2, quickly (no timing threshold here: the cases are refused before any expansion).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli
from test_faults import fake_model, one_line_exit_2

grpo = run_cli


def _laughs(levels: int, anchor_prefix: str = "l") -> str:
    """A YAML flow mapping whose last alias expands to 10**levels strings."""
    parts = [f"{anchor_prefix}0: &{anchor_prefix}0 [ha, ha, ha, ha, ha, ha, ha, ha, ha, ha]"]
    for i in range(1, levels + 1):
        refs = ", ".join([f"*{anchor_prefix}{i - 1}"] * 10)
        parts.append(f"{anchor_prefix}{i}: &{anchor_prefix}{i} [{refs}]")
    return "\n".join(parts)


def _recipe(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "r.yaml"
    path.write_text(body)
    return path


@pytest.mark.parametrize("levels", [6, 9], ids=["a-million", "a-billion"])
def test_yaml_aliases_that_expand_exponentially_are_refused(tmp_path, levels):
    # 10**6 values: the error used to quote them all (a 4.3 MB "one line"); 10**9: over 60 s and gigabytes.
    body = "x-laughs:\n" + "\n".join("  " + line for line in _laughs(levels).splitlines())
    recipe = _recipe(tmp_path, f"name: r\nmodel:\n  name: tiny\n{body}\ndescription: *l{levels}\n")
    line = one_line_exit_2(grpo("train", "--recipe", str(recipe), "--dry-run"), str(recipe), "aliases expand")
    assert len(line) < 300


def test_yaml_merge_keys_still_work(tmp_path):
    recipe = _recipe(
        tmp_path,
        "name: r\nmodel: &m\n  name: tiny\ndata:\n  dataset: toy\nsft:\n  <<: {max_steps: 3, logging_steps: 1}\n"
        "  logging_steps: 2\n",
    )
    proc = grpo("recipes", "show", str(recipe))
    assert proc.returncode == 0, proc.stderr
    assert "max_steps: 3" in proc.stdout and "logging_steps: 2" in proc.stdout


def test_set_with_exponential_aliases_is_refused():
    value = "{" + _laughs(9).replace("\n", ", ") + "}"
    one_line_exit_2(grpo("train", "--recipe", "tiny", "--set", f"description={value}", "--dry-run"), "aliases expand")


@pytest.mark.parametrize("levels", [100, 5000])
def test_deeply_nested_set_is_one_line(levels):
    # 800+ levels used to end in a 3,000-line RecursionError traceback.
    value = "[" * levels + "]" * levels
    one_line_exit_2(grpo("train", "--recipe", "tiny", "--set", f"description={value}", "--dry-run"), "nested deeper")


def test_a_stage_recipe_yaml_with_exponential_aliases_is_left_unexpanded(tmp_path):
    stage = tmp_path / "tiny" / "grpo"
    stage.mkdir(parents=True)
    (stage / "metrics.jsonl").write_text('{"step": 1, "reward": 0.5}\n')
    (stage / "recipe.yaml").write_text(_laughs(9) + "\nname: tiny\ndescription: *l9\n")
    proc = grpo("report", str(stage), "--out", str(tmp_path / "report"))
    # The report reads recipe.yaml only to describe the run: one it cannot read is left out, not expanded.
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "report" / "report.md").stat().st_size < 100_000


@pytest.mark.parametrize(
    "override",
    [
        "data.task=" + "x" * 100_000,  # a Literal
        "data.dataset=[" + ", ".join(["1"] * 20_000) + "]",  # a list where a name belongs
        "grpo.beta=" + "y" * 100_000,  # a string where a number belongs
        "x" * 100_000 + "=1",  # an unknown key
        "grpo.seed=" + "9" * 5000,  # past Python's int-from-text limit: was a ValueError traceback
    ],
    ids=["literal", "list", "number", "key", "5000-digit-int"],
)
def test_an_error_quotes_a_huge_value_in_a_bounded_excerpt(override):
    proc = grpo("train", "--recipe", "tiny", "--set", override, "--dry-run")
    line = one_line_exit_2(proc)
    assert len(line) < 400, len(line)


def test_one_unreadable_verify_row_is_skipped_never_the_rest(tmp_path):
    # A 5,000-digit integer is past Python's int-from-text limit: json raised ValueError and every later row was lost.
    rows = tmp_path / "rows.jsonl"
    rows.write_text(
        '{"completion": "#### 4", "answer": "4"}\n'
        + '{"completion": "#### 4", "answer": ' + "9" * 5000 + "}\n"
        + json.dumps({"completion": "#### " + "9" * 5000, "answer": "4"}) + "\n"
        + '{"completion": "#### 5", "answer": "5"}\n'
    )  # fmt: skip
    out = tmp_path / "scored.jsonl"
    proc = grpo("verify", str(rows), "--out", str(out), "--json")
    assert proc.returncode == 0, proc.stderr
    assert "warning: line 2: a number with more than 4300 digits" in proc.stderr and "Traceback" not in proc.stderr
    summary = json.loads(proc.stdout)
    assert (summary["rows"], summary["correct"], summary["malformed"]) == (3, 2, 1)
    assert [json.loads(line)["correct"] for line in out.read_text().splitlines()] == [True, False, True]


def test_a_huge_question_is_refused_before_tokenising(tmp_path):
    # 50 MB once took 4.7 GB in the tokenizer and aborted; 2 MB is enough to show the order (refused as it is read).
    data = tmp_path / "test.jsonl"
    data.write_text(
        json.dumps({"question": "q", "answer": "#### 4"})
        + "\n"
        + json.dumps({"question": "why " * 500_000, "answer": "#### 4"})
        + "\n"
    )
    model = fake_model(tmp_path / "model")  # never loaded: the refusal comes first
    proc = grpo("eval", "--ckpt", str(model), "--dataset", str(data), "--output", str(tmp_path / "e"))
    one_line_exit_2(proc, "row 2", "2,000,000 characters")
    assert not (tmp_path / "e").exists()
