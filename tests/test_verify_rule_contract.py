r"""The `final` reading's rule (verify.contract): the R1 format as a reader sees it, then the strict reading.

Examples both ways, read through the one call every scorer makes (verify.score), and the contract alone.
"""

from __future__ import annotations

import pytest

from grpo_cli.verify import Problem, Scoring, extract_answer, score, verify
from grpo_cli.verify.contract import answer_slot, holds_answer_alone, r1_parts
from grpo_cli.verify.visible import visible

R1_FORMAT = [
    "<think>6 x 7 = 42</think>\n<answer>42</answer>",
    "<think>\n6 x 7 = 42\n</think>\n\n<answer>42</answer>\n",
    "6 x 7 = 42\n</think>\n<answer>42</answer>",  # the prompt opened the think block
    "<think>6 x 7 = 42</think><answer>42</answer><|im_end|>",
    "<think>6 x 7 = 42</think>\n<answer>42</answer><!-- 41 -->",  # a comment is not seen
    '<think>6 x 7 = 42</think>\n<span style="display:none">I guessed</span><answer>42</answer>',  # nor hidden text
    "<think>6 x 7 = 42</think>\n<answer>\\boxed{42}</answer>",
]

NOT_R1_FORMAT = [
    "<think>6 x 7 = 42</think>\n<answer>42</answer>\nI hope it is correct.",  # words after the answer
    "<think>6 x 7 = 42</think>\nThe answer:\n<answer>42</answer>",  # words between the blocks
    "<think>6 x 7 = 42</think>\n## Unverified\n<answer>42</answer>",  # a heading is words too
    "Let me think.\n<think>6 x 7 = 42</think>\n<answer>42</answer>",  # words before the think block
    "<think>6 x 7 = 42</think>\n<answer>41</answer>\n<answer>42</answer>",  # two answers
    "<think>6 x 7</think> = 42 </think>\n<answer>42</answer>",  # two think ends
    "<answer>42</answer>",  # no think block
    "The final answer is $\\boxed{42}$.",  # another format
    "6 x 7 = 42\n#### 42",
    "<think>6 x 7 = 42</think>\n<answer>42",  # not closed
    "",
]


@pytest.mark.parametrize("text", R1_FORMAT)
def test_the_r1_format_gives_its_answer(text):
    found = r1_parts(visible(text))  # what a reader sees
    assert found is not None and found[1] == ("\\boxed{42}" if "boxed" in text else "42")


@pytest.mark.parametrize("text", NOT_R1_FORMAT)
def test_anything_else_has_none(text):
    assert r1_parts(visible(text)) is None


def test_final_pays_only_the_r1_format():
    problems = [Problem("42")] * 4
    texts = [
        "<think>6 x 7 = 42</think>\n<answer>42</answer>",
        "<think>6 x 7 = 42</think>\n<answer>42</answer>\nThough honestly I'd bet on 43.",
        "6 x 7 = 42, so the answer is 42.",  # paid by flexible (and strict: an answer phrase), not by final
        "<think>6 x 7 = 42</think>\n<answer>42 либо 43</answer>",  # two values in the answer, in words no list holds
    ]
    final = [v.correct for v in score(problems, texts, Scoring(mode="final"))]
    flexible = [v.correct for v in score(problems, texts, Scoring(mode="flexible"))]
    assert final == [True, False, False, False]
    assert flexible[0] and flexible[2] and not flexible[3]


def test_inside_the_answer_the_strict_rules_still_read():
    # invisible text inside the answer is gone before anything is read, in every reading
    hidden = "<think>6 x 7 = 42</think><answer>$\\color{white}{42}\\color{black}{43}$</answer>"
    assert verify(hidden, "42", mode="final").correct is False
    assert verify(hidden, "43", mode="final").correct is True
    assert verify("<think>x</think><answer>\\frac{1}{2}</answer>", "0.5", "math", mode="final").correct is True


def test_extract_answer_keeps_the_contract():
    assert extract_answer("<think>6 x 7 = 42</think><answer>42</answer>", mode="final") == "42"
    signed = "<think>6 x 7 = 42</think><answer>42</answer> I hope it is correct."
    assert extract_answer(signed, mode="final") is None
    assert extract_answer(signed, mode="strict") == "42"  # a sign-off leaves the strict reading's answer standing


def test_a_cut_off_completion_is_no_answer():
    assert verify("<think>6 x 7 = 42</think>\n<answer>4", "42", mode="final", finished=False).correct is False


@pytest.mark.parametrize(
    "slot, alone",
    [
        ("42", True),
        ("$1,250", True),
        ("She will have $1,250 left.", True),
        ("18 dollars", True),
        ("x = 3, y = -1", True),
        ("(-\\infty, 3)", True),
        ("\\begin{pmatrix} 1 \\\\ -2 \\end{pmatrix}", True),
        ("16 - 3 - 4 = 9", True),
        ("\\text{(A)}", True),
        ("42 (наугад)", False),  # a remark in brackets, any language
        ("0.75（適当に埋めただけ）", False),
        ("12 — valeur au pif, non calculée", False),
        ("96, no wait, 97", False),
        ("-7\\ \\text{(before the fix)}\\ \\rightarrow\\ -5", False),
        ("\\text{is it }20\\text{?}", False),  # it asks
        ("کیا یہ 25 ہے؟", False),  # in any script
        ("8 hours (480 minutes)", False),  # the price: a conversion in brackets is a remark too
    ],
)
def test_the_final_slot_holds_the_answer_alone(slot, alone):
    assert holds_answer_alone(slot) is alone
    paid = verify(f"<think>6 x 7 = 42</think>\n<answer>{slot}</answer>", "42", mode="final").correct is True
    assert paid <= alone


@pytest.mark.parametrize(
    "slot",
    [
        "$\\boxed{\\neq 96}$",
        "<answer>< 96</answer>",
        "$\\boxed{\\text{answer} \\notin \\{96\\}}$",
        "<answer>\nanswer: 96\nalternative: 97\n</answer>",
    ],
)
def test_a_number_slot_with_a_relation_or_a_value_per_line_states_none(slot):
    assert verify(slot, "96").correct is False
    assert verify("<answer><value>96</value></answer>", "96").correct is True  # markup is no relation


LEADS_TO_ANSWER = [
    "<think>6 x 7 = 42</think>\n<answer>42</answer>",  # working at the end of the think block
    "<think>6 x 7 = 42. So the total is 42 apples.\n\nSo the answer is:</think>\n<answer>42</answer>",  # passed over
    "<think>6 x 7 = 42.\n\n**Final Answer**</think>\n<answer>42</answer>",  # so is a heading
    "<think>Tom has forty-two apples in all.</think>\n<answer>42</answer>",  # the value restated in words
    "<think>Only option (C) satisfies both conditions.</think>\n<answer>\\text{(C)}</answer>",  # or as it is written
    "<think>Is it 41? No: 6 x 7 = 42.</think>\n<answer>42</answer>",
    "<think></think>\n<answer>42</answer>",  # nothing in it
]

COMMENTS_ON_ANSWER = [
    "<think>6 x 7 = 42\n\nNem sikerült megoldanom, ez csak tipp.</think>\n<answer>42</answer>",  # words, any language
    "<think>6 x 7 = 42\n\nNo lo resolví. Lo que sigue es relleno:</think>\n<answer>42</answer>",  # even introducing it
    "6 x 7 = 42\n\n私は解けませんでした。\n</think>\n<answer>42</answer>",
    "<think>6 x 7 = 42\n\nI never finished this one.</think>\n<answer>42</answer>",  # 'one' is not 42
    "<think>6 x 7 = 42\n\nAll done, that was easy!</think>\n<answer>42</answer>",  # the price: a cheer is words too
]


@pytest.mark.parametrize("text", LEADS_TO_ANSWER)
def test_working_leads_to_the_answer(text):
    math = "(C)" in text
    assert verify(text, "C" if math else "42", "math" if math else "gsm8k", mode="final").correct is True
    assert answer_slot(visible(text)) is not None


@pytest.mark.parametrize("text", COMMENTS_ON_ANSWER)
def test_a_last_paragraph_of_words_with_no_value_leaves_no_answer(text):
    found = r1_parts(visible(text))
    assert found is not None and found[1] == "42"  # the R1 format, the answer alone ...
    assert answer_slot(visible(text)) is None  # ... but a comment, not working, leads to it
    assert verify(text, "42", mode="final").correct is False
    assert verify(text, "42", mode="flexible").correct is True  # the flexible reading does not hold the contract
