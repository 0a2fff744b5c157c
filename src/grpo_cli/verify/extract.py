r"""Where the final answer is in a completion.

Sources, in priority order (the first that yields a non-empty span wins, wherever it sits in the text):

1. the last complete `<answer>...</answer>`;
2. the last brace-matched `\boxed{...}` (or `\fbox{...}`, or `\boxed 5`);
3. the last `#### ...` line (GSM8K's own format);
4. the last "answer is ..." / "Final answer: ..." phrase;
5. flexible mode only: the last number in the text.

So `#### 72 ... took 3 steps` reads 72: the `####` line outranks later numbers. Every scan here is linear in the
text (regexes without nested quantifiers, one pass of brace matching), and completions longer than `MAX_SCAN`
characters are only searched in their last `MAX_SCAN` characters for sources 2-5, so a 1 MB completion costs a
few milliseconds.
"""

from __future__ import annotations

import re

from grpo_cli.verify.numbers import NUMBER_RE

MAX_SCAN = 65_536
MAX_SPAN = 4_000

_OPEN, _CLOSE = "<answer>", "</answer>"
_BOX_TOKENS = re.compile(r"\\(?:boxed|fbox)(?![A-Za-z])[ \t]*(?P<brace>\{)?|\\[{}]|[{}]")
_BARE = re.compile(r"[^\s${}]{1,200}")
_HASHES = re.compile(r"####[ \t]*([^\n]*)")
# "answer is", "answer:", "Final answer:", "**Answer:**", "the final answer is: " ...
_PHRASE = re.compile(r"(?i)\b(?:final\s+)?answer\b(?:\*\*)?[ \t]*(?:is\b[ \t]*:?|:|=)[ \t]*(?:\*\*)?[ \t]*")
_MATH_SPAN = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)


def last_tag(text: str, open_tag: str = _OPEN, close_tag: str = _CLOSE) -> str | None:
    """Content of the last complete open_tag...close_tag pair (an unclosed, truncated last tag is skipped)."""
    last_close = text.rfind(close_tag)
    if last_close == -1:
        return None
    start = text.rfind(open_tag, 0, last_close)
    if start == -1:
        return None
    start += len(open_tag)
    return text[start : text.find(close_tag, start)]


def last_boxed(text: str) -> str | None:
    r"""Content of the last `\boxed{...}` whose braces close (or of a bare `\boxed 5`), in one linear pass."""
    if "\\boxed" not in text and "\\fbox" not in text:
        return None
    best_start, best = -1, None
    stack: list[tuple[int, int] | None] = []  # per open brace: (boxed start, content start) or None
    for m in _BOX_TOKENS.finditer(text):
        tok = m.group(0)
        if tok[0] == "\\" and tok[1] in "bf":
            if m.group("brace"):
                stack.append((m.start(), m.end()))
            else:  # \boxed 5: the next token
                bare = _BARE.match(text, m.end())
                if bare and m.start() > best_start:
                    best_start, best = m.start(), bare.group(0)
        elif tok == "{":
            stack.append(None)
        elif tok == "}" and stack:
            top = stack.pop()
            if top is not None and top[0] > best_start:
                best_start, best = top[0], text[top[1] : m.start()]
    return best


def hashes_span(text: str) -> str | None:
    spans = _HASHES.findall(text)
    return spans[-1] if spans else None


def phrase_span(text: str) -> str | None:
    last = None
    for last in _PHRASE.finditer(text):  # noqa: B007 - we want the last match
        pass
    if last is None:
        return None
    rest = text[last.end() : last.end() + MAX_SPAN]
    # The answer runs to the end of its line, or to the end of a $...$ block that starts it.
    math = _MATH_SPAN.match(rest)
    if math:
        return next(g for g in math.groups() if g is not None)
    return rest.split("\n", 1)[0]


def last_number_span(text: str) -> str | None:
    last = None
    for last in NUMBER_RE.finditer(text):  # noqa: B007
        pass
    return last.group(0) if last else None


def find_span(text: str, mode: str = "flexible") -> tuple[str, str] | None:
    """(span, source) of the final answer, or None. source is one of: answer_tag, boxed, hashes, phrase, last_number."""
    if not isinstance(text, str) or not text:
        return None
    span = last_tag(text)
    if span is not None and span.strip():
        return span, "answer_tag"
    tail = text[-MAX_SCAN:]
    span = last_boxed(tail)
    if span is not None and span.strip():
        return span, "boxed"
    span = hashes_span(tail)
    if span is not None and span.strip():
        return span, "hashes"
    span = phrase_span(tail)
    if span is not None and span.strip():
        return span, "phrase"
    if mode == "flexible":
        span = last_number_span(tail)
        if span is not None:
            return span, "last_number"
    return None


def math_regions(span: str) -> list[str]:
    """The $...$ / \\(...\\) / \\[...\\] regions of a span, in order."""
    return [next(g for g in m.groups() if g is not None) for m in _MATH_SPAN.finditer(span)]
