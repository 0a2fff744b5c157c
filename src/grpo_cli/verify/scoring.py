"""The one call every scorer of answers makes: problems, completions, the verifier's settings, whether each finished
-> verdicts (issue 38).

The accuracy reward (rewards.make_accuracy), the eval stage (both readings: the recipe's and strict), filter and
distill (through the eval stage), and `grpo verify` all call `score`, so a completion cannot be read one way by the
reward and another by eval: the question, the truncation flag, the mode and the timeout reach the verifier the same
way from each.

    from grpo_cli.verify import Problem, Scoring, score
    score([Problem("13", "math", "Compute $3 \\cdot 4 + 1$.")], [r"\\boxed{3 \\cdot 4 + 1}"], Scoring())
    # [Verdict(correct=False, extracted=None, reason='no_answer')]: an answer that only restates the question

A problem is anything with `answer` (the parsed reference), `task` and `question` (None where unknown), as
attributes (`data.Problem`) or keys (a samples.jsonl row). The settings are a `Scoring` or a recipe: its
`reward_options.verify_timeout` and `reward_options.verify_mode` are read by name (verify/ imports nothing of the
package outside it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from grpo_cli.verify.batch import DEFAULT_TIMEOUT, verify_batch
from grpo_cli.verify.types import Verdict

DEFAULT_MODE = (
    "flexible"  # the reward's reading (docs/verifiers.md, "Which reading the reward uses"); eval reports both
)


class Problem(NamedTuple):
    """The verifier's part of a problem: the parsed reference, the task, the question as asked (None: unknown)."""

    answer: str
    task: str = "gsm8k"
    question: str | None = None


@dataclass(frozen=True)
class Scoring:
    """The recipe's verifier settings: the budget per answer and the reading (strict: answer slots only; flexible:
    also the last-number / last-LaTeX fallback)."""

    timeout: float = DEFAULT_TIMEOUT
    mode: str = DEFAULT_MODE

    @classmethod
    def of(cls, settings: Any) -> Scoring:
        """A `Scoring` as is; a recipe (or anything with `reward_options`) by its verify_timeout and verify_mode."""
        if isinstance(settings, Scoring):
            return settings
        options = getattr(settings, "reward_options", settings)
        return cls(
            timeout=float(getattr(options, "verify_timeout", DEFAULT_TIMEOUT)),
            mode=str(getattr(options, "verify_mode", DEFAULT_MODE)),
        )

    def reading(self, mode: str) -> Scoring:
        return replace(self, mode=mode)


def _field(problem: Any, name: str, default: Any = None) -> Any:
    if isinstance(problem, Mapping):
        return problem.get(name, default)
    return getattr(problem, name, default)


def score(
    problems: Sequence[Any],
    completions: Sequence[str],
    settings: Any = None,
    finished: bool | Sequence[bool | None] | None = None,
) -> list[Verdict]:
    """One verdict per (problem, completion). `finished`: None or True (every completion ended by itself), False, or
    one flag per row (None = not known, taken as finished); a cut-off completion gets no fallback reading."""
    if len(problems) != len(completions):
        raise ValueError(f"{len(problems)} problems but {len(completions)} completions")
    scoring = Scoring.of(Scoring() if settings is None else settings)
    questions = [_field(p, "question") for p in problems]
    return verify_batch(
        list(completions),
        ["" if (a := _field(p, "answer")) is None else str(a) for p in problems],
        [str(_field(p, "task") or "gsm8k") for p in problems],
        timeout=scoring.timeout,
        # Scoring.mode is a str, strict or flexible wherever it comes from (the recipe's Literal verify_mode, the
        # checked `grpo verify --mode`, eval's verify.MODES); verify_batch types it as that Literal
        mode=scoring.mode,  # type: ignore[arg-type]
        finished=True if finished is None else finished,
        questions=[q if isinstance(q, str) and q.strip() else None for q in questions],
    )
