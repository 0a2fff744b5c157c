"""`grpo verify FILE.jsonl`: score completions against references with the same verifier GRPO rewards use.

Each input line is a JSON object with `completion` (text, or a conversational list of messages) and `answer` (a raw
or parsed reference), and optionally `task` (gsm8k | math; it wins over --task) and `question`, else `prompt` (what
was asked: an answer that only restates it is no answer, docs/verifiers.md). Rows are scored by `verify.score`, the
call the accuracy reward and `grpo eval` make. Every valid row is written back
unchanged plus `correct` (true/false/null), `extracted` and `reason`: to --out, or to stdout when there is no --out
(then the summary goes to stderr). Malformed lines are reported with their line number and skipped.
Plain Python: no torch/transformers/trl/datasets import.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import IO, Annotated, Any

import typer

from grpo_cli import safeio
from grpo_cli.commands.options import JsonOpt, OldOutOpt, output_option, pick_output
from grpo_cli.config import is_task
from grpo_cli.errors import EXIT_USER_ERROR, UserError, did_you_mean

CHUNK = 4096
MAX_TIMEOUT = 3600.0  # one verification never needs an hour; a larger value is a typo (or inf)


def _read_rows(handle: IO[bytes], default_task: str, tasks: tuple[str, ...], problems: list[str]):
    """(row, completion text, reference, task) per valid line; problems get 'line N: why' for the others."""
    from grpo_cli.rewards import completion_text
    from grpo_cli.verify import parse_reference
    from grpo_cli.verify import row as row_bounds

    for lineno, raw in safeio.read_lines(handle):
        if raw is None:
            problems.append(f"line {lineno}: longer than {safeio.size_text(safeio.MAX_LINE_BYTES)}, not read")
            continue
        if not raw.strip():
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            problems.append(f"line {lineno}: not valid UTF-8 (byte 0x{raw[err.start]:02x})")
            continue
        try:
            # exact: each number is written back as it was read, and NaN / Infinity (not JSON) skip the row
            row = safeio.load_json(line, f"line {lineno}", exact=True)
        except UserError as err:
            problems.append(str(err))
            continue
        if not isinstance(row, dict):
            problems.append(f"line {lineno}: expected a JSON object, got {type(row).__name__}")
            continue
        missing = [k for k in ("completion", "answer") if k not in row]
        if missing:
            problems.append(f"line {lineno}: missing {' and '.join(repr(k) for k in missing)}")
            continue
        task = row.get("task") or default_task
        if not is_task(task):  # config.TASKS, the verifier's (a test holds them equal)
            problems.append(f"line {lineno}: unknown task {task!r}{did_you_mean(str(task), tasks)}")
            continue
        completion = row["completion"]
        if not isinstance(completion, (str, list, dict)):
            problems.append(f"line {lineno}: 'completion' must be text or a list of messages")
            continue
        answer = row["answer"]
        if answer is None or isinstance(answer, (dict, list, bool)):
            problems.append(f"line {lineno}: 'answer' must be text or a number")
            continue
        try:
            text = completion_text(completion)
            # A long answer (a written-out solution) is parsed by verify_batch itself, where a long row runs in a
            # bounded worker under the deadline; a short one here, as the reward's references are at load time.
            given = str(answer)
            reference = (parse_reference(given, task) or given) if row_bounds.inline("", given) else given
        except Exception as err:  # one unreadable row is skipped with its line, never the rows after it
            problems.append(f"line {lineno}: cannot read this row ({safeio.cut(str(err) or type(err).__name__)})")
            continue
        yield row, text, reference, task


def _question(row: dict) -> str | None:
    """The question a row was asked: its `question`, else its `prompt` (text, or the user text of a conversational
    prompt), as the accuracy reward reads TRL's `prompts` (rewards.prompt_text)."""
    from grpo_cli.rewards import prompt_text

    asked = row.get("question")
    return prompt_text(asked if asked is not None else row.get("prompt"))


def _chunks(rows, size: int):
    chunk = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run_verify(path: str, task: str, out: str | None, as_json: bool, mode: str, timeout: float) -> dict[str, Any]:
    from grpo_cli.verify import MODES, TASKS, Problem, Scoring, score

    if task not in TASKS:
        raise UserError(f"--task {task!r} is not a verifier task{did_you_mean(task, TASKS)}")
    if mode not in MODES:
        raise UserError(f"--mode {mode!r}: expected one of {', '.join(MODES)}")
    if not (math.isfinite(timeout) and 0 < timeout <= MAX_TIMEOUT):
        raise UserError(f"--timeout {timeout}: must be a number of seconds in (0, {MAX_TIMEOUT:g}]")
    if path != "-":
        src = Path(path)
        if not src.exists():
            raise UserError(f"input file not found: {path}")
        if src.is_dir():
            raise UserError(f"{path} is a directory; pass a .jsonl file")
        if out and Path(out).exists() and os.path.samefile(src, out):
            raise UserError(f"--output {out} is the input file; write the scored rows to another file")
    problems: list[str] = []
    reasons: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        handle = sys.stdin.buffer if path == "-" else stack.enter_context(open(path, "rb"))  # noqa: SIM115
        # --out is written to a temporary file beside it and renamed when complete: a crash or a full disk leaves
        # the old file (or none), never half of the rows.
        sink = stack.enter_context(safeio.atomic_writer(out)) if out else sys.stdout
        for chunk in _chunks(_read_rows(handle, task, TASKS, problems), CHUNK):
            verdicts = score(
                [Problem(r, t, _question(row)) for row, _, r, t in chunk],
                [c for _, c, _, _ in chunk],
                Scoring(timeout=timeout, mode=mode),
                # a row may say it was cut off at the token limit: "finished": false, or grpo eval's "truncated": true
                [row.get("finished", not row.get("truncated", False)) is not False for row, *_ in chunk],
            )
            for (row, *_), v in zip(chunk, verdicts, strict=True):
                reasons[v.reason] += 1
                counts["correct" if v.correct else "wrong" if v.correct is False else "unscorable"] += 1
                scored = {**row, "correct": v.correct, "extracted": v.extracted, "reason": v.reason}
                sink.write(safeio.dumps_row(scored) + "\n")
            for p in problems:
                print(f"warning: {p} (skipped)", file=sys.stderr)
            counts["malformed"] += len(problems)
            problems.clear()
        for p in problems:
            print(f"warning: {p} (skipped)", file=sys.stderr)
        counts["malformed"] += len(problems)
    sys.stdout.flush()
    seconds = time.perf_counter() - start
    rows = counts["correct"] + counts["wrong"] + counts["unscorable"]
    scorable = counts["correct"] + counts["wrong"]
    return {
        "rows": rows,
        "correct": counts["correct"],
        "wrong": counts["wrong"],
        "unscorable": counts["unscorable"],
        "timeouts": reasons["timeout"],
        "malformed": counts["malformed"],
        "accuracy": counts["correct"] / scorable if scorable else None,
        "reasons": dict(reasons.most_common()),
        "seconds": round(seconds, 3),
        "rows_per_second": round(rows / seconds, 1) if seconds > 0 else None,
        "out": out,
    }


def format_summary(s: dict[str, Any]) -> str:
    acc = "n/a" if s["accuracy"] is None else f"{100 * s['accuracy']:.1f}%"
    lines = [
        f"rows {s['rows']}  correct {s['correct']}  wrong {s['wrong']}  unscorable {s['unscorable']}  "
        f"timeouts {s['timeouts']}  malformed {s['malformed']}",
        f"accuracy {acc} over {s['correct'] + s['wrong']} scorable rows; {s['seconds']:.2f} s"
        + (f" ({s['rows_per_second']:.0f} rows/s)" if s["rows_per_second"] else ""),
    ]
    if s["reasons"]:
        lines.append("reasons: " + ", ".join(f"{k} {v}" for k, v in s["reasons"].items()))
    if s["out"]:
        lines.append(f"wrote {s['out']}")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    @app.command("verify")
    def verify(
        file: str = typer.Argument(
            ..., metavar="FILE.jsonl", help="JSONL rows with completion and answer ('-' = stdin)."
        ),
        task: str = typer.Option("gsm8k", "--task", help="gsm8k (numbers) or math (LaTeX); a row's own 'task' wins."),
        output: Annotated[
            str | None, output_option("Write the rows with correct/extracted/reason to this file (default: stdout).")
        ] = None,
        out: OldOutOpt = None,
        as_json: JsonOpt = False,
        mode: str = typer.Option(
            "flexible",
            "--mode",
            help="flexible (last number as a fallback), strict (answer slots only) or final (the R1 format only).",
        ),
        timeout: float = typer.Option(1.0, "--timeout", help="Seconds per verification before it counts as wrong."),
    ) -> None:
        """Score completions against reference answers with the verifier GRPO's accuracy reward uses. Exits 2 when no
        row could be scored (no valid row, or no reference the verifier can read)."""
        out = pick_output(output, out)
        summary = run_verify(file, task, out, as_json, mode, timeout)
        stream = sys.stdout if out else sys.stderr
        text = json.dumps(summary) if as_json else format_summary(summary)
        print(text, file=stream)
        if summary["correct"] + summary["wrong"] == 0:
            print(
                f"error: no row of {file} could be scored ({summary['rows']} rows read, {summary['unscorable']} of "
                f"them unscorable, {summary['malformed']} malformed lines); each row needs 'completion' and an 'answer' "
                "the verifier can read for its task (--task)",
                file=sys.stderr,
            )
            raise typer.Exit(EXIT_USER_ERROR)
