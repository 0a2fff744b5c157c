r"""Reading LaTeX answers: a small recursive-descent parser from tokens to a tuple AST (the normalisation and the
tokens are verify.latex_text's).

Most answers are numbers, fractions, radicals, tuples, intervals, lists of roots, matrices, polynomials and short
words; this module reads them into nested tuples such as ("div", ("num", 4, 0), ("num", 3, 0)) that
verify.values evaluates and verify.equivalence compares. Nothing is evaluated by Python's eval and nothing reaches
sympy here: sympy is the fallback in a worker process (verify.bounded) for what this parser cannot read.

Size caps (tokens, nesting) keep every step bounded; input beyond them raises TooComplex, which the caller scores
False with reason `too_complex`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from grpo_cli.verify.latex_text import (  # noqa: F401 - the parser's readers and its public names
    ALL_WITH,
    MAX_DEPTH,
    MAX_ITEMS,
    MAX_TOKENS,
    PERCENT,
    TooComplex,
    Unsupported,
    normalize,
    plain,
    tokenize,
    undouble,
)
from grpo_cli.verify.numbers import MAX_DIGITS

# --------------------------------------------------------------------------------------------------------
# parser: tokens -> tuple AST

FUNCS = {
    "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
    "log", "ln", "lg", "exp",
}  # fmt: skip
GREEK = {
    "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota", "kappa",
    "lambda", "mu", "nu", "xi", "rho", "sigma", "tau", "upsilon", "phi", "varphi", "chi", "psi", "omega",
    "Gamma", "Delta", "Theta", "Lambda", "Xi", "Sigma", "Phi", "Psi", "Omega",
}  # fmt: skip
RELATIONS = {
    "=": "=", "<": "<", ">": ">", "\\le": "<=", "\\leq": "<=", "\\leqslant": "<=", "\\ge": ">=", "\\geq": ">=",
    "\\geqslant": ">=", "\\lt": "<", "\\gt": ">", "\\ne": "!=", "\\neq": "!=", "\\in": "in", "\\approx": "~",
    "\\equiv": "=",
}  # fmt: skip
_MUL = {"*", "\\cdot", "\\times", "\\ast"}
_DIV = {"/", "\\div", ":"}  # 3:2 is the ratio 3/2, and 12:00 against 1:00 divides by zero: equal to nothing
_OPENERS = {"(": ")", "[": "]"}
_CONNECTORS = {"and", "or", ","}
MATRIX_ENVS = {"pmatrix", "bmatrix", "matrix", "smallmatrix", "array", "Bmatrix"}


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]]):
        self.toks = tokens
        self.i = 0
        self.depth = 0
        self.uncertain = False

    # -- helpers
    def peek(self, k: int = 0) -> tuple[str, str] | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def next(self) -> tuple[str, str]:
        tok = self.peek()
        if tok is None:
            raise Unsupported("unexpected end")
        self.i += 1
        return tok

    def at(self, *values: str) -> bool:
        tok = self.peek()
        return tok is not None and tok[0] in ("ch", "cmd") and tok[1] in values

    def expect(self, value: str) -> None:
        if not self.at(value):
            raise Unsupported(f"expected {value}")
        self.i += 1

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise TooComplex("nesting too deep")

    # -- grammar
    def parse(self) -> tuple:
        items = self.seq(closers=())
        if self.peek() is not None:
            raise Unsupported(f"unexpected {self.peek()}")
        return items[0] if len(items) == 1 else ("list", items)

    def seq(self, closers: tuple[str, ...]) -> list:
        items = [self.relation()]
        while True:
            tok = self.peek()
            if tok is None or (tok[0] in ("ch", "cmd") and tok[1] in closers):
                return items
            if self.at(",", ";") or (tok[0] == "text" and tok[1].strip().lower() in _CONNECTORS):
                self.i += 1
                items.append(self.relation())
                if len(items) > MAX_ITEMS:
                    raise TooComplex("too many items")
                continue
            return items

    def relation(self) -> tuple:
        nodes = [self.union()]
        ops = []
        while (tok := self.peek()) is not None and tok[0] in ("ch", "cmd") and tok[1] in RELATIONS:
            self.i += 1
            ops.append(RELATIONS[tok[1]])
            nodes.append(self.union())
        return nodes[0] if not ops else ("rel", nodes, ops)

    def union(self) -> tuple:
        items = [self.expr()]
        while self.at("\\cup"):
            self.i += 1
            items.append(self.expr())
        return items[0] if len(items) == 1 else ("union", items)

    def expr(self) -> tuple:
        self.enter()
        terms: list[tuple[int, tuple]] = []
        sign = 1
        if self.at("-", "+"):
            sign = -1 if self.next()[1] == "-" else 1
        terms.append((sign, self.term()))
        while self.at("+", "-", "\\pm", "\\mp"):
            op = self.next()[1]
            rhs = self.term()
            if op in ("\\pm", "\\mp"):
                left = terms[0][1] if len(terms) == 1 and terms[0][0] == 1 else ("add", terms)
                terms = [(1, ("pm", left, rhs if op == "\\pm" else ("neg", rhs)))]
            else:
                terms.append((1 if op == "+" else -1, rhs))
        self.depth -= 1
        if len(terms) == 1:
            return terms[0][1] if terms[0][0] == 1 else ("neg", terms[0][1])
        return ("add", terms)

    def term(self) -> tuple:
        node = self.unary()
        while True:
            tok = self.peek()
            if tok is None:
                return node
            if tok[0] == "text":
                if tok[1].strip().lower() in _CONNECTORS:
                    return node
                self._skip_unit()
                continue
            if tok[0] in ("ch", "cmd") and tok[1] in _MUL:
                self.i += 1
                node = ("mul", [node, self.unary()])
            elif tok[0] in ("ch", "cmd") and tok[1] in _DIV:
                self.i += 1
                node = ("div", node, self.unary())
            elif self._starts_atom(tok):
                node = self._implicit(node)
            else:
                return node

    def _skip_unit(self) -> None:
        """A \\text{...} after a value is a unit (5\\text{ cm}^2): skipped with its exponent."""
        self.i += 1
        if self.at("^"):
            self.i += 1
            self.group_arg()

    def _implicit(self, left: tuple) -> tuple:
        tok = self.peek()
        assert tok is not None
        # 1\frac{4}{5} is the mixed number 9/5, not 4/5.
        if (
            left[0] == "num"
            and left[1].denominator == 1
            and left[2] == 0
            and tok == ("cmd", "\\frac")
            and self._is_simple_fraction()
        ):
            frac = self.power()
            value = frac[1][1] / frac[2][1]
            return ("num", left[1] + value if left[1] >= 0 else left[1] - value, 0)
        if tok[0] == "num" and left[0] == "num" and left[1].denominator == 1 and left[2] == 0:
            mixed = self._plain_mixed(left[1])  # '3 1/2' (as '3½' reads): the mixed number 7/2
            if mixed is not None:
                return mixed
        if tok[0] == "num" and left[0] in ("num", "big"):
            raise Unsupported("two numbers side by side")
        return ("mul", [left, self.power()])

    def _plain_mixed(self, whole: Fraction) -> tuple | None:
        """After a whole number, 'a/b' with integers 0 < a < b and nothing binding tighter after it: the mixed
        number whole + a/b (None, nothing consumed, otherwise)."""
        t = self.toks[self.i : self.i + 4]
        if len(t) < 3 or t[1] != ("ch", "/") or t[0][0] != "num" or t[2][0] != "num" or "." in t[0][1] + t[2][1]:
            return None
        if len(t) == 4 and t[3] in (("ch", "^"), ("ch", "!"), ("ch", "_")):
            return None
        num, den = int(t[0][1]), int(t[2][1])
        if not 0 < num < den:
            return None
        self.i += 3
        value = Fraction(num, den)
        return ("num", whole + value if whole >= 0 else whole - value, 0)

    def _is_simple_fraction(self) -> bool:
        save = self.i
        try:
            node = self.power()
            return (
                node[0] == "div"
                and all(x[0] == "num" and x[2] == 0 and x[1] > 0 for x in node[1:])
                and node[1][1] < node[2][1]
            )
        except Unsupported:
            return False
        finally:
            self.i = save

    def _starts_atom(self, tok: tuple[str, str]) -> bool:
        kind, value = tok
        if kind in ("num", "begin"):
            return True
        if kind == "ch":
            return value.isascii() and value.isalpha() or value in ("(", "{")
        if kind == "cmd":
            name = value[1:]
            return (
                name in FUNCS
                or name in GREEK
                or name in ("frac", "sqrt", "pi", "infty", "binom", "lfloor", "lceil", "{", "langle", "lvert", "vert")
            )
        return False

    def unary(self) -> tuple:
        if self.at("-"):
            self.i += 1
            self.enter()
            node = ("neg", self.unary())
            self.depth -= 1
            return node
        if self.at("+"):
            self.i += 1
            return self.unary()
        return self.power()

    def power(self) -> tuple:
        self.enter()
        base = self.postfix(self.atom())
        if self.at("^"):
            self.i += 1
            exponent = self.exponent_arg()
            base = self.postfix(("pow", base, exponent))
        self.depth -= 1
        return base

    def postfix(self, node: tuple) -> tuple:
        while self.at("!"):
            self.i += 1
            node = ("fact", node)
        return node

    def exponent_arg(self) -> tuple:
        if self.at("-"):
            self.i += 1
            self.enter()
            node = ("neg", self.exponent_arg())
            self.depth -= 1
            return node
        return self.group_arg(split_digits=False)

    def group_arg(self, split_digits: bool = True) -> tuple:
        """A macro argument: {...}, or a single token (\\frac43 reads 4 then 3, as TeX does; an exponent keeps all its
        digits, 2^10 is 1024, since that is what every writer of 2^10 means)."""
        tok = self.peek()
        if tok is None:
            raise Unsupported("missing argument")
        if tok == ("ch", "{"):
            self.i += 1
            items = self.seq(closers=("}",))
            self.expect("}")
            if len(items) != 1:
                raise Unsupported("list inside braces")
            return items[0]
        if tok[0] == "num":
            self.i += 1
            digits = tok[1]
            if split_digits and len(digits) > 1 and "." not in digits:
                # \frac43: one digit is the argument, the rest goes back for the next argument.
                self.toks = [*self.toks[: self.i - 1], ("num", digits[0]), ("num", digits[1:]), *self.toks[self.i :]]
            return self._number(self.toks[self.i - 1][1])
        if tok[0] == "ch" and tok[1].isascii() and tok[1].isalpha():
            self.i += 1
            return self._var(tok[1])
        if tok[0] == "cmd":
            return self.atom()
        raise Unsupported(f"bad argument {tok}")

    def _number(self, digits: str) -> tuple:
        if len(digits) > MAX_DIGITS:
            return ("big", digits.lstrip("0") or "0")
        places = len(digits.split(".", 1)[1]) if "." in digits else 0
        return ("num", Fraction(digits), places)

    def _var(self, name: str) -> tuple:
        if name == "e":
            return ("const", "e")
        if name == "i":
            return ("const", "i")
        sub = self._subscript()
        return ("var", name.lower() + (f"_{sub}" if sub else ""))

    def _subscript(self) -> str:
        if not self.at("_"):
            return ""
        self.i += 1
        tok = self.next()
        if tok == ("ch", "{"):
            parts = []
            while not self.at("}"):
                parts.append(self.next()[1])
                if len(parts) > 20:
                    raise Unsupported("long subscript")
            self.i += 1
            return "".join(parts)
        return tok[1]

    def atom(self) -> tuple:
        tok = self.next()
        kind, value = tok
        if kind == "num":
            node = self._number(value)
            if self.at("_") and node[0] in ("num", "big") and "." not in value:
                base = self._subscript()
                if not base.isdigit() or not 2 <= int(base) <= 36:
                    raise Unsupported("bad base")
                return ("based", value.lower(), int(base))
            return node
        if kind == "text":
            content = value.strip()
            letter = re.fullmatch(r"\(?([A-Za-z])\)?", content)
            if letter:
                return ("var", letter.group(1).lower())
            if not content:
                raise Unsupported("empty text")
            return ("text", plain(content))
        if kind == "begin":
            return self.matrix(value)
        if kind == "ch":
            if value.isascii() and value.isalpha():
                return self._var(value)
            if value in _OPENERS:
                return self.bracketed(value)
            if value == "{":
                items = self.seq(closers=("}",))
                self.expect("}")
                return items[0] if len(items) == 1 else ("list", items)
            if value == "|":
                inner = self.expr()
                self.expect("|")
                return ("abs", inner)
            raise Unsupported(f"unexpected {value!r}")
        name = value[1:]
        if name == "frac":
            num, den = self.group_arg(), self.group_arg()
            if _leading_var(den) == "d" and _leading_var(num) in ("d", None):
                raise Unsupported("derivative notation")  # \frac{d}{dx}, \frac{dy}{dx}
            return ("div", num, den)
        if name == "sqrt":
            index = None
            if self.at("["):
                self.i += 1
                index = self.expr()
                self.expect("]")
            return ("root", self.group_arg(), index)
        if name == "binom":
            return ("binom", self.group_arg(), self.group_arg())
        if name == "pi":
            return ("const", "pi")
        if name == "emptyset":
            return ("set", [])
        if name == "infty":
            return ("const", "inf")
        if name in GREEK:
            return ("var", name.lower() + (f"_{s}" if (s := self._subscript()) else ""))
        if name == "{":
            items = self.seq(closers=("\\}",))
            self.expect("\\}")
            return ("set", items)
        if name == "langle":
            items = self.seq(closers=("\\rangle",))
            self.expect("\\rangle")
            return items[0] if len(items) == 1 else ("tuple", "(", ")", items)
        if name in ("lfloor", "lceil"):
            inner = self.expr()
            self.expect("\\rfloor" if name == "lfloor" else "\\rceil")
            return (name[1:], inner)
        if name in ("lvert", "vert"):
            inner = self.expr()
            self.expect("\\rvert" if name == "lvert" else "\\vert")
            return ("abs", inner)
        if name in FUNCS:
            return self.function(name)
        if name in ("sum", "prod"):
            return self.big_operator(name)
        raise Unsupported(f"unknown command {value}")

    def big_operator(self, name: str) -> tuple:
        r"""\sum_{k=0}^{n-1} F_k F_{n-k-1}: ("bigop", name, index, lower, upper, summand), the summand being the
        product that follows. Never evaluated here; equal() matches it only against the same operator over the
        same index and bounds with an equal summand, and leaves anything else to the symbolic fallback."""
        self.expect("_")
        self.expect("{")
        index = self.next()
        if index[0] != "ch" or not (index[1].isascii() and index[1].isalpha()):
            raise Unsupported("big operator index")
        self.expect("=")
        lower = self.expr()
        self.expect("}")
        self.expect("^")
        upper = self.exponent_arg()
        return ("bigop", name, index[1].lower(), lower, upper, self.term())

    def function(self, name: str) -> tuple:
        base = None
        power = None
        if name == "log" and self.at("_"):
            self.i += 1
            base = self.group_arg()
        if self.at("^"):
            self.i += 1
            power = self.exponent_arg()
        if self.at("("):
            self.i += 1
            arg = self.expr()
            self.expect(")")
        elif self.at("{"):
            arg = self.group_arg()
        else:
            # \sin 2x: the argument runs over the following product; how far is a convention, so a "different"
            # verdict on such input is left to the symbolic fallback.
            arg = self.power()
            while (
                (tok := self.peek()) is not None
                and self._starts_atom(tok)
                and not (tok[0] == "cmd" and tok[1][1:] in FUNCS)
            ):
                self.uncertain = True
                arg = ("mul", [arg, self.power()])
        if power is not None and power == ("neg", ("num", Fraction(1), 0)) and name in ("sin", "cos", "tan"):
            return ("fn", "arc" + name, arg, None)
        node = ("fn", name, arg, base)
        return ("pow", node, power) if power is not None else node

    def bracketed(self, opener: str) -> tuple:
        items = self.seq(closers=(")", "]"))
        closer = self.next()[1]
        if len(items) == 1 and (opener, closer) in (("(", ")"), ("[", "]")):
            return items[0]
        return ("tuple", opener, closer, items)

    def matrix(self, env: str) -> tuple:
        if env not in MATRIX_ENVS:
            raise Unsupported(f"environment {env}")
        rows: list[list[tuple]] = [[]]
        while True:
            tok = self.peek()
            if tok is None:
                raise Unsupported("unclosed matrix")
            if tok[0] == "end":
                self.i += 1
                break
            if tok == ("cmd", "\\\\"):
                self.i += 1
                rows.append([])
                continue
            if tok == ("ch", "&"):
                self.i += 1
                continue
            rows[-1].append(self.expr())
        rows = [r for r in rows if r]
        if not rows or len({len(r) for r in rows}) != 1:
            raise Unsupported("ragged matrix")
        return ("matrix", rows)


def _leading_var(node: tuple) -> str | None:
    while node[0] == "mul":
        node = node[1][0]
    return node[1] if node[0] == "var" else None


# --------------------------------------------------------------------------------------------------------
# parsed answers


@dataclass(frozen=True)
class Answer:
    raw: str
    norm: str
    plain: str
    node: tuple | None
    error: str | None = None  # why node is None: "unsupported" or "too_complex"
    uncertain: bool = False
    percent: bool = False  # written with % / 'percent': 20% may stand for 20 or for 0.2


def parse_answer(text: str) -> Answer:
    """Parse an answer (cached for short texts: GRPO groups repeat the same answers, and references repeat G times)."""
    return _parse_cached(text) if len(text) <= 512 else _parse(text)


@lru_cache(maxsize=32768)
def _parse_cached(text: str) -> Answer:
    return _parse(text)


def _parse(text: str) -> Answer:
    percent = bool(PERCENT.search(text)) or "percent" in text or "pct" in text
    norm = normalize(text)
    try:
        if not norm:
            raise Unsupported("empty")
        parser = _Parser(tokenize(norm))
        node = _strip_membership(parser.parse())
        node = _assignment_groups(expand_pm(node))
        return Answer(text, norm, plain(norm), node, None, parser.uncertain, percent)
    except TooComplex:
        return Answer(text, norm, plain(norm), None, "too_complex")
    except (Unsupported, RecursionError, ValueError, ZeroDivisionError, OverflowError, IndexError):
        return Answer(text, norm, plain(norm), None, "unsupported")


def _strip_membership(node: tuple) -> tuple:
    """'x \\in [2, 5)' is the interval; 'x = 5' stays an equation (compare() unwraps assignments)."""
    if node[0] == "rel" and node[2] == ["in"]:
        return node[1][1]
    return node


def _assignment_groups(node: tuple) -> tuple:
    """'p=5,q=2;p=7,q=2' -> the points (5,2), (7,2): a list of assignments whose names repeat in one cycle of two or
    more names is a list of tuples, one per cycle. A single cycle ('p=5, q=2') is left to compare() as it is."""
    if node[0] != "list":
        return node
    names = []
    for item in node[1]:
        if assignment_rhs(item) is None or item[1][0][0] != "var":
            return node
        names.append(item[1][0][1])
    k = names.index(names[0], 1) if names[0] in names[1:] else len(names)
    if k < 2 or len(names) == k or len(names) % k or len(set(names[:k])) != k:
        return node
    if any(names[i] != names[i % k] for i in range(len(names))):
        return node
    rhs = [assignment_rhs(item) for item in node[1]]
    return ("list", [("tuple", "(", ")", rhs[i : i + k]) for i in range(0, len(rhs), k)])


def _has_pm(node) -> bool:
    if isinstance(node, tuple):
        if node and node[0] == "pm":
            return True
        return any(_has_pm(x) for x in node[1:])
    if isinstance(node, list):
        return any(_has_pm(x) for x in node)
    return False


def _variants(node, budget: list[int]):
    """All +/- readings of a node with \\pm in it (at most 8)."""
    if isinstance(node, list):
        out: list[list[Any]] = [[]]
        for item in node:
            out = [prev + [v] for prev in out for v in _variants(item, budget)]
        return out
    if not isinstance(node, tuple) or not _has_pm(node):
        return [node]
    if node[0] == "pm":
        budget[0] -= 1
        if budget[0] < 0:
            raise Unsupported("too many \\pm")
        lefts = _variants(node[1], budget)
        rights = _variants(node[2], budget)
        return [("add", [(1, a), (s, b)]) for a in lefts for b in rights for s in (1, -1)]
    parts = [_variants(x, budget) for x in node[1:]]
    combos: list[tuple[Any, ...]] = [()]
    for options in parts:
        combos = [prev + (o,) for prev in combos for o in options]
    return [(node[0], *rest) for rest in combos]


def expand_pm(node: tuple) -> tuple:
    """3 \\pm 2\\sqrt2 -> the list of both roots; inside a list or set, each item expands in place."""
    if not _has_pm(node):
        return node
    budget = [3]
    if node[0] in ("list", "set"):
        items: list[Any] = []
        for item in node[1]:
            items.extend(_variants(item, budget) if _has_pm(item) else [item])
        return (node[0], items)
    rhs = assignment_rhs(node)
    if rhs is not None and len(node[1]) == 2 and not _has_pm(node[1][0]):  # x = 1 \pm \sqrt 2
        return ("list", _variants(rhs, budget))
    if node[0] in ("tuple", "matrix", "rel", "union"):
        raise Unsupported("\\pm inside an ordered structure")
    return ("list", _variants(node, budget))


def is_label(node: tuple) -> bool:
    """A name for a value rather than an expression to compare: x, x_1, f(x), |AB|, NO/BO, V_1:V_2, (p, q)."""
    kind = node[0]
    if kind == "var":
        return True
    if kind == "mul":
        return all(x[0] == "var" for x in node[1])
    if kind == "abs":
        return is_label(node[1])
    if kind == "div":
        return is_label(node[1]) and is_label(node[2])
    if kind == "tuple":
        return node[1] == "(" and all(x[0] == "var" for x in node[3])
    return False


def assignment_rhs(node: tuple) -> tuple | None:
    """'x = 5', 'k = 2 + 3 = 5', 'f(x) = 1', '(p,q) = (3,2)' -> the last side; None when the left side is not a name
    (see is_label): '2x + 4y = 3' is an equation, not a labelled value."""
    if node[0] != "rel" or not is_label(node[1][0]):
        return None
    ops = node[2][: node[2].index("~")] if "~" in node[2] else node[2]  # x = 1/3 \approx 0.33: the exact value
    if ops and set(ops) == {"="}:
        return node[1][len(ops)]
    return None
