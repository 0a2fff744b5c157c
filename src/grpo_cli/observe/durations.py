"""Durations as people read them, one function for the live view (observe/live.py), `grpo report`
(observe/report/) and `grpo estimate`'s table (commands/estimate.py). Plain Python."""

from __future__ import annotations

import math
from typing import Literal


def duration(seconds: float | None, *, form: Literal["short", "full", "decimal"], missing: str = "-") -> str:
    """`missing` for None/NaN/inf. short is the live view's ("3h02m", "1m01s", "59s"); full is the report's fixed
    form ("3h02m05s", "0m59s"); decimal is the estimate's, one unit with decimals ("59.0 s", "1.5 min", "2.00 h")."""
    if seconds is None or not math.isfinite(seconds):
        return missing
    if form == "decimal":
        if seconds < 90:
            return f"{seconds:.1f} s"
        if seconds < 5400:
            return f"{seconds / 60:.1f} min"
        return f"{seconds / 3600:.2f} h"
    h, rem = divmod(int(round(seconds)), 3600)
    m, s = divmod(rem, 60)
    if form == "full":
        return f"{h}h{m:02d}m{s:02d}s" if h else f"{m}m{s:02d}s"
    return f"{h}h{m:02d}m" if h else (f"{m}m{s:02d}s" if m else f"{s}s")
