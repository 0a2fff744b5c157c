r"""The math task: LaTeX answers (MATH / MATH-500 `answer`, or the last \boxed{} of a solution).

Two stages per answer:
1. in-process fast path (verify.latex): normalisation, a small parser, exact / numeric equivalence. It decides the
   large majority of answers in tens of microseconds;
2. when it cannot decide, the symbolic fallback (latex2sympy + sympy) in a bounded worker process
   (verify.bounded), after a cheap pre-screen that refuses what no one should evaluate (power towers, huge
   exponents or factorials, deep nesting).
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict

from grpo_cli.verify import commitment
from grpo_cli.verify.assertion import Statements
from grpo_cli.verify.equivalence import canonical_key, fast_equal
from grpo_cli.verify.extract import FALLBACKS, find_span
from grpo_cli.verify.fallback_math import all_reals, math_regions
from grpo_cli.verify.latex import ALL_WITH, Answer, TooComplex, parse_answer, undouble
from grpo_cli.verify.lexicon import (
    AND_WORDS,
    CJK_ENDING,
    CJK_IS,
    COPULAS_ELSEWHERE,
    COPULAS_EQUALS,
    COPULAS_PAST,
    GLOSSES,
    NEXT_ASSIGNMENT,
    NO_SOLUTION,
    OPTION_WORDS,
    OR_WORDS,
    REJECTED,
    either,
)
from grpo_cli.verify.numbers import words_number
from grpo_cli.verify.question import restated, yes_no_verdict
from grpo_cli.verify.region import symbols_end
from grpo_cli.verify.sources import MAX_SPAN, PHRASE, boxed_answer
from grpo_cli.verify.text import word_meaning
from grpo_cli.verify.types import Verdict
from grpo_cli.verify.values import free_vars

MAX_REFERENCE = 1000
MAX_ANSWER = 1000
MAX_SYMBOLIC = 300
_SEPARATORS = re.compile(
    r"(?i)^(?:\s|,|;|\.|\\?\"|\b(?:" + OR_WORDS + "|" + AND_WORDS + r"|o|y|e|a|i)\b|或者?|和|또는)*$"
)  # between answers: '$x = 3$ a $x = 2$', '$x \le -2$ або $x \ge 3$'
_MATH_RE = re.compile(r"\$\$.+?\$\$|\$.+?\$|\\\(.+?\\\)|\\\[.+?\\\]", re.S)
# In a stated answer that is prose ('The largest $n$ is 34.'), the value follows the last 'is' / 'are' / 'equals'.
_WORDS = re.compile(r"[^\W\d_]{2,}")  # words in any script ("остаток равен $2$" is prose)
_NUMBER = re.compile(r"(?<![0-9A-Za-z.])-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?(?![0-9])")
_COMMANDS = re.compile(r"\\[A-Za-z]+(?:\{[^{}]*\})?")
_COPULA = re.compile(r"(?i)\b(?:" + either(COPULAS_EQUALS, (COPULAS_ELSEWHERE,), COPULAS_PAST) + r")\b|=")


def _balanced(text: str) -> bool:
    depth = 0
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth < 0:
                return False
        i += 1
    return depth == 0


def parse_reference(raw: str) -> str | None:
    r"""A MATH answer field or a solution -> the LaTeX answer (a solution's last \boxed{}); None when unusable."""
    text = undouble(str(raw).strip())  # '\\boxed{...}' escaped twice
    if "\\boxed" in text or "\\fbox" in text:
        inner = boxed_answer(text, reference=True)
        if inner is None:
            return None
        text = inner.strip()
    regions = math_regions(text)
    if len(regions) > 1 and _SEPARATORS.match(_MATH_RE.sub(" ", text)):  # '$21,16$ or $11$'
        text = ", ".join(r.strip() for r in regions)
    elif len(text) > MAX_REFERENCE or _WORDS.search(_COMMANDS.sub(" ", _MATH_RE.sub(" ", text))):
        found = find_span(text, "strict", math=True)  # a written-out solution: its stated final answer
        if found is not None:
            text = answer_text(*found)
    while len(text) >= 2 and text[0] == "$" and text[-1] == "$":
        text = text[1:-1].strip()
    if not text or len(text) > MAX_REFERENCE or not _balanced(text):
        return None
    return text


def answer_text(span: str, source: str) -> str:
    r"""The LaTeX answer inside an extracted span: a \boxed{} in it, its $...$ math when it is prose, the value after
    'is' in a sentence ('The largest $n$ is 34.'), else itself."""
    s = span.strip()
    if "\\boxed" in s or "\\fbox" in s:
        inner = boxed_answer(s)
        if inner is not None:
            return inner.strip()
    if source == "boxed":  # '\boxed{12 $ and $13}': math delimiters inside a box are stray
        s = re.sub(r"(?<!\\)\$", " ", s)
        s = _BOX_LABEL.sub("", s)  # '\\boxed{\\text{The answer is } 15}'
    if source in ("answer_tag", "phrase"):
        phrase = None
        for phrase in PHRASE.finditer(s):  # noqa: B007 - the last one
            pass
        if phrase is not None:
            s = s[phrase.end() :].strip()
    if source in ("phrase", "hashes", "answer_tag"):
        if _TWO_OPTIONS.search(s):
            return (
                s.replace("**", "").strip().rstrip(".")
            )  # 'The answer is **(B)** or **(D)**.': two options, no answer
        letter = _BOLD_LETTER.match(s)
        if letter and not re.search(r"\([A-E]\)", s[letter.end() :]):  # ('**(B)** — though (C) is also defensible')
            return f"({letter.group(1)})"  # '**Answer: (E)** $6^4 = 1296$ is the largest.'
        if bold := _BOLD_FIRST.match(s):
            s = bold.group(1)  # '**Bob** has the larger number.'
        s = s.replace("**", "")  # '**Answer: 42.** Note that ...': the bold ends with the statement
        if restated := _WHICH_IS.search(s):
            s = restated.group(1)  # 'The answer is $\\frac{9}{2}$, which is 3.': what it says the value is
        s = re.split(r"(?<=[0-9}$a-z\"'%)])(?<!i\.e)(?<!e\.g)\.\s|\s(?:because|since|which|so that)\s", s, maxsplit=1)[
            0
        ]
        s = s[: symbols_end(s, len(s))]  # 'C ✅', '25% 🪙'
        if option := _OPTION.match(s) or _LETTER_ASIDE.fullmatch(s):
            return f"({option.group(1)})"  # 'alternativa C (17)', '<answer>C (29 is the only prime)</answer>'
        verdict = _VERDICT.match(s)
        if verdict and word_meaning(verdict.group(1)) in ("yes", "no"):
            return verdict.group(1)  # 'No, 221 is not prime.', 'Hayır, 221 asal bir sayı değildir.'
        s = _CJK_LEAD.sub("", s)  # '高约为 3.4641', 'x 的值是 7'
        s = _OTHER_SCRIPT_ASSIGNMENT.sub("", s)  # 'س = 7'
        if (meaning := word_meaning(_after_copula(s) or s)) is not None:
            return meaning  # 'dentro de 100 días será domingo'
        if not re.search(r"[0-9]", s) and all_reals(s):
            return "all real numbers"  # '**Answer:** the inequality holds for **all real numbers** $x$.'
        if not re.search(r"[0-9$\\]", s) and _EMPTY_WORDS.search(s):
            return "\\emptyset"  # 'there is no real solution — the solution set is empty'
        if not re.search(r"[0-9$\\]", s) and (said := words_number(s)) is not None:
            return said.canonical()  # 'There are twenty-four distinct arrangements.'

    s = _GLOSS.sub("", s)  # '\\frac{\\sqrt3}{2} (≈ 0.866)': the same value, rounded
    s = _OR_ASIDE.sub(r", \1", s)  # '1 3/4 (or 1.75)': two values, one answer when they are equal (else a hedge)
    s = _IMPLIES.split(s)[-1] if source in ("last_math", "boxed", "phrase") else s  # 'x - 3 = 4 \\Rightarrow x = 7'
    if source in ("answer_tag", "phrase"):
        s = _EXPLAINED.sub("", s)  # '7 (the units digit of 3^2023)', 'No solution (it is never satisfied)'
        s = CJK_ENDING.sub("", s)  # '答えは 12 です。'
        s = ALL_WITH.sub("", s)  # 'alle x mit x > -2'
    regions = math_regions(s)
    outside = _MATH_RE.sub(" ", s)
    prose = source != "boxed" and _is_prose(outside)
    if prose:  # a sentence: the value after its last 'is' / '=' outside math, else the math in it
        after = _after_copula(s)
        if after and (re.search(r"[0-9]", after) or math_regions(after)):
            return answer_text(after, "value")
    if regions:
        if _SEPARATORS.match(outside):
            return ", ".join(r.strip() for r in regions) if len(regions) > 1 else regions[0].strip()
        if prose:  # prose around the math: the math is the answer
            return regions[-1].strip()
    elif prose and len(nums := _NUMBER.findall(s)) == 1:  # 'Jane started growing Sphere 3 hours ago.'
        return nums[0]
    s = s.replace("**", "").strip()
    if re.search(r"[0-9](?:\.\.\.|…)$", s):
        return s  # '1-\\frac{2}{9}=0.777...': the ellipsis says the digit repeats (latex.normalize)
    return s.strip().rstrip(".,;:").strip()


_EMPTY_WORDS = re.compile(r"(?i)" + NO_SOLUTION + r"|\b(?:solution\s+)?set\s+is\s+empty\b|\bempty\s+set\b")
_TWO_OPTIONS = re.compile(r"\(([A-E])\)\W{0,4}(?:or|o|ou|oder|或|または)\W{0,4}\((?!\1)[A-E]\)")
_BOLD_LETTER = re.compile(r"\s*(?:\*\*)?\s*\(?([A-E])\)?\s*\*\*(?!\s*(?:or|and)\b)")
_BOLD_FIRST = re.compile(r"\s*(?:\*\*)?([^*\n]{1,40})\*\*\s+[a-z]")  # (the phrase may have taken the opening '**')
_ASSIGNMENT = re.compile(r"\s*([a-z])\s*=\s*([^=,]+?)\s*")


_PM = re.compile(r"\\pm(?![A-Za-z])|±")
_SET_NAME = re.compile(r"^\s*[A-Z]\s*\\(?:cap|cup|setminus)\s*[A-Z]\s*=\s*(?=\S)")  # 'A \\cap B = \\{\\}': its value


def _plus_minus(text: str, reference: str) -> str:
    """'1 \\pm \\sqrt2' as the two values it stands for ('1 + \\sqrt2, 1 - \\sqrt2'), the last side of a chain ('x =
    \\frac{2 \\pm \\sqrt8}{2} = 1 \\pm \\sqrt2'), unless the reference itself is written with ±."""
    if not _PM.search(text) or _PM.search(reference) or len(text) > 200:
        return text
    last = text.rsplit("=", 1)[-1].strip()
    if len(_PM.findall(last)) != 1:
        return text
    return _PM.sub("+", last) + ", " + _PM.sub("-", last)


def _alphabetical(text: str) -> str:
    """A point given as named coordinates out of order ('y = 3, x = 4') in the order of its names ('x = 4, y = 3'),
    as a tuple (x, y) lists them."""
    if "=" not in text or "," not in text or len(text) > 200:
        return text
    matches = [_ASSIGNMENT.fullmatch(p) for p in text.split(",")]
    parts = [m for m in matches if m is not None]
    if len(matches) < 2 or len(parts) < len(matches) or len({p.group(1) for p in parts}) < len(parts):
        return text
    ordered = sorted(parts, key=lambda p: p.group(1))
    return text if ordered == parts else ", ".join(f"{p.group(1)} = {p.group(2)}" for p in ordered)


_OPTION = re.compile(r"(?i)(?:" + either(OPTION_WORDS) + r")\s+\(?([A-E])\)?\b")
# An option letter with a reason after it: 'C (29 is the only prime)', '(B) — the only even one' (not '(or D)').
_LETTER_ASIDE = re.compile(r"\s*\(?([A-E])\)?\s*(?:\((?!\s*(?:or|if|unless)\b)[^()]*\)|[—–:]\s+[^()]*)\s*\.?\s*")
# A statement that opens with its verdict: 'No, 221 is not prime.'
_VERDICT = re.compile(r"\s*([^\W\d_]{1,8})\s*(?:[,—–:;.!]|$)")
# A CJK sentence's lead-in before the value: '高约为 3.4641' (the height is about 3.4641), 'x 的值是 7'.
_OTHER_SCRIPT_ASSIGNMENT = re.compile(r"^\s*(?![A-Za-z])[^\W\d_]\s*=\s*(?=\S)")
_IMPLIES = re.compile(r"\\(?:Rightarrow|implies|Longrightarrow)(?![A-Za-z])|⇒")
_CJK_LEAD = re.compile(r"^[^0-9$\\]*?(?:" + either(CJK_IS) + r")\s*(?=[-0-9$\\(√])")


_WHICH_IS = re.compile(r",?\s+which\s+(?:is|equals)\s+(\$?-?[0-9][0-9./]*\$?)\s*[.!]?\s*$")
_BOX_LABEL = re.compile(r"^\s*\\text\s*\{[^{}]*(?:\bis|:|=)\s*\}\s*(?=\S)")
_OR_ASIDE = re.compile(r"\s*\(\s*or\s+([^()a-zA-Z]{1,40})\)\s*\.?$")
# A trailing aside that restates the answer approximately or in other words.
_GLOSS = re.compile(r"\s*\((?:≈|~|\\approx|approx\.?|" + either(GLOSSES) + r")[^()]*\)\s*\.?$")


# A trailing explanation in parentheses, starting with a word (not 'or' / 'if', which offer another answer).
_EXPLAINED = re.compile(
    r"(?<=\S)\s*\((?!\s*(?:or|if|unless)\b)(?:(?=\s*[A-Za-z]{2,}\b)[^()]*|[^()]*\b(?:"
    + either(REJECTED)
    + r")\b[^()]*)\)\s*\.?$"
)  # '7 (the units digit of 3^2023)', 'x = 4 (x = −1 is extraneous)'


def _is_prose(text: str) -> bool:
    """Words outside the math, other than 'and' / 'or' between values ('x = 1 or x = -1' is two roots, not prose)."""
    text = _COMMANDS.sub(" ", NEXT_ASSIGNMENT.sub(", ", text))
    return any(w.lower() not in ("and", "or") for w in _WORDS.findall(text))


def _after_copula(s: str) -> str:
    """The text after the last 'is' / 'are' / 'equals' / '=' that is outside $...$ math."""
    best = -1
    pos = 0
    for m in _MATH_RE.finditer(s):
        for c in _COPULA.finditer(s, pos, m.start()):
            best = c.end()
        pos = m.end()
    for c in _COPULA.finditer(s, pos):
        best = c.end()
    return s[best:].strip() if best >= 0 else ""


# Pre-screen for the symbolic fallback: what no one should hand to sympy.
_TOWER = re.compile(r"\^\s*\{[^{}]*\^|\^\s*[0-9A-Za-z]\s*\^|\^\s*\{[^{}]*\{[^{}]*\^")
_BIG_EXPONENT = re.compile(r"\^\s*\{?\s*[-+]?\s*[0-9]{4,}")
_BIG_FACTORIAL = re.compile(r"[0-9]{4,}\s*\}?\s*!")
_LONG_DIGITS = re.compile(r"[0-9]{101,}")


def symbolic_allowed(text: str) -> bool:
    if len(text) > MAX_SYMBOLIC or text.count("^") > 8:
        return False
    if _TOWER.search(text) or _BIG_EXPONENT.search(text) or _BIG_FACTORIAL.search(text) or _LONG_DIGITS.search(text):
        return False
    if len(re.findall(r"\\(?:log|ln|exp)(?![A-Za-z])", text)) > 4:
        return False
    depth = best = 0
    for c in text:
        if c in "{([":
            depth += 1
            best = max(best, depth)
        elif c in "})]":
            depth -= 1
    return best <= 12


class _Cache:
    """Verdicts of the symbolic fallback by (reference, answer): GRPO groups repeat answers, and a timeout should
    cost its second at most once."""

    def __init__(self, size: int = 65536):
        self.size = size
        self.data: OrderedDict[tuple[str, str], tuple[bool | None, str]] = OrderedDict()
        self.lock = threading.Lock()  # reward functions may be called from several threads

    def get(self, key):
        with self.lock:
            hit = self.data.get(key)
            if hit is not None:
                self.data.move_to_end(key)
            return hit

    def put(self, key, value) -> None:
        if value[1] in ("no_worker", "worker_error"):
            return
        with self.lock:
            self.data[key] = value
            if len(self.data) > self.size:
                self.data.popitem(last=False)


CACHE = _Cache()


def locate(said: Statements, mode: str, finished: bool = True, question: str | None = None) -> tuple[str, str] | None:
    """(span, source) of the answer the completion finally commits to (verify.commitment), or None. `said`: the
    completion as verify.assertion reads it."""
    found = None if said.void else find_span(said.text, mode, finished, math=True)
    if found is None or (found[1] in FALLBACKS and said.asks_about(found[0])):
        return None  # (a text that asks about its last LaTeX and leaves the question open commits to none)
    return commitment.committed(
        said.text,
        found,
        _sentence_answer,
        _value,
        _same,
        math=True,
        finished=finished,
        denied=said.denied,
        given=question,
    )


def _sentence_answer(sentence: str) -> tuple[str, str] | None:
    return find_span(sentence, "flexible", True, math=True)


def _value(found: tuple[str, str]) -> Answer | None:
    text = answer_text(found[0], found[1])
    answer = parse_answer(text) if text and len(text) <= MAX_ANSWER else None
    return answer if answer is not None and answer.error is None else None


def _same(a: Answer, b: Answer) -> bool | None:
    try:
        return fast_equal(a, b)
    except TooComplex:
        return None


def prepare(
    said: Statements, reference: str, mode: str, finished: bool = True, question: str | None = None
) -> Verdict | tuple[str, str, str]:
    """A final Verdict from the fast path, or (reference, answer, extracted) for the symbolic fallback. An answer
    that only restates the question (verify.question) is no answer."""
    ref_text = parse_reference(reference)
    completion = said.text
    found = locate(said, mode, finished, question)
    if found is not None and restated(completion, found, question, answer_text(found[0], found[1])):
        found = None
    if found is None:
        if ref_text is None:
            return Verdict(None, None, "bad_reference")
        return Verdict(False, None, "no_answer" if finished else "truncated")
    if len(found[0]) > MAX_SPAN:
        return Verdict(
            None if ref_text is None else False, found[0][:200], "bad_reference" if ref_text is None else "too_long"
        )
    pred_text = _plus_minus(_SET_NAME.sub("", _alphabetical(answer_text(found[0], found[1]))), ref_text or "")
    extracted = pred_text[:MAX_ANSWER]
    if ref_text is None:
        return Verdict(None, extracted, "bad_reference")
    if not pred_text:
        return Verdict(False, None, "no_answer")
    if (yes_no := yes_no_verdict(found[0], ref_text, question)) is not None:  # a yes / no question (verify.question)
        return Verdict(yes_no, extracted, "ok" if yes_no else "wrong")
    if len(pred_text) > MAX_ANSWER:
        return Verdict(False, extracted[:200], "too_long")
    ref_ans, pred_ans = parse_answer(ref_text), parse_answer(pred_text)
    if ref_ans.error == "too_complex":
        return Verdict(None, extracted, "bad_reference")
    try:
        same = fast_equal(ref_ans, pred_ans)
        if same is None and (last := _last_side(ref_ans)) is not None:
            ref_text, same = last.raw, fast_equal(last, pred_ans)  # the symbolic fallback gets that side too
    except TooComplex:
        return Verdict(False, extracted, "too_complex")
    if same is not None:
        return Verdict(same, extracted, "ok" if same else "wrong")
    if not (symbolic_allowed(pred_text) and symbolic_allowed(ref_text)):
        return Verdict(False, extracted, "too_complex")
    return ref_text, pred_text, extracted


_INEQUALITY = re.compile(r"[<>!]|\\(?:le|ge|ne|leq|geq|neq|lt|gt|approx)(?![A-Za-z])")


def _last_side(ref: Answer) -> Answer | None:
    r"""A reference chain of equations the fast path cannot read whole ('1 = \zzz = x = 0'): its last side when that
    is a constant, since a reference's final value is its answer; else None."""
    if ref.node is not None or ref.error != "unsupported" or "=" not in ref.raw or _INEQUALITY.search(ref.raw):
        return None
    last = parse_answer(ref.raw.rsplit("=", 1)[1].strip())
    if last.node is None or last.node[0] in ("rel", "text") or free_vars(last.node):
        return None
    return last


def key(extracted: str | None) -> str | None:
    if extracted is None:
        return None
    ans: Answer = parse_answer(str(extracted))
    return canonical_key(ans)
