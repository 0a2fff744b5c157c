"""The verdict every verifier returns, and the shape of the rewrite tables the readers apply."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

# One row of a rewrite table (gsm8k._CLEAN, latex_text._PRE / _SUBS): a pattern and its replacement, a template or a
# function of the match, as re.sub takes them.
Rewrite = tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]

# Reasons, short ids: ok, wrong, no_answer (nothing found), truncated (cut off before it stated an answer),
# unparseable (found but not readable as an answer),
# too_long, too_complex (beyond the size caps: power towers, huge exponents), timeout, memory, bad_reference
# (the reference itself cannot be parsed: correct is None), no_worker / worker_error (the symbolic fallback failed).
REASONS = (
    "ok",
    "wrong",
    "no_answer",
    "truncated",
    "unparseable",
    "too_long",
    "too_complex",
    "timeout",
    "memory",
    "bad_reference",
    "no_worker",
    "worker_error",
    "error",
)


@dataclass(frozen=True, slots=True)
class Verdict:
    """correct: True / False, or None when the reference cannot be parsed (never scored as 0).
    extracted: the answer read from the completion (None when there is none). reason: one of REASONS."""

    correct: bool | None
    extracted: str | None
    reason: str
