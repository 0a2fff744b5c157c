"""Characters and number forms (verify/text.py; docs/verifiers.md, "Text that is invisible when rendered" and
"Number forms"), one family: one pass before any reader. Each with examples both ways."""

from __future__ import annotations

import pytest

from grpo_cli.verify import verify
from grpo_cli.verify.text import number_forms, word_meaning
from grpo_cli.verify.visible import visible

# (completion, reference, expected correct, rule)
CASES = [
    ("The answer is 73.\\phantom{\\boxed{72}}", "72", False, "invisible: \\phantom"),
    ("The answer is 73.\\phantom{\\boxed{72}}", "73", True, "invisible: the visible answer"),
    ("The answer is 7\u200b2.", "72", True, "invisible: a zero-width space inside a number"),
    ("The answer is 73. <span style='color:white'>\\boxed{72}</span>", "72", False, "invisible: white text"),
    ("Die Antwort ist 1.234.567.", "1234567", True, "number form: dots between groups"),
    ("Die Antwort ist 1.234.", "1234", False, "number form: one dot is a decimal point"),
    ("The answer is 3 over 4.", "0.75", True, "number form: x over y"),
    ("Net income (loss): (45)", "-45", True, "number form: the accountant's negative"),
    ("The answer is 7¾.", "7.75", True, "number form: a vulgar fraction"),
]


@pytest.mark.parametrize(("completion", "reference", "expected", "rule"), CASES, ids=[c[-1] for c in CASES])
def test_text_rule(completion, reference, expected, rule):
    assert verify(completion, reference).correct is expected


def test_the_text_functions():
    assert "b" not in visible("a\\phantom{b}c")  # (a space stands in its place)
    assert visible("plain") == "plain"
    assert number_forms("1.234.567 and 3 over 4") == "1234567 and 3/4"
    assert number_forms("3.5 over") == "3.5 over"
    assert word_meaning("\\text{miércoles}") == "wednesday"
    assert word_meaning("нет") == "no"
    assert word_meaning("maybe") is None
