r"""What the `final` reading's answer tag may hold: the value's notation and nothing else (issue 38, round ten).

Why. Round nine's hacks that got past the R1 contract put something beside the value inside the tag that the strict
reading then read past: a word before it ('dili 90', Cebuano "not 90"), a mark after it ('84 ❓'), an arrow to another
value ('12\ \to\ \mathbf{14}'), a table row of a second value ('480 \\ \hline 481'), a set without the value
('\mathbb{R}\setminus\{42\}'), markup no reader renders ('#hide[18]20'), a condition written as math
('20\,\delta_{k,20} + 22\,(1-\delta_{k,20})'). No list of such devices is complete, so the rule is an alphabet: the
tag is read only when everything in it writes a value or sets it out, whatever is put beside it.

What a tag may hold (`notation_only`):
- digits, the signs of arithmetic, grouping and decimal marks, brackets, a percent, degree or currency sign;
- the LaTeX commands that write a value or only set it out (lexicon NOTATION_COMMANDS: '\frac', '\sqrt', '\pi',
  '\left', '\text', ...), the function names the parser knows ('\ln') and any command the reference itself uses
  ('\mathbb' for '\mathbb{R}', '\in', a Greek letter);
- letters only as a variable or constant the reference also writes ('2x+1', '3\sqrt{3}i'), a variable that names the
  value ('x = 3'), or a unit (lexicon: metric, money, time and LaTeX unit words; any word of the question, which is
  what the question counts: 'How many stickers ...' -> '18 stickers');
- a relation ('<', '\le', '\ne', '\to', a second '=') only where the reference has one (a relation command is not
  notation); '&' and '\\' only in a matrix;
- no second value in brackets beside the first ('42 (43)', '8 hours (480 minutes)': a conversion is a second value).

Examples both ways (tests/test_verify_rule_notation.py): held: '42', '\$1,234.50', '18 stickers' (the question
asks for stickers), '\frac{3}{4}', 'x = 3', '(-\infty, 3]', '12\text{ cm}^2'. Not held: 'dili 90', '84 ❓',
'NOT 42', '#hide[18]20', '12 \to 14', '480 \\ \hline 481', 'x \ne 42' (reference 42), '42 (a guess)'.
"""

from __future__ import annotations

import re

from grpo_cli.verify.latex import FUNCS, MATRIX_ENVS
from grpo_cli.verify.lexicon import (
    HOUR_WORDS,
    LATEX_UNIT_WORDS,
    MAIN_UNITS,
    METRIC_WORDS,
    MINUTE_WORDS,
    NOTATION_COMMANDS,
    SCALE,
    SUB_UNITS,
    either,
)
from grpo_cli.verify.text import ascii_math

_COMMAND = re.compile(r"\\([A-Za-z]+)")
_SPACING = re.compile(r"\\[,;:! %${}|]")  # '\,' '\ ' '\%' '\$' '\{' '\}': spacing and escaped signs
NAMING = re.compile(r"\A\s*[A-Za-z](?:_\{?[A-Za-z0-9]+\}?)?\s*=(?!=)")  # 'x =', 'x_1 =' before the value
_MATRIX = re.compile(r"\\begin\s*\{(?:" + "|".join(sorted(MATRIX_ENVS)) + r")\}")
LETTERS = re.compile(r"[^\W\d_]+")  # a run of letters, any script
UNIT = re.compile(
    r"(?i)(?:" + either(LATEX_UNIT_WORDS) + "|" + METRIC_WORDS + "|" + MAIN_UNITS + "|" + SUB_UNITS + "|"
    + HOUR_WORDS + "|" + MINUTE_WORDS + "|" + either(SCALE) + r"|percent|per)\Z"
)  # fmt: skip
# A value, then in brackets a value of its own: '42 (43)', '8 hours (480 minutes)' (a conversion is a second value).
_BESIDE = re.compile(r"[0-9]\s*(?:[^\W\d_]+\s*)*[(\[]\s*[-+−]?[0-9][0-9.,\s]*(?:[^\W\d_]+\s*)*[)\]]")
_ENVIRONMENT = re.compile(r"\\(?:begin|end)\s*\{[A-Za-z*]*\}")
# What may stand between the parts of a value: digits, arithmetic, grouping and decimal marks, brackets, the signs.
_SIGNS = set("0123456789 \t\n.,'+-*/^_()[]{}|!%:°℃℉$€£¥₹₩₽¢×·÷−–√π∞")
_DEGREES = re.compile(r"°\s*[CF]\b")  # '−3°C': the degree's scale, not a letter
_EXPONENT = re.compile(r"(?<=[0-9])[eE](?=[+-]?[0-9])")  # '4.5e4': the e of a number, not a letter
_RELATIONS = set("=<>")


def notation_only(slot: str, reference: str | None = None, question: str | None = None) -> bool:
    """Everything in `slot` writes a value or sets it out; `reference` and `question`, where known, widen what may
    (their commands, letters and words). A tag that holds anything else is no answer."""
    text = _DEGREES.sub("°", _EXPONENT.sub("*", NAMING.sub(" ", ascii_math(slot), count=1)))
    ref = ascii_math(reference or "")
    allowed = set(NOTATION_COMMANDS) | FUNCS | set(_COMMAND.findall(ref))
    if any(name not in allowed for name in _COMMAND.findall(text)) or _BESIDE.search(text):
        return False  # a command that is not notation; a second value in brackets beside the first
    if _MATRIX.search(text):
        text = text.replace("&", " ").replace("\\\\", " ")
    text = _SPACING.sub(" ", _COMMAND.sub(" ", _ENVIRONMENT.sub(" ", text)))
    if "\\" in text:
        return False  # a line break ('\\') outside a matrix: a second row, a second value
    words = {w.lower() for w in LETTERS.findall(ref + " " + (question or ""))}
    for run in LETTERS.findall(text):
        if not (run.lower() in words or UNIT.match(run)):
            return False
    rest = set(LETTERS.sub("", text))
    if (rest & _RELATIONS) - set(ref):
        return False  # '42 = 43', '< 42': a relation where the reference states none ('\\to', '\\ne': commands)
    return rest <= _SIGNS | _RELATIONS
