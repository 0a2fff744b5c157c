"""Step scores for a batch of completions, and what training and the diagnostics make of them.

`StepScoring` splits each completion into steps (grpo_cli.stepwise.split, the one splitter) and scores them with the recipe's
step scorer: `arithmetic` (grpo_cli.stepwise.arithmetic, rule-based, exact) or `prm` (grpo_cli.stepwise.prm, a learned process reward
model named in the recipe's `prm:` section). Two consumers use the scores:

- the `steps` reward (grpo_cli.rewards): one number per completion, the mean, min or last of its step scores
  (`steps.reduce`), so it works with TRL's GRPOTrainer as it is;
- process-supervised GRPO (`grpo.advantage: process`, grpo_cli.stages.process_grpo): a reward per step, turned into
  token-level advantages by grpo_cli.stepwise.advantage.

Both see the same scores: the last batch is cached by (question, completion), so a recipe with the `steps` reward and
the process advantage scores each completion once.

`batch_metrics` gives the per-step diagnostics logged to metrics.jsonl (names under `steps/`, see STEP_METRICS):
steps per completion, the share of correct steps, the share of completions whose working has a wrong step, the
position of the first wrong step, and, for the arithmetic scorer, the accuracy of each operation (steps/acc/<op>).
A step counts as correct when its score is >= 0.5 (the arithmetic scorer gives 0 or 1; a PRM a probability).

No torch here; a PRM scorer imports it when it is built.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from grpo_cli.config import Recipe
from grpo_cli.stepwise import arithmetic
from grpo_cli.stepwise.split import Step, split_steps
from grpo_cli.verify.arithmetic import find_claims

REDUCTIONS = ("mean", "min", "last")
CORRECT_AT = 0.5  # a step scored at or above this counts as correct in the diagnostics

# The per-step metrics (metrics.jsonl keys) with the live view's labels: batch_metrics' (steps/acc/<op> come on top for
# arithmetic) and the one process-supervised GRPO adds (stages/process_grpo.py).
STEP_METRICS = (
    ("steps/per_completion", "steps"),
    ("steps/correct_frac", "correct steps"),
    ("steps/wrong_working_frac", "wrong working"),
    ("steps/first_wrong_pos", "first wrong step"),
    ("process/zero_std_frac", "zero-std steps"),
)
ACC_PREFIX = "steps/acc/"


class StepScorer(Protocol):
    """scores[i][j] for step j of completion i; None = the step is not scored."""

    @property
    def name(self) -> str: ...  # read-only: ArithmeticScorer is a frozen dataclass

    def __call__(self, questions: Sequence[str], steps: Sequence[Sequence[str]]) -> list[list[float | None]]: ...


@dataclass(frozen=True)
class ScoredSteps:
    steps: list[Step]
    scores: list[float | None]
    # Per step, (operation, holds) of each arithmetic claim; empty for a PRM.
    claims: list[list[tuple[str, bool]]] = field(default_factory=list)

    @property
    def scored(self) -> list[float]:
        return [s for s in self.scores if s is not None]


def reduce_scores(scores: Sequence[float | None], how: str) -> float | None:
    """One number per completion from its step scores: mean, min, or the last scored step's. None when no step is
    scored (TRL then leaves the reward out of the weighted sum)."""
    scored = [s for s in scores if s is not None]
    if not scored:
        return None
    if how == "mean":
        return sum(scored) / len(scored)
    if how == "min":
        return min(scored)
    if how == "last":
        return scored[-1]
    raise ValueError(f"steps.reduce must be one of {', '.join(REDUCTIONS)}, not {how!r}")


class StepScoring:
    """Split and score completions with one scorer, caching the last batch."""

    def __init__(self, scorer: StepScorer, split: str = "auto"):
        self.scorer = scorer
        self.split = split
        self._cache: dict[tuple[str, str], ScoredSteps] = {}

    @property
    def name(self) -> str:
        return self.scorer.name

    def score(self, questions: Sequence[str], completions: Sequence[str]) -> list[ScoredSteps]:
        keys = list(zip(questions, completions, strict=True))
        if all(k in self._cache for k in keys):
            return [self._cache[k] for k in keys]
        steps = [split_steps(c, self.split) for c in completions]
        scores = self.scorer(list(questions), [[s.text for s in per] for per in steps])
        is_arithmetic = isinstance(self.scorer, arithmetic.ArithmeticScorer)
        out = []
        for per, sc in zip(steps, scores, strict=True):
            claims = [[(c.kind, c.holds) for c in find_claims(s.text)] for s in per] if is_arithmetic else []
            out.append(ScoredSteps(per, list(sc), claims))
        self._cache = dict(zip(keys, out, strict=True))
        return out


def batch_metrics(batch: Sequence[ScoredSteps]) -> dict[str, float]:
    """The per-step diagnostics of one batch (keys under steps/). A share with nothing to count is left out."""
    if not batch:
        return {}
    metrics = {"steps/per_completion": sum(len(b.steps) for b in batch) / len(batch)}
    scored = [s for b in batch for s in b.scored]
    if scored:
        metrics["steps/correct_frac"] = sum(s >= CORRECT_AT for s in scored) / len(scored)
        metrics["steps/mean_score"] = sum(scored) / len(scored)
    judged = [b for b in batch if b.scored]
    if judged:
        metrics["steps/wrong_working_frac"] = sum(any(s < CORRECT_AT for s in b.scored) for b in judged) / len(judged)
    first_wrong = [
        next(j for j, s in enumerate(b.scores) if s is not None and s < CORRECT_AT) + 1
        for b in judged
        if any(s < CORRECT_AT for s in b.scored)
    ]
    if first_wrong:
        metrics["steps/first_wrong_pos"] = sum(first_wrong) / len(first_wrong)  # 1 = the first step
    per_op: dict[str, list[bool]] = {}
    for b in batch:
        for step_claims in b.claims:
            for kind, holds in step_claims:
                per_op.setdefault(kind, []).append(holds)
    for kind, results in sorted(per_op.items()):
        metrics[f"{ACC_PREFIX}{kind}"] = sum(results) / len(results)
    return metrics


def log_batch_metrics(batch: Sequence[ScoredSteps], log_metric: Callable[[str, float], Any] | None) -> None:
    """Send the batch's step metrics to TRL's `log_metric` (averaged over each logging interval)."""
    if not callable(log_metric):
        return
    for name, value in batch_metrics(batch).items():
        log_metric(name, value)


def make_scorer(recipe: Recipe) -> StepScorer:
    """The recipe's step scorer: `steps.scorer` arithmetic (no model) or prm (the model in `prm.model`)."""
    if recipe.steps.scorer == "prm":
        from grpo_cli.stepwise.prm import PRMScorer

        return PRMScorer.from_recipe(recipe)
    return arithmetic.ArithmeticScorer()


def scoring_for(recipe: Recipe) -> StepScoring:
    return StepScoring(make_scorer(recipe), recipe.steps.split)
