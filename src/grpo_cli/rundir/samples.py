"""samples.jsonl read by byte offset, never whole: `grpo report` shows a few rows from the start, the middle and the
end of a run whose file may hold gigabytes (a 709 MB one took 2.6 GB when it was loaded to print six rows).

The start is read forward from the first byte; the middle from the file's middle byte; the end from windows read
back from the last byte, each twice as long as the one before, until one holds the last step's first row. Only
(offset, step) pairs are kept while looking; the rows shown are read again at their offsets. A damaged line is met as
`records.read_jsonl` meets one: a torn last line (a killed writer: no newline after it) is passed over silently,
any other line that is not a JSON object with a warning naming its byte offset, a line that is not UTF-8 is a
UserError naming it, and a line longer than MAX_ROW bytes is passed over with a warning.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from grpo_cli import safeio
from grpo_cli.errors import UserError

MAX_ROW = 16 << 20  # bytes of one row read (the report shows 700 characters of it)
WINDOW = 1 << 20  # bytes read back from the end at first


def row_step(row: dict) -> int | None:
    """A row's `step` when it is a finite number (not true/false), else None."""
    step = row.get("step")
    if isinstance(step, (int, float)) and not isinstance(step, bool) and math.isfinite(step):
        return int(step)
    return None


def rows_from(
    path: str | Path, start: int = 0, stop: int | None = None, warned: set[int] | None = None
) -> Iterator[tuple[int, dict]]:
    """(byte offset, row) of every JSON object line that starts in [start, stop), in file order; the line `start`
    falls inside began before it and is left out. `warned`: the offsets already warned about (windows that overlap
    read a line twice; it is named once)."""
    path, warned = Path(path), set() if warned is None else warned
    with open(path, "rb") as fh:
        if start > 0:
            fh.seek(start - 1)
            if fh.read(1) != b"\n":
                _skip_line(fh)
        while stop is None or fh.tell() < stop:
            offset = fh.tell()
            line = fh.readline(MAX_ROW + 1)
            if not line.endswith(b"\n"):
                if len(line) <= MAX_ROW:
                    return  # the end of the file, or its torn last line
                _warn(warned, offset, f"{path} at byte {offset}: a row over {MAX_ROW >> 20} MiB")
                _skip_line(fh)
                continue
            row = _row(line, path, offset, warned)
            if row is not None:
                yield offset, row


def _skip_line(fh: BinaryIO) -> None:
    """Read on past the next newline (or to the end of the file)."""
    while (chunk := fh.readline(1 << 20)) and not chunk.endswith(b"\n"):
        pass


def _warn(warned: set[int], offset: int, what: str) -> None:
    if offset not in warned:
        warned.add(offset)
        print(f"warning: {what} (skipped)", file=sys.stderr)


def _row(line: bytes, path: Path, offset: int, warned: set[int]) -> dict | None:
    if not line.strip():
        return None
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as err:
        raise UserError(
            f"{path} at byte {offset + err.start}: not valid UTF-8 (byte 0x{line[err.start]:02x}); save the file as "
            "UTF-8"
        ) from None
    try:
        row = safeio.load_json(text, f"{path} at byte {offset}")
    except UserError as err:
        _warn(warned, offset, str(err))
        return None
    if not isinstance(row, dict):
        _warn(warned, offset, f"{path} at byte {offset}: not a JSON object")
        return None
    return row


def _stepped(path: Path, warned: set[int], start: int, stop: int | None = None) -> Iterator[tuple[int, int]]:
    """(offset, step) of the rows with a step, from `start`."""
    for offset, row in rows_from(path, start, stop, warned):
        step = row_step(row)
        if step is not None:
            yield offset, step


def _block_start(path: Path, warned: set[int], offset: int, step: int) -> int:
    """The offset of the first row of the run of `step` rows (rows without a step inside it) that reaches `offset`,
    read back in windows that double."""
    window = WINDOW
    while True:
        begin = max(0, offset - window)
        before = list(_stepped(path, warned, begin, offset))
        others = [i for i, (_, s) in enumerate(before) if s != step]
        if others:
            after = before[others[-1] + 1 :]
            return after[0][0] if after else offset
        if begin == 0:
            return before[0][0] if before else offset
        window *= 2


def _last(path: Path, warned: set[int], size: int) -> tuple[int, int] | None:
    """(offset, step) of the last row with a step, read back from the end in windows that double."""
    window = WINDOW
    while True:
        begin = max(0, size - window)
        found = None
        for found in _stepped(path, warned, begin):  # noqa: B007 (the last one is wanted)
            pass
        if found is not None or begin == 0:
            return found
        window *= 2


def _rows_of(path: Path, warned: set[int], offset: int, step: int, per: int) -> list[dict]:
    """The first `per` rows of `step` from `offset` on, up to the first row of another step."""
    rows: list[dict] = []
    for _, row in rows_from(path, offset, None, warned):
        found = row_step(row)
        if found is None:
            continue
        if found != step or len(rows) == per:
            break
        rows.append(row)
    return rows


def sample_picks(path: str | Path, per: int = 2) -> dict[str, tuple[int, list[dict[str, Any]]]]:
    """{"start" | "middle" | "end": (step, its first `per` rows)}: the run's first step, the step at the file's
    middle byte and its last step; {} when the file is missing or no row has a step."""
    path = Path(path)
    if not path.is_file():
        return {}
    size, warned = path.stat().st_size, set[int]()
    first = next(_stepped(path, warned, 0), None)
    if first is None:
        return {}
    middle = next(_stepped(path, warned, size // 2), None) or first
    last = _last(path, warned, size) or first
    out = {}
    for name, (offset, step) in (("start", first), ("middle", middle), ("end", last)):
        out[name] = (step, _rows_of(path, warned, _block_start(path, warned, offset, step), step, per))
    return out
