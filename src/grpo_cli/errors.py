"""User-facing errors.

Anything the user can fix (a bad recipe key, a wrong value, a missing file, an unreachable Hub) raises
`UserError`. The CLI prints its message as one line on stderr and exits with code 2, with no traceback.
Everything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

EXIT_USER_ERROR = 2


class UserError(Exception):
    """A problem the user can fix. `str(err)` is the one line we print."""


def did_you_mean(name: str, choices: Iterable[str], n: int = 3) -> str:
    """' (did you mean: a, b?)' with the closest valid names, or the full list when none is close."""
    choices = sorted(set(choices))
    close = difflib.get_close_matches(name, choices, n=n, cutoff=0.5)
    if close:
        return f" (did you mean: {', '.join(close)}?)"
    if len(choices) <= 12:
        return f" (valid: {', '.join(choices)})"
    return ""
