"""Adversarial and random inputs: the verifier always returns a verdict (never raises, never reports an internal
error), runs nothing, and stays bounded. The budget itself is enforced by the worker deadline (tested in
test_verify_bounded.py); here pytest-timeout only guards against a hang."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grpo_cli.verify import REASONS, Verdict, answer_key, extract_answer, shutdown, verify, verify_batch

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LATEX_TOKENS = [
    r"\frac", "{", "}", "^", "_", r"\sqrt", "(", ")", "[", "]", ",", "x", "y", "1", "2", "9", "0.5", "-", "+", "=",
    r"\pi", r"\infty", r"\cup", r"\text{", r"\boxed{", " ", r"\begin{pmatrix}", r"\\", "&", r"\end{pmatrix}", r"\pm",
    ".", "!", "|", r"\cdot", r"\le", r"\{", r"\}", r"\sin", r"\log", "i", "e", "%", r"\$", r"\left(", r"\right)",
]  # fmt: skip


@pytest.fixture(scope="module", autouse=True)
def _stop_workers():
    yield
    shutdown()


def _sane(v: Verdict) -> None:
    assert isinstance(v, Verdict)
    assert v.reason in REASONS and v.reason != "error"
    assert v.correct in (True, False, None)
    assert (v.correct is None) == (v.reason == "bad_reference")


@pytest.mark.timeout(300)
@SETTINGS
@given(completion=st.text(max_size=300), reference=st.text(max_size=40))
def test_random_unicode(completion, reference):
    for task in ("gsm8k", "math"):
        _sane(verify(completion, reference, task))
        extract_answer(completion, task)
        answer_key(completion[:50], task)


@pytest.mark.timeout(300)
@SETTINGS
@given(
    tokens=st.lists(st.sampled_from(LATEX_TOKENS), max_size=30),
    reference=st.sampled_from(["2", r"\frac12", "x+1", "(1,2)"]),
)
def test_random_latex(tokens, reference):
    body = "".join(tokens)
    _sane(verify(rf"\boxed{{{body}}}", reference, "math"))
    _sane(verify(f"<answer>{body}</answer>", reference, "gsm8k"))


@pytest.mark.timeout(300)
@SETTINGS
@given(
    tokens=st.lists(
        st.sampled_from([t for t in LATEX_TOKENS if t not in ("{", "}", r"\text{", r"\boxed{")]),
        min_size=1,
        max_size=20,
    )
)
def test_an_answer_equals_itself(tokens):
    """Reflexivity: a brace-balanced answer, boxed, verifies against itself (or the reference is unusable)."""
    body = "".join(tokens).strip()
    v = verify(rf"\boxed{{{body}}}", body, "math")
    _sane(v)
    assert v.correct is not False or v.reason in ("no_answer", "too_complex"), v


@pytest.mark.timeout(300)
@settings(max_examples=60, deadline=None)
@given(value=st.integers(min_value=-(10**30), max_value=10**30))
def test_numbers_round_trip(value):
    text = f"{value:,}"
    assert verify(f"<answer>{text}</answer>", str(value), "gsm8k").correct is True
    assert verify(f"<answer>{text}</answer>", str(value + 1), "gsm8k").correct is False
    assert verify(rf"\boxed{{{value}}}", f"{value}", "math").correct is True


ADVERSARIAL = {
    "10k nested braces": "\\boxed{" + "{" * 10_000 + "1" + "}" * 10_000 + "}",
    "10k unclosed braces": "\\boxed{" * 10_000,
    "1 MB of text": "lorem ipsum " * 90_000,
    "1 MB of digits": "7" * 1_000_000,
    "1 MB inside an answer tag": "<answer>" + "x" * 1_000_000 + "</answer>",
    "1 MB of boxes": "\\boxed{1}" * 120_000,
    "10k-digit number": "<answer>" + "9" * 10_000 + "</answer>",
    "10k-digit boxed": "\\boxed{" + "9" * 10_000 + "}",
    "power tower": r"\boxed{9^{9^{9^{9}}}}",
    "power tower, no braces": r"\boxed{9^9^9^9}",
    "huge exponent": r"\boxed{10^{10^{100}}}",
    "huge factorial": r"\boxed{100000!}",
    "nested logs": r"\boxed{" + r"\log(" * 40 + "x" + ")" * 40 + "}",
    "deep fractions": r"\boxed{" + r"\frac{1}{" * 200 + "2" + "}" * 200 + "}",
    "many minus signs": r"\boxed{" + "-" * 5000 + "1}",
    "os.system": r"\boxed{__import__('os').system('echo pwned')}",
    "sympy injection": r"\boxed{Symbol('x').__class__.__mro__}",
    "null bytes": "<answer>\x00\x00 7 \x00</answer>",
    "answer phrase, 1 MB": "the answer is " + "1" * 1_000_000,
    "many answer tags": "<answer>1</answer>" * 50_000,
    # Sizes that pass the length caps and reach the parser (a repeating-decimal pattern once tried every digit of a
    # 20k-digit run: seconds), and inputs for the scans of the end of a text (asides, clauses, run-ons, hedges).
    "20k digits": "1" * 20_000,
    "20k digits after a CJK scale": "万" + "1" * 20_000,
    "sentence ends without an aside": ". " * 30_000 + "(x",
    "open parentheses": "(a. " * 20_000,
    "which-clauses": ", which uses " * 5_000 + "1",
    "a box per reading": "\\boxed{1} if " * 3_000 + "\\boxed{2}",
    "invented questions": "1\nQ: x\n" * 5_000 + "A: 3",
    "approximations": "≈" * 20_000,
    "Unicode roots": "√(" * 20_000,
    "hedges": "but also possible " * 5_000,
    "a nested list": "[[" + "1, " * 20_000 + "]]",
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("name", list(ADVERSARIAL))
@pytest.mark.parametrize("task", ["gsm8k", "math"])
def test_adversarial_input_returns_a_verdict(name, task):
    v = verify(ADVERSARIAL[name], "5", task)
    _sane(v)
    assert v.correct is not True


@pytest.mark.timeout(120)
def test_adversarial_batch_keeps_order_and_length():
    texts = list(ADVERSARIAL.values())
    verdicts = verify_batch(texts + [r"\boxed{5}"], ["5"] * (len(texts) + 1), "math")
    assert len(verdicts) == len(texts) + 1
    assert verdicts[-1].correct is True
