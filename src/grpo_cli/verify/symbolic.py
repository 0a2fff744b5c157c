"""The symbolic fallback: latex2sympy + sympy, run only inside the verifier's worker processes (verify.bounded).

Never import this module in the trainer or CLI process: the parent sends strings to a worker and gets a verdict
back, so a slow or exploding sympy call is killed with its process instead of hanging the caller.

Parsing goes through latex2sympy2_extended (an ANTLR grammar that builds sympy trees; it never calls eval).
No string from a completion is passed to sympify/parse_expr. Comparison uses math-verify's `sympy_expr_eq` for
structured answers, with two of its faults kept out:
- numbers are compared here, not by its `float_rounding=6` rounding (which calls 0.0000672 equal to 0.0000673,
  math-verify issue #21): exact values to 1e-15 relative at 30 digits, values with a decimal in them to 1e-6;
- its signal-based timeouts are off (timeout_seconds=None): the bound is the worker process (issues #11/#50/#55).

One hole in latex2sympy is closed here: it turns each number token into a sympy number with `sympy.Number(text)`,
which sympifies the text, i.e. runs sympy's parser and Python's eval on it. The grammar only lets digits through,
but "no eval of model output" should not rest on a grammar: `_harden()` replaces both number constructors with ones
that build Integer/Float from the validated digits (long literals refused).
"""

from __future__ import annotations

import re
import time
from functools import lru_cache

import sympy
from latex2sympy2_extended import latex2sympy2 as _l2s
from latex2sympy2_extended.latex2sympy2 import NormalizationConfig, latex2sympy, normalize_latex
from math_verify.grader import should_treat_as_complex, sympy_expr_eq
from sympy import Basic, Float, MatrixBase, Set, Tuple

from grpo_cli.verify.latex import normalize

_CONFIG = NormalizationConfig(
    basic_latex=True, units=True, malformed_operators=True, nits=True, boxed="all", equations=False
)
EXACT_REL_TOL = sympy.Rational(1, 10**15)
FLOAT_REL_TOL = sympy.Rational(1, 10**6)
MAX_LITERAL = 200

_INTEGER = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"[0-9]*\.[0-9]+|[0-9]+\.")
_SCIENTIFIC = re.compile(r"(?:[0-9]*\.)?[0-9]+[eE][-+]?([0-9]{1,4})")


def safe_number(text: str):
    """A number token -> sympy Integer / Float, without sympify (no parser, no eval)."""
    text = text.replace(",", "").replace(" ", "")
    if len(text) > MAX_LITERAL:
        raise ValueError("number literal too long")
    if _INTEGER.fullmatch(text):
        return sympy.Integer(int(text))
    if _DECIMAL.fullmatch(text) or _SCIENTIFIC.fullmatch(text):
        return sympy.Float(text)  # mpmath's from_str: digits only
    raise ValueError(f"not a number literal: {text[:40]!r}")


def _convert_number(number: str):
    # latex2sympy2.convert_number without sympify: "0,5" is a decimal comma, "1,234" a thousands separator.
    if "," in number and number.startswith("0"):
        number = number.replace(",", ".")
    return safe_number(number.replace(" ", "").lstrip("0") or "0")


_HARDENED = False


def _harden() -> None:
    global _HARDENED
    if not _HARDENED:
        _l2s._Latex2Sympy.parse_number = lambda self, text: safe_number(text)
        _l2s.convert_number = _convert_number
        _HARDENED = True


@lru_cache(maxsize=4096)
def parse_latex(text: str):
    """LaTeX -> sympy via latex2sympy (no eval). Tries math-verify's normalisation, then ours. Cached: a reference is
    compared with G answers per prompt (sympy trees are immutable, so sharing them is safe)."""
    _harden()
    errors = []
    for candidate in (normalize_latex(text, _CONFIG), normalize(text)):
        if not candidate.strip():
            continue
        try:
            return latex2sympy(
                candidate,
                is_real=not should_treat_as_complex(candidate),
                convert_degrees=False,
                normalization_config=None,
            )
        except Exception as err:  # the grammar rejects it: try the next normalisation
            errors.append(err)
    raise ValueError(f"cannot parse: {errors[-1] if errors else 'empty'}")


def _is_plain_number(x) -> bool:
    return isinstance(x, Basic) and not isinstance(x, (Set, Tuple, MatrixBase)) and bool(x.is_number)


def numbers_equal(a, b) -> bool:
    va, vb = sympy.N(a, 30), sympy.N(b, 30)
    if not (va.is_finite and vb.is_finite):
        # oo equals oo; a division by zero (zoo) or nan equals nothing, itself included (12/0 is not 1/0)
        return bool(va == vb) and va.is_extended_real is True
    tol = FLOAT_REL_TOL if (a.atoms(Float) or b.atoms(Float)) else EXACT_REL_TOL
    diff = abs(va - vb)
    scale = max(abs(va), abs(vb))
    return bool(diff <= tol * scale or diff < sympy.Float(1e-25))


def equal(gold, pred) -> bool:
    if any(isinstance(x, Basic) and x.has(sympy.zoo, sympy.nan) for x in (gold, pred)):
        return False  # division by zero is equal to nothing
    if _is_plain_number(gold) and _is_plain_number(pred):
        return numbers_equal(gold, pred)
    return bool(sympy_expr_eq(gold, pred, float_rounding=10, numeric_precision=15, strict=True))


def compare(reference: str, prediction: str) -> tuple[bool | None, str]:
    """(correct, reason) for two LaTeX answers; correct None when the reference itself cannot be parsed."""
    try:
        gold = parse_latex(reference)
    except Exception:
        return None, "bad_reference"
    try:
        pred = parse_latex(prediction)
    except Exception:
        return False, "unparseable"
    same = equal(gold, pred)
    return same, "ok" if same else "wrong"


# Parsed and compared once when a worker starts, before it says ready: ANTLR and sympy fill their caches lazily, and a
# cold first parse can take a few hundred milliseconds, which would eat a job's one-second budget.
WARMUP = (
    (r"\frac{\sqrt{3}}{2}", r"\frac{1}{2}\sqrt{3}"),
    (r"(-\infty, 2) \cup (3, \infty)", r"x > 2"),
    (r"\begin{pmatrix} 1 \\ 2 \end{pmatrix}", r"\{1, 2\}"),
    (r"\int_0^1 x^2\,dx + \sum_{k=1}^{3} k", r"\lim_{x \to 0} \frac{\sin x}{x}"),
    (r"y = 2x + 3", r"x^2 - 4 \ge 0"),
)


def warm_up() -> None:
    for reference, prediction in WARMUP:
        compare(reference, prediction)
    parse_latex.cache_clear()


def run(kind: str, args: tuple) -> tuple:
    """One job from the parent: (correct, reason). `sleep` and `alloc` exist so tests can check the time and memory bounds."""
    if kind == "math":
        return compare(*args)
    if kind == "sleep":
        time.sleep(float(args[0]))
        return True, "ok"
    if kind == "alloc":
        block = bytearray(int(args[0]) * 2**20)
        return len(block) > 0, "ok"
    raise ValueError(f"unknown job kind {kind!r}")
