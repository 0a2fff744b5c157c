"""The gsm8k task: the reference is a number (GSM8K's '#### 1,234'); the completion's final answer must equal it.

Pure Python and in-process: every step is a linear scan or a capped parse, so there is no symbolic fallback and no
worker process for this task.
"""

from __future__ import annotations

import re
from functools import lru_cache

from grpo_cli.verify.extract import MAX_SCAN, find_span, last_number_span
from grpo_cli.verify.latex import Unsupported, parse_answer
from grpo_cli.verify.numbers import Num, find_numbers, numbers_equal
from grpo_cli.verify.types import Verdict
from grpo_cli.verify.values import bare_places, evaluate, free_vars

_CLEAN = [
    (re.compile(r"\*\*|__"), ""),  # markdown bold
    (re.compile(r"\\(?:text|textbf|mathbf|mathrm|boxed|fbox|mbox)\s*\{"), "{"),
    (re.compile(r"\\[,!;: ]|\{,\}"), ""),  # 1\,000 and 1{,}000
    (re.compile(r"[{}]"), " "),
    (re.compile(r"\\%"), "%"),
    (re.compile(r"−"), "-"),
]


def _clean(span: str) -> str:
    for pattern, repl in _CLEAN:
        span = pattern.sub(repl, span)
    return span


def _closed_form(span: str) -> Num | None:
    """The span read as one closed-form number ('18', '$1,234.00', '\\frac{1}{2}', '25%', '18 dollars')."""
    ans = parse_answer(span)
    node = ans.node
    if node is None or node[0] in ("list", "set", "tuple", "matrix", "rel", "union", "text", "based", "big"):
        return None
    try:
        if free_vars(node):
            return None
        value = evaluate(node, {})
    except (Unsupported, ZeroDivisionError, OverflowError, ValueError, RecursionError):
        return None
    if not hasattr(value, "denominator"):  # not an exact rational (sqrt 2, pi, 3i): not a GSM8K answer
        return None
    return Num(value, bare_places(node))  # type: ignore[arg-type]


def span_number(span: str, source: str, mode: str = "flexible") -> Num | None:
    """The number a span states. `#### 72 ... 3 steps` and 'answer is 72. It took 3 steps' give their first number;
    an answer tag or box holding several numbers gives the one after the last '=', else (flexible) the last one."""
    if source != "last_number" and len(span) <= 200:
        closed = _closed_form(span)
        if closed is not None:
            return closed
    clean = _clean(span)
    nums = find_numbers(clean)
    if not nums:
        return None
    if len(nums) == 1 or source in ("hashes", "phrase", "last_number"):
        return nums[0]
    if "=" in clean:
        after = find_numbers(clean.rsplit("=", 1)[1])
        if after:
            return after[0]
    return nums[-1] if mode == "flexible" else None


@lru_cache(maxsize=16384)
def reference_number(reference: str) -> Num | None:
    text = str(reference)
    if "####" in text:
        text = text.rsplit("####", 1)[1]
    text = text.strip()
    if not text:
        return None
    return span_number(text, "hashes")


def parse_reference(raw: str) -> str | None:
    """'... #### 1,234' -> '1234'; an already-parsed '1234' stays; no number -> None."""
    num = reference_number(str(raw))
    return num.canonical() if num is not None else None


def _read(completion: str, mode: str) -> tuple[str, Num | None] | None:
    """(span, number) of the final answer. An 'answer is' phrase with no number after it ('the answer is the number
    of apples') is not an answer: flexible mode then falls back to the last number."""
    found = find_span(completion, mode)
    if found is None:
        return None
    span, source = found
    num = span_number(span, source, mode)
    if num is None and source == "phrase" and mode == "flexible":
        last = last_number_span(completion[-MAX_SCAN:])
        if last is not None:
            return last, span_number(last, "last_number")
    return span, num


def verify(completion: str, reference: str, mode: str = "flexible") -> Verdict:
    ref = reference_number(str(reference))
    found = _read(completion, mode)
    if found is None:
        return Verdict(None if ref is None else False, None, "bad_reference" if ref is None else "no_answer")
    span, num = found
    if ref is None:
        return Verdict(None, num.canonical() if num else span.strip()[:200], "bad_reference")
    if num is None:
        return Verdict(False, span.strip()[:200], "unparseable")
    same = numbers_equal(ref, num)
    return Verdict(same, num.canonical(), "ok" if same else "wrong")


def extract(completion: str, mode: str = "flexible") -> str | None:
    found = _read(completion, mode)
    if found is None or found[1] is None:
        return None
    return found[1].canonical()


def answer_key(extracted: str | None) -> str | None:
    if extracted is None:
        return None
    num = span_number(str(extracted), "answer_tag")
    if num is None:
        return None
    return str(num.value) if num.value is not None else num.canonical()  # 0.5 and 1/2 share the key '1/2'
