r"""Question-aware verdicts (issue 26): an answer that only restates the question is no answer.

Where the caller has the prompt (the reward's `prompts` / `question` column, `grpo verify`'s `question` field), two
rules use it; without a question nothing changes.

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

What it does not do: it does not read the question's unit or yes/no form (the verifier credits a value in either of
two neighbouring units, docs/verifiers.md), and it does not judge whether a given number is the right answer: a
final answer that equals a number the question gives, stated as an answer, is compared as usual.
"""

from __future__ import annotations

import re
from math import gcd

from grpo_cli.verify.lexicon import (
    CHOICE_WORDS,
    CONCLUSION_WORDS,
    either,
)

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
