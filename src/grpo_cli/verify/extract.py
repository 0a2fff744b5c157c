r"""Where the final answer is in a completion.

Sources, in priority order (the first that yields a non-empty span wins, wherever it sits in the text); 1-4 are
read by `sources.py`, in the part of the text `region.py` keeps, with the words of `lexicon.py`:

1. the last complete `<answer>...</answer>`;
2. the last brace-matched `\boxed{...}` (or `\fbox{...}`, or `\boxed 5`);
3. the last `#### ...` line (GSM8K's own format);
4. the last "answer is ..." / "Final answer: ..." phrase (also in es, fr, de, it, pt, nl, ru, zh, ja);
5. flexible mode only, and only for a completion that finished (not cut off at the token limit): the last number
   in the text (gsm8k), or the last LaTeX region unless a number comes after it (math).

So `#### 72 ... took 3 steps` reads 72: the `####` line outranks later numbers. A final- or correct-answer statement
after the tag, box or `####` line is what the model finally committed to and wins over it; a second answer offered
with the statement (a hedge, a box per reading, a loop of two answers, a box after the tag that states another
value, two different `####` lines in a row) leaves none; a few-shot run-on is read up to the question the model
made up. Every scan here is linear in the text (regexes without nested quantifiers, one pass of brace matching),
and completions longer than `MAX_SCAN` characters are only searched in their last `MAX_SCAN` characters for
sources 2-5, so a 1 MB completion costs a few milliseconds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from grpo_cli.verify.lexicon import (
    ABOUT,
    ALL_REALS_ELSEWHERE,
    AND_WORDS,
    ANSWER_KINDS,
    ATTAINED,
    BECAUSE,
    BELOW_SURFACE,
    BELOW_ZERO,
    BETWEEN,
    BREAKDOWN,
    CJK_ENDING,
    CJK_FINAL_COPULAS,
    COMPARATIVES,
    COMPARED_VERBS,
    COMPARED_WORDS,
    CONCLUDE_EN,
    CONCLUDES_IN_WORDS,
    COPULAS_ELSEWHERE,
    COPULAS_EN,
    COPULAS_MORE,
    COPULAS_ON,
    COPULAS_THEN,
    DEFERRALS,
    DETAIL_OPENERS,
    DETAIL_PREPOSITIONS,
    EXCEPT,
    EXCLUDING,
    FINAL_ADJECTIVES,
    HOUR_WORDS,
    IF_ASIDE_WORDS,
    IF_WORDS,
    LEAVES,
    MAIN_UNITS,
    METRIC_WORDS,
    MINUTE_WORDS,
    MORE_LIKELY,
    NEGATED_WORDS,
    NEGATIVE_AFTER,
    NEGATIVE_BEFORE,
    NEXT_ASSIGNMENT,
    NO_SOLUTION,
    NO_SOLUTION_ELSEWHERE,
    NOT_SUBJECTS,
    OBJECT_PRONOUNS,
    OR_WORDS,
    OTHER_VALUE_OPENERS,
    PERHAPS,
    PLAUSIBLE,
    PRONOUNS,
    RESTATED_AS,
    RESTATING_VERBS,
    RESTATING_WORDS,
    RESULT_NOUNS,
    RESULT_VERBS,
    RETRACTIONS,
    SCALE_ABBREVIATIONS,
    SCALE_WORDS,
    SMALL_NUMBER_WORDS,
    STEP_WORDS,
    SUB_UNITS,
    SUBJECT_VERBS,
    THAT_IS,
    THEREFORE,
    THEREFORE_EN,
    THOUGH,
    TOTAL_ROW,
    UNIT_JOINS,
    WORD_MEANINGS,
    WORDS_CONCLUDE,
    WOULD,
    WOULD_VERBS,
    either,
)
from grpo_cli.verify.numbers import CJK_NUMERALS, NUMBER_RE, closing_words, english_words, words_number
from grpo_cli.verify.region import (
    CHECK,
    CONCLUDES_AGAIN,
    TRAILER,
    own_problem,
    symbols_end,
    unmarked,
    without_note,
    without_sign_off,
    without_trailers,
)
from grpo_cli.verify.sources import (
    CLOSE_TAG,
    MATH_SPAN,
    MAX_SCAN,
    NOT_CURRENCY,
    PHRASE,
    PHRASE_WORDS,
    REGION_GAP,
    SCALE_WORD,
    SENTENCE_END,
    boxed_answer,
    boxes,
    hashes_span,
    last_tag,
    phrase_matches,
    phrase_span,
    phrase_value,
    repeated_hashes,
    two_hashes,
    two_readings,
    two_tags,
)
from grpo_cli.verify.text import word_meaning

_STATEMENT = re.compile(r"[^=\n.!?]{0,160}[0-9](?:[^=\n.!?]|\.(?=[0-9])){0,80}[.!]")  # one sentence, no working
_WORKING = re.compile(r"[÷×*/+]\s*\$?[0-9]")  # 'So she fills 144 ÷ 12 boxes.' is a step, not a statement
_BOLD_VALUE = re.compile(r"\*\*[^*\n]{0,40}[0-9][^*\n]{0,40}\*\*")
_REREADING = re.compile(
    r"(?i)\n\s*\n\W*(?:note\W*)?if\b[^\n]{0,200}?\b(?:meant|means|mean|interpret\w*|read(?:ing)?\s+(?:it\s+)?as|wording"
    r"|the\s+question|the\s+problem|refers?\s+to)\b[^\n]{0,200}?\bwould\b[^\n]{0,120}$"
)


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
    if said and words.group(4) and english_words(said) is not None:
        said = None  # English 'also' ('She also has two cats.') concludes nothing; German 'also' ('so') does
    if said and (bold := re.search(r"\*\*([^*\n]{1,60})\*\*", said)) and words_number(bold.group(1)) is not None:
        said = bold.group(1)  # 'So after filling the four bags, Sam is left with exactly **one dozen** cookies'
    if said and (value := words_number(said)) is not None and value.value != 1:
        return said  # '5 x 9 = 45 oranges. So Jo has thirty-five oranges.' concludes thirty-five
    closing = _closing_words(text, numbers[-1].end() if numbers else 0)
    if closing is not None:
        return closing  # '... used 18, leaving **three and a half dozen** eggs.', '7 ÷ 2 pizzas, which is three and a half'
    found = concluding(text, numbers)
    if found is None:
        return None
    sentence = max(
        (m.end() for m in SENTENCE_END.finditer(text, max(0, found.start() - 300), found.start())), default=0
    )
    spans = list(_BOLD.finditer(text, sentence))
    bold = [m for m in spans if NUMBER_RE.search(m.group(1))]
    nothing = [m for m in spans if m.group(1).strip().lower() in ("none", "nothing", "zero")]
    if not bold and len(nothing) == 1:
        return "0"  # 'She has **none** left — all 36 cookies were eaten.'
    if len(bold) == 1 and not bold[0].start() <= found.start() < bold[0].end():
        # 'Ana vai juntar **R$ 420** em 12 semanas.': the bold value is what the sentence states
        found = next(n for n in numbers if bold[0].start() <= n.start() < bold[0].end())
    if _RANGE_BEFORE.search(text, max(0, found.start() - 40), found.start()):
        return None  # a range or a hedge is no single answer
    if _EITHER.search(text, sentence, found.end()):
        return None  # 'either 10 or 11 vans — 10 if ..., 11 otherwise'
    if _RATIO.match(text, found.end()) or _RATIO_BEFORE.search(text, max(0, found.start() - 12), found.start()):
        return None  # '1:44:2', a ratio or a time of day: no single number
    if _HEDGED.search(text, found.end()):
        return None  # "You'd need **12 buses** — or 13 if you want to leave room for the teachers."
    before = _NUMBER_BEFORE.search(text, max(0, found.start() - 40), found.start())
    if before is None and re.fullmatch(r"[0-9]{3}", found.group(0)):
        before = _GROUPS_BEFORE.search(text, max(0, found.start() - 40), found.start())
    after = _NUMBER_AFTER.match(text, found.end())
    return text[before.start() if before else found.start() : after.end() if after else found.end()]


_CJK_CLOSING = re.compile("(" + CJK_NUMERALS + "{2,})[^\\W\\d_]?$")
_CLOSING_TAIL = re.compile(r"[^.!?\n0-9*]{0,60}?[.!?]?\s*")
_DETAIL_BEFORE = re.compile(r"(?i)\b(?:" + DETAIL_PREPOSITIONS + r"|of)\s+(?:the\s+|his\s+|her\s+|their\s+|its\s+)?$")


def _closing_words(text: str, start: int) -> str | None:
    """Number words the last sentence ends on, after the last digit of the text (`numbers.closing_words`): in bold
    ('Dividing the wall area by her daily rate (525 ÷ 150), it takes her **three and a half days**.') or in the
    sentence of that digit ('Each family gets 7 ÷ 2 pizzas, which is three and a half pizzas.'); not a detail ('with
    **two** friends')."""
    end = symbols_end(text, len(text))
    bold = None
    for bold in _BOLD.finditer(text, max(start, end - 300), end):  # noqa: B007 - the last one
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


# A plain value in prose: 12, -3, 1,000, 2.5, 3/4, 75%, 6!, 4.5E-4, and a power '3^4' as one value (never its base
# alone).
_PLAIN_NUMBER = (
    r"(?<![0-9A-Za-z)\].,])-?(?:[0-9]{1,3}(?: [0-9]{3})+(?![0-9]|[./][0-9])"  # '5 050': a space between thousands groups
    r"|(?:[0-9]+ (?=[0-9]+/[0-9]))?[0-9](?:[0-9]|,(?=[0-9]))*(?:\.[0-9]+)?)"  # '3 1/2' is one value
)
_PLAIN_VALUE = re.compile(
    _PLAIN_NUMBER + r"(?:\s*/\s*[0-9]+(?:\.[0-9]+)?|\^\{?-?[0-9]+\}?|[eE][-+]?[0-9]{1,4}"
    r"|\s*(?:[×*·]|\\times|\\cdot)\s*10\s*\^\s*\{?-?[0-9]+\}?)?"  # '1.2·10^5' is one value
    r"(?::[0-9]+)*(?:\s?%|!(?!=))?(?![0-9])"  # '1:2', a ratio
)


def last_math_span(text: str) -> str | None:
    """Flexible mode, math task: the last $...$ / \\(...\\) / \\[...\\] region (joined with the regions before it
    in the same sentence when only 'and' / 'or' / commas stand between them), unless a plain number comes after it;
    a completion that is only a short answer ('1/2', '$x=5$') is itself the answer."""
    stripped = text.strip()
    if re.fullmatch(r"[A-Za-z]{2,20}", stripped):
        return stripped  # a completion that is one word: 'CIRCLE'
    words = re.sub(r"\\[A-Za-z]+", " ", MATH_SPAN.sub(" ", NEXT_ASSIGNMENT.sub(", ", stripped)))
    if len(stripped) <= 200 and not re.search(r"[^\W\d_]{3,}", words):  # no word in any script
        lines = [line.strip() for line in stripped.split("\n") if line.strip()]
        if (option := _picked_option(lines)) is not None:
            return option  # '**(A)** $\\sqrt{5}$'
        if (bold := _closing_bold(stripped)) is not None:
            return bold  # '$= $ **3.2e-4**', '12 → **B**'

        if len(lines) > 1:
            stripped = lines[-1]  # '$2x - 3 = 4$ / $2x = 7$ / $x = 3\frac{1}{2}$', a step a line: the last
            if stripped.startswith("=") and stripped.count("=") == 1:
                return stripped[1:].strip().rstrip(".")  # '(2 - i)^2 = 4 - 4i - 1 / = -4i + 3'
        regions = math_regions(stripped)
        roots = _closing_roots(MATH_SPAN.sub(" ", stripped) if regions else stripped)
        if roots is not None:
            return roots  # 'So x = 5 or x = -2.', '$(2x-1)(x+3)=0$, so x = -3, x = 0.5'
        if not regions and stripped.count("=") >= 2 and not re.search(r"(?i)[<>≤≥,;]|or|and", stripped):
            return stripped.rsplit("=", 1)[1].strip().rstrip(".")  # a chain 'A = B = C' states C
        spans = list(MATH_SPAN.finditer(stripped))
        gaps = [REGION_GAP.fullmatch(stripped, a.end(), b.start()) for a, b in zip(spans, spans[1:], strict=False)]
        if not all(gaps):
            if gaps[
                -1
            ]:  # '... = 0$, so $x = 5$ or $x = -2$': the last regions, joined as the general reader joins them
                return _joined_regions(text, [r for r in MATH_SPAN.finditer(text)])
            return regions[-1].strip()  # '$100 = 2 \\cdot 49 + 2$, so $100_{10} = 202_7$': the last one
        return ", ".join(r.strip() for r in regions) if regions else stripped
    final = _final_statement(stripped)
    if final is not None:
        return final
    bold = _closing_bold(stripped)
    if bold is not None:
        return bold
    digits = [m.end() for m in _PLAIN_VALUE.finditer(stripped, max(0, len(stripped) - 300))]
    last = max(digits, default=0)
    if not any(m.end() > last for m in MATH_SPAN.finditer(stripped, max(0, len(stripped) - 300))):
        words = _closing_words(stripped, last)  # '**36 has nine positive divisors.**'
        if words is not None and (value := words_number(words)) is not None:
            return value.canonical()
    # a region that only names the unknown ('... is 12, and no smaller one works since squares grow with $n$.') is
    # not a value
    regions = [r for r in MATH_SPAN.finditer(text) if not re.fullmatch(r"\s*[A-Za-z]\s*", _region_text(r))]
    plain = [
        m
        for m in _PLAIN_VALUE.finditer(text)
        if not text[max(0, m.start() - 2) : m.start()].endswith(("^", "^{", "_", "_{"))  # not an exponent (m^{2})
    ]
    number = concluding(text, plain)
    if not regions or (number is not None and number.start() >= regions[-1].end()):
        return number.group(0) if number is not None else None
    return _joined_regions(text, regions)


def _joined_regions(text: str, regions: list[re.Match]) -> str:
    """The last math region, joined with those before it that only 'and' / 'or' / commas separate from it and that
    state the same kind of thing (two roots of x, the coordinates of a point)."""
    parts = [_region_text(regions[-1])]
    for region in reversed(regions[:-1]):
        gap = text[region.end() : regions[-len(parts)].start()]
        earlier = _region_text(region)
        if _EXCLUDING.fullmatch(gap) and _NOT_EQUAL.search(parts[0]) and _BOUND_SIGN.search(earlier):
            parts.insert(0, earlier)  # 'all $x \ge 3$ with $x \ne 5$': the interval without a point
            break
        if not REGION_GAP.fullmatch(gap):
            break
        if _lhs(earlier) is not None and _lhs(parts[0]) is None and parts[0].startswith("("):
            value = earlier.split("=", 1)[1].strip()
            if value.startswith("("):  # '$(x,y) = (3,2)$ and $(2,3)$': two points
                parts.insert(0, value)
            break
        names = [_lhs(p) for p in (earlier, *parts)]
        if all(n is not None and re.fullmatch(r"[A-Za-z]", n) for n in names) and len(set(names)) == len(names):
            parts.insert(0, earlier)  # '$x = 2$ and $y = -1$': the point, one coordinate each
            continue
        if _lhs(earlier) != _lhs(parts[0]):
            break  # '$c^2 = 25$ and $c = 5$' states one value; '$x = 2$ and $x = 3$' states two
        parts.insert(0, earlier)
    return ", ".join(parts)


# What may follow a closing value: a full stop, a Japanese or Korean copula ('解は **x = 4, x = −½** です。').
_AFTER_CLOSING = re.compile(r"[\s.!。！]*(?:" + CJK_FINAL_COPULAS + r")?[\s.!。！]*")


def _closing_bold(text: str) -> str | None:
    """The values a text closes on in bold, with no math of their own: '**4.5 × 10^{2}**', 'The curves meet at
    **(2, 4)** and **(−1, 1)**.' (joined as a list, the way `last_math_span` joins regions). A chat writes its answer
    in bold as a LaTeX writer puts it in $...$. None when the text goes on after its last bold, or a bold part holds
    words (a unit: '**42 square units**' is the number reader's)."""
    end = symbols_end(text, len(text))
    spans = list(_BOLD.finditer(text, max(0, end - 300), end))
    if not spans or not _AFTER_CLOSING.fullmatch(text, spans[-1].end(), end):
        return None
    parts = [spans[-1]]
    for earlier in reversed(spans[:-1]):
        if not REGION_GAP.fullmatch(text, earlier.end(), parts[0].start()):
            break
        parts.insert(0, earlier)
    if len(parts) == 1 and (letter := _CHOICE.fullmatch(parts[0].group(1).strip())):
        return f"({letter.group(1)})"  # '15% of 80 = 12 → **B**'
    if any(re.search(r"[$\\]|[^\W\d_]{3,}", p.group(1)) for p in parts):
        return None  # '**Solution: x = 2, y = −1**' is the statement reader's
    values = [_closing_value(p.group(1)) for p in parts]
    if any(not re.search(r"[0-9]", v) for v in values):
        return None
    return ", ".join(values)


_EXCLUDING = re.compile(r"(?i)\s*,?\s*(?:" + EXCLUDING + r")\s*")
_NOT_EQUAL = re.compile(r"\\neq?(?![A-Za-z])|≠")
_BOUND_SIGN = re.compile(r"\\(?:ge|le|geq|leq|gt|lt)(?![A-Za-z])|[<>≤≥]")


def _closing_value(bold: str) -> str:
    """A bold value's last side: 'P = 8/36 ≈ 0.222' states 0.222 and '∠A = 80°' 80° ('x = 4' stays: a root)."""
    value = bold.strip().rstrip(".,;:")
    value = value.rsplit("≈", 1)[1].strip() if "≈" in value else value
    lhs = value.split("=", 1)[0].strip()
    return value.rsplit("=", 1)[1].strip() if "=" in value and not re.fullmatch(r"[A-Za-z]", lhs) else value


_ROOT_LIST = re.compile(r"(?:[a-z]\s*=\s*-?[0-9][0-9./]*\s*(?:,|,?\s*\b(?:and|or)\b)\s*)+[a-z]\s*=\s*-?[0-9][0-9./]*")


def _closing_roots(text: str) -> str | None:
    """A list of assignments a text ends on ('x = 3, x = 0', 'x = 5 or x = -2.'), without its full stop."""
    roots = _ROOT_LIST.search(text)
    return roots.group(0).rstrip(".") if roots and text[roots.end() :].strip(" .") == "" else None


_NO_SOLUTION = re.compile(r"(?i)" + NO_SOLUTION + "|" + NO_SOLUTION_ELSEWHERE)
_COPULA = re.compile(r"(?i)\b(?:" + COPULAS_EN + r")\b")  # '... belongs to Evelyn.'
_COPULA_ELSEWHERE = re.compile(r"(?i)\b(?:" + COPULAS_ELSEWHERE + "|" + either(COPULAS_MORE) + r")\b")
# What names the kind of value before it: 'The result is the vector (2, 12).'
_KIND = re.compile(r"(?i)^(?:the\s+|an?\s+)?(?:ordered\s+)?(?:" + ANSWER_KINDS + r")\s+")
# A function's parity, as MATH asks it ('Thus $f$ is an odd function.')
_PARITY = re.compile(r"(?i)^(?:an?\s+)?(odd|even|neither)(?:\s+function)?$")
_EQUALS = re.compile(r"(?<![<>!=])=(?!=)")
_LONG_WORD = re.compile(r"(?i)\b(?!(?:" + OR_WORDS + "|" + AND_WORDS + r")\b)[a-z]{3,}")
_NAMED_SET = re.compile(r"(?i)(?:all|every|the set of all)\s+real\s+numbers?|all\s+reals|the\s+empty\s+set|none")
_ALL_REALS = re.compile(r"(?i)(?:" + ALL_REALS_ELSEWHERE + ")")
_CHOICE = re.compile(r"\(?([A-E])\)?")  # 'The correct option is C.'
_CHOICE_FIRST = re.compile(r"\(([A-E])\)\s")
# A last line that opens with the option it picks: 'C) Plane', '**(B)** 12', 'D. 45'.
_CHOICE_LINE = re.compile(r"(?:\*\*)?\(?([A-E])\)(?:\*\*)?\s+\S|(?:\*\*)?([A-E])\.(?:\*\*)?\s+[A-Z0-9$\\(-]")


def _picked_option(lines: list[str]) -> str | None:
    """'(C)' for stripped lines whose last opens with the option it picks ('C) Plane', '**(A)** $\\sqrt{5}$'), unless
    the line before opens with an option too (the last line of a list of options)."""
    choice = _CHOICE_LINE.match(lines[-1]) if lines else None
    if choice is None or len(lines) > 1 and _CHOICE_LINE.match(lines[-2]):
        return None
    return f"({choice.group(1) or choice.group(2)})"


_EXCEPT = re.compile(r"(?i)\b(?:" + EXCEPT + r")\b")
_YES_NO = re.compile(r"(?:\*\*)?(Yes|No)\b(?:\*\*)?\s*[—–,.:;!-]")  # a last paragraph that opens with its verdict
_VERDICT_ELSEWHERE = re.compile(r"\*\*([^\W\d_]{1,8})(?:\*\*\s*[—–,.:;!]|[.!,]\*\*)")  # '**Sim**,', '**Não.**'
_BOLD_VERDICT = re.compile(
    r"(?i)(?:^|\b(?:so|thus|therefore|hence)\s*,?\s*|^[^\n]{0,120}[$0-9a-z],\s*|[.!]\s+)\*\*(yes|no)\*\*(?:[\s,.!—–-]|$)"
)  # 'So **no**, 221 is ...', 'Since $221 = 13 \times 17$, **no**, 221 is not prime.'
_BOLD = re.compile(r"\*\*([^*\n]{1,40})\*\*")
# What makes a value with digits more than a number: π, √, ∞, ∅, a relation, an assignment, a list ('8π', '√3/3',
# '-2 ≤ x ≤ 3', 'x = 2, y = -1', '1, 2').
_SYMBOLIC = re.compile(
    r"[π√∞∅<>≤≥≠]|\\(?:le|ge|leq|geq|ne|neq|sqrt|pi)\b|\b[A-Za-z]\s*=|[0-9],\s|\band\b"
    r"|(?<![A-Za-z])[0-9]*[a-z](?:\^\{?[0-9]+\}?)?\s*[-+]\s*[0-9]|[0-9]\s*[-+]\s*[0-9]*[a-z](?![A-Za-z])"  # '2x^2 + 5x - 3'
)
# Words after a symbolic value that only name its unit: '9π square units', '4√2 cm'.
_UNIT_TAIL = re.compile(r"(?i)(?<=[0-9π√)}])(?:\s+[a-z]+\.?){1,3}$")
# A one-word proper name or weekday after the copula: 'That is Friday.', 'The winner is Evelyn.'
_NAME = re.compile(r"[A-Z][a-z]{2,15}")
# A relation in words ('x is less than -1 or greater than 4', 'x is at least 3'): the symbols say the same thing.
_RELATION_WORDS = (
    (re.compile(r"(?i)\b(?:less\s+than\s+or\s+equal\s+to|at\s+most|no\s+more\s+than)\b"), "≤"),
    (re.compile(r"(?i)\b(?:greater\s+than\s+or\s+equal\s+to|at\s+least|no\s+less\s+than)\b"), "≥"),
    (re.compile(r"(?i)\b(?:less|smaller|lower)\s+than\b"), "<"),
    (re.compile(r"(?i)\b(?:greater|more|larger|bigger|higher)\s+than\b"), ">"),
)
_SUBJECT = re.compile(r"(?i)(?:^|\s)\$?([a-z])\$?\s+(?:is|must\s+be|can\s+be)\s+(?=\S)")
_BOUND = r"\s*([<>≤≥])\s*\$?\s*(-?[0-9]+(?:[./][0-9]+)?)\s*\$?"
_RELATION_VALUE = re.compile(r"(?i)" + _BOUND + r"(?:\s*,?\s+(or|and)\s+(?:(?:it\s+)?is\s+)?" + _BOUND + r")?\s*")
_FLIP = {"<": ">", ">": "<", "≤": "≥", "≥": "≤"}


def _relation_in_words(sentence: str) -> str | None:
    """'Therefore, $x$ is less than $-1$ or greater than $4$.' -> 'x < -1 or x > 4'; 'x is greater than -1 and less
    than 4' -> '-1 < x < 4'. None unless the sentence ends on such a relation."""
    subject = None
    for subject in _SUBJECT.finditer(sentence):  # noqa: B007 - the last one
        pass
    if subject is None:
        return None
    rest = sentence[subject.end() :]
    for pattern, symbol in _RELATION_WORDS:
        rest = pattern.sub(symbol, rest)
    m = _RELATION_VALUE.fullmatch(rest)
    if m is None:
        return None
    var, (op1, a, joint, op2, b) = subject.group(1), m.groups()
    if joint is None:
        return f"{var} {op1} {a}"
    if joint.lower() == "or":
        return f"{var} {op1} {a} or {var} {op2} {b}"
    if op1 in "<≤" or op2 in ">≥":  # 'and' joins a lower bound and an upper one, in that order
        return None
    return f"{a} {_FLIP[op1]} {var} {op2} {b}"


_LAST_WORD = re.compile(r"([^\W\d_]{2,})\W*$")
# 'is' in the languages models answer in, and 'falls on': what puts a weekday or a parity at the end of a sentence
_COPULA_ANY = re.compile(r"(?i)\b(?:" + either(COPULAS_ON, (COPULAS_ELSEWHERE,), COPULAS_THEN) + r")\b")
# A bold name that opens the last sentence and is its subject: '**Carla** is the fastest runner!', 'So **Bob** has the
# higher average.', '**Alice** wins.'
_BOLD_SUBJECT = re.compile(
    r"(?:[^\w\s*]+\s*)?(?i:(?:"
    + either(THEREFORE["en"], ("clearly", "overall"))
    + r"),?\s+)?"  # ('🏃 **Alice** ran faster.')
    r"\*\*(?!(?:" + either(NOT_SUBJECTS) + r")\*)([A-Z][a-z]{1,15})\*\*\s+(?:" + either(SUBJECT_VERBS) + r")\b"
)
_DIGIT = re.compile(r"[0-9]")
_NAME_COMPARED = re.compile(
    r"(?:^|,\s*|\b(?:so|thus|therefore|hence)\s+)([A-Z][a-z]{1,15})\s+(?:"
    + either(COMPARED_VERBS)
    + r")\s+(?:the\s+)?(?:"
    + either(COMPARED_WORDS)
    + r")\b[^0-9$]{0,40}$"
)
_NOT_NAMES = frozenset(PRONOUNS)
_NEGATED = re.compile(r"(?i)\b(?:" + NEGATED_WORDS + r")\b")
_CJK_COPULA = r"(?:是|为|為|は|が|等于|等於)"
_CJK_NAME = re.compile(_CJK_COPULA + r"\s*(?:\*\*)?([A-Z][a-z]{1,15})(?:\*\*)?\s*(?:です)?\s*[。.!！]?\s*$")
_OPTION_BOLD = re.compile(r"(?i)\*\*(?:option|choice)\s*:?\s*\(?([A-E])\)?(?:\s*\([^()]{0,40}\))?\*\*\s*[.!]?\s*$")
_CHOSEN = re.compile(r"(?:选|選|答案为|答案是)\s*\(?([A-E])\)?\s*[。.]?\s*$")  # '故选 C。'
# The reason that follows a verdict word in its sentence: 'is **even**, since ...'
_BECAUSE = re.compile(r"(?i)\s*[,:;—–-]?\s*(?:" + either(BECAUSE) + r")\b")
_DAYS_PARITY = tuple(w for w in WORD_MEANINGS if w not in ("yes", "no", "true", "false"))  # weekdays, odd, even


_ALL_BUT = re.compile(
    r"(?i)\ball\s+real(?:\s+numbers?)?\s*(?:\$?\s*[a-z]\s*\$?\s*)?(?:,\s*)?(?:(?:with|such\s+that|where|but)\s*\$?\s*"
    r"[a-z]\s*(?:\\neq?(?![A-Za-z])|≠)|except\s*\$?\s*(?:[a-z]\s*=)?)"
    + r"\s*(\\pm|±)?\s*(-?[0-9]+(?:[./][0-9]+)?)\s*\$?\s*[.!]?\s*$"
)

_HOLE = r"\s*\$?\s*(?:[a-z]\s*=\s*)?(-?[0-9]+(?:[./][0-9]+)?)\s*\$?\s*"
_ALL_BUT_TWO = re.compile(
    r"(?i)\ball\s+real(?:\s+numbers?)?\s*(?:\$?\s*[a-z]\s*\$?\s*)?,?\s*(?:except|but|other\s+than|excluding)"
    + _HOLE
    + r"(?:,|,?\s*\b(?:and|or)\b)"
    + _HOLE
    + r"[.!]?\s*$"
)


def all_reals(sentence: str) -> bool:
    """A sentence that says a statement holds for all real numbers: 'The inequality holds for **all real numbers**
    $x$.' (not 'all real numbers except 2')."""
    if _NOT_EQUAL.search(sentence):
        return False  # 'all real numbers with $x \\neq 0$' is all but a point (`_ALL_BUT`)
    if _ALL_REALS.search(sentence):
        return True  # 'wszystkie liczby rzeczywiste'
    return bool(
        _NAMED_SET.search(sentence.replace("**", ""))
        and re.search(r"(?i)\ball\b", sentence)
        and not _EXCEPT.search(sentence)
    )


def _final_statement(text: str) -> str | None:
    """A last sentence that states a short value with no math in it after 'is' / 'are' (or, with neither, after its
    last '='): 'The domain is all real numbers.', 'The circumference is 8π.', 'So tan 30° = √3/3.', 'The point is
    x = 2, y = -1.', 'So the solutions are 1 and 2.', 'That is Friday.', '9π square units' (the unit dropped), a
    relation in words ('x is less than -1 or greater than 4'); or 'no solution'. Only a named set, a name, or
    symbols that are more than one number with no words: a sentence that goes on ('there are 10 ways to put 5 balls
    into two boxes') or a plain number is left to the number reader."""
    body = text.rstrip(" \t\n.!")
    if body.endswith("**") and body[:-2].rstrip().endswith((".", "!")):
        body = body[:-2].rstrip(" \t\n.!")  # a closing bold after the stop: '**所以 $f(x)$ 是偶函数. **'
    start = max((m.end() for m in SENTENCE_END.finditer(body, max(0, len(body) - 300))), default=0)
    sentence = body[start:]
    if len(sentence) > 200:
        return None
    for reader in (_named_set, _word_verdict):  # '' from a reader: the sentence states no single value
        if (found := reader(text, sentence)) is not None:
            return found or None
    return _copula_value(sentence)


def _named_set(text: str, sentence: str) -> str | None:
    """'no solution', a relation in words, all real numbers but some points, roots listed in a closing sentence."""
    if _NO_SOLUTION.search(sentence) or re.search(r"(?:\bis|=|:)\s*\\?\{\s*\\?\}\s*(?:\*\*)?$", sentence):
        return "no solution"  # also 'So the solution set is { }.'
    relation = _relation_in_words(sentence)
    if relation is not None:
        return relation
    plain_sentence = sentence.replace("**", "")
    if holes := _ALL_BUT_TWO.search(plain_sentence):
        p, q = sorted(holes.groups(), key=lambda v: Fraction(v))  # 'all real numbers except x = 2 and x = −2'
        return f"(-\\infty,{p})\\cup({p},{q})\\cup({q},\\infty)" if p != q else ""
    if (roots := _closing_roots(plain_sentence)) is not None:
        return roots  # 'x = 3, x = 0, x = -1', '**Solution: x = 2, y = -1**'
    if all_reals(sentence):
        return "all real numbers"  # 'The inequality holds for **all real numbers** $x$.'
    if hole := _ALL_BUT.search(sentence.replace("**", "")):
        # 'The domain is all real numbers with $x \\neq 0$.', 'all real numbers except $x = \\pm 2$'
        c = hole.group(2)
        if hole.group(1) and not c.startswith("-"):
            return f"(-\\infty,-{c})\\cup(-{c},{c})\\cup({c},\\infty)"
        return f"(-\\infty,{c})\\cup({c},\\infty)"
    return None


def _word_verdict(text: str, sentence: str) -> str | None:
    """A yes / no, a weekday, odd / even, a name or a choice letter the last sentence or paragraph states."""
    paragraph = text[max(0, text.rfind("\n\n")) :].strip()
    yes_no = _YES_NO.match(paragraph) or _BOLD_VERDICT.search(paragraph)
    if yes_no:
        return yes_no.group(1)  # 'No — 221 is not prime, since $221 = 13 \\times 17$.'
    verdict = _VERDICT_ELSEWHERE.match(paragraph)
    if verdict and (meaning := word_meaning(verdict.group(1))) in ("yes", "no"):
        return meaning  # '**Sim**, 91 é composto, pois 91 = 7 × 13.'
    if (option := _picked_option([line.strip() for line in paragraph.split("\n")])) is not None:
        return option  # 'C) Plane' (not the last line of a list of options)
    said = _LAST_WORD.search(sentence.replace("**", ""))
    negated = said and _NEGATED.search(sentence.replace("**", ""), 0, said.start())  # '**neither** even nor odd'
    if said and not negated and (meaning := word_meaning(said.group(1))) in _DAYS_PARITY:
        cjk = "\u3040" <= said.group(1)[0] <= "\u9fff"  # '所以 $f(x)$ 是偶函数。' (the copula is in the run)
        if cjk or _COPULA_ANY.search(sentence, 0, said.start()) or _EQUALS.search(sentence, 0, said.start()):
            return meaning  # 'Por lo tanto, la función es impar.', 'Das ist ein Mittwoch.', 'Cuma + 2 gün = **Pazar**'
    if (
        len(bolds := _BOLD.findall(sentence)) == 1
        and (meaning := word_meaning(bolds[0])) in _DAYS_PARITY
        and _COPULA_ANY.search(sentence, 0, sentence.index("**"))
        and not _NEGATED.search(sentence, 0, sentence.index("**"))
        and _BECAUSE.match(sentence, sentence.index("**") + len(bolds[0]) + 4)
    ):
        return meaning  # 'Die Funktion ist **gerade**, da $f(-x)=f(x)$.' (the reason follows the verdict)
    if name := _CJK_NAME.search(sentence):
        return name.group(1)  # '最快的是 Bob。'
    if (name := _NAME_COMPARED.search(sentence)) and name.group(1) not in _NOT_NAMES:
        return name.group(1)  # 'Since $3.25>3.2$, Bob ran farther.'
    if (subject := _BOLD_SUBJECT.match(sentence.strip())) and not _DIGIT.search(sentence, subject.end()):
        return subject.group(1)  # '**Carla** is the fastest runner!'
    if choice := _OPTION_BOLD.search(sentence):
        return f"({choice.group(1)})"  # '→ **Option C (29)**'
    if choice := _CHOSEN.search(sentence):
        return f"({choice.group(1)})"  # '故选 C。'
    return None


def _copula_value(sentence: str) -> str | None:
    """The short value after the last copula ('is', 'est', '为', '=', ':') or of a bold last line: a named set, a
    name, parity, a choice letter, or symbols that are more than one plain number."""
    prose = MATH_SPAN.sub(lambda m: " " * len(m.group(0)), sentence)  # an 'is' inside math is not the copula
    bold = _BOLD.fullmatch(sentence.strip())
    copula = (
        [m.end() for m in _COPULA.finditer(prose)]
        or [m.end() for m in _COPULA_ELSEWHERE.finditer(prose)]  # "Donc l'ensemble des solutions est −1 < x ≤ 4."
        or [m.end() for m in re.finditer(_CJK_COPULA, prose)]  # '所以解集为 1 ≤ x ≤ 5。'
        or [m.end() for m in _EQUALS.finditer(prose)]
        or [m.end() for m in re.finditer(":", prose)]  # 'Domaine : tous les nombres réels.'
        or ([sentence.index("**")] if bold else [])  # a last line in bold: '**Tuesday**'
    )
    if (
        not copula
        and _SYMBOLIC.search(sentence)
        and not _LONG_WORD.search(sentence)
        and not re.search(r"[$\\]", sentence)
    ):
        return sentence.strip()  # a last line that is only a value: '(1, -2, 3)'
    value = _KIND.sub("", sentence[max(copula, default=len(sentence)) :].replace("**", "").strip().rstrip(".!。"))
    value = CJK_ENDING.sub("", value)  # '解は **x = 4, x = −½** です'

    value = (
        re.sub(r"\s*\([^()]*\)$", "", value) if re.match(r"[A-Z][a-z]+\s*\(", value) else value
    )  # 'Sunday (two days past Friday)'
    value = re.sub(r"(?i)^(?:an?|the)\s+(?=[A-Z])", "", value, count=1) if value[:1] in "aAtT" else value
    value = re.sub(r"^[A-Z]'?\s*(?=\(\s*-?[0-9])", "", value)  # a named point: 'Il vertice è V(3, −4).'
    if _ALL_REALS.fullmatch(value):
        return "all real numbers"
    if (
        (choice := _CHOICE.fullmatch(value) or _CHOICE_FIRST.match(value))
        and _COPULA.search(prose)
        and not re.search(r"\([A-E]\)", value[choice.end() :])  # '**(B) or (D)**' names two
    ):
        return f"({choice.group(1)})"  # 'The correct option is C.', '... is **(C) $12\\sqrt{2}$**.'
    if not value or len(value) > 40 or "$" in value or "\\(" in value or "\\[" in value:
        return None
    if _NAMED_SET.fullmatch(value) or _NAME.fullmatch(value) and (_COPULA.search(prose) or bold):
        return value
    if (parity := _PARITY.fullmatch(value)) and _COPULA.search(prose):
        return parity.group(1)
    if _SYMBOLIC.search(value):
        value = _UNIT_TAIL.sub("", value)
    if _LONG_WORD.search(value) or not _SYMBOLIC.search(value):  # a plain number is the number reader's
        return None
    return value


def _region_text(m: re.Match) -> str:
    return next(g for g in m.groups() if g is not None).strip()


def _lhs(math: str) -> str | None:
    """What a region assigns to, a numbered unknown as its letter ('x_1 = 4' and 'x_{2} = 1' both name x)."""
    return re.sub(r"_\{?[0-9]\}?$", "", math.split("=", 1)[0].replace(" ", "")) if "=" in math else None


# A statement of the final answer that comes after the box or #### line: what the model finally commits to.
_FINAL = re.compile(
    r"(?i)\b(?:" + FINAL_ADJECTIVES + r")\s+(" + RESULT_NOUNS + r")\b"
    r"|\bthe\s+answer(?=\s+(?:should|must)\s+be\b)"  # 'Hmm, I think the answer should be (D).'
    r"|(?m:^[ \t]*(?:\*\*)?final(?=(?:\*\*)?[ \t]*:))"  # '#### 28 ... Actually, let me recount: ...\nFinal: 32'
    r"|\bactually\b[^\n]{0,200}?\b(?:so\s+)?the\s+(?:total|answer|count)(?=\s+(?:is|would\s+be)\b)"  # 'actually, ... (so) the total is 28'
)
_STATES = re.compile(r"(?i)(?:\*\*)?[ \t]*(?:(?:is|should\s+be|must\s+be|would\s+be|will\s+be)\b[ \t]*:?|:|=)[ \t]*")


_OPTION_ONLY = re.compile(r"\s*\(?[A-E]\)?[.!]?\s*")


def _final_phrase_after(text: str, pos: int) -> tuple[str, int] | None:
    """'... \\boxed{255} ... Final Answer: The final answer is $10,455$.', '#### 15 ... Wait, I missed 3. The
    correct answer is 18.' and '\\boxed{12} ... Wait, 0 is not positive. The correct count is 11.': a final- or
    correct-answer statement after `pos` (the end of the last box or #### line) that states a value is the answer
    (the box held a step, the #### line was corrected). (span, end index) or None."""
    final = None
    for final in _FINAL.finditer(text, pos):  # noqa: B007
        pass
    if final is None:
        return None
    found = phrase_span(text[final.start() :])
    if found is not None:
        found = found[0], final.start() + found[1]
    elif states := _STATES.match(text, final.end()):
        found = phrase_value(text, states.end())  # 'The correct count is 11.', 'the final answer should be 720°'
    if found is None or "\\boxed" in found[0]:
        return None
    if not re.search(r"[0-9]|\$", found[0]) and not _OPTION_ONLY.fullmatch(found[0]):
        return None
    return found


# A last paragraph that takes the answer back in a sentence of its own: '#### 42\n\nOops, 42 is Lisa's count. Ken has 14
# books.' (a revision in bold, '**2 tables** is enough.', is verify.commitment's)
_RETRACTION = re.compile(
    r"(?i)\n[ \t]*\n[ \t]*(?:oops|whoops|my\s+mistake|sorry|correction)\b[^\n]{0,300}?[.!]\s+(?P<said>[^\n.!?]{0,120}[0-9]"
    r"(?:[^\n.!?]|\.(?=[0-9])){0,60}[.!]?)\s*$"
)


def _revised_after(text: str, pos: int) -> tuple[str, int] | None:
    """The value of a last paragraph that takes the answer stated before `pos` back: the number its last sentence
    ends on (`_RETRACTION`)."""
    found = _RETRACTION.search(text, pos)
    if found and not _WORKING.search(found.group("said")) and (span := last_number_span(found.group("said"))):
        return span, found.end("said")
    return None


def _stated_after(text: str, start: int, end: int) -> tuple[str, int] | None:
    """What a text states after its answer tag or box (which starts at `start` and ends at `end`): a final-answer
    statement, a later answer phrase, or a paragraph that revises it, in that order; None when it states nothing."""
    return _final_phrase_after(text, start) or _later_phrase(text, end) or _revised_after(text, end)


def _later_phrase(text: str, pos: int) -> tuple[str, int] | None:
    """An answer phrase after the last box that states a number: '... and $\\boxed{12}$ edges. ... **The answer is
    18.**' (the box held a step)."""
    if not text[pos:].strip():
        return None  # (nothing after it: the common case, kept cheap)
    found = phrase_span(text[pos:])
    if found is None or "\\boxed" in found[0] or "\\fbox" in found[0]:
        return None
    if not re.search(r"[0-9]", found[0]) and not _OPTION_ONLY.fullmatch(found[0]):
        return None  # a number, or an option letter ('Hmm, I think the answer should be (D).')
    return found[0], pos + found[1]


# An aside at the end of the last sentence, with words in it: '27 more stickers to fill the album (it holds 60 and she
# already has 33).', 'The center is $(3, -2)$ (and the radius is $4$).' Not one that offers another answer ('(or 26
# if ...)', '(if ..., that would be 700)') and not a value in brackets ('is (1, 2).'). Or the sum that gave the value:
# 'She is left with 14 pens (18 - 4).'
_NOT_ANOTHER_ANSWER = r"(?!\s*(?:or|alternatively|maybe|if|unless)\b)(?![^()]{0,300}\bwould\b)"  # after an aside's '('
_ASIDE_END = re.compile(
    r"\s+\("
    + _NOT_ANOTHER_ANSWER
    + r"(?:(?=[^()]{0,300}[A-Za-z]{2,})[^()]{0,300}|[0-9.,]+(?:\s*[-+×*/÷x]\s*[0-9.,]+)+)\)"
    r"\s*[.!]?\s*$"
)
# An aside in words at the end of an answer tag, that offers no other answer: '18 (6 on top, 6 on bottom, 6 vertical)'.
_TAG_ASIDE = re.compile(
    r"(?i)\s+\((?!\s*(?:"
    + OR_WORDS
    + r"|o|but)\b)"
    + _NOT_ANOTHER_ANSWER
    + r"(?=[^()]{0,200}[A-Za-z]{2,})[^()]{0,200}\)\s*$"
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


def _trailing_aside(text: str) -> str:
    which = _WHICH_CLAUSE if NOT_CURRENCY.search(text, max(0, len(text) - 400)) else _WHICH_CLAUSE_MONEY
    for pattern in (_ASIDE_END, which):
        found = pattern.search(text, max(0, len(text) - 400))
        if found is not None:
            start = max((m.end() for m in SENTENCE_END.finditer(text, max(0, found.start() - 300), found.start())),
                        default=max(0, found.start() - 300))  # fmt: skip
            if re.search(r"[0-9]|\*\*", text[start : found.start()]):  # a value stands before it in its sentence
                text = text[: found.start()] + "."
    return text


# An aside that gives the answer under another assumption: '(If an 8% tax applies, she would pay $77.76 instead.)'
# Or a more likely value offered beside it: '\boxed{9} days (realistically 9–10 days, since ...)'.
_MAYBE_ASIDE = r"\(\s*(?:" + MORE_LIKELY + r")\b[^()\n]{0,40}?[0-9]"
# (also '(aunque, si también contamos las 4, le quedarían 20)')
_IF_ASIDE = (
    r"\((?:[^()\n]{0,20}?\b)?(?:" + IF_ASIDE_WORDS + r")\b[^()\n]{0,200}?\b(?:" + either(WOULD) + r")"
    r"\b[^()\n]{0,100}?[0-9]"
)
# 'or' and 'if' where a second value is offered for another reading: 'or 84 if ...', 'ou 54 € si ...'
_OR_ELSE = r"or|ou|oder|o|oppure|или"
_IF_WORDS = IF_WORDS
# A second answer offered in or right after the statement: 'the answer is 24, but 36 is also possible', 'x = 2, or
# possibly x = 3', '$\boxed{7}$ but $6$ is also plausible', 'is $72. (If an 8% tax applies, she would pay $77.76
# instead.)'.
_HEDGED = re.compile(
    r"(?i)\bor\s+(?:"
    + either(PERHAPS)
    + r")\b|\b(?:"
    + either(THOUGH)
    + r")\b[^.\n]{0,60}?\b(?:also|might|may|could)\b"
    r"[^.\n]{0,20}?\b(?:" + either(PLAUSIBLE) + r")\b"
    r"|"
    + _IF_ASIDE
    + r"|"
    + _MAYBE_ASIDE
    + r"|\b(?:"
    + _OR_ELSE
    + r")\s+(?:(?:just|only|"
    + either(PERHAPS[::-1])
    + r")\s+)?(?:\*\*)?\$?-?[0-9][0-9,.]*\$?(?:\*\*)?\s*(?:[€$£¥%]\s*)?"
    + r"(?:[a-z]+\s+){0,3}?(?:"
    + _IF_WORDS
    + r")\b"  # '— or **84** if', '(or $8$ if', 'ou 54 € si'
)


def _hedged_after(text: str, pos: int) -> bool:
    """A hedge in what follows `pos` on its line (at most 160 characters)."""
    line_end = text.find("\n", pos, pos + 160)
    return _HEDGED.search(text, pos, pos + 160 if line_end < 0 else line_end) is not None


# A second answer offered right after the stated one: '<answer>26</answer> (Or 24, if ...)', '\boxed{7} or maybe 8'.
_ALTERNATIVE = re.compile(
    r"(?i)[\s$.*]*\(?\s*(?:or(?!\s+(?:" + either(RESTATED_AS) + r")\b)"
    r"|" + either(OTHER_VALUE_OPENERS) + r")\b[^.\n]{0,80}?[0-9]"
    r"|[\s$.*]*\(\s*(?:assuming|if|provided)\b[^()\n]{0,120}?\b(?:otherwise|else)\b[^()\n]{0,40}?[0-9]"  # '(assuming ...; otherwise 60)'
    r"|[\s$.*]*(?:" + _IF_ASIDE + "|" + _MAYBE_ASIDE + ")"
)


def _oscillates(text: str) -> bool:
    """The last answer phrases (at most 6, in the last 2,000 characters) state two or more different values each
    at least twice: a loop between candidates."""
    start = max(0, len(text) - 2000)
    window = text[start:].lower()
    if sum(window.count(word) for word in PHRASE_WORDS) < 4:  # a loop needs two values stated twice each
        return False
    values = []  # 'Final Answer: The final answer is $28\\%$' states 28\\% twice: one value
    for m in phrase_matches(text, start):
        value = re.split(r"[.;!?]\s|\n", phrase_value(text, m.end())[0], maxsplit=1)[0]
        inner = None
        for inner in PHRASE.finditer(value):  # noqa: B007 - the last one
            pass
        values.append((value[inner.end() :] if inner else value).replace("$", "").strip().rstrip("."))
    values = values[-6:]
    counts: dict[str, int] = {}
    for v in values:
        if v:
            counts[v] = counts.get(v, 0) + 1
    return sum(c >= 2 for c in counts.values()) >= 2


# A section after the answer that shows how it was reached: '### Breakdown', '**Details:**'.
_BREAKDOWN = re.compile(r"(?i)(?:\*\*)?(?:" + either(BREAKDOWN) + r")\b")
# A complete last sentence that concludes, in a paragraph of its own: 'Therefore, John spends 40 hours per week.'
_CONCLUSION = re.compile(
    r"\n[ \t]*\n[ \t]*(?:\*\*)?(?i:" + CONCLUDE_EN + r")\b,?(?:[^.!?\n]|\.(?=[0-9])){0,160}?[0-9]"
    r"(?:[^.!?\n]|\.(?=[0-9])){0,160}[.!](?:\*\*)?\s*$"
)


def _echoes(before: str, paragraph: str) -> bool:
    """`paragraph` mostly repeats the words of the paragraph before it: a loop, not a conclusion."""
    words = set(re.findall(r"\w+", paragraph.lower()))
    prev = set(re.findall(r"\w+", before.rstrip()[before.rstrip().rfind("\n") + 1 :].lower()))
    return len(words & prev) > 0.6 * len(words | prev)


def _stated_before_check(text: str) -> str | None:
    """A cut-off text whose last paragraph is a check or a remark and whose paragraph before it is a complete
    statement of a bold value: the text up to that statement."""
    last = text.rstrip().rfind("\n\n")
    tail = unmarked(text[last + 2 :])
    if last < 0 or not (CHECK.match(text, last + 1) or TRAILER.match(tail) or _BREAKDOWN.match(tail)):
        return None
    before = text[:last].rstrip()
    statement = before[before.rfind("\n") + 1 :]
    return before if _BOLD_VALUE.search(statement) and statement.rstrip("*").endswith((".", "!")) else None


def _looped(text: str) -> str | None:
    """A cut-off text that repeats its last complete line (at least twice) and is cut inside the next repeat: the
    text up to that line, which was written whole."""
    lines = text.rstrip().split("\n")[-4:]
    if len(lines) < 3:
        return None
    last, prev = lines[-1].strip(), lines[-2].strip()
    if not last or not prev or prev == last or not prev.startswith(last) or lines[-3].strip() != prev:
        return None
    if text.rfind("<think>") > text.rfind("</think>"):
        return None  # still thinking: nothing concluded
    concluding = re.split(r"[.!?]\s", prev.rstrip(".!? "))[-1]
    if not NUMBER_RE.search(concluding):
        return None  # 'Hmm, let me double check the number of packs.' repeated: no value concluded
    if _STEP.match(prev):
        return None  # 'Step 3: 14 × 3 = 42' repeated: a step of the working, not a conclusion
    return text.rstrip()[: -len(lines[-1])].rstrip()


_STEP = re.compile(r"(?i)(?:\*\*)?(?:" + either(STEP_WORDS) + r")\s*[0-9]")
_SEGMENT = re.compile(r"(?<=[.!?])[ \t]+|\n+")
_CONCLUDES = re.compile(r"(?i)\W*(?:" + CONCLUDE_EN + r"|the\s+(?:total|answer|result)\b)")


def _looped_sentence(text: str) -> str | None:
    """A cut-off text that repeats a complete concluding sentence (at least twice, on one line or in paragraphs of
    their own) and is cut inside the next repeat: 'So the total is 42 + 8 = 50. So the total is 42 + 8 = 50. So the
    total is 42 +'. The text up to the last complete repeat."""
    segments = [part.strip() for part in _SEGMENT.split(text[-1500:].rstrip())]
    segments = [part for part in segments if part]
    if len(segments) < 3 or text.rfind("<think>") > text.rfind("</think>"):
        return None
    cut, last, before = segments[-1], segments[-2], segments[-3]
    if last != before or last == cut or not last.startswith(cut) or not last.endswith((".", "!")):
        return None
    if not _CONCLUDES.match(last) or not NUMBER_RE.search(last):
        return None  # 'Let me check 12 again.' repeated concludes nothing
    return text.rstrip()[: -len(cut)].rstrip()


def _repeated(text: str, cut: str) -> tuple[str, str] | None:
    """A cut-off text that repeats its answer ('The answer is 56.' three times, then 'The answer is 5' at the limit):
    the previous statement, when it is complete and the cut one is the start of it."""
    start = text.rstrip().rfind(cut.strip())
    earlier = phrase_span(text[: max(0, start - 1)]) if start > 0 else None
    if earlier is None:
        return None
    said = earlier[0].strip().rstrip(".")
    if not cut.strip() or not said.startswith(cut.strip()) or not _complete(earlier[0], earlier[1], text, False):
        return None
    return earlier[0], "phrase"


def _unclosed_box(text: str) -> str | None:
    """The content of a box a finished text ends in without closing it, when that content is whole: '$\\boxed{
    \\frac{1}{3}$' holds \\frac{1}{3} (a model that stopped on its own wrote its answer; only the brace is missing).
    None for a box that closes, or whose content is itself cut ('\\boxed{\\frac{1}{3')."""
    start = max(text.rfind("\\boxed{"), text.rfind("\\fbox{"))
    if start < 0:
        return None
    content = text[text.index("{", start) + 1 :]
    depth = 0
    for c in content:
        depth += (c == "{") - (c == "}")
        if depth < 0:
            return None  # the box closes
    content = content.strip().rstrip(".").rstrip("$").strip()
    content = re.sub(r"\\[)\]]$", "", content).strip()
    if depth != 0 or not content or len(content) > 100 or "\n" in content:
        return None
    return content


def _open_braces(span: str) -> int:
    """How many `{` a span leaves open (escaped braces aside)."""
    plain = span.replace("\\{", "").replace("\\}", "")
    return plain.count("{") - plain.count("}")


def _complete(span: str, span_end: int, text: str, finished: bool) -> bool:
    """A cut-off completion's last line may be cut inside its number ('The answer is 18' could have gone on to
    '180'): a span that runs to the very end of a truncated text is not trusted, unless its first sentence ended
    before the cut ('The answer is 12. The answer is' repeated until the limit states 12)."""
    if finished or span_end < len(text.rstrip()):
        return True
    if re.search(r"\\(?:boxed|fbox)\s*\{(?![^{}]*\})", span):
        return False  # 'the final answer is \boxed{30.' was cut inside the box: 30.5 or 30.75 or ...
    return text.rstrip()[-1:] in ".!?)]}$" or SENTENCE_END.search(span) is not None or "." + "**" in span


def find_span(text: str, mode: str = "flexible", finished: bool = True, math: bool = False) -> tuple[str, str] | None:
    """`_find_span` on the text without what trails its answer (`TRAILER`), or on the whole text when that states
    nothing."""
    if (
        isinstance(text, str)
        and "would" in text[-2000:]
        and _REREADING.search(
            region := without_trailers(without_sign_off(own_problem(text)), scenarios=False),
            max(0, len(region) - 400),
        )
    ):
        return None  # '... **3/4** full.\n\nIf the problem instead meant ..., the answer would be 1/4.'
    if isinstance(text, str) and "\n\n" in text and (short := without_trailers(text)) is not text:
        found = _find_span(short, mode, finished or len(short) < len(text.rstrip()), math)
        if found is not None:
            return found
    return _find_span(text, mode, finished, math)


_HASHES_DONE = re.compile(r"####[ \t]*[^\n]*[0-9][^\n]*\n\s*$")


@dataclass
class _Reading:
    """What the rules of `_find_span` share: the text as read so far (without a run-on question and sign-offs; an
    empty last answer tag dropped), the last MAX_SCAN characters the later rules read, and how the text ended."""

    text: str
    mode: str
    math: bool
    finished: bool  # the completion ended by itself (a cut-off one is `ended` too once it reached its own end)
    ended: bool
    line_done: bool  # '#### 12\n', then the limit
    tail: str = ""
    boxes: list = field(default_factory=list)


_STOP = ("", "stop")  # a rule's verdict: no answer, and no later rule is asked
Rule = Callable[[_Reading], "tuple[str, str] | None"]


def _find_span(text: str, mode: str = "flexible", finished: bool = True, math: bool = False) -> tuple[str, str] | None:
    """(span, source) of the final answer, or None. source is one of: answer_tag, boxed, hashes, phrase, last_math,
    last_number. `finished=False` (the completion was cut off at the token limit) disables the fallbacks: only an
    answer the completion states (tag, box, ####, phrase) counts. `math=True` (the math task) makes the flexible
    fallback the last LaTeX region (last_math_span) rather than the last number. The rules (`FIND_SPAN`) are asked
    in order; the first that answers decides."""
    if not isinstance(text, str) or not text:
        return None
    own = own_problem(text)
    # '#### 12\n', then the limit (looked at only for a cut-off text: a finished one has ended anyway)
    line_done = not finished and _HASHES_DONE.search(text, max(0, len(text) - 200)) is not None
    ended = finished or len(own) < len(text)  # what comes after a cut-off run-on's own answer was written whole
    text = without_sign_off(own)
    ended = ended or len(text) < len(own.rstrip())  # a cut-off chat that reached its sign-off wrote its answer whole
    reading = _Reading(text, mode, math, finished, ended, line_done)
    for rule in FIND_SPAN:
        found = rule(reading)
        if found is not None:
            return None if found is _STOP else found
    return None


def _after_thinking(r: _Reading) -> tuple[str, str] | None:
    """The answer after a closed `</think>` is the final one: '<think>... \boxed{13}? Wait, 18 - 4 = 14.</think> She
    has **14** pens left.' Only when nothing after it states an answer is the reasoning read ('Final answer: 68.'
    closed the thinking, then the text was cut at '<answer>6')."""
    thought = r.text.rfind("</think>")
    rest = r.text[thought + len("</think>") :].strip() if thought >= 0 else ""
    if not rest or (CHECK.match("\n" + rest) and not CONCLUDES_AGAIN.search(rest)):  # nothing, or only a check
        return None
    after = _find_span(r.text[thought + len("</think>") :], r.mode, r.ended, r.math)
    if after is not None:
        return after
    first = rest.split("\n\n", 1)
    if (
        not r.ended
        and len(first) == 2
        and (_BOLD_VALUE.search(first[0]) or _STATEMENT.fullmatch(first[0]) and not _WORKING.search(first[0]))
        and not _RETRACTED.search(first[1])
    ):
        # cut off after the answer's paragraph: 'Jenna read **310 pages** in total.\n\nBreakdown: ... 40 × 4 = 1'
        return _find_span(first[0], r.mode, True, r.math)
    return None


def _answer_tag(r: _Reading) -> tuple[str, str] | None:
    """The last complete answer tag, unless a second answer is offered after it or the text ends on another box."""
    span = last_tag(r.text)
    if span is not None and not span.strip() and (filled := _EMPTY_AFTER_TAG.search(r.text)):
        r.text = r.text[: filled.start()]  # '<answer>63</answer><answer></answer>': the empty tag adds no value
        span = last_tag(r.text)
    if span is None or not span.strip():
        return None
    text = r.text
    closed = text.rfind(CLOSE_TAG) + len(CLOSE_TAG)
    if _ALTERNATIVE.match(text, closed) or two_tags(text):
        return _STOP  # '<answer>26</answer> (Or 24, if the first day ...)': a second answer offered
    # a box after the tag ('<answer>42</answer>\n\n\boxed{21}') is compared by value in verify.commitment: the
    # same value in another form ('<answer>7/3 (≈ 2.33)</answer> ... \boxed{\frac{7}{3}}') is that answer
    if r.math and (aside := _TAG_ASIDE.search(span)) and span[: aside.start()].strip():
        span = span[: aside.start()]  # '<answer>18 (6 on top, 6 on bottom, 6 vertical)</answer>' (gsm8k: its own)
    # '<answer>40</answer> Oh wait, ... the correct answer is 36', '... Wait — I reported angle B. ... So the answer
    # is 80°.'
    final = _stated_after(text, closed, closed)
    if _HEDGED.search(final[0] if final else span):
        return _STOP
    return (final[0], "phrase") if final else (span, "answer_tag")


def _boxed(r: _Reading) -> tuple[str, str] | None:
    """The last box (boxes joined across separators), unless a hedge, a question or a cut retraction follows it; a box
    that defers to what was stated before it ('\\boxed{\\text{see above}}') is that statement."""
    r.tail = tail = r.text[-MAX_SCAN:]
    r.boxes = found_boxes = boxes(tail)  # one pass, shared by the readers below
    span = boxed_answer(tail, found=found_boxes)
    if span is None or not span.strip():
        return None
    last_box = max(tail.rfind("\\boxed"), tail.rfind("\\fbox"))
    if _DEFERS.fullmatch(span):
        return _find_span(tail[:last_box], r.mode, True, r.math) or _STOP
    box_end = found_boxes[-1][1]
    final = _stated_after(tail, last_box, box_end)
    if final is not None:
        return final[0], "phrase"
    if _hedged_after(tail, box_end) or _ALTERNATIVE.match(tail, box_end) or two_readings(tail, found_boxes):
        return _STOP  # '$\boxed{7}$ but $6$ is also plausible', a box per reading: no answer committed to
    if not r.ended and _RETRACTED.search(tail, box_end):
        return _STOP  # '\\(\\boxed{16}\\).\n\nWait, that's not right. Let me recompute: the problem asks for' (cut off)
    if scale := SCALE_WORD.match(tail, box_end + (tail[box_end : box_end + 1] == "$")):
        return span + " " + scale.group(1), "boxed"  # 'The factory produces \\boxed{75} thousand widgets.'
    return span, "boxed"


def _unclosed_last_box(r: _Reading) -> tuple[str, str] | None:
    if r.ended and (unclosed := _unclosed_box(r.tail)) is not None:
        return unclosed, "boxed"  # '... which simplifies to $\\boxed{\\frac{1}{3}$' (the model stopped there)
    return None


def _stated(r: _Reading) -> tuple[str, str] | None:
    """The last `####` line, else (only when there is none) the last answer phrase, with what follows it."""
    tail = r.tail
    for source, reader in (("hashes", hashes_span), ("phrase", phrase_span)):  # the phrase only when no #### line
        found = reader(tail)
        if source == "hashes" and found is not None and two_hashes(tail):
            return _STOP
        if found is not None and found[0].strip():
            return _statement(r, found, source) or _STOP
    return None


def _statement(r: _Reading, found: tuple[str, int], source: str) -> tuple[str, str] | None:
    """What a `####` line or an answer phrase finally states (None: no answer)."""
    tail = r.tail
    if _HEDGED.search(found[0]) or _hedged_after(tail, found[1]):
        return None  # 'the answer is 24, but 36 is also possible': no answer committed to
    final = _final_phrase_after(tail, found[1]) or _revised_after(tail, found[1])
    if final is None and source == "hashes":
        final = _later_phrase(tail, found[1])  # '#### 45\nThe answer is 54': what it finally says
    if final is not None:
        found, source = final, "phrase"  # '**Answer: 56** ... so the correct total is actually 54 chairs.'
    if source == "phrase" and (total := _TOTAL_LINE.search(tail, found[1]) or _TOTAL_SENTENCE.search(tail, found[1])):
        # '**Quick answer: $48** ... - 4 × $12 = $46\n\n**Total cost: $46**', '## Answer: 62 km ... Adding the
        # two legs gives **72 km** in total.'
        found = total.group(1), total.end(1)
    if not _complete(found[0], found[1], tail, r.ended or source == "hashes" and r.line_done):
        return _repeated(tail, found[0]) if source == "phrase" else repeated_hashes(tail, found[0])
    first = SENTENCE_END.search(found[0])
    if not r.ended and (_RETRACTED.search(tail, found[1]) or first and _RETRACTED.search(found[0], first.end())):
        return None  # 'The answer is 30.\n\nWait, no — I misread the question; it asks for' (cut off)
    if source == "phrase" and _oscillates(tail):
        return None  # 'The answer is 18. The answer is 16. The answer is 18. ...': no answer committed to
    if r.ended and found[1] >= len(tail.rstrip()) and 0 < (open_ := _open_braces(found[0])) <= 2:
        return found[0].rstrip() + "}" * open_, source  # 'Final answer: \frac{3}{4' (the model stopped there)
    return found[0], source


def _stated_before_check_rule(r: _Reading) -> tuple[str, str] | None:
    if not r.finished and r.mode == "flexible" and (stated := _stated_before_check(r.tail)) is not None:
        return (
            _find_span(stated, r.mode, True, r.math) or _STOP
        )  # '**Ben has 36 marbles.**\n\n### Quick check ✅\n... 3 ×'
    return None


def _cut_off_conclusion(r: _Reading) -> tuple[str, str] | None:
    """A cut-off text that loops a statement, or ends right after a concluding paragraph, is read as finished."""
    if r.finished or r.mode != "flexible":
        return None
    looped = _looped(r.tail) or _looped_sentence(r.tail)  # 'So Sara has 27 apples.' repeated, then cut in a repeat
    if looped is not None:
        r.tail, r.finished = looped, True
    elif (
        (said := _CONCLUSION.search(r.tail, max(0, len(r.tail) - 400)))
        and not _WORKING.search(said.group(0))
        and not _echoes(r.tail[: said.start()], said.group(0))
    ):
        r.finished = True  # cut right after a concluding paragraph: '...\n\nTherefore, John spends 40 hours per week.'
    return None


def _table_total(r: _Reading) -> tuple[str, str] | None:
    if r.mode == "flexible" and r.finished and (total := _TABLE_TOTAL.search(r.tail, max(0, len(r.tail) - 400))):
        return total.group(1).strip(), "last_math" if r.math else "last_number"  # '| **Total** | **84** | 18 + 36 |'
    return None


def _other_reading(r: _Reading) -> tuple[str, str] | None:
    """'**8 hours 30 minutes.** (... if your teacher asks for working time — that would give 8 hours.)': no answer."""
    if r.mode != "flexible" or not r.finished:
        return None
    r.tail = tail = without_note(r.tail)
    if _WOULD_ASIDE.search(tail, max(0, len(tail) - 400)) or _OTHER_VALUE.search(tail, max(0, len(tail) - 300)):
        return _STOP
    return None


def _last_value(r: _Reading) -> tuple[str, str] | None:
    """Flexible mode, a finished text that does not end on an empty statement: the number (gsm8k) or the LaTeX
    region (math) it ends on."""
    if r.mode != "flexible" or not r.finished or _declined(r.tail[-200:]):
        return None
    cut = max(0, len(r.tail) - 1000)  # what trails the value is short: the end is all that is looked at
    tail = _trailing_aside(r.tail[:cut] + _AFTER_VALUE.sub("", r.tail[cut:], count=1))
    tail = _without_enumeration(tail)
    span = last_math_span(tail) if r.math else last_number_span(tail)
    if span is not None:
        return span, "last_math" if r.math else "last_number"
    return None


# The rules of `_find_span`, in order (docs/verifiers.md, "Where the answer is"); the first that answers decides.
FIND_SPAN: tuple[Rule, ...] = (
    _after_thinking,
    _answer_tag,
    _boxed,
    _unclosed_last_box,
    _stated,
    _stated_before_check_rule,
    _cut_off_conclusion,
    _table_total,
    _other_reading,
    _last_value,
)


# A last line in bold that states a total after the answer phrase: the final commitment (the phrase was a summary
# given first: '**Quick answer: $48**', then a breakdown).
_TOTAL_LINE = re.compile(
    r"(?i)\n[ \t]*\*\*(?:total|grand\s+total|final\s+total|overall\s+total)\b[^*\n:]{0,30}:\s*([^*\n]{1,40}?)\s*\*\*[^\n0-9]*\s*$"
)
# A last paragraph of one sentence that states a bold total after the answer phrase: '## Answer: 62 km ... Adding
# the two legs gives **72 km** in total.' (the heading was a summary given first).
_TOTAL_SENTENCE = re.compile(
    r"(?i)\n[ \t]*\n(?=[^\n]{0,160}\b(?:in\s+total|total|altogether|in\s+all|overall)\b)[^\n*]{0,120}"
    r"\*\*([^*\n]{0,30}[0-9][^*\n]{0,30})\*\*[^\n*0-9]{0,60}$"
)
# The values a bold count enumerates after a colon: '60 has **a dozen** positive divisors: 1, 2, 3, ..., 60.'
_ENUMERATION = re.compile(r":\s*(?:-?[0-9][0-9./]*\s*,\s*){2,}(?:and\s+)?-?[0-9][0-9./]*\s*\.?\s*$")


def _without_enumeration(text: str) -> str:
    """The text without a list its last line enumerates after a bold count (the count is the answer)."""
    found = _ENUMERATION.search(text, max(0, len(text) - 400))
    if found is None or "**" not in text[text.rfind("\n", 0, found.start()) + 1 : found.start()]:
        return text
    return text[: found.start()].rstrip() + "."


# A slot that defers to what was stated before it: '\boxed{\text{see above}}', '(ver arriba)' (lexicon.DEFERRALS)
_DEFERS = re.compile(r"(?i)[\s(]*(?:\\text\s*\{)?\s*(?:" + either(DEFERRALS) + r")\s*\}?[\s).]*")
_EMPTY_AFTER_TAG = re.compile(r"(?<=</answer>)\s*<answer>\s*</answer>\s*$")
# A cut-off text that takes back what it stated and was cut before saying what instead.
_RETRACTED = re.compile(
    r"(?i)\b(?:" + RETRACTIONS + r")\b"
    r"(?![,.]?\s*let\s+me\s+(?:double[- ]?)?(?:check|verify)\b(?![^\n]{0,80}\b(?:wrong|mistake|error)\b))"  # 'Wait, let me double-check'
    r"|\bno\s*[,—–-]"
)


# A table that ends on its total row: the total is the answer.
_TABLE_TOTAL = re.compile(
    r"(?i)\n[ \t]*\|[ \t]*(?:\*\*)?(?:" + TOTAL_ROW + r")(?:\*\*)?[ \t]*\|"
    r"(?:[ \t]*\|)*[ \t]*(?:\*\*)?[ \t]*([^|*\n]*[0-9][^|*\n]*?)[ \t]*(?:\*\*)?[ \t]*\|[^\n]*\s*$"
)


# A completion that ends on an empty statement ('The final answer is \boxed{}.') stated no answer: the numbers of
# its working are not read in its place.
_DECLINED = re.compile(r"(?i)(?:\\(?:boxed|fbox)\s*\{\s*\}|<answer>\s*</answer>|\banswer\s*(?:is\b\s*:?|:))[\s.$*]*$")
_NOTHING_AFTER = re.compile(r"[\s.$*:]*")


def _declined(tail: str) -> bool:
    """The text ends on an empty statement: an empty box or tag, or an answer phrase in any language with nothing
    after it ('The final answer is:', 'La respuesta final es:', 'Die endgültige Antwort ist:')."""
    if _DECLINED.search(tail):
        return True
    last = phrase_matches(tail)[-1:]
    return bool(last) and _NOTHING_AFTER.fullmatch(tail, last[0].end()) is not None


# What follows the value a text ends on without being an answer (the fallbacks drop it): where an extremum is
# attained ('the minimum value is 3, attained at x = 1.') and an aside that restates the value in another form
# ('the probability is 1/2 (equivalently 0.5, or 50%).'). A number must stand before it in its sentence.
_AFTER_VALUE = re.compile(
    r"(?i)(?<=[0-9$πi}*])(?:,?\s*(?:(?:which\s+is\s+|that\s+is\s+)?(?:"
    + either(ATTAINED)
    + r")\s+)?(?:at|when|where)\s+\$?[a-z]\s*=\s*-?[0-9]+(?:[./][0-9]+)?\$?"
    r"|\s*\((?:" + either(THAT_IS) + r")[^()]*\))"
    r"\s*[.!]?\s*$"
    # '... in total. (She had $100, so ...)', but not '(If it runs on weekdays only, that would be 700.)'
    r"|(?<=[.!?])\s*\(" + _NOT_ANOTHER_ANSWER + r"[^()]{0,300}\)\s*$"
    # '**24.5 liters** — call it about 25 liters if you're rounding up': the exact value stands
    r"|(?<=[0-9*])[^.\n0-9]{0,30}?\s[—–]\s*(?:call\s+it|that'?s|or|so)?\s*(?:about|roughly|approximately|around|nearly|almost)\b"
    r"[^.\n]*[.!]?\s*$"
)
# An aside that gives another value under another reading: '(... — that would give 8 hours.)': no single answer.
_WOULD_ASIDE = re.compile(r"(?i)\([^()]{0,300}?\bwould\s+(?:" + WOULD_VERBS + r")\b[^()]{0,80}?[0-9][^()]*\)\s*$")
# A last paragraph that offers another value under another reading: '(Or **4 boxes** if she's fine leaving 2 out!)'
_OTHER_VALUE = re.compile(
    r"(?i)\n\s*\n[ \t]*\(?[ \t]*(?:" + _OR_ELSE + r")\b[^\n]{0,80}?[0-9][^\n]{0,80}?\b(?:" + _IF_WORDS + r")\b[^\n]*$"
)


def math_regions(span: str) -> list[str]:
    """The $...$ / \\(...\\) / \\[...\\] regions of a span, in order."""
    return [next(g for g in m.groups() if g is not None) for m in MATH_SPAN.finditer(span)]
