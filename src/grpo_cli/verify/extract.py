r"""Where the final answer is in a completion.

Sources, in priority order (the first that yields a non-empty span wins, wherever it sits in the text):

1. the last complete `<answer>...</answer>`;
2. the last brace-matched `\boxed{...}` (or `\fbox{...}`, or `\boxed 5`);
3. the last `#### ...` line (GSM8K's own format);
4. the last "answer is ..." / "Final answer: ..." phrase (also in es, fr, de, it, pt, nl, ru, zh, ja);
5. flexible mode only, and only for a completion that finished (not cut off at the token limit): the last number
   in the text (gsm8k), or the last LaTeX region unless a number comes after it (math).

So `#### 72 ... took 3 steps` reads 72: the `####` line outranks later numbers. A final- or correct-answer statement
after the tag, box or `####` line is what the model finally committed to and wins over it; a second answer offered
with the statement (a hedge, a box per reading, a loop of two answers, a box after the tag that states another
value, two different `####` lines in a row) leaves none; a few-shot run-on is read up to the question the model
made up. Every scan here is linear in the text (regexes without nested quantifiers, one pass of brace matching), and completions longer than `MAX_SCAN`
characters are only searched in their last `MAX_SCAN` characters for sources 2-5, so a 1 MB completion costs a
few milliseconds.
"""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction

from grpo_cli.verify.numbers import NUMBER_RE, closing_words, english_words, words_number
from grpo_cli.verify.text import word_meaning

MAX_SCAN = 65_536
MAX_SPAN = 4_000

_OPEN, _CLOSE = "<answer>", "</answer>"
_BOX_TOKENS = re.compile(r"\\(?:boxed|fbox)(?![A-Za-z])[ \t]*(?P<brace>\{)?|\\[{}]|[{}]")
_BARE = re.compile(r"[^\s${}]{1,200}")
_HASHES = re.compile(r"####[ \t]*([^\n]*)")
# "answer is", "answer:", "Final answer:", "**Answer:**", "the final answer is: " ... and the same in the languages
# models switch to (es, fr, de, it, pt, nl, ru, zh, ja): "La respuesta es 42", "Réponse : 42", "答案是 42".
_PHRASE = re.compile(
    r"(?i)(?:\b(?:final\s+)?answer\b(?:[ \t]*\([^()\n]{0,60}\))?(?:\*\*)?[ \t]*(?:is\b[ \t]*:?|:|=|[—–](?=[ \t]*[-$0-9\\]))"
    r"|\brespuesta(?:\s+final)?\s+es\b|\br[ée]ponse(?:\s+finale)?\s+est\b|\bantwort\s+(?:ist|lautet)\b"
    r"|\brisposta(?:\s+finale)?\s+[èe]\b|\bresposta(?:\s+final)?\s+[ée]\b|\bantwoord\s+is\b"
    r"|\b(?:respuesta|r[ée]ponse|antwort|risposta|resposta|antwoord)(?:\s+final[e]?)?[ \t]*:"
    r"|ответ(?:[ \t]+[-—:])?[ \t]*:?|答案\s*(?:是|为|[:：])|答え\s*(?:は|[:：])|答\s*[:：]"
    # ko, hi, ar, id, vi, pl, tr, uk, sv/no/da: '정답: 25', '답은 25', 'उत्तर: 25', 'الإجابة: 25', 'Jawaban: 25', 'Đáp án: 25'
    r"|(?:정답|답)(?:\s*[:：]|은\s)|(?:उत्तर|الإجابة|الجواب|jawaban|c[âa]u\s+tr[ảa]\s+l[ờo]i|đáp\s+(?:án|số)|odpowied[źz]"
    r"|cevap|yan[ıi]t|відповідь|svar)(?:\s+(?:akhir|cu[ốo]i\s+c[ùu]ng|ko[ńn]cowa|final|النهائي|النهائية|अंतिम|son))?(?:\*\*)?[ \t]*[:：]"
    r"|(?m:^[ \t]*(?:\*\*)?final(?:\*\*)?[ \t]*:)"  # 'Final: 14''
    r"|(?m:^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?(?:final\s+)?answer(?:\*\*)?[ \t]*:?[ \t]*(?:\*\*)?[ \t]*\n\s*(?=[^\n]*[0-9$\\])))"  # '### Final Answer'
    r"(?:\*\*)?[ \t]*(?:\*\*)?[ \t]*(?::[ \t]*)?"  # 'La respuesta es: ...'
)
# 'or' and 'and' between two answers, in the languages models answer in (words of more than one letter; the one-letter
# ones, 'o', 'y', 'e', 'a', 'i', are read only between math regions and before an assignment, where no variable
# stands).
OR_WORDS = r"or|ou|oder|oppure|или|або|atau|ho[ặa]c|veya|ya\s+da|lub|albo|nebo|eller|ή|או|یا|أو|या|বা"
AND_WORDS = r"and|et|und|и|та|dan|v[àa]|ve|och|og|και|و|और|এবং"  # (not Dutch 'of' / 'en': English 'of', Spanish 'en')
_LETTER_JOINS = r"o|y|e|a|i|і"
_CJK_JOINS = r"或者?|和|及|또는|혹은|및|그리고|または|と"
# "or" / "and" between a value and the next assignment, also glued ('W(x)=1orW(x)=-1'): one assignment per root.
NEXT_ASSIGNMENT = re.compile(
    r"(?<=[)\]}0-9])\s*(?:\\text\s*\{\s*)?(?:\b(?:"
    + OR_WORDS
    + "|"
    + AND_WORDS
    + "|"
    + _LETTER_JOINS
    + r")\b|or|and|"
    + _CJK_JOINS
    + r")(?:\s*\})?\s*(?=[A-Za-z](?:_\{?\w+\}?|\([A-Za-z]\))?\s*=)"
)
# $$...$$, $...$ (an escaped \$ inside does not end it), \(...\), \[...\]
# (Inline math does not run across a blank line: '$2,000.' and a '$2 + 3 = 5$' two paragraphs on are no region.)
_MATH_SPAN = re.compile(
    r"\$\$(.+?)\$\$|(?<!\\)\$((?:[^$\\\n]|\\.|\n(?![ \t]*\n))+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S
)


def _bare(value: str) -> str:
    return re.sub(r"[\s$]", "", value)


def last_tag(text: str, open_tag: str = _OPEN, close_tag: str = _CLOSE) -> str | None:
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
    last = text.rfind(_OPEN, 0, text.rfind(_CLOSE))
    before = text.rfind(_CLOSE, 0, last) if last > 0 else -1
    if before < 0 or text[before + len(_CLOSE) : last].strip():
        return False
    first = text.rfind(_OPEN, 0, before)  # its content ends at its own close ('</answer>\n</answer>' repeats it)
    if first < 0:
        return False
    one, other = text[first + len(_OPEN) : text.find(_CLOSE, first)].strip(), (last_tag(text) or "").strip()
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


_LOOSE_GAP = re.compile(r"[^\n]{0,40}?(?:\band\b|,)[^\n]{0,20}")
_CORRECTION = re.compile(
    r"(?i)\b(?:but|not|no|wrong|instead|actually|correct(?:ed|ion)?|so|then|therefore|thus|hence|answer|is|was|get|got|"
    r"mistake|oops|wait|check|recheck|verify|again|however|hmm|final|finally|first|last|lastly|now|next|after|try)\b"
)


def _wordless(gap: str) -> bool:
    """No word of two or more letters apart from 'and' / 'or' and LaTeX commands: '++++++', ', \\quad', '\\text{ and }'."""
    return not re.search(r"[A-Za-z]{2,}", re.sub(r"\\[A-Za-z]+|\b(?:and|or)\b", " ", gap))


# 'x = \\boxed{3}', 'y = 3 - 5 = \\boxed{-2}': the unknown a box's value is assigned to
_ASSIGNS = re.compile(r"(?<![A-Za-z0-9\\])([A-Za-z])\s*=(?:[^=$\n]{0,30}=)?\s*(?:\$|\\\(|\\\[)?\s*$")
_RETRACTS = re.compile(
    r"(?i)\b(?:wrong|mistake|oops|wait|actually|instead|correct(?:ed|ion)?|recheck|however|but|not|no)\b"
)


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
_READINGS = re.compile(r"(?i)^[^.!?\n]*\b(?:if|otherwise|treating|assuming|considering|whereas|unless)\b[^.!?\n]*$")


_STATEMENT = re.compile(r"[^=\n.!?]{0,160}[0-9](?:[^=\n.!?]|\.(?=[0-9])){0,80}[.!]")  # one sentence, no working
_WORKING = re.compile(r"[÷×*/+]\s*\$?[0-9]")  # 'So she fills 144 ÷ 12 boxes.' is a step, not a statement
_BOLD_VALUE = re.compile(r"\*\*[^*\n]{0,40}[0-9][^*\n]{0,40}\*\*")
_REREADING = re.compile(
    r"(?i)\n\s*\n\W*(?:note\W*)?if\b[^\n]{0,200}?\b(?:meant|means|mean|interpret\w*|read(?:ing)?\s+(?:it\s+)?as|wording"
    r"|the\s+question|the\s+problem|refers?\s+to)\b[^\n]{0,200}?\bwould\b[^\n]{0,120}$"
)
_CONDITION = re.compile(
    r"(?i)\s*(?:[-*•]\s+|[0-9]{1,2}[.)]\s+)?(?:\*\*)?(?:if|when|assuming|under)\b"
)  # ('- If order matters: ...')


_OTHER_READING = re.compile(
    r"(?i)\s*[-*•]\s+(?:\*\*)?(?:including|excluding|counting|not\s+counting|with|without|otherwise|else|instead)\b"
)


def two_readings(text: str, found: list[tuple[int, int, str]] | None = None) -> bool:
    found = boxes(text) if found is None else found
    if len(found) < 2 or found[-2][2].strip() == found[-1][2].strip():
        return False
    if _READINGS.match(text[found[-2][1] : found[-1][0]]):
        return True
    # or a sentence each: 'If we read it as $(2^3)^2$, the answer is $\boxed{64}$. If we read it as ..., $\boxed{512}$.'
    starts = [
        max((m.end() for m in _SENTENCE_END.finditer(text, max(0, b[0] - 300), b[0])), default=0) for b in found[-2:]
    ]
    if starts[0] >= starts[1] or not _CONDITION.match(text, starts[0]):
        return False
    # the other reading in its own sentence, or in the next bullet: '- If you count only proper divisors: \boxed{8}
    # \n- Including 36 itself: \boxed{9}'
    return bool(_CONDITION.match(text, starts[1]) or _OTHER_READING.match(text, starts[1]))


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
        if not (_BOX_GAP.fullmatch(text, box[1], run[0][0]) or reference and _wordless(text[box[1] : run[0][0]])):
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
    for found in _HASHES.finditer(text):  # noqa: B007 - the last one
        pass
    return (found.group(1), found.end(1)) if found else None


def _two_hashes(text: str) -> bool:
    """'#### 24\n#### 42': the last two lines state two answers, one after the other (none is committed to); not a
    loop cut inside its last line ('#### 320\n#### 3')."""
    lines = list(_HASHES.finditer(text[-400:]))
    if len(lines) < 2 or text[-400:][lines[-2].end() : lines[-1].start()].strip():
        return False
    said, last = lines[-2].group(1).strip(), lines[-1].group(1).strip()
    return last != said and not said.startswith(last)


def _repeated_hashes(text: str, cut: str) -> tuple[str, str] | None:
    """A cut-off loop of '#### 320' lines ending in '#### 3': the line before, which was written whole."""
    lines = [m.group(1).strip() for m in _HASHES.finditer(text[-2000:])]
    if len(lines) >= 3 and lines[-2] == lines[-3] and lines[-2] != cut.strip() and lines[-2].startswith(cut.strip()):
        return lines[-2], "hashes"
    return None


# A '$' that does not stand before a number: some '$' in the line delimits math, so none is read as a currency sign.
_NOT_CURRENCY = re.compile(r"\$(?!\s?[0-9])")


# Every answer phrase holds one of these words: the phrase regex (an alternation Python tries at every position)
# only scans from just before the first of them, and not at all in a text without one.
# ('答' also starts 答案 and 答え.)
_PHRASE_WORDS = ("answer", "respuesta", "réponse", "reponse", "antwort", "risposta", "resposta", "antwoord", "ответ",
                 "答", "답", "उत्तर", "الإجابة", "الجواب", "jawaban", "câu", "cau", "đáp", "odpowied", "cevap", "yanıt",
                 "yanit", "відповідь", "svar", "final")  # fmt: skip


MAX_HITS = 256


def phrase_matches(text: str, start: int = 0) -> list[re.Match]:
    """Every answer phrase in text[start:], in order. The phrase regex is an alternation of some forty forms that
    Python would try at every position of the text; every form holds one of `_PHRASE_WORDS` and starts at most 40
    characters before it, at the start of a line or of a word. So the regex is only tried there: a few `str.find`
    calls, and a handful of anchored matches per word found."""
    lower = text.lower()
    hits = []
    for word in _PHRASE_WORDS:
        i = lower.find(word, start)
        while i >= 0:
            hits.append(i)
            i = lower.find(word, i + 1)
    found: dict[int, re.Match] = {}
    for i in sorted(set(hits))[-MAX_HITS:]:  # the last ones: the last phrase is what callers want
        line = text.rfind("\n", 0, i) + 1
        for s in range(max(start, line, i - 40), i + 1):
            if s in (line, i) or text[s - 1] in " \t*#>(":
                m = _PHRASE.match(text, s)
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
        found = _phrase_value(text, last.end())
        # 'The answer is: 26. ... Your answer is \boxed{}.' reads 26; 'The answer is enclosed within <answer> tags'
        # says where an answer goes, not what it is
        if not _EMPTY.fullmatch(found[0]) and not _META.match(found[0]) and not _ASKED.match(found[0]):
            return found
    return None


# 'So the answer is 45? Hmm wait, ...' asks; 'the answer is probably 56, but ...' does not commit.
_ASKED = re.compile(r"[^.!?\n]{0,40}\?|\s*(?:probably|maybe|perhaps|possibly|likely)\b", re.I)
_META = re.compile(
    r"(?i)\s*(?:the\s+correct\s+answer\s+to\b|enclosed|given|written|provided|shown|stated|placed|put|boxed|as\s+follows|below"
    r"|above|within|inside"
    r"|in\s+(?:the\s+)?(?:box|tags?|<answer>))\b"
)


MAX_PHRASES = 16  # empty phrases skipped at most, from the last: each costs a slice of up to MAX_SPAN characters
# What an answer phrase that states nothing holds: an empty box, punctuation, a lone '$'.
_EMPTY = re.compile(r"(?:\\(?:boxed|fbox)\s*\{\s*\}|\\[()\[\]]|[\s$.,;:!?*()\[\]{}])*")


def _phrase_value(text: str, start: int) -> tuple[str, int]:
    """(span, end index) of what an answer phrase ending at `start` states: its line, or the $...$ block that
    starts it."""
    rest = text[start : start + MAX_SPAN]
    line = rest.split("\n", 1)[0]
    if not line.strip() and (after := rest.lstrip(" \t")).startswith("\n") and after.strip():
        skipped = len(rest) - len(after.lstrip())  # 'The final answer is:\n10 + 16 = 26': the value on the next line
        following = rest[skipped:].split("\n", 1)[0]  # (all of it: '$\\frac{57}{160}$ = 1.0001.' states 1.0001)
        return following, start + skipped + len(following)
    if line.count("$") >= 2 and not _NOT_CURRENCY.search(line):  # '$2.08 + $3.60 = $6.88.': dollars, not math
        return line.replace("$", ""), start + len(line)
    math = _MATH_SPAN.match(rest)
    if math:
        end = math.end()  # '$x<-1$ or $x>4$', '$1$ and $2$': the regions that follow it across separators too
        while (gap := _REGION_GAP.match(rest, end)) and (more := _MATH_SPAN.match(rest, gap.end())) and gap.end() > end:
            end = more.end()
        if end > math.end():
            return rest[:end], start + end
        value = next(g for g in math.groups() if g is not None)
        if value.rstrip().endswith("="):  # '$x =$ **3 1/2**': the value follows the region
            return line, start + len(line)
        scale = _SCALE_WORD.match(rest, end)  # '$\$2.4$ million'
        if scale:
            return value + " " + scale.group(1), start + scale.end()
        return value, start + math.end()
    return line, start + len(line)


# Scale words and abbreviations that multiply the number before them ('$2.4 billion', '3 dozen', '$2.4M', '$50k',
# '$3 bn'; a letter glued to the number only: '5 m' is five metres). One vocabulary for the last-number span, the
# phrase reader and gsm8k's number reader.
SCALE_WORDS = (
    r"thousand|million|billion|trillion|dozens?|lakhs?|crores?|लाख|करोड़|ngh[ìi]n|ng[àa]n|tri[ệe]u|t[ỷy]|ribu|juta|miliar"
    r"|mil|millones|milliers?|millions|milliards?|tausend|millionen|milliarden|mila|milioni|miliardi|milh[õo]es|bilh[õo]es"
    r"|тысяч[аи]?|миллион(?:а|ов)?|миллиард(?:а|ов)?"
)
SCALE_ABBREVIATIONS = r"\s*(?:bn|mn)\b|(?-i:[MKBk])\b"
_SCALE_WORD = re.compile(r"(?i)\s*(" + SCALE_WORDS + r")\b")


def last_number_span(text: str) -> str | None:
    """The number a text ends on: its last number, unless that sits in a detail trailing the concluding sentence
    ('So, there are 4 stalls with 8 cows.' is 4; see `concluding`)."""
    numbers = list(NUMBER_RE.finditer(text))
    words = _WORDS_CONCLUSION.search(text, max(numbers[-1].end() if numbers else 0, len(text) - 300))
    said = words and (
        words.group(1)
        or words.group(3)
        or next((g for g in (words.group(2), words.group(5)) if g and not _WORDS_DETAIL.search(g)), None)
    )
    if said and words.group(4) and english_words(said) is not None:
        said = None  # English 'also' ('She also has two cats.') concludes nothing; German 'also' ('so') does
    if said and (bold := re.search(r"\*\*([^*\n]{1,60})\*\*", said)) and words_number(bold.group(1)) is not None:
        said = bold.group(1)  # 'So after filling the four bags, Sam is left with exactly **one dozen** cookies'
    if said and (value := words_number(said)) is not None and value.value != 1:
        return said  # '5 x 9 = 45 oranges. So Jo has thirty-five oranges.' concludes thirty-five
    closing = _closing_words(text, numbers[-1].end() if numbers else 0)
    if closing is not None:
        return closing  # '... used 18, leaving **three and a half dozen** eggs.', '7 ÷ 2 pizzas, which is three and a half'
    found = concluding(text, numbers)
    if found is None:
        return None
    sentence = max(
        (m.end() for m in _SENTENCE_END.finditer(text, max(0, found.start() - 300), found.start())), default=0
    )
    spans = list(_BOLD.finditer(text, sentence))
    bold = [m for m in spans if NUMBER_RE.search(m.group(1))]
    nothing = [m for m in spans if m.group(1).strip().lower() in ("none", "nothing", "zero")]
    if not bold and len(nothing) == 1:
        return "0"  # 'She has **none** left — all 36 cookies were eaten.'
    if len(bold) == 1 and not bold[0].start() <= found.start() < bold[0].end():
        # 'Ana vai juntar **R$ 420** em 12 semanas.': the bold value is what the sentence states
        found = next(n for n in numbers if bold[0].start() <= n.start() < bold[0].end())
    if _RANGE_BEFORE.search(text, max(0, found.start() - 40), found.start()):
        return None  # a range or a hedge is no single answer
    if _EITHER.search(text, sentence, found.end()):
        return None  # 'either 10 or 11 vans — 10 if ..., 11 otherwise'
    if _RATIO.match(text, found.end()) or _RATIO_BEFORE.search(text, max(0, found.start() - 12), found.start()):
        return None  # '1:44:2', a ratio or a time of day: no single number
    if _HEDGED.search(text, found.end()):
        return None  # "You'd need **12 buses** — or 13 if you want to leave room for the teachers."
    before = _NUMBER_BEFORE.search(text, max(0, found.start() - 40), found.start())
    if before is None and re.fullmatch(r"[0-9]{3}", found.group(0)):
        before = _GROUPS_BEFORE.search(text, max(0, found.start() - 40), found.start())
    after = _NUMBER_AFTER.match(text, found.end())
    return text[before.start() if before else found.start() : after.end() if after else found.end()]


_CLOSING_TAIL = re.compile(r"[^.!?\n0-9*]{0,60}?[.!?]?\s*")
_DETAIL_BEFORE = re.compile(
    r"(?i)\b(?:with|to|for|among|between|by|from|into|in|on|at|per|of)\s+(?:the\s+|his\s+|her\s+|their\s+|its\s+)?$"
)


def _closing_words(text: str, start: int) -> str | None:
    """Number words the last sentence ends on, after the last digit of the text (`numbers.closing_words`): in bold
    ('Dividing the wall area by her daily rate (525 ÷ 150), it takes her **three and a half days**.') or in the
    sentence of that digit ('Each family gets 7 ÷ 2 pizzas, which is three and a half pizzas.'); not a detail ('with
    **two** friends')."""
    end = symbols_end(text, len(text))
    bold = None
    for bold in _BOLD.finditer(text, max(start, end - 300), end):  # noqa: B007 - the last one
        pass
    if bold is not None and _CLOSING_TAIL.fullmatch(text, bold.end(), end):
        if _DETAIL_BEFORE.search(text, max(0, bold.start() - 30), bold.start()):
            return None
        if bold.group(1).strip().lower() in ("none", "nothing"):
            return "0"  # 'She has **none** left — all 36 cookies were eaten.'
        return bold.group(1) if words_number(bold.group(1)) is not None else None
    tail = text[start:end].rstrip(" .!*")
    tail = tail if start else tail.lstrip()  # no digit: a text after '</think>' opens with its blank line
    if not tail or len(tail) > 200 or _SENTENCE_END.search(tail) or not re.search(r"[^\W\d_]", tail):
        return None
    return closing_words(tail)


# A last sentence that concludes in number words after the working's digits: 'So Jo has thirty-five oranges.'
# ... or says so in another language: 'es decir, tres horas y media', 'arbeitet Sara also acht Stunden pro Tag'
# (German 'also' is 'so'; it is read only before number words that are not English).
_CONCLUDES_ELSEWHERE = (
    r"es\s+decir|o\s+sea|por\s+lo\s+tanto|entonces|en\s+total|donc|alors|c'est-[àa]-dire|au\s+total|en\s+tout"
    r"|insgesamt|das\s+hei(?:ß|ss)t|daher|somit|quindi|cio[èe]|in\s+totale|portanto|ou\s+seja|ent[ãa]o|no\s+total"
)
_WORDS_CONCLUSION = re.compile(
    r"(?i)(?:[.!?]\s+|\n|,\s+(?=so\b|therefore\b|thus\b|hence\b))\s*(?:\*\*)?((?:so|therefore|thus|hence|in total|in all"
    r"|altogether|(?:that|this|which)\s+(?:leaves|makes|gives)|that(?:'s|\s+is))\b[^.!?\n0-9]{0,200})[.!?]?(?:\*\*)?\s*$"
    r"|\n[ \t]*\n?[ \t]*([^.!?\n0-9]{1,120})(?:\*\*)?[.!?]?(?:\*\*)?\s*$"  # or a last line of its own: 'The marathon lasts three and a half hours.'
    r"|(?:\b(?:gives|makes|equals|totals|leaves|gets|receives|comes\s+to|amounts\s+to|adds\s+up\s+to|left\s+with)\b|=|→|⇒)"
    r"\s+([^.!?\n0-9]{1,120})[.!?]?(?:\*\*)?\s*$"  # '... row of 7 gives forty-two chairs.'
    r"|\b(?:therefore|thus|hence|" + _CONCLUDES_ELSEWHERE + r"|(also))\b([^.!?\n0-9]{1,120})[.!?]?(?:\*\*)?\s*$"
)
# Number words in a detail ('He will share them with two friends.'): not a conclusion in words.
_WORDS_DETAIL = re.compile(
    r"(?i)\b(?:with|to|for|among|between|by|from|into|in|on|at|per)\s+(?:the\s+|his\s+|her\s+|their\s+|its\s+)?"
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty|sixty"
    r"|seventy|eighty|ninety|hundred|dozen)\b"
)
# The words after a number that make it negative: '3 degrees below zero', '5°C below zero', '15 meters below sea
# level' (gsm8k reads them too).
BELOW_ZERO = (
    r"\s*(?:°\s*[CF]?|degrees?(?:\s+(?:celsius|fahrenheit|[CF]))?|m|meters?|metres?|ft|feet|grados?|degr[ée]s?|grad|gradi"
    r"|graus?|градус(?:ов|а)?)?\s*(?:below\s+(?:zero|sea\s+level)\b|bajo\s+cero\b|sous\s+z[ée]ro\b|en\s+dessous\s+de\s+z[ée]ro\b"
    r"|unter\s+null\b|sotto\s+(?:lo\s+)?zero\b|abaixo\s+de\s+zero\b|мороза|ниже\s+нуля)"
)  # also '15 градусов мороза', '5 grados bajo cero'
# A depth: '6 meters below the surface' (gsm8k reads it as 6 and -6).
BELOW_SURFACE = r"\s*(?:m|meters?|metres?|ft|feet)?\s*(?:below|under)\s+(?:the\s+)?(?:surface|ground|water)\b"
# What belongs to the number a text ends on, read with it by the task's number reader: '3 3/4', '15/4',
# '7 dollars and 5 cents', '$2.4 billion', '25 percent' (also 0.25), '3 degrees below zero' (-3).
# Money in two units ('7 dollars and 5 cents', '13 zł i 50 groszy', '7 ευρώ και 20 λεπτά'): the gsm8k reader reads both.
MAIN_UNITS = r"dollars?|euros?|ευρώ|zł|złotych|złote|pesos?|reais|real|рубл(?:ь|я|ей)|€|\$"
SUB_UNITS = r"cents?|¢|groszy|grosze|grosz|λεπτά|centavos?|c[ée]ntimos?|centimes?|копе(?:ек|йки|йка)"
# Hours and minutes in the languages models answer in: '7 hours and 30 minutes', '1시간 15분', '2 Stunden 30 Minuten'.
HOUR_WORDS = (
    r"hours?|hrs?|h|horas?|heures?|stunden?|std|ore|ora|час(?:а|ов)?|小时|小時|時間|시간|jam|gi[ờo]|saat|godzin[ay]?|uur"
    r"|hodin[ay]?"
)
MINUTE_WORDS = r"minutes?|mins?|minutos?|minuten?|minuti|минут[аы]?|分钟?|분|menit|ph[úu]t|dakika|minut[ay]?"
UNIT_JOINS = r"and|i|και|y|et|und|e|и|dan|v[àa]|ve|en|a"  # '13 zł i 50 groszy', '1 jam 35 menit', '2 hodiny a 5 minut'
# A metric quantity is also its value in the neighbouring unit a question may have asked for (docs/verifiers.md,
# Conventions): '3 kg' is 3 and 3000 (grams), '1350 g' 1350 and 1.35 (kg), '2.5 km' 2.5 and 2500 (metres), '0.45 m'
# 0.45 and 45 (centimetres), '150,000 meters' also 150 (km), '2.45 L' also 2450 (mL): (unit words, factor).
METRIC_UNITS = (
    (r"km|kilomet(?:er|re)s?|kil[óo]metros?|kilom[èe]tres?", 1000),
    (r"kg|kilograms?|kilogramos?|kilogramm[e]?|kilogrammes?|килограмм(?:а|ов)?|кг", 1000),
    (r"l|liters?|litres?|litros?|liter", 1000),
    (r"ml|milliliters?|millilitres?|mililitros?|milliliter|мл", Fraction(1, 1000)),
    (r"g|grams?|gramos?|gramm|grammes?|грамм(?:а|ов)?", Fraction(1, 1000)),
    (r"cm|centimeters?|centimetres?|cent[íi]metros?|zentimeter", Fraction(1, 100)),
    (r"m|meters?|metres?|metros?|meter|m[èe]tres?|метр(?:а|ов)?", None),  # 100 (cm) below 1000 m, else 1/1000 (km)
)
METRIC_WORDS = "|".join(unit for unit, _ in METRIC_UNITS)
_NUMBER_BEFORE = re.compile(
    r"(?i)(?:(?<![0-9.,])[0-9]+\s+)?(?<![0-9.,])[0-9]+\s*/\s*$|(?<![0-9.,])[0-9]+\s*(?:"
    + MAIN_UNITS
    + r"|"
    + HOUR_WORDS
    + r")\s*"
    r"(?:(?:" + UNIT_JOINS + r")\s*)?$"
    r"|(?<![0-9.,])[0-9]+(?:\.[0-9]+)?\s*(?:[x×*·]|\\times|\\cdot)\s*10\s*\^\s*\{?$"  # 3 × 10^6
    r"|\b(?:loss|deficit|decrease|drop|decline)\s+of\s+\$?\s*$"  # a loss of $3
    r"|(?<![0-9])-\s*\\?\$\s*$"  # -$35
)
_GROUPS_BEFORE = re.compile(r"(?<![0-9.,])[0-9]{1,3}(?: [0-9]{3})* $")  # 12 500: a space between thousands groups
_NUMBER_AFTER = re.compile(
    r"(?i)\s*/\s*[0-9]+(?![0-9.])|\s*(?:"
    + SUB_UNITS
    + r"|"
    + MINUTE_WORDS
    + r")(?![A-Za-z])|\s*hours?\b|\s*(?:"
    + SCALE_WORDS
    + r")\b|"
    + SCALE_ABBREVIATIONS
    + r"|[eE][-+]?[0-9]{1,4}(?![0-9A-Za-z])"
    r"|\s?(?:\\?%|percent\b|per cent\b)|"
    + BELOW_ZERO
    + "|"
    + BELOW_SURFACE
    + r"|\s*(?:"
    + METRIC_WORDS
    + r")(?![\w/²³])(?!\s*(?:per|below|under|an?\s+hour)\b)"  # '0.45 meters', not '15 m below'
)
_RATIO = re.compile(r":[0-9]")
_RATIO_BEFORE = re.compile(r"[0-9]:$")
_EITHER = re.compile(r"(?i)\beither\s+\$?[0-9][0-9,.]*\s+(?:[a-z]+\s+)?or\s+\$?[0-9]")
_RANGE_BEFORE = re.compile(
    r"(?i)(?<=[0-9])(?:-|–|\s–\s)$|\b(?:between|entre|zwischen|tra|tussen|между|от)\s+\$?[0-9][0-9,.]*\s+"
    r"(?:and|y|et|und|e|en|и|до)\s+\$?$|(?<![0-9.,])\$?[0-9][0-9,.]*\s+(?:" + OR_WORDS + r"|o)\s+\$?$"
    r"|\b(?:about|around|roughly|approximately|some)\s+\$?[0-9][0-9,.]*\s+to\s+\$?$"  # 'about 9 to 10 shelves'
    r"|(?<![0-9.,])[0-9][0-9,.]*\s*[^\s0-9]{0,2}\s*(?:か|或者?|または|또는)\s*$"  # '12個か13個'
)  # '3-4 days', 'between 9 and 10', 'either 14 or 15 buses': a range or a hedge


_SENTENCE_END = re.compile(r"[.?](?:\s|$)|!(?:\s+(?![a-z])|$)|\n")  # '6! ways to ...' goes on: a factorial
_MATH_CLOSE = re.compile(r"\$(?!\s?[0-9])|\\[)\]]")  # a '$' before a number is a currency sign
# A detail that trails a concluding sentence after its answer: 'there are 4 stalls | with 8 cows', '10 ways | to put
# 5 balls into two boxes', 'makes $18 every day at the market|, selling 9 eggs', 'walked 26 minutes | in 8 hours',
# 'will have $210 saved | by the end of week 3'.
_DETAIL = re.compile(
    r"(?i)(?:,\s*[a-z]+ing|\s(?:with|after|before|from|in|into|per"
    r"|for\s+(?:each|every)|to\s+(?!the\b)[a-z]{2,}"
    r"|(?:by|at)\s+the\s+(?:end|start|beginning)\s+of|at\s+(?=[0-9]{1,2}(?::[0-9]{2})?\s*(?:a\.?m\b|p\.?m\b|o'clock))))\b"
    r"|[,，]\s*比(?=\S)"  # '所以农夫最后有87只羊，比原来多了27只' (a comparison after the answer)
)
_LEFT = re.compile(r"(?i)\b(?:leaves|leaving|left|ends?\s+up)(?:\s+(?:her|him|them|us|me|you|it))?$")
# ... unless the tail states something itself ('3 packs with 12 pencils each, so he has 36', 'multiply 5 by 3 to get
# 15', 'in math and 90 in science'): then the last number stays the answer.
# A clause that says what the value means, restating it: the value is the one before it.
_MEANING = re.compile(
    r"(?i),\s*(?:meaning|which\s+means|i\.\s?e\.)\s"  # or compares it: ', which is less than her allowance of $20'
    r"|,\s*(?:which|that)\s+is\s+(?:[\w$.]+\s+){0,3}?(?:less|more|greater|fewer|smaller|larger|bigger|higher|lower)\s+than\b"
)
_RESTATES = re.compile(
    r"(?i)(?:[=:;]|,(?!\s*[a-z]+ing\b)|\b(?:is|are|was|were|be|equals?|(?<!the\s)totals?|so|then|which|that|and|or|but|gets?|got|gives?|gave|"
    r"makes?|made|leaves?|left|ha[sd]|have|find|finds|yields?|results?|answer|(?:ends?|ended)\s+up"
    r"|becomes?|became)\b)"
    r"\s*(?:[A-Za-z']+\s+){0,3}?\$?-?[0-9]"  # ... with a number of its own (', which is the number of ways to' has none)
)


_VALUE_REGION = re.compile(r"\$\s*-?[0-9][0-9,.]*(?:\s*(?:\\times|\\cdot|×)\s*10\^\{?-?[0-9]+\}?)?\s*\$")


def concluding(text: str, numbers: list[re.Match]) -> re.Match | None:
    """Of `numbers` (matches in `text`, in order), the one the text concludes with: the last one, or, when the
    last sentence goes on past its first number into a trailing detail that holds the rest of its numbers and
    states nothing itself, the last number before that detail. Linear in the sentence."""
    if not numbers:
        return None
    last = numbers[-1]
    window = max(0, last.start() - 400)
    start = max((m.end() for m in _SENTENCE_END.finditer(text, window, last.start())), default=window)
    # the sentence's prose only: a number inside math before it is not the answer a detail trails (but a region that
    # only holds a value is prose: 'The factory makes $4.5 \times 10^{4}$ bolts in 30 days.')
    prose = _VALUE_REGION.sub(lambda m: " " + m.group(0)[1:-1] + " ", text[start : last.start()])
    start += max((m.end() for m in _MATH_CLOSE.finditer(prose)), default=0)
    first = next(m for m in numbers if m.start() >= start or m is last)
    if first is last:
        return last
    meaning = _MEANING.search(text, first.end(), last.end() + 60)
    if (
        meaning is not None and meaning.start() < last.start()
    ):  # 'is -$35, meaning his account is overdrawn by $35': the value before it
        return [m for m in numbers if start <= m.start() and m.end() <= meaning.start()][-1]
    detail = _DETAIL.search(text, first.end(), last.end() + 8)  # (past the number: 'at 10 a.m.' looks at it)
    while detail is not None and detail.group(0).strip().lower() == "with" and _LEFT.search(text, 0, detail.start()):
        detail = _DETAIL.search(text, detail.end(), last.end() + 8)  # 'which leaves her with 14 of them' restates
    if detail is None or detail.start() >= last.start() or _RESTATES.search(text, detail.start() + 1, last.end()):
        return last
    before = [m for m in numbers if start <= m.start() and m.end() <= detail.start()]
    return before[-1] if before else last


# A plain value in prose: 12, -3, 1,000, 2.5, 3/4, 75%, 6!, 4.5E-4, and a power '3^4' as one value (never its base
# alone).
_PLAIN_VALUE = re.compile(
    r"(?<![0-9A-Za-z)\].,])-?(?:[0-9]{1,3}(?: [0-9]{3})+(?![0-9]|[./][0-9])"  # '5 050': a space between thousands groups
    r"|(?:[0-9]+ (?=[0-9]+/[0-9]))?[0-9](?:[0-9]|,(?=[0-9]))*(?:\.[0-9]+)?)"  # '3 1/2' is one value
    r"(?:\s*/\s*[0-9]+(?:\.[0-9]+)?|\^\{?-?[0-9]+\}?|[eE][-+]?[0-9]{1,4}"
    r"|\s*(?:[×*·]|\\times|\\cdot)\s*10\s*\^\s*\{?-?[0-9]+\}?)?"  # '1.2·10^5' is one value
    r"(?::[0-9]+)*(?:\s?%|!(?!=))?(?![0-9])"  # '1:2', a ratio
)
_REGION_GAP = re.compile(
    r"(?i)(?:[\s,;،、*]|\n[ \t]*(?:[0-9]{1,2}[.)]|[-*•])[ \t]|\b(?:"
    + OR_WORDS
    + "|"
    + AND_WORDS
    + "|"
    + _LETTER_JOINS
    + r")\b|"
    + _CJK_JOINS
    + ")*"
)


def last_math_span(text: str) -> str | None:
    """Flexible mode, math task: the last $...$ / \\(...\\) / \\[...\\] region (joined with the regions before it
    in the same sentence when only 'and' / 'or' / commas stand between them), unless a plain number comes after it;
    a completion that is only a short answer ('1/2', '$x=5$') is itself the answer."""
    stripped = text.strip()
    if re.fullmatch(r"[A-Za-z]{2,20}", stripped):
        return stripped  # a completion that is one word: 'CIRCLE'
    words = re.sub(r"\\[A-Za-z]+", " ", _MATH_SPAN.sub(" ", NEXT_ASSIGNMENT.sub(", ", stripped)))
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
        roots = _closing_roots(_MATH_SPAN.sub(" ", stripped) if regions else stripped)
        if roots is not None:
            return roots  # 'So x = 5 or x = -2.', '$(2x-1)(x+3)=0$, so x = -3, x = 0.5'
        if not regions and stripped.count("=") >= 2 and not re.search(r"(?i)[<>≤≥,;]|or|and", stripped):
            return stripped.rsplit("=", 1)[1].strip().rstrip(".")  # a chain 'A = B = C' states C
        spans = list(_MATH_SPAN.finditer(stripped))
        gaps = [_REGION_GAP.fullmatch(stripped, a.end(), b.start()) for a, b in zip(spans, spans[1:], strict=False)]
        if not all(gaps):
            if gaps[
                -1
            ]:  # '... = 0$, so $x = 5$ or $x = -2$': the last regions, joined as the general reader joins them
                return _joined_regions(text, [r for r in _MATH_SPAN.finditer(text)])
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
    if not any(m.end() > last for m in _MATH_SPAN.finditer(stripped, max(0, len(stripped) - 300))):
        words = _closing_words(stripped, last)  # '**36 has nine positive divisors.**'
        if words is not None and (value := words_number(words)) is not None:
            return value.canonical()
    # a region that only names the unknown ('... is 12, and no smaller one works since squares grow with $n$.') is
    # not a value
    regions = [r for r in _MATH_SPAN.finditer(text) if not re.fullmatch(r"\s*[A-Za-z]\s*", _region_text(r))]
    plain = [
        m
        for m in _PLAIN_VALUE.finditer(text)
        if not text[max(0, m.start() - 2) : m.start()].endswith(("^", "^{", "_", "_{"))  # not an exponent (m^{2})
    ]
    number = concluding(text, plain)
    if not regions or (number is not None and number.start() >= regions[-1].end()):
        return number.group(0) if number is not None else None
    return _joined_regions(text, regions)


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
        if not _REGION_GAP.fullmatch(gap):
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


# The Japanese and Korean copulas a sentence ends on after its value ('答えは 12 です。', '정답은 25입니다').
_CJK_FINAL_COPULAS = r"です|でした|である|だ|となります|になります|입니다|이다|예요|이에요"
# A value's sentence end: such a copula and a full stop (math_task strips it from an answer too).
CJK_ENDING = re.compile(r"\s*(?:" + _CJK_FINAL_COPULAS + r")?\s*[。.]?\s*$")
# What may follow a closing value: a full stop, a Japanese or Korean copula ('解は **x = 4, x = −½** です。').
_AFTER_CLOSING = re.compile(r"[\s.!。！]*(?:" + _CJK_FINAL_COPULAS + r")?[\s.!。！]*")


def _closing_bold(text: str) -> str | None:
    """The values a text closes on in bold, with no math of their own: '**4.5 × 10^{2}**', 'The curves meet at
    **(2, 4)** and **(−1, 1)**.' (joined as a list, the way `last_math_span` joins regions). A chat writes its answer
    in bold as a LaTeX writer puts it in $...$. None when the text goes on after its last bold, or a bold part holds
    words (a unit: '**42 square units**' is the number reader's)."""
    end = symbols_end(text, len(text))
    spans = list(_BOLD.finditer(text, max(0, end - 300), end))
    if not spans or not _AFTER_CLOSING.fullmatch(text, spans[-1].end(), end):
        return None
    parts = [spans[-1]]
    for earlier in reversed(spans[:-1]):
        if not _REGION_GAP.fullmatch(text, earlier.end(), parts[0].start()):
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


_EXCLUDING = re.compile(r"(?i)\s*,?\s*(?:with|but|where|except|excluding|and)\s*")
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


NO_SOLUTION = r"\bno\s+(?:real\s+)?solutions?\b"
# 'no solution' / 'the empty set' in the languages models switch to
NO_SOLUTION_ELSEWHERE = (
    r"(?:aucune|pas\s+de)\s+solutions?(?:\s+r[ée]elles?)?|(?:l')?ensemble\s+vide"
    r"|(?:ninguna|no\s+hay|sin)\s+soluci[óo]n(?:\s+real)?|(?:el\s+)?conjunto\s+vac[íi]o"
    r"|keine\s+(?:reellen?\s+)?L[öo]sung(?:en)?|(?:die\s+)?leere\s+Menge|nessuna\s+soluzione(?:\s+reale)?|insieme\s+vuoto"
    r"|nenhuma\s+solu[çc][ãa]o(?:\s+real)?|(?:o\s+)?conjunto\s+vazio|нет\s+(?:действительных\s+)?решений|решений\s+нет"
    r"|пустое\s+множество|无(?:实数)?解|没有(?:实数)?解|空集|解なし|解は(?:存在し)?ない|空集合|공집합|해(?:는|가)\s*(?:\*\*)?\s*없"
)
_NO_SOLUTION = re.compile(r"(?i)" + NO_SOLUTION + "|" + NO_SOLUTION_ELSEWHERE)
_COPULA = re.compile(r"(?i)\b(?:is|are|was|were|be|belongs\s+to)\b")  # '... belongs to Evelyn.'
# 'is' in the languages models answer in, the words every reader of a copula shares (each adds its own)
COPULAS_ELSEWHERE = r"es|est|ist|è|é|será|sera|sarà"
_COPULA_ELSEWHERE = re.compile(
    r"(?i)\b(?:" + COPULAS_ELSEWHERE + r"|sind|son|sont|são|равен|равна|равно|равны|это|є|jest|je|vaut|vale|beträgt)\b"
)
# What names the kind of value before it: 'The result is the vector (2, 12).'
_KIND = re.compile(
    r"(?i)^(?:the\s+|an?\s+)?(?:ordered\s+)?(?:vector|point|pair|matrix|interval|set|triple|number|value|(?:answer\s+)?option"
    r"|(?:answer\s+)?choice|alternative)\s+"
)
# A function's parity, as MATH asks it ('Thus $f$ is an odd function.')
_PARITY = re.compile(r"(?i)^(?:an?\s+)?(odd|even|neither)(?:\s+function)?$")
_EQUALS = re.compile(r"(?<![<>!=])=(?!=)")
_LONG_WORD = re.compile(r"(?i)\b(?!(?:" + OR_WORDS + "|" + AND_WORDS + r")\b)[a-z]{3,}")
_NAMED_SET = re.compile(r"(?i)(?:all|every|the set of all)\s+real\s+numbers?|all\s+reals|the\s+empty\s+set|none")
# 'all real numbers' in the languages models switch to (fr, es, pt, it, de)
ALL_REALS_ELSEWHERE = (
    r"tous\s+les\s+(?:nombres\s+)?r[ée]els|todos\s+los\s+(?:n[úu]meros\s+)?reales|todos\s+os\s+(?:n[úu]meros\s+)?reais"
    r"|tutti\s+i\s+(?:numeri\s+)?reali|alle\s+reellen\s+zahlen|все\s+(?:действительные|вещественные)\s+числа|全体实数|所有实数"
    r"|すべての実数|ℝ|wszystkie\s+liczby\s+rzeczywiste|tüm\s+reel\s+sayılar|semua\s+bilangan\s+real|alle\s+re[ëe]le\s+getallen"
)
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


_EXCEPT = re.compile(r"(?i)\b(?:except|but|other\s+than|besides|excluding|apart\s+from)\b")
_YES_NO = re.compile(r"(?:\*\*)?(Yes|No)\b(?:\*\*)?\s*[—–,.:;!-]")  # a last paragraph that opens with its verdict
_VERDICT_ELSEWHERE = re.compile(r"\*\*([^\W\d_]{1,8})(?:\*\*\s*[—–,.:;!]|[.!,]\*\*)")  # '**Sim**,', '**Não.**'
_BOLD_VERDICT = re.compile(
    r"(?i)(?:^|\b(?:so|thus|therefore|hence)\s*,?\s*|^[^\n]{0,120}[$0-9a-z],\s*|[.!]\s+)\*\*(yes|no)\*\*(?:[\s,.!—–-]|$)"
)  # 'So **no**, 221 is ...', 'Since $221 = 13 \times 17$, **no**, 221 is not prime.'
_BOLD = re.compile(r"\*\*([^*\n]{1,40})\*\*")
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
_COPULA_ANY = re.compile(
    r"(?i)\b(?:is|are|was|be|falls\s+on|" + COPULAS_ELSEWHERE + r"|wird|war|fue|era|cae|tombe|fällt|cai|это|будет)\b"
)
# A bold name that opens the last sentence and is its subject: '**Carla** is the fastest runner!', 'So **Bob** has the
# higher average.', '**Alice** wins.'
_BOLD_SUBJECT = re.compile(
    r"(?:[^\w\s*]+\s*)?(?i:(?:so|thus|therefore|hence|clearly|overall),?\s+)?"  # ('🏃 **Alice** ran faster.')
    r"\*\*(?!(?:Answer|Note|Step|Final|Total|Solution|Check|Yes|No)\*)([A-Z][a-z]{1,15})\*\*\s+"
    r"(?:is|was|has|had|wins|won|will\s+win|gets|got|scores?|scored|finishe[sd]|comes|came|ran|runs|reads|read|saves|saved)\b"
)
_DIGIT = re.compile(r"[0-9]")
_NAME_COMPARED = re.compile(
    r"(?:^|,\s*|\b(?:so|thus|therefore|hence)\s+)([A-Z][a-z]{1,15})\s+(?:ran|runs|is|was|has|had|wins|won|scored|reads|read"
    r"|saved|earned|got|gets)\s+(?:the\s+)?(?:[a-z]+er|more|less|most|least|farther|further|best|worst|fastest|longest"
    r"|highest|largest|biggest)\b[^0-9$]{0,40}$"
)
_NOT_NAMES = frozenset(
    ("She", "He", "It", "They", "This", "That", "There", "The", "We", "You", "Which", "What", "Each")
)
_NEGATED = re.compile(r"(?i)\b(?:neither|nor|not|isn't|ni|weder|nicht|né|nem)\b")
_CJK_COPULA = r"(?:是|为|為|は|が|等于|等於)"
_CJK_NAME = re.compile(_CJK_COPULA + r"\s*(?:\*\*)?([A-Z][a-z]{1,15})(?:\*\*)?\s*(?:です)?\s*[。.!！]?\s*$")
_OPTION_BOLD = re.compile(r"(?i)\*\*(?:option|choice)\s*:?\s*\(?([A-E])\)?(?:\s*\([^()]{0,40}\))?\*\*\s*[.!]?\s*$")
_CHOSEN = re.compile(r"(?:选|選|答案为|答案是)\s*\(?([A-E])\)?\s*[。.]?\s*$")  # '故选 C。'
# The reason that follows a verdict word in its sentence: 'is **even**, since ...'
_BECAUSE = re.compile(
    r"(?i)\s*[,:;—–-]?\s*(?:since|because|as|for|da|weil|denn|car|puisque|parce\s+que|porque|pois|perch[ée]|poich[ée]"
    r"|так\s+как|потому\s+что|ponieważ|bo|çünkü|zira|omdat|want)\b"
)
_DAYS_PARITY = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "odd", "even")


_ALL_BUT = re.compile(
    r"(?i)\ball\s+real(?:\s+numbers?)?\s*(?:\$?\s*[a-z]\s*\$?\s*)?(?:,\s*)?(?:(?:with|such\s+that|where|but)\s*\$?\s*"
    r"[a-z]\s*(?:\\neq?(?![A-Za-z])|≠)|except\s*\$?\s*(?:[a-z]\s*=)?)\s*(\\pm|±)?\s*(-?[0-9]+(?:[./][0-9]+)?)\s*\$?\s*[.!]?\s*$"
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
    start = max((m.end() for m in _SENTENCE_END.finditer(body, max(0, len(body) - 300))), default=0)
    sentence = body[start:]
    if len(sentence) > 200:
        return None
    if _NO_SOLUTION.search(sentence) or re.search(r"(?:\bis|=|:)\s*\\?\{\s*\\?\}\s*(?:\*\*)?$", sentence):
        return "no solution"  # also 'So the solution set is { }.'
    relation = _relation_in_words(sentence)
    if relation is not None:
        return relation
    plain_sentence = sentence.replace("**", "")
    if holes := _ALL_BUT_TWO.search(plain_sentence):
        p, q = sorted(holes.groups(), key=lambda v: Fraction(v))  # 'all real numbers except x = 2 and x = −2'
        return f"(-\\infty,{p})\\cup({p},{q})\\cup({q},\\infty)" if p != q else None
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
        len(bolds := _BOLD.findall(sentence)) == 1
        and (meaning := word_meaning(bolds[0])) in _DAYS_PARITY
        and (copula := _COPULA_ANY.search(sentence, 0, sentence.index("**")))
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
    prose = _MATH_SPAN.sub(lambda m: " " * len(m.group(0)), sentence)  # an 'is' inside math is not the copula
    bold = _BOLD.fullmatch(sentence.strip())
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


# A statement of the final answer that comes after the box or #### line: what the model finally commits to.
_FINAL = re.compile(
    r"(?i)\b(?:final|correct|actual|right|true)\s+(answer|count|total|number|value|result|sum)\b"
    r"|\bthe\s+answer(?=\s+(?:should|must)\s+be\b)"  # 'Hmm, I think the answer should be (D).'
    r"|(?m:^[ \t]*(?:\*\*)?final(?=(?:\*\*)?[ \t]*:))"  # '#### 28 ... Actually, let me recount: ...\nFinal: 32'
    r"|\bactually\b[^\n]{0,200}?\b(?:so\s+)?the\s+(?:total|answer|count)(?=\s+(?:is|would\s+be)\b)"  # 'actually, ... (so) the total is 28'
)
_STATES = re.compile(r"(?i)(?:\*\*)?[ \t]*(?:(?:is|should\s+be|must\s+be|would\s+be|will\s+be)\b[ \t]*:?|:|=)[ \t]*")


_OPTION_ONLY = re.compile(r"\s*\(?[A-E]\)?[.!]?\s*")


def _final_phrase_after(text: str, pos: int) -> tuple[str, int] | None:
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
        found = _phrase_value(text, states.end())  # 'The correct count is 11.', 'the final answer should be 720°'
    if found is None or "\\boxed" in found[0]:
        return None
    if not re.search(r"[0-9]|\$", found[0]) and not _OPTION_ONLY.fullmatch(found[0]):
        return None
    return found


# A paragraph after the answer that takes it back and states another value in bold: '$\boxed{3}$\n\nActually, 2
# tables seat 12 and the other 2 guests can squeeze in, so **2 tables** is enough.'
_REVISION = re.compile(
    r"(?i)\n[ \t]*\n[ \t]*(?:actually|on\s+second\s+thought|correction|wait)\b[^\n*]{0,300}\*\*([^*\n]{0,30}[0-9][^*\n]{0,30})\*\*"
    r"[^\n*0-9]{0,60}$"
)


# ... or that takes it back in a sentence of its own: '#### 42\n\nOops, 42 is Lisa's count. Ken has 14 books.'
_RETRACTION = re.compile(
    r"(?i)\n[ \t]*\n[ \t]*(?:oops|whoops|my\s+mistake|sorry|correction)\b[^\n]{0,300}?[.!]\s+(?P<said>[^\n.!?]{0,120}[0-9]"
    r"(?:[^\n.!?]|\.(?=[0-9])){0,60}[.!]?)\s*$"
)


def _revised_after(text: str, pos: int) -> tuple[str, int] | None:
    """The value of a last paragraph that revises the answer stated before `pos`: its bold value (`_REVISION`), or
    the number its last sentence ends on (`_RETRACTION`)."""
    found = _REVISION.search(text, pos)
    if found:
        return found.group(1), found.end(1)
    found = _RETRACTION.search(text, pos)
    if found and not _WORKING.search(found.group("said")) and (span := last_number_span(found.group("said"))):
        return span, found.end("said")
    return None


def _later_phrase(text: str, pos: int) -> tuple[str, int] | None:
    """An answer phrase after the last box that states a number: '... and $\\boxed{12}$ edges. ... **The answer is
    18.**' (the box held a step)."""
    found = phrase_span(text[pos:])
    if found is None or "\\boxed" in found[0] or "\\fbox" in found[0]:
        return None
    if not re.search(r"[0-9]", found[0]) and not _OPTION_ONLY.fullmatch(found[0]):
        return None  # a number, or an option letter ('Hmm, I think the answer should be (D).')
    return found[0], pos + found[1]


# An aside at the end of the last sentence, with words in it: '27 more stickers to fill the album (it holds 60 and she
# already has 33).', 'The center is $(3, -2)$ (and the radius is $4$).' Not one that offers another answer ('(or 26
# if ...)', '(if ..., that would be 700)') and not a value in brackets ('is (1, 2).'). Or the sum that gave the value:
# 'She is left with 14 pens (18 - 4).'
_NOT_ANOTHER_ANSWER = r"(?!\s*(?:or|alternatively|maybe|if|unless)\b)(?![^()]{0,300}\bwould\b)"  # after an aside's '('
_ASIDE_END = re.compile(
    r"\s+\("
    + _NOT_ANOTHER_ANSWER
    + r"(?:(?=[^()]{0,300}[A-Za-z]{2,})[^()]{0,300}|[0-9.,]+(?:\s*[-+×*/÷x]\s*[0-9.,]+)+)\)"
    r"\s*[.!]?\s*$"
)
# An aside in words at the end of an answer tag, that offers no other answer: '18 (6 on top, 6 on bottom, 6 vertical)'.
_TAG_ASIDE = re.compile(
    r"(?i)\s+\((?!\s*(?:"
    + OR_WORDS
    + r"|o|but)\b)"
    + _NOT_ANOTHER_ANSWER
    + r"(?=[^()]{0,200}[A-Za-z]{2,})[^()]{0,200}\)\s*$"
)
# A clause after the value that does something else with it: 'Thus $f(3) = 11$, which uses nothing more than
# substituting $x = 3$ into $3x + 2$.' (not ', which is 11').
_WHICH = (
    r",\s*which\s+(?!is\b|are\b|equals?\b|gives?\b|makes?\b|simplifies\b|means\b|comes\b|works\b|leaves\b"
    r"|brings\b|totals?\b|adds\b)[a-z]+\b"
)
_DECIMAL_POINT = r"(?<=[0-9])\.(?=[0-9])"
# Two readings of '$', one pattern each (a pattern that tried both at every '$' would backtrack exponentially): math
# delimiters where some '$' does not stand before a number, else currency signs (', which at $12.50 per week is
# about 4 more weeks').
_WHICH_CLAUSE = re.compile(
    _WHICH + r"(?:[^.!?\n$]|" + _DECIMAL_POINT + r")*(?:\$[^$\n]*\$(?:[^.!?\n$]|" + _DECIMAL_POINT + r")*)*[.!]?\s*$"
)
_WHICH_CLAUSE_MONEY = re.compile(_WHICH + r"(?:[^.!?\n$]|\$(?=\s?[0-9])|" + _DECIMAL_POINT + r")*[.!]?\s*$")


def _trailing_aside(text: str) -> str:
    which = _WHICH_CLAUSE if _NOT_CURRENCY.search(text, max(0, len(text) - 400)) else _WHICH_CLAUSE_MONEY
    for pattern in (_ASIDE_END, which):
        found = pattern.search(text, max(0, len(text) - 400))
        if found is not None:
            start = max((m.end() for m in _SENTENCE_END.finditer(text, max(0, found.start() - 300), found.start())),
                        default=max(0, found.start() - 300))  # fmt: skip
            if re.search(r"[0-9]|\*\*", text[start : found.start()]):  # a value stands before it in its sentence
                text = text[: found.start()] + "."
    return text


# An aside that gives the answer under another assumption: '(If an 8% tax applies, she would pay $77.76 instead.)'
# Or a more likely value offered beside it: '\boxed{9} days (realistically 9–10 days, since ...)'.
_MAYBE_ASIDE = r"\(\s*(?:realistically|in\s+practice|practically|more\s+likely|probably|perhaps|maybe|possibly)\b[^()\n]{0,40}?[0-9]"
# (also '(aunque, si también contamos las 4, le quedarían 20)')
_IF_ASIDE = (
    r"\((?:[^()\n]{0,20}?\b)?(?:if|unless|assuming|si|wenn|falls|se)\b[^()\n]{0,200}?\b(?:would|instead|quedar[íi]an?"
    r"|ser[íi]an?|tendr[íi]an?|w[üu]rden?|h[äa]tten?|sarebbe(?:ro)?|avrebbe(?:ro)?|seriam?|teriam?|serai(?:en)?t|aurai(?:en)?t)"
    r"\b[^()\n]{0,100}?[0-9]"
)
# A second answer offered in or right after the statement: 'the answer is 24, but 36 is also possible', 'x = 2, or
# possibly x = 3', '$\boxed{7}$ but $6$ is also plausible', 'is $72. (If an 8% tax applies, she would pay $77.76
# instead.)'.
_HEDGED = re.compile(
    r"(?i)\bor\s+(?:possibly|perhaps|maybe)\b|\b(?:but|or|although|though)\b[^.\n]{0,60}?\b(?:also|might|may|could)\b"
    r"[^.\n]{0,20}?\b(?:plausible|possible|correct|valid|right|work|be\s+the\s+answer)\b"
    r"|"
    + _IF_ASIDE
    + r"|"
    + _MAYBE_ASIDE
    + r"|\b(?:or|ou|oder|o|oppure|или)\s+(?:(?:just|only|maybe|perhaps|possibly)\s+)?(?:\*\*)?\$?-?[0-9][0-9,.]*\$?(?:\*\*)?\s*(?:[€$£¥%]\s*)?(?:[a-z]+\s+){0,3}?"
    r"(?:if|si|se|wenn|falls|если)\b"  # '— or **84** if', '(or $8$ if', 'ou 54 € si'
)


def _hedged_after(text: str, pos: int) -> bool:
    """A hedge in what follows `pos` on its line (at most 160 characters)."""
    line_end = text.find("\n", pos, pos + 160)
    return _HEDGED.search(text, pos, pos + 160 if line_end < 0 else line_end) is not None


# A second answer offered right after the stated one: '<answer>26</answer> (Or 24, if ...)', '\boxed{7} or maybe 8'.
_ALTERNATIVE = re.compile(
    r"(?i)[\s$.*]*\(?\s*(?:or(?!\s+(?:equivalently|in\s+other\s+words|simply|written|as|about|approximately|roughly)\b)"
    r"|alternatively|otherwise|maybe|(?:though|although|but)\s+if)\b[^.\n]{0,80}?[0-9]"
    r"|[\s$.*]*\(\s*(?:assuming|if|provided)\b[^()\n]{0,120}?\b(?:otherwise|else)\b[^()\n]{0,40}?[0-9]"  # '(assuming ...; otherwise 60)'
    r"|[\s$.*]*(?:" + _IF_ASIDE + "|" + _MAYBE_ASIDE + ")"
)


def _oscillates(text: str) -> bool:
    """The last answer phrases (at most 6, in the last 2,000 characters) state two or more different values each
    at least twice: a loop between candidates."""
    start = max(0, len(text) - 2000)
    window = text[start:].lower()
    if sum(window.count(word) for word in _PHRASE_WORDS) < 4:  # a loop needs two values stated twice each
        return False
    values = []  # 'Final Answer: The final answer is $28\\%$' states 28\\% twice: one value
    for m in phrase_matches(text, start):
        value = re.split(r"[.;!?]\s|\n", _phrase_value(text, m.end())[0], maxsplit=1)[0]
        inner = None
        for inner in _PHRASE.finditer(value):  # noqa: B007 - the last one
            pass
        values.append((value[inner.end() :] if inner else value).replace("$", "").strip().rstrip("."))
    values = values[-6:]
    counts: dict[str, int] = {}
    for v in values:
        if v:
            counts[v] = counts.get(v, 0) + 1
    return sum(c >= 2 for c in counts.values()) >= 2


# A section after the answer that shows how it was reached: '### Breakdown', '**Details:**'.
_BREAKDOWN = re.compile(
    r"(?i)(?:\*\*)?(?:breakdown|details?|explanation|working|calculations?|step[- ]by[- ]step|how\s+(?:we|i)\s+got\s+"
    r"(?:there|this|it)|d[ée]tails?|desglose|aufschl[üu]sselung|rechnung)\b"
)
# A complete last sentence that concludes, in a paragraph of its own: 'Therefore, John spends 40 hours per week.'
_CONCLUSION = re.compile(
    r"\n[ \t]*\n[ \t]*(?:\*\*)?(?i:so|therefore|thus|hence|in\s+total|altogether)\b,?(?:[^.!?\n]|\.(?=[0-9])){0,160}?[0-9]"
    r"(?:[^.!?\n]|\.(?=[0-9])){0,160}[.!](?:\*\*)?\s*$"
)


def _echoes(before: str, paragraph: str) -> bool:
    """`paragraph` mostly repeats the words of the paragraph before it: a loop, not a conclusion."""
    words = set(re.findall(r"\w+", paragraph.lower()))
    prev = set(re.findall(r"\w+", before.rstrip()[before.rstrip().rfind("\n") + 1 :].lower()))
    return len(words & prev) > 0.6 * len(words | prev)


def _stated_before_check(text: str) -> str | None:
    """A cut-off text whose last paragraph is a check or a remark and whose paragraph before it is a complete
    statement of a bold value: the text up to that statement."""
    last = text.rstrip().rfind("\n\n")
    tail = _unmarked(text[last + 2 :])
    if last < 0 or not (_CHECK.match(text, last + 1) or _TRAILER.match(tail) or _BREAKDOWN.match(tail)):
        return None
    before = text[:last].rstrip()
    statement = before[before.rfind("\n") + 1 :]
    return before if _BOLD_VALUE.search(statement) and statement.rstrip("*").endswith((".", "!")) else None


def _looped(text: str) -> str | None:
    """A cut-off text that repeats its last complete line (at least twice) and is cut inside the next repeat: the
    text up to that line, which was written whole."""
    lines = text.rstrip().split("\n")[-4:]
    if len(lines) < 3:
        return None
    last, prev = lines[-1].strip(), lines[-2].strip()
    if not last or not prev or prev == last or not prev.startswith(last) or lines[-3].strip() != prev:
        return None
    if text.rfind("<think>") > text.rfind("</think>"):
        return None  # still thinking: nothing concluded
    concluding = re.split(r"[.!?]\s", prev.rstrip(".!? "))[-1]
    if not NUMBER_RE.search(concluding):
        return None  # 'Hmm, let me double check the number of packs.' repeated: no value concluded
    if re.match(r"(?i)(?:\*\*)?(?:step|schritt|paso|étape|шаг)\s*[0-9]", prev):
        return None  # 'Step 3: 14 × 3 = 42' repeated: a step of the working, not a conclusion
    return text.rstrip()[: -len(lines[-1])].rstrip()


_SEGMENT = re.compile(r"(?<=[.!?])[ \t]+|\n+")
_CONCLUDES = re.compile(r"(?i)\W*(?:so|therefore|thus|hence|in\s+total|altogether|the\s+(?:total|answer|result)\b)")


def _looped_sentence(text: str) -> str | None:
    """A cut-off text that repeats a complete concluding sentence (at least twice, on one line or in paragraphs of
    their own) and is cut inside the next repeat: 'So the total is 42 + 8 = 50. So the total is 42 + 8 = 50. So the
    total is 42 +'. The text up to the last complete repeat."""
    segments = [part.strip() for part in _SEGMENT.split(text[-1500:].rstrip())]
    segments = [part for part in segments if part]
    if len(segments) < 3 or text.rfind("<think>") > text.rfind("</think>"):
        return None
    cut, last, before = segments[-1], segments[-2], segments[-3]
    if last != before or last == cut or not last.startswith(cut) or not last.endswith((".", "!")):
        return None
    if not _CONCLUDES.match(last) or not NUMBER_RE.search(last):
        return None  # 'Let me check 12 again.' repeated concludes nothing
    return text.rstrip()[: -len(cut)].rstrip()


def _repeated(text: str, cut: str) -> tuple[str, str] | None:
    """A cut-off text that repeats its answer ('The answer is 56.' three times, then 'The answer is 5' at the limit):
    the previous statement, when it is complete and the cut one is the start of it."""
    start = text.rstrip().rfind(cut.strip())
    earlier = phrase_span(text[: max(0, start - 1)]) if start > 0 else None
    if earlier is None:
        return None
    said = earlier[0].strip().rstrip(".")
    if not cut.strip() or not said.startswith(cut.strip()) or not _complete(earlier[0], earlier[1], text, False):
        return None
    return earlier[0], "phrase"


def _unclosed_box(text: str) -> str | None:
    """The content of a box a finished text ends in without closing it, when that content is whole: '$\\boxed{
    \\frac{1}{3}$' holds \\frac{1}{3} (a model that stopped on its own wrote its answer; only the brace is missing).
    None for a box that closes, or whose content is itself cut ('\\boxed{\\frac{1}{3')."""
    start = max(text.rfind("\\boxed{"), text.rfind("\\fbox{"))
    if start < 0:
        return None
    content = text[text.index("{", start) + 1 :]
    depth = 0
    for c in content:
        depth += (c == "{") - (c == "}")
        if depth < 0:
            return None  # the box closes
    content = content.strip().rstrip(".").rstrip("$").strip()
    content = re.sub(r"\\[)\]]$", "", content).strip()
    if depth != 0 or not content or len(content) > 100 or "\n" in content:
        return None
    return content


def _open_braces(span: str) -> int:
    """How many `{` a span leaves open (escaped braces aside)."""
    plain = span.replace("\\{", "").replace("\\}", "")
    return plain.count("{") - plain.count("}")


def _complete(span: str, span_end: int, text: str, finished: bool) -> bool:
    """A cut-off completion's last line may be cut inside its number ('The answer is 18' could have gone on to
    '180'): a span that runs to the very end of a truncated text is not trusted, unless its first sentence ended
    before the cut ('The answer is 12. The answer is' repeated until the limit states 12)."""
    if finished or span_end < len(text.rstrip()):
        return True
    if re.search(r"\\(?:boxed|fbox)\s*\{(?![^{}]*\})", span):
        return False  # 'the final answer is \boxed{30.' was cut inside the box: 30.5 or 30.75 or ...
    return text.rstrip()[-1:] in ".!?)]}$" or _SENTENCE_END.search(span) is not None or "." + "**" in span


def find_span(text: str, mode: str = "flexible", finished: bool = True, math: bool = False) -> tuple[str, str] | None:
    """`_find_span` on the text without what trails its answer (`_TRAILER`), or on the whole text when that states
    nothing."""
    if (
        isinstance(text, str)
        and "would" in text[-2000:]
        and _REREADING.search(
            region := _without_trailers(_without_sign_off(_own_problem(text)), scenarios=False),
            max(0, len(region) - 400),
        )
    ):
        return None  # '... **3/4** full.\n\nIf the problem instead meant ..., the answer would be 1/4.'
    if isinstance(text, str) and "\n\n" in text and (short := _without_trailers(text)) is not text:
        found = _find_span(short, mode, finished or len(short) < len(text.rstrip()), math)
        if found is not None:
            return found
    return _find_span(text, mode, finished, math)


_HASHES_DONE = re.compile(r"####[ \t]*[^\n]*[0-9][^\n]*\n\s*$")


def _find_span(text: str, mode: str = "flexible", finished: bool = True, math: bool = False) -> tuple[str, str] | None:
    """(span, source) of the final answer, or None. source is one of: answer_tag, boxed, hashes, phrase, last_math,
    last_number. `finished=False` (the completion was cut off at the token limit) disables the fallbacks: only an
    answer the completion states (tag, box, ####, phrase) counts. `math=True` (the math task) makes the flexible
    fallback the last LaTeX region (last_math_span) rather than the last number."""
    if not isinstance(text, str) or not text:
        return None
    own = _own_problem(text)
    line_done = _HASHES_DONE.search(text, max(0, len(text) - 200)) is not None  # '#### 12\n', then the limit
    ended = finished or len(own) < len(text)  # what comes after a cut-off run-on's own answer was written whole
    text = _without_sign_off(own)
    ended = ended or len(text) < len(own.rstrip())  # a cut-off chat that reached its sign-off wrote its answer whole
    thought = text.rfind("</think>")
    rest = text[thought + len("</think>") :].strip() if thought >= 0 else ""
    if rest and not (_CHECK.match("\n" + rest) and not _CONCLUDES_AGAIN.search(rest)):  # not only a check
        # The answer after the reasoning is the final one: '<think>... \boxed{13}? Wait, 18 - 4 = 14.</think> She has
        # **14** pens left.' Only when nothing after it states an answer is the reasoning read ('Final answer: 68.'
        # closed the thinking, then the text was cut at '<answer>6').
        after = _find_span(text[thought + len("</think>") :], mode, ended, math)
        if after is not None:
            return after
        first = rest.split("\n\n", 1)
        if (
            not ended
            and len(first) == 2
            and (_BOLD_VALUE.search(first[0]) or _STATEMENT.fullmatch(first[0]) and not _WORKING.search(first[0]))
            and not _RETRACTED.search(first[1])
        ):
            # cut off after the answer's paragraph: 'Jenna read **310 pages** in total.\n\nBreakdown: ... 40 × 4 = 1'
            return _find_span(first[0], mode, True, math)
    span = last_tag(text)
    if span is not None and not span.strip() and (filled := _EMPTY_AFTER_TAG.search(text)):
        text = text[: filled.start()]  # '<answer>63</answer><answer></answer>': the empty tag adds no value
        span = last_tag(text)
    if span is not None and span.strip():
        closed = text.rfind(_CLOSE) + len(_CLOSE)
        if _ALTERNATIVE.match(text, closed) or two_tags(text):
            return None  # '<answer>26</answer> (Or 24, if the first day ...)': a second answer offered
        if (later := boxes(text[closed:])) and _bare(later[-1][2]) != _bare(span):
            return None  # '<answer>42</answer>\n\n\boxed{21}': the text ends on another answer
        if math and (aside := _TAG_ASIDE.search(span)) and span[: aside.start()].strip():
            span = span[: aside.start()]  # '<answer>18 (6 on top, 6 on bottom, 6 vertical)</answer>' (gsm8k: its own)
        # '<answer>40</answer> Oh wait, ... the correct answer is 36', '... Wait — I reported angle B. ... So the answer
        # is 80°.'
        final = _final_phrase_after(text, closed) or _later_phrase(text, closed) or _revised_after(text, closed)
        if _HEDGED.search(final[0] if final else span):
            return None
        return (final[0], "phrase") if final else (span, "answer_tag")
    tail = text[-MAX_SCAN:]
    found_boxes = boxes(tail)  # one pass, shared by the readers below
    span = boxed_answer(tail, found=found_boxes)
    if span is not None and span.strip():
        last_box = max(tail.rfind("\\boxed"), tail.rfind("\\fbox"))
        box_end = found_boxes[-1][1]
        final = _final_phrase_after(tail, last_box) or _later_phrase(tail, box_end) or _revised_after(tail, box_end)
        if final is None and (
            _hedged_after(tail, box_end)
            or _ALTERNATIVE.match(tail, box_end)
            or two_readings(tail, found_boxes)
            or re.match(r"[\s$]*\?", tail[box_end : box_end + 8])  # '\boxed{4}? Hmm, wait': a question
        ):
            return None  # '$\boxed{7}$ but $6$ is also plausible', a box per reading: no answer committed to
        if final is None and not ended and _RETRACTED.search(tail, box_end):
            return (
                None  # '\\(\\boxed{16}\\).\n\nWait, that's not right. Let me recompute: the problem asks for' (cut off)
            )
        if final is None and (scale := _SCALE_WORD.match(tail, box_end + (tail[box_end : box_end + 1] == "$"))):
            return span + " " + scale.group(1), "boxed"  # 'The factory produces \\boxed{75} thousand widgets.'
        return (final[0], "phrase") if final else (span, "boxed")
    if ended and (unclosed := _unclosed_box(tail)) is not None:
        return unclosed, "boxed"  # '... which simplifies to $\\boxed{\\frac{1}{3}$' (the model stopped there)
    for source, reader in (("hashes", hashes_span), ("phrase", phrase_span)):  # the phrase only when no #### line
        found = reader(tail)
        if source == "hashes" and found is not None and _two_hashes(tail):
            return None
        if found is not None and found[0].strip():
            if _HEDGED.search(found[0]) or _hedged_after(tail, found[1]):
                return None  # 'the answer is 24, but 36 is also possible': no answer committed to
            final = _final_phrase_after(tail, found[1]) or _revised_after(tail, found[1])
            if final is None and source == "hashes":
                final = _later_phrase(tail, found[1])  # '#### 45\nThe answer is 54': what it finally says
            if final is not None:
                found, source = final, "phrase"  # '**Answer: 56** ... so the correct total is actually 54 chairs.'
            if source == "phrase" and (
                total := _TOTAL_LINE.search(tail, found[1]) or _TOTAL_SENTENCE.search(tail, found[1])
            ):
                # '**Quick answer: $48** ... - 4 × $12 = $46\n\n**Total cost: $46**', '## Answer: 62 km ... Adding the
                # two legs gives **72 km** in total.'
                found = total.group(1), total.end(1)
            if not _complete(found[0], found[1], tail, ended or source == "hashes" and line_done):
                return _repeated(tail, found[0]) if source == "phrase" else _repeated_hashes(tail, found[0])
            first = _SENTENCE_END.search(found[0])
            if not ended and (_RETRACTED.search(tail, found[1]) or first and _RETRACTED.search(found[0], first.end())):
                return None  # 'The answer is 30.\n\nWait, no — I misread the question; it asks for' (cut off)
            if source == "phrase" and _oscillates(tail):
                return None  # 'The answer is 18. The answer is 16. The answer is 18. ...': no answer committed to
            if ended and found[1] >= len(tail.rstrip()) and 0 < (open_ := _open_braces(found[0])) <= 2:
                return found[0].rstrip() + "}" * open_, source  # 'Final answer: \frac{3}{4' (the model stopped there)
            return found[0], source
    if not finished and mode == "flexible" and (stated := _stated_before_check(tail)) is not None:
        return _find_span(stated, mode, True, math)  # '**Ben has 36 marbles in total.**\n\n### Quick check ✅\n... 3 ×'
    if not finished and mode == "flexible":
        looped = _looped(tail) or _looped_sentence(tail)  # 'So Sara has 27 apples.' repeated, then cut in a repeat
        if looped is not None:
            tail, finished = looped, True
        elif (
            (said := _CONCLUSION.search(tail, max(0, len(tail) - 400)))
            and not _WORKING.search(said.group(0))
            and not _echoes(tail[: said.start()], said.group(0))
        ):
            finished = (
                True  # cut right after a concluding paragraph: '...\n\nTherefore, John spends 40 hours per week.'
            )
    if mode == "flexible" and finished and (total := _TABLE_TOTAL.search(tail, max(0, len(tail) - 400))):
        return total.group(1).strip(), "last_math" if math else "last_number"  # '| **Total** | **84** | 18 + 36 + 30 |'
    if (
        mode == "flexible"
        and finished
        and (
            _WOULD_ASIDE.search(tail := _without_note(tail), max(0, len(tail) - 400))
            or _OTHER_VALUE.search(tail, max(0, len(tail) - 300))
        )
    ):
        return None  # '**8 hours 30 minutes.** (... if your teacher asks for working time — that would give 8 hours.)'
    if mode == "flexible" and finished and not _DECLINED.search(tail[-200:]):
        cut = max(0, len(tail) - 1000)  # what trails the value is short: the end is all that is looked at
        tail = _trailing_aside(tail[:cut] + _AFTER_VALUE.sub("", tail[cut:], count=1))
        tail = _without_enumeration(tail)
        span = last_math_span(tail) if math else last_number_span(tail)
        if span is not None:
            return span, "last_math" if math else "last_number"
    return None


# A last line in bold that states a total after the answer phrase: the final commitment (the phrase was a summary
# given first: '**Quick answer: $48**', then a breakdown).
_TOTAL_LINE = re.compile(
    r"(?i)\n[ \t]*\*\*(?:total|grand\s+total|final\s+total|overall\s+total)\b[^*\n:]{0,30}:\s*([^*\n]{1,40}?)\s*\*\*[^\n0-9]*\s*$"
)
# A last paragraph of one sentence that states a bold total after the answer phrase: '## Answer: 62 km ... Adding
# the two legs gives **72 km** in total.' (the heading was a summary given first).
_TOTAL_SENTENCE = re.compile(
    r"(?i)\n[ \t]*\n(?=[^\n]{0,160}\b(?:in\s+total|total|altogether|in\s+all|overall)\b)[^\n*]{0,120}"
    r"\*\*([^*\n]{0,30}[0-9][^*\n]{0,30})\*\*[^\n*0-9]{0,60}$"
)
# The values a bold count enumerates after a colon: '60 has **a dozen** positive divisors: 1, 2, 3, ..., 60.'
_ENUMERATION = re.compile(r":\s*(?:-?[0-9][0-9./]*\s*,\s*){2,}(?:and\s+)?-?[0-9][0-9./]*\s*\.?\s*$")


def _without_enumeration(text: str) -> str:
    """The text without a list its last line enumerates after a bold count (the count is the answer)."""
    found = _ENUMERATION.search(text, max(0, len(text) - 400))
    if found is None or "**" not in text[text.rfind("\n", 0, found.start()) + 1 : found.start()]:
        return text
    return text[: found.start()].rstrip() + "."


_EMPTY_AFTER_TAG = re.compile(r"(?<=</answer>)\s*<answer>\s*</answer>\s*$")
# A cut-off text that takes back what it stated and was cut before saying what instead.
_RETRACTED = re.compile(
    r"(?i)\b(?:wait|actually|oops|hold\s+on|mistake|misread|misunderstood|error|wrong|reconsider|re-?read)\b"
    r"(?![,.]?\s*let\s+me\s+(?:double[- ]?)?(?:check|verify)\b(?![^\n]{0,80}\b(?:wrong|mistake|error)\b))"  # 'Wait, let me double-check'
    r"|\bno\s*[,—–-]"
)


# A table that ends on its total row: the total is the answer.
_TABLE_TOTAL = re.compile(
    r"(?i)\n[ \t]*\|[ \t]*(?:\*\*)?(?:total|sum|answer|result|final|overall|grand\s+total|gesamt|总计|合计|合計)(?:\*\*)?[ \t]*\|"
    r"(?:[ \t]*\|)*[ \t]*(?:\*\*)?[ \t]*([^|*\n]*[0-9][^|*\n]*?)[ \t]*(?:\*\*)?[ \t]*\|[^\n]*\s*$"
)


# A few-shot run-on: after answering, the model writes the next "Question:" of the prompt's pattern and answers that.
# A chat transcript continued the same way: 'Human:' / 'User:' then 'Assistant:'.
_NEXT_QUESTION = re.compile(
    r"\n[ \t]*(?:\*\*)?(?:(?:Follow[- ]up|Next|New)\s+(?:question|problem)|Question|Problem|Q|Exercise|Human|User)[ \t]*[0-9]*"
    r"[ \t]*(?:\*\*)?[ \t]*[:.]"
)
_NEXT_ANSWER = re.compile(r"\n[ \t]*(?:\*\*)?(?:Answer|Solution|A|Assistant)[ \t]*(?:\*\*)?[ \t]*:")


# A chat template's end-of-turn token, left in when special tokens were not skipped in decoding (ChatML, Llama 3,
# Gemma, DeepSeek, GPT-2, SentencePiece): the answer ended there, and whatever follows is another turn.
_END_OF_TURN = re.compile(
    r"<\|(?:im_end|eot_id|endoftext|end_of_text|end|im_start)\|>|</s>|<end_of_turn>|<eos>|<｜end▁of▁sentence｜>"
)


_PROMPT_ECHO = re.compile(r"(?i)\n[^\n]*\benclosed\s+within\s+<think>\s*</think>\s+and\s+<answer>\s*</answer>\s+tags\b")


def _own_problem(text: str) -> str:
    """The text up to a new "Question:" / "Q:" line that follows a stated answer (#### line, box, tag or phrase)
    or some working, when an "Answer:" / "A:" follows it: what comes after it answers a problem the model made up
    (a few-shot prompt's pattern, continued), not this one; or the text up to an end-of-turn token."""
    if "<" in text and (end := _END_OF_TURN.search(text)) is not None and text[: end.start()].strip():
        text = text[: end.start()].rstrip()
    if "<" in text and (echo := _PROMPT_ECHO.search(text)) is not None and text[: echo.start()].strip():
        text = text[
            : echo.start()
        ].rstrip()  # the R1-Zero prompt's own sentence, echoed: '... <answer> answer here </answer>.'
    found = _NEXT_QUESTION.search(text)
    if found is None:
        return text
    head = text[: found.start()]
    if _HASHES.search(head) or "\\boxed" in head or _CLOSE in head or phrase_span(head) is not None:
        return head  # (an answer tag too: '<answer>24</answer>\n\nQuestion: ... <answer>31</answer>')
    if NUMBER_RE.search(head) and _NEXT_ANSWER.search(text, found.end()):
        return head
    return text


# A completion that ends on an empty statement ('The final answer is \boxed{}.') stated no answer: the numbers of
# its working are not read in its place.
_DECLINED = re.compile(r"(?i)(?:\\(?:boxed|fbox)\s*\{\s*\}|<answer>\s*</answer>|\banswer\s*(?:is\b\s*:?|:))[\s.$*]*$")
# What follows the value a text ends on without being an answer (the fallbacks drop it): where an extremum is
# attained ('the minimum value is 3, attained at x = 1.') and an aside that restates the value in another form
# ('the probability is 1/2 (equivalently 0.5, or 50%).'). A number must stand before it in its sentence.
_AFTER_VALUE = re.compile(
    r"(?i)(?<=[0-9$πi}*])(?:,?\s*(?:(?:which\s+is\s+|that\s+is\s+)?(?:attained|achieved|reached|obtained|occurring|"
    r"which\s+occurs|that\s+occurs)\s+)?(?:at|when|where)\s+\$?[a-z]\s*=\s*-?[0-9]+(?:[./][0-9]+)?\$?"
    r"|\s*\((?:equivalently|i\.\s?e\.,?|that\s+is,?|which\s+is|or\s+equivalently|approximately|about|≈|~|also|d\.\s?h\.|soit"
    r"|es\s+decir|cio[èe]|ou\s+seja|то\s+есть|即)[^()]*\))"
    r"\s*[.!]?\s*$"
    # '... in total. (She had $100, so ...)', but not '(If it runs on weekdays only, that would be 700.)'
    r"|(?<=[.!?])\s*\(" + _NOT_ANOTHER_ANSWER + r"[^()]{0,300}\)\s*$"
    # '**24.5 liters** — call it about 25 liters if you're rounding up': the exact value stands
    r"|(?<=[0-9*])[^.\n0-9]{0,30}?\s[—–]\s*(?:call\s+it|that'?s|or|so)?\s*(?:about|roughly|approximately|around|nearly|almost)\b"
    r"[^.\n]*[.!]?\s*$"
)
# An aside that gives another value under another reading: '(... — that would give 8 hours.)': no single answer.
_WOULD_ASIDE = re.compile(
    r"(?i)\([^()]{0,300}?\bwould\s+(?:be|give|make|get|cost|take|leave|mean)\b[^()]{0,80}?[0-9][^()]*\)\s*$"
)
# A last paragraph that offers another value under another reading: '(Or **4 boxes** if she's fine leaving 2 out!)'
_OTHER_VALUE = re.compile(
    r"(?i)\n\s*\n[ \t]*\(?[ \t]*(?:or|ou|oder|o|oppure|или)\b[^\n]{0,80}?[0-9][^\n]{0,80}?\b(?:if|si|se|wenn|falls|если)\b[^\n]*$"
)
# A note after the answer ('Note: if he had given away 2 more, he would have 15.') is not where the answer is, nor a
# remark on the kind of problem ('This is a classic example of a recursive formula where ... multiplied by 10.').
_NOTE = re.compile(
    r"\n\s*(?:(?:\*\*|\()?(?:note|n\.b\.|p\.s\.)\b|(?:this|that|it)\s+(?:problem\s+)?(?:is|was)\s+(?:a|an)\s+(?:[a-z]+\s+){0,2}"
    r"(?:example|application|illustration|instance)\s+of\b)[^\n]*$",
    re.I,
)


# A chat assistant's closing lines after its answer ('Hope this helps! 😊', 'Let me know if you'd like me to work
# through a similar problem with 5 friends!', '**Tip:** check step 2', a '---' rule): not where the answer is.
_SIGN_OFF = re.compile(
    r"(?i)(?:i\s+)?hope\s+(?:this|that|it|my)\b|let\s+me\s+know\b|feel\s+free\b|don'?t\s+hesitate\b"
    r"|if\s+you\s+have\s+(?:any\s+)?(?:other\s+|more\s+|further\s+)?questions?\b|is\s+there\s+anything\s+else\b"
    r"|anything\s+else\s+i\s+can\b|happy\s+(?:to\s+help|learning|studying|solving|calculating|math|baking|shopping)\b"
    r"|good\s+luck\b|keep\s+(?:up|practi[cs]ing)\b|great\s+(?:question|job|work)\b|you(?:'re|\s+are)\s+welcome\b"
    r"|(?:pro\s+)?tips?\s*:|(?:key\s+)?takeaways?\s*:|remember\s*:|want\s+(?:to\s+try|more|another)\b"
    r"|would\s+you\s+like\b|(?:do\s+)?you\s+want\s+me\s+to\b|want\s+(?:me\s+)?to\b|shall\s+i\b|بالتوفيق|bons\s+estudos\b|cheers\b|thanks?(?:\s+you)?\s+for\b"
    r"|if\s+you(?:'d|\s+would)\s+like\b|if\s+you\s+(?:want|need)\b"
    r"|espero\s+que\b|j'esp[èe]re\b|n'h[ée]sit(?:ez|e)\s+pas\b|ich\s+hoffe\b|spero\s+che\b|надеюсь\b"
    r"|se\s+vuoi\b|si\s+quieres\b|si\s+tu\s+veux\b|si\s+vous\s+(?:voulez|le\s+souhaitez)\b|wenn\s+(?:du|sie)\s+(?:magst|m[öo]chtest"
    r"|willst|m[öo]chten|wollen)\b|falls\s+du\b|se\s+quiser\b|qualquer\s+d[úu]vida\b|cualquier\s+duda\b|fammi\s+sapere\b"
    r"|av[íi]same\b|sag\s+bescheid\b|если\s+(?:хотите|нужно|надо|будут)\b|如果(?:你|您)?(?:需要|想|有)|如有|有问题|必要(?:なら|であれば)"
    r"|원하시면|궁금한|कुछ\s+पूछना|बताइए|إذا\s+(?:أردت|كان)|semoga\b|jika\s+(?:ada|anda)\b|n[ếe]u\s+b[ạa]n\b|daj\s+zna[ćc]\b"
    r"|quer\s+que\s+eu\b|besoin\s+d['’]autres\b|veux-tu\s+que\b|voulez-vous\s+que\b|quieres\s+que\b|soll\s+ich\b"
    r"|vuoi\s+che\b|хотите,?\s+(?:я|чтобы)\b|需要我|要不要我|umarım\b|als\s+je\b|hopelijk\b|还有(?:其他|别的)?问题|有(?:其他|别的)问题|他に(?:質問|ご質問)|다른\s*질문|lycka\s+till\b"
    r"|希望(?:这|這|对|對|能)|お役に立て|도움이\s*되"
)
_LEAD = " \t*_>#~-¡¿"  # markup and opening punctuation before a line's first word


def _decoration(line: str) -> bool:
    """A line of markup or emoji only: '---', '***', '😊🎉'."""
    core = line.strip()
    return bool(core) and all(c in "-*_=~!.· " or unicodedata.category(c) in ("So", "Sk", "Cf") for c in core)


def symbols_end(text: str, end: int) -> int:
    """The end of text[:end] without the emoji and check marks it closes on ('**x = 4** ✅', '25% 🪙', '👍🏽'); not
    the degree sign, which belongs to its number (sin 30°)."""
    while end > 0 and (
        text[end - 1] in " \t\n"
        or text[end - 1] > "\x7f"
        and text[end - 1] != "°"
        and unicodedata.category(text[end - 1]) in ("So", "Sk", "Mn", "Cf")
    ):
        end -= 1
    return end


def answer_region(text: str) -> str:
    """The part of a completion an answer is read from: up to a made-up next question or an end-of-turn token,
    without a chat's closing lines or the paragraphs that go beyond the problem."""
    return _without_trailers(_without_sign_off(_own_problem(text)))


def _unmarked(line: str) -> str:
    """A line without its leading markup, opening punctuation and emoji: '> 💡 **Tip:**' -> 'Tip:**'."""
    core = line.lstrip(_LEAD + "\n")
    return core.lstrip("".join(c for c in core[:3] if unicodedata.category(c) in ("So", "Sk", "Cf", "Mn")) + _LEAD)


_LINE_SENTENCE_END = re.compile(r"[.!?](?:\*\*)?(?=\s)")


def _without_sign_off(text: str) -> str:
    """The text without the closing lines of a chat answer (at most 6 lines, from the end)."""
    end = len(text)
    for _ in range(6):
        body = text[:end].rstrip()
        start = body.rfind("\n") + 1
        line = body[start:]
        core = _unmarked(line)
        closing = start > 0 and (_SIGN_OFF.match(core) or _decoration(line))
        if not closing or "\\boxed" in line or phrase_matches(line):  # a closing line that states the answer stays
            # or a closing sentence at the end of the answer's own line: '... pays **$35**. Want me to show ...?',
            # 'So there are forty-two chocolates in the box. I hope this helps!'
            ends = _LINE_SENTENCE_END.finditer(line, 0, max(0, len(line) - 2))  # ("**That's it!** Want me to ...?")
            last = max((m.end() for m in ends), default=0)
            if last > 0 and _SIGN_OFF.match(_unmarked(line[last:])):
                end = start + last
            break
        end = start
    end = symbols_end(text, end)  # '**Tom needs a dozen eggs.** 🥚🥚🥚', '**x = 4** ✅'
    return text[:end].rstrip() if end < len(text) else text


# A paragraph after the answer that goes beyond the problem: a generalisation ('In general, for n people ... \boxed{45}
# handshakes for 10 people'), another method, a contrast, a remark, an assumption, a note (en, de, fr, es, it, pt, ru,
# zh, ja, ar, ko). Its numbers and boxes are not the answer to this problem.
_TRAILER = re.compile(
    r"(?i)\(?(?:generali[sz]ation|generali[sz]ing|in\s+general|more\s+generally|alternative(?:ly|\s+(?:view|method|approach"
    r"|solution))?|another\s+(?:way|method|approach)|by\s+contrast|in\s+contrast|contrast|for\s+comparison|compare|remarks?"
    r"|side\s+note|aside|assumptions?|bonus|extension|fun\s+fact|why\s+(?:this|it)\s+works|intuition|caveat|insight"
    r"|edge\s+case|(?:more|further)\s+explanation|(?:a\s+)?(?:common|typical|frequent)\s+(?:mistakes?|errors?|pitfalls?|traps?)"
    r"|watch\s+out|be\s+careful|careful|warning|heads\s+up|fyi|for\s+(?:your\s+)?info(?:rmation)?|pour\s+info|attention"
    r"|one\s+thing\s+(?:worth\s+noting|to\s+note)|worth\s+noting|keep\s+in\s+mind|you\s+can\s+(?:check|verify|confirm)"
    r"|if\s+you(?:'re|\s+are)\s+(?:also\s+)?(?:curious|interested|wondering)|quick\s+check"
    r"|achtung|ojo|cuidado|erreur\s+fr[ée]quente|error\s+com[úu]n|h[äa]ufiger\s+fehler|bemerkung|anmerkung|hinweis|verallgemeinerung|zum\s+vergleich|remarque|g[ée]n[ée]ralisation|en\s+g[ée]n[ée]ral"
    r"|[àa]\s+noter|observaci[óo]n|generalizaci[óo]n|por\s+contraste|osservazione|generalizzazione|in\s+generale"
    r"|observa[çc][ãa]o|generaliza[çc][ãa]o|em\s+geral|примечание|замечание|обобщение|备注|推广|一般地|另解|補足|一般に|別解"
    r"|ملاحظة|참고|일반화"
    r"|this\s+is\s+the\s+(?:amount|number|total|result|value)\s+(?:you|we|he|she|they|that|which|of)\b)\b"
    r"|(?P<scenario>if\b[^\n]{0,200}?\b(?:instead|would)\b)"  # a second scenario: 'If you sent 300 texts instead, it would be $55.'
)


def _without_trailers(text: str, scenarios: bool = True) -> str:
    """The text without paragraphs after the answer that go beyond the problem (`_TRAILER`), check it or close a chat
    (`_SIGN_OFF`), at most 4, from the end. `scenarios=False` keeps a closing 'If ...' paragraph (to test it)."""
    end = len(text)
    for _ in range(4):
        body = text[:end].rstrip()
        start = body.rfind("\n\n") + 2
        core = _unmarked(body[start:])
        trailer = _TRAILER.match(core)
        if trailer and trailer.group("scenario") and (not scenarios or "\\boxed" in core):
            break  # 'If instead the roles differ, ... \\boxed{12} ways.': a box per reading, not a remark
        if start < 2 or not body[:start].strip():
            break
        closing = _SIGN_OFF.match(core) or not core.strip()
        check = (
            not (trailer or closing) and _CHECK.match("\n" + body[start:]) and not _CONCLUDES_AGAIN.search(body[start:])
        )
        if not (trailer or closing or check):
            break
        if closing and ("\\boxed" in core or phrase_matches(core)):
            break  # 'Great job working on this! 🎉 The answer is **x = 4**.' (a closing line that states the answer)
        end = start
    return text[:end].rstrip() if end < len(text) else text


# A check of the answer after it, that states nothing new ('Check: 14 + 4 = 18 ✓', 'Let me verify: ...'): its numbers
# are the check's, not the answer. A check that concludes again ('... So she has 13.') is kept.
_CHECK = re.compile(
    r"\n[ \t]*(?:[*_>#-]+[ \t]*)?(?:✅|✔️?|☑️?)?[ \t]*(?:\*\*)?(?:(?:quick\s+|sanity\s+|double[- ])?check(?:ing)?\b|verif(?:y|ication)\b"
    r"|let(?:'s|\s+me|\s+us)\s+(?:double[- ]?)?(?:check|verify)\b|to\s+(?:check|verify)\b|v[ée]rification\b|comprobaci[óo]n\b"
    r"|verificaci[óo]n\b|probe\b|überprüfung\b|verifica\b|验证|检验|検算|確認"
    r"|both\s+(?:roots\s+|solutions\s+|values\s+|answers\s+)?(?:check\s+out|work|satisfy)\b)",
    re.I,
)
_CONCLUDES_AGAIN = re.compile(
    r"(?i)\b(?:so|therefore|thus|hence)\b[^.\n]{0,80}?[0-9]|\b(?:answer|final|correct(?:ed|ion)|actually|wait|mistake)\b"
    r"|\n[ \t]*\n[ \t]*(?:\*\*)?(?:so|therefore|thus|hence|in\s+total|altogether)\b"  # a conclusion after it, in words too
)  # (not '..., so the calculation above is consistent.')


def _without_note(text: str) -> str:
    """The text without a trailing note or remark (`_NOTE`) and without a check of the answer (`_CHECK`) that
    concludes nothing itself."""
    check = None
    for check in _CHECK.finditer(text, max(0, len(text) - 1500)):  # noqa: B007 - the last one
        pass
    if check is not None and not _CONCLUDES_AGAIN.search(text, check.end()) and text[: check.start()].strip():
        text = text[: check.start()].rstrip()
    note = _NOTE.search(text, max(0, len(text) - 600))
    if note is None or not NUMBER_RE.search(text, 0, note.start()):
        return text
    return text[: note.start()]


def math_regions(span: str) -> list[str]:
    """The $...$ / \\(...\\) / \\[...\\] regions of a span, in order."""
    return [next(g for g in m.groups() if g is not None) for m in _MATH_SPAN.finditer(span)]
