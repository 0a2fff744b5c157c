r"""Question-aware verdicts (issue 26): an answer that only restates the question is no answer, and the question's
yes / no form and asked unit inform the comparison.

Where the caller has the prompt (the reward's `prompts` / `question` column, `grpo verify`'s `question` field), five
rules use it; without a question nothing changes. Two decide whether the answer is one:

- **Given data restated.** The sentence the answer is read from copies four or more consecutive words of the
  question, the answer among them, and concludes nothing: `We know that Maya has 12 apples.` or
  `\boxed{\text{Maya has 12 apples}}` against 12, for "Maya has 12 apples. ... How many does she have now?", is no
  answer. Still right: `The answer is 12.`, `So Maya has 12 apples.`, `Maya has 12 apples now.` (a conclusion word,
  `CONCLUSION_WORDS`), and any answer whose sentence is not a copy of the question's words.
- **The question's expression restated.** An answer with an operator that is, up to spacing, one of the question's
  own expressions (`\boxed{3 \cdot 4 + 1}` for "Compute $3 \cdot 4 + 1$.") answers nothing. Still right: a bare number
  or a variable (`12` for "Is 12 a multiple of 4?"), the value of the expression, an expression the question does not
  hold, and an expression named as the choice in a question that offers choices ("Which is larger, $2^{10}$ or
  $10^3$?": `2^{10}` stays an answer).

Three more rules read the question's form (`yes_no_verdict`, `in_asked_unit`, `counts_in_scale`), and only change a
comparison where both the question and the answer say enough:

- **Yes / no.** A question that asks yes or no (a sentence ending in '?' that opens with is / are / does / can /
  ... or ¿es / est-ce que / ist / é ..., `lexicon.YES_NO_OPENERS`) with a yes / no reference: an answer that opens
  with a yes / no word in any language `text.word_meaning` knows is that word (`\boxed{\text{No, because } 221 =
  13 \cdot 17}` is No); 'Yes and no' / 'yes/no' opens with both and is no answer. An answer that opens with
  anything else (a number, a sentence) is compared as usual, so `\boxed{221}` is still wrong.
- **The asked unit** (gsm8k). A question that asks for one unit ('How many [more] minutes ...', '... in hours?',
  'Express your answer in cents.'; not a rate: 'minutes per mile') and an answer whose number names one known unit
  (`lexicon.UNITS`: seconds to weeks, cents and dollars ('$'), mm to km, inches to miles, g / kg, oz / lb, mL / L):
  the answer is converted to the asked unit and compared as that value only (asked minutes: `2 hours` is 120, `7200
  seconds` 120, `120 minutes` 120 and not also 2). A unit of another dimension (`$120` for minutes) or one without
  a single size (`2 months` for days) is not credited. An answer with no unit, or with several ('2 hours (120
  minutes)'), is compared as before.
- **The asked scale** (gsm8k). A number before a scale word is its scaled value (`2.4 billion` is 2400000000,
  `8 dozen` 96, `1.292 lakh` 129200), and the number as written (2.4, 8, 1.292) only where the sentence that asks
  counts in a scale of that size (`... in billions?`, 'How many dozen ...?'; not 'She bought a dozen cups. ... How
  many utensils?'); the same for an abbreviation (`$50k`, `$2.4M`). Otherwise one text would be paid under two
  different answers, a bet spread (bench/verify_multishot.py; the blind spread set found `0.035 thousand` paid under
  35 and 0.035, `8 dozen` under 96 and 8).

What these rules do not do: a question in another language is not read for its unit; the math task does not
convert units; no rule judges whether a given number is the right answer: a final answer that equals a number the
question gives, stated as an answer, is compared as usual.
"""

from __future__ import annotations

import re
from fractions import Fraction
from math import gcd

from grpo_cli.verify.lexicon import (
    CHOICE_WORDS,
    CONCLUSION_WORDS,
    HOW_MANY_MODIFIERS,
    RATE_WORDS,
    SCALE_ABBREVIATIONS,
    SCALE_WORDS,
    UNITS,
    YES_NO_JOINS,
    YES_NO_OPENERS,
    either,
    scale_value,
)
from grpo_cli.verify.numbers import Num
from grpo_cli.verify.sources import SCALE_WORD
from grpo_cli.verify.text import word_meaning

_WORD = re.compile(r"[^\W_]+")
_CONCLUDES = re.compile(r"(?i)\b(?:" + CONCLUSION_WORDS + r")\b|=")
_SENTENCES = re.compile(r"(?<=[.!?。！？])\s+|\n+")
_TEXT_BOX = re.compile(r"\\(?:text|textbf|mathrm|mbox)\s*\{([^{}]*)\}")
_SPACING = re.compile(r"\s+|\$|\\left|\\right|\\[,;!: ]")
_OPERATOR = re.compile(r"[-+*/^!×÷·]|\\(?:frac|dfrac|tfrac|cdot|times|div|sqrt|binom|sum|prod|int)(?![A-Za-z])|\)\s*\(")
_CHOICE = re.compile(r"(?i)\b(?:" + either(CHOICE_WORDS) + r")\b")
_MATH = re.compile(r"\$\$?([^$]{1,300})\$\$?|\\\((.{1,300}?)\\\)|\\\[(.{1,300}?)\\\]", re.S)
_LEADING_SIGN = re.compile(r"^[-+]\s*")
_FRACTION = re.compile(r"\\frac\{([0-9]+)\}\{([0-9]+)\}|([0-9]+)/([0-9]+)")
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_ARITHMETIC = re.compile(r"[0-9(][0-9\s.,+\-*/×÷^()]*[0-9)]")
RUN = 4  # consecutive words of the question that make a copy


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(_TEXT_BOX.sub(r" \1 ", text))]


def _copies(sentence: str, question: str, value: str) -> bool:
    """Does the sentence hold RUN+ consecutive words of the question, one of them the answer's number?"""
    said, asked = _words(sentence), _words(question)
    value_words = set(_words(value))
    if len(said) < RUN or not value_words:
        return False
    grams = {tuple(asked[i : i + RUN]) for i in range(len(asked) - RUN + 1)}
    return any(
        tuple(said[i : i + RUN]) in grams and value_words & set(said[i : i + RUN]) for i in range(len(said) - RUN + 1)
    )


def restates_given(completion: str, span: str, source: str, question: str | None) -> bool:
    """The answer's sentence only restates the question's data (module docstring)."""
    if not question or not span.strip():
        return False
    if source in ("last_number", "last_math"):
        parts = [p for p in _SENTENCES.split(completion.strip()) if p.strip()]
        sentence = parts[-1] if parts else ""
    else:
        sentence = span
    number = re.search(r"-?[0-9][0-9.,]*", span)
    if number is None or _CONCLUDES.search(sentence):
        return False
    return _copies(sentence, question, number.group(0))


def restated(completion: str, found: tuple[str, str], question: str | None, answer: str | None = None) -> bool:
    """Either rule: the answer only restates the question's data or its expression (`answer`: the answer as the
    task reads it from the span, the span itself when not given)."""
    if not question:
        return False
    return restates_given(completion, *found, question) or restates_expression(answer or found[0], question)


def _is_number(answer: str) -> bool:
    """A decimal, or a fraction in lowest terms ('3/4', '\\frac{3}{4}'): a number, not an expression to evaluate
    ('\\frac{6}{8}' for "Simplify $\\frac{6}{8}$" is the question restated)."""
    if _NUMBER.fullmatch(answer):
        return True
    m = _FRACTION.fullmatch(_flat(answer))
    return m is not None and gcd(int(m.group(1) or m.group(3)), int(m.group(2) or m.group(4))) == 1


def _flat(text: str) -> str:
    return _SPACING.sub("", text).replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac")


def restates_expression(answer: str, question: str | None) -> bool:
    """The answer is one of the question's own expressions, unevaluated (module docstring)."""
    answer = _LEADING_SIGN.sub("", answer.strip())  # '-12' is a number, not an expression
    if not question or not _OPERATOR.search(answer) or _is_number(answer) or _CHOICE.search(question):
        return False
    flat = _flat(answer)
    if len(flat) < 3:
        return False
    regions = [next(g for g in m.groups() if g is not None) for m in _MATH.finditer(question)]
    sides = [side for r in regions for side in r.split("=")]
    runs = [m.group(0) for m in _ARITHMETIC.finditer(_MATH.sub(" ", question))]  # 'What is 12 + 15?' in prose
    return any(flat == _flat(c) for c in regions + sides + runs)


# --- The question's form: yes / no, and the unit it asks for ------------------------------------------------------
_QUESTION_SENTENCE = re.compile(r"[^.!?\n]*\?")
_YES_NO_QUESTION = re.compile(r"(?i)^[\s*_>#¿¡\"']*(?:" + either(YES_NO_OPENERS) + r")\b")
_MARKUP = re.compile(r"\\(?:text|textbf|mathrm|mbox|textit)\s*\{|[{}$*_]|\\[,;! ]")
_OPENING_WORD = re.compile(r"\W*([^\W\d_]+)(?:\s*(?:" + either(YES_NO_JOINS) + r")\s*([^\W\d_]+))?")


def yes_no_question(question: str | None) -> bool:
    """Does a sentence of the question ask yes or no ('Is 221 a prime number?')?"""
    if not question:
        return False
    return any(_YES_NO_QUESTION.match(q) for q in _QUESTION_SENTENCE.findall(question))


def yes_no_verdict(answer: str, reference: str, question: str | None) -> bool | None:
    """For a yes / no question with a yes / no reference: is the answer, read by its opening yes / no word, the
    reference? None when the rule does not apply (another question or reference, no opening yes / no word)."""
    wanted = word_meaning(reference)
    if wanted not in ("yes", "no") or not yes_no_question(question):
        return None
    m = _OPENING_WORD.match(_MARKUP.sub(" ", answer))
    if m is None:
        return None
    said = word_meaning(m.group(1))
    if said not in ("yes", "no"):
        return None
    if m.group(2) and word_meaning(m.group(2)) in ("yes", "no"):
        return False  # 'Yes and no', 'yes/no': both
    return said == wanted


_UNIT_WORDS = [
    (dimension, re.compile(r"(?i)" + words), size) for dimension, units in UNITS.items() for words, size in units
]
_ANY_UNIT = either(*(words for _, units in UNITS.items() for words, _ in units))
_NOT_RATE = r"(?![\w/])(?!\s*(?:" + either(RATE_WORDS) + r")\b)"
_ASKED = re.compile(
    r"(?i)\bhow\s+many\s+(?:(?:" + either(HOW_MANY_MODIFIERS) + r")\s+)?(" + _ANY_UNIT + ")" + _NOT_RATE
    + r"|\bin\s+(?:terms\s+of\s+)?(" + _ANY_UNIT + r")\s*[?.]?\s*$"
)  # fmt: skip
_STATED = re.compile(
    r"(?i)(?<![\w.,])(\$\s*)?(-?[0-9][0-9,]*(?:\.[0-9]+)?)(?:\s*("
    + _ANY_UNIT.replace(r"|\$", "")
    + ")"
    + _NOT_RATE
    + ")?"
)
_MATH_DOLLAR = re.compile(r"\$(?!\s?[0-9])")  # a '$' that delimits math: no '$' in the span is a currency sign
CONFLICT = object()  # the answer names a unit that cannot be the asked one: not credited
_ASKS = re.compile(r"[^.!?。？\n]*[?？]")  # a question's asking sentences ('bought a dozen cups' only gives data)
_SCALE_ABBREVIATED = re.compile(r"(?<=[0-9])(?:" + SCALE_ABBREVIATIONS + ")")  # glued to its number: '50k', '2.4 bn'
_SCALE_NAMED = re.compile(r"(?i)(?<!\w)(" + SCALE_WORDS + r")s?(?!\w)")  # a scale the question counts in: 'in billions'


def _unit(word: str) -> tuple[str, int | None]:
    return next((dimension, size) for dimension, pattern, size in _UNIT_WORDS if pattern.fullmatch(word.strip()))


def asked_unit(question: str | None) -> tuple[str, int | None] | None:
    """(dimension, size) of the one unit the question asks for, else None ('How many minutes ...?' is time, 60)."""
    if not question:
        return None
    found = {_unit(next(g for g in m.groups() if g)) for s in question.splitlines() for m in _ASKED.finditer(s.strip())}
    return found.pop() if len(found) == 1 else None


def counts_in_scale(span: str, num: Num, question: str | None) -> bool:
    """Is the number as written (`num.alt`, before a scale word in `span`) what the question counts in? Always where
    there is no question (module docstring, the asked scale); with one, only where the sentence that asks (the last
    one ending in '?', else the whole question) names a scale of that size."""
    if not question or num.alt is None or num.value is None:
        return True  # no question, or one reading only: the rule does not apply (most rows stop here, unscanned)
    said = [scale_value(m.group(1)) for m in SCALE_WORD.finditer(span)]
    said += [scale_value(m.group(0)) for m in _SCALE_ABBREVIATED.finditer(span)]  # '$50k', '$2.4M'
    if not any(num.alt * s == num.value for s in said if s):
        return True  # the second reading is no scale's ('20%' is also 0.2)
    asks = [q for q in _ASKS.findall(question) if q.strip()]  # the sentence that asks: '... How many dozen?'
    asked = asks[-1] if asks else question
    return any(scale_value(m.group(1)) == num.value / num.alt for m in _SCALE_NAMED.finditer(asked))


def in_asked_unit(span: str, value: Fraction, question: str | None) -> Fraction | object | None:
    """The answer's value in the unit the question asks for (module docstring): a Fraction, CONFLICT when the
    answer's unit cannot be the asked one, None when the rule does not apply."""
    asked = asked_unit(question)
    if asked is None:
        return None
    dollars = _MATH_DOLLAR.search(span) is None
    stated = [m for m in _STATED.finditer(span) if m.group(3) or (m.group(1) and dollars)]
    if len(stated) != 1 or Fraction(stated[0].group(2).replace(",", "")) != value:
        return None  # no unit, several, or a unit on another number than the answer's ('2 hours, so 120')
    (dimension, size), (want, asked_size) = _unit(stated[0].group(3) or "$"), asked
    if dimension != want or size is None or asked_size is None:
        return CONFLICT if (dimension, size) != asked else value
    return value * size / asked_size
