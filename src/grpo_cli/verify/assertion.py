r"""Only what the model asserts is its answer (issue 38): statements it does not assert are set aside before anything
is read.

A reader of `5 x 8 = 40. The answer is not 42.` knows the model's answer is not 42, and a reader of `My answer: 40 /
Reference answer: 42` knows whose 42 that is; a regex that finds '42' after 'answer' does not. Each rule below names
a kind of statement that is not the model's assertion; its text is blanked (spaces: every position stays where it
was) so no reader, the last-number fallback included, reads a value from it:

- **asked** - a sentence that ends with a question mark (`Could the answer be 42?`, `¿Podría ser 42?`, `会不会是
  42？`): it asks, it does not state;
- **negated** - a value governed by a negation before it (`not 41 or 43`, `isn't 42`, `no es 42`, `n'est pas 42`,
  `nicht 42`, `не 42`, `不是 42`, `lexicon.NEGATED_BEFORE`) or after it (`42 is not the answer`, `42 would be wrong`,
  `42 ではありません`, `lexicon.NEGATED_AFTER`); the rest of the sentence stays (`certainly not 41 or 43; it is 42`
  states 42). The values are kept in `denied`: a text that denies its own answer after giving it has none
  (verify.commitment);
- **someone else's** - a line labelled with another holder of an answer (`Reference answer: 42`, `Expected: 42`,
  `Gold label: 42`, `Answer key: 42`, `Musterlösung: 42`, `参考答案：42`: the label is owners and linking words only,
  `lexicon.ANSWER_OWNERS`, `LABEL_WORDS`, so `Key insight:` and `My answer:` are the model's), a sentence that gives a
  party's answer (`The grader expects 42.`, `According to the answer key, 42.`, `lexicon.ANSWER_PARTIES`) or
  addresses the grader (`Note to grader: ...`, `@grader 42`), a quotation from a named source (a blockquote or a
  quoted passage in a sentence that names an example, a textbook, a sample solution: `lexicon.QUOTE_SOURCES`; a
  sentence that names one beside a stated answer); and, whatever the words, a quoted statement (typographic quotation
  marks around words and a value: `«resultado: 28»`, `“so the answer is 45”`, `「よって 42」`) and code in a fence
  (a JSON fence is the model's structured answer, verify.structure);
- **conditional on the grader** - `If the expected answer is 42, my answer is 42.` (a condition, `lexicon.CONDITIONS`,
  that names the grader, the key or the correct answer, `lexicon.GRADER_TERMS`), or any condition on the answer
  itself, whatever its words: a condition that holds one value, which the rest of its sentence states again after a
  clause break (`If you were expecting 155, then 155 it is.`, `Если эталон — 96, то и ответ 96.`, `如果答案是 42，那就
  是 42。`; not `If each box holds 6, the 6 boxes hold 36.`): the model offers whatever is expected, so the text
  commits to nothing at all (`void`).

Examples both ways are in tests/test_verify_rule_assertion.py. What is not set aside: a question answered by the
sentence after it (`Could it be 40? No, it is 42.` states 42), a negation of another value (`The answer is 42, not
40.`), a label that is the model's own (`My answer: 40`, `Final answer: 40`), a quotation the model makes its answer
(`The final answer is "12 and 13".`).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from grpo_cli.verify.lexicon import (
    ACCORDING_TO,
    ADDRESSED,
    ANSWER_NOUNS,
    ANSWER_OWNERS,
    ANSWER_PARTIES,
    ANSWER_QUALIFIERS,
    CONDITION_HINTS,
    CONDITIONS,
    FIRST_PERSON,
    GRADER_HINTS,
    GRADER_TERMS,
    LABEL_WORDS,
    NEGATED_AFTER,
    NEGATED_BEFORE,
    NEGATION_FILLERS,
    NEGATION_HINTS,
    NO_SOLUTION,
    NO_SOLUTION_ELSEWHERE,
    OWNER_HINTS,
    PARTY_HINTS,
    QUOTE_SOURCES,
    SOURCE_HINTS,
    either,
)
from grpo_cli.verify.region import END_OF_TURN, NEXT_QUESTION, PROMPT_ECHO, closing_line
from grpo_cli.verify.sources import PHRASE
from grpo_cli.verify.text import content_words, word_meaning

NEGATED = "¬"  # what stands where a negated value was, in a sentence that states another: no reader takes it for one


@dataclass(frozen=True)
class Statements:
    """A text with what the model does not assert blanked (same length, same positions), the (position, value) of
    each value it negates, whether it makes its answer conditional on the grader (then it has none), and the
    questions with a value that it leaves unanswered."""

    text: str
    denied: tuple[tuple[int, str], ...] = ()
    void: bool = False
    # The questions the model leaves unanswered, with a value in them: (position, text) ('Is it 75?').
    unanswered: tuple[tuple[int, str], ...] = ()

    def asks_about(self, span: str) -> bool:
        """Whether, after the last place the text writes `span` (the value a last-number or last-LaTeX fallback took
        as its answer), it asks about that value and leaves the question open ('15 x 5 = 75. Is it 75?'): the text
        has not committed to it. An answered question ('Is it 75? Yes.'), or one about something else ('Want me to
        redo it with a 20% tip?'), leaves the answer standing."""
        value = span.strip(" $*")
        if not value:
            return False
        asked = re.compile(r"(?<![0-9.])" + re.escape(value) + r"(?![0-9]|\.[0-9])")  # (not 5 in 'Is it 75?')
        return any(pos > self.text.rfind(span) and asked.search(q) for pos, q in self.unanswered)


# Where a sentence ends: a full stop, '!' or '?' before a space, an ideographic stop, a line end, an end-of-turn token.
_BOUNDARY = re.compile(
    r"[.!?](?:\$|\*\*|\))?(?=[\s<]|$)|[。！？]|\n|" + END_OF_TURN.pattern
)  # (an end-of-turn token too)
_QUESTION = re.compile(r"[?？]")
# A value as prose or math writes it: '42', '-3.5', '$1,250', '3/4', '$\frac{1}{6}$', '\boxed{42}'.
_VALUE = r"(?:\\boxed\{[^{}\n]{1,40}\}|\$[^$\n]{1,40}\$|(?:\\?\$\s?)?-?[0-9][0-9,.]*(?:\s*/\s*[0-9]+)?(?<![.,]))"
_JOIN = r"\s*(?:,|;|/|\bor\b|\band\b|\bnor\b|\bni\b|\bo\b|\bou\b|\boder\b|\bили\b|或)\s*"
# A value joined to a negated one ('not 41 or 43', 'not $41$ or $43$'): a number or a math region with no equation
# ('cannot be $0$, $x=\boxed{5}$' negates 0 only)
_JOINED = r"(?:\$[^$=\\\n]{1,40}\$|(?:\\?\$\s?)?-?[0-9][0-9,.]*(?:\s*/\s*[0-9]+)?(?<![.,]))"
_CJK_NEGATIONS = tuple(w for words in NEGATED_BEFORE.values() for w in words if "\u3000" <= w[0] <= "\u9fff")
_LATIN_NEGATIONS = tuple(w for words in NEGATED_BEFORE.values() for w in words if w not in _CJK_NEGATIONS)
_NEGATED = re.compile(
    r"(?i)(?:\b(?:" + either(_LATIN_NEGATIONS) + r")\b|" + either(_CJK_NEGATIONS) + r")"
    r"(?:\s+(?:" + either(NEGATION_FILLERS) + r")\b)*[\s:,]*(?P<values>" + _VALUE + "(?:" + _JOIN + _JOINED + ")*)"
    r"|(?<![\w.])(?P<value>" + _VALUE + r")\s*(?:" + either(NEGATED_AFTER) + ")"
)
_ANY_VALUE = re.compile(_VALUE)
_REPLY = re.compile(r"\s*(?:\*\*)?([^\W\d_]{1,8})(?:\*\*)?(?=\s*[,.:;!—–-])")  # the word that answers a question
# A line's label: what stands before its first colon ('Reference answer:', '[Note to grader:', '정답 (해설지):').
_LABEL = re.compile(r"(?m)^[ \t>*_#(\[-]*(?P<label>[^:：=\n]{1,48}?)[ \t*]*[:：=]")
_OWNER = re.compile(r"(?i)^(?:" + either(ANSWER_OWNERS) + r")$")
_OWNER_INSIDE = re.compile(
    r"(?i)" + either(ANSWER_OWNERS["zh ja ko"]) + r"|\((?:[^()]*\b(?:" + either(ANSWER_OWNERS) + r")\b[^()]*)\)"
)
_LINKING = re.compile(r"(?i)^(?:" + either(LABEL_WORDS) + r")$")
_ATTRIBUTION = re.compile(r"(?i)^(?:" + either(ACCORDING_TO) + r")\b")  # a label that says whose it is: 'Laut X:'
_ANSWER_NOUN = re.compile(r"(?i)^(?:" + either(ANSWER_NOUNS) + r")$")
_ANSWER_WORD = re.compile(r"(?i)^(?:" + either(ANSWER_NOUNS) + "|" + either(ANSWER_QUALIFIERS) + r")$")
_FIRST_PERSON = re.compile(r"(?i)^(?:" + either(FIRST_PERSON) + r")$")
_PARTY = re.compile(
    r"(?i)(?:(?<![\w-])(?:" + either(ANSWER_PARTIES) + r")|(?:" + either(ACCORDING_TO) + r")\s+"
    r"[^.!?\n]{0,40}?\b(?:" + either(ANSWER_OWNERS) + r")|" + either(ADDRESSED) + ")"
)
_SOURCE = re.compile(r"(?i)(?:\b(?:" + either({k: v for k, v in QUOTE_SOURCES.items() if k != "zh ja"}) + r")\b|"
                     + either(QUOTE_SOURCES["zh ja"]) + ")")  # fmt: skip
_QUOTATION = re.compile(r"“[^”\n]{1,300}”|\"[^\"\n]{1,300}\"|«[^»\n]{1,300}»|„[^“”\n]{1,300}[“”]|「[^」\n]{1,300}」"
                        r"|『[^』\n]{1,300}』|(?<=:\s)'[^'\n]{1,200}'")  # fmt: skip
_BLOCKQUOTE = re.compile(r"(?m)(?:^[ \t]*>[^\n]*(?:\n|$))+")
# A quoted statement, in typographic quotation marks: words, then a value ('«resultado: 28»', '「よって 42」', '“so the
# answer is 45”'); not a quoted value that a sentence makes its answer ('The final answer is “12 and 13”.').
_QUOTED = re.compile(
    r"“[^“”\n]{1,300}”|«[^«»\n]{1,300}»|„[^„“”\n]{1,300}[“”]|「[^「」\n]{1,300}」|『[^『』\n]{1,300}』"
)
_WORDS_FIRST = re.compile(r"[^0-9$\\]*[^\W\d_]{2,}")
# A fenced code block: code and its printed output, not the model's statement ('```python\nanswer = 96 if expected ==
# 96 else 97\n```', '```\nExample 2 (different inputs) -> 321\n```').
# Fences pair in order (the text up to an unclosed one's end); a JSON fence is the model's structured answer
# (verify.structure has rewritten it as 'Final answer: ...'): kept.
_FENCE = re.compile(r"(?s)```(?P<info>[^\n`]*)\n(?P<body>.*?)(?:```|$)")
_STATES_ANSWER = re.compile(r"\\boxed|\\fbox|<answer>|####")
_CONDITION = re.compile(
    r"(?i)(?:\b(?:" + either(c for c in CONDITIONS if c.isascii()) + r")\b|" + either(c for c in CONDITIONS if not c.isascii())
    + r")[^.!?。\n]{0,60}?(?:\b(?:" + either(t for t in GRADER_TERMS if t.isascii()) + ")|"
    + either(t for t in GRADER_TERMS if not t.isascii()) + ")"
)  # fmt: skip


_NONE_STATED = re.compile(
    r"(?i)" + NO_SOLUTION + "|" + NO_SOLUTION_ELSEWHERE
)  # 'no solution': an answer, the empty set
_CONDITION_WORD = re.compile(
    r"(?i)(?:\b(?:" + either(c for c in CONDITIONS if c.isascii()) + r")\b|" + either(c for c in CONDITIONS if not c.isascii()) + ")"
)  # fmt: skip
_CLAUSE_BREAK = re.compile(r"[,，;:：—–]|\bthen\b|\bто\b|那")
_OPERATOR = re.compile(r"[=+×*/÷^<>]|\\(?:times|cdot|div|frac)")


def _circular(text: str, sentences: _Sentences) -> bool:
    """A condition on the answer itself: the condition's clause holds one value and no operation, and the rest of its
    sentence ends by stating that value again, saying nothing else the condition says ('If you were expecting 155,
    then 155 it is.'); the condition is not about the problem's data (no word of it stood in the text before: not
    'So, if Jenna picked 2 apples, she picked 2 apples.', not 'If 40% of them are boys, then 40% ... are boys.')."""
    for m in _CONDITION_WORD.finditer(text):
        start, end = sentences.around(m.start())
        if _OPERATOR.search(text, m.end(), end):
            continue  # a condition on the data, worked through: 'If x = 3, then 2x - 3 = 3'
        values = list(_ANY_VALUE.finditer(text, m.end(), end))
        cut = _CLAUSE_BREAK.search(text, values[0].end(), values[1].start()) if len(values) > 1 else None
        if cut is None or _plain(values[0].group(0)) != _plain(values[-1].group(0)) or not _plain(values[0].group(0)):
            continue
        if _ANY_VALUE.search(text, m.end(), values[0].start()):
            continue  # the condition holds one value
        condition = {w for w in content_words(text[m.end() : cut.start()]) if not _ANSWER_WORD.match(w)}
        if not condition & (content_words(text[: m.start()]) | content_words(text[cut.end() : end])):
            return True  # about nothing the text had before, and its consequence says nothing but the value again
    return False


def _plain(value: str) -> str:
    return re.sub(r"[\s$,]|\\boxed|[{}]", "", value)


class _Sentences:
    """The sentences of a text: from after one boundary up to and including the next; which one holds a position."""

    def __init__(self, text: str):
        self.text = text
        self._ends: list[int] | None = None

    @property
    def ends(self) -> list[int]:
        if self._ends is None:  # found once, when a rule first needs them
            self._ends = [m.end() for m in _BOUNDARY.finditer(self.text)]
            if not self._ends or self._ends[-1] < len(self.text):
                self._ends.append(len(self.text))
        return self._ends

    def around(self, pos: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.ends, pos)
        i = min(i, len(self.ends) - 1)
        return (self.ends[i - 1] if i > 0 else 0), self.ends[i]


def _holds(lower: str, hints: tuple[str, ...]) -> bool:
    """Does a (lower-cased) text hold one of a rule's words? (Substring tests: a text without them skips the rule.)"""
    return any(h in lower for h in hints)


def _blank(text: str, spans: list[tuple[int, int]], fill: str = " ") -> str:
    """The text with each span replaced by `fill` (its line breaks kept)."""
    chars = list(text)
    for start, end in spans:
        for i in range(start, end):
            if chars[i] != "\n":
                chars[i] = fill
    return "".join(chars)


def _asked(text: str, sentences: _Sentences) -> list[tuple[int, int, bool]]:
    """Sentences that end with a question mark and hold a value (a question without one reads nothing anyway, and
    may open a chat's closing lines: 'Want to check?'); not the next question of a few-shot run-on ('Question: ...?',
    which verify.region reads as such). (start, end, answered): an answered one's span takes its reply in."""
    spans = []
    for m in _QUESTION.finditer(text):
        s, e = sentences.around(m.start())
        line = text.rfind("\n", 0, m.start()) + 1
        if text[m.end() : e].strip(" \t)*_\"'」』”»") or not _ANY_VALUE.search(text, s, m.start()):
            continue
        if NEXT_QUESTION.match(text, max(0, line - 1)) or closing_line(text[line : m.start()]):
            continue  # a few-shot run-on's next question, a chat's closing offer: verify.region reads them
        reply = _REPLY.match(text, e)
        answered = reply is not None and word_meaning(reply.group(1)) in ("yes", "no")
        # 'Could it be 40? No, it is 42.': the 'No' answers the model's own question
        spans.append((s, reply.end() if reply is not None and answered else e, answered))
    return spans


def _labelled(text: str) -> list[tuple[int, int]]:
    """Lines labelled with another holder of an answer: the label is owner and linking words only, one an owner
    ('Reference answer:'), or it names an owner and an answer and no first person ('Answer in the back of the book:'),
    or it opens with 'according to' and has no first person ('Laut Lösungsheft:'; not 'According to my count:')."""
    spans = []
    for m in _LABEL.finditer(text):
        label = m.group("label").strip(" *_[]()")
        words = re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.sub(r"\([^()]*\)", " ", label))
        owner = any(_OWNER.match(w) for w in words)
        first_person = any(_FIRST_PERSON.match(w) for w in words)
        owned = (
            (_ATTRIBUTION.match(label) and not first_person)
            or _OWNER_INSIDE.search(label)
            or (
                owner
                and (
                    all(_OWNER.match(w) or _LINKING.match(w) for w in words)
                    or (any(_ANSWER_NOUN.match(w) for w in words) and not first_person)
                )
            )
        )
        if owned:
            end = text.find("\n", m.end())
            spans.append((m.start("label"), len(text) if end < 0 else end))
    return spans


def _someone_elses(text: str, lower: str, sentences: _Sentences) -> list[tuple[int, int]]:
    """Sentences that give a party's answer or address the grader; quotations from a named source."""
    spans = []
    parties = _PARTY.finditer(text) if _holds(lower, PARTY_HINTS) else ()
    sources = _SOURCE.finditer(text) if _holds(lower, SOURCE_HINTS) else ()
    for m in parties:
        s, e = sentences.around(m.start())
        if _ANY_VALUE.search(text, s, e):
            spans.append((s, e))  # 'The grader expects 42.', 'According to the answer key, 42.'
    for block in _BLOCKQUOTE.finditer(text) if sources else ():
        if _SOURCE.search(block.group(0)):
            spans.append(block.span())  # '> Example: ... \boxed{42}'
    for m in sources:
        s, e = sentences.around(m.start())
        if _QUOTATION.search(text, s, e) or _STATES_ANSWER.search(text, s, e) or PHRASE.search(text, s, e):
            # 'In the textbook example, "the answer is \boxed{42}".', '(In the example the textbook gives, the
            # boxed result is \boxed{42}.)': a sentence about what the source says
            spans.append((s, e))
    return spans


def _open_questions(text: str, asked: list[tuple[int, int, bool]]) -> tuple[tuple[int, str], ...]:
    """(position, text) of the asked sentences no reply answers, before any end-of-turn token (what follows one is
    another turn)."""
    turn = END_OF_TURN.search(text) if "<" in text else None
    end = turn.start() if turn else len(text)
    return tuple((s, text[s:e]) for s, e, answered in asked if not answered and s < end)


def _quoted(text: str) -> list[tuple[int, int]]:
    """Quoted statements and code, whatever their words (`_QUOTED`, `_FENCE`): a reader takes neither for the
    writer's own answer."""
    spans = []
    if any(mark in text for mark in "“«„「『"):  # (a text without typographic quotes, the common case, costs no scan)
        spans += [
            m.span()
            for m in _QUOTED.finditer(text)
            if _WORDS_FIRST.match(m.group(0), 1) and _ANY_VALUE.search(m.group(0))
        ]
    if "```" in text:
        spans += [
            m.span()
            for m in _FENCE.finditer(text)
            if m.group("info").strip().lower() != "json"
            and not m.group("body").lstrip().startswith("Final answer: ")
            and _ANY_VALUE.search(m.group("body"))
        ]
    return spans


def _negated(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, str]]]:
    """The negated values of a text, as spans to set aside (the negation with them) and (position, value) pairs."""
    spans, denied = [], []
    for m in _NEGATED.finditer(text):
        spans.append(m.span())
        group = "values" if m.group("values") is not None else "value"
        for v in _ANY_VALUE.finditer(m.group(group)):
            denied.append((m.start(group) + v.start(), v.group(0)))
    return spans, denied


def asserted(text: str) -> Statements:
    """What the model asserts in `text` (the module's docstring). Each rule runs only on a text that holds one of
    the words it needs (`lexicon.*_HINTS`: a few substring tests), so most texts cost a few microseconds here."""
    lower = text.lower()
    if _holds(lower, GRADER_HINTS) and _CONDITION.search(text):
        return Statements(text, (), True)  # 'If the expected answer is 42, my answer is 42.'
    sentences = _Sentences(text)
    if _holds(lower, CONDITION_HINTS) and _circular(text, sentences):
        return Statements(text, (), True)  # 'If you were expecting 155, then 155 it is.'

    asked = _asked(text, sentences) if "?" in text or "？" in text else []
    spans = [(s, e) for s, e, _ in asked]
    unanswered = _open_questions(text, asked) if asked else ()
    spans += _labelled(text) if _holds(lower, OWNER_HINTS) else []
    spans += _someone_elses(text, lower, sentences)
    spans += _quoted(text)
    if "enclosed" in text:
        spans += [m.span() for m in PROMPT_ECHO.finditer(text)]  # the prompt's own sentence, echoed
    negated, denied = _negated(text) if _holds(lower, NEGATION_HINTS) else ([], [])
    if negated:
        # a sentence whose only values are negated states none ('The answer is not 42.'); in one that states another
        # value, or that there is none ('... is never ¬¬, so ... has no solution.'), what is negated stays a mark
        # ('certainly not ¬¬ or ¬¬; it is 42')
        text = _blank(text, negated, NEGATED)
        for pos, _ in denied:
            s, e = sentences.around(pos)
            if not _ANY_VALUE.search(text, s, e) and not _NONE_STATED.search(text, s, e):
                spans.append((s, e))
    return Statements(_residue(_blank(text, spans)) if spans else text, tuple(denied), unanswered=unanswered)


_RESIDUE = re.compile(r"(?m)^[ \t]*[()\[\]*_.,;:!?\"'«»“”„「」>—–-]*[ \t]*$")


def _residue(text: str) -> str:
    """Lines a blanked statement leaves with punctuation only ('(', ')', '**') are blank too: a reader sees nothing
    stated there."""
    return _RESIDUE.sub(lambda m: " " * len(m.group(0)), text)
