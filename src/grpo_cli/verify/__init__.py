"""Answer verification: the single source of truth for GRPO rewards and for eval pass@k.

    from grpo_cli.verify import verify
    verify("... so she has <answer>72</answer>", "72")            # Verdict(correct=True, extracted='72', reason='ok')
    verify(r"... \\boxed{\\frac{9}{5}}", r"1\\frac{4}{5}", "math")   # Verdict(correct=True, ...)

Two tasks: `gsm8k` (the reference is a number) and `math` (the reference is a LaTeX answer). A completion's final
answer is taken from, in order: the last <answer>...</answer>, the last \\boxed{...}, a '#### N' line, an
'answer is' / 'Final answer:' phrase and, in flexible mode only and for a completion that was not cut off, the
last number (gsm8k) or the last LaTeX region (math) (verify.extract).

Safety: nothing in a completion is executed (no eval/exec/sympify/parse_expr of text); every verification is bounded
in time (`timeout`, default 1 s, in any thread) and memory, and returns False with reason "timeout" when the budget
runs out: a completion longer than `row.INLINE_CHARS` is read whole in a bounded worker (verify.row), so extraction is
under the deadline too. Plain Python: importing this package imports neither sympy nor torch.
See docs/verifiers.md for the rules, the tolerance and the benchmark.
"""

from __future__ import annotations

import logging
import threading

from grpo_cli.verify import gsm8k, math_task, row
from grpo_cli.verify.batch import DEFAULT_TIMEOUT, MODES, TASKS, Mode, Task, check_task, verify, verify_batch
from grpo_cli.verify.bounded import pool, shutdown
from grpo_cli.verify.contract import final_reading
from grpo_cli.verify.scoring import Problem, Scoring, score
from grpo_cli.verify.text import ascii_math
from grpo_cli.verify.types import REASONS, Verdict

__all__ = [
    "DEFAULT_TIMEOUT",
    "MODES",
    "REASONS",
    "TASKS",
    "Problem",
    "Scoring",
    "Verdict",
    "answer_key",
    "extract_answer",
    "parse_reference",
    "score",
    "shutdown",
    "verify",
    "verify_batch",
    "warm_up",
]

logger = logging.getLogger(__name__)


def extract_answer(completion: str, task: Task = "gsm8k", mode: Mode = "flexible", finished: bool = True) -> str | None:
    """The final answer of a completion as the verifier reads it (gsm8k: a canonical number such as '1234')."""
    check_task(task)
    if mode == "final":  # the R1 format, its value alone, the working ending on it (verify.contract)
        return final_reading(completion, lambda t: extract_answer(t, task, "strict", finished), lambda x: x)
    said = row.read(completion)
    if task == "gsm8k":
        return gsm8k.extract(said, mode, finished)
    found = math_task.locate(said, mode, finished)
    if found is None:
        return None
    return math_task.answer_text(found[0], found[1]) or None


def parse_reference(raw: str, task: Task = "gsm8k") -> str | None:
    """A dataset's raw answer field -> the reference `verify` takes; None when it cannot be parsed.
    gsm8k: '... #### 1,234' -> '1234'. math: a LaTeX answer, or a solution's last \\boxed{} content."""
    check_task(task)
    if raw is None:
        return None
    raw = ascii_math(str(raw))
    return gsm8k.parse_reference(raw) if task == "gsm8k" else math_task.parse_reference(raw)


def answer_key(extracted: str | None, task: Task = "gsm8k") -> str | None:
    """A canonical string that equivalent answers share ('0.5', '\\frac12' and '1/2' -> '1/2'): groups for maj@k."""
    check_task(task)
    if extracted is None:
        return None
    extracted = ascii_math(str(extracted))
    return gsm8k.answer_key(extracted) if task == "gsm8k" else math_task.key(extracted)


def warm_up() -> None:
    """Start the symbolic workers in the background (math task), so the first reward batch does not wait for them."""

    def _start() -> None:
        try:
            pool().run([("sleep", (0,))], timeout=60)
        except Exception:  # warm-up is an optimisation only
            logger.debug("verifier warm-up failed", exc_info=True)

    threading.Thread(target=_start, name="grpo-verify-warmup", daemon=True).start()
