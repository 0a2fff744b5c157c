"""Equivalence of two parsed answers (the reference first), and the canonical keys majority voting groups by.

`fast_equal` answers True / False when sure and None when the symbolic fallback should decide; structure is compared
here (tuples and intervals with their brackets, unordered lists and sets, unions, matrices and vectors, equations up
to a nonzero factor, assignments such as x = 5 against 5, base subscripts, words) and scalars by verify.values.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from grpo_cli.verify.latex import Answer, TooComplex, Unsupported, assignment_rhs, is_label
from grpo_cli.verify.text import word_meaning
from grpo_cli.verify.values import Inf, Value, envs, evaluate, free_vars, scalar_equal

_UNORDERED = ("list", "set", "union")


def _items(node: tuple) -> list:
    return node[1] if node[0] in _UNORDERED else node[3] if node[0] == "tuple" else [node]


def _distinct(xs: list) -> list:
    out: list = []
    for x in xs:
        if not any(x == y for y in out):
            out.append(x)
    return out


def _match_unordered(xs: list, ys: list) -> bool:
    xs, ys = _distinct(xs), _distinct(ys)  # a solution listed twice is still one solution
    if len(xs) != len(ys):
        return False
    unused = list(ys)
    for x in xs:
        for j, y in enumerate(unused):
            if equal(x, y):
                del unused[j]
                break
        else:
            return False
    return True


def _vector(node: tuple) -> list | None:
    if node[0] == "matrix":
        rows = node[1]
        if len(rows) == 1:
            return rows[0]
        if all(len(r) == 1 for r in rows):
            return [r[0] for r in rows]
    if node[0] == "tuple" and node[1] == "(" and node[2] == ")":
        return node[3]
    return None


def _difference(rel: tuple) -> tuple:
    lhs, rhs = rel[1]
    return ("add", [(1, lhs), (-1, rhs)])


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!="}


def _same_label(la: tuple, lb: tuple, ra: tuple, rb: tuple) -> bool:
    """x against x; and W(n) = 1 against W(x) = 1: one function whose argument letter differs, with a constant value
    (the letter is a dummy; with the argument in the value, W(n) = n and W(x) = n differ, so they must match)."""
    if la == lb:
        return True
    renamed = la[0] == lb[0] == "mul" and len(la[1]) == len(lb[1]) == 2 and la[1][0] == lb[1][0]
    return renamed and not free_vars(ra) and not free_vars(rb)


def _relations_equal(a: tuple, b: tuple) -> bool:
    ra, rb = assignment_rhs(a), assignment_rhs(b)
    if a[0] == "rel" and b[0] == "rel":
        if ra is not None and rb is not None:
            return _same_label(a[1][0], b[1][0], ra, rb) and equal(ra, rb)
        if len(a[2]) != 1 or len(b[2]) != 1:
            raise Unsupported("chained relations")
        op_a, op_b = a[2][0], b[2][0]
        da, db = _difference(a), _difference(b)
        if op_a in ("<", "<=") and op_b in (">", ">=") or op_a in (">", ">=") and op_b in ("<", "<="):
            op_b, db = _FLIP[op_b], ("neg", db)
        if op_a != op_b:
            return False
        return _proportional(da, db, positive=op_a not in ("=", "!="))
    rel, other = (a, b) if a[0] == "rel" else (b, a)
    rhs = ra if a[0] == "rel" else rb
    if rhs is None and rel is b and set(b[2]) <= {"=", "~"}:
        # A stated answer 'A = B' against a value is B, as in prose ('The answer is 40 / 8 = 5', '$b + c = 2.6$',
        # '$p(8) = n(n^2-1)$'); a reference that is an equation is compared as an equation (above and below).
        rhs = assignment_rhs(("rel", [("var", "_"), *b[1][1:]], b[2]))
    if rhs is not None:
        return equal(rhs, b) if a[0] == "rel" else equal(a, rhs)
    if set(rel[2]) == {"="} and other[0] not in ("set", "tuple", "union", "list"):
        return False  # an equation such as a plane's is not a number or an expression
    raise Unsupported("inequality against a value or a set")


def _proportional(a: tuple, b: tuple, positive: bool) -> bool:
    """a = c * b for one nonzero constant c (c > 0 for inequalities): the same equation or inequality."""
    names = free_vars(a) | free_vars(b)
    ratio = None
    seen = evaluated = 0
    for env in envs(names):
        try:
            va, vb = evaluate(a, env), evaluate(b, env)
        except ZeroDivisionError:
            continue
        evaluated += 1
        if not isinstance(va, Fraction) or not isinstance(vb, Fraction):
            raise Unsupported("inexact equation")
        if vb == 0 or va == 0:
            if va != vb:
                return False
            continue
        r = va / vb
        if ratio is None:
            ratio = r
        elif r != ratio:
            return False
        seen += 1
        if seen == 3:
            break
    if evaluated == 0:
        raise Unsupported("no evaluation point in the domain")
    if ratio is None:  # both sides vanish everywhere
        return True
    return ratio > 0 or not positive


_INF = ("const", "inf")
_LOWER = {"<": ")", "<=": "]"}  # x < c: the interval (-inf, c)
_UPPER = {">": "(", ">=": "["}  # x > c: the interval (c, inf)
_OPEN_OF = {"<": "(", "<=": "["}
_CLOSE_OF = {"<": ")", "<=": "]"}


def as_interval(node: tuple) -> tuple | None:
    """An inequality in one named variable as the interval it describes: 'y <= -1' -> (-inf, -1],
    '-2 <= x <= 7' -> [-2, 7], 'x < -1 or x > 4' (a list) -> the union; None for anything else."""
    if node[0] == "list" and len(node[1]) > 1:
        holes = [
            x for x in node[1] if x[0] == "rel" and x[2] == ["!="] and is_label(x[1][0]) and not free_vars(x[1][1])
        ]
        if holes and len(holes) < len(node[1]):  # 'x >= 3, x != 5': the interval without its holes
            rest = [x for x in node[1] if x not in holes]
            found = as_interval(rest[0] if len(rest) == 1 else ("list", rest))
            for hole in holes:
                found = found and _without_point(found, hole[1][1])
            return found
        parts = [as_interval(x) for x in node[1]]
        return ("union", parts) if all(p is not None for p in parts) else None
    if node[0] != "rel" or not all(op in ("<", "<=", ">", ">=") for op in node[2]):
        return None
    sides, ops = node[1], node[2]
    if len(ops) == 1:
        (lhs, rhs), op = sides, ops[0]
        if not is_label(lhs) and is_label(rhs):
            lhs, rhs, op = rhs, lhs, {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
        if not is_label(lhs) or free_vars(rhs):
            return None
        if lhs[0] == "abs":  # |x| < 3 is (-3, 3); |x| >= 3 is (-inf, -3] U [3, inf)
            if op in _LOWER:
                return ("tuple", _OPEN_OF[op], _CLOSE_OF[op], [("neg", rhs), rhs])
            flip = {">": "<", ">=": "<="}[op]
            return ("union", [("tuple", "(", _CLOSE_OF[flip], [("neg", _INF), ("neg", rhs)]),
                              ("tuple", _OPEN_OF[flip], ")", [rhs, _INF])])  # fmt: skip
        if op in _LOWER:
            return ("tuple", "(", _LOWER[op], [("neg", _INF), rhs])
        return ("tuple", _UPPER[op], ")", [rhs, _INF])
    if len(ops) == 2 and is_label(sides[1]) and not free_vars(sides[0]) and not free_vars(sides[2]):
        lo, hi = sides[0], sides[2]
        if sides[1][0] == "abs" and ops[0] in ("<", "<=") and ops[1] in ("<", "<="):
            # 1 <= |z| <= 3/2: [-3/2, -1] U [1, 3/2]
            right = ("tuple", _OPEN_OF[ops[0]], _CLOSE_OF[ops[1]], [lo, hi])
            left = ("tuple", _OPEN_OF[ops[1]], _CLOSE_OF[ops[0]], [("neg", hi), ("neg", lo)])
            return ("union", [left, right])
        if ops[0] in ("<", "<=") and ops[1] in ("<", "<="):
            return ("tuple", _OPEN_OF[ops[0]], _CLOSE_OF[ops[1]], [lo, hi])
        if ops[0] in (">", ">=") and ops[1] in (">", ">="):
            flipped = {">": "<", ">=": "<="}
            return ("tuple", _OPEN_OF[flipped[ops[1]]], _CLOSE_OF[flipped[ops[0]]], [hi, lo])
    return None


def _real(node: tuple) -> float | None:
    """An interval end as a float (-inf and inf included); None when it is not a real constant."""
    if node in (_INF, ("neg", _INF)):
        return math.inf if node == _INF else -math.inf
    try:
        value = evaluate(node, {})
    except (Unsupported, ZeroDivisionError, OverflowError, ValueError, RecursionError):
        return None
    return float(value) if isinstance(value, Fraction) else None


def _without_point(interval: tuple, point: tuple) -> tuple | None:
    """An interval or union with one point taken out: [3, inf) without 5 is [3, 5) U (5, inf)."""
    c = _real(point)
    if c is None:
        return None
    out = []
    for part in interval[1] if interval[0] == "union" else [interval]:
        if part[0] != "tuple" or len(part[3]) != 2:
            return None
        opening, closing, (lo, hi) = part[1], part[2], part[3]
        low, high = _real(lo), _real(hi)
        if low is None or high is None:
            return None
        if low < c < high:
            out += [("tuple", opening, ")", [lo, point]), ("tuple", "(", closing, [point, hi])]
        elif c == low and opening == "[":
            out.append(("tuple", "(", closing, [lo, hi]))
        elif c == high and closing == "]":
            out.append(("tuple", opening, ")", [lo, hi]))
        else:
            out.append(part)
    return out[0] if len(out) == 1 else ("union", out)


def _interval_like(node: tuple) -> bool:
    return (node[0] == "tuple" and len(node[3]) == 2) or node[0] == "union"


def _matrix_value(node: tuple, depth: int = 0) -> list[list[tuple]] | None:
    r"""A matrix expression as the matrix of its entries (ASTs): 2\begin{pmatrix}1\\2\end{pmatrix}, -M, A + B, A B.
    None when the node is not a matrix expression."""
    kind = node[0]
    if depth > 8:
        return None
    if kind == "matrix":
        return node[1]
    if kind == "neg":
        inner = _matrix_value(node[1], depth + 1)
        return None if inner is None else [[("neg", x) for x in row] for row in inner]
    if kind == "add":
        terms = [(sign, _matrix_value(t, depth + 1)) for sign, t in node[1]]
        known = [(sign, m) for sign, m in terms if m is not None]
        if len(known) != len(terms) or len({(len(m), len(m[0])) for _, m in known}) != 1:
            return None  # a term that is no matrix, or matrices of different shapes
        rows, cols = len(known[0][1]), len(known[0][1][0])
        return [[("add", [(sign, m[i][j]) for sign, m in known]) for j in range(cols)] for i in range(rows)]
    if kind == "mul":
        result = None
        scalars = []
        for factor in node[1]:
            m = _matrix_value(factor, depth + 1)
            if m is None:
                scalars.append(factor)
            elif result is None:
                result = m
            elif len(result[0]) == len(m):
                result = [
                    [("add", [(1, ("mul", [result[i][k], m[k][j]])) for k in range(len(m))]) for j in range(len(m[0]))]
                    for i in range(len(result))
                ]
            else:
                return None
        if result is None:
            return None
        return [[("mul", [*scalars, x]) if scalars else x for x in row] for row in result]
    return None


def _matrix_times(node: tuple) -> tuple | None:
    if node[0] == "matrix":
        return None
    rows = _matrix_value(node)
    return None if rows is None else ("matrix", rows)


def equal(a: tuple, b: tuple) -> bool:
    """Equivalence of two parsed answers, `a` the reference. Raises Unsupported when it cannot decide."""
    ia, ib = as_interval(a), as_interval(b)
    if (ia is not None or ib is not None) and _interval_like(ia or a) and _interval_like(ib or b):
        return equal(ia or a, ib or b)
    if a[0] == "matrix" or b[0] == "matrix":
        a, b = _matrix_times(a) or a, _matrix_times(b) or b
    ka, kb = a[0], b[0]
    if ka == "text" or kb == "text":
        return ka == kb and a[1] == b[1]
    if ka == "rel" or kb == "rel":
        return _relations_equal(a, b)
    if ka in _UNORDERED or kb in _UNORDERED:
        if any(x[0] == "rel" and assignment_rhs(x) is None for x in (*_items(a), *_items(b))):
            raise Unsupported("relations in a collection")  # x >= 2 or x <= -2 against a union: symbolic
        if ka == "tuple" and kb == "list":  # a point written without its parentheses: order matters
            return len(a[3]) == len(b[1]) and all(equal(x, y) for x, y in zip(a[3], b[1], strict=True))
        if (ka in _UNORDERED or ka == "tuple") and (kb in _UNORDERED or kb == "tuple"):
            if "union" in (ka, kb) and ka != kb:
                return False
            if (ka == "tuple" and kb == "set") or (ka == "set" and kb == "tuple"):
                return False
            return _match_unordered(_items(a), _items(b))
        one = a if ka in _UNORDERED else b
        if one[0] == "set" and len(one[1]) == 1:  # {5} against 5
            return equal(one[1][0], b) if one is a else equal(a, one[1][0])
        if one[0] == "list" and all(equal(one[1][0], x) for x in one[1][1:]):
            # one value written two ways: '\boxed{15\frac{39}{40}}, or \boxed{\frac{639}{40}}'
            return equal(one[1][0], b) if one is a else equal(a, one[1][0])
        return False
    if ka in ("tuple", "matrix") or kb in ("tuple", "matrix"):
        if ka == kb == "tuple":
            return (
                a[1] == b[1]
                and a[2] == b[2]
                and len(a[3]) == len(b[3])
                and all(equal(x, y) for x, y in zip(a[3], b[3], strict=True))
            )
        if ka == kb == "matrix":
            ra, rb = a[1], b[1]
            return (
                len(ra) == len(rb)
                and len(ra[0]) == len(rb[0])
                and all(
                    equal(x, y) for row_a, row_b in zip(ra, rb, strict=True) for x, y in zip(row_a, row_b, strict=True)
                )
            )
        va, vb = _vector(a), _vector(b)
        if va is None or vb is None:
            return False
        return len(va) == len(vb) and all(equal(x, y) for x, y in zip(va, vb, strict=True))
    if ka == "based" or kb == "based":
        return _based_equal(a, b)
    if ka == "big" or kb == "big":
        return ka == kb and a[1] == b[1]
    if ka == "bigop" or kb == "bigop":  # the same sum term by term, else sympy decides
        if ka == kb and a[1:3] == b[1:3] and all(equal(x, y) for x, y in zip(a[3:], b[3:], strict=True)):
            return True
        raise Unsupported("sum or product")
    return scalar_equal(a, b)


def _based_equal(a: tuple, b: tuple) -> bool:
    """2516_8 against 2516_8 or 2516 (the digits are the answer). The same value in another base is not the answer:
    a reference in base 6 asks for base 6 ('999_{10}' against 4343_6 is wrong, as 1358 against 2516_8 is)."""
    if a[0] == "based" and b[0] == "based":
        return a[2] == b[2] and a[1].lstrip("0").upper() == b[1].lstrip("0").upper()
    based, other = (a, b) if a[0] == "based" else (b, a)
    if other[0] == "num" and other[1].denominator == 1 and other[2] == 0:
        return str(other[1].numerator) == based[1].lstrip("0") or (other[1] == 0 and based[1].strip("0") == "")
    return False


# --------------------------------------------------------------------------------------------------------
# entry points


def fast_equal(ref: Answer, pred: Answer) -> bool | None:
    """True / False when the fast path is sure, None when the symbolic fallback should decide.
    Raises TooComplex when nobody should try."""
    if ref.norm and ref.norm == pred.norm:
        return True
    if _letter(ref) and _letter(pred):  # \text{E} / E / e as a letter answer (multiple choice)
        return ref.plain == pred.plain
    choice = _CHOICE.match(pred.norm)  # '\textbf{(D) }17' against '(D)': the choice is the answer
    if choice and _letter(ref):
        return (choice.group(1) or choice.group(2)).lower() == ref.plain
    if ref.node is not None and ref.node[0] == "text":
        if bool(pred.plain) and ref.node[1] == pred.plain:
            return True
        meaning = word_meaning(ref.raw)  # 'miércoles' / '水曜日' against '\text{Wednesday}'
        return meaning is not None and word_meaning(pred.raw) == meaning
    if pred.error == "too_complex":
        raise TooComplex("prediction too complex")
    if ref.node is None or pred.node is None:
        return None
    try:
        same = equal(ref.node, pred.node)
        if not same and ref.percent != pred.percent:  # 20% against 0.2: the percent applied
            pct, other = (ref, pred) if ref.percent else (pred, ref)
            assert pct.node is not None and other.node is not None  # both checked above
            scaled: tuple = ("div", pct.node, ("num", Fraction(100), 0))
            if pct.node[0] == "num":  # 42.13% is the decimal 0.4213: four places, for the decimal tolerance
                scaled = ("num", pct.node[1] / 100, pct.node[2] + 2 if pct.node[2] else 0)
            same = equal(scaled, other.node) if pct is ref else equal(other.node, scaled)
    except TooComplex:
        raise
    except ZeroDivisionError:  # a value divided by zero (12:00 against 1:00) is equal to nothing
        return False
    except (Unsupported, OverflowError, ValueError, RecursionError):
        return None
    if not same and (ref.uncertain or pred.uncertain):
        return None
    return same


# One choice, first: '(D) 17', 'C) Plane', 'D. 45'; '(B) or (C)' hedges.
_CHOICE = re.compile(r"^(?:\\text\s*\{\s*)?(?:\(([A-Ea-e])\)|([A-E])[).](?=\s))(?!.*(?:\(|(?<![A-Za-z]))[A-Ea-e]\))")


def _letter(ans: Answer) -> bool:
    node = ans.node
    return node is not None and len(ans.plain) == 1 and node[0] in ("var", "const", "text")


def canonical_key(ans: Answer) -> str:
    """A string that equivalent answers share (for majority voting); falls back to the normalised text."""
    if ans.node is None:
        return "s:" + ans.norm
    try:
        return _key(ans.node)
    except (Unsupported, ZeroDivisionError, OverflowError, ValueError, RecursionError):
        return "s:" + ans.norm


def _value_key(v: Value) -> str:
    if isinstance(v, Inf):
        return "inf" if v.sign > 0 else "-inf"
    if isinstance(v, Fraction):
        return str(v)
    c = complex(v)
    re_, im = float(f"{c.real:.9g}") + 0.0, float(f"{c.imag:.9g}") + 0.0
    return f"{re_:.9g}" if abs(im) < 1e-12 else f"{re_:.9g}{im:+.9g}i"


def _key(node: tuple) -> str:
    kind = node[0]
    if kind == "text":
        return "t:" + node[1]
    if kind in _UNORDERED:
        return "{" + ",".join(sorted(_key(x) for x in node[1])) + "}"
    if kind == "tuple":
        return node[1] + ",".join(_key(x) for x in node[3]) + node[2]
    if kind == "matrix":
        return "M[" + ";".join(",".join(_key(x) for x in row) for row in node[1]) + "]"
    if kind == "based":
        return f"{node[1]}_{node[2]}"
    if kind == "big":
        return node[1]
    if kind == "rel":
        rhs = assignment_rhs(node)
        if rhs is not None:
            return _key(rhs)
        raise Unsupported("relation")
    names = free_vars(node)
    if not names:
        return _value_key(evaluate(node, {}))
    values = []
    for env in envs(names):
        try:
            values.append(_value_key(evaluate(node, env)))
        except ZeroDivisionError:
            continue
        if len(values) == 2:
            break
    return "f(" + ",".join(sorted(names)) + "):" + ";".join(values)
