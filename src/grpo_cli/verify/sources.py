r"""Where a completion states its answer in a form of its own: the `<answer>` tag, `\\boxed{}` (one or several),
the `####` line, and the "answer is" phrase in the languages models answer in.

Each reader is a pure function of the text, linear in it (regexes without nested quantifiers, one pass of brace
matching); `extract.find_span` decides which source wins and what the text does with it afterwards.
"""

from __future__ import annotations

import re

from grpo_cli.verify.lexicon import (
    AND_WORDS,
    ANSWER_PHRASES,
    ANSWER_PLACES,
    BETWEEN_BOXES,
    CJK_JOINS,
    LETTER_JOINS,
    OR_WORDS,
    OTHER_READING,
    PHRASE_WORDS,
    READING_WORDS,
    RETRACTS_BOX,
    SCALE_WORDS,
    UNCOMMITTED,
    either,
)

MAX_SCAN = 65_536

MAX_SPAN = 4_000

OPEN_TAG = "<answer>"

CLOSE_TAG = "</answer>"
# The R1 format's think block, which the answer tag follows (DeepSeek-R1, arXiv 2501.12948, table 1).
THINK_OPEN, THINK_CLOSE = "<think>", "</think>"

_BOX_TOKENS = re.compile(r"\\(?:boxed|fbox)(?![A-Za-z])[ \t]*(?P<brace>\{)?|\\[{}]|[{}]")

_BARE = re.compile(r"[^\s${}]{1,200}")

HASHES = re.compile(r"####[ \t]*([^\n]*)")

# The answer phrases of every language (`lexicon.ANSWER_PHRASES`), then what may close them: 'La respuesta es: ...'
PHRASE = re.compile(r"(?i)(?:" + either(ANSWER_PHRASES) + r")(?:\*\*)?[ \t]*(?:\*\*)?[ \t]*(?::[ \t]*)?")

# $$...$$, $...$ (an escaped \$ inside does not end it), \(...\), \[...\]
# (Inline math does not run across a blank line: '$2,000.' and a '$2 + 3 = 5$' two paragraphs on are no region.)
MATH_SPAN = re.compile(
    r"\$\$(.+?)\$\$|(?<!\\)\$((?:[^$\\\n]|\\.|\n(?![ \t]*\n))+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S
)


def bare_value(value: str) -> str:
    return re.sub(r"[\s$]", "", value)


def last_tag(text: str, open_tag: str = OPEN_TAG, close_tag: str = CLOSE_TAG) -> str | None:
    """Content of the last complete open_tag...close_tag pair (an unclosed, truncated last tag is skipped)."""
    last_close = text.rfind(close_tag)
    if last_close == -1:
        return None
    start = text.rfind(open_tag, 0, last_close)
    if start == -1:
        return None
    start += len(open_tag)
    return text[start : text.find(close_tag, start)]


_TAG_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def two_tags(text: str) -> bool:
    """The last two complete answer tags stand side by side and differ ('<answer>21</answer>\n<answer>29</answer>'):
    two candidates, no answer committed to. Two that state the same numbers are one answer said twice."""
    last = text.rfind(OPEN_TAG, 0, text.rfind(CLOSE_TAG))
    before = text.rfind(CLOSE_TAG, 0, last) if last > 0 else -1
    if before < 0 or text[before + len(CLOSE_TAG) : last].strip():
        return False
    first = text.rfind(OPEN_TAG, 0, before)  # its content ends at its own close ('</answer>\n</answer>' repeats it)
    if first < 0:
        return False
    one, other = text[first + len(OPEN_TAG) : text.find(CLOSE_TAG, first)].strip(), (last_tag(text) or "").strip()
    numbers = set(_TAG_NUMBER.findall(one))  # '<answer>540</answer>\n<answer>The sum ... is 540 degrees.</answer>'
    return one != other and not (numbers and numbers == set(_TAG_NUMBER.findall(other)))


def boxes(text: str) -> list[tuple[int, int, str]]:
    r"""Every `\boxed{...}` whose braces close (or bare `\boxed 5`) as (start, end, content), in order of start; one
    linear pass."""
    if "\\boxed" not in text and "\\fbox" not in text:
        return []
    found: list[tuple[int, int, str]] = []
    stack: list[tuple[int, int] | None] = []  # per open brace: (boxed start, content start) or None
    for m in _BOX_TOKENS.finditer(text):
        tok = m.group(0)
        if tok[0] == "\\" and tok[1] in "bf":
            if m.group("brace"):
                stack.append((m.start(), m.end()))
            else:  # \boxed 5: the next token
                bare = _BARE.match(text, m.end())
                if bare:
                    found.append((m.start(), bare.end(), bare.group(0)))
        elif tok == "{":
            stack.append(None)
        elif tok == "}" and stack:
            top = stack.pop()
            if top is not None:
                found.append((top[0], m.end(), text[top[1] : m.start()]))
    found.sort()
    return found


def last_boxed(text: str) -> str | None:
    r"""Content of the last `\boxed{...}` whose braces close (or of a bare `\boxed 5`)."""
    found = boxes(text)
    return found[-1][2] if found else None


# What may stand between boxes that together state one answer: "\boxed{2} and \boxed{3}", "x = \boxed{1},
# y = \boxed{2}", "\boxed{(2,2)} \quad \text{and} \quad \boxed{(6,2)}". Prose ("first ..., then corrected: ...") may not.
_BOX_GAP = re.compile(
    r"(?i)(?:[\s,;$.]|\\[,;:! ]|\\q?quad\b|\\text\{[^{}\d]{0,40}\}|\\[()\[\]]|\b(?:and|or)\b"
    r"|[A-Za-z](?:_\{?[0-9A-Za-z]+\}?)?\s*=)*"
)

# ... or one short word of any language between them, as 'or' / 'and' are in English ('$\boxed{30}$ o
# $\boxed{32}$', '\boxed{3} или \boxed{4}', '\boxed{2} y \boxed{3}'), unless it is a correction ('no'): the boxes
# are read together, so two values in a gsm8k answer are no answer, and roots in a math one are a list.
_SHORT_WORD_GAP = re.compile(r"[\s,;$.]*(?:\\text\{)?\s*[^\W\d_]{1,4}\s*\}?[\s,;$.]*")

_LOOSE_GAP = re.compile(r"[^\n]{0,40}?(?:\band\b|,)[^\n]{0,20}")

_CORRECTION = re.compile(r"(?i)\b(?:" + either(BETWEEN_BOXES) + r")\b")


def _wordless(gap: str) -> bool:
    """No word of two or more letters apart from 'and' / 'or' and LaTeX commands: '++++++', ', \\quad', '\\text{ and }'."""
    return not re.search(r"[A-Za-z]{2,}", re.sub(r"\\[A-Za-z]+|\b(?:and|or)\b", " ", gap))


# 'x = \\boxed{3}', 'y = 3 - 5 = \\boxed{-2}': the unknown a box's value is assigned to
_ASSIGNS = re.compile(r"(?<![A-Za-z0-9\\])([A-Za-z])\s*=(?:[^=$\n]{0,30}=)?\s*(?:\$|\\\(|\\\[)?\s*$")

_RETRACTS = re.compile(r"(?i)\b(?:" + either(RETRACTS_BOX) + r")\b")


def _assigned_boxes(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]] | None:
    """The last boxes when each assigns an unknown, with nothing retracted between them: one unknown with different
    values ('Case 1: ... x = \\boxed{3}. Case 2: ... x = \\boxed{-2}.') are its roots; different unknowns ('x =
    \\boxed{3}, and then y = 3 - 5 = \\boxed{-2}') are a point, returned as 'x = 3', 'y = -2'."""
    run: list[tuple[int, int, str]] = []
    names: list[str] = []
    for box in reversed(found[-4:]):
        assigned = _ASSIGNS.search(text, max(0, box[0] - 60), box[0])
        if assigned is None:
            break
        if run and (run[0][0] - box[1] > 400 or _RETRACTS.search(text, box[1], run[0][0])):
            break
        run.insert(0, box)
        names.insert(0, assigned.group(1))
    if len(run) < 2:
        return None
    if len(set(names)) == 1:
        return run if len({b[2].strip() for b in run}) == len(run) else None
    if len(set(names)) == len(names):
        return [(b[0], b[1], f"{n} = {b[2].strip()}") for b, n in zip(run, names, strict=True)]
    return None


# Two boxes for two readings of the problem, in one sentence: 'If order matters, ... \boxed{20}; if it does not,
# ... \boxed{10}.' A hedge: no answer is committed to.
# '... \boxed{20}; otherwise it is \boxed{10}', '... \boxed{120} arrangements; treating repeated letters as identical, ...'
READINGS = re.compile(r"(?i)^[^.!?\n]*\b(?:" + either(READING_WORDS) + r")\b[^.!?\n]*$")

CONDITION = re.compile(
    r"(?i)\s*(?:[-*•]\s+|[0-9]{1,2}[.)]\s+)?(?:\*\*)?(?:if|when|assuming|under)\b"
)  # ('- If order matters: ...')

_OTHER_READING = re.compile(r"(?i)\s*[-*•]\s+(?:\*\*)?(?:" + either(OTHER_READING) + r")\b")


def two_readings(text: str, found: list[tuple[int, int, str]] | None = None) -> bool:
    found = boxes(text) if found is None else found
    if len(found) < 2 or found[-2][2].strip() == found[-1][2].strip():
        return False
    if READINGS.match(text[found[-2][1] : found[-1][0]]):
        return True
    # or a sentence each: 'If we read it as $(2^3)^2$, the answer is $\boxed{64}$. If we read it as ..., $\boxed{512}$.'
    starts = [
        max((m.end() for m in SENTENCE_END.finditer(text, max(0, b[0] - 300), b[0])), default=0) for b in found[-2:]
    ]
    if starts[0] >= starts[1] or not CONDITION.match(text, starts[0]):
        return False
    # the other reading in its own sentence, or in the next bullet: '- If you count only proper divisors: \boxed{8}
    # \n- Including 36 itself: \boxed{9}'
    return bool(CONDITION.match(text, starts[1]) or _OTHER_READING.match(text, starts[1]))


def boxed_answer(text: str, reference: bool = False, found: list[tuple[int, int, str]] | None = None) -> str | None:
    r"""The last box, joined with the boxes right before it when only separators stand between them (several
    roots written as several boxes); identical repeats count once.

    reference=True (a reference solution, trusted text): boxes are also joined across any gap without words
    ('\boxed{35 cm} ++++++ \boxed{4}'), and a last `\boxed{` left unclosed runs to the end of the text."""
    found = boxes(text) if found is None else list(found)
    if reference:
        opened = text.rfind("\\boxed{")
        rest = text[opened + len("\\boxed{") :] if opened >= 0 else ""
        if rest.strip() and (not found or found[-1][1] <= opened):  # no closed box at or after it
            found.append((opened, len(text), rest))
    if not found:
        return None
    run = [found[-1]]
    for box in reversed(found[:-1]):
        if box[1] > run[0][0]:
            break
        if not (
            _BOX_GAP.fullmatch(text, box[1], run[0][0])
            or _SHORT_WORD_GAP.fullmatch(text, box[1], run[0][0])
            and not _CORRECTION.search(text, box[1], run[0][0])
            or reference
            and _wordless(text[box[1] : run[0][0]])
        ):
            break
        run.insert(0, box)
    if len(run) == 1 and not reference:
        run = _assigned_boxes(text, found) or run
    parts = list(dict.fromkeys(b[2].strip() for b in run))
    # '\boxed{1} papers and \boxed{2} bins': a few words joined by 'and' / a comma, none of them a correction
    if (
        len(run) == 1
        and len(found) > 1
        and found[-2][1] <= found[-1][0]
        and _LOOSE_GAP.fullmatch(text, found[-2][1], found[-1][0])
        and not _CORRECTION.search(text, found[-2][1], found[-1][0])
    ):
        parts = [found[-2][2].strip(), found[-1][2].strip()]
    return ", ".join(parts) if len(parts) > 1 else run[-1][2]


def hashes_span(text: str) -> tuple[str, int] | None:
    found = None
    for found in HASHES.finditer(text):  # noqa: B007 - the last one
        pass
    return (found.group(1), found.end(1)) if found else None


def two_hashes(text: str) -> bool:
    """'#### 24\n#### 42': the last two lines state two answers, one after the other (none is committed to); not a
    loop cut inside its last line ('#### 320\n#### 3')."""
    lines = list(HASHES.finditer(text[-400:]))
    if len(lines) < 2 or text[-400:][lines[-2].end() : lines[-1].start()].strip():
        return False
    said, last = lines[-2].group(1).strip(), lines[-1].group(1).strip()
    return last != said and not said.startswith(last)


def repeated_hashes(text: str, cut: str) -> tuple[str, str] | None:
    """A cut-off loop of '#### 320' lines ending in '#### 3': the line before, which was written whole."""
    lines = [m.group(1).strip() for m in HASHES.finditer(text[-2000:])]
    if len(lines) >= 3 and lines[-2] == lines[-3] and lines[-2] != cut.strip() and lines[-2].startswith(cut.strip()):
        return lines[-2], "hashes"
    return None


# A '$' that does not stand before a number: some '$' in the line delimits math, so none is read as a currency sign.
NOT_CURRENCY = re.compile(r"\$(?!\s?[0-9])")

MAX_HITS = 256


def phrase_matches(text: str, start: int = 0) -> list[re.Match]:
    """Every answer phrase in text[start:], in order. The phrase regex is an alternation of some forty forms that
    Python would try at every position of the text; every form holds one of `PHRASE_WORDS` and starts at most 40
    characters before it, at the start of a line or of a word. So the regex is only tried there: a few `str.find`
    calls, and a handful of anchored matches per word found."""
    lower = text.lower()
    hits = []
    for word in PHRASE_WORDS:
        i = lower.find(word, start)
        while i >= 0:
            hits.append(i)
            i = lower.find(word, i + 1)
    found: dict[int, re.Match] = {}
    for i in sorted(set(hits))[-MAX_HITS:]:  # the last ones: the last phrase is what callers want
        line = text.rfind("\n", 0, i) + 1
        for s in range(max(start, line, i - 40), i + 1):
            if s in (line, i) or text[s - 1] in " \t*#>(":
                m = PHRASE.match(text, s)
                if m is not None and m.end() > i:
                    found.setdefault(m.end(), m)  # the earliest start: 'Final answer:' over 'answer:'
                    break
    matches: list[re.Match] = []
    for m in sorted(found.values(), key=lambda m: m.start()):
        if not matches or m.start() >= matches[-1].end():
            matches.append(m)
    return matches


def phrase_span(text: str) -> tuple[str, int] | None:
    """(span, end index) of the last answer phrase: its line, or the $...$ block that starts it."""
    for last in reversed(phrase_matches(text)[-MAX_PHRASES:]):
        found = phrase_value(text, last.end())
        # 'The answer is: 26. ... Your answer is \boxed{}.' reads 26; 'The answer is enclosed within <answer> tags'
        # says where an answer goes, not what it is
        if not _EMPTY.fullmatch(found[0]) and not _META.match(found[0]) and not _UNCOMMITTED.match(found[0]):
            return found
    return None


# 'the answer is probably 56, but ...' does not commit ('So the answer is 45? Hmm wait, ...' asks: verify.assertion
# sets a question aside before any reader).
_UNCOMMITTED = re.compile(r"\s*(?:" + either(UNCOMMITTED) + r")\b", re.I)

_META = re.compile(r"(?i)\s*(?:" + either(ANSWER_PLACES) + r")\b")

# A label over a paragraph of its own (a blank line between), and a paragraph that opens as a sentence of words
# ('The ratio is 3 : 2.'), not a value ('42 apples') or a formula.
_BLANK_BEFORE = re.compile(r"\n[ \t]*\n[ \t]*\Z")
_BLANK_AFTER = re.compile(r"[ \t*_:]*\n[ \t]*\n")
_SENTENCE_OF_WORDS = re.compile(r"[ \t*_>#-]*[^\W\d_]{2,}[^\W\d_']*[ \t]+[^\W\d_]{2,}")

MAX_PHRASES = 16  # empty phrases skipped at most, from the last: each costs a slice of up to MAX_SPAN characters

# What an answer phrase that states nothing holds: an empty box, punctuation, a lone '$', a negated value
# (verify.assertion: 'The answer is not 42.').
_EMPTY = re.compile(r"(?:\\(?:boxed|fbox)\s*\{\s*\}|\\[()\[\]]|[\s$.,;:!?*()\[\]{}¬—–-])*")


def phrase_value(text: str, start: int) -> tuple[str, int]:
    """(span, end index) of what an answer phrase ending at `start` states: its line, or the $...$ block that
    starts it."""
    rest = text[start : start + MAX_SPAN]
    line = rest.split("\n", 1)[0]
    over_paragraph = _BLANK_BEFORE.search(text, max(0, start - 8), start) or _BLANK_AFTER.match(rest)
    if over_paragraph and _SENTENCE_OF_WORDS.match(rest.lstrip()):
        return "", start  # '### Answer\n\nThe ratio is 3 : 2. ...': a heading over a section, not over a value
    if not line.strip() and (after := rest.lstrip(" \t")).startswith("\n") and after.strip():
        skipped = len(rest) - len(after.lstrip())  # 'The final answer is:\n10 + 16 = 26': the value on the next line
        following = rest[skipped:].split("\n", 1)[0]  # (all of it: '$\\frac{57}{160}$ = 1.0001.' states 1.0001)
        return following, start + skipped + len(following)
    if line.count("$") >= 2 and not NOT_CURRENCY.search(line):  # '$2.08 + $3.60 = $6.88.': dollars, not math
        return line.replace("$", ""), start + len(line)
    math = MATH_SPAN.match(rest)
    if math:
        end = math.end()  # '$x<-1$ or $x>4$', '$1$ and $2$': the regions that follow it across separators too
        while (gap := REGION_GAP.match(rest, end)) and (more := MATH_SPAN.match(rest, gap.end())) and gap.end() > end:
            end = more.end()
        if end > math.end():
            return rest[:end], start + end
        value = next(g for g in math.groups() if g is not None)
        if value.rstrip().endswith("="):  # '$x =$ **3 1/2**': the value follows the region
            return line, start + len(line)
        scale = SCALE_WORD.match(rest, end)  # '$\$2.4$ million'
        if scale:
            return value + " " + scale.group(1), start + scale.end()
        return value, start + math.end()
    return line, start + len(line)


SCALE_WORD = re.compile(r"(?i)\s*(" + SCALE_WORDS + r")\b")

SENTENCE_END = re.compile(r"[.?](?:\s|$)|!(?:\s+(?![a-z])|$)|\n")  # '6! ways to ...' goes on: a factorial

REGION_GAP = re.compile(
    r"(?i)(?:[\s,;،、*]|\n[ \t]*(?:[0-9]{1,2}[.)]|[-*•])[ \t]|\b(?:"
    + OR_WORDS
    + "|"
    + AND_WORDS
    + "|"
    + LETTER_JOINS
    + r")\b|"
    + CJK_JOINS
    + ")*"
)
