"""The rule-based arithmetic step scorer: the safe evaluator, claims in a step, scores, on GSM8K's real working
and on the toy task's working."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from grpo_cli import data
from grpo_cli.config import ToyConfig
from grpo_cli.stepwise.arithmetic import ArithmeticScorer
from grpo_cli.stepwise.split import split_steps
from grpo_cli.verify.arithmetic import MAX_EXPR_CHARS, evaluate, find_claims, normalize, score_step


@pytest.mark.parametrize(
    ("expr", "value"),
    [
        ("2+3*4", 14),
        ("(2+3)*4", 20),
        ("10/4", Fraction(5, 2)),
        ("-3+5", 2),
        ("--3", 3),
        ("7 - -2", 9),
        ("20%", Fraction(1, 5)),
        ("50 * 20%", 10),
        ("1.5*2", 3),
        (".5 + .25", Fraction(3, 4)),
        ("3/4*8", 6),
        ("1/3+1/3+1/3", 1),  # exact: no float rounding
        ("((1))", 1),
    ],
)
def test_evaluator_is_exact(expr: str, value) -> None:
    assert evaluate(expr) == value


@pytest.mark.parametrize(
    "expr",
    [
        "__import__('os')",
        "2**10",
        "2^10",
        "5/0",
        "(2+3",
        "2+",
        "",
        "abc",
        "1" * 40,  # number too long
        "1+" * (MAX_EXPR_CHARS // 2 + 1) + "1",  # too long to be working
        "3 4",
    ],
)
def test_evaluator_refuses_what_is_not_arithmetic(expr: str) -> None:
    assert evaluate(expr) is None


def test_normalize_spellings() -> None:
    assert normalize("3 × 4 ÷ 2 − 1") == "3 * 4 / 2 - 1"
    assert normalize("3 x 4 and 2x5, box x") == "3 * 4 and 2*5, box x"
    assert normalize("$1,200 + $300") == "1200 + 300"
    assert normalize("\\frac{3}{4} \\times 8") == "((3)/(4)) * 8"
    assert normalize("1 1/2") == "(1+1/2)"
    assert normalize("9+2=11, 11-3=8") == "9+2=11, 11-3=8"  # a clause comma is not a thousands separator


def claims(step: str) -> list[tuple[str, str, bool, str]]:
    return [(c.lhs, c.rhs, c.holds, c.kind) for c in find_claims(step)]


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        ("9+2=11,", [("9+2", "11", True, "add")]),
        ("11-3=7", [("11-3", "7", False, "sub")]),
        ("Natalia sold 48/2 = 24 clips in May.", [("48/2", "24", True, "div")]),
        ("He has 5+3 = 8 apples and 8*2 = 16 pears", [("5+3", "8", True, "add"), ("8*2", "16", True, "mul")]),
        ("2+2 = 4 = 8/2", [("2+2", "4", True, "add"), ("4", "8/2", True, "div")]),
        ("(3+4)*2 = 14", [("(3+4)*2", "14", True, "mixed")]),
        ("the sum (3+4 = 7) is", [("3+4", "7", True, "add")]),
        ("50 * 20% = 10", [("50 * 20%", "10", True, "percent")]),
        ("100 - 50 = 50% left", [("100 - 50", "50%", True, "sub")]),  # percent as a unit
        ("$1,200 + $300 = $1,500.", [("1200 + 300", "1500", True, "add")]),
        ("12 − 5 = 7", [("12 - 5", "7", True, "sub")]),
        ("Step 1. 3+4 = 7", [("3+4", "7", True, "add")]),  # the part next to "=" that parses
        ("10/3 = 3.33", [("10/3", "3.33", True, "div")]),  # rounded to the places written
        ("2/3 = 0.66", [("2/3", "0.66", True, "div")]),  # truncated
        ("2/3 = 0.65", [("2/3", "0.65", False, "div")]),
        ("7/2 = 3", [("7/2", "3", False, "div")]),  # an integer must be exact
        ("8 x 1 1/2 = 12 rolls", [("8 * (1+1/2)", "12", True, "mixed")]),
    ],
)
def test_claims(step: str, expected) -> None:
    assert claims(step) == expected


@pytest.mark.parametrize(
    "step",
    [
        "3 packs of 4 = 12",  # a number out of a sentence
        "Week 4 = 48 + 48",
        "x = 5",
        "a = b",
        "2 liters * 20% = .4 liters",  # the computation starts before the run: a unit cuts it
        "60 students x 2/3 = 40 students",
        "100/5 = 5A/5",  # a variable glued to the right side
        "M + 4 + 2 = 8 hours",
        "5/0 = 3",  # no value to compare
        "The answer is 42.",
        "",
    ],
)
def test_no_checkable_claim(step: str) -> None:
    assert find_claims(step) == []
    assert score_step(step) is None


def test_step_scores() -> None:
    assert score_step("9+2=11, then 11-3=8") == 1.0
    assert score_step("9+2=11, then 11-3=9") == 0.0  # one failed claim fails the step
    assert score_step("He thinks hard.") is None
    scorer = ArithmeticScorer()
    assert scorer(["q", "q"], [["9+2=11,", "11-3=9", "so"], []]) == [[1.0, 0.0, None], []]


def test_never_executes_model_text(tmp_path) -> None:
    marker = tmp_path / "pwned"
    step = f"__import__('pathlib').Path({str(marker)!r}).touch() = 1, exec('1') = 1, 2+2 = 4"
    assert claims(step) == [("2+2", "4", True, "add")]
    assert not marker.exists()


def test_toy_working_scores_every_step() -> None:
    """Every demonstration of the tiny recipe's task: each clause is one step with one claim, and it holds; a slipped
    sum fails exactly its own step."""
    problems = data.toy_problems(ToyConfig(num_train=300, num_test=50, difficulty=2, max_operand=9), "train")
    for p in problems:
        working = f"<think>{p.solution}</think>\n<answer>{p.answer}</answer>"
        steps = split_steps(working)
        assert len(steps) == 2
        assert [score_step(s.text) for s in steps] == [1.0, 1.0], working
        kinds = [c.kind for s in steps for c in find_claims(s.text)]
        assert set(kinds) <= {"add", "sub"}
    wrong = split_steps("<think>9+2=11, 11-3=9</think>")
    assert [score_step(s.text) for s in wrong] == [1.0, 0.0]


def test_gsm8k_reference_working(real_data) -> None:
    """GSM8K's own worked solutions are (nearly) right: the scorer finds a claim in most lines and calls almost all of
    them correct. The few it rejects are GSM8K's own slips ("2*8 = 24") or notations it does not read."""
    path = real_data / "gsm8k" / "train.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()[:2000]]
    lines = scored = held = total = 0
    for row in rows:
        for step in split_steps(data.clean_gsm8k_solution(row["answer"]), "line"):
            lines += 1
            found = find_claims(step.text)
            scored += bool(found)
            total += len(found)
            held += sum(c.holds for c in found)
    assert scored / lines > 0.6  # most lines compute something
    assert held / total > 0.99
    # and the known slips in the data are caught
    assert score_step("Jerry took 2*8 = 24 hours fixing the broken kitchen counter") == 0.0
