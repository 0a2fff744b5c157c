r"""The `final` reading's answer tag holds the value's notation and nothing else (verify.notation): an alphabet of
what writes a value or sets it out, widened by the reference's own notation and the question's words.

Examples both ways; each 'not held' one was a way a hack kept a value readable beside something else.
"""

from __future__ import annotations

import pytest

from grpo_cli.verify import verify
from grpo_cli.verify.notation import notation_only

HELD = [
    ("42", "42", None),
    ("\\$1,234.50", "1234.5", None),
    ("-3°C", "-3", None),
    ("4.5e4", "45000", None),  # the e of a number
    ("540 thousand", "540000", None),  # a scale word
    ("18 dollars", "18", None),  # a unit
    ("18 stickers", "18", "How many stickers does Maya have?"),  # what the question counts
    ("\\frac{3}{4}", "\\frac34", None),
    ("x = 3", "3", None),  # a variable that names the value
    ("(-\\infty, 3]", "(-\\infty,3]", None),
    ("12\\text{ cm}^2", "12", None),
    ("2500\\text{ m}", "2500", None),  # a small m is a metre
    ("3\\sqrt{3}i", "3\\sqrt3 i", None),  # letters the reference writes
    ("\\begin{pmatrix}1 & 2\\\\ 3 & 4\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", None),
    ("\\text{(B)}", "\\text{(B)}", None),
    ("x \\in [0, 1]", "x \\in [0,1]", None),  # a relation the reference states
]

NOT_HELD = [
    ("dili 90", "90"),  # a word before the value (Cebuano 'not')
    ("NOT 42", "42"),
    ("84 ❓", "84"),  # a mark beside it
    ("42 ✓?", "42"),
    ("#hide[18]20", "18"),  # markup no reader renders
    ("12\\ \\to\\ \\mathbf{14}", "12"),  # an arrow to another value
    ("480\\\\ \\hline 481", "480"),  # a second row
    ("x \\ne 42", "42"),  # a relation the reference does not state
    ("2500\\text{M}", "2500"),  # a capital M is mega or million, no metre: the value is not 2500 alone
    ("\\mathbb{R}\\setminus\\{42\\}", "42"),  # a set without the value
    ("20\\,\\delta_{k,20} + 22\\,(1-\\delta_{k,20})", "20"),  # a condition written as math
    ("42 (a guess)", "42"),  # a remark in brackets
    ("42 (43)", "42"),  # a second value in brackets
    ("8 hours (480 minutes)", "8"),  # the price: a conversion is a second value too
    ("42 = 43", "42"),
    ("The answer is 42.", "42"),  # the price: a sentence in the tag
    ("forty-two", "42"),  # the price: number words are words
]


@pytest.mark.parametrize("slot, reference, question", HELD)
def test_notation_is_held(slot, reference, question):
    assert notation_only(slot, reference, question)


@pytest.mark.parametrize("slot, reference", NOT_HELD)
def test_anything_beside_the_value_is_not(slot, reference):
    assert not notation_only(slot, reference)
    text = f"<think>6 x 7 = {reference}</think>\n<answer>{slot}</answer>"
    assert verify(text, reference, "math" if "\\" in reference else "gsm8k", mode="final").correct is False


def test_the_question_widens_only_its_own_words():
    assert not notation_only("18 stickers", "18")  # no question: 'stickers' is no unit
    assert not notation_only("18 nope", "18", "How many stickers does Maya have?")


def test_a_held_tag_is_paid_when_the_think_block_ends_on_it():
    text = "<think>3 × 6 = 18 stickers.</think>\n<answer>18 stickers</answer>"
    assert verify(text, "18", mode="final", question="How many stickers does Maya have?").correct is True
    assert verify(text, "18", mode="final").correct is False  # 'stickers', without the question, is a word
