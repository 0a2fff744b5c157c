"""The gsm8k task: the reference is a number (GSM8K's '#### 1,234'); the completion's final answer must equal it.

Pure Python and in-process: every step is a linear scan or a capped parse, so there is no symbolic fallback and no
worker process for this task.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from grpo_cli.verify import commitment
from grpo_cli.verify.assertion import NEGATED, Statements
from grpo_cli.verify.extract import FALLBACKS, find_span
from grpo_cli.verify.fallback_number import concluding, last_number_span
from grpo_cli.verify.latex import Unsupported, parse_answer
from grpo_cli.verify.lexicon import (
    AND_WORDS,
    BELOW_SURFACE,
    BELOW_ZERO,
    BETWEEN,
    CJK_JOINS,
    HOUR_WORDS,
    LETTER_JOINS,
    MAIN_UNITS,
    METRIC_ASIDE_UNITS,
    METRIC_UNITS,
    METRIC_WORDS,
    MINUTE_WORDS,
    NEGATIVE_AFTER,
    NEGATIVE_BEFORE,
    OR_WORDS,
    SCALE_ABBREVIATIONS,
    SCALE_WORDS,
    SUB_UNITS,
    UNIT_JOINS,
    either,
    scale_value,
)
from grpo_cli.verify.numbers import NUMBER_RE, Num, find_numbers, numbers_equal, read_number, words_number
from grpo_cli.verify.question import counts_in_scale, in_asked_unit, restated
from grpo_cli.verify.region import answer_region
from grpo_cli.verify.separators import read_marks
from grpo_cli.verify.sources import MAX_SCAN
from grpo_cli.verify.types import Rewrite, Verdict
from grpo_cli.verify.values import bare_places, evaluate, free_vars

_CLEAN: list[Rewrite] = [
    (re.compile(r"\*\*|__"), ""),  # markdown bold
    # \frac{15}{2} before braces go: with them gone it would read '\frac 15 2', which LaTeX takes as 1/5 times 2.
    # Digits become ' 15/2', so that '3\frac{1}{2}' is the mixed number '3 1/2'.
    (re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}"), lambda m: _fraction(*m.groups())),
    (re.compile(r"\\(?:text|textbf|mathbf|mathrm|boxed|fbox|mbox)\s*\{"), "{"),
    (re.compile(r",\s*\\[,;: ]"), ", "),  # a comma, then a space: a list ('\boxed{1500,\,1503}'), not a grouping
    (re.compile(r"\\[,!;: ]|\{,\}"), ""),  # 1\,000 and 1{,}000
    (re.compile(r"[{}]"), " "),
    (re.compile(r"\\%"), "%"),
    (re.compile(r"-\s*\\?\$\s*(?=[0-9])"), "-"),  # -$35 is -35
    (re.compile(r"(?<![A-Za-z0-9.])[A-Z][A-Za-z]{0,2}\$?(?=[0-9])"), ""),  # a currency code against it: R2.50, RM2,500
]
# Scientific notation in every spelling models use: 4.5e4, 4.5E+04, 4.5 × 10^4, 4.5 x 10^4, 4.5*10^4, 4.5·10^{4}.
_SCI_E = re.compile(r"(?<![0-9A-Za-z.])([0-9]+(?:\.[0-9]+)?)[eE]([-+]?[0-9]{1,4})(?![0-9A-Za-z])")
_LEADING = re.compile(r"^[\s$0-9.,+*/^(){}-]*[0-9)}](?![0-9.!^_])")  # 3.0*10^8 m/s -> 3.0*10^8; 4.8*10^{4} cells
_SCI_TIMES = re.compile(r"(?<=[0-9])\s*(?:[x×*·]|\\times|\\cdot)\s*10\s*\^")
# 12 500 (a space between thousands groups), 3 3/4 (a mixed number), 7 dollars and 5 cents.
_SPACE_GROUPS = re.compile(r"(?<![0-9.,])([0-9]{1,3})((?: [0-9]{3})+)(?=\.[0-9]{1,2}(?![0-9.])|(?![0-9]|\.[0-9]| ?/))")
_MIXED_READ = re.compile(r"\([0-9]+\+[0-9]+/[0-9]+\)")  # a mixed number as _clean writes it
_MIXED = re.compile(r"(?<![0-9./])([0-9]+) ([0-9]+)/([0-9]+)(?![0-9])")
_DOLLARS_CENTS = re.compile(
    r"(?i)\b([0-9]+)\s*(?:"
    + MAIN_UNITS
    + r")\s*(?:(?:"
    + UNIT_JOINS
    + r")\s*)?([0-9]{1,2})\s*(?:"
    + SUB_UNITS
    + r")(?![A-Za-z])"
)  # '7 dollars and 5 cents', '13 zł i 50 groszy', '7 ευρώ και 20 λεπτά'
# The first number of a span with its scale word or abbreviation (extract.SCALE_WORDS): '$2.4 billion', '$2.4M'.
_SCALE = re.compile(
    r"(?i)^[^0-9]{0,80}?\\?\$?\s*(?<![0-9.])([0-9][0-9,]*(?:\.[0-9]+)?)(\s*(?:"
    + SCALE_WORDS
    + r")\b|"
    + SCALE_ABBREVIATIONS
    + ")"
)
_ASIDE = re.compile(r"\([^()]*\)")
# '24 (or 26 if the teachers count)', '15 (eller 14 om ...)': a second answer
_ASIDE_HEDGE = re.compile(r"(?i)\(\s*(?:" + OR_WORDS + r"|o|but)\b[^()]*[0-9]")  # ('(but 50 if we include ...)')
# '3 degrees below zero', '5°C below zero': a negative number in words.
_BELOW_ZERO = re.compile(r"(?i)(?<![0-9.])([0-9]+(?:\.[0-9]+)?)" + BELOW_ZERO)
# A whole number and a half, in words after it: '3 horas y media', '3 hours and a half', '2 Stunden und halb'.
_AND_A_HALF = re.compile(
    r"(?i)(?<![0-9.])([0-9]+)(\s+[^\W\d_]+)?\s+(?:and\s+a\s+half|y\s+media|et\s+demie|e\s+mezz[oa]|und\s+(?:ein\s+)?halb"
    r"|e\s+meia|с\s+половиной|buçuk)\b"
)
# Several bare numbers joined by 'or' / 'and' / commas: a hedge or a list, no single answer.
# A range: 'between 20 and 25', 'entre 20 y 25 minutos', 'zwischen 20 und 25', 'от 20 до 25'.
_BETWEEN = re.compile(
    r"(?i)\b(?:" + either(BETWEEN) + r")\s+\$?[0-9][0-9.,]*\s*[^\s0-9]{0,10}\s*"
    r"(?:and|y|et|und|e|en|i|и|і|до|do)\s+\$?[0-9]"
)
_RANGE = re.compile(r"(?<![0-9.])[0-9][0-9.,]*\s*%?\s*(?:[–—]\s*|-(?=[0-9]))[0-9]")
# A number that belongs to a larger expression (2^10's 10, 2001!, 3^{70000}): never the answer on its own.
_GLUED_BEFORE = re.compile(r"(?:\^|\^\s*\(|_|/)\s*$")
_GLUED_AFTER = re.compile(r"^\s*(?:\^|!|/\s*[0-9])")  # (a fraction's terms: '5/0' is no number, and not 0)
_DECIMAL_COMMA = re.compile(r",[0-9]{1,2}(?![0-9])")


# What may stand between the values of a list in one answer slot: punctuation, LaTeX separators, 'or' / 'and' in the
# languages models answer in ('\boxed{18, 19}', '<answer>1500; 1502</answer>', '\boxed{14 \mid 15}', '18 \lor 19',
# '2400 y 2401', '18\n19').
_LIST_GAP = re.compile(
    r"(?i)[\s$]*(?:(?:[^\W\d_]{1,12}[\s$]*)?(?:[,;]|\b(?:" + OR_WORDS + r")\b|或者?|または|か|또는)"  # '15 cups or 20'
    r"|[|、]|\\(?:mid|lor|vee|quad|qquad|[,;:!])|\b(?:"
    + either((AND_WORDS, LETTER_JOINS))
    + r")\b|"
    + CJK_JOINS
    + r"|\s)"
    r"[\s$]*(?:either\s+)?"
)  # ('14 apples, 16', '20分または25分', '8 日か 9 日': a unit word before a comma or an 'or')


_OR_MAYBE = re.compile(r"(?i)\bor\s+maybe\b")
_MARKUP_TAG = re.compile(r"</?[A-Za-z][^<>\n]{0,60}>")  # ('<answer><value>45</value></answer>': markup, no relation)
# A relation other than equality in a number's slot: the slot says what the answer is not, or bounds it.
_RELATION = re.compile(r"[≠<>≤≥∉]|\\(?:neq?|[lg]eq?|[lg]t|notin|not)(?![A-Za-z])")


def _lines_differ(clean: str) -> bool:
    """A slot over several lines whose lines state different values: two answers, one per line."""
    lines = [line for line in clean.splitlines() if find_numbers(line)]
    if len(lines) < 2:
        return False
    values = {n[2].value for line in lines for n in _unglued(line)[-1:] if n[2] is not None}
    return len(values) > 1


# One to four words of any language between the slot's last two values, the last one ending the slot: the shape of a
# disjunction ('48 либо 50', '4 bzw. 6', '30 या 33', '320 or, if rounded, 323') whatever its words. A compound keeps its
# unit after the second value ('2 hours 15 minutes', '7 dollars and 5 cents'), so it never ends on the bare value.
# A word: a letter, then letters or marks, no math ('m^' of 'm^{2}' is a unit's power, not a word; nor a label 'Blue:')
_GAP_WORD = r"[^\W\d_][^\s\d$^_{}\\()\[\]=+*/<>|,;:]"
_WORD_GAP = re.compile(r"[\s$]+(?:" + _GAP_WORD + r"{0,11}[\s$]+){1,4}")
# An ampersand or a row break between two values: '96 \& 97', an array's rows '-11 \\ -9'.
_SYMBOL_GAP = re.compile(r"[\s$]*(?:\\?&|\\\\)[\s$]*")
_ONE_WORD_GAP = re.compile(r"[\s$]+" + _GAP_WORD + r"{0,3}[\s$]+")  # '4 か 7', '12 o 13' in a phrase
_SLOT_END = re.compile(r"[\s$.!]*")


def _listed(clean: str, slot: bool = False) -> bool:
    """A slot that holds two different values side by side, with only separators between them: no single answer
    ('\boxed{18, 19}', '14 apples, 14 oder 16'). A value restated ('18; 18') is one; words between values make a
    statement, not a list ('18 apples for 3 people')."""
    found = list(NUMBER_RE.finditer(clean))
    gap = _WORD_GAP if slot else _ONE_WORD_GAP  # a phrase's statement goes on in words; one short word joins
    for i, (a, b) in enumerate(zip(found, found[1:], strict=False)):
        last = i == len(found) - 2 and _SLOT_END.fullmatch(clean, b.end()) is not None
        if (
            _LIST_GAP.fullmatch(clean, a.end(), b.start())
            or _SYMBOL_GAP.fullmatch(clean, a.end(), b.start())
            or (last and gap.fullmatch(clean, a.end(), b.start()))
        ):
            x = read_number(a.group("num"), negative=bool(a.group("sign")))
            y = read_number(b.group("num"), negative=bool(b.group("sign")))
            if x is not None and y is not None and not numbers_equal(x, y):
                return True
    return False


def _fraction(num: str, den: str) -> str:
    num, den = num.strip(), den.strip()
    return f" {num}/{den}" if num.isdigit() and den.isdigit() else f"({num})/({den})"


@lru_cache(maxsize=4096)  # a span is cleaned by several readers in turn (span_number, its unit readings)
def _clean(span: str) -> str:
    for pattern, repl in _CLEAN:
        span = pattern.sub(repl, span)
    span = _SCI_E.sub(lambda m: f"{m.group(1)}*10^{{{int(m.group(2))}}}", span)
    span = _SCI_TIMES.sub("*10^", span)
    span = _DOLLARS_CENTS.sub(lambda m: f"{m.group(1)}.{int(m.group(2)):02d} dollars", span)
    span = _SPACE_GROUPS.sub(lambda m: m.group(1) + m.group(2).replace(" ", ""), span)
    span = _BELOW_ZERO.sub(r"-\1", span)
    span = _AND_A_HALF.sub(r"\1.5\2", span)
    return _MIXED.sub(_mixed, span)


def _mixed(m: re.Match) -> str:
    whole, num, den = m.groups()
    return f"({whole}+{num}/{den})" if 0 < int(num) < int(den) else m.group(0)


_LITERAL = re.compile(r"\s*(-?)([0-9]{1,30}(?:\.[0-9]{1,30})?)\s*")


def _closed_form(span: str) -> Num | None:
    """The span read as one closed-form number ('18', '$1,234.00', '\\frac{1}{2}', '25%', '18 dollars')."""
    literal = _LITERAL.fullmatch(span)
    if literal:  # most answers: a plain number needs no parser
        return read_number(literal.group(2), negative=bool(literal.group(1)))
    ans = parse_answer(span)
    node = ans.node
    if node is None or node[0] in ("list", "set", "tuple", "matrix", "rel", "union", "text", "based", "big"):
        return None
    try:
        if free_vars(node):
            return None
        value = evaluate(node, {})
    except (Unsupported, ZeroDivisionError, OverflowError, ValueError, RecursionError):
        return None
    if not hasattr(value, "denominator"):  # not an exact rational (sqrt 2, pi, 3i): not a GSM8K answer
        return None
    # a value with a denominator is evaluate()'s Fraction (its other values are complex and infinity)
    return Num(value, bare_places(node))  # type: ignore[arg-type]


_SCALE_REST = re.compile(r"(?i)\s*(?:and\s+)?([0-9]{1,3}(?:\.[0-9]+)?)(\s*(?:" + SCALE_WORDS + r"))\b")


def _scaled(span: str) -> Num | None:
    """'$2.4 billion' -> 2400000000, remembering 2.4 as `alt` (a question asked in billions has 2.4 as its answer)."""
    m = _SCALE.match(span)
    if not m:
        return None
    num = read_number(m.group(1))
    if num is None or num.value is None:
        return None
    scale = scale_value(m.group(2))
    if scale is None:
        return None
    rest = _SCALE_REST.match(span, m.end())  # '2 juta 500 ribu', '2 million 500 thousand': one amount
    if rest and (more := read_number(rest.group(1))) is not None and more.value is not None:
        smaller = scale_value(rest.group(2)) or scale
        if smaller < scale and smaller % 10 == 0 and more.value * smaller < scale:
            return Num(num.value * scale + more.value * smaller, 0)
    return Num(num.value * scale, 0, alt=num.value)


def _unglued(clean: str) -> list[tuple[int, int, Num | None]]:
    """Numbers of a span with their positions; None for one that is part of a larger expression (an exponent, a
    base, a factorial): such a number is not an answer on its own."""
    out = []
    for m in NUMBER_RE.finditer(clean):
        num = read_number(m.group("num"), negative=bool(m.group("sign")))
        if num is None:
            continue
        glued = _GLUED_BEFORE.search(clean, 0, m.start()) or _GLUED_AFTER.match(clean[m.end() : m.end() + 4])
        glued = glued or _DECIMAL_COMMA.match(clean, m.end())  # '1,5' / '45,00': no decimal comma (docs)
        out.append((m.start(), m.end(), None if glued else num))
    return out


# A phrase's first clause that holds only a negated value (verify.assertion's mark) and an aside: the phrase states
# its answer in the clause after it ('The answer is not 13 (that would be adding); it is 6 × 7 = 42.').
_DENIED_CLAUSE = re.compile(r"\s*" + NEGATED + r"+\s*(?:\([^()\n]*\))?\s*[;,]\s*")
# A tag that states 'A is B' with a number on each side: B is the answer.
_IS_VALUE = re.compile(r"(?i)(?<=[0-9a-z%])\s+(?:is|are|equals|makes|gives)\s+(?=\$?\s?[0-9])")
_SUM_ASIDE = re.compile(r"(?<=[0-9])\s+\([0-9.,\s+\-×x*/÷·=]+\)\s*$")
_STATED = re.compile(r"(?i)^\W*(?:the\s+)?(?:final\s+)?answer\s*(?:is\b\s*:?|:)")
# A percent sign or word right after a number: '20%' is 20 and also 0.2 (docs/verifiers.md, Conventions).
_PERCENT = re.compile(r"(?i)(?<![0-9.])([0-9][0-9,]*(?:\.[0-9]+)?)\s*(?:\\?%|percent\b|per\s+cent\b|pct\b)")


# A signed amount stated by its size: 'a loss of $3' and '$3 in the red' are -3 where the question asks for the profit
# or the balance and 3 where it asks how much was lost or owed; the text does not say which, so both are taken
# (docs/verifiers.md, Conventions; the words: lexicon.NEGATIVE_BEFORE, NEGATIVE_AFTER).
_LOSS = re.compile(
    r"(?i)\b(?:" + either(NEGATIVE_BEFORE) + r")\s+\\?\$?\s*([0-9][0-9,]*(?:\.[0-9]+)?)"
    r"|(?<![0-9.])([0-9][0-9,]*(?:\.[0-9]+)?)\s*(?:" + MAIN_UNITS + r")?\s*(?:" + either(NEGATIVE_AFTER) + r")\b"
)  # 'a loss of $3', '$25 in the red', '80 Euro im Minus'
_CENTS = re.compile(r"(?i)(?<![0-9.])([0-9]{1,3})\s*(?:cents?\b|¢)")
_DOLLAR_CENTS = re.compile(r"\$\s?0?\.[0-9]{2}(?![0-9])")
# Hours: '0.75 hours' is 0.75 (hours) and 45 (minutes), '1 hour' 1 and 60 (not '3 h 45 min', read below).
_HOURS = re.compile(
    r"(?i)(?<![0-9.])([0-9]*\.[0-9]+|[0-9]+/[0-9]+|[0-9]+)\s*(?:hours?|hrs?|h)\b(?!\s*(?:and\s*)?[0-9])"
)
# A duration in hours and minutes: '7 hours and 30 minutes' is 7.5 (hours) and 450 (minutes).
_HOURS_MINUTES = re.compile(
    r"(?i)(?<![0-9.])([0-9]+)\s*(?:"
    + HOUR_WORDS
    + r")\.?\s*(?:(?:"
    + UNIT_JOINS
    + r")\s*)?([0-9]{1,2})\s*(?:"
    + MINUTE_WORDS
    + r")(?![A-Za-z])"
)  # '7 hours and 30 minutes', '1시간 15분', '2 Stunden 30 Minuten'


# A quantity restated in a unit a thousand times smaller or larger: '2.45 L (2450 mL)', '1.5 kg (1,500 g)'.
_METRIC = r"\s*(?:" + either(METRIC_ASIDE_UNITS) + ")"
_METRIC_ASIDE = re.compile(
    r"(?i)(?<![0-9.])([0-9]+(?:\.[0-9]+)?)"
    + _METRIC
    + r"\s*\(\s*(?:=|≈)?\s*([0-9][0-9,]*(?:\.[0-9]+)?)"
    + _METRIC
    + r"\s*\)"
)
# A metric quantity is also its value in the neighbouring unit a question may have asked for (lexicon.METRIC_UNITS):
# '3 kg' is also 3000 (grams). Not after a currency sign ('$5m').
_METRIC_VALUE = re.compile(
    r"(?i)(?<![0-9.,$€£])([0-9][0-9,]*(?:\.[0-9]+)?)\s*(?:"
    + "|".join(f"({unit})" for unit, _ in METRIC_UNITS)
    + r")(?![\w/²³])"
)
# A part of a number stated, then what it comes to: '33.3% of 8, which is 2.5', 'half of 18, which is 9'.
_PART_OF_WHICH = re.compile(
    r"(?i)^(?:[^=.]|\.(?=[0-9])){0,60}?\bof\b[^=]{0,60}?,?\s+which\s+(?:is|equals|makes|gives)\s+\$?([0-9][0-9,]*(?:\.[0-9]+)?)\s*[.!]?\s*$"
)
_MIXED_HOURS = re.compile(r"(?i)(?<![0-9.])([0-9]+)\s+([0-9]+)/([1-9][0-9]*)\s*(?:hours?|hrs?|h)\b")
_OF_AN_HOUR = re.compile(r"(?i)\bof\s+an\s+hour\b")
_MINUTES = re.compile(r"(?i)(?<![0-9.])([0-9]+(?:\.[0-9]+)?)\s*(?:minutes?|mins?)\b")
# A depth: '6 meters below the surface' answers 'how deep' (6) and 'at what elevation' (-6).
_DEPTH = re.compile(r"(?i)(?<![0-9.])([0-9]+(?:\.[0-9]+)?)" + BELOW_SURFACE)
_UNIT_AT_END = re.compile(  # '2 1/2 hours', '3 3/4 m': a closed form and its unit
    r"(?i)\s*(?:hours?|hrs?|h|minutes?|mins?|" + METRIC_WORDS + r")\s*$"
)


def span_number(span: str, source: str, mode: str = "flexible") -> Num | None:
    """`_span_number`, with a second reading as `alt` where the words allow two: a percent ('<answer>20%</answer>')
    is also its value over 100, so that it equals a reference of 20 or of 0.2; '75 cents' is also 0.75 (dollars)
    and '$0.75' also 75 (cents); '2.45 L (2450 mL)' is also 2450;
    'a loss of $3' is also -3; '7 hours and 30 minutes' is 7.5 and also 450, '360 minutes' 360 and also 6; '6 meters
    below the surface' 6 and -6."""
    num = _span_number(span, source, mode)
    if num is None or num.value is None or num.alt is not None:
        return num
    if "%" in span or "cent" in span.lower():
        for m in _PERCENT.finditer(span):
            pct = read_number(m.group(1))
            if pct is not None and pct.value == abs(num.value):
                return Num(num.value, num.places, alt=num.value / 100)
    cents = _CENTS.search(span)
    if cents and (amount := read_number(cents.group(1))) is not None and amount.value == num.value:
        return Num(num.value, num.places, alt=num.value / 100)  # '75 cents' is 75 and $0.75
    if num.places == 2 and 0 < num.value < 1 and _DOLLAR_CENTS.search(span):
        return Num(num.value, num.places, alt=num.value * 100)  # and '$0.75' is 75 cents
    loss = _LOSS.search(span)
    if loss and (size := read_number(loss.group(1) or loss.group(2))) is not None and size.value == num.value:
        return Num(num.value, num.places, alt=-num.value)
    mixed = _MIXED_HOURS.search(span)
    if mixed and int(mixed.group(1)) + Fraction(int(mixed.group(2)), int(mixed.group(3))) == num.value:
        return Num(num.value, num.places, alt=num.value * 60)  # '4 1/2 hours' (as '4½ hours' reads) is also 270 minutes
    worded = _clean(span) if "\\text" in span else span  # '\\boxed{1.5\\text{ hours}}' states its unit too
    hours = _HOURS.search(worded)
    if hours and (h := read_number(hours.group(1))) is not None and h.value == num.value:
        return Num(num.value, num.places, alt=num.value * 60)  # '0.75 hours' is also 45 minutes, '1 hour' 60
    metric = _METRIC_ASIDE.search(span)
    if metric and (size := read_number(metric.group(1))) is not None and size.value == num.value:
        other = read_number(metric.group(2).replace(",", ""))
        if other is not None and other.value in (num.value * 1000, num.value / 1000):
            return Num(num.value, num.places, alt=other.value)  # '2.45 L (2450 mL)': the aside restates it
    if num.value.denominator > 1 and _OF_AN_HOUR.search(span):
        return Num(num.value, num.places, alt=num.value * 60)  # 'three quarters of an hour' is also 45 minutes
    depth = _DEPTH.search(span)
    if depth and (size := read_number(depth.group(1))) is not None and size.value == num.value:
        return Num(num.value, num.places, alt=-num.value)  # '6 meters below the surface' is 6 deep and -6
    time = _HOURS_MINUTES.search(span) or _HOURS_MINUTES.search(_clean(span))  # '3 \text{ hours } 45 ...'
    if time:  # its first number, or the last one where the text ends on it
        on_hours, on_minutes = int(time.group(1)), int(time.group(2))
        if on_minutes < 60 and num.value in (on_hours, on_minutes):
            return Num(on_hours + Fraction(on_minutes, 60), 0, alt=Fraction(60 * on_hours + on_minutes))
    minutes = _MINUTES.search(worded)
    if minutes and (size := read_number(minutes.group(1))) is not None and size.value == num.value:
        return Num(num.value, num.places, alt=num.value / 60)  # '360 minutes' is also 6 (hours)
    metric = _METRIC_VALUE.search(worded)
    if metric and (size := read_number(metric.group(1).replace(",", ""))) is not None and size.value == num.value:
        factor = next(f for (_, f), unit in zip(METRIC_UNITS, metric.groups()[1:], strict=True) if unit)
        factor = factor or (Fraction(1, 1000) if num.value >= 1000 else 100)
        return Num(num.value, num.places, alt=num.value * factor)  # '3 kg' is also 3000 (grams)
    return num


def _span_number(span: str, source: str, mode: str = "flexible") -> Num | None:
    """The number a span states. `#### 72 ... 3 steps` and 'answer is 72. It took 3 steps' give their first number;
    'answer is 40 / 8 = 5' and an answer tag or box holding several numbers give the one after the last '=', else
    (flexible) the last one. A number inside a larger expression the reader cannot evaluate (3^{70000}, 2001!) is
    never taken alone: None."""
    if source == "last_number":  # one number and what belongs to it ('3 3/4', '7 dollars and 5 cents', '2 1/2 hours')
        clean = _clean(span)
        return (
            _scaled(clean)
            or _closed_form(_UNIT_AT_END.sub("", clean))
            or next((n[2] for n in reversed(_unglued(clean))), None)
            or words_number(clean)
        )
    if source == "phrase" and (denied := _DENIED_CLAUSE.match(span)):
        span = span[denied.end() :]  # 'The answer is not 13 (that would be adding); it is 42': the next clause
    if source == "answer_tag" and (said := _STATED.search(span)):
        span = span[said.end() :]  # '<answer>The answer is 12 or 18</answer>': what the phrase states
    if len(span) <= 200:
        clean = _SUM_ASIDE.sub("", _clean(span))  # '<answer>84 (12 × 7)</answer>': not 84 times 84
        scaled = _scaled(clean)  # before the closed form, which reads '$2.4 billion' as 2.4 and a unit word
        if scaled is not None:
            return scaled
        closed = _closed_form(clean) or _closed_form(span)
        if closed is not None:
            return closed
        if _ASIDE_HEDGE.search(clean) or _ASIDE_HEDGE.search(span):  # '(or 9 1/6 days ...)', a mixed number in it
            return None
        if source in ("phrase", "hashes") and (worked := _PART_OF_WHICH.match(clean)):
            return read_number(worked.group(1).replace(",", ""))  # 'The answer is: 33.3% of 8, which is 2.5.'
        if source in ("phrase", "hashes"):
            # The statement runs to the end of its first sentence: 'The answer is 18. She sold 3 more.'
            clean = re.split(r"(?<=[0-9a-z%)])[.;]\s|[.;]$|\s(?:because|since|which)\s", clean, maxsplit=1)[0]
        without_asides = _ASIDE.sub(" ", clean)  # '42 (6 boxes of 7)': the aside is not the answer
        if find_numbers(without_asides):
            clean = without_asides
        slot = source in ("answer_tag", "boxed")
        if slot and (_RELATION.search(_MARKUP_TAG.sub(" ", span)) or _lines_differ(clean)):
            return None  # '\\boxed{\\neq 96}' states no value; '<answer>answer: 48000 (newline) alternative: 48002'
        if _listed(clean, slot) or _OR_MAYBE.search(clean) or _BETWEEN.search(clean):  # '15 or 20', 'entre 20 y 25'
            return None
        if "=" not in clean and _RANGE.search(clean):  # 'about 40–45%', 'sekitar 8–9 jam'
            return None
        if source == "answer_tag" and (values_said := _IS_VALUE.findall(clean)):
            after = clean.rsplit(values_said[-1], 1)[1]  # '<answer>42 eggs is 3.5 dozen</answer>': what it is
            lead = _LEADING.match(after)
            found = _scaled(after) or (_closed_form(lead.group(0)) if lead else None)
            if found is not None:
                return found
        if "=" in clean:
            clean = clean.rsplit("=", 1)[1]
            closed = _closed_form(clean)
            if closed is not None:
                return closed
        lead = _LEADING.match(clean)
        closed = _closed_form(lead.group(0)) if lead else None
        if closed is not None:
            return closed
        mixed = _MIXED_READ.search(clean)  # 'Sara runs 3 3/4 miles each day.' (the first number is a mixed one)
        if mixed is not None and source in ("phrase", "hashes") and not find_numbers(clean[: mixed.start()]):
            return _closed_form(mixed.group(0))
    else:
        clean = _clean(span)
    nums = _unglued(clean)
    if not nums:
        return words_number(clean) if source != "last_number" else None
    if source in ("hashes", "phrase") or len(nums) == 1:
        return nums[0][2]
    if source == "last_number":
        return nums[-1][2]
    if mode != "flexible":
        return None
    if re.search(r"[A-Za-z]{3,}", clean):  # '<answer>She needs to sell 7 more boxes to reach her goal of 20.</answer>'
        said = concluding(clean, list(NUMBER_RE.finditer(clean)))
        return next((n[2] for n in nums if said is not None and n[0] == said.start()), nums[-1][2])
    return nums[-1][2]


@lru_cache(maxsize=16384)
def reference_number(reference: str) -> Num | None:
    text = str(reference)
    if "####" in text:
        text = text.rsplit("####", 1)[1]
    text = text.strip()
    if not any(c.isdigit() for c in text):  # a reference is written in digits; 'seventy two' is not one
        return None
    return span_number(text, "hashes")


def parse_reference(raw: str) -> str | None:
    """'... #### 1,234' -> '1234'; an already-parsed '1234' stays; no number -> None."""
    num = reference_number(str(raw))
    return num.canonical() if num is not None else None


def _read(
    said: Statements, mode: str, finished: bool = True, question: str | None = None
) -> tuple[str, Num | None] | None:
    """(span, number) of the final answer. An 'answer is' phrase with no number after it ('the answer is the number
    of apples') is not an answer: flexible mode then falls back to the last number (not for a cut-off completion)."""
    said = replace(said, text=read_marks(said.text), denied=tuple((p, read_marks(v)) for p, v in said.denied))
    question = read_marks(question) if question else question
    completion = said.text
    found = None if said.void else find_span(completion, mode, finished)
    if found is None or (found[1] in FALLBACKS and said.asks_about(found[0])):
        return None  # (a text that asks about its last number and leaves the question open commits to none)
    found = commitment.committed(
        completion, found, _sentence_answer, _value, _same, finished=finished, denied=said.denied, given=question
    )
    if found is None or restated(completion, found, question):
        return None
    span, source = found
    num = span_number(span, source, mode)
    if (
        num is None
        and source == "phrase"
        and mode == "flexible"
        and finished
        and not any(c.isdigit() for c in span)  # a phrase stating numbers it does not commit to is no answer
        and words_number(span) is None
    ):
        last = last_number_span(answer_region(completion[-MAX_SCAN:]))
        if last is not None and not commitment.disowns(completion, completion.rfind(last)):
            return last, span_number(last, "last_number")
    return span, num


def _sentence_answer(sentence: str) -> tuple[str, str] | None:
    return find_span(sentence, "flexible", True)


def _value(found: tuple[str, str]) -> Num | None:
    return span_number(found[0], found[1])


def _same(a: Num, b: Num) -> bool:
    """Two readings of one value (either one's alternative reading counts: '2.4 billion' is also 2.4)."""
    forms_a = [a] + ([Num(a.alt, a.places)] if a.alt is not None else [])
    forms_b = [b] + ([Num(b.alt, b.places)] if b.alt is not None else [])
    return any(numbers_equal(x, y) for x in forms_a for y in forms_b)


def verify(
    said: Statements, reference: str, mode: str = "flexible", finished: bool = True, question: str | None = None
) -> Verdict:
    """`said`: the completion as verify.assertion reads it (what the model asserts)."""
    ref = reference_number(str(reference))
    found = _read(said, mode, finished, question)
    if found is None:
        if ref is None:
            return Verdict(None, None, "bad_reference")
        return Verdict(False, None, "no_answer" if finished else "truncated")
    span, num = found
    if ref is None:
        return Verdict(None, num.canonical() if num else span.strip()[:200], "bad_reference")
    if num is None:
        return Verdict(False, span.strip()[:200], "unparseable")
    if num.value is not None and (asked := in_asked_unit(span, num.value, question)) is not None:
        # the unit the question asks for: a Fraction, or CONFLICT (a unit that cannot be the asked one)
        same = isinstance(asked, Fraction) and numbers_equal(ref, Num(asked, num.places))
        return Verdict(same, num.canonical(), "ok" if same else "wrong")
    alt = num.alt if counts_in_scale(span, num, question) else None  # '8 dozen' is 8 only where dozens are asked
    same = numbers_equal(ref, num) or (alt is not None and numbers_equal(ref, Num(alt, num.places)))
    return Verdict(same, num.canonical(), "ok" if same else "wrong")


def extract(said: Statements, mode: str = "flexible", finished: bool = True) -> str | None:
    found = _read(said, mode, finished)
    if found is None or found[1] is None:
        return None
    return found[1].canonical()


def answer_key(extracted: str | None) -> str | None:
    if extracted is None:
        return None
    num = span_number(str(extracted), "answer_tag")
    if num is None:
        return None
    return str(num.value) if num.value is not None else num.canonical()  # 0.5 and 1/2 share the key '1/2'
