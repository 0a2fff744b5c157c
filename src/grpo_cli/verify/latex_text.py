r"""LaTeX as the parser reads it: normalisation (presentation removed, other notations rewritten) and tokens.

`normalize` removes what only presents an answer (`$`, `\\left`, `\\dfrac`, spacing, `^\\circ`, `\\%`, thousands
separators, a trailing unit in `\\text{}`, a full stop) and rewrites notations the parser reads in one form (French
interval brackets, a period in brackets, set-builder notation, 'all real numbers' in words, Unicode symbols,
`x \\in [a, b]`); `tokenize` turns the result into tokens under the size caps (`MAX_TOKENS`), raising `TooComplex`
beyond them and `Unsupported` for what the fast path cannot read. verify.latex parses the tokens.
"""

from __future__ import annotations

import re

from grpo_cli.verify.lexicon import (
    ALL_REALS_ELSEWHERE,
    ALL_WORDS,
    AND_WORDS,
    LATEX_UNIT_WORDS,
    NEXT_ASSIGNMENT,
    NO_SOLUTION_ELSEWHERE,
    OR_WORDS,
    SUCH_THAT,
    either,
)
from grpo_cli.verify.sources import boxed_answer
from grpo_cli.verify.types import Rewrite

MAX_TOKENS = 600
MAX_DEPTH = 60
MAX_ITEMS = 64


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
    "≈": r"\approx ",
    "∪": r"\cup ",
    "∈": r"\in ",
    "°": "",
}
_UNICODE_RE = re.compile("|".join(map(re.escape, _UNICODE)))
# A trigonometric function of an angle in degrees: '\sin 60^\circ' is sin(60π/180), not sin of 60 radians.
_TRIG_DEGREES = re.compile(
    r"\\(sin|cos|tan|cot|sec|csc)\s*\(?\s*([0-9]+(?:\.[0-9]+)?)\s*(?:\^\s*\{?\s*\\circ\s*\}?|°|\\degree(?![A-Za-z]))\s*\)?"
)
# '√12' is the root of 12 and '√(4 + 8)' of 4 + 8 (as '\sqrt12' in LaTeX would be the root of 1, times 2)
_ROOT = re.compile(r"√\s*(?:([0-9]+(?:\.[0-9]+)?|[A-Za-z])|\(([^()]*)\))")
_SUBS: list[Rewrite] = [
    (re.compile(r"\\(?:left|right)\s*\."), ""),
    (re.compile(r"\\(?:left|right|[bB]igg?[lr]?)(?![A-Za-z])"), ""),
    (re.compile(r"\\(?:displaystyle|textstyle|scriptstyle|limits|nolimits)(?![A-Za-z])"), ""),
    (re.compile(r"\\[dtc]frac(?![A-Za-z])"), r"\\frac"),
    (re.compile(r"\\[dt]binom(?![A-Za-z])"), r"\\binom"),
    (re.compile(r"\\(?:mathbf|boldsymbol|vec)\s*([A-Za-z])(?![A-Za-z])"), r"\1"),  # '\mathbf w = ...': the name w
    # a brace misplaced around a root in a fraction: '\frac{\sqrt{3}{2}}' is \frac{\sqrt{3}}{2}
    (re.compile(r"\\frac\s*\{\\sqrt\s*\{([^{}]*)\}\s*\{([^{}]*)\}\s*\}"), r"\\frac{\\sqrt{\1}}{\2}"),
    (
        re.compile(
            r"\\(?:rm|mbox|textrm|textnormal|textsf|textit|textbf|texttt|textup|mathrm|mathbf|mathit|mathsf|mathtt|mathbb|mathcal|hbox)(?![A-Za-z])"
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
    (re.compile(r"(?<=[0-9])\s*(?:\\[lc]?dots(?![A-Za-z])|\.\.\.|…)"), ""),  # '3.14159...': the digits written
]
# A doubled backslash before a command (text that was escaped twice, as in some datasets): \\frac -> \frac
_DOUBLED = re.compile(
    r"(?<!\\)\\\\(?=(?:left|right|frac|dfrac|tfrac|sqrt|pi|boxed|fbox|text|cdot|times|infty|begin|end|le|ge|leq|geq|ne|neq)"
    r"(?![A-Za-z]))"
)


def undouble(text: str) -> str:
    r"""\\boxed{1} -> \boxed{1}: a reference escaped twice reads as written once."""
    return _DOUBLED.sub("\\\\", text) if "\\\\" in text else text


# 'all x with x > -2' (and in de, fr, es): the condition is the answer
ALL_WITH = re.compile(
    r"(?i)^(?:" + either(ALL_WORDS) + r")\s+(?:real\s+)?[a-z]\s*(?:\\in\s*\\mathbb\s*\{?R\}?\s*)?"
    r"(?:" + either(SUCH_THAT) + r"|:|\|)\s*"
)
# French interval brackets ']-2 ; 2[' and ';' between the ends: '(-2, 2)'.
_FRENCH_INTERVAL = re.compile(
    r"^\s*(?:[A-Za-z]\s*=\s*)?(?:\\left\s*)?([\[\]])\s*([^\[\];]{1,60}?)\s*;\s*([^\[\];]{1,60}?)\s*(?:\\right\s*)?([\[\]])\s*$"
)
# Set-builder notation '{x | x < -3 or x > 3}': the condition.
_SET_BUILDER = re.compile(r"^\s*\\?\{\s*([a-z])\s*(?:\||\\mid|:)\s*(.{1,200}?)\s*\\?\}\s*$")
# A repeating decimal written with the period in brackets (ru, de, ...): '0.1(6)' is 0.1\overline{6}.
_PERIOD = re.compile(r"^\s*(-?[0-9]*\.[0-9]*)\(([0-9]{1,12})\)\s*$")


def _foreign_forms(text: str) -> str:
    if ";" in text:
        text = re.sub(r"\\[,:! ]", " ", text)  # 'S = \\,]-2\\,;\\,2['
    if (m := _FRENCH_INTERVAL.match(text)) and (m.group(1) == "]" or m.group(4) == "[" or ";" in text):
        return (
            ("(" if m.group(1) == "]" else "[") + m.group(2) + ", " + m.group(3) + (")" if m.group(4) == "[" else "]")
        )
    if m := _SET_BUILDER.match(text):
        return m.group(2)
    if m := _PERIOD.match(text):
        return f"{m.group(1)}\\overline{{{m.group(2)}}}"
    return text


# Spellings of one answer that the parser should see as one form (applied before _SUBS).
_OR_RELATION = re.compile(
    r"(?<=[)\]}0-9])\s*(?:\b(?:"
    + OR_WORDS
    + r"|o)\b|或者?|또는)\s*(?=[A-Za-z]\s*(?:[<>≤≥]|\\[lg](?:eq?|t)(?![A-Za-z])))"
)
_EMPTY = r"\\emptyset|\\\{\s*\\\}"
# 'no solution' and 'the empty set' in the languages models answer in (fr, es, de, it, pt, ru, zh, ja)
_PRE: list[Rewrite] = [
    (_DOUBLED, "\\\\"),
    (re.compile(r"\\(q?quad)(?=[A-Za-z])"), r"\\\1 "),  # \quadx_2 -> \quad x_2
    (re.compile(r"!="), r"\\ne "),
    (
        re.compile(
            r"(?<=[)\]}0-9])\s*[,،]?\s*(?:\b(?:" + OR_WORDS + "|" + AND_WORDS + r")\b|或者?|和|또는)\s*(?=[-(\[{0-9\\])"
        ),
        ", ",
    ),  # (11,7)or(7,11), 1 and 2, 5, 1, and -3
    (NEXT_ASSIGNMENT, ", "),  # x = 1 or x = -1, W(x)=1orW(x)=-1: one assignment per root
    (_OR_RELATION, r" \\text{ or } "),  # x<-1 or x>4: a union, as written with \text{ or }
    (re.compile(r"^[0-9]{1,3}(?: [0-9]{3})+(?:\.[0-9]+)?$"), lambda m: m.group(0).replace(" ", "")),  # 1 000
    (re.compile(r"\\mathrm\s*\{\s*e\s*\}"), "e"),  # \mathrm{e} is Euler's number, not a word
    (re.compile(r"\\varnothing(?![A-Za-z])|\\\{\s*(?:\\[,;:! ]\s*)?\\\}|\\O(?![A-Za-z])"), r"\\emptyset "),
    (
        re.compile(
            r"(?i)^(?:\\(?:text|mbox|textbf)\s*\{)?\s*(?:there\s+(?:are|is)\s+)?(?:no\s+(?:real\s+)?solutions?|none"
            r"|the\s+empty\s+set|empty\s+set|" + NO_SOLUTION_ELSEWHERE + r")\s*[.。]?\s*\}?$"
        ),
        r"\\emptyset",
    ),
    (
        re.compile(
            r"(?i)\\mathbb\s*\{?\s*R\s*\}?|\\R(?:eals)?(?![A-Za-z])|^(?:\\text\s*\{)?\s*(?:all\s+real(?:\s+numbers)?|"
            + ALL_REALS_ELSEWHERE
            + r")\s*[.。]?\s*\}?$"
        ),
        r"(-\\infty,\\infty)",
    ),
    # Scientific notation written with the letter x for the times sign: 4.5 x 10^4 (x is no variable before 10^).
    (re.compile(r"(?<=[0-9])\s*x\s*(?=10\s*\^)"), r"\\times "),
    # Scientific notation: 6.02e23 -> 6.02\times10^{23} (digits on both sides of the e, so 2e is still 2 times e).
    (
        re.compile(r"(?<![0-9A-Za-z.\\])([0-9]+(?:\.[0-9]+)?)[eE]([-+]?[0-9]{1,4})(?![0-9A-Za-z])"),
        lambda m: f"{m.group(1)}\\times10^{{{int(m.group(2))}}}",
    ),
    # A digit group repeated (three times or more) before an ellipsis repeats: '0.666…' is 0.\overline{6}, '0.1666...'
    # 0.1\overline{6}, '0.363636\ldots' 0.\overline{36}; other digits before an ellipsis are the digits written.
    (re.compile(r"\.([0-9]*?)([0-9]{1,3}?)\2{2,}\s*(?:\\[lc]?dots(?![A-Za-z])|\.\.\.|…)"), r".\1\\overline{\2}"),
    # Repeating decimals: 0.1\overline{6}, 0.\overline{3}, 0.\dot{3} -> the exact fraction.
    # (from the start of a digit run only: tried at every digit, a long run would cost its length squared)
    (
        re.compile(r"(?<![0-9])([0-9]*)\.([0-9]*)\\(?:overline|dot|bar)\s*\{?\s*([0-9]+)\s*\}?"),
        lambda m: _repeating(*m.groups()),
    ),
    (re.compile(r"(?i)\s*(?:\\text\s*\{\s*)?(?:percent(?:age)?|pct)\b\s*\}?"), "%"),
    # An approximation states its value: '\sin 60^\circ \approx 0.866' is read as '... = 0.866', '≈ 37.699' as 37.699
    (re.compile(r"^(.*?)(?:\\approx(?![A-Za-z])|≈)(.*)$", re.S), lambda m: _approximation(m.group(1), m.group(2))),
    (ALL_WITH, ""),
    # A base in words: '202 in base 7' is 202_{7}
    (re.compile(r"(?i)^([0-9A-F]+)\s+(?:\\text\s*\{\s*)?in\s+base\s+([0-9]+)\s*\}?$"), r"\1_{\2}"),
    # A congruence states its residue: '2^{10} \equiv 2 \pmod{7}' is the equation '2^{10} = 2', read as 2.
    (
        re.compile(r"(?<=[0-9A-Za-z}])\s*(?:\\pmod\s*(?:\{[^{}]*\}|[0-9A-Za-z]+)|\(\s*\\?(?:bmod|mod)\s+[^()]*\))\s*$"),
        "",
    ),
    # A matrix written as nested lists, as chat models write it: [[1, 6], [0, 1]]
    (re.compile(r"^\[\s*\[([^\[\]]*(?:\]\s*,\s*\[[^\[\]]*)*)\]\s*\]$"), lambda m: _nested_rows(m.group(1))),
    # Plain-text roots, as models write them outside LaTeX: 8*sqrt(2) -> 8*\sqrt{2}
    (re.compile(r"(?<![\\A-Za-z])sqrt\s*\(([^()]*)\)"), r"\\sqrt{\1}"),
]
PERCENT = re.compile(r"%")


# What may stand before an approximation's value as the name of what it approximates: x, r_1, |v|, AB.
_NAMED = re.compile(r"\s*\|?\s*[A-Za-z]{1,3}(?:_\{?\w+\}?)?\s*\|?\s*")


# An expression still to be evaluated: '\sin 60^\circ \approx 0.87' states 0.87 (the left side is the question).
_EVALUATES = re.compile(r"\\(?:sin|cos|tan|cot|sec|csc|arc[a-z]+|log|ln|exp|int|sum|prod|binom|lim)(?![A-Za-z])|!")


def _approximation(exact: str, approx: str) -> str:
    """'9\\pi \\approx 28.27' states 9\\pi (the exact value, the rounding only glosses it); 'x \\approx 0.866',
    '\\sin 60^\\circ \\approx 0.866' and '\\approx 37.699' state the approximation."""
    if exact.strip() and not _NAMED.fullmatch(exact) and not _EVALUATES.search(exact):
        return exact.strip()
    return f"{exact.strip()} = {approx.strip()}" if exact.strip() else approx.strip()


def _nested_rows(inner: str) -> str:
    rows = [" & ".join(x.strip() for x in row.split(",")) for row in re.split(r"\]\s*,\s*\[", inner)]
    return "\\begin{pmatrix}" + " \\\\ ".join(rows) + "\\end{pmatrix}"


def _repeating(whole: str, fixed: str, period: str) -> str:
    """0.1(6) = (16 - 1) / 90: the exact fraction of a repeating decimal, as LaTeX."""
    k, r = len(fixed), len(period)
    if k + r > 60:
        return f"{whole}.{fixed}{period}"
    num = int(whole or "0") * (10**k * (10**r - 1)) + int(fixed or "0") * (10**r - 1) + int(period)
    den = 10**k * (10**r - 1)
    return f"(\\frac{{{num}}}{{{den}}})"


_GROUPED = re.compile(r"(?<=[0-9]),(?=[0-9]{3}(?![0-9]))")
_ONLY_GROUPED = re.compile(r"[-+]?[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?(?:\s*\\text\{[^{}]*\}|\s+[A-Za-z]+)?")
_UNIT_WORDS = either(LATEX_UNIT_WORDS)
_TRAILING_UNITS = re.compile(r"(?<=[0-9}])\s+(?:(?:" + _UNIT_WORDS + r")\b\s*)+(?:\^\s*\{?[23]\}?)?\s*$")
_DELIMS = (("$$", "$$"), ("$", "$"), ("\\[", "\\]"), ("\\(", "\\)"))


def normalize(text: str) -> str:
    """A LaTeX answer with presentation removed: delimiters, \\left/\\right, \\dfrac, spacing, degrees, %, $, thousands
    separators, \\boxed, trailing units and full stops. Equal strings here are equal answers."""
    s = text.strip()
    if "\\boxed" in s or "\\fbox" in s:
        inner = boxed_answer(s)
        if inner is not None:
            s = inner.strip()
    for _ in range(3):
        for open_, close in _DELIMS:
            if len(s) >= len(open_) + len(close) and s.startswith(open_) and s.endswith(close):
                s = s[len(open_) : len(s) - len(close)].strip()
    s = _foreign_forms(s)
    s = _ROOT.sub(lambda m: "\\sqrt{" + (m.group(1) or m.group(2)) + "}", s)
    s = _TRIG_DEGREES.sub(r"\\\1(\2\\pi/180)", s)
    s = _UNICODE_RE.sub(lambda m: _UNICODE[m.group(0)], s)
    for pattern, repl in _PRE:
        s = pattern.sub(repl, s)
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
        assert kind is not None  # every alternative is a named group
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
        tokens.append((kind, value))
        if len(tokens) > MAX_TOKENS:
            raise TooComplex("answer too long")
    return tokens
