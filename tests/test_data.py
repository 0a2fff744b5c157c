"""Data loaders: toy generator, GSM8K / MATH-500 from local files, custom columns, dropped rows, one-line errors."""

from __future__ import annotations

import json
import re

import pytest

from conftest import SAMPLE
from grpo_cli import data
from grpo_cli.config import DataConfig, Recipe, ToyConfig, build
from grpo_cli.errors import UserError


def recipe(**data_fields) -> Recipe:
    return build({"data": data_fields})


def write_jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


# --------------------------------------------------------------------------------------------------------
# toy


def _check_steps(problem: data.Problem) -> int:
    """Re-do the worked steps by hand (ints only) and return the final value."""
    value = None
    for step in problem.solution.split(", "):
        a, op, b, result = re.fullmatch(r"(\d+)([+-])(\d+)=(\d+)", step).groups()
        a, b, result = int(a), int(b), int(result)
        assert value is None or a == value  # each step starts from the previous result
        assert result == (a + b if op == "+" else a - b) and result >= 0
        value = result
    return value


def test_toy_is_seeded_and_correct():
    cfg = ToyConfig(num_train=300, num_test=50, difficulty=2, max_operand=9, seed=7)
    first, again = data.toy_problems(cfg, "train"), data.toy_problems(cfg, "train")
    assert first == again and len(first) == 300
    other_seed = data.toy_problems(ToyConfig(num_train=300, num_test=50, difficulty=2, max_operand=9, seed=8), "train")
    assert [p.question for p in other_seed] != [p.question for p in first]
    for p in first:
        assert str(_check_steps(p)) == p.answer
        assert p.task == "gsm8k" and p.question.endswith("now?")


def test_toy_splits_are_disjoint_in_their_arithmetic():
    cfg = ToyConfig(num_train=2000, num_test=100, difficulty=2, max_operand=9)
    train, val, test = (data.toy_problems(cfg, s) for s in ("train", "validation", "test"))
    keys = [{p.solution for p in split} for split in (train, val, test)]
    assert len(keys[1]) == len(val) == 100 and len(keys[2]) == len(test) == 100  # held-out sets are distinct
    assert not keys[0] & keys[1] and not keys[0] & keys[2] and not keys[1] & keys[2]


@pytest.mark.parametrize("difficulty", [1, 3])
def test_toy_difficulty_is_the_number_of_operations(difficulty):
    problems = data.toy_problems(ToyConfig(num_train=50, num_test=10, difficulty=difficulty, max_operand=30), "test")
    assert all(len(p.solution.split(", ")) == difficulty for p in problems)


def test_toy_refuses_a_held_out_set_larger_than_its_problem_space():
    with pytest.raises(UserError, match="raise data.toy.max_operand"):
        data.toy_problems(ToyConfig(num_test=200, difficulty=1, max_operand=5), "test")


def test_toy_unknown_split():
    with pytest.raises(UserError, match="splits train, validation, test"):
        data.load_problems("toy", "dev", recipe(dataset="toy"))


def test_toy_slips_change_demonstrations_only():
    clean_cfg = ToyConfig(num_train=2000, num_test=100, difficulty=2, max_operand=9)
    slip_cfg = ToyConfig(num_train=2000, num_test=100, difficulty=2, max_operand=9, slip_rate=0.3)
    clean, slipped = data.toy_problems(clean_cfg, "train"), data.toy_problems(slip_cfg, "train")
    # Same problems, same reference answers (what the reward and eval check), same worked steps.
    assert [(p.question, p.answer, p.solution) for p in slipped] == [(p.question, p.answer, p.solution) for p in clean]
    wrong = 0
    for p in slipped:
        target = data.sft_target(p)
        demo_answer = int(re.search(r"<answer>(\d+)</answer>", target).group(1))
        assert f"<think>{p.solution}</think>" in target  # the working is always right
        first_result = int(p.solution.split(", ")[0].split("=")[1])
        assert demo_answer in (int(p.answer), first_result)  # the answer, or the sub-result before it
        wrong += demo_answer != int(p.answer)
    assert 0.25 < wrong / len(slipped) < 0.35
    assert all(data.sft_target(p).endswith(f"<answer>{p.answer}</answer>") for p in clean)
    # Held-out splits never slip (they carry no demonstrations anyway).
    for split in ("validation", "test"):
        assert data.toy_problems(slip_cfg, split) == data.toy_problems(clean_cfg, split)
        assert not any(p.meta for p in data.toy_problems(slip_cfg, split))


@pytest.mark.parametrize("rate", [-0.1, 1.0])
def test_toy_slip_rate_out_of_range(rate):
    with pytest.raises(UserError, match=r"data.toy.slip_rate must be in \[0, 1\)"):
        build({"data": {"dataset": "toy", "toy": {"slip_rate": rate}}})


def test_load_train_toy_honours_limit():
    problems, dropped = data.load_train(recipe(dataset="toy", limit=17))
    assert len(problems) == 17 and dropped == 0


# --------------------------------------------------------------------------------------------------------
# local files


def test_gsm8k_from_a_local_folder(real_data):
    r = recipe(dataset="gsm8k", path=str(real_data / "gsm8k"))
    problems, dropped = data.load_problems("gsm8k", "test", r)
    assert len(problems) + dropped == (10 if real_data == SAMPLE else 1319) and dropped == 0
    assert problems[0].answer == "18"  # Janet's ducks: "#### 18"
    assert problems[0].solution.endswith("#### 18")
    limited, _ = data.load_train(build({"data": {"dataset": "gsm8k", "path": str(real_data / "gsm8k"), "limit": 5}}))
    assert len(limited) == 5 and limited[0].question.startswith("Natalia")


def test_math500_from_a_local_folder(real_data):
    r = recipe(dataset="math", task="math", path=str(real_data / "math500"))
    problems, dropped = data.load_problems("math500", "test", r)
    assert len(problems) == (20 if real_data == SAMPLE else 500) and dropped == 0
    first = problems[0]
    assert first.task == "math" and first.id == "math500-test-0"  # rows without a unique_id are numbered
    assert first.answer == r"\left( 3, \frac{\pi}{2} \right)"
    assert first.meta == {"subject": "Precalculus", "level": 2}


def test_unparsable_answers_are_dropped_and_counted(tmp_path):
    path = write_jsonl(
        tmp_path / "train.jsonl",
        [
            {"question": "1+1?", "answer": "so\n#### 2"},
            {"question": "no final line", "answer": "I do not know"},
            {"question": "3,000 + 1?", "answer": "#### 3,001"},
        ],
    )
    problems, dropped = data.load_problems("gsm8k", "train", recipe(dataset="gsm8k", path=str(path)))
    assert dropped == 1
    assert [p.answer for p in problems] == ["2", "3001"]


def test_folder_parquet_and_split_lookup(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    import pyarrow as pa

    (tmp_path / "main").mkdir()
    rows = {"question": ["a?", "b?"], "answer": ["#### 1", "#### 2"]}
    pq.write_table(pa.table(rows), tmp_path / "main" / "test-00000-of-00001.parquet")
    problems, _ = data.load_problems("gsm8k", "test", recipe(dataset="gsm8k", path=str(tmp_path)))
    assert [p.answer for p in problems] == ["1", "2"]
    with pytest.raises(UserError, match="no train split in"):
        data.load_problems("gsm8k", "train", recipe(dataset="gsm8k", path=str(tmp_path)))


def test_custom_columns(tmp_path):
    path = write_jsonl(tmp_path / "mine.jsonl", [{"q": "What is 6*7?", "a": "42"}])
    r = recipe(dataset="custom", path=str(path), question_column="q", answer_column="a", task="gsm8k")
    (problem,), dropped = data.load_train(r)
    assert problem.question == "What is 6*7?" and problem.answer == "42" and dropped == 0


def test_custom_columns_missing_names_the_columns(tmp_path):
    path = write_jsonl(tmp_path / "mine.jsonl", [{"text": "x", "label": "1"}])
    with pytest.raises(UserError, match=r"column\(s\) question, answer not found \(columns: label, text\)"):
        data.load_train(recipe(dataset="custom", path=str(path)))


def test_a_path_as_the_dataset_name(tmp_path):
    path = write_jsonl(
        tmp_path / "eval.jsonl", [{"problem": "Half of 1?", "answer": r"\frac{1}{2}", "unique_id": "u/1"}]
    )
    (problem,), _ = data.load_problems(str(path), "test", recipe(dataset="gsm8k"))
    assert problem.task == "math" and problem.answer == r"\frac{1}{2}" and problem.id == "u/1"


def test_missing_path_is_one_line(tmp_path):
    with pytest.raises(UserError, match="data.path .*: no such file or folder"):
        data.load_train(recipe(dataset="gsm8k", path=str(tmp_path / "nope")))
    with pytest.raises(UserError, match="neither a known name"):
        data.load_problems(str(tmp_path / "nope.jsonl"), "test", recipe())


def test_bad_json_line(tmp_path):
    path = tmp_path / "train.jsonl"
    path.write_text('{"question": "a", "answer": "#### 1"}\n{not json\n')
    with pytest.raises(UserError, match="line 2: not valid JSON"):
        data.load_train(recipe(dataset="gsm8k", path=str(path)))


def test_offline_hub_says_how_to_go_local(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    with pytest.raises(UserError) as err:
        data.load_problems("gsm8k", "test", Recipe(data=DataConfig(dataset="gsm8k")))
    message = str(err.value)
    assert "cannot load dataset gsm8k (openai/gsm8k, split test)" in message
    assert "--set data.path=" in message and "\n" not in message


def test_custom_without_a_source():
    with pytest.raises(UserError, match="data.dataset=custom needs data.path"):
        recipe(dataset="custom")


# --------------------------------------------------------------------------------------------------------
# SFT targets


def test_sft_target_for_gsm8k_strips_calculator_annotations_and_the_final_line():
    problem = data.Problem(
        id="x",
        question="q",
        answer="72",
        solution="Natalia sold 48/2 = <<48/2=24>>24 clips in May.\nSo 48+24 = <<48+24=72>>72 in all.\n#### 72",
    )
    assert data.sft_target(problem) == (
        "<think>Natalia sold 48/2 = 24 clips in May.\nSo 48+24 = 72 in all.</think>\n<answer>72</answer>"
    )


def test_sft_target_for_toy():
    problem = data.toy_problems(ToyConfig(num_test=5, difficulty=2, max_operand=9), "test")[0]
    target = data.sft_target(problem)
    assert target == f"<think>{problem.solution}</think>\n<answer>{problem.answer}</answer>"
