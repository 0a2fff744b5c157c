r"""A text cut off at the token limit (locator family): what it stated before the cut, and what it did not.

A cut-off text is credited only for an answer it states (docs/verifiers.md, Truncation): a complete statement before
the cut (`complete`: 'The answer is 18' could have gone on to 180; 'The answer is 18.' is complete), a loop cut
inside a repeat of a statement written whole (`looped`, `looped_sentence`, `repeated`), a box the model ended without
closing (`unclosed_box`), a bold statement before a check or a breakdown that was cut (`stated_before_check`), a
concluding paragraph (`CONCLUSION`); not one it took back before the cut (`RETRACTED`). Examples both ways:
tests/test_verify_gsm8k.py, tests/verify_cases.py.
"""

from __future__ import annotations

import re

from grpo_cli.verify.lexicon import (
    BREAKDOWN,
    CONCLUDE_EN,
    RETRACTIONS,
    STEP_WORDS,
    either,
)
from grpo_cli.verify.numbers import NUMBER_RE
from grpo_cli.verify.region import (
    CHECK,
    TRAILER,
    unmarked,
)
from grpo_cli.verify.sources import (
    SENTENCE_END,
    THINK_CLOSE,
    THINK_OPEN,
    phrase_span,
)

STATEMENT = re.compile(r"[^=\n.!?]{0,160}[0-9](?:[^=\n.!?]|\.(?=[0-9])){0,80}[.!]")  # one sentence, no working

BOLD_VALUE = re.compile(r"\*\*[^*\n]{0,40}[0-9][^*\n]{0,40}\*\*")

# A section after the answer that shows how it was reached: '### Breakdown', '**Details:**'.
_BREAKDOWN = re.compile(r"(?i)(?:\*\*)?(?:" + either(BREAKDOWN) + r")\b")

# A complete last sentence that concludes, in a paragraph of its own: 'Therefore, John spends 40 hours per week.'
CONCLUSION = re.compile(
    r"\n[ \t]*\n[ \t]*(?:\*\*)?(?i:" + CONCLUDE_EN + r")\b,?(?:[^.!?\n]|\.(?=[0-9])){0,160}?[0-9]"
    r"(?:[^.!?\n]|\.(?=[0-9])){0,160}[.!](?:\*\*)?\s*$"
)


def echoes(before: str, paragraph: str) -> bool:
    """`paragraph` mostly repeats the words of the paragraph before it: a loop, not a conclusion."""
    words = set(re.findall(r"\w+", paragraph.lower()))
    prev = set(re.findall(r"\w+", before.rstrip()[before.rstrip().rfind("\n") + 1 :].lower()))
    return len(words & prev) > 0.6 * len(words | prev)


def stated_before_check(text: str) -> str | None:
    """A cut-off text whose last paragraph is a check or a remark and whose paragraph before it is a complete
    statement of a bold value: the text up to that statement."""
    last = text.rstrip().rfind("\n\n")
    tail = unmarked(text[last + 2 :])
    if last < 0 or not (CHECK.match(text, last + 1) or TRAILER.match(tail) or _BREAKDOWN.match(tail)):
        return None
    before = text[:last].rstrip()
    statement = before[before.rfind("\n") + 1 :]
    return before if BOLD_VALUE.search(statement) and statement.rstrip("*").endswith((".", "!")) else None


def looped_lines(text: str) -> str | None:
    """A cut-off text that repeats its last complete line (at least twice) and is cut inside the next repeat: the
    text up to that line, which was written whole."""
    lines = text.rstrip().split("\n")[-4:]
    if len(lines) < 3:
        return None
    last, prev = lines[-1].strip(), lines[-2].strip()
    if not last or not prev or prev == last or not prev.startswith(last) or lines[-3].strip() != prev:
        return None
    if text.rfind(THINK_OPEN) > text.rfind(THINK_CLOSE):
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


def looped_sentence(text: str) -> str | None:
    """A cut-off text that repeats a complete concluding sentence (at least twice, on one line or in paragraphs of
    their own) and is cut inside the next repeat: 'So the total is 42 + 8 = 50. So the total is 42 + 8 = 50. So the
    total is 42 +'. The text up to the last complete repeat."""
    segments = [part.strip() for part in _SEGMENT.split(text[-1500:].rstrip())]
    segments = [part for part in segments if part]
    if len(segments) < 3 or text.rfind(THINK_OPEN) > text.rfind(THINK_CLOSE):
        return None
    cut, last, before = segments[-1], segments[-2], segments[-3]
    if last != before or last == cut or not last.startswith(cut) or not last.endswith((".", "!")):
        return None
    if not _CONCLUDES.match(last) or not NUMBER_RE.search(last):
        return None  # 'Let me check 12 again.' repeated concludes nothing
    return text.rstrip()[: -len(cut)].rstrip()


def repeated(text: str, cut: str) -> tuple[str, str] | None:
    """A cut-off text that repeats its answer ('The answer is 56.' three times, then 'The answer is 5' at the limit):
    the previous statement, when it is complete and the cut one is the start of it."""
    start = text.rstrip().rfind(cut.strip())
    earlier = phrase_span(text[: max(0, start - 1)]) if start > 0 else None
    if earlier is None:
        return None
    said = earlier[0].strip().rstrip(".")
    if not cut.strip() or not said.startswith(cut.strip()) or not complete(earlier[0], earlier[1], text, False):
        return None
    return earlier[0], "phrase"


def unclosed_box(text: str) -> str | None:
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


def open_braces(span: str) -> int:
    """How many `{` a span leaves open (escaped braces aside)."""
    plain = span.replace("\\{", "").replace("\\}", "")
    return plain.count("{") - plain.count("}")


def complete(span: str, span_end: int, text: str, finished: bool) -> bool:
    """A cut-off completion's last line may be cut inside its number ('The answer is 18' could have gone on to
    '180'): a span that runs to the very end of a truncated text is not trusted, unless its first sentence ended
    before the cut ('The answer is 12. The answer is' repeated until the limit states 12)."""
    if finished or span_end < len(text.rstrip()):
        return True
    if re.search(r"\\(?:boxed|fbox)\s*\{(?![^{}]*\})", span):
        return False  # 'the final answer is \boxed{30.' was cut inside the box: 30.5 or 30.75 or ...
    return text.rstrip()[-1:] in ".!?)]}$" or SENTENCE_END.search(span) is not None or "." + "**" in span


HASHES_DONE = re.compile(r"####[ \t]*[^\n]*[0-9][^\n]*\n\s*$")

# A cut-off text that takes back what it stated and was cut before saying what instead.
RETRACTED = re.compile(
    r"(?i)\b(?:" + RETRACTIONS + r")\b"
    r"(?![,.]?\s*let\s+me\s+(?:double[- ]?)?(?:check|verify)\b(?![^\n]{0,80}\b(?:wrong|mistake|error)\b))"  # 'Wait, let me double-check'
    r"|\bno\s*[,—–-]"
)
