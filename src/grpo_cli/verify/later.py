r"""What a text states after its answer slot (commitment family): a final- or correct-answer statement after the box
or #### line ('#### 15 ... The correct answer is 18.'), a later answer phrase ('$\\boxed{12}$ edges. ... The answer
is 18.'), a last paragraph that takes the answer back ('#### 42 / Oops, 42 is Lisa's count. Ken has 14 books.'), a
bold total after a quick answer ('**Quick answer: $48** ... **Total cost: $46**'), and a loop between answers ('The
answer is 18. The answer is 16. The answer is 18. ...': `oscillates`). The locator (verify.extract) asks these
before verify.commitment reads every sentence after the answer. Examples both ways: tests/verify_cases.py.
"""

from __future__ import annotations

import re

from grpo_cli.verify.fallback_number import WORKING, last_number_span
from grpo_cli.verify.lexicon import (
    FINAL_ADJECTIVES,
    RESULT_NOUNS,
)
from grpo_cli.verify.sources import (
    PHRASE,
    PHRASE_WORDS,
    phrase_matches,
    phrase_span,
    phrase_value,
)

# A statement of the final answer that comes after the box or #### line: what the model finally commits to.
_FINAL = re.compile(
    r"(?i)\b(?:" + FINAL_ADJECTIVES + r")\s+(" + RESULT_NOUNS + r")\b"
    r"|\bthe\s+answer(?=\s+(?:should|must)\s+be\b)"  # 'Hmm, I think the answer should be (D).'
    r"|(?m:^[ \t]*(?:\*\*)?final(?=(?:\*\*)?[ \t]*:))"  # '#### 28 ... Actually, let me recount: ...\nFinal: 32'
    r"|\bactually\b[^\n]{0,200}?\b(?:so\s+)?the\s+(?:total|answer|count)(?=\s+(?:is|would\s+be)\b)"  # 'actually, ... (so) the total is 28'
)

_STATES = re.compile(r"(?i)(?:\*\*)?[ \t]*(?:(?:is|should\s+be|must\s+be|would\s+be|will\s+be)\b[ \t]*:?|:|=)[ \t]*")

_OPTION_ONLY = re.compile(r"\s*\(?[A-E]\)?[.!]?\s*")


def final_phrase_after(text: str, pos: int) -> tuple[str, int] | None:
    """'... \\boxed{255} ... Final Answer: The final answer is $10,455$.', '#### 15 ... Wait, I missed 3. The
    correct answer is 18.' and '\\boxed{12} ... Wait, 0 is not positive. The correct count is 11.': a final- or
    correct-answer statement after `pos` (the end of the last box or #### line) that states a value is the answer
    (the box held a step, the #### line was corrected). (span, end index) or None."""
    final = None
    for final in _FINAL.finditer(text, pos):  # noqa: B007
        pass
    if final is None:
        return None
    found = phrase_span(text[final.start() :])
    if found is not None:
        found = found[0], final.start() + found[1]
    elif states := _STATES.match(text, final.end()):
        found = phrase_value(text, states.end())  # 'The correct count is 11.', 'the final answer should be 720°'
    if found is None or "\\boxed" in found[0]:
        return None
    if not re.search(r"[0-9]|\$", found[0]) and not _OPTION_ONLY.fullmatch(found[0]):
        return None
    return found


# A last paragraph that takes the answer back in a sentence of its own: '#### 42\n\nOops, 42 is Lisa's count. Ken has 14
# books.' (a revision in bold, '**2 tables** is enough.', is verify.commitment's)
_RETRACTION = re.compile(
    r"(?i)\n[ \t]*\n[ \t]*(?:oops|whoops|my\s+mistake|sorry|correction)\b[^\n]{0,300}?[.!]\s+(?P<said>[^\n.!?]{0,120}[0-9]"
    r"(?:[^\n.!?]|\.(?=[0-9])){0,60}[.!]?)\s*$"
)


def revised_after(text: str, pos: int) -> tuple[str, int] | None:
    """The value of a last paragraph that takes the answer stated before `pos` back: the number its last sentence
    ends on (`_RETRACTION`)."""
    found = _RETRACTION.search(text, pos)
    if found and not WORKING.search(found.group("said")) and (span := last_number_span(found.group("said"))):
        return span, found.end("said")
    return None


def stated_after(text: str, start: int, end: int) -> tuple[str, int] | None:
    """What a text states after its answer tag or box (which starts at `start` and ends at `end`): a final-answer
    statement, a later answer phrase, or a paragraph that revises it, in that order; None when it states nothing."""
    return final_phrase_after(text, start) or later_phrase(text, end) or revised_after(text, end)


def later_phrase(text: str, pos: int) -> tuple[str, int] | None:
    """An answer phrase after the last box that states a number: '... and $\\boxed{12}$ edges. ... **The answer is
    18.**' (the box held a step)."""
    if not text[pos:].strip():
        return None  # (nothing after it: the common case, kept cheap)
    found = phrase_span(text[pos:])
    if found is None or "\\boxed" in found[0] or "\\fbox" in found[0]:
        return None
    if not re.search(r"[0-9]", found[0]) and not _OPTION_ONLY.fullmatch(found[0]):
        return None  # a number, or an option letter ('Hmm, I think the answer should be (D).')
    return found[0], pos + found[1]


def oscillates(text: str) -> bool:
    """The last answer phrases (at most 6, in the last 2,000 characters) state two or more different values each
    at least twice: a loop between candidates."""
    start = max(0, len(text) - 2000)
    window = text[start:].lower()
    if sum(window.count(word) for word in PHRASE_WORDS) < 4:  # a loop needs two values stated twice each
        return False
    values = []  # 'Final Answer: The final answer is $28\\%$' states 28\\% twice: one value
    for m in phrase_matches(text, start):
        value = re.split(r"[.;!?]\s|\n", phrase_value(text, m.end())[0], maxsplit=1)[0]
        inner = None
        for inner in PHRASE.finditer(value):  # noqa: B007 - the last one
            pass
        values.append((value[inner.end() :] if inner else value).replace("$", "").strip().rstrip("."))
    values = values[-6:]
    counts: dict[str, int] = {}
    for v in values:
        if v:
            counts[v] = counts.get(v, 0) + 1
    return sum(c >= 2 for c in counts.values()) >= 2


# A last line in bold that states a total after the answer phrase: the final commitment (the phrase was a summary
# given first: '**Quick answer: $48**', then a breakdown).
TOTAL_LINE = re.compile(
    r"(?i)\n[ \t]*\*\*(?:total|grand\s+total|final\s+total|overall\s+total)\b[^*\n:]{0,30}:\s*([^*\n]{1,40}?)\s*\*\*[^\n0-9]*\s*$"
)

# A last paragraph of one sentence that states a bold total after the answer phrase: '## Answer: 62 km ... Adding
# the two legs gives **72 km** in total.' (the heading was a summary given first).
TOTAL_SENTENCE = re.compile(
    r"(?i)\n[ \t]*\n(?=[^\n]{0,160}\b(?:in\s+total|total|altogether|in\s+all|overall)\b)[^\n*]{0,120}"
    r"\*\*([^*\n]{0,30}[0-9][^*\n]{0,30})\*\*[^\n*0-9]{0,60}$"
)
