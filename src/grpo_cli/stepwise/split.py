"""Reasoning steps: the one splitter every step scorer uses, and where each step ends in tokens.

A step scorer (the arithmetic checker in `grpo_cli.stepwise.arithmetic`, a learned PRM in `grpo_cli.stepwise.prm`) gives one score per
step; process-supervised GRPO (`grpo_cli.stepwise.advantage`) puts each step's reward on the token that ends it. Both need the
same steps, so they come from here:

- Where: the reasoning only. Inside `<think>...</think>`; a completion cut off inside `<think>` (truncated) keeps
  what it wrote; without `<think>`, everything before `</think>` or `<answer>`, else the whole text.
- How (`mode`): `blank_line` splits at blank lines (Qwen2.5-Math-PRM's convention: steps are paragraphs joined by
  "\\n\\n"); `line` at line breaks (GSM8K's worked solutions); `sentence` after . ! ? ; followed by a space;
  `clause` also at ", " (the toy task's working, "9+2=11, 11-3=8"). `auto` (the default) takes the first of these
  that yields at least two steps, so a paragraph-per-step answer splits at blank lines and a one-line working at
  its clauses; a reasoning that no rule splits is one step.
- Positions: `Step.start` / `Step.end` are character offsets into the completion text (the step's text is
  `text[start:end]`, stripped of surrounding whitespace); `with_token_ends` adds `Step.token_end`, the index of
  the completion token holding the step's last character, found by decoding token prefixes (any tokenizer works,
  character-level or byte-level BPE).

Pure Python, no torch: the splitter runs inside reward functions and in `grpo report`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

SPLIT_MODES = ("auto", "blank_line", "line", "sentence", "clause")

# Separators per mode; each step is the text between two separator matches. Sentences end at . ! ? ; followed by
# whitespace (a decimal point is followed by a digit, so "3.5" never splits); clauses also at a comma + whitespace
# (a thousands separator has no space: "1,000" never splits).
_SEPARATORS = {
    "blank_line": re.compile(r"\n[ \t]*\n\s*"),
    "line": re.compile(r"\n\s*"),
    "sentence": re.compile(r"(?<=[.!?;])\s+"),
    "clause": re.compile(r"(?<=[.!?;,])\s+"),
}


@dataclass(frozen=True)
class Step:
    text: str  # the step, stripped of surrounding whitespace
    start: int  # character offset of its first character in the completion
    end: int  # character offset just past its last character
    token_end: int | None = None  # index of the completion token holding its last character (with_token_ends)


def reasoning_span(text: str) -> tuple[int, int]:
    """(start, end) character offsets of the reasoning in a completion (see the module docstring)."""
    open_at, close_at = text.find("<think>"), text.find("</think>")
    if open_at != -1:
        start = open_at + len("<think>")
        close_at = text.find("</think>", start)
        if close_at != -1:
            return start, close_at
        answer = text.find("<answer>", start)
        return start, answer if answer != -1 else len(text)
    if close_at != -1:
        return 0, close_at
    answer = text.find("<answer>")
    return 0, answer if answer != -1 else len(text)


def _pieces(text: str, lo: int, hi: int, mode: str) -> list[Step]:
    """The non-blank pieces of text[lo:hi] between matches of the mode's separator, as stripped Steps."""
    steps, cursor = [], lo
    bounds = [(m.start(), m.end()) for m in _SEPARATORS[mode].finditer(text, lo, hi)] + [(hi, hi)]
    for sep_start, sep_end in bounds:
        raw = text[cursor:sep_start]
        stripped = raw.strip()
        if stripped:
            start = cursor + (len(raw) - len(raw.lstrip()))
            steps.append(Step(stripped, start, start + len(stripped)))
        cursor = sep_end
    return steps


def split_steps(text: str, mode: str = "auto") -> list[Step]:
    """The reasoning steps of one completion, in order (empty when the reasoning is blank)."""
    if mode not in SPLIT_MODES:
        raise ValueError(f"unknown step split mode {mode!r}; one of {', '.join(SPLIT_MODES)}")
    lo, hi = reasoning_span(text)
    if mode != "auto":
        return _pieces(text, lo, hi, mode)
    steps: list[Step] = []
    for candidate in ("blank_line", "line", "sentence", "clause"):
        steps = _pieces(text, lo, hi, candidate)
        if len(steps) >= 2:
            return steps
    return steps  # zero or one step: no rule splits it


def token_end(char_end: int, ids: Sequence[int], decode: Callable[[Sequence[int]], str]) -> int:
    """The index of the token that holds character `char_end - 1` of decode(ids): the smallest k with
    len(decode(ids[:k+1])) >= char_end (binary search; decoded prefixes only grow as tokens are added)."""
    lo, hi = 0, len(ids) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if len(decode(ids[: mid + 1])) >= char_end:
            hi = mid
        else:
            lo = mid + 1
    return lo


def with_token_ends(steps: Sequence[Step], ids: Sequence[int], decode: Callable[[Sequence[int]], str]) -> list[Step]:
    """`steps` of the completion decode(ids) with `token_end` filled in. `decode` must be the decoding that produced
    the completion text (TRL: tokenizer.decode(ids, skip_special_tokens=True))."""
    if not ids:
        return [dataclasses.replace(s, token_end=0) for s in steps]
    return [dataclasses.replace(s, token_end=token_end(s.end, ids, decode)) for s in steps]
