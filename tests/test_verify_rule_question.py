"""The question rules (verify/question.py; docs/verifiers.md, "Question-aware verdicts"), one family: what the
prompt tells the comparison. Each rule with examples both ways, and each case also without the question, so a rule
that stopped reading the question fails here."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grpo_cli.verify import verify
from grpo_cli.verify.question import CONFLICT, asked_unit, in_asked_unit, yes_no_question

GIVEN = "Maya has 12 apples. She buys 3 more and gives 3 to Tom. How many apples does Maya have now?"
PRIME = "Is 221 a prime number?"
MOVIE = "A movie lasts 2 hours. How many minutes does it last?"
JERKY = "Each stick of jerky costs $0.50. How much does one stick cost in cents?"

# (completion, reference, task, question, expected with the question, expected without it, rule)
UTENSILS = "Judy bought a dozen cups and 40 dishes. What's the total number of utensils she bought?"
DOZENS = "Judy bought 96 cups. How many dozen cups did she buy?"
CASES = [
    # the given data restated is no answer; a conclusion that equals a given number stays right
    ("We know that Maya has 12 apples.", "12", "gsm8k", GIVEN, False, True, "given data restated"),
    ("So Maya has 12 apples.", "12", "gsm8k", GIVEN, True, True, "a conclusion equal to a given number"),
    ("The answer is 12.", "12", "gsm8k", GIVEN, True, True, "an answer equal to a given number"),
    # the question's own expression restated is no answer; its value, or a choice it offers, is one
    ("\\boxed{3 \\cdot 4 + 1}", "13", "math", "Compute $3 \\cdot 4 + 1$.", False, True, "expression restated"),
    ("\\boxed{13}", "13", "math", "Compute $3 \\cdot 4 + 1$.", True, True, "the expression's value"),
    ("\\boxed{2^{10}}", "2^{10}", "math", "Which is larger, $2^{10}$ or $10^3$?", True, True, "a choice named"),
    # a yes / no question: the answer's opening yes / no word
    (
        "\\boxed{\\text{No, because } 221 = 13 \\cdot 17}",
        "\\text{No}",
        "math",
        PRIME,
        True,
        False,
        "yes/no: No, because",
    ),
    ("\\boxed{\\text{Yes, since it is odd}}", "\\text{No}", "math", PRIME, False, False, "yes/no: the other word"),
    ("<answer>Yes and no</answer>", "No", "math", PRIME, False, False, "yes/no: both words"),
    ("\\boxed{221}", "No", "math", PRIME, False, False, "yes/no: a number is no yes / no"),
    (
        "\\boxed{\\text{Sí, porque solo es divisible por 1 y 13}}",
        "Yes",
        "math",
        "¿Es 13 primo?",
        True,
        False,
        "yes/no (es)",
    ),
    (
        "\\boxed{\\text{No, because } 221 = 13 \\cdot 17}",
        "\\text{No}",
        "math",
        "What is 221?",
        False,
        False,
        "not a yes/no question",
    ),  # fmt: skip
    # the asked unit (gsm8k): an answer's one named unit converted to it
    ("The answer is 2 hours.", "120", "gsm8k", MOVIE, True, True, "unit: hours asked as minutes"),
    ("<answer>7200 seconds</answer>", "120", "gsm8k", MOVIE, True, False, "unit: seconds asked as minutes"),
    ("The answer is 120 minutes.", "120", "gsm8k", MOVIE, True, True, "unit: the asked unit"),
    ("The answer is 120 minutes.", "2", "gsm8k", MOVIE, False, True, "unit: the asked unit only, not also hours"),
    ("<answer>$120</answer>", "120", "gsm8k", MOVIE, False, True, "unit: another dimension"),
    (
        "<answer>2 months</answer>",
        "60",
        "gsm8k",
        "How many days does the trip take?",
        False,
        False,
        "unit: no single size",
    ),  # fmt: skip
    ("The answer is 120.", "120", "gsm8k", MOVIE, True, True, "unit: none named"),
    ("The answer is $0.50.", "50", "gsm8k", JERKY, True, True, "unit: dollars asked as cents"),
    ("The answer is $50.", "50", "gsm8k", JERKY, False, True, "unit: $50 is not 50 cents"),
    ("It takes 2 hours, so 120.", "120", "gsm8k", MOVIE, True, True, "unit: on another number than the answer"),
    # the asked scale (gsm8k): a number before a scale word is its scaled value, and the number as written only where
    # the sentence that asks counts in that scale (one text is not paid under 96 and under 8)
    ("<answer>8 dozen</answer>", "96", "gsm8k", UTENSILS, True, True, "scale: the scaled value"),
    ("<answer>8 dozen</answer>", "8", "gsm8k", UTENSILS, False, True, "scale: a dozen in the data is not asked"),
    ("<answer>8 dozen</answer>", "8", "gsm8k", DOZENS, True, True, "scale: dozens asked"),
    ("The answer is 2.4 billion.", "2.4", "gsm8k", "How many billions did it earn?", True, True, "scale: a plural"),
    ("The answer is 0.035 thousand.", "0.035", "gsm8k", MOVIE, False, True, "scale: thousands not asked"),
    ("The answer is $50k.", "50", "gsm8k", MOVIE, False, True, "scale: an abbreviation, not asked"),
    ("The answer is $50k.", "50", "gsm8k", "How many thousand dollars?", True, True, "scale: an abbreviation, asked"),
]


@pytest.mark.parametrize(
    ("completion", "reference", "task", "question", "expected", "without", "rule"), CASES, ids=[c[-1] for c in CASES]
)
def test_question_rule(completion, reference, task, question, expected, without, rule):
    assert verify(completion, reference, task, question=question).correct is expected
    assert verify(completion, reference, task).correct is without


@pytest.mark.parametrize(
    ("question", "unit"),
    [
        (MOVIE, ("time", 60)),
        ("How many more minutes does Tom need?", ("time", 60)),
        ("What does it cost in dollars?", ("money", 100)),
        (JERKY, ("money", 1)),
        ("How heavy is the bag, in grams?", ("mass", 1)),
        ("How many minutes per mile does she run?", None),  # a rate
        ("How many apples are left?", None),  # no unit
        ("How many hours and how many minutes?", None),  # two units
        (None, None),
    ],
)
def test_the_asked_unit(question, unit):
    assert asked_unit(question) == unit


def test_conversion_to_the_asked_unit():
    assert in_asked_unit("1.5 hours", Fraction(3, 2), MOVIE) == 90
    assert in_asked_unit("14 days", Fraction(14), "How many weeks is it?") == 2
    assert in_asked_unit("$120", Fraction(120), MOVIE) is CONFLICT
    assert in_asked_unit("$45$", Fraction(45), MOVIE) is None  # a '$' that delimits math is no dollar sign


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        (PRIME, True),
        ("Does the series converge? Explain.", True),
        ("Find x. Can x be negative?", True),
        ("¿Es 13 primo?", True),
        ("Ist 17 eine Primzahl?", True),
        ("What is 221 divided by 13?", False),
        ("Is this the largest value of $n$. Find $n$.", False),  # no question mark: an instruction
    ],
)
def test_yes_no_questions(question, asks):
    assert yes_no_question(question) is asks
