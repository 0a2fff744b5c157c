r"""The `final` reading's rule (verify.contract): the answer slot ends the completion, then the strict reading.

Examples both ways, read through the one call every scorer makes (verify.score), and the contract alone.
"""

from __future__ import annotations

import pytest

from grpo_cli.verify import Problem, Scoring, extract_answer, score, verify
from grpo_cli.verify.contract import answer_slot, final_slot, holds_answer_alone
from grpo_cli.verify.visible import visible

ENDS_ON_SLOT = [
    "<think>6 x 7 = 42</think>\n<answer>42</answer>",
    "<think>6 x 7 = 42</think>\n<answer>42</answer>\n",
    "The final answer is $\\boxed{42}$.",
    "So the total is \\[\\boxed{42}\\]",
    "**Answer: $\\boxed{42}$**",
    "6 x 7 = 42\n#### 42",
    "<answer>42</answer><|im_end|>",
    "\\boxed{42}<!-- 41 -->",  # a comment is not seen
    '\\boxed{42}<span style="display:none">I guessed</span>',  # nor hidden text
    "#### 42\n\nQuestion: Tom has 3 apples. How many?\nAnswer: 3",  # a made-up next turn
    "\\fbox{42}!",
]

DOES_NOT = [
    "\\boxed{42} I hope it is correct.",  # any words after the slot
    "<answer>42</answer>\n\n(a guess, I did not work it out)",
    "<answer>42</answer>\n\nWait, 6 x 7 is 42 but the question asks for 43.",
    "\\boxed{42} apples",
    "The answer is 42.",  # no slot at all
    "Therefore 6 x 7 = 42.",
    "\\boxed{42",  # not closed
    "<answer>42",
    "#### 42\nHmm, or 43.",
    "\\boxed{42}\n\n奇怪，可能是 43。",
    "",
]


@pytest.mark.parametrize("text", ENDS_ON_SLOT)
def test_a_completion_that_ends_on_its_slot_keeps_it(text):
    assert final_slot(visible(text)) is not None  # the contract reads what a reader sees


@pytest.mark.parametrize("text", DOES_NOT)
def test_a_completion_that_goes_on_after_its_slot_has_none(text):
    assert final_slot(visible(text)) is None


def test_final_pays_only_the_slot_that_ends_the_text():
    problems = [Problem("42")] * 4
    texts = [
        "6 x 7 = 42\n<answer>42</answer>",
        "6 x 7 = 42\n<answer>42</answer>\nThough honestly I'd bet on 43.",
        "6 x 7 = 42, so the answer is 42.",  # paid by flexible (and strict: an answer phrase), not by final
        "6 x 7 = 42\n<answer>42 либо 43</answer>",  # two values in the slot, in words no list holds
    ]
    final = [v.correct for v in score(problems, texts, Scoring(mode="final"))]
    flexible = [v.correct for v in score(problems, texts, Scoring(mode="flexible"))]
    assert final == [True, False, False, False]
    assert flexible[0] and flexible[2] and not flexible[3]


def test_inside_the_slot_the_strict_rules_still_read():
    # invisible text inside the box is gone before anything is read, in every reading
    hidden = "$\\boxed{\\color{white}{42}\\color{black}{43}}$"
    assert verify(hidden, "42", mode="final").correct is False
    assert verify(hidden, "43", mode="final").correct is True
    assert verify("<think>x</think><answer>\\frac{1}{2}</answer>", "0.5", "math", mode="final").correct is True


def test_extract_answer_keeps_the_contract():
    assert extract_answer("<answer>42</answer>", mode="final") == "42"
    signed = "<answer>42</answer> I hope it is correct."
    assert extract_answer(signed, mode="final") is None
    assert extract_answer(signed, mode="strict") == "42"  # a sign-off leaves the strict reading's answer standing


def test_a_cut_off_completion_is_no_answer():
    assert verify("6 x 7 = 42\n<answer>4", "42", mode="final", finished=False).correct is False


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
    assert (verify(f"6 x 7 = 42\n<answer>{slot}</answer>", "42", mode="final").correct is True) <= alone


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


LEADS_TO_SLOT = [
    "6 x 7 = 42\n<answer>42</answer>",  # working right before it
    "6 x 7 = 42. So the total is 42 apples.\n\nThe final answer is:\n\\boxed{42}",  # an introduction is passed over
    "6 x 7 = 42.\n\n**Final Answer**\n\\[\n\\boxed{42}\n\\]",  # so is a heading
    "Tom has forty-two apples in all.\n\n#### 42",  # the value restated in words
    "Only option (C) satisfies both conditions.\n\n$\\boxed{\\text{(C)}}$",  # ... or as the slot writes it
    "<think>I am not sure at all. Let me just try.</think>\n<answer>42</answer>",  # the think block is working
    "Is it 41? No: 6 x 7 = 42.\n<answer>42</answer>",
    "<answer>42</answer>",  # nothing before it
]

COMMENTS_ON_SLOT = [
    "6 x 7 = 42\n\nNem sikerült megoldanom, ez csak tipp.\n\n<answer>42</answer>",  # a paragraph of words, any language
    "6 x 7 = 42\n\nNo lo resolví. Lo que sigue es relleno:\n\\boxed{42}",  # ... even when it ends introducing the slot
    "6 x 7 = 42\n\n私は解けませんでした。\n#### 42",
    "<think>6 x 7 = 42</think>\nI never finished this one.\n<answer>42</answer>",
    "6 x 7 = 42\n\nLet me know if you need anything else!\n\n\\boxed{42}",  # the price: a sign-off before the slot
]


@pytest.mark.parametrize("text", LEADS_TO_SLOT)
def test_working_or_an_introduction_leads_to_the_slot(text):
    assert verify(text, "42" if "(C)" not in text else "C", "gsm8k" if "(C)" not in text else "math", mode="final")
    assert answer_slot(visible(text)) is not None


@pytest.mark.parametrize("text", COMMENTS_ON_SLOT)
def test_a_sentence_of_words_between_the_working_and_the_slot_leaves_no_answer(text):
    assert final_slot(visible(text)) is not None  # the slot ends the text and holds the answer alone ...
    assert answer_slot(visible(text)) is None  # ... but a comment, not working, leads to it
    assert verify(text, "42", mode="final").correct is False
    assert verify(text, "42", mode="flexible").correct is True  # the flexible reading does not hold the contract
