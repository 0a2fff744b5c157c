r"""The final committed answer (issue 26): every answer statement in the closing part of a completion, read together.

The locator (verify.extract) finds where the answer is; this module decides what the text finally commits to,
from the answer found and every statement after it (an answer phrase, a box, a tag, a `####` line, a sentence with
a revision word, a second value offered, a range):

- the same value stated again, in any form, is that value (`<answer>72</answer> ... \boxed{72}`, `The answer is 72.`
  in another language, `72.0`);
- a different value after a revision word is the new answer (`... \boxed{12}. Wait, I miscounted: it is 13.`
  reads 13; `Correction: the answer should be 28, not 27.` reads 28);
- a different value without one is a hedge, no single answer (`\boxed{12}. It could also be 13.`, `(Or 13, if ...)`,
  `La respuesta es 12 o 13.`);
- a range or a tolerance is no single answer, as the answer (`12 ± 1`, `between 11 and 13`, `12, give or take 1`)
  or after it.
A question (`... is it 13?`) commits to nothing and is not read. Examples both ways: tests/test_verify_hacking.py.

The task modules (gsm8k, math_task) call `committed` with their own reader and comparison of values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any

from grpo_cli.verify.lexicon import (
    ALTERNATIVE,
    ALTERNATIVE_WORDS,
    ANSWER_STANDS,
    CHECK_WORDS,
    CJK_ALTERNATIVE_WORDS,
    CJK_REVISION_WORDS,
    CONCLUDES,
    DISOWNED,
    IF_WORDS,
    RANGE_WORDS,
    REVISION_WORDS,
    STEP_WORDS,
    TOLERANCE,
    TOLERANCE_WORDS,
    VALUE_FILLERS,
    either,
)
from grpo_cli.verify.region import own_problem, without_sign_off, without_trailers
from grpo_cli.verify.sources import CLOSE_TAG, HASHES, PHRASE_WORDS, SENTENCE_END, boxes, phrase_matches, phrase_span
from grpo_cli.verify.text import content_words

Found = tuple[str, str]

# ('... (Sam is 15 now.) Wait, ...'; a check mark closes its check: 'Check: 3^2 = 9 ✓ Hold on, ...')
SENTENCE_BREAK = re.compile(r"(?:(?<=[.!?。！？✓✔])|(?<=[.!?]\)))[ \t]+|\n+")
_REVISION = re.compile(r"(?i)\b(?:" + REVISION_WORDS + r")\b|" + CJK_REVISION_WORDS)
# 'Wait, let me double-check: 3 x 4 = 12.' looks again; it takes nothing back by itself
_LOOKS_AGAIN = re.compile(
    r"(?i)\b(?:wait|hold\s+on|actually)\b[,.!:—–\s-]*let\s+me\s+(?:double[- ]?)?(?:check|verify)\b"
)
# Another value offered: an alternative word right before a value ('or 13', 'could also be $13$', 'o 18', '或 18'),
# not one that opens another method ('We could also have paired the 2s', 'OR' between two solutions).
_ALTERNATIVE = re.compile(
    r"(?i)(?:\b(?:" + ALTERNATIVE_WORDS + r")\b|" + CJK_ALTERNATIVE_WORDS + ")"
    r"(?:[\s,:(*]|\b(?:" + VALUE_FILLERS + r")\b)*"
    r"(?:\$\s*|\\\(\s*)?(?:-?[0-9]|\\(?:frac|dfrac|boxed|sqrt))"
)
_STANDS = re.compile(r"(?i)\b(?:" + ANSWER_STANDS + r")\b")
# 'One might get 18 by forgetting ...', 'A common mistake is 18': a wrong value warned against, not offered
_WARNING = re.compile(
    r"(?i)\b(?:(?:one|you|students?|people|someone)\s+(?:might|could|may)\s+(?:get|think|say|answer|be\s+tempted)"
    r"|common\s+(?:mistake|error|trap|pitfall)|(?:a|the)\s+(?:mistake|trap)\s+(?:would|is))"
)
_CONCLUDES = re.compile(r"(?i)" + CONCLUDES)
# A sentence that opens with a condition on other data (its condition holds a value): a hypothetical, not an answer
# to this problem ('If she had started with 20 apples, she would have 24.'); a condition without one offers another
# reading ('If we count the endpoints, it is 13.': a hedge, read as any sentence).
_HYPOTHETICAL = re.compile(r"(?i)\W{0,3}(?:(?:" + IF_WORDS + r")\b|如果|假如|要是|もし)[^,，:;\n]{0,80}?[0-9]")
# A sentence that opens with a revision or with another value: 'Or 13, if ...', 'Actually, it is 13.'
_OPENS = re.compile(
    r"(?i)\W{0,3}(?:(?:" + REVISION_WORDS + "|" + ALTERNATIVE_WORDS + r")\b|" + CJK_REVISION_WORDS + ")"
)
_OR_ASIDE = re.compile(r"(?i)\(\s*(?:or|" + either(ALTERNATIVE["es pt fr de it ru uk"]) + r")\s+([^()]{1,80})\)")
_LEAD = re.compile(r"^[\s$}*\]).,;:=]+")  # what closes the answer before the sentence after it: '$ (or $135$)'
# (and a bare '=': an equation with no left side states its right side, '$= 20$')
_CHECKS = re.compile(r"(?i)\b(?:" + CHECK_WORDS + r")\b")
_BOTH = re.compile(r"(?i)\b" + ALTERNATIVE["en phrases"][-1])
_NAMES_ANSWER = re.compile(r"(?i)" + "|".join(re.escape(w) for w in PHRASE_WORDS))
_STATES = re.compile(r"\\boxed|\\fbox|<answer>|####")
_TOLERANCE = re.compile(r"(?i)(?:" + TOLERANCE + ")")
_TOLERANCE_WORDS = re.compile(r"(?i)\+/-|" + either(TOLERANCE_WORDS))
_NOT_END = r"(?:[^.\n]|\.(?=[0-9]))"  # within a sentence: a decimal point does not end it
_NUM = r"\$?\s*-?[0-9][0-9.,/]*\s*\$?"
_RANGE = re.compile(
    r"(?i)\b(?:"
    + RANGE_WORDS
    + r")\b"
    + _NOT_END
    + "{0,40}?[0-9]"
    + _NOT_END
    + r"{0,20}?\s(?:and|to|y|et|und|e|и|до|a)\s"
    + _NUM
    + r"|[0-9]\$?\s*(?:–|—|\bto\b)\s*"
    + _NUM
    + r"|[0-9]\s*(?:到|から|〜|~)\s*-?[0-9]"
    + r"|\[\s*-?[0-9][0-9.]*\s*,\s*-?[0-9][0-9.]*\s*\]"
)
_PLAIN_NUMBER = re.compile(r"-?(?:[0-9]+(?:\.[0-9]+)?|\\[dt]?frac\s*\{[0-9]+\}\s*\{[0-9]+\})")
_MATH_REGION = re.compile(r"\$[^$]{1,80}\$|\\\((?:(?!\\\)).){1,80}\\\)")
_VALUE = re.compile(r"[0-9]|\\frac|\\sqrt|\\boxed")
# A sentence after the answer that disowns it: a placeholder, a guess, a made-up number (lexicon.DISOWNED)
_DISOWNED = re.compile(r"(?i)(?:\b(?:" + either({k: v for k, v in DISOWNED.items() if k != "zh ja ko"}) + r")\b|"
                       + either(DISOWNED["zh ja ko"]) + ")")  # fmt: skip
_ENDED = re.compile(r"[.!?]\s+$")  # the answer's sentence ended before the closing part
# The answer's sentence goes on to a clause of its own that ends on one value: a second statement whatever its words
# ('**30 miles** Scratch that, it's 32.', '\boxed{7} Attends, erreur : c'est 10.'); not a description of the answer
# ('\boxed{47} integers from 1 to 100', no clause break).
_CLAUSE_VALUE = re.compile(r"[,:;—–]\s*(?:[^\s\d,:;]+\s+){0,3}\$?\s*-?[0-9][0-9.,/]*\s*\$?\s*[.!。]?\s*$")
MAX_CLOSING = 1500  # the closing part read (characters after the answer); what comes later is far from an answer


def trailers_start(text: str) -> int:
    """Where the sign-offs and trailers the locator sets aside start in a text (another method, a contrast, a
    remark, `Hope this helps!`): in those only a sentence that names the answer or opens with a revision or
    another value counts ('Alternatively, the answer might be 13.', 'Hope this helps! ... (Or 13, if ...)')."""
    return len(without_trailers(without_sign_off(text)))


def _stated_length(span: str, source: str) -> int:
    """How much of a span its answer takes: a phrase or `####` line states its first sentence, up to a revision word
    after what it states, and the rest of its line ('The answer is 12. Wait, I miscounted: it is 15.', '#### 40 Actually,
    it is 43.') is read after it like any later sentence."""
    if source not in ("phrase", "hashes"):
        return len(span)
    first = SENTENCE_END.search(span)
    end = first.end() if first is not None and span[first.end() :].strip() else len(span)
    revision = _REVISION.search(span, 0, end)
    return revision.start() if revision is not None and span[: revision.start()].strip(" *:") else end


def answer_end(text: str, span: str, source: str) -> int:
    """Where the answer the locator found ends in `text` (-1 when it cannot be placed): after the last tag, box or
    `####` line for those sources, after the phrase that states it, else its last occurrence that is not negated."""
    if source == "answer_tag" and (close := text.rfind(CLOSE_TAG)) >= 0:
        return close + len(CLOSE_TAG)
    if source == "boxed" and (found := boxes(text)):
        return found[-1][1]
    if source == "hashes" and (lines := list(HASHES.finditer(text))):
        return lines[-1].start(1) + _stated_length(lines[-1].group(1), source)
    if source == "phrase":
        for m in reversed(phrase_matches(text)):
            at = text.find(span, m.end(), m.end() + len(span) + 200)
            if at >= 0:
                return at + _stated_length(span, source)
            line_end = text.find("\n", m.end())
            line_end = len(text) if line_end < 0 else line_end
            if span in text[m.end() : line_end].replace("$", ""):  # 'answer: $5 + $48 = $44.' was read without '$'
                return line_end
    i = text.rfind(span)
    return i + len(span) if i >= 0 else -1


# An aside on the answer's own line that restates it in another unit ('**6 days** (or 144 hours)'): the locator's
# readers judge asides; a bare other value in one ('$132$ (or $135$)') is read here.
_UNIT_ASIDE = re.compile(r"[^\n(]*\([^()\n]*[0-9][^()\n]*?\s[^\W\d_]{2,}[^()\n]*\)")


# What offers another value right after the answer, in its own sentence: '$\boxed{12}$ or $\boxed{13}$', '12 ± 1'.
_OFFERED_RIGHT_AFTER = re.compile(
    r"(?i)\s*(?:[$}*()\].,;:]\s*){0,6}(?:(?:"
    + ALTERNATIVE_WORDS
    + r")\b|"
    + CJK_ALTERNATIVE_WORDS
    + "|"
    + TOLERANCE
    + r"|(?<=\$)\s*/(?=\s*\$))"  # '$7.50$ / $7.51$': another math region after a slash outside math
)


# LaTeX text and spacing read as the prose a reader sees: '\ (\text{or } 323)' is '(or 323)'. Length-preserving
# (each command becomes spaces), so positions in the text stay valid.
_LATEX_PROSE = re.compile(r"\\(?:text(?:rm|it|bf|normal)?|mbox)\s*\{([^{}$]*)\}|\\(?:q?quad\b|[ ,;:!])")


def _as_prose(m: re.Match) -> str:
    if m.group(1) is None:
        return " " * len(m.group(0))
    return " " * (m.start(1) - m.start()) + m.group(1) + " "


def latex_prose(text: str) -> str:
    """Words in `\text{}` are words, spacing commands are spaces ('\boxed{25 \text{ or possibly } 27}' offers 27)."""
    return _LATEX_PROSE.sub(_as_prose, text) if "\\" in text else text


def closing_part(text: str, span: str, source: str, finished: bool = True) -> list[tuple[int, str]]:
    """The sentences after the answer. The rest of the answer's own line is left out when it holds an aside in
    parentheses with a unit or words (the locator reads those), and so is the last sentence of a cut-off text (it
    may stop inside its number)."""
    end = answer_end(text, span.strip(), source) if span.strip() else -1
    if end < 0:
        return []
    rest = latex_prose(text[end : end + MAX_CLOSING])
    line, _, after = rest.partition("\n")
    if (aside := _UNIT_ASIDE.match(line)) is not None:
        tail = line[aside.end() :]  # what follows the aside on that line is read: '(that is, $18 left) Wait, ...'
        if _OPENS.match(_LEAD.sub("", tail)):
            end, rest = end + aside.end(), tail + "\n" + after
        else:
            end, rest = end + len(line) + 1, after
    sentences, at = [], 0
    first = SENTENCE_BREAK.search(rest)
    first_end = first.end() if first else len(rest)
    # (not a phrase's line after its first sentence, nor what opens with a revision: '\boxed{12} Wait, it is 13.')
    # (an answer tag has closed its statement: what follows it is a sentence of its own, '<answer>18</answer> ...though
    # honestly I'd bet on 19.')
    own_sentence = (
        source != "answer_tag"
        and not _ENDED.search(text, max(0, end - 3), end)
        and not _OPENS.match(_LEAD.sub("", rest))
    )
    if (
        own_sentence
        and not _OFFERED_RIGHT_AFTER.match(rest)
        and not _STATES.search(rest, 0, first_end)
        and not _CLAUSE_VALUE.search(rest, 0, first_end)
    ):
        at = first_end  # the rest of the answer's sentence describes it: '\boxed{47} integers from 1 to 100'
    for m in SENTENCE_BREAK.finditer(rest + "\n", at):
        if rest[at : m.start()].strip():
            sentences.append((end + at, rest[at : m.start()]))
        at = m.end()
    return sentences if finished else sentences[:-1]


def _region_word(m: re.Match) -> str:
    """A math region in prose as the range reader sees it: a digit when it holds a number, else a word."""
    inner = m.group(0).strip("$").removeprefix("\\(").removesuffix("\\)").strip()
    return " 1 " if _PLAIN_NUMBER.fullmatch(inner) else " M "


def ranged(span: str, math: bool) -> bool:
    """A range or a tolerance where one value should stand ('12 ± 1', 'between 11 and 13'). For the math task a
    ± inside math may be a pair of roots and an interval an answer: only what stands outside `$...$` counts there."""
    if math:
        prose = _MATH_REGION.sub(_region_word, span)
        return _TOLERANCE.search(prose) is not None or _RANGE.search(prose) is not None
    return _TOLERANCE.search(span) is not None or _RANGE.search(span) is not None


def _bare_kind(text: str, at: int, sentence: str, answer: set[Fraction]) -> tuple[str, str]:
    """A value alone: the answer's value again is nothing new ('~~$1.0003$~~ $1.0001$' after '... = 1.0001.'); on a
    line of its own it states that value ('(3.7)'); in a line with words it is a value in passing ('Honestly? 3.76.').
    Returns the kind and the sentence to read, without inline code marks (markup: '`45003`' states 45003)."""
    if _numbers(sentence) <= answer:
        return "skip", sentence
    return "states" if _whole_line(text, at, sentence) else "value", sentence.strip().strip("`")


def _whole_line(text: str, at: int, sentence: str) -> bool:
    """The sentence is its line, all of it: not a list item's number ('1. Count ...'), not an aside on a line."""
    start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
    return text[start : len(text) if end < 0 else end].strip() == sentence.strip()


# A line that holds a value and nothing else a reader takes for words: '(3.7)', '`45003`', '$= \frac{13}{8}$'.
_BARE_VALUE = re.compile(r"[\s(`$*=]*-?[0-9\\][^\n]{0,40}?[\s)`$*.]*")
_COMMANDS = re.compile(r"\\[A-Za-z]+")
_LETTERS = re.compile(r"[^\W\d_]")


def _kind(
    sentence: str, at: int, own_end: int, trailers: int, last_paragraph: int, math: bool, answer: set[Fraction]
) -> str:
    """What a sentence after the answer is, for the final commitment (the first rule that fits, in order):
    skip (says nothing about the answer, or a hypothetical on other data, not on the answer), stands ('my first answer stands'), revision-only (a revision word, no
    value), range, both, offer (another value offered), revision, states (a tag, box, `####` or answer phrase),
    concludes ('Therefore the total is 22.', last paragraph only), value (any other sentence with a value),
    bare (a value alone on its line: a statement, unless it is the answer's value again)."""
    revision = _REVISION.search(sentence) is not None and not _LOOKS_AGAIN.search(sentence)
    bare = (
        _BARE_VALUE.fullmatch(sentence) is not None
        and not _LETTERS.search(_COMMANDS.sub("", sentence))
        and not _OPERATION.search(sentence)  # working: '(5 − √24 ≈ 0.101)' is not a value stated
    )
    names = at == own_end or _NAMES_ANSWER.search(sentence) is not None  # the answer's own sentence names it
    states = _STATES.search(sentence) is not None
    if at >= trailers and not (names or states or _OPENS.match(sentence)):
        return "skip"  # a trailer ('*Contrast:* ... giving $24/2 = 12$.') counts only where it names an answer
    if _WARNING.search(sentence) or (_CHECKS.search(sentence) and not revision):
        return "skip"  # 'One might get 18 by ...', 'We may check our answer: 17 * 44 = 748 ...'
    if (hypothetical := _HYPOTHETICAL.match(sentence)) and not (answer and _numbers(hypothetical.group(0)) & answer):
        return "skip"  # 'If she had started with 20 apples, ...'; not 'If 18 is wrong, it is 19.' (about the answer)
    if _STANDS.search(sentence):
        return "stands"
    if not _VALUE.search(sentence):
        return (
            "revision-only" if revision else "skip"
        )  # (a question with a value is set aside before: verify.assertion)
    if ranged(sentence, math):
        return "range" if names or states else "skip"  # not '12 lies between 0 and 20'
    if _BOTH.search(sentence):
        return "both"
    if _ALTERNATIVE.search(sentence):
        return "offer"
    if revision:
        return "revision"
    if states or phrase_span(sentence) is not None:
        return "states"
    if bare:
        return "bare"  # a value alone on its line: '(3.7)', '`45003`', '$= 20$' (a statement, when the value is new)
    if at > last_paragraph and _CONCLUDES.search(sentence):
        return "concludes"  # before the last paragraph, official solutions go on with another method
    return "value"  # a value stated in passing: read only after a revision word


def committed(
    text: str,
    found: Found,
    read: Callable[[str], Found | None],
    value: Callable[[Found], Any],
    same: Callable[[Any, Any], bool | None],
    math: bool = False,
    finished: bool = True,
    denied: Sequence[tuple[int, str]] = (),
    given: str | None = None,
) -> Found | None:
    """What the completion finally commits to, given the answer the locator found: that answer, a revised one, or
    None (a hedge, a range, an answer disowned or denied after it). `read` locates the answer of one sentence, `value`
    reads a located answer and `same` compares two values (None: cannot tell, which changes nothing). `denied`: the
    (position, value) of each value the text negates (verify.assertion); `given`: the question, whose numbers are
    quantities the text may restate after its answer."""
    tolerance = _TOLERANCE_WORDS.search(found[0]) if math else ranged(found[0], math)  # '12 ± 1' (math: the words)
    if tolerance or _two_values(latex_prose(found[0]), read, value, same, math):
        return None  # '12 ± 1', 'between 11 and 13', '<answer>La respuesta es 12 o 18</answer>'
    span = found[0].strip()
    at = text.rfind(span) if span else -1
    end = at + _stated_length(span, found[1])
    if disowns(text, end if at >= 0 else max(0, len(text) - MAX_CLOSING)):
        return None  # (a span the fallback rewrote is not found as written: the closing part is looked at)  # '\boxed{42} (placeholder, I did not actually solve it)': the answer is disowned
    if (
        at >= 0
        and "(" not in span
        and not _VALUE.search(text, end)
        and not any(pos >= end for pos, _ in denied)
        and not _TOLERANCE.search(text, max(0, at - 12), at)  # 'Final answer: $1$ +/- 1' (the span was '1')
    ):
        return found  # no value after the answer: nothing to revise, offer or range it (the common case)
    text = own_problem(text)  # without a run-on question
    closing = closing_part(text, found[0], found[1], finished)
    if not closing and "(" not in found[0] and not denied:
        return found  # the answer ends the text: the common case, and nothing else to read
    current: tuple[str, str] | None = found  # what the text commits to; a revision: what `read` located there
    current_value = value(found)
    if _offered_inside(latex_prose(found[0]), current_value, read, value, same):
        return None  # 'Final answer: $132$ (or $135$)'
    revising = pending = False
    own_end = answer_end(text, found[0].strip(), found[1])
    last_paragraph = text.rstrip().rfind("\n\n")
    trailers = trailers_start(text)
    stated = found[0].strip()[: _stated_length(found[0].strip(), found[1])]  # (a phrase's span may run on)
    known = _Known(text[: max(0, own_end)], stated, given or "")
    slot = found[1] in ("answer_tag", "boxed", "hashes", "phrase")  # (the fallbacks read the text's last value)
    for at, sentence in closing:
        kind = _kind(sentence, at, own_end, trailers, last_paragraph, math, known.answer_values)
        kind, sentence = _bare_kind(text, at, sentence, known.answer_values) if kind == "bare" else (kind, sentence)
        if kind == "skip" or kind == "value" and not (revising or slot and _new_value(sentence, known, at, text, read)):
            continue
        if kind == "stands":
            current, current_value, revising = found, value(found), False
            continue
        if kind == "revision-only":
            revising = True  # 'Hold on, I forgot one case.' then the value
            continue
        if kind in ("range", "both") and not revising:
            return None  # 'The answer is between 11 and 13.', 'Both 12 and 13 are possible answers.'
        located = read(_LEAD.sub("", _TRAIL.sub("$", sentence)))
        said = value(located) if located is not None else None
        if located is not None and (kind == "offer" or not math) and _two_values(located[0], read, value, same):
            return None  # '<answer>12</answer> ... \boxed{12 \text{ or possibly } 13}': a later statement offers two
        if said is None:
            if kind == "offer" or kind == "states" and len(_numbers(located[0] if located else "")) > 1:
                return None  # 'Either 12 or 13.', '... \boxed{18 \mid 21}': the reader finds no single answer
            continue
        if current_value is None or same(current_value, said) is not False:
            pending = pending and kind not in ("states", "concludes")  # 'So, 46 is the answer.': it came back
            continue
        if kind == "concludes" and not revising:
            pending = True  # 'Therefore the total is 22.': another value concluded, unless the text comes back
        elif kind == "revision" or revising:
            current, current_value, revising = located, said, True
        else:
            return None  # '\boxed{12}. It could also be 13.': another value offered
    if pending or _denies(denied, own_end, current_value, read, value, same):
        return None
    return current


# A computation: an operation between two values, or an equation ('12 × 3 = 36', 'x + 3 = 10'): working, not a
# statement of what the answer is.
_OPERAND = r"(?:[0-9)}]|(?<![A-Za-z])[A-Za-z](?![A-Za-z]))"  # a number, a bracket, a one-letter unknown
_OPERATION = re.compile(
    _OPERAND
    + r"\s*(?:[-+×*/÷·x<>≤≥≠]|\\(?:times|cdot|div|[lg]eq?|[lg]t|neq?)(?![A-Za-z]))\s*(?:[-(0-9$\\]|[A-Za-z](?![A-Za-z]))"
    r"|[0-9A-Za-z)}\]]\$?\s*="  # an equation has a left side: not '$= 20$' after the answer (a value stated)
)
# A number fused to a word is a modifier, not a value stated: 'the 3-person committee', 'a 5-day trip'.
_MODIFIER = re.compile(r"(?<![\w.])[0-9]+-(?=[^\W\d_])")
# A value as the text writes it: '-3', '1,250', '2.5', '3/4', '\frac{3}{4}' (a fraction is one value, not two numbers).
_NUMBER = re.compile(
    r"(?<![0-9.])(-?)(?:\\[dt]?frac\s*\{\s*(-?[0-9]+)\s*\}\s*\{\s*([0-9]+)\s*\}|([0-9][0-9,]*(?:\.[0-9]+)?)(?:\s*/\s*([0-9]+)(?![0-9.]))?)"
)


# A line of a breakdown: a list item or a table row ('- Base plan: $15', '| 1 | 12 | 12 |', '2. 480 ÷ 4 = 120').
_BREAKDOWN_LINE = re.compile(
    r"(?im)^[ \t]*(?:[-*•][ \t]|\||[0-9]{1,2}[.)][ \t]|(?:\*\*|#+[ \t]*)?(?:"
    + either(STEP_WORDS)
    + r")[ \t]*[0-9]{1,2}\b)"
)


# A repeating decimal: '-1.\overline{3}' is -4/3, one value (not -1 and 3).
_REPEATING = re.compile(r"(-?)([0-9]+)\.([0-9]*)\\overline\s*\{([0-9]+)\}")


def _repeating(m: re.Match) -> str:
    whole, fixed, cycle = m.group(2), m.group(3), m.group(4)
    value = Fraction(int(whole + fixed + cycle) - int(whole + fixed), (10 ** len(cycle) - 1) * 10 ** len(fixed))
    return f"{m.group(1)}\\frac{{{value.numerator}}}{{{value.denominator}}}"


def _numbers(text: str) -> set[Fraction]:
    """The values a text writes, exactly."""
    out = set()
    text = _REPEATING.sub(_repeating, text) if "overline" in text else text
    for sign, num, den, plain, over in _NUMBER.findall(text):
        try:
            value = Fraction(num) / Fraction(den) if num else Fraction(plain.replace(",", "")) / Fraction(over or 1)
        except (ValueError, ZeroDivisionError):
            continue
        out.add(-value if sign else value)
    return out


def _new_value(sentence: str, known: _Known, at: int, text: str, read) -> bool:
    """A sentence after the answer that states another value: another answer, whatever its words ('...though
    honestly I'd bet on 19.', 'Pero bueno, yo pondría 43.'). Not working (an operation or an equation, a list item
    or a table row of a breakdown); not a sentence that restates the answer with a detail ('So 56 cupcakes were sold,
    and 14 were left over.'); not quantities the text already had, compared ('That's 35 more than the 140 she
    planned.': one value alone may be a coincidence, 'Let me go with 10 instead.' after 'dividing 9 by 10'); and not a sentence about the problem's other things, one that shares a word with the question or the
    text before the answer ('That's 3 more than Sam had.'). But a value in a hedge is offered, and a value with the
    answer's own unit is another answer
    ('In summary, Jane has 46 stickers.' after '48 stickers'), and so is one whose only shared word is that unit
    ('Although 8 hours might also work.' after 'Final answer: 9 hours')."""
    line = text.rfind("\n", 0, at + 1) + 1
    if _OPERATION.search(sentence) or _BREAKDOWN_LINE.match(text, line):
        return False
    located = read(_MODIFIER.sub(" ", _LEAD.sub("", _TRAIL.sub("$", sentence))))
    values = _numbers(located[0]) if located is not None else set()
    if not values:
        return located is not None  # a value in words or symbols: compared as it is
    said = _numbers(sentence)
    if said & known.answer_values:
        return False
    if _HEDGED.search(sentence):
        return True  # 'Although 8 hours might also work.': offered, even a value the text had
    if len(said) > 1 and said <= known.values():
        return False  # quantities the text had, compared: 'That's 35 more than the 140 she planned.'
    if _measures(sentence, known.units) - known.measures:
        return True  # the answer's unit on a quantity the text never wrote with it
    if values - known.values():
        return True  # a value the text never had: another answer, whatever the sentence is about
    return not (content_words(sentence) - known.units) & known.words()


# A hedge anywhere in a sentence ('8 hours might also work', 'Vielleicht aber auch 30'): not 'or', which joins
# things a sentence describes.
_HEDGED = re.compile(r"(?i)\b(?:" + either({k: v for k, v in ALTERNATIVE.items() if k != "es pt fr de it ru uk"}) + r")\b|"
                     + CJK_ALTERNATIVE_WORDS)  # fmt: skip

# The word after a value: its unit or what it counts ('48 stickers', '9 **hours**', '3.5 km').
_UNIT_AFTER_VALUE = re.compile(r"(?<![0-9.,])[0-9][0-9,]*(?:\.[0-9]+)?\$?(?:\*\*)?\s*(?:\*\*)?([^\W\d_]{2,})")


def _measures(text: str, units: set[str] | None = None) -> set[tuple[Fraction, str]]:
    """Each value with the word after it ('48 stickers' -> (48, 'stickers')), only those in `units` when given."""
    out = set()
    for m in _UNIT_AFTER_VALUE.finditer(text):
        unit = m.group(1).lower()
        if units is None or unit in units:
            out |= {(v, unit) for v in _numbers(m.group(0))}
    return out


# What ends a sentence after its last math region: '$7.51$!' is 7.51, not a factorial.
_TRAIL = re.compile(r"\$[.!?]+\s*$")


class _Known:
    """What a text had before its answer (that part, and the question), read once, when a sentence after the answer
    first states a value: its words and values, the answer's values (what the answer states), the answer's units (the
    word after the answer's value wherever the text or the question writes it: '48 stickers') and each value the text
    wrote with one of those units ('60 miles')."""

    def __init__(self, text: str, answer: str, question: str):
        self.before, self.answer = text + "\n" + question, answer

    @cached_property
    def answer_values(self) -> set[Fraction]:
        return _numbers(self.answer)

    @cached_property
    def units(self) -> set[str]:
        return {unit for v, unit in _measures(self.before + "\n" + self.answer) if v in self.answer_values}

    @cached_property
    def measures(self) -> set[tuple[Fraction, str]]:
        return _measures(self.before, self.units)

    @cached_property
    def _words(self) -> set[str]:
        return content_words(self.before)

    @cached_property
    def _values(self) -> set[Fraction]:
        return _numbers(self.before) - self.answer_values

    def words(self) -> set[str]:
        return self._words

    def values(self) -> set[Fraction]:
        return self._values


def disowns(text: str, start: int) -> bool:
    """The text disowns what it stated before `start`, after it: 'placeholder, I did not actually solve it'."""
    return start >= 0 and _DISOWNED.search(text, start) is not None


def _denies(denied: Sequence[tuple[int, str]], after: int, current: Any, read, value, same) -> bool:
    """The text negates its answer after giving it: '\boxed{42}. The answer is not 42.'"""
    for pos, said in denied:
        if pos < after or current is None:
            continue
        located = read(said)
        if located is not None and (v := value(located)) is not None and same(current, v) is True:
            return True
    return False


# An alternative that names a unit after its number ('or 1 day'), not a condition ('forse 31 se ...')
_UNIT_AFTER = re.compile(r"[^0-9\n]{0,30}?-?[0-9][0-9.,/]*\s*(?!(?:" + IF_WORDS + r"|when|unless)\b)[^\W\d_]{2,}")


# Two math regions with a slash between them, outside math: two values side by side ('$\frac{7}{12}$ / $\frac{43}{12}$');
# a division is written inside the math.
_BETWEEN_REGIONS = re.compile(r"(?<=\$)\s*/\s*(?=\$)")


def _two_values(span: str, read, value, same, math: bool = False) -> bool:
    """A statement that offers two different values: '$22$ / $23$'; gsm8k also 'La respuesta es 12 o 18', 'the
    answer is 12 or 18' (for the math task 'x = 2 or x = 3' is one answer, its roots)."""
    between = list(_BETWEEN_REGIONS.finditer(span)) if "$" in span else []
    for m in between + ([] if math else list(_ALTERNATIVE.finditer(span))):
        if _UNIT_AFTER.match(span, m.start()):
            continue  # 'The answer is 24 hours, or 1 day.': the value again in another unit
        before, after = read(span[: m.start()]), read(span[m.start() :])
        one = value(before) if before is not None else None
        other = value(after) if after is not None else None
        if one is not None and other is not None and same(one, other) is False:
            return True
    return False


def _offered_inside(span: str, current_value: Any, read, value, same) -> bool:
    """An '(or X)' aside inside the statement itself with another value."""
    for aside in _OR_ASIDE.finditer(span):
        if current_value is None and (before := read(span[: aside.start()])) is not None:
            current_value = value(before)  # '18 \text{ (or } 21\text{)}' as a whole reads as no value: its first
        other = read(aside.group(1))
        said = value(other) if other is not None else None
        if said is not None and current_value is not None and same(current_value, said) is False:
            return True
    return False
