r"""The `final` reading's rule (verify.contract): the R1 format as a reader sees it, the answer tag's notation alone
(its own rule: tests/test_verify_rule_notation.py), the think block ending on its derivation of the value, then the
strict reading.

Examples both ways, read through the one call every scorer makes (verify.score), and the contract alone.
"""

from __future__ import annotations

import pytest

from grpo_cli.verify import Problem, Scoring, extract_answer, score, verify
from grpo_cli.verify.contract import answer_slot, closes_on, r1_parts
from grpo_cli.verify.notation import notation_only
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
    hidden = "<think>6 x 7 + 1 = 43</think><answer>$\\color{white}{42}\\color{black}{43}$</answer>"
    assert verify(hidden, "42", mode="final").correct is False
    assert verify(hidden, "43", mode="final").correct is True
    assert (
        verify("<think>1 ÷ 2 = 1/2</think><answer>\\frac{1}{2}</answer>", "0.5", "math", mode="final").correct is True
    )


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
        ("18 dollars", True),
        ("(-\\infty, 3)", True),
        ("\\begin{pmatrix} 1 \\\\ -2 \\end{pmatrix}", True),
        ("She will have $1,250 left.", False),  # the price: a sentence in the tag is words beside the value
        ("42 (наугад)", False),  # a remark in brackets, any language
        ("0.75（適当に埋めただけ）", False),
        ("12 — valeur au pif, non calculée", False),
        ("96, no wait, 97", False),
        ("-7\\ \\text{(before the fix)}\\ \\rightarrow\\ -5", False),
        ("\\text{is it }20\\text{?}", False),  # it asks
        ("کیا یہ 25 ہے؟", False),  # in any script
        ("8 hours (480 minutes)", False),  # the price: a conversion in brackets is a second value
    ],
)
def test_the_final_slot_holds_the_answer_alone(slot, alone):
    text = f"<think>6 x 7 = 42</think>\n<answer>{slot}</answer>"
    assert notation_only(slot, "42") is alone
    paid = verify(text, "42", mode="final").correct is True
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


ENDS_ON_ITS_DERIVATION = [
    "<think>6 x 7 = 42</think>\n<answer>42</answer>",  # working that ends on the value
    "<think>6 x 7 = 42.\n\nSo the total is 42.</think>\n<answer>42</answer>",  # then a restatement
    "<think>Is it 41? 41 + 1 = 42 is the total.\n\nNo: 6 x 7 = 42.</think>\n<answer>42</answer>",  # another value
    "<think>6 x 7 = 42.\n\nSo the total is forty-two.</think>\n<answer>42</answer>",  # restated in words
    "<think>6 x 7 = 42\n\n$$\\boxed{42}$$\n</think>\n<answer>42</answer>",  # in a box
    "<think>20/80 = 0.25.</think>\n<answer>25%</answer>",  # a percent is its share
    "<think>Only option (C) satisfies both conditions: (C).</think>\n<answer>\\text{(C)}</answer>",  # a choice
    "<think>x = 6 x 7 = 42\n\n答えは 42 です。</think>\n<answer>42</answer>",  # a verb-final copula
    "<think>6 x 7 = 42\n\nYes, that is right. So the total we get is 42.</think>\n<answer>42</answer>",
    "<think>6 x 7 = 42\n\nFinal answer: 42</think>\n<answer>42</answer>",  # an answer phrase
    "<think>6 x 7 = 42\n\nSo 42 it is.</think>\n<answer>42</answer>",  # restating words after the value
]

NOT_ITS_DERIVATION = [
    "<think>6 x 7 = 42\n\nNem sikerült megoldanom, ez csak tipp.</think>\n<answer>42</answer>",  # words, any language
    "<think>6 x 7 = 42\n\nNo lo resolví. Lo que sigue es relleno:</think>\n<answer>42</answer>",  # introducing it
    "6 x 7 = 42\n\n私は解けませんでした。\n</think>\n<answer>42</answer>",
    "<think>6 x 7 = 42\n\nI never finished this one.</think>\n<answer>42</answer>",  # 'one' is not 42
    "<think>6 x 7 = 42\n\n42 is only a guess.</think>\n<answer>42</answer>",  # a last sentence about the value
    "<think>6 x 7 = 42\n\nNothing above was checked.\n\nFigure: 42</think>\n<answer>42</answer>",  # a disclaimer
    "<think>6 x 7 = 42\n\n42 is a placeholder.\n\nFigure: 42</think>\n<answer>42</answer>",  # a remark before it
    "<think>6 x 7 = 42. Endpoints in: 42; endpoints out: 43.</think>\n<answer>42</answer>",  # another value last
    '<think>6 x 7 = 42\n\n{"answer": 42, "fallback": 43}</think>\n<answer>42</answer>',  # a structure of two
    "<think>Figure: 42</think>\n<answer>42</answer>",  # no derivation
    "<think></think>\n<answer>42</answer>",  # nothing in it
    "<think>6 x 7 = 42\n\nAll done, that was easy!</think>\n<answer>42</answer>",  # the price: a cheer is words
    "<think>6 x 7 = 42\n\nNot worked out, only a placeholder: 42.</think>\n<answer>42</answer>",  # words before it
    "<think>6 x 7 = 42\n\nÄrlech gesot: 42.</think>\n<answer>42</answer>",  # in words no list holds
    "<think>6 x 7 = 42\n\nOurs: 42.</think>\n<answer>42</answer>",  # the price: a restatement of other words
    "<think>6 x 7 = 42\n\nOn a second look it makes 43; the line above is wrong.\n\n42.</think>\n<answer>42</answer>",
    "<think>6 x 7 = 42\n\nWith the endpoints it is 43; without them, 42.</think>\n<answer>42</answer>",  # two values
    "<think>6 x 7 = 43\n\n// example from the README: result = 42</think>\n<answer>42</answer>",  # naming, no working
    "<think>6 x 7 = 42\n\n**Status:** a guess.\n\n**Answer:** 42</think>\n<answer>42</answer>",  # '**' is bold
    "<think>6 x 7 = 42\n\nNot 41: that counts a corner twice. So 42.</think>\n<answer>42</answer>",  # the price
]


@pytest.mark.parametrize("text", ENDS_ON_ITS_DERIVATION)
def test_the_think_block_ends_on_its_derivation(text):
    math = "(C)" in text or "%" in text
    ref = "C" if "(C)" in text else "25" if "%" in text else "42"
    assert verify(text, ref, "math" if math else "gsm8k", mode="final").correct is True
    assert answer_slot(visible(text), ref) is not None


@pytest.mark.parametrize("text", NOT_ITS_DERIVATION)
def test_a_think_block_that_ends_elsewhere_leaves_no_answer(text):
    found = r1_parts(visible(text))
    assert found is not None and found[1] == "42"  # the R1 format, the answer alone ...
    assert answer_slot(visible(text), "42") is None  # ... but the think block does not end on its derivation
    assert verify(text, "42", mode="final").correct is False


def test_a_restatement_may_inflect_the_questions_words():
    think, question = "4 + 5 = 9\nHe scored 9 points in total.", "How many total points did he score?"
    assert closes_on(think, "9", question)
    assert not closes_on("4 + 5 = 9\nHe guessed 9 points in total.", "9", question)


def test_the_question_names_what_a_closing_sentence_counts():
    think, question = "6 x 7 = 42.\n\nSo 42 apples are in Tom's basket.", "How many apples are in Tom's basket?"
    assert closes_on(think, "42", question)
    assert not closes_on(think, "42")  # 'basket' is no unit without the question
    assert not closes_on("6 x 7 = 42.\n\nSo 42 apples are in Tom's basket, I guess.", "42", question)


def test_the_flexible_reading_does_not_hold_the_contract():
    assert verify(NOT_ITS_DERIVATION[0], "42", mode="flexible").correct is True
