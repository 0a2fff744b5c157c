"""The math verifier: one behaviour per case (tests/verify_cases.py), references, the fast path's own decisions, the
symbolic fallback, and answer keys."""

from __future__ import annotations

import pytest

from grpo_cli.verify import answer_key, extract_answer, math_task, parse_reference, shutdown, verify, verify_batch
from grpo_cli.verify.equivalence import fast_equal
from grpo_cli.verify.latex import TooComplex, normalize, parse_answer
from verify_cases import MATH_CASES


@pytest.fixture(scope="module", autouse=True)
def _stop_workers():
    yield
    shutdown()


@pytest.mark.parametrize(("completion", "reference", "expected", "note"), MATH_CASES, ids=[c[3] for c in MATH_CASES])
def test_case(completion, reference, expected, note):
    assert verify(completion, reference, "math").correct is expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (r"\frac{1}{2}", r"\frac{1}{2}"),
        (r"So the area is $\boxed{12\pi}$.", r"12\pi"),
        (r"First \boxed{1}, finally \boxed{\frac{3}{4}}.", r"\frac{3}{4}"),
        (r"$\frac12$", r"\frac12"),
        # A reference's last box that never closes runs to the end (a dataset typo; Math-Verify's suite reads it too),
        # but only when what it holds is balanced.
        (r"\boxed{\frac{1}{2}", r"\frac{1}{2}"),
        (r"\boxed{\frac{1}{2", None),
        (r"The answer is \boxed{5} and \boxed{", "5"),
        # Several boxes with no words between them are one answer; words between: the last box.
        (r"\boxed{35 cm} ++++++ \boxed{4}", "35 cm, 4"),
        (r"\\boxed{1} \quad \\boxed{2}", "1, 2"),  # escaped twice
        (r"\boxed{1}. Then we get \boxed{2}", "2"),
        ("", None),
        ("{", None),
        ("x" * 2000, None),  # a whole solution without a box is not an answer
    ],
)
def test_parse_reference(raw, expected):
    assert parse_reference(raw, "math") == expected


@pytest.mark.parametrize(
    ("completion", "expected"),
    [
        (r"... so $\boxed{\dfrac{9}{5}}$.", r"\dfrac{9}{5}"),
        (r"<answer>The area is $12\pi$ square units.</answer>", r"12\pi"),
        (r"<answer>$3$ and $5$</answer>", "3, 5"),
        (r"The answer is $x = 5$.", "x = 5"),
        ("#### 42", "42"),
        ("nothing here", None),
    ],
)
def test_extract_answer(completion, expected):
    assert extract_answer(completion, "math") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (r"\left( 3, \frac{\pi}{2} \right)", r"( 3, \frac{\pi}{2} )"),
        (r"10,\!080", "10080"),
        (r"\$32,\!348", "32348"),
        (r"90^\circ", "90"),
        (r"\dfrac{1}{2}", r"\frac{1}{2}"),
        (r"50\%", "50"),
        (r"5 \text{ cm}", r"5 \text{ cm}"),  # \text units are the parser's business
        ("12 inches", "12"),
        ("$\\boxed{7}$.", "7"),
        (r"(1,234)", "(1,234)"),  # commas inside brackets are not thousands separators
    ],
)
def test_normalize(text, expected):
    assert normalize(text) == expected


def test_fast_path_decides_common_answers_without_sympy():
    # These never reach a worker: fast_equal returns a verdict, not None.
    for ref, pred, same in [
        (r"\frac{1}{2}", "0.5", True),
        (r"2\sqrt{5}", r"\sqrt{20}", True),
        ("2k+2", "2(k+1)", True),
        (r"(-\infty, 0]", r"(-\infty, 0)", False),
        (r"\text{(C)}", "D", False),
    ]:
        assert fast_equal(parse_answer(ref), parse_answer(pred)) is same


def test_fast_path_defers_what_it_cannot_read():
    assert fast_equal(parse_answer("x > 2"), parse_answer(r"(2, \infty)")) is True  # an inequality is an interval
    assert fast_equal(parse_answer(r"\frac12"), parse_answer(r"\int_0^1 x\,dx")) is None


def test_power_tower_is_refused_before_evaluation():
    with pytest.raises(TooComplex):
        fast_equal(parse_answer("5"), parse_answer("9^{9^{9^{9}}}"))
    v = verify(r"\boxed{9^{9^{9^{9}}}}", "5", "math")
    assert (v.correct, v.reason) == (False, "too_complex")


def test_identical_power_towers_are_equal_without_evaluating():
    assert verify(r"\boxed{9^{9^{9^{9}}}}", "9^{9^{9^{9}}}", "math").correct is True


def test_symbolic_fallback_verdicts():
    pairs = [
        (r"\boxed{(2,\infty)}", "x > 2", True),
        (r"\boxed{[1,\infty)}", "x > 1", False),
        (r"\boxed{\sum_{k=1}^{10} k}", "55", True),
        (r"\boxed{\lim_{x\to 0} \frac{\sin x}{x}}", "1", True),
        (r"\boxed{\frac{d}{dx} x^3}", "3x^2", True),
        (r"\boxed{\frac{d}{dx} x^3}", "x^2", False),
    ]
    verdicts = verify_batch([c for c, _, _ in pairs], [r for _, r, _ in pairs], "math")
    assert [v.correct for v in verdicts] == [e for _, _, e in pairs]
    assert {v.reason for v in verdicts} <= {"ok", "wrong"}


def test_symbolic_results_are_cached():
    math_task.CACHE.data.clear()
    verify(r"\boxed{\int_0^3 x\,dx}", r"\frac92", "math")
    assert (r"\frac92", r"\int_0^3 x\,dx") in math_task.CACHE.data


def test_unparseable_reference_is_none():
    v = verify(r"\boxed{5}", r"\frac{1}{", "math")
    assert v.correct is None and v.reason == "bad_reference"


def test_unparseable_answer_is_wrong_not_none():
    v = verify(r"\boxed{\frac{1}{}{}}", r"\frac{1}{2}", "math")
    assert v.correct is False and v.reason in ("unparseable", "wrong")


def test_too_long_answer():
    v = verify("<answer>" + "1+" * 3000 + "1</answer>", "6001", "math")
    assert (v.correct, v.reason) == (False, "too_long")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("0.5", r"\frac{1}{2}"),
        (r"\dfrac{4}{3}", r"\frac43"),
        ("1, -2", "-2,1"),
        (r"\{1,2\}", "2, 1"),
        ("2k+2", "2(k+1)"),
        (r"\text{(C)}", "C"),
        ("x=5", "5"),
        (r"\frac{\sqrt3}{3}", r"\frac{1}{\sqrt3}"),
    ],
)
def test_answer_key_groups_equivalent_answers(a, b):
    assert answer_key(a, "math") == answer_key(b, "math")


@pytest.mark.parametrize(("a", "b"), [("0.5", r"\frac13"), ("(1,2)", "(2,1)"), ("[1,2]", "(1,2)"), ("2k", "2n")])
def test_answer_key_separates_different_answers(a, b):
    assert answer_key(a, "math") != answer_key(b, "math")


def test_a_finished_answer_phrase_whose_last_brace_is_missing_is_closed():
    """'Final answer: \\frac{3}{4' at the end of a text the model ended itself: only the brace is missing (as for an
    unclosed box). Cut off at the token limit, the same text may have been cut inside the fraction: no answer."""
    text = "Outcomes: HH, HT, TH, TT. At least one head: HH, HT, TH.\nFinal answer: \\frac{3}{4"
    assert verify(text, "\\frac{3}{4}", task="math").correct is True
    assert verify(text, "\\frac{3}{4}", task="math", finished=False).correct is False
    assert verify(text.replace("{4", "{4}{"), "\\frac{3}{4}", task="math").correct is False
