"""The rule-based step scorer: a step's `expression = value` claims (verify.arithmetic, the one safe evaluator that
the `final` reading's derivation check uses too), 1.0 when they all hold, 0.0 when one fails, None without a claim.

Pure Python: no torch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grpo_cli.verify.arithmetic import Claim, find_claims, score_step


@dataclass(frozen=True)
class ArithmeticScorer:
    """A step scorer: scores[i][j] for step j of completion i (None = no checkable claim). The question is not
    needed; the signature matches the learned PRM's (`grpo_cli.stepwise.prm.PRMScorer`)."""

    name: str = "arithmetic"

    def __call__(self, questions: Sequence[str], steps: Sequence[Sequence[str]]) -> list[list[float | None]]:
        return [[score_step(s) for s in per] for per in steps]

    def claims(self, steps: Sequence[str]) -> list[list[Claim]]:
        return [find_claims(s) for s in steps]
