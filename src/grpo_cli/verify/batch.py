"""Many rows at once: the fast path in the caller, the answers it cannot decide and the long rows in the bounded
workers together (verify.bounded), identical (reference, answer) pairs checked once."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Literal

from grpo_cli.verify import math_task, row
from grpo_cli.verify.bounded import pool
from grpo_cli.verify.types import Verdict

Task = Literal["gsm8k", "math"]
Mode = Literal["strict", "flexible", "final"]
MODES: tuple[str, ...] = ("flexible", "strict", "final")
TASKS: tuple[str, ...] = ("gsm8k", "math")
DEFAULT_TIMEOUT = 1.0

logger = logging.getLogger("grpo_cli.verify")


def check_task(task: str) -> None:
    if task not in TASKS:
        raise ValueError(f"unknown verifier task {task!r}; expected one of {', '.join(TASKS)}")


def verify(
    completion: str,
    reference: str,
    task: Task = "gsm8k",
    *,
    timeout: float = DEFAULT_TIMEOUT,
    mode: Mode = "flexible",
    finished: bool = True,
    question: str | None = None,
) -> Verdict:
    """Is the completion's final answer equal to the reference? `reference` is a parsed reference
    (`parse_reference`); a raw GSM8K answer ('... #### 72') or a MATH solution is accepted too. `finished=False`
    says the completion was cut off at the token limit (it did not end by EOS or `</answer>`): then only an answer it
    states (answer tag, box, ####, answer phrase) counts, never the last-number / last-LaTeX fallback, and a phrase
    that runs into the cut is not trusted (reason `truncated`)."""
    return verify_batch(
        [completion], [reference], task, timeout=timeout, mode=mode, finished=finished, questions=[question]
    )[0]


def verify_batch(
    completions: Sequence[str],
    references: Sequence[str],
    tasks: str | Sequence[str] = "gsm8k",
    *,
    timeout: float = DEFAULT_TIMEOUT,
    mode: Mode = "flexible",
    finished: bool | Sequence[bool | None] = True,
    questions: Sequence[str | None] | None = None,
) -> list[Verdict]:
    """`verify` over many rows. Answers the fast path cannot decide go to the bounded symbolic workers together,
    one pipe round-trip each, fanned out over the pool; identical (reference, answer) pairs are checked once.
    `finished`: one flag for all rows or one per row (None = not known, taken as finished). `questions`: the prompt
    of each row (None where unknown): an answer that only restates it is no answer (verify.question)."""
    if len(completions) != len(references):
        raise ValueError(f"{len(completions)} completions but {len(references)} references")
    per_row = [tasks] * len(completions) if isinstance(tasks, str) else list(tasks)
    if len(per_row) != len(completions):
        raise ValueError(f"{len(completions)} completions but {len(per_row)} tasks")
    for task in set(per_row):
        check_task(task)
    done = [finished] * len(completions) if isinstance(finished, bool) else [f is not False for f in finished]
    if len(done) != len(completions):
        raise ValueError(f"{len(completions)} completions but {len(done)} finished flags")
    asked = [None] * len(completions) if questions is None else [q if isinstance(q, str) else None for q in questions]
    if len(asked) != len(completions):
        raise ValueError(f"{len(completions)} completions but {len(asked)} questions")
    verdicts: list[Verdict | None] = [None] * len(completions)
    pending: dict[tuple[str, str], list[tuple[int, str]]] = {}
    budget: dict[tuple[str, str], float] = {}
    whole: list[int] = []  # rows too long for the fast path in this process: they run whole in a worker
    for i, (completion, reference, task) in enumerate(zip(completions, references, per_row, strict=True)):
        start = time.monotonic()
        completion = completion if isinstance(completion, str) else str(completion)
        reference = reference if isinstance(reference, str) else str(reference)
        if (refused := row.too_long(completion, reference)) is not None:
            verdicts[i] = refused
            continue
        if not row.inline(completion, reference):
            whole.append(i)
            continue
        try:
            prepared = row.fast_path(completion, reference, task, mode, done[i], asked[i])
        except Exception:  # a bug must not take a training run down; it is logged and scored as an error
            logger.warning("verifier error on row %d", i, exc_info=True)
            verdicts[i] = Verdict(False, None, "error")
            continue
        if isinstance(prepared, Verdict):
            verdicts[i] = prepared
            continue
        ref_text, pred_text, extracted = prepared
        spent = time.monotonic() - start
        if spent >= timeout:
            verdicts[i] = Verdict(False, extracted, "timeout")
            continue
        key = (ref_text, pred_text)
        cached = math_task.CACHE.get(key)
        if cached is not None:
            verdicts[i] = Verdict(cached[0], extracted, cached[1])
            continue
        pending.setdefault(key, []).append((i, extracted))
        budget[key] = min(budget.get(key, timeout), timeout - spent)
    if pending or whole:
        keys = list(pending)
        jobs: list[tuple[str, tuple]] = [("math", k) for k in keys]
        jobs += [
            ("verify", (str(completions[i]), str(references[i]), per_row[i], mode, done[i], asked[i])) for i in whole
        ]
        # One deadline for the batch's worker jobs: the tightest remaining budget among them.
        results = pool().run(jobs, timeout=min([*budget.values(), timeout]))
        for k, (correct, reason, *_) in zip(keys, results, strict=False):
            math_task.CACHE.put(k, (correct, reason))
            for i, extracted in pending[k]:
                verdicts[i] = Verdict(correct, extracted, reason)
        for i, (correct, reason, *read) in zip(whole, results[len(keys) :], strict=True):
            verdicts[i] = Verdict(correct, read[0] if read else None, reason)
    return [v if v is not None else Verdict(False, None, "error") for v in verdicts]
