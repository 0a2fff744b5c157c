"""The locator's rules (verify/extract.py: `FIND_SPAN`, the ordered list `find_span` loops over; docs/verifiers.md,
"Where the answer is"), one family: which answer the text states, and where. One case per rule where it decides,
and one where it must give way to the rule after it, so a rule moved, dropped or widened fails here."""

from __future__ import annotations

import pytest

from grpo_cli.verify import verify
from grpo_cli.verify.extract import FIND_SPAN, find_span

# (completion, reference, task, finished, expected correct, rule)
CASES = [
    # _after_thinking: the text after </think> first; the reasoning only when nothing after it states an answer
    (
        "<think>\\boxed{13}? Wait, 18 - 4 = 14.</think> She has **14** pens left.",
        "14",
        "gsm8k",
        True,
        True,
        "after thinking: the answer after </think>",
    ),  # fmt: skip
    ("<think>So the final answer is 68.</think>", "68", "gsm8k", True, True, "after thinking: nothing after it"),
    # _answer_tag: the last complete tag
    ("<answer>18</answer>\n\nI double-checked with \\boxed{18}.", "18", "gsm8k", True, True, "tag, then the same box"),
    (
        "<answer>18</answer> and the total is \\boxed{20}",
        "18",
        "gsm8k",
        True,
        False,
        "tag: the text ends on another box",
    ),
    # _boxed: the last box
    ("First \\boxed{5}, but that is wrong; then \\boxed{7}.", "7", "gsm8k", True, True, "box: the last one"),
    ("The answer is \\boxed{7}? Or maybe 8.", "7", "gsm8k", True, False, "box: a hedge after it"),
    # _unclosed_last_box: a box cut open is no answer
    ("So the answer is \\boxed{30.", "30", "gsm8k", False, False, "box cut open"),
    # _stated: the last #### line, else the last phrase
    ("#### 15\n\nThe correct answer is 18.", "18", "gsm8k", True, True, "#### then a correction phrase"),
    ("The answer is 40 / 8 = 5.", "5", "gsm8k", True, True, "phrase: after its last '='"),
    ("The answer is 18", "18", "gsm8k", False, False, "phrase run into the cut"),
    ("The answer is 18.", "18", "gsm8k", False, True, "phrase complete before the cut"),
    ("Final answer:\n\n18 apples", "18", "gsm8k", True, True, "phrase: a label over a value"),
    (
        "### Answer\n\nThe ratio is 3 : 2.\n\nOf 45 animals that is 27 cats and **18 dogs**.",
        "18",
        "gsm8k",
        True,
        True,
        "phrase: a heading over a section of sentences labels no value",
    ),  # fmt: skip
    # _table_total: a table's total row
    (
        "| item | cost |\n|---|---|\n| pens | 4 |\n| books | 8 |\n| **Total** | **12** |",
        "12",
        "gsm8k",
        True,
        True,
        "table total",
    ),  # fmt: skip
    # _last_value: flexible mode, a finished text: the number it ends on
    ("She has 5 + 7 = 12 apples.", "12", "gsm8k", True, True, "last number"),
    ("She has 5 + 7 = 12 apples.", "12", "gsm8k", False, False, "last number: not for a cut-off text"),
    ("So, there are 4 stalls with 8 cows.", "4", "gsm8k", True, True, "last number: before a trailing detail"),
    ("The domain is all real numbers.", "(-\\infty, \\infty)", "math", True, True, "last math: a named set"),
]


@pytest.mark.parametrize(
    ("completion", "reference", "task", "finished", "expected", "rule"), CASES, ids=[c[-1] for c in CASES]
)
def test_locator_rule(completion, reference, task, finished, expected, rule):
    assert verify(completion, reference, task, finished=finished).correct is expected


def test_find_span_is_an_ordered_list_of_rules():
    names = [rule.__name__ for rule in FIND_SPAN]
    assert names.index("_after_thinking") < names.index("_answer_tag") < names.index("_boxed") < names.index("_stated")
    assert names[-1] == "_last_value"  # the fallback comes last
    assert find_span("<answer>18</answer> then \\boxed{18}", "flexible", True)[1] == "answer_tag"
    assert find_span("She has 12 apples.", "strict", True) is None  # strict mode: no fallback
