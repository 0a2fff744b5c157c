"""Evaluating a parsed answer: exact `Fraction` where possible, complex floating point otherwise.

Rationals stay exact (so 0.1 + 0.2 = 3/10 and 20-digit answers compare exactly); radicals, pi, e, i and functions
become complex floats. Expressions with variables are evaluated at generic rational points: two different rational
functions agree on three such points with probability ~0 (polynomial identity testing), so `2(k+1)` = `2k+2` is
decided without sympy. Caps: exact powers up to ~20,000 digits, magnitudes checked before any power is computed
(9^(9^9) is refused, not computed), factorials up to 2,000; beyond them TooComplex.
"""

from __future__ import annotations

import cmath
import math
from fractions import Fraction

from grpo_cli.verify.latex import TooComplex, Unsupported
from grpo_cli.verify.numbers import decimal_close

MAX_RESULT_BITS = 1 << 16  # exact powers up to ~20k decimal digits; beyond, floating point (or too_complex)
MAX_FACTORIAL = 2000
ABS_TOL = 1e-12
APPROX_REL_TOL = 1e-9


class Inf:
    __slots__ = ("sign",)

    def __init__(self, sign: int):
        self.sign = sign


Value = Fraction | complex | Inf


def _approx(x: Value) -> complex:
    if isinstance(x, Inf):
        raise Unsupported("arithmetic on infinity")
    try:
        c = complex(x)
    except OverflowError:
        raise TooComplex("number too large") from None
    if not (cmath.isfinite(c)):
        raise TooComplex("not finite")
    return c


def _exact_root(value: Fraction, q: int) -> Fraction | None:
    if value < 0 or q > 64:
        return None
    num, den = value.numerator, value.denominator
    if max(num.bit_length(), den.bit_length()) > 4096:
        return None
    rn, rd = _iroot(num, q), _iroot(den, q)
    if rn is not None and rd is not None:
        return Fraction(rn, rd)
    return None


def _iroot(n: int, q: int) -> int | None:
    if n < 2:
        return n
    x = 1 << ((n.bit_length() + q - 1) // q)  # >= the root
    while True:
        y = ((q - 1) * x + n // x ** (q - 1)) // q
        if y >= x:
            break
        x = y
    return x if x**q == n else None


def _pow(base: Value, exponent: Value) -> Value:
    if isinstance(base, Fraction) and isinstance(exponent, Fraction):
        if exponent.denominator == 1:
            n = exponent.numerator
            if base == 0 and n < 0:
                raise ZeroDivisionError
            bits = max(abs(base.numerator).bit_length(), base.denominator.bit_length())
            if abs(n) * bits <= MAX_RESULT_BITS:
                return base**n
        elif exponent.denominator <= 64 and abs(exponent.numerator) <= 64:
            root = _exact_root(base, exponent.denominator)
            if root is not None:
                return _pow(root, Fraction(exponent.numerator))
    b, e = _approx(base), _approx(exponent)
    if b == 0:
        if e.real > 0:
            return Fraction(0) if isinstance(base, Fraction) else 0j
        raise ZeroDivisionError
    # Magnitude check before computing, so 9^(9^9) is refused rather than overflowing mid-way.
    try:
        log_mag = e.real * math.log(abs(b)) - e.imag * cmath.phase(b)
    except (OverflowError, ValueError):
        raise TooComplex("power too large") from None
    if log_mag > 700 or log_mag < -700:
        raise TooComplex("power too large")
    try:
        return b**e
    except (OverflowError, ZeroDivisionError):
        raise TooComplex("power too large") from None


def _fn(name: str, x: Value, base: Value | None) -> Value:
    if name in ("log", "lg", "ln"):
        if x == 0:
            raise ZeroDivisionError
        if isinstance(x, Fraction) and x > 0 and base is None and name == "ln" and x == 1:
            return Fraction(0)
        num = cmath.log(_approx(x))
        if base is not None:
            den = cmath.log(_approx(base))
        elif name == "ln":
            return num
        else:  # \log without a base is base 10, as latex2sympy reads it (lg too)
            den = cmath.log(10)
        if den == 0:
            raise ZeroDivisionError
        return num / den
    c = _approx(x)
    if abs(c) > 1e6 and name in ("exp", "sinh", "cosh", "tanh", "sin", "cos", "tan", "cot", "sec", "csc"):
        raise TooComplex("argument too large")
    if name in ("sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "exp"):
        fn = getattr(cmath, {"arcsin": "asin", "arccos": "acos", "arctan": "atan"}.get(name, name))
        return fn(c)
    if name == "cot":
        return 1 / cmath.tan(c)
    if name == "sec":
        return 1 / cmath.cos(c)
    if name == "csc":
        return 1 / cmath.sin(c)
    raise Unsupported(name)


_CONSTS = {"pi": complex(math.pi), "e": complex(math.e), "i": 1j}


def evaluate(node: tuple, env: dict[str, Fraction]) -> Value:
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "var":
        if node[1] not in env:
            raise Unsupported(f"unbound {node[1]}")
        return env[node[1]]
    if kind == "const":
        if node[1] == "inf":
            return Inf(1)
        return _CONSTS[node[1]]
    if kind == "neg":
        v = evaluate(node[1], env)
        if isinstance(v, Inf):
            return Inf(-v.sign)
        return -v
    if kind == "add":
        total: Value = Fraction(0)
        for sign, term in node[1]:
            v = evaluate(term, env)
            total = _add(total, v if sign > 0 else -_finite(v))
        return total
    if kind == "mul":
        prod: Value = Fraction(1)
        for factor in node[1]:
            prod = _mul(prod, evaluate(factor, env))
        return prod
    if kind == "div":
        num, den = _finite(evaluate(node[1], env)), _finite(evaluate(node[2], env))
        if den == 0:
            raise ZeroDivisionError
        if isinstance(num, Fraction) and isinstance(den, Fraction):
            return num / den
        return _approx(num) / _approx(den)
    if kind == "pow":
        return _pow(_finite(evaluate(node[1], env)), _finite(evaluate(node[2], env)))
    if kind == "root":
        index = Fraction(2) if node[2] is None else _finite(evaluate(node[2], env))
        if index == 0:
            raise ZeroDivisionError
        return _pow(_finite(evaluate(node[1], env)), 1 / index if isinstance(index, Fraction) else 1 / _approx(index))
    if kind == "fn":
        base = None if node[3] is None else _finite(evaluate(node[3], env))
        return _fn(node[1], _finite(evaluate(node[2], env)), base)
    if kind == "fact":
        v = evaluate(node[1], env)
        if not (isinstance(v, Fraction) and v.denominator == 1 and 0 <= v <= MAX_FACTORIAL):
            raise TooComplex("factorial")
        return Fraction(math.factorial(int(v)))
    if kind == "binom":
        n, k = evaluate(node[1], env), evaluate(node[2], env)
        if not (isinstance(n, Fraction) and n.denominator == 1 and isinstance(k, Fraction) and k.denominator == 1):
            raise Unsupported("binomial")
        if not 0 <= n <= 10**5:
            raise Unsupported("binomial")
        return Fraction(math.comb(int(n), int(k))) if k >= 0 else Fraction(0)
    if kind == "abs":
        v = _finite(evaluate(node[1], env))
        return abs(v) if isinstance(v, Fraction) else complex(abs(v))
    if kind in ("floor", "ceil"):
        v = _finite(evaluate(node[1], env))
        if not isinstance(v, Fraction):
            raise Unsupported("floor of an inexact value")
        return Fraction(math.floor(v) if kind == "floor" else math.ceil(v))
    if kind == "big":
        raise Unsupported("huge literal")
    raise Unsupported(kind)


def _finite(v: Value) -> Fraction | complex:
    if isinstance(v, Inf):
        raise Unsupported("arithmetic on infinity")
    return v


def _add(a: Value, b: Value) -> Value:
    a, b = _finite(a), _finite(b)
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a + b
    return _approx(a) + _approx(b)


def _mul(a: Value, b: Value) -> Value:
    a, b = _finite(a), _finite(b)
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        if a.numerator.bit_length() + b.numerator.bit_length() > 4 * MAX_RESULT_BITS:
            raise TooComplex("product too large")
        return a * b
    return _approx(a) * _approx(b)


def free_vars(node, out: set[str] | None = None) -> set[str]:
    out = set() if out is None else out
    if isinstance(node, tuple):
        if node and node[0] == "var":
            out.add(node[1])
            return out
        for x in node[1:]:
            free_vars(x, out)
    elif isinstance(node, list):
        for x in node:
            free_vars(x, out)
    return out


# Generic evaluation points: positive non-integers (so square roots and logs stay real, and no small integer
# coincidence makes different polynomials agree).
_POINTS = [Fraction(p, q) for p, q in ((37, 17), (53, 23), (71, 29), (89, 31), (101, 37), (113, 41), (131, 43),
                                       (149, 47), (167, 53), (181, 59), (193, 61), (211, 67))]  # fmt: skip


def envs(names: set[str], count: int = 3, tries: int = 6):
    ordered = sorted(names)
    for k in range(tries):
        yield {name: _POINTS[(3 * j + 5 * k) % len(_POINTS)] + j for j, name in enumerate(ordered)}


def bare_places(node: tuple) -> int:
    """Decimal places of a bare decimal literal (0.25 -> 2, -0.25 -> 2); 0 for anything else."""
    if node[0] == "neg":
        return bare_places(node[1])
    return node[2] if node[0] == "num" else 0


def values_close(x: Value, y: Value, x_places: int = 0, y_places: int = 0) -> bool:
    if isinstance(x, Inf) or isinstance(y, Inf):
        return isinstance(x, Inf) and isinstance(y, Inf) and x.sign == y.sign
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        if x == y:
            return True
    elif not (x_places or y_places):
        cx, cy = _approx(x), _approx(y)
        return abs(cx - cy) <= max(ABS_TOL, APPROX_REL_TOL * max(abs(cx), abs(cy)))
    if x_places and isinstance(x, Fraction) and decimal_close(x, x_places, y):
        return True
    return bool(y_places and isinstance(y, Fraction) and decimal_close(y, y_places, x))


def scalar_equal(a: tuple, b: tuple) -> bool:
    """Two expressions are equal when they agree at every evaluation point (one point when there are no variables)."""
    pa, pb = bare_places(a), bare_places(b)
    names = free_vars(a) | free_vars(b)
    if not names:
        return values_close(evaluate(a, {}), evaluate(b, {}), pa, pb)
    agreed = 0
    for env in envs(names):
        try:
            va, vb = evaluate(a, env), evaluate(b, env)
        except ZeroDivisionError:
            continue
        if not values_close(va, vb, pa, pb):
            return False
        agreed += 1
        if agreed == 3:
            return True
    raise Unsupported("no evaluation point in the domain")
