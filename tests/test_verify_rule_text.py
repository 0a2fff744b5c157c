"""What a reader sees, characters and number forms (verify/visible.py, verify/text.py; docs/verifiers.md, "What a
reader sees" and "Number forms"), one family: passes before any reader. Each with examples both ways."""

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
    # verify.separators: a comma before one or two digits is a decimal comma; a comma-decimal text groups with points
    ("Respuesta: 7,20 €", "7.2", True, "decimal comma: money"),
    ("Antwort: 1,5 Liter", "1.5", True, "decimal comma: one digit"),
    ("Antwort: 1,5 Liter", "15", False, "decimal comma: not 15"),
    ("0,2 × 12.500 = 2.500 €; le falta 10.000 €.\nRespuesta: 10.000 €", "10000", True, "comma-decimal text: 10.000"),
    ("3 / 2 = 1.5, so each bottle holds 1.5 l. Total: 1.250", "1.25", True, "point-decimal text: 1.250 is 1.25"),
    ("Ответ: 1 250,50 руб.", "1250.5", True, "decimal comma after space groups"),
    ("The answer is 1,000.", "1000", True, "decimal comma: three digits are a group"),
    ("Mỗi quyển 8.500 đồng: 6 × 8.500 = 51.000 đồng.\nĐáp số: 51.000 đồng", "51000", True, "points group in threes"),
    ("5 · 250 = 1.250 €. Die Antwort ist 1.250 €.", "1.25", False, "points group in threes, twice: not 1.25"),
    ("p = 0.125 and q = 0.375, so 0.500", "0.5", True, "a point after a lone 0 is a decimal point"),
    ("$\\boxed{18,19}$", "18", False, "decimal comma: '18,19' is no list hack for 18"),
    # CSS that strikes text out withdraws it, as <del> does; a command left with nothing to draw draws nothing
    (
        '<span style="text-decoration-line:line-through">\\boxed{42}</span> The answer is 40.',
        "42",
        False,
        "struck: CSS line-through",
    ),
    ("$\\boxed{\\mathrlap{\\phantom{42}}40}$", "40", True, "invisible: an emptied \\mathrlap draws nothing"),
    ("\\boxed{-11}\n\n$\\boxed{\\mathrlap{\\phantom{-11}}-10}$", "-11", False, "invisible: the visible box says -10"),
    ("The answer is 3 over 4.", "0.75", True, "number form: x over y"),
    ("Net income (loss): (45)", "-45", True, "number form: the accountant's negative"),
    ("The answer is 7¾.", "7.75", True, "number form: a vulgar fraction"),
    # issue 38: what a reader sees, inside a box too
    ("$\\boxed{\\color{white}{18}\\color{black}{19}}$", "18", False, "invisible: a colour switch ends at the next"),
    ("$\\boxed{\\color{white}{18}\\color{black}{19}}$", "19", True, "invisible: the visible value"),
    ("$\\boxed{\\color[rgb]{1,1,1}{18} 19}$", "18", False, "invisible: a colour model"),
    ("<answer><span hidden>18</span>19</answer>", "19", True, "invisible: a hidden element"),
    ("$\\boxed{\\color{red}{18}}$", "18", True, "invisible: a colour that shows"),
    ("The answer is 40. [details](https://example.com/answer/42)", "42", False, "markup: a link target"),
    ("The answer is [42](https://example.com).", "42", True, "markup: a link's text shows"),
    ("The answer is 40. ![42](plot.png)", "42", False, "markup: an image's alt text"),
    ("The answer is ~~42~~ 40.", "42", False, "struck out: withdrawn"),
    ("The answer is ~~42~~ 40.", "40", True, "struck out: what stands"),
    ("It costs ~$5 and ~$7, so ~$12.", "12", True, "struck out: a tilde that strikes nothing"),
    ("**Area = 140 − 96 = 44 m²**", "44", True, "number form: a unit's power is no number"),
    ("So it covers 5 m².", "2", False, "number form: ... and never the answer"),
    ("So the total cost is ₹5,40,000 for the year.", "540000", True, "number form: Indian grouping in a sentence"),
    ("Il paie 1 250,50 € au total.", "1250.5", True, "number form: space groups, then a decimal comma"),
    ("Die antwoord is R2,50.", "2.5", True, "number form: a currency code against the number"),
    ("پاسخ: ۶۰ هزار تومان", "60000", True, "number form: a Persian scale word after digits"),
    ("उत्तर: 60 हज़ार रुपये", "60000", True, "number form: a Hindi one"),
    ("答えは 90 かもしれないし、100 かもしれません。", "90", False, "characters: an ideographic comma parts clauses"),
    ("Final: 8E6", "8000000", True, "number form: ... not an exponent's E"),
    ("At the end of the month she is $25 in the red.", "-25", True, "number form: in the red is negative"),
    ("The temperature ends 7 degrees below zero.", "-7", True, "number form: below zero is negative"),
    ("La respuesta es dos euros con ochenta céntimos.", "2.80", True, "number words: a decimal in Spanish"),
    ("Die Antwort ist fünfundvierzigtausend.", "45000", True, "number words: a German compound"),
    ("答案是十九点五。", "19.5", True, "number words: a Chinese decimal"),
    ("答案是十九点五。", "19", False, "number words: ... not its whole part"),
]


@pytest.mark.parametrize(("completion", "reference", "expected", "rule"), CASES, ids=[c[-1] for c in CASES])
def test_text_rule(completion, reference, expected, rule):
    assert verify(completion, reference).correct is expected


def test_the_text_functions():
    assert "b" not in visible("a\\phantom{b}c")  # (a space stands in its place)
    assert visible("plain") == "plain"
    assert visible("\\boxed{\\color{white}{18}\\color{black}{19}}").count("18") == 0
    assert visible("x < 5 > y") == "x < 5 > y" and visible("<answer>5</answer>") == "<answer>5</answer>"
    assert "₹540000" in number_forms("₹5,40,000")
    assert number_forms("1.234.567 and 3 over 4") == "1234567 and 3/4"
    assert number_forms("3.5 over") == "3.5 over"
    assert word_meaning("\\text{miércoles}") == "wednesday"
    assert word_meaning("нет") == "no"
    assert word_meaning("maybe") is None


@pytest.mark.parametrize(
    ("text", "reference"),
    [
        ("The company earns $2.4 billion.", "2400000000"),
        ("Они собрали 3 тысячи рублей.", "3000"),
        ("Jawaban: 2 juta 500 ribu.", "2500000"),  # one amount in two scale words
        ("The flat costs ₹5 lakhs.", "500000"),
        ("Revenue: $50k.", "50000"),
    ],
)
def test_scale_words_multiply_by_their_one_table(text, reference):
    # lexicon.SCALE holds each scale word with its value; the words' regex and gsm8k's reader both read it
    assert verify(text, reference, "gsm8k").correct is True
    assert verify(text, str(int(reference) + 1), "gsm8k").correct is False
