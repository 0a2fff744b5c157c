"""Durations as people read them, shared by the live view (observe/live.py) and `grpo report` (observe/report.py)."""

from __future__ import annotations

import math


def duration(seconds: float | None, *, missing: str, with_seconds: bool) -> str:
    """`missing` for None/NaN/inf. with_seconds=False is the live view's short form ("3h02m", "1m01s", "59s");
    with_seconds=True is the report's fixed form ("3h02m05s", "0m59s")."""
    if seconds is None or not math.isfinite(seconds):
        return missing
    h, rem = divmod(int(round(seconds)), 3600)
    m, s = divmod(rem, 60)
    if with_seconds:
        return f"{h}h{m:02d}m{s:02d}s" if h else f"{m}m{s:02d}s"
    return f"{h}h{m:02d}m" if h else (f"{m}m{s:02d}s" if m else f"{s}s")
