"""The answer's own forms (verify/sources.py; docs/verifiers.md, "Where the answer is", sources 1-4), one family:
the answer tag, the box, the `####` line and the answer phrase in the languages models answer in. Each form with
examples both ways: read where it states the answer, not read where it does not."""

from __future__ import annotations

import pytest

from grpo_cli.verify import verify
from grpo_cli.verify.sources import last_boxed, last_tag, phrase_span

# (completion, reference, expected correct, form)
CASES = [
    ("<think>6 x 12</think>\n<answer>72</answer>", "72", True, "tag"),
    ("I think \\boxed{72} is it.", "72", True, "box"),
    ("\\boxed{2} and \\boxed{3}", "2", False, "box: two boxes joined are one answer, not its first part"),
    ("She sold 48 + 24 = 72 clips.\n#### 72", "72", True, "#### line"),
    ("#### 72\nThat took 3 + 4 = 7 steps.", "72", True, "#### line outranks later numbers (working after it)"),
    ("The answer is 72.", "72", True, "phrase (en)"),
    ("La respuesta es 72.", "72", True, "phrase (es)"),
    ("La réponse est 72.", "72", True, "phrase (fr)"),
    ("Die Antwort lautet 72.", "72", True, "phrase (de)"),
    ("La risposta è 72.", "72", True, "phrase (it)"),
    ("A resposta é 72.", "72", True, "phrase (pt)"),
    ("Het antwoord is 72.", "72", True, "phrase (nl)"),
    ("Ответ: 72", "72", True, "phrase (ru)"),
    ("答案是 72", "72", True, "phrase (zh)"),
    ("答えは 72 です。", "72", True, "phrase (ja)"),
    ("정답: 72", "72", True, "phrase (ko)"),
    ("Jawaban: 72", "72", True, "phrase (id)"),
    ("Odpowiedź: 72", "72", True, "phrase (pl)"),
    ("### Final Answer\n72", "72", True, "phrase: a heading, the value on the next line"),
    ("So the answer is 45? Hmm, 3 x 24 = 72.", "45", False, "phrase: a question is no answer"),
    ("The answer is probably 56, but 3 x 24 = 72.", "56", False, "phrase: an uncommitted one"),
    ("The answer is enclosed within <answer> tags. 3 x 24 = 72.", "72", True, "phrase: one that names a place"),
    # issue 38: a structured answer is read as a structure (verify/structure.py)
    ('{"answer": 42, "confidence": 0.97}', "42", True, "JSON: the answer field"),
    ('{"answer": 42, "confidence": 0.97}', "0.97", False, "JSON: metadata is not the answer"),
    ('```json\n{"answer": 40, "alternatives": [42]}\n```', "40", False, "JSON: alternatives beside it are a hedge"),
    ('{"answer": 40, "answer_alt": 42}', "40", False, "JSON: a field named as another answer is a hedge"),
    ('{"final_answer": 40, "fallback": 42}', "40", False, "JSON: a fallback is another answer"),
    ('{"answer": 40, "answer_confidence": 0.9}', "40", True, "JSON: metadata about the answer is not read"),
    ('{"final_answer": 3.5, "unit": "hours"}', "3.5", True, "JSON: a unit field read with the value"),
    ('{"x": 3}', "3", True, "JSON: no answer field, read as text"),
    ("| Item | Value |\n|---|---|\n| Answer | 20 |\n| Confidence | 0.9 |", "20", True, "table: the answer row"),
    ("Final answer: 42\n\n$\\boxed{\\text{see above}}$", "42", True, "box: a deferral to the stated answer"),
    ("$\\boxed{18, 19}$", "18", False, "box: two values in one slot"),
    ("<answer>18; 19</answer>", "18", False, "tag: two values in one slot"),
    ("<answer>18; 18</answer>", "18", True, "tag: one value said twice"),
    ("$\\boxed{1500,\\,1503}$", "1500", False, "box: a comma and a thin space separate two values"),
    ("$\\boxed{1\\,500}$", "1500", True, "box: a thin space alone groups digits"),
    ("$\\boxed{1,\\!500}$", "1500", True, "box: a comma and a negative space group digits"),
    ('x = 3/4\n\n{"answer": "3/4", "units": "none"}', "0.75", True, "json: a unit field that says no unit"),
    ('{"answer": 3.5, "unit": "hours"}', "3.5", True, "json: a unit field read with the value"),
    ('{"answer": 3.5, "units": "n/a", "alternatives": [4]}', "3.5", False, "json: no unit, an alternative"),
]


@pytest.mark.parametrize(("completion", "reference", "expected", "form"), CASES, ids=[c[-1] for c in CASES])
def test_answer_form(completion, reference, expected, form):
    assert verify(completion, reference).correct is expected


def test_a_cut_off_last_tag_is_skipped():
    text = "<answer>72</answer>\n\nLet me write it again: <answer>7"
    assert verify(text, "72", finished=False).correct is True  # the text was cut inside the last tag
    assert verify(text, "7", finished=False).correct is False


def test_the_readers_themselves():
    assert last_tag("<answer>1</answer> <answer>2</answer>") == "2"
    assert last_tag("<answer>1") is None
    assert last_boxed("\\boxed{\\frac{1}{2}} then \\boxed{3}") == "3"
    assert last_boxed("\\boxed{30.") is None
    assert phrase_span("La respuesta es 18.")[0].strip(" .") == "18"
    assert phrase_span("The final answer is:") is None  # states nothing
    assert phrase_span("the answer is enclosed within tags") is None


# Two values in one slot, joined by one or two words of any language, the second ending the slot: a disjunction
# whatever its words (gsm8k._WORD_GAP). A compound keeps its unit after the second value, so it is one value.
@pytest.mark.parametrize(
    "slot, reference, expected",
    [
        ("<answer>48 либо 50</answer>", "48", False),
        ("<answer>4 bzw. 6</answer>", "4", False),
        ("$\\boxed{15 \\text{ ou bien } 16}$", "15", False),
        ("<answer>7 ou então 9</answer>", "7", False),
        ("<answer>48 либо 48</answer>", "48", True),  # one value, restated
        ("<answer>2 hours 15 minutes</answer>", "2.25", True),  # a compound: its unit follows the second value
        ("<answer>7 dollars and 5 cents</answer>", "7.05", True),
        ("The answer is 18 apples for 3 people.", "18", True),  # a phrase's statement, not a slot
    ],
)
def test_two_values_in_a_slot_whatever_the_word_between(slot, reference, expected):
    assert verify(slot, reference).correct is expected


# Structures read as structures: a field holding a value of the answer's kind offers it, whatever its name; a share
# in (0, 1) beside a larger answer is a confidence; a one-column table under an answer word states its cells.
@pytest.mark.parametrize(
    "completion, reference, expected",
    [
        ('{"ответ": 42, "или": 43}', "42", False),
        ('{"정답": 72, "후보": [72, 75]}', "72", False),
        ('{"答案": 42, "置信度": 0.9}', "42", True),
        ('{"answer": 45000, "ruled_out": [45003]}', "45000", True),
        ('{"solution": {"value": 720, "method": "algebra"}}', "720", True),
        ("So: {'answer': 120, 'alt': 122}", "120", False),  # a Python dict, read as its JSON
        ("So: {'answer': 120}", "120", True),
        ("So 6.\n\n| Answer |\n|---|\n| 6 |\n| 9 |", "6", False),
        ("| Answer |\n|---|\n| 6 |", "6", True),
        ("La respuesta es $\\boxed{30}$ o $\\boxed{32}$, no estoy seguro.", "32", False),  # boxes joined by one word
        ("\\boxed{30} no, \\boxed{32}", "32", True),  # ... unless it corrects
    ],
)
def test_structures_and_boxes_offer_values_whatever_their_words(completion, reference, expected):
    assert verify(completion, reference).correct is expected
