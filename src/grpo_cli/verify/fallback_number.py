r"""The number a text ends on (locator family, the gsm8k fallback; flexible mode, a finished text only).

`last_number_span` reads the last number with what belongs to it ('3 3/4', '7 dollars and 5 cents', '$2.4 billion',
'25 percent', '3 degrees below zero', '$25 in the red'), except where the concluding sentence goes on into a detail
that holds the rest of its numbers ('So, there are 4 stalls with 8 cows.' is 4: `concluding`), where it concludes
in number words after the working's digits ('... = 45 oranges. So Jo has thirty-five oranges.' is 35:
`_closing_words`), and where a range or a hedge is no single answer ('3-4 days', 'either 10 or 11'). What only
trails the value is dropped first (`trailing_aside`, `AFTER_VALUE`, `without_enumeration`), and a text that ends on
an empty statement declines to answer (`declined`: 'The final answer is:'). Examples both ways:
tests/test_verify_rule_locator.py, tests/verify_cases.py.
"""

from __future__ import annotations

import re

from grpo_cli.verify.hedges import HEDGED, NOT_ANOTHER_ANSWER
from grpo_cli.verify.lexicon import (
    ABOUT,
    ATTAINED,
    BELOW_SURFACE,
    BELOW_ZERO,
    BETWEEN,
    COMPARATIVES,
    CONCLUDES_IN_WORDS,
    DETAIL_OPENERS,
    DETAIL_PREPOSITIONS,
    HOUR_WORDS,
    LEAVES,
    MAIN_UNITS,
    METRIC_WORDS,
    MINUTE_WORDS,
    NEGATIVE_AFTER,
    NEGATIVE_BEFORE,
    OBJECT_PRONOUNS,
    OR_WORDS,
    RESTATING_VERBS,
    RESTATING_WORDS,
    RESULT_VERBS,
    SCALE_ABBREVIATIONS,
    SCALE_WORDS,
    SMALL_NUMBER_WORDS,
    SUB_UNITS,
    THAT_IS,
    THEREFORE,
    THEREFORE_EN,
    UNIT_JOINS,
    WORDS_CONCLUDE,
    either,
)
from grpo_cli.verify.numbers import CJK_NUMERALS, NUMBER_RE, closing_words, english_words, words_number
from grpo_cli.verify.region import (
    symbols_end,
)
from grpo_cli.verify.sources import (
    NOT_CURRENCY,
    SENTENCE_END,
    phrase_matches,
)

WORKING = re.compile(r"[÷×*/+]\s*\$?[0-9]")  # 'So she fills 144 ÷ 12 boxes.' is a step, not a statement


def last_number_span(text: str) -> str | None:
    """The number a text ends on: its last number, unless that sits in a detail trailing the concluding sentence
    ('So, there are 4 stalls with 8 cows.' is 4; see `concluding`)."""
    numbers = list(NUMBER_RE.finditer(text))
    words = _WORDS_CONCLUSION.search(text, max(numbers[-1].end() if numbers else 0, len(text) - 300))
    said = words and (
        words.group(1)
        or words.group(3)
        or next((g for g in (words.group(2), words.group(5)) if g and not _WORDS_DETAIL.search(g)), None)
    )
    if said and words is not None and words.group(4) and english_words(said) is not None:  # (said: words matched)
        said = None  # English 'also' ('She also has two cats.') concludes nothing; German 'also' ('so') does
    if said and (bold := re.search(r"\*\*([^*\n]{1,60})\*\*", said)) and words_number(bold.group(1)) is not None:
        said = bold.group(1)  # 'So after filling the four bags, Sam is left with exactly **one dozen** cookies'
    if said and (value := words_number(said)) is not None and value.value != 1:
        return said  # '5 x 9 = 45 oranges. So Jo has thirty-five oranges.' concludes thirty-five
    closing = closing_number_words(text, numbers[-1].end() if numbers else 0)
    if closing is not None:
        return closing  # '... used 18, leaving **three and a half dozen** eggs.', '7 ÷ 2 pizzas, which is three and a half'
    found = concluding(text, numbers)
    if found is None:
        return None
    sentence = max(
        (m.end() for m in SENTENCE_END.finditer(text, max(0, found.start() - 300), found.start())), default=0
    )
    spans = list(BOLD.finditer(text, sentence))
    bold_numbers = [m for m in spans if NUMBER_RE.search(m.group(1))]
    nothing = [m for m in spans if m.group(1).strip().lower() in ("none", "nothing", "zero")]
    if not bold_numbers and len(nothing) == 1:
        return "0"  # 'She has **none** left — all 36 cookies were eaten.'
    if len(bold_numbers) == 1 and not bold_numbers[0].start() <= found.start() < bold_numbers[0].end():
        # 'Ana vai juntar **R$ 420** em 12 semanas.': the bold value is what the sentence states
        span = bold_numbers[0]
        found = next(n for n in numbers if span.start() <= n.start() < span.end())
    if _RANGE_BEFORE.search(text, max(0, found.start() - 40), found.start()):
        return None  # a range or a hedge is no single answer
    if _EITHER.search(text, sentence, found.end()):
        return None  # 'either 10 or 11 vans — 10 if ..., 11 otherwise'
    if _RATIO.match(text, found.end()) or _RATIO_BEFORE.search(text, max(0, found.start() - 12), found.start()):
        return None  # '1:44:2', a ratio or a time of day: no single number
    if HEDGED.search(text, found.end()):
        return None  # "You'd need **12 buses** — or 13 if you want to leave room for the teachers."
    before = _NUMBER_BEFORE.search(text, max(0, found.start() - 40), found.start())
    if before is None and re.fullmatch(r"[0-9]{3}(?:\.[0-9]+)?", found.group(0)):  # (the last group: decimals)
        before = _GROUPS_BEFORE.search(text, max(0, found.start() - 40), found.start())
    after = _NUMBER_AFTER.match(text, found.end())
    return text[before.start() if before else found.start() : after.end() if after else found.end()]


_CJK_CLOSING = re.compile("(" + CJK_NUMERALS + "{2,})[^\\W\\d_]?$")

_CLOSING_TAIL = re.compile(r"[^.!?\n0-9*]{0,60}?[.!?]?\s*")

_DETAIL_BEFORE = re.compile(r"(?i)\b(?:" + DETAIL_PREPOSITIONS + r"|of)\s+(?:the\s+|his\s+|her\s+|their\s+|its\s+)?$")


def closing_number_words(text: str, start: int) -> str | None:
    """Number words the last sentence ends on, after the last digit of the text (`numbers.closing_words`): in bold
    ('Dividing the wall area by her daily rate (525 ÷ 150), it takes her **three and a half days**.') or in the
    sentence of that digit ('Each family gets 7 ÷ 2 pizzas, which is three and a half pizzas.'); not a detail ('with
    **two** friends')."""
    end = symbols_end(text, len(text))
    bold = None
    for bold in BOLD.finditer(text, max(start, end - 300), end):  # noqa: B007 - the last one
        pass
    if bold is not None and _CLOSING_TAIL.fullmatch(text, bold.end(), end):
        if _DETAIL_BEFORE.search(text, max(0, bold.start() - 30), bold.start()):
            return None
        if bold.group(1).strip().lower() in ("none", "nothing"):
            return "0"  # 'She has **none** left — all 36 cookies were eaten.'
        return bold.group(1) if words_number(bold.group(1)) is not None else None
    tail = text[start:end].rstrip(" .!*。")
    tail = tail if start else tail.lstrip()  # no digit: a text after '</think>' opens with its blank line
    if not tail or len(tail) > 200 or SENTENCE_END.search(tail) or not re.search(r"[^\W\d_]", tail):
        return None
    if cjk := _CJK_CLOSING.search(tail):
        return cjk.group(1)  # '每人分到十二点五元': numerals that end the sentence, with at most a measure word after
    return closing_words(tail)


# A last sentence that concludes in number words after the working's digits: 'So Jo has thirty-five oranges.'
# ... or says so in another language: 'es decir, tres horas y media', 'arbeitet Sara also acht Stunden pro Tag'
# (German 'also' is 'so'; it is read only before number words that are not English).
_CONCLUDES_ELSEWHERE = either(CONCLUDES_IN_WORDS)

_WORDS_CONCLUSION = re.compile(
    r"(?i)(?:[.!?]\s+|\n|,\s+(?=(?:"
    + THEREFORE_EN
    + r")\b))\s*(?:\*\*)?((?:"
    + either(THEREFORE["en"], WORDS_CONCLUDE)
    + r")\b[^.!?\n0-9]{0,200})[.!?]?(?:\*\*)?\s*$"
    r"|\n[ \t]*\n?[ \t]*([^.!?\n0-9]{1,120})(?:\*\*)?[.!?]?(?:\*\*)?\s*$"  # or a last line of its own: 'The marathon lasts three and a half hours.'
    r"|(?:\b(?:" + either(RESULT_VERBS) + r")\b|=|→|⇒)"
    r"\s+([^.!?\n0-9]{1,120})[.!?]?(?:\*\*)?\s*$"  # '... row of 7 gives forty-two chairs.'
    r"|\b(?:therefore|thus|hence|" + _CONCLUDES_ELSEWHERE + r"|(also))\b([^.!?\n0-9]{1,120})[.!?]?(?:\*\*)?\s*$"
)

# Number words in a detail ('He will share them with two friends.'): not a conclusion in words.
_WORDS_DETAIL = re.compile(
    r"(?i)\b(?:" + DETAIL_PREPOSITIONS + r")\s+(?:the\s+|his\s+|her\s+|their\s+|its\s+)?"
    r"(?:" + either(SMALL_NUMBER_WORDS) + r")\b"
)

# What belongs to the number a text ends on, read with it by the task's number reader: '3 3/4', '15/4',
# '7 dollars and 5 cents', '$2.4 billion', '25 percent' (also 0.25), '3 degrees below zero' (-3).
_NUMBER_BEFORE = re.compile(
    r"(?i)(?:(?<![0-9.,])[0-9]+\s+)?(?<![0-9.,])[0-9]+\s*/\s*$|(?<![0-9.,])[0-9]+\s*(?:"
    + MAIN_UNITS
    + r"|"
    + HOUR_WORDS
    + r")\s*"
    r"(?:(?:" + UNIT_JOINS + r")\s*)?$"
    r"|(?<![0-9.,])[0-9]+(?:\.[0-9]+)?\s*(?:[x×*·]|\\times|\\cdot)\s*10\s*\^\s*\{?$"  # 3 × 10^6
    r"|\b(?:" + either(NEGATIVE_BEFORE) + r")\s+\$?\s*$"  # a loss of $3
    r"|(?<![0-9])-\s*\\?\$\s*$"  # -$35
)

_GROUPS_BEFORE = re.compile(r"(?<![0-9.,])[0-9]{1,3}(?: [0-9]{3})* $")  # 12 500: a space between thousands groups

_NUMBER_AFTER = re.compile(
    r"(?i)\s*/\s*[0-9]+(?![0-9.])|\s*(?:"
    + SUB_UNITS
    + r"|"
    + MINUTE_WORDS
    + r")(?![A-Za-z])|\s*hours?\b|\s*(?:"
    + SCALE_WORDS
    + r")\b|"
    + SCALE_ABBREVIATIONS
    + r"|[eE][-+]?[0-9]{1,4}(?![0-9A-Za-z])"
    r"|\s?(?:\\?%|percent\b|per cent\b)|"
    + BELOW_ZERO
    + "|"
    + BELOW_SURFACE
    + r"|\s*(?:(?:"
    + MAIN_UNITS
    + r")\s*)?(?:"
    + either(NEGATIVE_AFTER)
    + r")\b"  # '$25 in the red', '80 Euro im Minus'
    + r"|\s*(?:"
    + METRIC_WORDS
    + r")(?![\w/²³])(?!\s*(?:per|below|under|an?\s+hour)\b)"  # '0.45 meters', not '15 m below'
)

_RATIO = re.compile(r":[0-9]")

_RATIO_BEFORE = re.compile(r"[0-9]:$")

_EITHER = re.compile(r"(?i)\beither\s+\$?[0-9][0-9,.]*\s+(?:[a-z]+\s+)?or\s+\$?[0-9]")

_RANGE_BEFORE = re.compile(
    r"(?i)(?<=[0-9])(?:-|–|\s–\s)$|\b(?:" + either(BETWEEN) + r")\s+\$?[0-9][0-9,.]*\s+"
    r"(?:and|y|et|und|e|en|и|до)\s+\$?$|(?<![0-9.,])\$?[0-9][0-9,.]*\s+(?:" + OR_WORDS + r"|o)\s+\$?$"
    r"|\b(?:" + either(ABOUT) + r")\s+\$?[0-9][0-9,.]*\s+to\s+\$?$"  # 'about 9 to 10 shelves'
    r"|(?<![0-9.,])[0-9][0-9,.]*\s*[^\s0-9]{0,2}\s*(?:か|或者?|または|또는)\s*$"  # '12個か13個'
)  # '3-4 days', 'between 9 and 10', 'either 14 or 15 buses': a range or a hedge

_MATH_CLOSE = re.compile(r"\$(?!\s?[0-9])|\\[)\]]")  # a '$' before a number is a currency sign

# A detail that trails a concluding sentence after its answer: 'there are 4 stalls | with 8 cows', '10 ways | to put
# 5 balls into two boxes', 'makes $18 every day at the market|, selling 9 eggs', 'walked 26 minutes | in 8 hours',
# 'will have $210 saved | by the end of week 3'.
_DETAIL = re.compile(
    r"(?i)(?:,\s*[a-z]+ing|\s(?:" + either(DETAIL_OPENERS) + r"|for\s+(?:each|every)|to\s+(?!the\b)[a-z]{2,}"
    r"|(?:by|at)\s+the\s+(?:end|start|beginning)\s+of|at\s+(?=[0-9]{1,2}(?::[0-9]{2})?\s*(?:a\.?m\b|p\.?m\b|o'clock))))\b"
    r"|[,，]\s*比(?=\S)"  # '所以农夫最后有87只羊，比原来多了27只' (a comparison after the answer)
)

_LEFT = re.compile(r"(?i)\b(?:" + LEAVES + r")(?:\s+(?:" + OBJECT_PRONOUNS + r"))?$")

# ... unless the tail states something itself ('3 packs with 12 pencils each, so he has 36', 'multiply 5 by 3 to get
# 15', 'in math and 90 in science'): then the last number stays the answer.
# A clause that says what the value means, restating it: the value is the one before it.
_MEANING = re.compile(
    r"(?i),\s*(?:meaning|which\s+means|i\.\s?e\.)\s"  # or compares it: ', which is less than her allowance of $20'
    r"|,\s*(?:which|that)\s+is\s+(?:[\w$.]+\s+){0,3}?(?:" + COMPARATIVES + r")\s+than\b"
)

_RESTATES = re.compile(
    r"(?i)(?:[=:;]|,(?!\s*[a-z]+ing\b)|\b(?:" + either(RESTATING_WORDS) + r")\b)"
    r"\s*(?:[A-Za-z']+\s+){0,3}?\$?-?[0-9]"  # ... with a number of its own (', which is the number of ways to' has none)
)

_VALUE_REGION = re.compile(r"\$\s*-?[0-9][0-9,.]*(?:\s*(?:\\times|\\cdot|×)\s*10\^\{?-?[0-9]+\}?)?\s*\$")


def concluding(text: str, numbers: list[re.Match]) -> re.Match | None:
    """Of `numbers` (matches in `text`, in order), the one the text concludes with: the last one, or, when the
    last sentence goes on past its first number into a trailing detail that holds the rest of its numbers and
    states nothing itself, the last number before that detail. Linear in the sentence."""
    if not numbers:
        return None
    last = numbers[-1]
    window = max(0, last.start() - 400)
    start = max((m.end() for m in SENTENCE_END.finditer(text, window, last.start())), default=window)
    # the sentence's prose only: a number inside math before it is not the answer a detail trails (but a region that
    # only holds a value is prose: 'The factory makes $4.5 \times 10^{4}$ bolts in 30 days.')
    prose = _VALUE_REGION.sub(lambda m: " " + m.group(0)[1:-1] + " ", text[start : last.start()])
    start += max((m.end() for m in _MATH_CLOSE.finditer(prose)), default=0)
    first = next(m for m in numbers if m.start() >= start or m is last)
    if first is last:
        return last
    meaning = _MEANING.search(text, first.end(), last.end() + 60)
    if (
        meaning is not None and meaning.start() < last.start()
    ):  # 'is -$35, meaning his account is overdrawn by $35': the value before it
        return [m for m in numbers if start <= m.start() and m.end() <= meaning.start()][-1]
    detail = _DETAIL.search(text, first.end(), last.end() + 8)  # (past the number: 'at 10 a.m.' looks at it)
    while detail is not None and detail.group(0).strip().lower() == "with" and _LEFT.search(text, 0, detail.start()):
        detail = _DETAIL.search(text, detail.end(), last.end() + 8)  # 'which leaves her with 14 of them' restates
    if detail is None or detail.start() >= last.start() or _RESTATES.search(text, detail.start() + 1, last.end()):
        return last
    before = [m for m in numbers if start <= m.start() and m.end() <= detail.start()]
    return before[-1] if before else last


BOLD = re.compile(r"\*\*([^*\n]{1,40})\*\*")

_ASIDE_END = re.compile(
    r"\s+\("
    + NOT_ANOTHER_ANSWER
    + r"(?:(?=[^()]{0,300}[A-Za-z]{2,})[^()]{0,300}|[0-9.,]+(?:\s*[-+×*/÷x]\s*[0-9.,]+)+)\)"
    r"\s*[.!]?\s*$"
)

# A clause after the value that does something else with it: 'Thus $f(3) = 11$, which uses nothing more than
# substituting $x = 3$ into $3x + 2$.' (not ', which is 11').
_WHICH = r",\s*which\s+(?!" + RESTATING_VERBS + r")[a-z]+\b"

_DECIMAL_POINT = r"(?<=[0-9])\.(?=[0-9])"

# Two readings of '$', one pattern each (a pattern that tried both at every '$' would backtrack exponentially): math
# delimiters where some '$' does not stand before a number, else currency signs (', which at $12.50 per week is
# about 4 more weeks').
_WHICH_CLAUSE = re.compile(
    _WHICH + r"(?:[^.!?\n$]|" + _DECIMAL_POINT + r")*(?:\$[^$\n]*\$(?:[^.!?\n$]|" + _DECIMAL_POINT + r")*)*[.!]?\s*$"
)

_WHICH_CLAUSE_MONEY = re.compile(_WHICH + r"(?:[^.!?\n$]|\$(?=\s?[0-9])|" + _DECIMAL_POINT + r")*[.!]?\s*$")


def trailing_aside(text: str) -> str:
    which = _WHICH_CLAUSE if NOT_CURRENCY.search(text, max(0, len(text) - 400)) else _WHICH_CLAUSE_MONEY
    for pattern in (_ASIDE_END, which):
        found = pattern.search(text, max(0, len(text) - 400))
        if found is not None:
            start = max((m.end() for m in SENTENCE_END.finditer(text, max(0, found.start() - 300), found.start())),
                        default=max(0, found.start() - 300))  # fmt: skip
            if re.search(r"[0-9]|\*\*", text[start : found.start()]):  # a value stands before it in its sentence
                text = text[: found.start()] + "."
    return text


# The values a bold count enumerates after a colon: '60 has **a dozen** positive divisors: 1, 2, 3, ..., 60.'
_ENUMERATION = re.compile(r":\s*(?:-?[0-9][0-9./]*\s*,\s*){2,}(?:and\s+)?-?[0-9][0-9./]*\s*\.?\s*$")


def without_enumeration(text: str) -> str:
    """The text without a list its last line enumerates after a bold count (the count is the answer)."""
    found = _ENUMERATION.search(text, max(0, len(text) - 400))
    if found is None or "**" not in text[text.rfind("\n", 0, found.start()) + 1 : found.start()]:
        return text
    return text[: found.start()].rstrip() + "."


# A completion that ends on an empty statement ('The final answer is \boxed{}.') stated no answer: the numbers of
# its working are not read in its place.
_DECLINED = re.compile(r"(?i)(?:\\(?:boxed|fbox)\s*\{\s*\}|<answer>\s*</answer>|\banswer\s*(?:is\b\s*:?|:))[\s.$*]*$")

_NOTHING_AFTER = re.compile(r"[\s.$*:]*")


def declined(tail: str) -> bool:
    """The text ends on an empty statement: an empty box or tag, or an answer phrase in any language with nothing
    after it ('The final answer is:', 'La respuesta final es:', 'Die endgültige Antwort ist:')."""
    if _DECLINED.search(tail):
        return True
    last = phrase_matches(tail)[-1:]
    return bool(last) and _NOTHING_AFTER.fullmatch(tail, last[0].end()) is not None


# What follows the value a text ends on without being an answer (the fallbacks drop it): where an extremum is
# attained ('the minimum value is 3, attained at x = 1.') and an aside that restates the value in another form
# ('the probability is 1/2 (equivalently 0.5, or 50%).'). A number must stand before it in its sentence.
AFTER_VALUE = re.compile(
    r"(?i)(?<=[0-9$πi}*])(?:,?\s*(?:(?:which\s+is\s+|that\s+is\s+)?(?:"
    + either(ATTAINED)
    + r")\s+)?(?:at|when|where)\s+\$?[a-z]\s*=\s*-?[0-9]+(?:[./][0-9]+)?\$?"
    r"|\s*\((?:" + either(THAT_IS) + r")[^()]*\))"
    r"\s*[.!]?\s*$"
    # '... in total. (She had $100, so ...)', but not '(If it runs on weekdays only, that would be 700.)'
    r"|(?<=[.!?])\s*\(" + NOT_ANOTHER_ANSWER + r"[^()]{0,300}\)\s*$"
    # '**24.5 liters** — call it about 25 liters if you're rounding up': the exact value stands
    r"|(?<=[0-9*])[^.\n0-9]{0,30}?\s[—–]\s*(?:call\s+it|that'?s|or|so)?\s*(?:about|roughly|approximately|around|nearly|almost)\b"
    r"[^.\n]*[.!]?\s*$"
)
