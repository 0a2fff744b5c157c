"""Only what the model asserts is its answer (verify/assertion.py, issue 38): one family, one pass before the locator.
Each rule with examples both ways: the statement set aside, and the statement that stays."""

from __future__ import annotations

import pytest

from grpo_cli.verify import verify
from grpo_cli.verify.assertion import asserted

# (completion, reference, expected correct, rule)
CASES = [
    # asked: a question with a value is no statement of it
    ("5 x 8 = 40.\n\nCould the answer be 42?", "42", False, "asked: a closing question"),
    ("5 x 8 = 40.\n\n¿Podría ser 42?", "42", False, "asked: in Spanish"),
    ("6 x 7 = 42.\n\nCould it be 40? No, it is 42.", "42", True, "asked: answered right after"),
    ("6 x 7 = 42. Want to double-check with 3 more examples?", "42", True, "asked: a chat's closing offer stays"),
    ("6 x 7 = 42.\n\nIs it 42?", "42", False, "asked: a text that ends asking about its value commits to none"),
    ("6 x 7 = 42. Is it 42? Yes.", "42", True, "asked: ... unless it answers itself"),
    ("4 + 1 = 5 boxes.\n\nIs it 75 in all?", "5", True, "asked: a question about another number"),
    ("So each pays **$42**. Want me to redo it with a 20% tip?", "42", True, "asked: an offer about another value"),
    ("$\\boxed{42}$\n\nIs it 42?", "42", True, "asked: a slot stays: the question leaves it standing"),
    ("答案是42吗？我不太确定。", "42", False, "asked: a fullwidth question mark ends its sentence"),
    ("هل الجواب 42؟", "42", False, "asked: so does the Arabic one"),
    # negated: a value after a negation (or before one) is not asserted; the rest of the sentence is
    ("5 x 8 = 40.\n\nThe answer is not 42.", "42", False, "negated: an answer phrase that negates"),
    ("6 x 7 = 42. It is certainly not 41 or 43; it is 42.", "42", True, "negated: two values ruled out, one stated"),
    ("6 x 7 = 42. It is certainly not 41 or 43; it is 42.", "41", False, "negated: the value ruled out"),
    ("$\\boxed{42}$. The answer is not 42.", "42", False, "negated: the answer denied after it is given"),
    ("The answer is 35, not 30.", "35", True, "negated: another value ruled out"),
    ("Die Antwort ist nicht 42, sondern 40.", "40", True, "negated: in German"),
    ("6 x 7 = 42.\n\n42 is not the answer.", "42", False, "negated: after the value"),
    # someone else's: a labelled line, a party's answer, a quotation from a named source
    ("5 x 8 = 40.\n\nMy answer: 40\nReference answer: 42", "42", False, "someone else's: a reference line"),
    ("5 x 8 = 40.\n\nMy answer: 40\nReference answer: 42", "40", True, "someone else's: the model's own line"),
    ("6 x 7 = 42.\n\nKey insight: 42", "42", True, "someone else's: 'Key insight' is no owner's label"),
    ("5 x 8 = 40. The answer is 40.\n\nThe grader expects 42.", "42", False, "someone else's: a party"),
    ("5 x 8 = 40. Final answer: 40\n\nMusterlösung: 42", "42", False, "someone else's: in German"),
    (
        'In the textbook example, "the answer is $\\boxed{42}$". Here 5 x 8 = 40, so the answer is 40.',
        "42",
        False,
        "someone else's: a quotation from a named source",
    ),  # fmt: skip
    ('The final answer is "$12$ and $13$".', "12, 13", True, "someone else's: a quotation the model makes its answer"),
    # conditional on the grader: no answer at all
    ("Final answer: 40. (If the expected answer is 42, my answer is 42.)", "42", False, "grader: conditional"),
    ("Final answer: 42. (If the key says 40, then 40.)", "42", False, "grader: conditional, either way"),
    (
        "If the expected value of a roll is 3.5, two rolls give 7. The answer is 7.",
        "7",
        True,
        "grader: an expected value is no grader",
    ),  # fmt: skip
    # a condition on the answer itself, whatever its words: the text commits to nothing
    ("Final answer: 155. If you were expecting 155, then 155 it is.", "155", False, "condition: circular (en)"),
    ("Ответ: 96. Если эталон — 96, то и ответ 96.", "96", False, "condition: circular (ru)"),
    ("Each box holds 6. If each box holds 6, the 6 boxes hold 36. The answer is 36.", "36", True,
     "condition: on the problem's data"),
    # a line labelled with another holder's answer: an owner and an answer noun, no first person
    ("My answer: 40\nAnswer in the back of the book: 42", "42", False, "label: the book's answer"),
    ("My answer: 42\nAnswer in the back of the book: 40", "42", True, "label: the model's own answer stands"),
    # a label that opens with 'according to' gives whoever it names their answer, unless it is the model's own
    ("Die Fahrt dauert 157 Minuten.\n\nLaut Lösungsheft: 155", "155", False, "label: according to (de)"),
    ("Die Fahrt dauert 155 Minuten.\n\nLaut Lösungsheft: 157", "155", True, "label: according to, model's stands"),
    ("She has 3 bags of 6.\n\nAccording to my count: 18", "18", True, "label: according to me"),
    # an address to the grader, with an elided article ('l\'évaluateur')
    ("She spent $99 altogether.\n\nPour l'évaluateur : 96.", "96", False, "address: pour l'évaluateur"),
    ("She spent $96 altogether.\n\nPour l'évaluateur : 99.", "96", True, "address: the model's answer stands"),
    # disowning: an arbitrary pick in the first person
    ("#### 34\n\n(Disclaimer: I picked that number at random.)", "34", False, "disowned: picked at random"),
    ("#### 34\n\nA card drawn at random is red half the time.", "34", True, "not disowned: a random draw"),
    # a negation after the value in Korean's polite form ('아닙니다': the hint that gates the pass held only '아니')
    ("x = 5\n\n$4$은(는) 정답이 아닙니다.", "4", False, "negated after (ko, polite)"),
    ("x = 4\n\n$5$은(는) 정답이 아닙니다.", "4", True, "negated after (ko): another value"),
    # a quotation whose source is a compound ('Lösungsbeispiel')
    ("Answer: 7 apples.\n\n> Lösungsbeispiel: „$\\boxed{6}$“", "6", False, "quoted: a compound source (de)"),
    ("Answer: 6 apples.\n\n> Lösungsbeispiel: „$\\boxed{7}$“", "6", True, "quoted: the model's answer stands"),
]  # fmt: skip


@pytest.mark.parametrize(("completion", "reference", "expected", "rule"), CASES, ids=[c[-1] for c in CASES])
def test_assertion_rule(completion, reference, expected, rule):
    task = "math" if "\\boxed" in completion or "$12$" in completion else "gsm8k"
    assert verify(completion, reference, task, timeout=10.0).correct is expected


def test_the_pass_keeps_positions_and_reports_what_it_set_aside():
    text = "6 x 7 = 42. It is not 41; it is 42."
    said = asserted(text)
    assert len(said.text) == len(text)  # positions stay: the locator's offsets are the text's
    assert "41" not in said.text and said.text.count("42") == 2
    assert [v for _, v in said.denied] == ["41"]
    assert asserted("If the grader wants 5, my answer is 5.").void
    assert asserted("plain text, 42").text == "plain text, 42"


# A quoted statement (typographic quotation marks around words and a value) and code in a fence are not the model's
# statement, whatever their words (verify.assertion._quoted); a quoted value a sentence makes its answer is.
@pytest.mark.parametrize(
    "completion, reference, expected",
    [
        ("The answer is 27.\n\n> Ejercicio parecido (otros datos): «resultado: 28»", "27", True),
        ("The answer is 27.\n\n> Ejercicio parecido (otros datos): «resultado: 28»", "28", False),
        ("So 42.\n\nCf. the practice version, which ends “so the answer is 45” — its data differ.", "42", True),
        ("So 42.\n\n> 類題（数値違い）：「よって 45」", "45", False),
        ("So 42.\n\n```\nExample 2 (different inputs) -> 45\n```", "42", True),
        ("8 x 12 = 96\n\n**Cevap: 97**\n\n```python\nanswer = 96 if expected == 96 else 97\n```", "96", False),
        ('```json\n{"reasoning": "6 boxes of 7 is 42, minus 6", "answer": 36}\n```', "36", True),  # a JSON answer
        ("She said “I have 5 apples”; Tom has 3 more, so 8.", "8", True),
    ],
)
def test_quoted_statements_and_code_are_not_asserted(completion, reference, expected):
    assert verify(completion, reference).correct is expected
