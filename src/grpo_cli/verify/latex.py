r"""Reading LaTeX answers and deciding equivalence in pure Python: the fast path of the `math` task.

Most answers are numbers, fractions, radicals, tuples, intervals, lists of roots, matrices, polynomials and short
words. For those, a small recursive-descent parser builds a tuple AST and equivalence is decided by exact
arithmetic (`fractions.Fraction`) or, for radicals, pi and functions, by complex floating point; expressions with
variables are compared at several generic rational points (polynomial identity testing: two different rational
functions agree on three random points with probability ~0). Nothing is evaluated by Python's eval and nothing
reaches sympy here: sympy is the fallback in a worker process (verify.bounded), used only when this module answers
None ("cannot decide").

Size caps (tokens, nesting, exponents, factorials) make every step here bounded; an input beyond them raises
TooComplex, which the caller scores False with reason `too_complex` (a power tower such as 9^{9^{9^9}} is never
evaluated by anyone, which is how math-verify's hang in its issue #65 cannot happen here).
"""

from __future__ import annotations

import cmath
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from grpo_cli.verify.extract import last_boxed
from grpo_cli.verify.numbers import MAX_DIGITS, decimal_close

MAX_TOKENS = 600
MAX_DEPTH = 60
MAX_ITEMS = 64
MAX_RESULT_BITS = 1 << 16  # exact powers up to ~20k decimal digits; beyond, floating point (or too_complex)
MAX_FACTORIAL = 2000
ABS_TOL = 1e-12
APPROX_REL_TOL = 1e-9


class Unsupported(Exception):
    """The fast path cannot decide this input (the symbolic fallback may)."""


class TooComplex(Unsupported):
    """Beyond the size caps: nobody evaluates it."""


# --------------------------------------------------------------------------------------------------------
# normalisation (string level)

_UNICODE = {
    "−": "-",
    "–": "-",
    "×": r"\times ",
    "·": r"\cdot ",
    "÷": r"\div ",
    "π": r"\pi ",
    "∞": r"\infty ",
    "√": r"\sqrt ",
    "²": "^2",
    "³": "^3",
    "≤": r"\le ",
    "≥": r"\ge ",
    "≠": r"\ne ",
    "∪": r"\cup ",
    "°": "",
}
_UNICODE_RE = re.compile("|".join(map(re.escape, _UNICODE)))
_SUBS = [
    (re.compile(r"\\(?:left|right)\s*\."), ""),
    (re.compile(r"\\(?:left|right|[bB]igg?[lr]?)(?![A-Za-z])"), ""),
    (re.compile(r"\\(?:displaystyle|textstyle|scriptstyle|limits|nolimits)(?![A-Za-z])"), ""),
    (re.compile(r"\\[dt]frac(?![A-Za-z])"), r"\\frac"),
    (re.compile(r"\\[dt]binom(?![A-Za-z])"), r"\\binom"),
    (
        re.compile(
            r"\\(?:mbox|textrm|textnormal|textsf|textit|textbf|texttt|textup|mathrm|mathbf|mathit|mathsf|mathtt|mathbb|mathcal|hbox)(?![A-Za-z])"
        ),
        r"\\text",
    ),
    # degrees: 30^\circ, 30^{\circ}, 30\degree
    (re.compile(r"\^\s*\{?\s*\\circ\s*\}?|\\circ(?![A-Za-z])|\\degree(?![A-Za-z])"), ""),
    (re.compile(r"\\?%"), ""),
    (re.compile(r"\\\$|\$"), ""),
    # thousands separators written 10,\!080 or 10{,}080
    (re.compile(r"(?<=[0-9])(?:,\\!\s*|\{,\}\s*)(?=[0-9]{3}(?![0-9]))"), ""),
    (re.compile(r"(?<!\\)\\!"), ""),
    (re.compile(r"(?<!\\)\\[,;: ]|\\q?quad(?![A-Za-z])|~"), " "),
    (re.compile(r"\\(?:boxed|fbox)(?![A-Za-z])"), ""),
]
_GROUPED = re.compile(r"(?<=[0-9]),(?=[0-9]{3}(?![0-9]))")
_ONLY_GROUPED = re.compile(r"[-+]?[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?(?:\s*\\text\{[^{}]*\}|\s+[A-Za-z]+)?")
_UNIT_WORDS = (
    "cm|mm|km|meters?|metres?|inch(?:es)?|in|ft|feet|foot|yards?|yd|miles?|mi|mph|kg|grams?|pounds?|lbs?|oz|ounces?|"
    "sec|seconds?|mins?|minutes?|hours?|hrs?|days?|weeks?|months?|years?|dollars?|cents?|degrees?|units?|"
    "sq|square|cubic|liters?|litres?|ml|gallons?|people|students|points?"
)
_TRAILING_UNITS = re.compile(r"(?<=[0-9}])\s+(?:(?:" + _UNIT_WORDS + r")\b\s*)+(?:\^\s*\{?[23]\}?)?\s*$")
_DELIMS = (("$$", "$$"), ("$", "$"), ("\\[", "\\]"), ("\\(", "\\)"))


def normalize(text: str) -> str:
    """A LaTeX answer with presentation removed: delimiters, \\left/\\right, \\dfrac, spacing, degrees, %, $, thousands
    separators, \\boxed, trailing units and full stops. Equal strings here are equal answers."""
    s = text.strip()
    if "\\boxed" in s or "\\fbox" in s:
        inner = last_boxed(s)
        if inner is not None:
            s = inner.strip()
    for _ in range(3):
        for open_, close in _DELIMS:
            if len(s) >= len(open_) + len(close) and s.startswith(open_) and s.endswith(close):
                s = s[len(open_) : len(s) - len(close)].strip()
    s = _UNICODE_RE.sub(lambda m: _UNICODE[m.group(0)], s)
    for pattern, repl in _SUBS:
        s = pattern.sub(repl, s)
    s = s.strip().rstrip(".").strip()
    if _ONLY_GROUPED.fullmatch(s):
        s = _GROUPED.sub("", s)
    s = _TRAILING_UNITS.sub("", s).strip()
    return " ".join(s.split())


_COMMAND = re.compile(r"\\[A-Za-z]+")


def plain(text: str) -> str:
    """Lower-case letters and digits only: how word answers (\\text{Evelyn}, (C)) are compared."""
    return re.sub(r"[^a-z0-9]", "", _COMMAND.sub("", text).lower())


# --------------------------------------------------------------------------------------------------------
# tokens

_TOKEN = re.compile(r"(?P<ws>\s+)|(?P<num>[0-9]+(?:\.[0-9]+)?|\.[0-9]+)|(?P<cmd>\\[A-Za-z]+|\\.)|(?P<ch>.)", re.S)


def _braced(s: str, i: int) -> tuple[str, int]:
    """s[i] == '{': (content, index after the matching brace)."""
    depth = 0
    for j in range(i, len(s)):
        c = s[j]
        if c == "{" and (j == 0 or s[j - 1] != "\\"):
            depth += 1
        elif c == "}" and (j == 0 or s[j - 1] != "\\"):
            depth -= 1
            if depth == 0:
                return s[i + 1 : j], j + 1
    raise Unsupported("unbalanced braces")


def tokenize(s: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    pos = 0
    n = len(s)
    while pos < n:
        m = _TOKEN.match(s, pos)
        assert m is not None  # the last alternative matches any character
        pos = m.end()
        kind = m.lastgroup
        if kind == "ws":
            continue
        value = m.group(0)
        if kind == "cmd" and value in ("\\text", "\\operatorname", "\\begin", "\\end"):
            while pos < n and s[pos] == " ":
                pos += 1
            if pos >= n or s[pos] != "{":
                raise Unsupported(f"{value} without a braced argument")
            content, pos = _braced(s, pos)
            if value == "\\text":
                tokens.append(("text", content))
            elif value == "\\operatorname":
                tokens.append(("cmd", "\\" + content.strip()))
            else:
                tokens.append((value[1:], content.strip()))
                if value == "\\begin" and content.strip() == "array" and pos < n and s[pos] == "{":
                    _, pos = _braced(s, pos)  # column spec
            continue
        tokens.append((kind, value))  # type: ignore[arg-type]
        if len(tokens) > MAX_TOKENS:
            raise TooComplex("answer too long")
    return tokens


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
    "\\geqslant": ">=", "\\lt": "<", "\\gt": ">", "\\ne": "!=", "\\neq": "!=", "\\in": "in", "\\approx": "=",
    "\\equiv": "=",
}  # fmt: skip
_MUL = {"*", "\\cdot", "\\times", "\\ast"}
_DIV = {"/", "\\div"}
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
        if tok[0] == "num" and left[0] in ("num", "big"):
            raise Unsupported("two numbers side by side")
        return ("mul", [left, self.power()])

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
        raise Unsupported(f"unknown command {value}")

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


def parse_answer(text: str) -> Answer:
    """Parse an answer (cached for short texts: GRPO groups repeat the same answers, and references repeat G times)."""
    return _parse_cached(text) if len(text) <= 512 else _parse(text)


@lru_cache(maxsize=32768)
def _parse_cached(text: str) -> Answer:
    return _parse(text)


def _parse(text: str) -> Answer:
    norm = normalize(text)
    try:
        if not norm:
            raise Unsupported("empty")
        parser = _Parser(tokenize(norm))
        node = _strip_membership(parser.parse())
        node = expand_pm(node)
        return Answer(text, norm, plain(norm), node, None, parser.uncertain)
    except TooComplex:
        return Answer(text, norm, plain(norm), None, "too_complex")
    except (Unsupported, RecursionError, ValueError, ZeroDivisionError, OverflowError, IndexError):
        return Answer(text, norm, plain(norm), None, "unsupported")


def _strip_membership(node: tuple) -> tuple:
    """'x \\in [2, 5)' is the interval; 'x = 5' stays an equation (compare() unwraps assignments)."""
    if node[0] == "rel" and node[2] == ["in"]:
        return node[1][1]
    return node


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
        out = [[]]
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
    out = [()]
    for options in parts:
        out = [prev + (o,) for prev in out for o in options]
    return [(node[0], *rest) for rest in out]


def expand_pm(node: tuple) -> tuple:
    """3 \\pm 2\\sqrt2 -> the list of both roots; inside a list or set, each item expands in place."""
    if not _has_pm(node):
        return node
    budget = [3]
    if node[0] in ("list", "set"):
        items = []
        for item in node[1]:
            items.extend(_variants(item, budget) if _has_pm(item) else [item])
        return (node[0], items)
    rhs = _assignment_rhs(node)
    if rhs is not None and len(node[1]) == 2 and not _has_pm(node[1][0]):  # x = 1 \pm \sqrt 2
        return ("list", _variants(rhs, budget))
    if node[0] in ("tuple", "matrix", "rel", "union"):
        raise Unsupported("\\pm inside an ordered structure")
    return ("list", _variants(node, budget))


# --------------------------------------------------------------------------------------------------------
# evaluation: exact Fraction where possible, complex floating point otherwise


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
        if not all(isinstance(v, Fraction) and v.denominator == 1 for v in (n, k)) or not 0 <= n <= 10**5:
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


def _envs(names: set[str], count: int = 3, tries: int = 6):
    ordered = sorted(names)
    for k in range(tries):
        yield {name: _POINTS[(3 * j + 5 * k) % len(_POINTS)] + j for j, name in enumerate(ordered)}


def _bare_places(node: tuple) -> int:
    """Decimal places of a bare decimal literal (0.25 -> 2, -0.25 -> 2); 0 for anything else."""
    if node[0] == "neg":
        return _bare_places(node[1])
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
    pa, pb = _bare_places(a), _bare_places(b)
    names = free_vars(a) | free_vars(b)
    if not names:
        return values_close(evaluate(a, {}), evaluate(b, {}), pa, pb)
    agreed = 0
    for env in _envs(names):
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


# --------------------------------------------------------------------------------------------------------
# structural equivalence

_UNORDERED = ("list", "set", "union")


def _items(node: tuple) -> list:
    return node[1] if node[0] in _UNORDERED else node[3] if node[0] == "tuple" else [node]


def _match_unordered(xs: list, ys: list) -> bool:
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


def _assignment_rhs(node: tuple) -> tuple | None:
    """'x = 5' or 'k = 2 + 3 = 5' -> the last side; None when it is not an assignment to one variable."""
    if node[0] == "rel" and set(node[2]) == {"="} and node[1][0][0] == "var":
        return node[1][-1]
    return None


def _difference(rel: tuple) -> tuple:
    lhs, rhs = rel[1]
    return ("add", [(1, lhs), (-1, rhs)])


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!="}


def _relations_equal(a: tuple, b: tuple) -> bool:
    ra, rb = _assignment_rhs(a), _assignment_rhs(b)
    if a[0] == "rel" and b[0] == "rel":
        if ra is not None and rb is not None:
            return a[1][0] == b[1][0] and equal(ra, rb)
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
    for env in _envs(names):
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


def equal(a: tuple, b: tuple) -> bool:
    """Equivalence of two parsed answers, `a` the reference. Raises Unsupported when it cannot decide."""
    ka, kb = a[0], b[0]
    if ka == "text" or kb == "text":
        return ka == kb and a[1] == b[1]
    if ka == "rel" or kb == "rel":
        return _relations_equal(a, b)
    if ka in _UNORDERED or kb in _UNORDERED:
        if any(x[0] == "rel" and _assignment_rhs(x) is None for x in (*_items(a), *_items(b))):
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
    return scalar_equal(a, b)


def _based_equal(a: tuple, b: tuple) -> bool:
    """2516_8 against 2516_8 or 2516 (the digits are the answer) or another base (the value)."""
    if a[0] == "based" and b[0] == "based":
        if (a[1], a[2]) == (b[1], b[2]):
            return True
        try:
            return int(a[1], a[2]) == int(b[1], b[2])
        except ValueError:
            return False
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
    if ref.node is not None and ref.node[0] == "text":
        return bool(pred.plain) and ref.node[1] == pred.plain
    if pred.error == "too_complex":
        raise TooComplex("prediction too complex")
    if ref.node is None or pred.node is None:
        return None
    try:
        same = equal(ref.node, pred.node)
    except TooComplex:
        raise
    except (Unsupported, ZeroDivisionError, OverflowError, ValueError, RecursionError):
        return None
    if not same and (ref.uncertain or pred.uncertain):
        return None
    return same


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
        rhs = _assignment_rhs(node)
        if rhs is not None:
            return _key(rhs)
        raise Unsupported("relation")
    names = free_vars(node)
    if not names:
        return _value_key(evaluate(node, {}))
    values = []
    for env in _envs(names):
        try:
            values.append(_value_key(evaluate(node, env)))
        except ZeroDivisionError:
            continue
        if len(values) == 2:
            break
    return "f(" + ",".join(sorted(names)) + "):" + ";".join(values)
