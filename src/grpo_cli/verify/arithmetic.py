"""Arithmetic claims in text: every `expression = value` claim, checked exactly (the step scorer's and the reward's).

A step such as "Natalia sold 48/2 = 24 clips in May." or "9+2=11" makes claims; each is checked by a small safe
evaluator over exact fractions: it parses numbers and + - × ÷ * / x · (x only between numbers), parentheses, unary
minus, percent (20% = 1/5), decimals, fractions (3/4, \\frac{3}{4}), thousands separators (1,000) and currency
signs ($5), and nothing else. It never calls eval, has no exponent (so no huge numbers), and gives up on long
expressions. Model output is untrusted input.

Claims. The step is cut into arithmetic runs (maximal stretches of number/operator/bracket/space characters); a
run with "=" in it is a chain `a = b = c`, and each adjacent pair whose two sides both evaluate, at least one of
them with an operator, is a claim. "3 packs of 4 = 12" gives no claim (the left side of "=" is the bare 4), "x = 5"
none; "Week 4 = 48 + 48" none (a chain must open on a computation). A claim holds when both sides are equal
exactly, or, when the right side is written with decimals ("10/3 = 3.33"), when the left side rounds or truncates
to it at that many places. The reward's `final` reading reads the same claims (verify.contract: a derivation's
claim must hold and must not be an identity in the value; a check's must hold and depend on it).

Scores (`score_step`): 1.0 when the step's claims all hold, 0.0 when one fails, None when the step makes no
checkable claim. Each claim also has a kind, its operation (add, sub, mul, div, percent, or mixed when it has
several), which the per-step diagnostics count (`grpo_cli.stepwise.split` metrics: accuracy per operation).

Pure Python (fractions, re): no torch.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

MAX_EXPR_CHARS = 200  # longer runs are not arithmetic working; skipped rather than parsed
MAX_DIGITS = 30  # per number literal: bounds the size of exact fractions
OPERATIONS = ("add", "sub", "mul", "div", "percent", "mixed")

# Normalisation before the runs are found, in order.
_FRAC = re.compile(r"\\[dt]?frac\{\s*([^{}]+?)\s*\}\{\s*([^{}]+?)\s*\}")
_WORD_OPS = (
    (re.compile(r"\\times|\\cdot|[×·⋅∙✕]"), "*"),
    (re.compile(r"\\div|÷|∶"), "/"),
    (re.compile(r"[−–—]"), "-"),  # unicode minus and dashes
)
_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?!\d)|(?<![\d.,])\d{1,3}(?: \d{3})+(?![\d./])")
# "x"/"X" is multiplication only between a number (or ")") and a number (or "("): "3 x 4", "(2+1)x5".
_TIMES_X = re.compile(r"(?<=[\d)%])(\s*)[xX](\s*)(?=[\d($])")
_CURRENCY = re.compile(r"[$€£¥]")
_MIXED = re.compile(r"(?<![\d/.])(\d+) (\d+)/(\d+)(?![\d/.])")  # "1 1/2" -> (1+1/2)
# Text just before a run that makes the run's first number the right operand of something outside it
# ("60 students x 2/3 = 40", "8 times 3 = 24"): the left side seen is not the whole computation.
_OPERATOR_WINDOW = 16  # longer than any operator _OPERATOR_BEFORE reads ('times')
_OPERATOR_BEFORE = re.compile(r"(?:\b[xX]|\btimes|\bof|[*/+\-^])\s*$")
# An arithmetic run: digits, operators, brackets, "=", "%", "." and spaces. Letters and commas end a run.
_RUN = re.compile(r"[\d+\-*/().%=\s]+")
_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?|\.\d+)|([+\-*/()%]))")


@dataclass(frozen=True)
class Claim:
    lhs: str
    rhs: str
    holds: bool
    kind: str  # one of OPERATIONS
    whole: bool = True  # False when the left side is only the part next to '=' that parses ('5(4) -6 + 4' -> '-6 + 4')


class _Unparsable(Exception):
    pass


# --------------------------------------------------------------------------------------------------------
# the evaluator: recursive descent over exact fractions


def _tokens(expr: str) -> list[str]:
    out, pos = [], 0
    expr = expr.rstrip()
    while pos < len(expr):
        m = _TOKEN.match(expr, pos)
        if m is None:
            raise _Unparsable(expr)
        out.append(m.group(1) or m.group(2))
        pos = m.end()
    return out


class _Parser:
    """expr := term (('+'|'-') term)*;  term := unary (('*'|'/') unary)*;  unary := '-' unary | '+' unary | atom '%'*;
    atom := number | '(' expr ')'. Also records which operations were used."""

    def __init__(self, tokens: list[str]):
        self.tokens, self.pos, self.ops = tokens, 0, set[str]()

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise _Unparsable("unexpected end")
        self.pos += 1
        return tok

    def parse(self) -> Fraction:
        value = self.expr()
        if self.peek() is not None:
            raise _Unparsable(f"trailing {self.peek()!r}")
        return value

    def expr(self) -> Fraction:
        value = self.term()
        while self.peek() in ("+", "-"):
            op = self.take()
            self.ops.add("add" if op == "+" else "sub")
            rhs = self.term()
            value = value + rhs if op == "+" else value - rhs
        return value

    def term(self) -> Fraction:
        value = self.unary()
        while self.peek() in ("*", "/"):
            op = self.take()
            rhs = self.unary()
            if op == "*":
                self.ops.add("mul")
                value = value * rhs
            else:
                self.ops.add("div")
                if rhs == 0:
                    raise _Unparsable("division by zero")
                value = value / rhs
        return value

    def unary(self) -> Fraction:
        if self.peek() == "-":
            self.take()
            return -self.unary()
        if self.peek() == "+":
            self.take()
            return self.unary()
        value = self.atom()
        while self.peek() == "%":
            self.take()
            self.ops.add("percent")
            value = value / 100
        return value

    def atom(self) -> Fraction:
        tok = self.take()
        if tok == "(":
            value = self.expr()
            if self.take() != ")":
                raise _Unparsable("unbalanced parenthesis")
            return value
        if tok[0].isdigit() or tok[0] == ".":
            if len(tok) > MAX_DIGITS:
                raise _Unparsable("number too long")
            return Fraction(tok)
        raise _Unparsable(f"unexpected {tok!r}")


def evaluate(expr: str) -> Fraction | None:
    """The exact value of an arithmetic expression (after `normalize`), or None when it is not one."""
    return _evaluate(expr)[0]


def _evaluate(expr: str) -> tuple[Fraction | None, set[str]]:
    if len(expr) > MAX_EXPR_CHARS or not expr.strip():
        return None, set()
    try:
        parser = _Parser(_tokens(expr))
        return parser.parse(), parser.ops
    except (_Unparsable, ValueError, ZeroDivisionError):
        return None, set()


# --------------------------------------------------------------------------------------------------------
# claims in a step


def normalize(text: str) -> str:
    """Spellings of arithmetic mapped to the evaluator's: \\frac{a}{b} -> (a)/(b), × ÷ − \\times -> * / -, "3 x 4"
    -> "3 * 4", "1,000" -> "1000", "$5" -> "5"."""
    text = text.replace("\\!", "").replace("{,}", ",")  # LaTeX's grouping: '10,\\!000', '10{,}000'
    text = _FRAC.sub(r"((\1)/(\2))", text)
    for pattern, repl in _WORD_OPS:
        text = pattern.sub(repl, text)
    text = _CURRENCY.sub("", text)
    text = _THOUSANDS.sub(lambda m: m.group(0).replace(",", "").replace(" ", ""), text)
    text = _MIXED.sub(r"(\1+\2/\3)", text)
    return _TIMES_X.sub(r"\1*\2", text)


def _rhs_matches(lhs: Fraction, rhs: Fraction, rhs_text: str) -> bool:
    if lhs == rhs:
        return True
    if rhs_text.rstrip().endswith("%") and lhs == rhs * 100:
        return True  # "100 - 50 = 50%": percent written as a unit of the number on the left
    m = re.fullmatch(r"\s*-?\s*\d*\.(\d+)\s*%?\s*", rhs_text)
    if m is None:
        return False  # integers must be exact: "7/2 = 3" is wrong
    places = len(m.group(1)) + (2 if rhs_text.strip().endswith("%") else 0)
    unit = Fraction(1, 10**places)
    # rounded (half a unit either way) or truncated (less than one unit towards zero)
    return abs(lhs - rhs) <= unit / 2 or (abs(lhs) >= abs(rhs) and abs(lhs - rhs) < unit and lhs * rhs >= 0)


def _side(text: str) -> str:
    """One side of an "=": trailing sentence punctuation and stray brackets that open or close outside it removed."""
    side = text.strip().rstrip(".")
    while side.count("(") > side.count(")") and side.startswith("("):
        side = side[1:].lstrip()
    while side.count(")") > side.count("(") and side.endswith(")"):
        side = side[:-1].rstrip()
    return side.strip()


def _parse_side(text: str, *, keep_end: bool) -> tuple[str, Fraction | None, set[str]]:
    """Evaluate one side of an "="; when the whole side does not parse, the longest part next to the "=" that does
    (a suffix for a left side: "Step 1. 3+4" -> "3+4"; a prefix for a right side: "7 1" -> "7"), cut at spaces."""
    value, ops = _evaluate(text)
    if value is not None:
        return text, value, ops
    cuts = [m.end() for m in re.finditer(r"\s+", text)]
    for cut in cuts if keep_end else reversed([m.start() for m in re.finditer(r"\s+", text)]):
        part = (text[cut:] if keep_end else text[:cut]).strip()
        value, ops = _evaluate(part)
        if value is not None:
            return part, value, ops
    return text, None, set()


def find_claims(step: str) -> list[Claim]:
    """The checkable `expression = value` claims of one step, in order."""
    claims = []
    text = normalize(step)
    for run in _RUN.finditer(text):
        chain = run.group(0)
        if "=" not in chain or len(chain) > MAX_EXPR_CHARS:
            continue
        sides = [_side(part) for part in chain.split("=")]
        # A run that words cut out of a longer computation ("2 liters * 20% = .4", "100/5 = 5A/5") is not checked
        # at its cut ends: the first side when an operator or a letter comes just before the run, the last side when
        # a letter is glued to its end.
        # The operator must end right before the run (a run swallows the spaces around it), so a window of a few
        # characters is the same search as the whole prefix; the prefix made a long 'x = x = ... 1' quadratic (80 s
        # for 64 KB in the steps reward). \b still sees the character before the window.
        if _OPERATOR_BEFORE.search(text, max(0, run.start() - _OPERATOR_WINDOW), run.start()) or (
            run.start() and text[run.start() - 1].isalpha() and not chain[0].isspace()
        ):
            sides[0] = ""
        if run.end() < len(text) and text[run.end()].isalpha() and not chain[-1].isspace():
            sides[-1] = ""
        for i, (lhs, rhs) in enumerate(zip(sides, sides[1:], strict=False)):
            if not lhs or not rhs or lhs[0] in "*/+" or rhs[-1] in "*/+-":
                continue
            (lhs, lv, lops), (rhs, rv, rops) = _parse_side(lhs, keep_end=True), _parse_side(rhs, keep_end=False)
            # A computation is claimed by an operator on the left ("48/2 = 24"), or on the right inside a chain
            # ("2+2 = 4 = 8/2"). A chain that opens on a bare number ("3 packs of 4 = 12", "Week 4 = 48 + 48") is
            # a number out of a sentence, not a claim.
            if lv is None or rv is None or not (lops or (rops and i > 0)):
                continue
            whole = lhs == _side(sides[i])
            ops = lops or rops  # the kind of the computation, not of how its result is written ("= 50%")
            kind = next(iter(ops)) if len(ops) == 1 else ("percent" if "percent" in ops else "mixed")
            claims.append(Claim(lhs, rhs, _rhs_matches(lv, rv, rhs) or _rhs_matches(rv, lv, lhs), kind, whole))
    return claims


def score_step(step: str) -> float | None:
    """1.0 when every claim in the step holds, 0.0 when one fails, None when it makes no checkable claim."""
    claims = find_claims(step)
    if not claims:
        return None
    return 1.0 if all(c.holds for c in claims) else 0.0
