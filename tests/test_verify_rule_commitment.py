"""The final-commitment rules (verify/commitment.py; docs/verifiers.md, "The final committed answer"), one family:
what the text finally commits to after the answer the locator found. Each rule with examples both ways: where it
decides the verdict, and a near miss where it must not."""

from __future__ import annotations

import pytest

from grpo_cli.verify import verify

# (completion, reference, task, expected correct, rule)
CASES = [
    # the same value stated again, in any source or form, is that value
    ("<answer>72</answer>\n\nSo the answer is \\boxed{72}.", "72", "gsm8k", True, "same value, tag then box"),
    ("The answer is 0.5.\n\nIn other words, 1/2.", "0.5", "gsm8k", True, "same value, another form"),
    ("The answer is 72.\n\nRéponse : 72", "72", "gsm8k", True, "same value, another language"),
    # a revision word, then another value: that value
    ("\\boxed{12}. Wait, I miscounted: it is 13.", "13", "gsm8k", True, "revision to the last value"),
    ("\\boxed{12}. Wait, I miscounted: it is 13.", "12", "gsm8k", False, "revision: the first value is gone"),
    ("\\boxed{12}. Espera, me equivoqué: es 15.", "15", "gsm8k", True, "revision in Spanish"),
    ("\\boxed{12}. Wait, let me double-check: 3 x 4 = 12.", "12", "gsm8k", True, "looking again revises nothing"),
    ("The answer is 12. Wait, I miscounted: it is 15.", "15", "gsm8k", True, "revision on the phrase's own line"),
    ("The answer is 12. Wait, I miscounted: it is 15.", "12", "gsm8k", False, "revision on the line: 12 is gone"),
    (
        "The answer is 12. She has 3 left.",
        "12",
        "gsm8k",
        False,
        "a new number after the answer, in any words: no answer",
    ),
    ("She had 15 and ate 3. The answer is 12. She had 15 at first.", "12", "gsm8k", True, "a known quantity restated"),
    ("\\boxed{12} Hold on, I forgot one case: it is 13.", "12", "gsm8k", False, "revision on the box's line"),
    (
        "<answer>18</answer> (that is, $18 left) No wait, that's wrong; it is 19.",
        "18",
        "gsm8k",
        False,
        "revision after an aside on the tag's line",
    ),  # fmt: skip
    ("<answer>18</answer> (that is, $18 left over)", "18", "gsm8k", True, "an aside on the tag's line"),
    ("#### 40 Actually, it is 43.", "43", "gsm8k", True, "revision on the #### line"),
    ("\\boxed{12} Hope this helps!", "12", "gsm8k", True, "a sign-off on the box's line"),
    ("\\boxed{12}. Hmm, 13? No, so my first answer stands.", "12", "gsm8k", True, "the first answer stands"),
    # another value offered beside the answer: a hedge
    ("The answer is 12. It could also be 13.", "12", "gsm8k", False, "another value offered"),
    ("The answer is 12 oder 18.", "12", "gsm8k", False, "'oder' between two values"),
    ("The answer is 24 hours, or 1 day.", "24", "gsm8k", True, "the same value in another unit is no hedge"),
    # two values in one statement, in every language (issue 26: the split verdicts)
    ("<answer>La respuesta es 12 o 18</answer>", "18", "gsm8k", False, "two values in a tag (es)"),
    ("<answer>The answer is 12 or 18</answer>", "18", "gsm8k", False, "two values in a tag (en)"),
    ("<answer>La réponse est 12 ou 18</answer>", "18", "gsm8k", False, "two values in a tag (fr)"),
    ("<answer>La respuesta es 18</answer>", "18", "gsm8k", True, "one value in a tag (es)"),
    # a range or a tolerance is no single answer
    ("The answer is 12 ± 1.", "12", "gsm8k", False, "tolerance"),
    ("The answer is 12, give or take 1.", "12", "gsm8k", False, "tolerance in words"),
    (
        "The answer is \\boxed{12}. The answer lies between 11 and 13.",
        "12",
        "gsm8k",
        False,
        "a range named as the answer",
    ),
    ("\\boxed{12}. Note the ratio must be between -1 and 1.", "12", "gsm8k", True, "a range that is not the answer"),
    ("The roots are $\\boxed{3 \\pm 2\\sqrt{2}}$.", "3 \\pm 2\\sqrt{2}", "math", True, "math: \\pm inside the answer"),
    # a conclusion to another value in the last paragraph
    ("\\boxed{20}\n\nTherefore the total is 22.", "20", "gsm8k", False, "a later conclusion to another value"),
    (
        "\\boxed{46}\n\nSo, 46 miles per hour is the answer.",
        "46",
        "gsm8k",
        True,
        "a later conclusion to the same value",
    ),
    # an empty statement states nothing, in every language (issue 26: the split verdicts)
    ("So 3 + 4 = 7 and 18 total. The final answer is:", "18", "gsm8k", False, "empty final statement (en)"),
    ("So 3 + 4 = 7 and 18 total. La respuesta final es:", "18", "gsm8k", False, "empty final statement (es)"),
    ("So 3 + 4 = 7 and 18 total. Die endgültige Antwort ist:", "18", "gsm8k", False, "empty final statement (de)"),
    ("So 3 + 4 = 7 and 18 total. The final answer is: 18", "18", "gsm8k", True, "the statement with its value"),
    # issue 38: a later statement of another value, in any words, is a hedge; working and known quantities are not
    ("<answer>18</answer> ...though honestly I'd bet on 19.", "18", "gsm8k", False, "a later value, no listed word"),
    ("#### 18\n\nBueno, mejor pongo 19.", "18", "gsm8k", False, "a later value, in Spanish"),
    ("The answer is 18.\n\n**19**", "18", "gsm8k", False, "a bare value on the last line"),
    ("**Answer: 84**\n\nHere is how: 12 × 3 = 36, then 36 + 48 = 84.", "84", "gsm8k", True, "working after it"),
    ("**Answer: 54**\n\n- 18 per page\n- 3 pages", "54", "gsm8k", True, "a breakdown list after it"),
    ("The answer is 18 hours.\n\nThat is 1080 minutes.", "18", "gsm8k", True, "the same value in another unit"),
    ("$\\boxed{42}$ (placeholder, I did not actually solve it)", "42", "math", False, "disowned after it"),
    ("$\\boxed{42}$ (checked twice)", "42", "math", True, "a remark that disowns nothing"),
    # a later value the text never had is another answer, whatever the sentence is about; one it had, in a sentence
    # about the problem's things, is a quantity restated; the answer's unit on a new quantity is another answer
    ("Tom has 3 bags of 6 marbles. **Answer: 18 marbles**\n\n**TL;DR:** Tom gets 21.", "18", "gsm8k", False,
     "a value the text never had, about the same things"),
    ("He walks 60 miles a day. So the answer is 120 miles.\nHe walks 60 miles a day.", "120", "gsm8k", True,
     "a quantity the text had, with its unit, restated"),
    ("Jane buys 48 stickers. The answer is 48 stickers.\n\nIn summary, Jane has 46 stickers.", "48", "gsm8k",
     False, "the answer's unit on a quantity the text never wrote"),
    ("The pairs are $6$ of $36$.\n\n$\\boxed{0.1\\overline{6}}$\n\nThen again, $\\frac{7}{6}$ feels more likely.",
     "\\frac{1}{6}", "math", False, "a repeating decimal is one value: 7/6 is another"),
    ("$\\tan\\theta = -\\frac{4}{3}$.\n**Answer:** \\( \\tan\\theta = -1.\\overline{3} \\)\n\n→ $-\\frac{4}{3}$",
     "-\\frac{4}{3}", "math", True, "a repeating decimal restated as its fraction"),
    # a hypothetical on other data is no answer; a condition on the answer's own value is a hedge
    ("Sam has 3 bags of 6 apples, 18 in all. <answer>18</answer> If he had 4 bags, he would have 24.", "18",
     "gsm8k", True, "a hypothetical on other data"),
    ("Sam has 3 bags of 6 apples, 18 in all. <answer>18</answer> If 18 is wrong, then it is 19.", "18", "gsm8k",
     False, "a condition on the answer's value, then another"),
    # words in LaTeX text are prose: an 'or' in \text{} offers a second value, inside the box or after it
    ("8 x 40 = 320\n\n$\\boxed{320 \\text{ or possibly } 323}$", "320", "gsm8k", False, "\\text{ or }: two values"),
    ("8 x 40 = 320\n\n$\\boxed{320 \\text{ dollars}}$", "320", "gsm8k", True, "\\text{}: a unit, one value"),
    ("8 x 40 = 320\n\n$\\boxed{320}\\ (\\text{or } 323)$", "320", "gsm8k", False, "(\\text{or } x) after the box"),
    ("8 x 40 = 320\n\n$\\boxed{320}\\ \\text{dollars in all}$", "320", "gsm8k", True, "\\text{} after the box"),
    ("p = $\\boxed{\\frac{3}{4}}\\ (\\text{or } \\frac{11}{4})$", "\\frac{3}{4}", "math", False,
     "(\\text{or } x) after a math box"),
    ("$\\boxed{18 \\text{ (or } 21\\text{)}}$", "18", "math", False, "an aside split across \\text{}"),
    ("<answer>a dozen eggs</answer>\n\n$\\boxed{12 \\text{ or possibly } 13}$", "12", "gsm8k", False,
     "a later statement that offers two values"),
    ("<answer>5</answer>\n\n$\\boxed{5 \\text{ или } 6}$", "5", "math", False, "a later math box offers two values"),
    ("$\\boxed{2, 3}$\n\nEither x = 2 or x = 3.", "2, 3", "math", True, "roots restated with 'or' (math)"),
    # a value alone on its line after the answer states it ('$= 20$' has no left side: not working)
    ("The final answer is $\\boxed{18}$.\n\n$= 20$", "18", "gsm8k", False, "a bare '= value' line"),
    ("12 + 6 = 18\n\n$\\boxed{18}$\n\n$= 18$", "18", "gsm8k", True, "the same value again"),
    ("$\\dfrac{25}{40}=\\boxed{0.625}$\n\n$= \\frac{13}{8}$", "\\frac{5}{8}", "math", False, "'= x' (math)"),
    ("Total = 2 + 1.5 = 3.5\n\nSo Kai walks three and a half miles in total.\n\n(3.7)", "3.5", "gsm8k", False,
     "a value in parentheses on its own line"),
    ("$\\boxed{45000}$\n\n`45003`", "45000", "gsm8k", False, "a value in code on its own line"),
    ("$\\boxed{45000}$\n\n`45000`", "45000", "gsm8k", True, "the answer in code on its own line"),
    ("$\\boxed{4.5\\times10^{4}}$\n\n`45003`", "45000", "math", False, "a value in code after a math box"),
    ("So, the answer is:\n\n$x$ = 1.0001.\n\n~~$1.0003$~~ $1.0001$", "1.0001", "math", True,
     "the answer's value alone again"),
    ("<answer>(D)</answer> (5 − √24 ≈ 0.101)", "(D)", "math", True, "working beside the answer is no value"),
    ("**Answer: 64 students**\n\n1. Chairs per row: 8\n2. Rows: 8", "64", "gsm8k", True,
     "a list item's number is not a value alone"),
    # two math regions with a slash between them, outside math: two values offered
    ("So 7.5.\n\n**Final answer:** $7.50$ / $7.51$", "7.50", "math", False, "'$a$ / $b$': two values"),
    ("**Final answer:** $\\frac{1}{6}$ / $0.1\\overline{6}$", "\\frac{1}{6}", "math", True, "'$a$ / $a$': one value"),
    ("The ratio is $12$ / $4$, so the final answer is $3$.", "3", "math", True, "a slash in working before the answer"),
]  # fmt: skip


@pytest.mark.parametrize(("completion", "reference", "task", "expected", "rule"), CASES, ids=[c[-1] for c in CASES])
def test_commitment_rule(completion, reference, task, expected, rule):
    assert verify(completion, reference, task).correct is expected


def test_split_verdicts_agree_across_languages():
    """The issue's two splits: the same statement in English and Spanish gets one verdict."""
    for pair in (
        ("<answer>La respuesta es 12 o 18</answer>", "<answer>The answer is 12 or 18</answer>"),
        ("Total: 18. La respuesta final es:", "Total: 18. The final answer is:"),
    ):
        es, en = (verify(text, "18") for text in pair)
        assert (es.correct, es.reason) == (en.correct, en.reason) == (False, "no_answer")


# The answer's own sentence goes on to a clause that ends on one value (a second statement, whatever its words); a
# check mark closes its check, so what follows it is a sentence of its own.
@pytest.mark.parametrize(
    "completion, reference, expected",
    [
        ("- **Total:** 8 + 10 + 12 = **30 miles** Scratch that, it's 32.", "30", False),
        ("$\\boxed{3}$\n\nCheck: $3^2 = 9$ ✓ Hold on, I forgot one case: it is $4$.", "3", False),
        ("$\\boxed{47}$ integers from 1 to 100", "47", True),  # a description, no clause break
        ("$\\boxed{3}$\n\nCheck: $3^2 = 9$ ✓", "3", True),
        ("The answer is not 13 (that would be adding); it is 6 × 7 = 42.", "42", True),  # the clause after a denial
    ],
)
def test_a_later_clause_with_another_value_whatever_its_words(completion, reference, expected):
    assert verify(completion, reference).correct is expected
