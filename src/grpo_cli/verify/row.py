"""One row's verification, the same code whether it runs in the calling process or in a bounded worker.

The fast path (extraction, the gsm8k comparison, the math preparation) is plain Python and cannot be interrupted
from inside the process that runs it. Its cost grows faster than the length of the text for some hostile inputs (a
60 KB power tower '2^2^...^2' took 46-86 s before this bound), so `verify_batch` runs it in the caller only for texts
of at most INLINE_CHARS characters, where the worst case measured by bench/bench_verify_fuzz.py is a small fraction
of the default timeout; a longer row runs whole (fast path and symbolic fallback) as one worker job under the row's
deadline (kind "verify"), and a row past its deadline is a `timeout` like a slow symbolic check.
"""

from __future__ import annotations

from grpo_cli.verify import gsm8k, math_task
from grpo_cli.verify.assertion import Statements, asserted
from grpo_cli.verify.contract import final_reading
from grpo_cli.verify.structure import structured
from grpo_cli.verify.text import ascii_math
from grpo_cli.verify.types import Verdict
from grpo_cli.verify.visible import visible

# Every completion of the 9,101 labelled corpus rows is shorter than 1,600 characters; rows up to this size run in
# the caller (no pipe round-trip), longer ones in a worker with the deadline.
INLINE_CHARS = 2048
# Past this, a completion or reference is not read at all (extraction reads at most the last 64 KiB anyway, and no
# policy's completion at the largest allowed generation length comes near it); it is `too_long`.
MAX_CHARS = 1 << 20


def too_long(completion: str, reference: str) -> Verdict | None:
    """The verdict for a row too large to read, before any work on it; None when it can be read."""
    if len(reference) > MAX_CHARS:
        return Verdict(None, None, "bad_reference")
    if len(completion) > MAX_CHARS:
        return Verdict(False, None, "too_long")
    return None


def inline(completion: str, reference: str) -> bool:
    return len(completion) <= INLINE_CHARS and len(reference) <= INLINE_CHARS


def fast_path(
    completion: str, reference: str, task: str, mode: str, finished: bool, question: str | None = None
) -> Verdict | tuple[str, str, str]:
    """A final Verdict, or (reference, answer, extracted) for the symbolic fallback (math only). `question`: the
    prompt, where known (verify.question)."""
    if mode == "final":  # the R1 format, its value alone, the working ending on it (verify.contract)
        found = final_reading(
            completion,
            lambda t: fast_path(t, reference, task, "strict", finished, question),
            _extracted,
            reference,
            question,
        )
        return Verdict(False, None, "no_answer") if found is None else found
    said = read(completion)
    reference = ascii_math(reference)
    question = ascii_math(question) if question else None
    if task == "gsm8k":
        return gsm8k.verify(said, reference, mode, finished, question)
    return math_task.prepare(said, reference, mode, finished, question)


def _extracted(found: Verdict | tuple[str, str, str]) -> str | None:
    return found.extracted if isinstance(found, Verdict) else found[2]


def read(completion: str) -> Statements:
    """A completion as every reader takes it: what a reader sees (verify.visible), in ASCII number forms
    (verify.text), its structured answers as statements (verify.structure), and only what the model asserts
    (verify.assertion)."""
    return asserted(structured(ascii_math(visible(completion))))


def run_job(
    completion: str, reference: str, task: str, mode: str, finished: bool, question: str | None = None
) -> tuple[bool | None, str, str | None]:
    """A whole row inside a worker: (correct, reason, extracted)."""
    from grpo_cli.verify import symbolic

    try:
        found = fast_path(completion, reference, task, mode, finished, question)
    except (MemoryError, RecursionError):
        raise
    except Exception:  # as in the caller: a bug in the fast path is this row's error, not the worker's death
        return False, "error", None
    if isinstance(found, Verdict):
        return found.correct, found.reason, found.extracted
    ref_text, pred_text, extracted = found
    correct, reason = symbolic.compare(ref_text, pred_text)
    return correct, reason, extracted
