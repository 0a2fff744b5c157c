"""What part of a text an answer is read from (verify/region.py; docs/verifiers.md, "What is read at all"), one
family: a made-up next question, an end-of-turn token, a chat's sign-off, a trailer that goes beyond the problem,
and a check that concludes nothing. Each with examples both ways: set aside where it only closes or extends the
answer, kept where it states the answer."""

from __future__ import annotations

import pytest

from grpo_cli.verify import verify
from grpo_cli.verify.region import answer_region, own_problem, without_sign_off, without_trailers

# (completion, reference, expected correct, rule)
CASES = [
    ("The answer is 24.\n\nQuestion: Tom has 5 apples. How many?\nAnswer: 5", "24", True, "a run-on question"),
    ("<answer>24</answer><|im_end|>\n<|im_start|>user\n<answer>31</answer>", "24", True, "an end-of-turn token"),
    ("Ben has 36 marbles.\n\nHope this helps! Let me know if you'd like 5 more examples.", "36", True, "a sign-off"),
    ("Ben has 36 marbles.\n\n¡Espero que te sirva! Si quieres, hago 5 más.", "36", True, "a sign-off (es)"),
    ("Great job working on this! The answer is 36.", "36", True, "a sign-off line that states the answer stays"),
    (
        "The answer is \\boxed{45}.\n\nIn general, for n people there are n(n-1)/2, \\boxed{190} for 20.",
        "45",
        True,
        "a generalisation",
    ),  # fmt: skip
    (
        "The answer is \\boxed{45}.\n\nAlternatively, one could count \\boxed{90} ordered pairs and halve.",
        "45",
        True,
        "another method",
    ),  # fmt: skip
    ("She has 14 + 4 = 18 pens.\n\nCheck: 18 - 4 = 14 ✓", "18", True, "a check that concludes nothing new"),
    ("She has 14 pens.\n\nCheck: 14 + 4 = 18. So she has 18 pens.", "18", True, "a check that concludes again"),
    ("The cost is $55.\n\nIf you sent 300 texts instead, it would be $70.", "55", True, "a second scenario"),
    (
        "<think>\n4 × 4 = 16 and 16 + 1 = 17.\n</think>\n<answer>17</answer>\n\nIf she left 3 minutes later instead,"
        " it would be 20.",
        "17",
        True,
        "a second scenario after the answer tag",
    ),  # fmt: skip
]

# Honest set four's first score (docs/verifiers.md, round fourteen): a last paragraph of the reasoning that opens on a
# condition about the problem and runs into '</think>' with no blank line was read as a second scenario together with
# the answer tag after it, and the tag was set aside. '</think>' ends the paragraph, as a blank line does.
_IF_RUNS_INTO_THE_TAG = (
    "<think>\nHer drive takes 4 × 4 = 16 minutes.\n\nIf they left at the same moment, she would arrive 16 - 4 = 12"
    " minutes after him. She wants to be 5 minutes early, so she leaves 12 + 5 = 17 minutes earlier.\n</think>\n"
    "<answer>17</answer>"
)


@pytest.mark.parametrize("mode", ["flexible", "strict"])
def test_think_close_ends_the_last_paragraph(mode):
    assert verify(_IF_RUNS_INTO_THE_TAG, "17", "gsm8k", mode=mode).correct is True
    assert verify(_IF_RUNS_INTO_THE_TAG.replace("\n</think>", "\n\n</think>"), "17", mode=mode).correct is True
    # the other way: a scenario after the tag is still set aside, and a tag inside it is not the answer
    after = _IF_RUNS_INTO_THE_TAG + "\n\nIf she left 3 minutes later instead, it would be 20."
    assert verify(after, "17", "gsm8k", mode=mode).correct is True
    assert verify(after, "20", "gsm8k", mode=mode).correct is False


@pytest.mark.parametrize(("completion", "reference", "expected", "rule"), CASES, ids=[c[-1] for c in CASES])
def test_region_rule(completion, reference, expected, rule):
    assert verify(completion, reference).correct is expected


def test_the_region_functions():
    assert own_problem("x = 2.\n\nQuestion: next?\nAnswer: 3") == "x = 2.\n"
    assert own_problem("no answer yet\n\nQuestion: what?") == "no answer yet\n\nQuestion: what?"  # nothing stated
    assert without_sign_off("So 36.\nHope this helps! 😊") == "So 36."
    assert without_sign_off("So 36.\nThe answer is 36.") == "So 36.\nThe answer is 36."
    assert without_trailers("So 45.\n\nRemark: the same works for 20.") == "So 45."
    assert without_trailers("So 45.\n\nSo the total is 45.") == "So 45.\n\nSo the total is 45."
    assert answer_region("So 45.\n\nNote: a fun fact.\n\nHope this helps!").startswith("So 45.")
