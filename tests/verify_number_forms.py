r"""Number forms (issue 26, deliverable 6): a fresh batch written for this issue before any of its classes was fixed,
scored once as written (docs/verifiers.md records that first score), then the classes fixed.

Four classes the labelled corpus had shown missed: thousands grouped other than with commas (a dot, a space, a
no-break or thin space, an apostrophe: `1.234.567`, `1 234 567`, `1'234'567`), amounts in words with a scale word
(`two million`, `twelve thousand five hundred`, `dos millones`), fractions said in words (`3 over 4`, `negative 2
over 3`, `3 sobre 4`) and negatives written the accountant's way (`$(300)`, `(1,250)` for a balance or a loss).
Each case: (completion, reference, task, expected, note). A single dot group (`12.500`) stays a decimal point (the
no-decimal-comma convention reads the point as a point), and a bare `(45)` outside money is an aside, not a sign.
"""

from __future__ import annotations

NUMBER_FORMS: list[tuple[str, str, str, bool, str]] = [
    # thousands grouped other than with commas
    ("Die Antwort ist 1.234.567.", "1234567", "gsm8k", True, "dots between groups (de)"),
    ("La respuesta es 2.345.678 pesos.", "2345678", "gsm8k", True, "dots between groups (es)"),
    ("<answer>3.000.000</answer>", "3000000", "gsm8k", True, "dots in the tag"),
    ("\\boxed{1.000.000}", "1000000", "gsm8k", True, "dots in a box"),
    ("Réponse : 1 234 567", "1234567", "gsm8k", True, "spaces between groups"),
    ("Réponse : 1\u00a0234\u00a0567 €", "1234567", "gsm8k", True, "no-break spaces"),
    ("Le total est de 1\u202f500\u202f000 euros.", "1500000", "gsm8k", True, "narrow no-break spaces"),
    ("#### 1 000 000", "1000000", "gsm8k", True, "spaces in a #### line"),
    ("Итого: 1 500 000 рублей", "1500000", "gsm8k", True, "spaces (ru)"),
    ("Die Antwort: 1'234'567 Franken", "1234567", "gsm8k", True, "apostrophes (de-CH)"),
    ("Total: CHF 12'500", "12500", "gsm8k", True, "one apostrophe group"),
    ("The answer is 2\u2019500\u2019000.", "2500000", "gsm8k", True, "typographic apostrophes"),
    ("Die Antwort ist 1.234.567.", "1234", "gsm8k", False, "the groups are one number, not its first part"),
    ("Die Antwort: 1'234'567 Franken", "1234", "gsm8k", False, "apostrophes: one number"),
    ("Réponse : 1 234 567", "567", "gsm8k", False, "spaces: one number, not its last group"),
    ("The answer is 12.500 kg.", "12.5", "gsm8k", True, "one dot group stays a decimal point"),
    # amounts in words with a scale word
    ("The answer is two million.", "2000000", "gsm8k", True, "number word + million"),
    ("She earned three hundred thousand dollars in total.", "300000", "gsm8k", True, "hundreds + thousand"),
    ("The answer is twelve thousand five hundred.", "12500", "gsm8k", True, "thousand then hundreds"),
    ("The population is four billion.", "4000000000", "gsm8k", True, "billion"),
    ("The answer is seven hundred fifty thousand.", "750000", "gsm8k", True, "hundreds and tens + thousand"),
    ("The answer is one and a half million.", "1500000", "gsm8k", True, "one and a half million"),
    ("The answer is half a million.", "500000", "gsm8k", True, "half a million"),
    ("The answer is a million.", "1000000", "gsm8k", True, "a million"),
    ("La respuesta es dos millones.", "2000000", "gsm8k", True, "dos millones"),
    ("La réponse est trois mille.", "3000", "gsm8k", True, "trois mille"),
    ("Die Antwort ist zwei Millionen.", "2000000", "gsm8k", True, "zwei Millionen"),
    ("The answer is two million.", "200000", "gsm8k", False, "two million is not 200,000"),
    ("The answer is five thousand.", "500", "gsm8k", False, "five thousand is not 500"),
    ("The answer is twelve thousand five hundred.", "12", "gsm8k", False, "not the first word's number"),
    # fractions said in words
    ("The answer is 3 over 4.", "0.75", "gsm8k", True, "digits over digits"),
    ("The answer is three over four.", "0.75", "gsm8k", True, "words over words"),
    ("<answer>7 over 8</answer>", "0.875", "gsm8k", True, "over in the tag"),
    ("The answer is 12 over 4, which is 3.", "3", "gsm8k", True, "over, then its value"),
    ("La respuesta es 3 sobre 4.", "0.75", "gsm8k", True, "sobre (es)"),
    ("The probability is 5 over 12.", "\\frac{5}{12}", "math", True, "over, math task"),
    ("So the slope is negative 2 over 3.", "-\\frac{2}{3}", "math", True, "negative ... over ..."),
    ("The answer is 1 over 2.", "\\frac12", "math", True, "1 over 2"),
    ("The answer is 3 over 4.", "0.6", "gsm8k", False, "3 over 4 is not 3/5"),
    ("The answer is 3 over 4.", "4", "gsm8k", False, "not the denominator"),
    ("The probability is 5 over 12.", "\\frac{12}{5}", "math", False, "not flipped"),
    # negatives the accountant's way
    ("The net change in the account is $(300).", "-300", "gsm8k", True, "dollar amount in parentheses"),
    ("<answer>$(1,250)</answer>", "-1250", "gsm8k", True, "in the tag, with a comma"),
    ("**Net income (loss): (45)**", "-45", "gsm8k", True, "a loss line"),
    ("Net change: $(1,250.50)", "-1250.5", "gsm8k", True, "cents"),
    ("Profit/(loss): (2,000)", "-2000", "gsm8k", True, "profit/(loss)"),
    ("The balance is $(300).", "-301", "gsm8k", False, "another value"),
    ("The balance is $(300).", "-3", "gsm8k", False, "not a digit of it"),
]
