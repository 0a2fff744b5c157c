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

from grpo_cli.verify.fallback_math import last_math_span
from grpo_cli.verify.fallback_number import (
    AFTER_VALUE,
    WORKING,
    declined,
    last_number_span,
    trailing_aside,
    without_enumeration,
)
from grpo_cli.verify.hedges import ALTERNATIVE, HEDGED, OTHER_VALUE, REREADING, TAG_ASIDE, WOULD_ASIDE, hedged_after
from grpo_cli.verify.later import (
    TOTAL_LINE,
    TOTAL_SENTENCE,
    final_phrase_after,
    later_phrase,
    oscillates,
    revised_after,
    stated_after,
)
from grpo_cli.verify.lexicon import (
    DEFERRALS,
    TOTAL_ROW,
    either,
)
from grpo_cli.verify.region import (
    CHECK,
    CONCLUDES_AGAIN,
    own_problem,
    without_note,
    without_sign_off,
    without_trailers,
)
from grpo_cli.verify.sources import (
    CLOSE_TAG,
    MAX_SCAN,
    SCALE_WORD,
    SENTENCE_END,
    THINK_CLOSE,
    boxed_answer,
    boxes,
    hashes_span,
    last_tag,
    phrase_span,
    repeated_hashes,
    two_hashes,
    two_readings,
    two_tags,
)
from grpo_cli.verify.truncation import (
    BOLD_VALUE,
    CONCLUSION,
    HASHES_DONE,
    RETRACTED,
    STATEMENT,
    complete,
    echoes,
    looped_lines,
    looped_sentence,
    open_braces,
    repeated,
    stated_before_check,
    unclosed_box,
)


def find_span(text: str, mode: str = "flexible", finished: bool = True, math: bool = False) -> tuple[str, str] | None:
    """`_find_span` on the text without what trails its answer (`TRAILER`), or on the whole text when that states
    nothing."""
    if (
        isinstance(text, str)
        and "would" in text[-2000:]
        and REREADING.search(
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


# The sources that read a finished text's last number or LaTeX when it states its answer in no slot or phrase.
FALLBACKS = frozenset({"last_number", "last_math"})

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
    line_done = not finished and HASHES_DONE.search(text, max(0, len(text) - 200)) is not None
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
    thought = r.text.rfind(THINK_CLOSE)
    rest = r.text[thought + len(THINK_CLOSE) :].strip() if thought >= 0 else ""
    if not rest or (CHECK.match("\n" + rest) and not CONCLUDES_AGAIN.search(rest)):  # nothing, or only a check
        return None
    after = _find_span(r.text[thought + len(THINK_CLOSE) :], r.mode, r.ended, r.math)
    if after is not None:
        return after
    first = rest.split("\n\n", 1)
    if (
        not r.ended
        and len(first) == 2
        and (BOLD_VALUE.search(first[0]) or STATEMENT.fullmatch(first[0]) and not WORKING.search(first[0]))
        and not RETRACTED.search(first[1])
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
    if ALTERNATIVE.match(text, closed) or two_tags(text):
        return _STOP  # '<answer>26</answer> (Or 24, if the first day ...)': a second answer offered
    # a box after the tag ('<answer>42</answer>\n\n\boxed{21}') is compared by value in verify.commitment: the
    # same value in another form ('<answer>7/3 (≈ 2.33)</answer> ... \boxed{\frac{7}{3}}') is that answer
    if r.math and (aside := TAG_ASIDE.search(span)) and span[: aside.start()].strip():
        span = span[: aside.start()]  # '<answer>18 (6 on top, 6 on bottom, 6 vertical)</answer>' (gsm8k: its own)
    # '<answer>40</answer> Oh wait, ... the correct answer is 36', '... Wait — I reported angle B. ... So the answer
    # is 80°.'
    final = stated_after(text, closed, closed)
    if HEDGED.search(final[0] if final else span):
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
    final = stated_after(tail, last_box, box_end)
    if final is not None:
        return final[0], "phrase"
    if hedged_after(tail, box_end) or ALTERNATIVE.match(tail, box_end) or two_readings(tail, found_boxes):
        return _STOP  # '$\boxed{7}$ but $6$ is also plausible', a box per reading: no answer committed to
    if not r.ended and RETRACTED.search(tail, box_end):
        return _STOP  # '\\(\\boxed{16}\\).\n\nWait, that's not right. Let me recompute: the problem asks for' (cut off)
    if scale := SCALE_WORD.match(tail, box_end + (tail[box_end : box_end + 1] == "$")):
        return span + " " + scale.group(1), "boxed"  # 'The factory produces \\boxed{75} thousand widgets.'
    return span, "boxed"


def _unclosed_last_box(r: _Reading) -> tuple[str, str] | None:
    if r.ended and (unclosed := unclosed_box(r.tail)) is not None:
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
    if HEDGED.search(found[0]) or hedged_after(tail, found[1]):
        return None  # 'the answer is 24, but 36 is also possible': no answer committed to
    final = final_phrase_after(tail, found[1]) or revised_after(tail, found[1])
    if final is None and source == "hashes":
        final = later_phrase(tail, found[1])  # '#### 45\nThe answer is 54': what it finally says
    if final is not None:
        found, source = final, "phrase"  # '**Answer: 56** ... so the correct total is actually 54 chairs.'
    if source == "phrase" and (total := TOTAL_LINE.search(tail, found[1]) or TOTAL_SENTENCE.search(tail, found[1])):
        # '**Quick answer: $48** ... - 4 × $12 = $46\n\n**Total cost: $46**', '## Answer: 62 km ... Adding the
        # two legs gives **72 km** in total.'
        found = total.group(1), total.end(1)
    if not complete(found[0], found[1], tail, r.ended or source == "hashes" and r.line_done):
        return repeated(tail, found[0]) if source == "phrase" else repeated_hashes(tail, found[0])
    first = SENTENCE_END.search(found[0])
    if not r.ended and (RETRACTED.search(tail, found[1]) or first and RETRACTED.search(found[0], first.end())):
        return None  # 'The answer is 30.\n\nWait, no — I misread the question; it asks for' (cut off)
    if source == "phrase" and oscillates(tail):
        return None  # 'The answer is 18. The answer is 16. The answer is 18. ...': no answer committed to
    if r.ended and found[1] >= len(tail.rstrip()) and 0 < (open_ := open_braces(found[0])) <= 2:
        return found[0].rstrip() + "}" * open_, source  # 'Final answer: \frac{3}{4' (the model stopped there)
    return found[0], source


def _stated_before_check_rule(r: _Reading) -> tuple[str, str] | None:
    if not r.finished and r.mode == "flexible" and (stated := stated_before_check(r.tail)) is not None:
        return (
            _find_span(stated, r.mode, True, r.math) or _STOP
        )  # '**Ben has 36 marbles.**\n\n### Quick check ✅\n... 3 ×'
    return None


def _cut_off_conclusion(r: _Reading) -> tuple[str, str] | None:
    """A cut-off text that loops a statement, or ends right after a concluding paragraph, is read as finished."""
    if r.finished or r.mode != "flexible":
        return None
    looped = looped_lines(r.tail) or looped_sentence(r.tail)  # 'So Sara has 27 apples.' repeated, then cut in a repeat
    if looped is not None:
        r.tail, r.finished = looped, True
    elif (
        (said := CONCLUSION.search(r.tail, max(0, len(r.tail) - 400)))
        and not WORKING.search(said.group(0))
        and not echoes(r.tail[: said.start()], said.group(0))
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
    if WOULD_ASIDE.search(tail, max(0, len(tail) - 400)) or OTHER_VALUE.search(tail, max(0, len(tail) - 300)):
        return _STOP
    return None


def _last_value(r: _Reading) -> tuple[str, str] | None:
    """Flexible mode, a finished text that does not end on an empty statement: the number (gsm8k) or the LaTeX
    region (math) it ends on."""
    if r.mode != "flexible" or not r.finished or declined(r.tail[-200:]):
        return None
    cut = max(0, len(r.tail) - 1000)  # what trails the value is short: the end is all that is looked at
    tail = trailing_aside(r.tail[:cut] + AFTER_VALUE.sub("", r.tail[cut:], count=1))
    tail = without_enumeration(tail)
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

# A slot that defers to what was stated before it: '\boxed{\text{see above}}', '(ver arriba)' (lexicon.DEFERRALS)
_DEFERS = re.compile(r"(?i)[\s(]*(?:\\text\s*\{)?\s*(?:" + either(DEFERRALS) + r")\s*\}?[\s).]*")

_EMPTY_AFTER_TAG = re.compile(r"(?<=</answer>)\s*<answer>\s*</answer>\s*$")

# A table that ends on its total row: the total is the answer.
_TABLE_TOTAL = re.compile(
    r"(?i)\n[ \t]*\|[ \t]*(?:\*\*)?(?:" + TOTAL_ROW + r")(?:\*\*)?[ \t]*\|"
    r"(?:[ \t]*\|)*[ \t]*(?:\*\*)?[ \t]*([^|*\n]*[0-9][^|*\n]*?)[ \t]*(?:\*\*)?[ \t]*\|[^\n]*\s*$"
)
