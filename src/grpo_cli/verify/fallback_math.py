r"""What a last sentence states (locator family, the math fallback; flexible mode, a finished text only).

`last_math_span` reads the last $...$ / \\(...\\) / \\[...\\] region (joined with the regions before it that state
the same kind of thing: two roots, a point's coordinates), unless a plain number comes after it; a completion that is
only a short answer is itself the answer. Before that, `_final_statement` reads a last sentence that names a set or a
value in words ('The domain is all real numbers.', '... has no solution.', 'x is less than -1 or greater than 4',
'That is Friday.', 'So **no**, 221 is not prime.'), and `_closing_bold` a bold value the text closes on. Examples both
ways: tests/test_verify_rule_locator.py, tests/verify_cases.py (MATH_CASES).
"""

from __future__ import annotations

import re
from fractions import Fraction

from grpo_cli.verify.fallback_number import BOLD, closing_number_words, concluding
from grpo_cli.verify.lexicon import (
    ALL_REALS_ELSEWHERE,
    AND_WORDS,
    ANSWER_KINDS,
    BECAUSE,
    CJK_ENDING,
    CJK_FINAL_COPULAS,
    COMPARED_VERBS,
    COMPARED_WORDS,
    COPULAS_ELSEWHERE,
    COPULAS_EN,
    COPULAS_MORE,
    COPULAS_ON,
    COPULAS_THEN,
    EXCEPT,
    EXCLUDING,
    NEGATED_WORDS,
    NEXT_ASSIGNMENT,
    NO_SOLUTION,
    NO_SOLUTION_ELSEWHERE,
    NOT_SUBJECTS,
    OR_WORDS,
    PRONOUNS,
    SUBJECT_VERBS,
    THEREFORE,
    WORD_MEANINGS,
    either,
)
from grpo_cli.verify.numbers import words_number
from grpo_cli.verify.region import (
    symbols_end,
)
from grpo_cli.verify.sources import (
    MATH_SPAN,
    REGION_GAP,
    SENTENCE_END,
)
from grpo_cli.verify.text import word_meaning

# A plain value in prose: 12, -3, 1,000, 2.5, 3/4, 75%, 6!, 4.5E-4, and a power '3^4' as one value (never its base
# alone).
_PLAIN_NUMBER = (
    r"(?<![0-9A-Za-z)\].,])-?(?:[0-9]{1,3}(?: [0-9]{3})+(?![0-9]|[./][0-9])"  # '5 050': a space between thousands groups
    r"|(?:[0-9]+ (?=[0-9]+/[0-9]))?[0-9](?:[0-9]|,(?=[0-9]))*(?:\.[0-9]+)?)"  # '3 1/2' is one value
)

_PLAIN_VALUE = re.compile(
    _PLAIN_NUMBER + r"(?:\s*/\s*[0-9]+(?:\.[0-9]+)?|\^\{?-?[0-9]+\}?|[eE][-+]?[0-9]{1,4}"
    r"|\s*(?:[×*·]|\\times|\\cdot)\s*10\s*\^\s*\{?-?[0-9]+\}?)?"  # '1.2·10^5' is one value
    r"(?::[0-9]+)*(?:\s?%|!(?!=))?(?![0-9])"  # '1:2', a ratio
)


def last_math_span(text: str) -> str | None:
    """Flexible mode, math task: the last $...$ / \\(...\\) / \\[...\\] region (joined with the regions before it
    in the same sentence when only 'and' / 'or' / commas stand between them), unless a plain number comes after it;
    a completion that is only a short answer ('1/2', '$x=5$') is itself the answer."""
    stripped = text.strip()
    if re.fullmatch(r"[A-Za-z]{2,20}", stripped):
        return stripped  # a completion that is one word: 'CIRCLE'
    words = re.sub(r"\\[A-Za-z]+", " ", MATH_SPAN.sub(" ", NEXT_ASSIGNMENT.sub(", ", stripped)))
    if len(stripped) <= 200 and not re.search(r"[^\W\d_]{3,}", words):  # no word in any script
        lines = [line.strip() for line in stripped.split("\n") if line.strip()]
        if (option := _picked_option(lines)) is not None:
            return option  # '**(A)** $\\sqrt{5}$'
        if (bold := _closing_bold(stripped)) is not None:
            return bold  # '$= $ **3.2e-4**', '12 → **B**'

        if len(lines) > 1:
            stripped = lines[-1]  # '$2x - 3 = 4$ / $2x = 7$ / $x = 3\frac{1}{2}$', a step a line: the last
            if stripped.startswith("=") and stripped.count("=") == 1:
                return stripped[1:].strip().rstrip(".")  # '(2 - i)^2 = 4 - 4i - 1 / = -4i + 3'
        regions = math_regions(stripped)
        roots = _closing_roots(MATH_SPAN.sub(" ", stripped) if regions else stripped)
        if roots is not None:
            return roots  # 'So x = 5 or x = -2.', '$(2x-1)(x+3)=0$, so x = -3, x = 0.5'
        if not regions and stripped.count("=") >= 2 and not re.search(r"(?i)[<>≤≥,;]|or|and", stripped):
            return stripped.rsplit("=", 1)[1].strip().rstrip(".")  # a chain 'A = B = C' states C
        spans = list(MATH_SPAN.finditer(stripped))
        gaps = [REGION_GAP.fullmatch(stripped, a.end(), b.start()) for a, b in zip(spans, spans[1:], strict=False)]
        if not all(gaps):
            if gaps[
                -1
            ]:  # '... = 0$, so $x = 5$ or $x = -2$': the last regions, joined as the general reader joins them
                return _joined_regions(text, [r for r in MATH_SPAN.finditer(text)])
            return regions[-1].strip()  # '$100 = 2 \\cdot 49 + 2$, so $100_{10} = 202_7$': the last one
        return ", ".join(r.strip() for r in regions) if regions else stripped
    final = _final_statement(stripped)
    if final is not None:
        return final
    bold = _closing_bold(stripped)
    if bold is not None:
        return bold
    digits = [m.end() for m in _PLAIN_VALUE.finditer(stripped, max(0, len(stripped) - 300))]
    last = max(digits, default=0)
    if not any(m.end() > last for m in MATH_SPAN.finditer(stripped, max(0, len(stripped) - 300))):
        closing = closing_number_words(stripped, last)  # '**36 has nine positive divisors.**'
        if closing is not None and (value := words_number(closing)) is not None:
            return value.canonical()
    # a region that only names the unknown ('... is 12, and no smaller one works since squares grow with $n$.') is
    # not a value
    math_spans = [r for r in MATH_SPAN.finditer(text) if not re.fullmatch(r"\s*[A-Za-z]\s*", _region_text(r))]
    plain = [
        m
        for m in _PLAIN_VALUE.finditer(text)
        if not text[max(0, m.start() - 2) : m.start()].endswith(("^", "^{", "_", "_{"))  # not an exponent (m^{2})
    ]
    number = concluding(text, plain)
    if not math_spans or (number is not None and number.start() >= math_spans[-1].end()):
        return number.group(0) if number is not None else None
    return _joined_regions(text, math_spans)


def _joined_regions(text: str, regions: list[re.Match]) -> str:
    """The last math region, joined with those before it that only 'and' / 'or' / commas separate from it and that
    state the same kind of thing (two roots of x, the coordinates of a point)."""
    parts = [_region_text(regions[-1])]
    for region in reversed(regions[:-1]):
        gap = text[region.end() : regions[-len(parts)].start()]
        earlier = _region_text(region)
        if _EXCLUDING.fullmatch(gap) and _NOT_EQUAL.search(parts[0]) and _BOUND_SIGN.search(earlier):
            parts.insert(0, earlier)  # 'all $x \ge 3$ with $x \ne 5$': the interval without a point
            break
        if not REGION_GAP.fullmatch(gap):
            break
        if _lhs(earlier) is not None and _lhs(parts[0]) is None and parts[0].startswith("("):
            value = earlier.split("=", 1)[1].strip()
            if value.startswith("("):  # '$(x,y) = (3,2)$ and $(2,3)$': two points
                parts.insert(0, value)
            break
        names = [_lhs(p) for p in (earlier, *parts)]
        if all(n is not None and re.fullmatch(r"[A-Za-z]", n) for n in names) and len(set(names)) == len(names):
            parts.insert(0, earlier)  # '$x = 2$ and $y = -1$': the point, one coordinate each
            continue
        if _lhs(earlier) != _lhs(parts[0]):
            break  # '$c^2 = 25$ and $c = 5$' states one value; '$x = 2$ and $x = 3$' states two
        parts.insert(0, earlier)
    return ", ".join(parts)


# What may follow a closing value: a full stop, a Japanese or Korean copula ('解は **x = 4, x = −½** です。').
_AFTER_CLOSING = re.compile(r"[\s.!。！]*(?:" + CJK_FINAL_COPULAS + r")?[\s.!。！]*")


def _closing_bold(text: str) -> str | None:
    """The values a text closes on in bold, with no math of their own: '**4.5 × 10^{2}**', 'The curves meet at
    **(2, 4)** and **(−1, 1)**.' (joined as a list, the way `last_math_span` joins regions). A chat writes its answer
    in bold as a LaTeX writer puts it in $...$. None when the text goes on after its last bold, or a bold part holds
    words (a unit: '**42 square units**' is the number reader's)."""
    end = symbols_end(text, len(text))
    spans = list(BOLD.finditer(text, max(0, end - 300), end))
    if not spans or not _AFTER_CLOSING.fullmatch(text, spans[-1].end(), end):
        return None
    parts = [spans[-1]]
    for earlier in reversed(spans[:-1]):
        if not REGION_GAP.fullmatch(text, earlier.end(), parts[0].start()):
            break
        parts.insert(0, earlier)
    if len(parts) == 1 and (letter := _CHOICE.fullmatch(parts[0].group(1).strip())):
        return f"({letter.group(1)})"  # '15% of 80 = 12 → **B**'
    if any(re.search(r"[$\\]|[^\W\d_]{3,}", p.group(1)) for p in parts):
        return None  # '**Solution: x = 2, y = −1**' is the statement reader's
    values = [_closing_value(p.group(1)) for p in parts]
    if any(not re.search(r"[0-9]", v) for v in values):
        return None
    return ", ".join(values)


_EXCLUDING = re.compile(r"(?i)\s*,?\s*(?:" + EXCLUDING + r")\s*")

_NOT_EQUAL = re.compile(r"\\neq?(?![A-Za-z])|≠")

_BOUND_SIGN = re.compile(r"\\(?:ge|le|geq|leq|gt|lt)(?![A-Za-z])|[<>≤≥]")


def _closing_value(bold: str) -> str:
    """A bold value's last side: 'P = 8/36 ≈ 0.222' states 0.222 and '∠A = 80°' 80° ('x = 4' stays: a root)."""
    value = bold.strip().rstrip(".,;:")
    value = value.rsplit("≈", 1)[1].strip() if "≈" in value else value
    lhs = value.split("=", 1)[0].strip()
    return value.rsplit("=", 1)[1].strip() if "=" in value and not re.fullmatch(r"[A-Za-z]", lhs) else value


_ROOT_LIST = re.compile(r"(?:[a-z]\s*=\s*-?[0-9][0-9./]*\s*(?:,|,?\s*\b(?:and|or)\b)\s*)+[a-z]\s*=\s*-?[0-9][0-9./]*")


def _closing_roots(text: str) -> str | None:
    """A list of assignments a text ends on ('x = 3, x = 0', 'x = 5 or x = -2.'), without its full stop."""
    roots = _ROOT_LIST.search(text)
    return roots.group(0).rstrip(".") if roots and text[roots.end() :].strip(" .") == "" else None


_NO_SOLUTION = re.compile(r"(?i)" + NO_SOLUTION + "|" + NO_SOLUTION_ELSEWHERE)

_COPULA = re.compile(r"(?i)\b(?:" + COPULAS_EN + r")\b")  # '... belongs to Evelyn.'

_COPULA_ELSEWHERE = re.compile(r"(?i)\b(?:" + COPULAS_ELSEWHERE + "|" + either(COPULAS_MORE) + r")\b")

# What names the kind of value before it: 'The result is the vector (2, 12).'
_KIND = re.compile(r"(?i)^(?:the\s+|an?\s+)?(?:ordered\s+)?(?:" + ANSWER_KINDS + r")\s+")

# A function's parity, as MATH asks it ('Thus $f$ is an odd function.')
_PARITY = re.compile(r"(?i)^(?:an?\s+)?(odd|even|neither)(?:\s+function)?$")

_EQUALS = re.compile(r"(?<![<>!=])=(?!=)")

_LONG_WORD = re.compile(r"(?i)\b(?!(?:" + OR_WORDS + "|" + AND_WORDS + r")\b)[a-z]{3,}")

_NAMED_SET = re.compile(r"(?i)(?:all|every|the set of all)\s+real\s+numbers?|all\s+reals|the\s+empty\s+set|none")

_ALL_REALS = re.compile(r"(?i)(?:" + ALL_REALS_ELSEWHERE + ")")

_CHOICE = re.compile(r"\(?([A-E])\)?")  # 'The correct option is C.'

_CHOICE_FIRST = re.compile(r"\(([A-E])\)\s")

# A last line that opens with the option it picks: 'C) Plane', '**(B)** 12', 'D. 45'.
_CHOICE_LINE = re.compile(r"(?:\*\*)?\(?([A-E])\)(?:\*\*)?\s+\S|(?:\*\*)?([A-E])\.(?:\*\*)?\s+[A-Z0-9$\\(-]")


def _picked_option(lines: list[str]) -> str | None:
    """'(C)' for stripped lines whose last opens with the option it picks ('C) Plane', '**(A)** $\\sqrt{5}$'), unless
    the line before opens with an option too (the last line of a list of options)."""
    choice = _CHOICE_LINE.match(lines[-1]) if lines else None
    if choice is None or len(lines) > 1 and _CHOICE_LINE.match(lines[-2]):
        return None
    return f"({choice.group(1) or choice.group(2)})"


_EXCEPT = re.compile(r"(?i)\b(?:" + EXCEPT + r")\b")

_YES_NO = re.compile(r"(?:\*\*)?(Yes|No)\b(?:\*\*)?\s*[—–,.:;!-]")  # a last paragraph that opens with its verdict

_VERDICT_ELSEWHERE = re.compile(r"\*\*([^\W\d_]{1,8})(?:\*\*\s*[—–,.:;!]|[.!,]\*\*)")  # '**Sim**,', '**Não.**'

_BOLD_VERDICT = re.compile(
    r"(?i)(?:^|\b(?:so|thus|therefore|hence)\s*,?\s*|^[^\n]{0,120}[$0-9a-z],\s*|[.!]\s+)\*\*(yes|no)\*\*(?:[\s,.!—–-]|$)"
)  # 'So **no**, 221 is ...', 'Since $221 = 13 \times 17$, **no**, 221 is not prime.'

# What makes a value with digits more than a number: π, √, ∞, ∅, a relation, an assignment, a list ('8π', '√3/3',
# '-2 ≤ x ≤ 3', 'x = 2, y = -1', '1, 2').
_SYMBOLIC = re.compile(
    r"[π√∞∅<>≤≥≠]|\\(?:le|ge|leq|geq|ne|neq|sqrt|pi)\b|\b[A-Za-z]\s*=|[0-9],\s|\band\b"
    r"|(?<![A-Za-z])[0-9]*[a-z](?:\^\{?[0-9]+\}?)?\s*[-+]\s*[0-9]|[0-9]\s*[-+]\s*[0-9]*[a-z](?![A-Za-z])"  # '2x^2 + 5x - 3'
)

# Words after a symbolic value that only name its unit: '9π square units', '4√2 cm'.
_UNIT_TAIL = re.compile(r"(?i)(?<=[0-9π√)}])(?:\s+[a-z]+\.?){1,3}$")

# A one-word proper name or weekday after the copula: 'That is Friday.', 'The winner is Evelyn.'
_NAME = re.compile(r"[A-Z][a-z]{2,15}")

# A relation in words ('x is less than -1 or greater than 4', 'x is at least 3'): the symbols say the same thing.
_RELATION_WORDS = (
    (re.compile(r"(?i)\b(?:less\s+than\s+or\s+equal\s+to|at\s+most|no\s+more\s+than)\b"), "≤"),
    (re.compile(r"(?i)\b(?:greater\s+than\s+or\s+equal\s+to|at\s+least|no\s+less\s+than)\b"), "≥"),
    (re.compile(r"(?i)\b(?:less|smaller|lower)\s+than\b"), "<"),
    (re.compile(r"(?i)\b(?:greater|more|larger|bigger|higher)\s+than\b"), ">"),
)

_SUBJECT = re.compile(r"(?i)(?:^|\s)\$?([a-z])\$?\s+(?:is|must\s+be|can\s+be)\s+(?=\S)")

_BOUND = r"\s*([<>≤≥])\s*\$?\s*(-?[0-9]+(?:[./][0-9]+)?)\s*\$?"

_RELATION_VALUE = re.compile(r"(?i)" + _BOUND + r"(?:\s*,?\s+(or|and)\s+(?:(?:it\s+)?is\s+)?" + _BOUND + r")?\s*")

_FLIP = {"<": ">", ">": "<", "≤": "≥", "≥": "≤"}


def _relation_in_words(sentence: str) -> str | None:
    """'Therefore, $x$ is less than $-1$ or greater than $4$.' -> 'x < -1 or x > 4'; 'x is greater than -1 and less
    than 4' -> '-1 < x < 4'. None unless the sentence ends on such a relation."""
    subject = None
    for subject in _SUBJECT.finditer(sentence):  # noqa: B007 - the last one
        pass
    if subject is None:
        return None
    rest = sentence[subject.end() :]
    for pattern, symbol in _RELATION_WORDS:
        rest = pattern.sub(symbol, rest)
    m = _RELATION_VALUE.fullmatch(rest)
    if m is None:
        return None
    var, (op1, a, joint, op2, b) = subject.group(1), m.groups()
    if joint is None:
        return f"{var} {op1} {a}"
    if joint.lower() == "or":
        return f"{var} {op1} {a} or {var} {op2} {b}"
    if op1 in "<≤" or op2 in ">≥":  # 'and' joins a lower bound and an upper one, in that order
        return None
    return f"{a} {_FLIP[op1]} {var} {op2} {b}"


_LAST_WORD = re.compile(r"([^\W\d_]{2,})\W*$")

# 'is' in the languages models answer in, and 'falls on': what puts a weekday or a parity at the end of a sentence
_COPULA_ANY = re.compile(r"(?i)\b(?:" + either(COPULAS_ON, (COPULAS_ELSEWHERE,), COPULAS_THEN) + r")\b")

# A bold name that opens the last sentence and is its subject: '**Carla** is the fastest runner!', 'So **Bob** has the
# higher average.', '**Alice** wins.'
_BOLD_SUBJECT = re.compile(
    r"(?:[^\w\s*]+\s*)?(?i:(?:"
    + either(THEREFORE["en"], ("clearly", "overall"))
    + r"),?\s+)?"  # ('🏃 **Alice** ran faster.')
    r"\*\*(?!(?:" + either(NOT_SUBJECTS) + r")\*)([A-Z][a-z]{1,15})\*\*\s+(?:" + either(SUBJECT_VERBS) + r")\b"
)

_DIGIT = re.compile(r"[0-9]")

_NAME_COMPARED = re.compile(
    r"(?:^|,\s*|\b(?:so|thus|therefore|hence)\s+)([A-Z][a-z]{1,15})\s+(?:"
    + either(COMPARED_VERBS)
    + r")\s+(?:the\s+)?(?:"
    + either(COMPARED_WORDS)
    + r")\b[^0-9$]{0,40}$"
)

_NOT_NAMES = frozenset(PRONOUNS)

_NEGATED = re.compile(r"(?i)\b(?:" + NEGATED_WORDS + r")\b")

_CJK_COPULA = r"(?:是|为|為|は|が|等于|等於)"

_CJK_NAME = re.compile(_CJK_COPULA + r"\s*(?:\*\*)?([A-Z][a-z]{1,15})(?:\*\*)?\s*(?:です)?\s*[。.!！]?\s*$")

_OPTION_BOLD = re.compile(r"(?i)\*\*(?:option|choice)\s*:?\s*\(?([A-E])\)?(?:\s*\([^()]{0,40}\))?\*\*\s*[.!]?\s*$")

_CHOSEN = re.compile(r"(?:选|選|答案为|答案是)\s*\(?([A-E])\)?\s*[。.]?\s*$")  # '故选 C。'

# The reason that follows a verdict word in its sentence: 'is **even**, since ...'
_BECAUSE = re.compile(r"(?i)\s*[,:;—–-]?\s*(?:" + either(BECAUSE) + r")\b")

_DAYS_PARITY = tuple(w for w in WORD_MEANINGS if w not in ("yes", "no", "true", "false"))  # weekdays, odd, even

_ALL_BUT = re.compile(
    r"(?i)\ball\s+real(?:\s+numbers?)?\s*(?:\$?\s*[a-z]\s*\$?\s*)?(?:,\s*)?(?:(?:with|such\s+that|where|but)\s*\$?\s*"
    r"[a-z]\s*(?:\\neq?(?![A-Za-z])|≠)|except\s*\$?\s*(?:[a-z]\s*=)?)"
    + r"\s*(\\pm|±)?\s*(-?[0-9]+(?:[./][0-9]+)?)\s*\$?\s*[.!]?\s*$"
)

_HOLE = r"\s*\$?\s*(?:[a-z]\s*=\s*)?(-?[0-9]+(?:[./][0-9]+)?)\s*\$?\s*"

_ALL_BUT_TWO = re.compile(
    r"(?i)\ball\s+real(?:\s+numbers?)?\s*(?:\$?\s*[a-z]\s*\$?\s*)?,?\s*(?:except|but|other\s+than|excluding)"
    + _HOLE
    + r"(?:,|,?\s*\b(?:and|or)\b)"
    + _HOLE
    + r"[.!]?\s*$"
)


def all_reals(sentence: str) -> bool:
    """A sentence that says a statement holds for all real numbers: 'The inequality holds for **all real numbers**
    $x$.' (not 'all real numbers except 2')."""
    if _NOT_EQUAL.search(sentence):
        return False  # 'all real numbers with $x \\neq 0$' is all but a point (`_ALL_BUT`)
    if _ALL_REALS.search(sentence):
        return True  # 'wszystkie liczby rzeczywiste'
    return bool(
        _NAMED_SET.search(sentence.replace("**", ""))
        and re.search(r"(?i)\ball\b", sentence)
        and not _EXCEPT.search(sentence)
    )


def _final_statement(text: str) -> str | None:
    """A last sentence that states a short value with no math in it after 'is' / 'are' (or, with neither, after its
    last '='): 'The domain is all real numbers.', 'The circumference is 8π.', 'So tan 30° = √3/3.', 'The point is
    x = 2, y = -1.', 'So the solutions are 1 and 2.', 'That is Friday.', '9π square units' (the unit dropped), a
    relation in words ('x is less than -1 or greater than 4'); or 'no solution'. Only a named set, a name, or
    symbols that are more than one number with no words: a sentence that goes on ('there are 10 ways to put 5 balls
    into two boxes') or a plain number is left to the number reader."""
    body = text.rstrip(" \t\n.!")
    if body.endswith("**") and body[:-2].rstrip().endswith((".", "!")):
        body = body[:-2].rstrip(" \t\n.!")  # a closing bold after the stop: '**所以 $f(x)$ 是偶函数. **'
    start = max((m.end() for m in SENTENCE_END.finditer(body, max(0, len(body) - 300))), default=0)
    sentence = body[start:]
    if len(sentence) > 200:
        return None
    for reader in (_named_set, _word_verdict):  # '' from a reader: the sentence states no single value
        if (found := reader(text, sentence)) is not None:
            return found or None
    return _copula_value(sentence)


def _named_set(text: str, sentence: str) -> str | None:
    """'no solution', a relation in words, all real numbers but some points, roots listed in a closing sentence."""
    if _NO_SOLUTION.search(sentence) or re.search(r"(?:\bis|=|:)\s*\\?\{\s*\\?\}\s*(?:\*\*)?$", sentence):
        return "no solution"  # also 'So the solution set is { }.'
    relation = _relation_in_words(sentence)
    if relation is not None:
        return relation
    plain_sentence = sentence.replace("**", "")
    if holes := _ALL_BUT_TWO.search(plain_sentence):
        p, q = sorted(holes.groups(), key=lambda v: Fraction(v))  # 'all real numbers except x = 2 and x = −2'
        return f"(-\\infty,{p})\\cup({p},{q})\\cup({q},\\infty)" if p != q else ""
    if (roots := _closing_roots(plain_sentence)) is not None:
        return roots  # 'x = 3, x = 0, x = -1', '**Solution: x = 2, y = -1**'
    if all_reals(sentence):
        return "all real numbers"  # 'The inequality holds for **all real numbers** $x$.'
    if hole := _ALL_BUT.search(sentence.replace("**", "")):
        # 'The domain is all real numbers with $x \\neq 0$.', 'all real numbers except $x = \\pm 2$'
        c = hole.group(2)
        if hole.group(1) and not c.startswith("-"):
            return f"(-\\infty,-{c})\\cup(-{c},{c})\\cup({c},\\infty)"
        return f"(-\\infty,{c})\\cup({c},\\infty)"
    return None


def _word_verdict(text: str, sentence: str) -> str | None:
    """A yes / no, a weekday, odd / even, a name or a choice letter the last sentence or paragraph states."""
    paragraph = text[max(0, text.rfind("\n\n")) :].strip()
    yes_no = _YES_NO.match(paragraph) or _BOLD_VERDICT.search(paragraph)
    if yes_no:
        return yes_no.group(1)  # 'No — 221 is not prime, since $221 = 13 \\times 17$.'
    verdict = _VERDICT_ELSEWHERE.match(paragraph)
    if verdict and (meaning := word_meaning(verdict.group(1))) in ("yes", "no"):
        return meaning  # '**Sim**, 91 é composto, pois 91 = 7 × 13.'
    if (option := _picked_option([line.strip() for line in paragraph.split("\n")])) is not None:
        return option  # 'C) Plane' (not the last line of a list of options)
    said = _LAST_WORD.search(sentence.replace("**", ""))
    negated = said and _NEGATED.search(sentence.replace("**", ""), 0, said.start())  # '**neither** even nor odd'
    if said and not negated and (meaning := word_meaning(said.group(1))) in _DAYS_PARITY:
        cjk = "\u3040" <= said.group(1)[0] <= "\u9fff"  # '所以 $f(x)$ 是偶函数。' (the copula is in the run)
        if cjk or _COPULA_ANY.search(sentence, 0, said.start()) or _EQUALS.search(sentence, 0, said.start()):
            return meaning  # 'Por lo tanto, la función es impar.', 'Das ist ein Mittwoch.', 'Cuma + 2 gün = **Pazar**'
    if (
        len(bolds := BOLD.findall(sentence)) == 1
        and (meaning := word_meaning(bolds[0])) in _DAYS_PARITY
        and _COPULA_ANY.search(sentence, 0, sentence.index("**"))
        and not _NEGATED.search(sentence, 0, sentence.index("**"))
        and _BECAUSE.match(sentence, sentence.index("**") + len(bolds[0]) + 4)
    ):
        return meaning  # 'Die Funktion ist **gerade**, da $f(-x)=f(x)$.' (the reason follows the verdict)
    if name := _CJK_NAME.search(sentence):
        return name.group(1)  # '最快的是 Bob。'
    if (name := _NAME_COMPARED.search(sentence)) and name.group(1) not in _NOT_NAMES:
        return name.group(1)  # 'Since $3.25>3.2$, Bob ran farther.'
    if (subject := _BOLD_SUBJECT.match(sentence.strip())) and not _DIGIT.search(sentence, subject.end()):
        return subject.group(1)  # '**Carla** is the fastest runner!'
    if choice := _OPTION_BOLD.search(sentence):
        return f"({choice.group(1)})"  # '→ **Option C (29)**'
    if choice := _CHOSEN.search(sentence):
        return f"({choice.group(1)})"  # '故选 C。'
    return None


def _copula_value(sentence: str) -> str | None:
    """The short value after the last copula ('is', 'est', '为', '=', ':') or of a bold last line: a named set, a
    name, parity, a choice letter, or symbols that are more than one plain number."""
    prose = MATH_SPAN.sub(lambda m: " " * len(m.group(0)), sentence)  # an 'is' inside math is not the copula
    bold = BOLD.fullmatch(sentence.strip())
    copula = (
        [m.end() for m in _COPULA.finditer(prose)]
        or [m.end() for m in _COPULA_ELSEWHERE.finditer(prose)]  # "Donc l'ensemble des solutions est −1 < x ≤ 4."
        or [m.end() for m in re.finditer(_CJK_COPULA, prose)]  # '所以解集为 1 ≤ x ≤ 5。'
        or [m.end() for m in _EQUALS.finditer(prose)]
        or [m.end() for m in re.finditer(":", prose)]  # 'Domaine : tous les nombres réels.'
        or ([sentence.index("**")] if bold else [])  # a last line in bold: '**Tuesday**'
    )
    if (
        not copula
        and _SYMBOLIC.search(sentence)
        and not _LONG_WORD.search(sentence)
        and not re.search(r"[$\\]", sentence)
    ):
        return sentence.strip()  # a last line that is only a value: '(1, -2, 3)'
    value = _KIND.sub("", sentence[max(copula, default=len(sentence)) :].replace("**", "").strip().rstrip(".!。"))
    value = CJK_ENDING.sub("", value)  # '解は **x = 4, x = −½** です'

    value = (
        re.sub(r"\s*\([^()]*\)$", "", value) if re.match(r"[A-Z][a-z]+\s*\(", value) else value
    )  # 'Sunday (two days past Friday)'
    value = re.sub(r"(?i)^(?:an?|the)\s+(?=[A-Z])", "", value, count=1) if value[:1] in "aAtT" else value
    value = re.sub(r"^[A-Z]'?\s*(?=\(\s*-?[0-9])", "", value)  # a named point: 'Il vertice è V(3, −4).'
    if _ALL_REALS.fullmatch(value):
        return "all real numbers"
    if (
        (choice := _CHOICE.fullmatch(value) or _CHOICE_FIRST.match(value))
        and _COPULA.search(prose)
        and not re.search(r"\([A-E]\)", value[choice.end() :])  # '**(B) or (D)**' names two
    ):
        return f"({choice.group(1)})"  # 'The correct option is C.', '... is **(C) $12\\sqrt{2}$**.'
    if not value or len(value) > 40 or "$" in value or "\\(" in value or "\\[" in value:
        return None
    if _NAMED_SET.fullmatch(value) or _NAME.fullmatch(value) and (_COPULA.search(prose) or bold):
        return value
    if (parity := _PARITY.fullmatch(value)) and _COPULA.search(prose):
        return parity.group(1)
    if _SYMBOLIC.search(value):
        value = _UNIT_TAIL.sub("", value)
    if _LONG_WORD.search(value) or not _SYMBOLIC.search(value):  # a plain number is the number reader's
        return None
    return value


def _region_text(m: re.Match) -> str:
    return next(g for g in m.groups() if g is not None).strip()


def _lhs(math: str) -> str | None:
    """What a region assigns to, a numbered unknown as its letter ('x_1 = 4' and 'x_{2} = 1' both name x)."""
    return re.sub(r"_\{?[0-9]\}?$", "", math.split("=", 1)[0].replace(" ", "")) if "=" in math else None


def math_regions(span: str) -> list[str]:
    """The $...$ / \\(...\\) / \\[...\\] regions of a span, in order."""
    return [next(g for g in m.groups() if g is not None) for m in MATH_SPAN.finditer(span)]
