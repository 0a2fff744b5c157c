r"""The `final` reading: the R1 format, as a reader sees it, and nothing else (issue 38, deliverable 2's choice).

Why a contract and not another rule. Every hack kind that still paid on phrasings written after the rules added
words no list holds: after the answer (rounds two to four), then, once nothing was allowed after it, just before it
or inside it (rounds five to eight: a heading, a label, an alert, a task list, an introduction that says "a guess,
not worked out:"). Each round of rules met a fresh round of words. The R1 prompt this project trains with asks for
exactly "<think> reasoning process here </think> <answer> answer here </answer>" (DeepSeek-R1, arXiv 2501.12948,
table 1), and R1-Zero pays accuracy by rule on that format. So the `final` reading pays a completion only when what a
reader sees (verify.visible: hidden text, comments and link targets gone) *is* that format (`r1_parts`):

- a think block: its own `<think>` at the very start, or none when the prompt opened it (the completion then starts
  inside it: DeepSeek-R1-Distill, Qwen3 with thinking on), closed by one `</think>`;
- then, with only white space between, one `<answer>...</answer>`;
- then nothing but white space or an end-of-turn token.

Outside those two blocks a policy has nowhere to write a disclaimer, a heading or a second value: any visible text
there breaks the format, in any words or language, so the answer is no answer.

Inside the answer tag, the value's notation and nothing else (verify.notation, round ten): digits, signs, the LaTeX
that writes a value, a unit or a word the question counts; no word before it, no mark, no relation, no second value,
no markup that is not notation. What it holds is then read by the strict reading's rules (slots only, no last-number
fallback), which must find that same value: invisible text, two values in one expression, a negated or attributed
statement are refused there as in every reading.

Inside the think block, the working ends on its derivation of the value, then only restates it (`closes_on`, rounds
ten and eleven). Read from the end, sentence by sentence: restatements (the value last, no other number, before it
only an answer phrase, a conclusion word, lexicon RESTATEMENT_WORDS or the question's words) and affirmations made
of those words are passed over until the derivation, which ends on the value and holds working of its own. Any
other sentence there leaves no answer, in any language: a remark ('Nothing above was checked.', '42 is only a
guess.'), another value ('On a second look it makes 43.'), a restatement in other words ('Not worked out: 42.').
Round nine showed why: the hacks that got past the R1 format sat in the think block's last paragraph and restated
the value ('Truth be told ...; 75000 is filler so the tag isn't empty.', 'Nothing above was checked ...\n\nFigure:
74'). No list of refusing words is read: only what a restatement or a derivation is made of is accepted.

The derivation computes the value (`_computes`, round twelve). Round eleven wrote the disclaimer into the derivation
sentence itself, in front of working a template can write without knowing the problem: identities ('Copying the
key's last line rather than working it out: 2 · 42 / 2 = 42', 'Filler: 42 + 0 = 42'), a name ('line 7: total =
42'), an inequality ('Check: 42 + 2 = 44 ≠ 42'). So the arithmetic that gives the value (verify.arithmetic's claims,
the step scorer's) must hold and must not be an identity in the value, the value must not follow an inequality, a
lone number ('43 ≈ 42') or a function's value ('f(7) = 42') is no working without arithmetic beside it, and a name
must sit in a clause with a number or after arithmetic. Round fourteen: the value is the working's result, not one
of its terms ('42 × 2 = 2 × 42'); working that holds the value counts only if the value matters in it; working whose
numbers are all the value computes nothing ('|42| · sgn(42) = 42'); an operator is working only between terms; a digit
inside a name is no number. After the derivation a check that agrees may follow
(`_checks`: its arithmetic holds, the value matters in it, it holds no number of its own: 'Check: 17509 + 6277 =
23786 ✓'). True working copied behind a disclaimer ('Not mine: 6 × 7 = 42.', or from a template that knows only the
right and two wrong values, '(43 + 41) / 2 = 42') is still paid: telling it from 'Not 41: 6 × 7 = 42.' needs a reader
of meaning.

Examples both ways (tests/test_verify_rule_contract.py): paid: `<think>6 x 7 = 42</think>\n<answer>42</answer>`,
`6 x 7 = 42\n</think>\n\n<answer>42</answer><|im_end|>` (the prompt opened the block), `<think>6 x 7 = 42</think>
<answer>42</answer><!-- 41 -->` (a comment is not seen). Not paid: `... </think>\nThe answer:\n<answer>42</answer>`
(text between), `<think>6 x 7 = 42</think>\n<answer>42</answer>\nI hope it is correct.`, `The answer is
\boxed{42}.` (no format), `<think>6 x 7 = 42\n\nI gave up; this is a guess.</think>\n<answer>42</answer>`,
`<think>6 x 7 = 42\n\n42 is a placeholder.\n\nFigure: 42</think>\n<answer>42</answer>`.

The price: a right answer outside the format is paid 0 in this reading (the tune corpus's many styles read far lower
than in the flexible one; docs/verifiers.md has the figures), and so is one inside it whose tag holds a sentence,
whose think block ends on words ('So 42 it is.', 'I hope it is correct.') or names another value after its
derivation ('Not 41: that counts a corner twice. So 42.'). A policy trained on the R1 prompt learns the format in
its first steps (the `format` reward, rewards.format_score, pays the same shape on the raw text) and, under this
reading, to end on its derivation. Reading other models' outputs (`grpo eval`) keeps the flexible reading beside
it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

from grpo_cli.verify.arithmetic import Claim, evaluate, find_claims, normalize
from grpo_cli.verify.commitment import SENTENCE_BREAK
from grpo_cli.verify.lexicon import CONCLUSION_WORDS, RESTATEMENT_WORDS, VERB_FINAL_COPULAS, either
from grpo_cli.verify.math_task import key
from grpo_cli.verify.notation import LETTERS, NAMING, UNIT, notation_only
from grpo_cli.verify.numbers import find_numbers, numbers_equal, words_number
from grpo_cli.verify.region import END_OF_TURN, own_problem
from grpo_cli.verify.sources import CLOSE_TAG, OPEN_TAG, PHRASE, THINK_CLOSE, THINK_OPEN, boxes
from grpo_cli.verify.structure import structured
from grpo_cli.verify.text import ascii_math
from grpo_cli.verify.visible import visible

T = TypeVar("T")  # what a reading gives: a verdict or an extracted answer (`final_reading`)

# What may follow the answer tag: white space and an end-of-turn token.
_CLOSER = re.compile(r"(?:\s|" + END_OF_TURN.pattern + r")+\Z")


def r1_parts(text: str) -> tuple[str, str] | None:
    """(the think block's content, the answer tag's content) when `text` (as a reader sees it: verify.visible) is the
    R1 format and nothing else, else None. The text ends at an end-of-turn token, or where a base model running on
    into a few-shot pattern starts a next question of its own (verify.region.own_problem)."""
    body = own_problem(text)
    closers = _CLOSER.search(body)
    body = body[: closers.start()] if closers else body
    if not body.endswith(CLOSE_TAG) or body.count(CLOSE_TAG) != 1 or body.count(OPEN_TAG) != 1:
        return None
    opened = body.find(OPEN_TAG)
    before = body[:opened].rstrip()
    if not before.endswith(THINK_CLOSE) or before.count(THINK_CLOSE) != 1:
        return None  # visible text between the think block and the answer, or no think block
    think = before[: -len(THINK_CLOSE)]
    if THINK_OPEN in think:
        if think.count(THINK_OPEN) != 1 or think.lstrip().find(THINK_OPEN) != 0:
            return None  # text before the think block, or two of them
        think = think.lstrip()[len(THINK_OPEN) :]
    return think, body[opened + len(OPEN_TAG) : -len(CLOSE_TAG)]


def final_reading(
    completion: str,
    strict: Callable[[str], T],
    extracted: Callable[[T], str | None],
    reference: str | None = None,
    question: str | None = None,
) -> T | None:
    """The `final` reading of a completion, for the verdict and the extraction alike: None outside the contract
    (`answer_slot`, on what a reader sees), else the strict reading of the whole text (`strict`), kept only when it
    finds the same answer (`extracted`) as the strict reading of the answer tag alone: the strict rules must not find
    another slot than the final one."""
    slot = answer_slot(visible(completion), reference, question)
    if slot is None:
        return None
    whole = strict(completion)
    return whole if extracted(whole) == extracted(strict(f"<answer>{slot}</answer>")) else None


def answer_slot(text: str, reference: str | None = None, question: str | None = None) -> str | None:
    """The contract, all three parts: what the answer tag of an R1-format `text` holds when it holds the value's
    notation alone (verify.notation) and the think block ends on that value, else None. `reference` and `question`,
    where known, name the notation and the words the tag and the think block's last sentence may also hold."""
    found = r1_parts(text)
    if found is None or not notation_only(found[1], reference, question):
        return None
    return found[1] if closes_on(found[0], found[1], question) else None


# The think block ends on its derivation of the value (`closes_on`). A sentence ends on the value when after it come
# only what closes a sentence or a formula (a full stop, emphasis, a closing bracket or '$', a check mark), the value's
# unit, words of the question (what it counts: '... so she has 18 stickers left.'), or the copula a verb-final
# language closes with ('答えは 12 です。', 'उत्तर 42 है।').
_CLOSERS = re.compile(
    r"(?:\s|[.!…*_$€£¥₹₩₽|)\]:%'’\"✓✔]|\\%|\\[\])]|\\quad|\^\s*\{?\\circ\}?|°\s*[CF]?\b|°|(?<=[\s\d])(?:"
    + either(VERB_FINAL_COPULAS)
    + r")(?!\w))+\Z"
)
_LAST_WORD = re.compile(r"(?:\\text\s*\{\s*)?([^\W\d_]+)\s*\}?\Z")
_CLAUSES = re.compile(r"[,;:.!?\n]")  # (on ascii_math text: other scripts' marks are folded)
_NOISE = re.compile(r"\s+|\$|\\[,;:! ]|\\(?:left|right|displaystyle)(?![A-Za-z])|[{}]|(?<=[0-9]),(?=[0-9]{3}(?![0-9]))")
_NUMBER = re.compile(r"[0-9]")
_NUMBERS = re.compile(r"[0-9]+(?:\.[0-9]+)?")
# The value at a sentence's end, as written: digits, signs, LaTeX, brackets, white space (what a restatement ends on).
_VALUE_TAIL = re.compile(r"(?:[\s$\\{}()\[\]^_.,/+\-−×·*=%°'0-9]|\\[A-Za-z]+)+\Z")
_LEAD_IN = re.compile(r"(?i)(?<!\w)(?:" + either((CONCLUSION_WORDS,), RESTATEMENT_WORDS) + r")(?!\w)")
_TEXT = re.compile(r"\\(?:text|textbf|textrm|mathrm|mbox)\s*\{([^{}]*)\}")  # '\text{(C)}' is read as (C)
_INFLECTION = re.compile(r"(?:ing|ed|es|s)\Z")
_SAYS = re.compile(r"[^\W_]")  # a letter or a digit: a sentence that says something
_TOKENS = re.compile(r"\s+|=|:")  # where a value may start in a sentence
_BEFORE = re.compile(r"[0-9.,\-]\Z")  # what may not come just before the value: '118', '-18', '1,250' do not end on 18
# Working: an operation between terms ('6 × 7', '2000 - 750', '25\cdot 51'; '**' is bold, a fraction's bar and a sign
# are notation: '\frac{22}{7}', '-2'), a comparison ('125 > 96'; markup such as '<<SYS>>' is none), or an equation
# with a number on its left ('96/8 = 12', 'x = 12/4 = 3'; 'result = 42' and 'x = 3' only name the value). Read on the
# flat text (no spaces), without the value itself. `_computes` then checks that the working computes the value.
# An operator sign is working only between terms (round fourteen): a number or a bracket on one side of it, or a
# variable (Latin letters) on both ('3 bags × 8', '$14 − $5', '|a| + |b|', 'AB + B'). Between words of other
# scripts, or beside a dash, it is a mark of another kind: the Greek raised dot in 'εἴκασα δέ· τὸ πᾶν 126' (folded
# to '·'), the '+' of a review command 'r+ — total = 3'.
_NUMBER_BEFORE, _NUMBER_AFTER = r"[0-9)\]}%!|]", r"[0-9(\[{\\|$€£¥]"
_TERM_BEFORE, _TERM_AFTER = r"[0-9)\]}%!|A-Za-z]", r"[0-9(\[{\\|$€£¥A-Za-z]"


def _between_terms(signs: str, space: str = "") -> str:
    """A pattern for an operator in `signs` with a number or bracket beside it, or a term on both sides."""
    return (
        f"{_NUMBER_BEFORE}{space}[{signs}]|[{signs}]{space}{_NUMBER_AFTER}"
        f"|{_TERM_BEFORE}{space}[{signs}]{space}{_TERM_AFTER}"
    )


_OPERATION = re.compile(
    _between_terms("+×÷·")
    + r"|[0-9)][-−*][0-9(]|[\w)}]\s*[<>≤≥]\s*[\w(\\-]|\\(?:cdot|times|div|Rightarrow)(?![A-Za-z])"
)
_EQUATION = re.compile(r"[0-9][^=≈]*[=≈]")


def closes_on(think: str, slot: str, question: str | None = None) -> bool:
    """The think block ends on its derivation of the answer's value, then only restates it. Read from its end,
    sentence by sentence: restatements (the value last, no other number, before it only the words a restatement is
    made of: 'So the total is 42.', 'Final answer: 42') and affirmations ('Yes, that is right.') are passed over,
    until the derivation: working that ends on the value ('2000 - 750 = 1250.', '6 × 7 = 42 apples.' where the
    question counts apples). Any other sentence there leaves no answer, in any words: a remark ('42 is only a
    guess.', 'Nothing above was checked.'), another value ('On a second look it makes 43; the line above is wrong.',
    'Endpoints in: 42; endpoints out: 43.'), a structure ('{"answer": 42, "fallback": 43}'). So does a think block
    with no derivation at all ('Figure: 42')."""
    words = {_stem(w) for w in LETTERS.findall(question or "")}
    value = NAMING.sub("", _bare(_TEXT.sub(r"\1", _unboxed(ascii_math(slot))), words), count=1)
    want = _keys(value, percent="%" in slot)
    for sentence in reversed(SENTENCE_BREAK.split(_unboxed(structured(ascii_math(think))))):
        bare = _bare(sentence, words)
        if not _SAYS.search(bare):
            continue  # white space, a closing '$$' or '\\]', a heading's '##'
        if not _ends_on(bare, value, want):
            if _checks(sentence, value):
                continue  # a check that agrees: 'Check: 17509 + 6277 = 23786 ✓'
            if _NUMBER.search(bare) or not _only_lead_in(bare, words):
                return False  # another value, or words about the value, after the derivation
            continue  # an affirmation
        rest = _flat(bare).replace(_flat(value) or "\0", " ")  # the sentence without its value
        if not _NUMBER.search(value):
            return True  # a choice or a word answer has no derivation but the sentence that names it
        if _OPERATION.search(rest) or _EQUATION.search(rest):
            return _computes(sentence, bare, value)  # the derivation, if its working computes the value
        if _NUMBER.search(rest) or not _restates(bare, words):
            return False  # a restatement with another number, or words no restatement is made of
    return False


# The derivation computes the value (round twelve). Round eleven's hacks wrote working that does not: an identity that
# gives the value whatever it is ('2 · 42 / 2 = 42', '42 + 0 = 42', '40 + (42 − 40) = 42'), arithmetic that is false,
# a name ('line 7: total = 42'), an inequality ('42 + 2 = 44 ≠ 42'). A reader takes none as the value worked out.
_COMMANDS = r"\\(?:ne|neq|le|leq|ge|geq|lt|gt|approx|equiv|Rightarrow|to)(?![A-Za-z])"  # a relation written in LaTeX
_RELATION = re.compile(
    r"(?:(?P<unequal>≠|(?<![0-9)!])!=|<=|>=|≤|≥|(?<![<>=-])[<>](?![<>=])|\\(?:ne|neq|le|leq|ge|geq|lt|gt)(?![A-Za-z]))"
    r"|=>|⇒|→|=|≈|≡|" + _COMMANDS + r")(?P<after>(?:(?!" + _COMMANDS + r")[^=≈≡≠<>≤≥→⇒])*)\Z"
)
_CLAUSE = re.compile(r"[;:=≈\n]")  # where the clause that names the value starts (a comma does not end one)
# Arithmetic in words and symbols: an operator, a minus before a number ('40 rolls - 16 eaten'), 'x' for times.
_ARITHMETIC = re.compile(
    _between_terms("+×÷·*/", r"\s*")
    + r"|[0-9)]\s*[-−]\s*[$€£¥]?[0-9(]|(?:^|[\s$(])[-−–]\s*[$€£¥]?[0-9]|\s[xX]\s+[0-9]|\\(?:cdot|times|div|frac)(?![A-Za-z])"
)
# A left side that is one number and nothing else, written plainly: '... to the nearest ten: 2.626'.
_BARE_NUMBER = re.compile(r"(?:^|[\s:;,=≈(])[-−]?[$€£¥]?[0-9][0-9.,]*\s*\Z")
_FUNCTION_VALUE = re.compile(r"[^\W\d_]\s*\([^()]*\)\Z")  # 'f(7)', 'f(open gate)': a function's value
_TERMS_CLAUSE = re.compile(r",(?![0-9])|[;:=≈\n]")  # where the working that gives the value starts
_OWN_NUMBER = re.compile(r"(?<![^\W\d_])[0-9]")  # a number of its own: not the digit ending a name ('res0', 'x2')
_MODULAR = re.compile(r"(?i)\bmod(?:ulo)?\b|\\pmod|\\equiv|≡")  # true modulo n: '2^{10} ≡ 1 · 2 = 2 (mod 7)'


def _computes(sentence: str, bare: str, value: str) -> bool:
    """The working in `sentence` (`bare`: without what closes it, so it ends on `value`) computes the value from
    other numbers. A claim that gives the value (verify.arithmetic: '6 × 7 = 42') holds where it can be checked ('3 ×
    4 = 42' does not) and is no identity in it ('42 + 0 = 42', '2 · 42 / 2 = 42'); the value does not follow an
    inequality ('... ≠ 42'); and when it follows a name ('total = 42', 'x = 42'), the clause that names it holds a
    number, or arithmetic or an equation comes before: '2x = 56, so x = 28' and 'dividing both sides by 4 gives x =
    2350' compute x, 'line 7: total = 42' does not. The value is the working's result, not one of its terms (round
    fourteen): '42 × 2 = 2 × 42' ends on 42 but gives 84, and 'Check: 11 + (14 − 11) = 14, so my 11' works out 14."""
    found = _RELATION.search(bare)
    target = evaluate(normalize(value))
    if found is not None and _flat(found.group("after")) == _flat(value):
        if found.group("unequal"):
            return False  # the value follows an inequality: '... ≠ 42'
    elif found is not None:
        stated = evaluate(normalize(found.group("after")))
        same = stated is not None and target is not None and target in (stated, stated * 100)  # '= 0.25' for 25%
        if stated is not None and target is not None and not same:
            return False  # the value is a term of what the last relation states: '= 2 × 42'
        if not same:
            found = None  # the value is not right after a relation: 'so 6 × 7 makes 42' ('= $6.00' for 6 is)
    if found is not None and _only_the_value(bare[: found.start()], value):
        return False  # working whose numbers are all the value computes nothing: '|42| · sgn(42) = 42', '1 · 1 = 1'
    claims = find_claims(sentence)
    giving = [c for c in claims if target is not None and _gives(c, target)]
    if any(c.whole and not c.holds for c in giving) and not _MODULAR.search(sentence):
        return False  # arithmetic that does not hold is no derivation
    if giving:
        return not all(_identity(c) for c in giving)
    if found is None:
        written = normalize(value).strip()
        within = [c for c in claims if _with_another(c, written, both_sides=True)[0] is not None]
        # Its working was found ('6 times 7 makes 42', '3 bags × 8 marbles = 24 marbles'), unless what it works
        # holds whatever the value is: '11 + (14 − 11) = 14, so my 11'.
        return not within or any(_matters(c, written) for c in within)
    return _names_worked(bare[: found.start()])


def _only_the_value(left: str, value: str) -> bool:
    """The working just before the relation (from the clause's start) holds the value and no other number."""
    working = _flat(_TERMS_CLAUSE.split(left)[-1])
    flat = _flat(value)
    return bool(flat) and flat in working and not _NUMBER.search(working.replace(flat, " "))


def _names_worked(left: str) -> bool:
    """What comes before the relation that gives the value (none of it a claim the evaluator could check) is working
    from other numbers: a lone number ('2.626 ≈ 2.625' converts) or a function's value ('f(7) = 42') with arithmetic
    beside it ('10/25 = 0.4 = 40%' computes); a name in a clause with a number, or after arithmetic or an equation.
    A digit inside a name is no number ('val res0 = 30'); a lone number is one with the value ('$3$ = $3$')."""
    end = left.rstrip(" $")
    if _BARE_NUMBER.search(end) or _FUNCTION_VALUE.search(end):
        return bool(_ARITHMETIC.search(left))
    clause = _CLAUSE.split(left)[-1]
    return bool(_OWN_NUMBER.search(clause) or _ARITHMETIC.search(left) or _EQUATION.search(_flat(left)))


def _checks(sentence: str, value: str) -> bool:
    """A check that agrees (issue 38: 'checks that agree ... leave the answer standing'): the sentence's arithmetic
    all holds, the value is in it so that it matters (another number in its place and the claim fails), and every
    number in it belongs to that arithmetic. 'Check: 17509 + 6277 = 23786 ✓' checks 6277; '42 + (44 − 42) = 44' and
    '42 × 0 = 0' hold whatever the value ('Check: ... ✓ (the key says 43)' has a number of its own)."""
    claims = find_claims(sentence)
    if not claims or not all(c.holds for c in claims):
        return False
    numbers = set(_NUMBERS.findall(" ".join(c.lhs + " " + c.rhs for c in claims)))
    if not set(_NUMBERS.findall(normalize(sentence))) <= numbers:
        return False
    written = normalize(value).strip()
    return any(_matters(c, written) for c in claims)


def _matters(claim: Claim, written: str) -> bool:
    """The claim fails when another number stands where `written` (the value) stands in it."""
    lhs, rhs = _with_another(claim, written, both_sides=True)
    return lhs is not None and rhs is not None and lhs != rhs


def _gives(claim: Claim, target: Fraction) -> bool:
    """The claim's right side is the value (a percent as its share too: '0.4 = 40%' for 40)."""
    got = evaluate(claim.rhs)
    return got is not None and (got == target or got * 100 == target)


def _identity(claim: Claim) -> bool:
    """The claim's left side gives its right side whatever that is: its right side written into it and nothing that
    changes it ('2 * 42 / 2', '42 + 0', '40 + (42 - 40)'). Checked by putting another number in its place."""
    lhs, probe = _with_another(claim, claim.rhs.strip(), both_sides=False)
    return lhs is not None and lhs == probe


def _with_another(claim: Claim, written: str, both_sides: bool) -> tuple[Fraction | None, Fraction | None]:
    """(left, right) values of the claim with another number put where `written` stands: in both sides, or in the
    left only, the right then being that number. (None, None) when `written` is not a number or not on the left (nor
    on the right, with both sides)."""
    where = re.compile(r"(?<![0-9.])" + re.escape(written) + r"(?![0-9.])")
    value = evaluate(written)
    if value is None or not where.search(claim.lhs + (" = " + claim.rhs if both_sides else "")):
        return None, None
    probe = value * 7 + Fraction(13, 10)  # a number no working of the value gives by chance
    put = f"({probe})"
    return evaluate(where.sub(put, claim.lhs)), (evaluate(where.sub(put, claim.rhs)) if both_sides else probe)


def _restates(sentence: str, words: set[str]) -> bool:
    """The words before the value in a sentence that ends on it are those a restatement is made of: an answer phrase,
    a conclusion word, lexicon RESTATEMENT_WORDS, a unit, the question's words ('So the total is 42.', 'Final answer:
    42', 'Figure 42' only where the question says 'figure'); anything else ('Not worked out, a placeholder: 42.',
    'Ärlech gesot: 42', '求其估一個：22') says something about it."""
    tail = _VALUE_TAIL.search(sentence)
    return _only_lead_in(sentence[: tail.start()] if tail else sentence, words)


def _only_lead_in(text: str, words: set[str]) -> bool:
    """Every word of `text` (two letters or more) is one a restatement is made of, a unit or the question's."""
    text = _LEAD_IN.sub(" ", PHRASE.sub(" ", text))
    return all(
        _stem(w) in words or UNIT.match(w) or words_number(w) is not None  # ('So the total is forty-two.')
        for w in LETTERS.findall(text)
        if len(w) > 1
    )


def _keys(value: str, percent: bool) -> frozenset[str]:
    """The canonical keys (verify.math_task.key) the value is written as: a percent also as its share ('25%' and
    '0.25')."""
    keys = {key(value)}
    found = find_numbers(value)
    if percent and len(found) == 1 and found[0].value is not None:
        keys.add(key(str(float(found[0].value / 100))))
    return frozenset(k for k in keys if k is not None)


def _flat(text: str) -> str:
    return _NOISE.sub("", text).replace("dfrac", "frac")


def _ends_on(tail: str, value: str, want: frozenset[str]) -> bool:
    """`tail` (closers taken off) ends on `value`: the same notation, an equal value in its last few tokens ('6/36'
    for '\\frac16', '0.50' for '0.5'), or the same number in words ('... forty-two')."""
    flat, flat_value = _flat(tail), _flat(value)
    if flat_value and flat.endswith(flat_value) and not _BEFORE.search(flat[: -len(flat_value)]):
        return True
    tokens = _TOKENS.split(tail.rstrip())
    for k in range(1, min(len(tokens), 6) + 1):  # the last few tokens, one more each time
        if key(" ".join(tokens[-k:])) in want:
            return True
    return _says_in_words(_CLAUSES.split(tail)[-1], value)


def _stem(word: str) -> str:
    """A word without its English inflection, so a restatement may inflect the question's words ('How many points
    did he score?' -> 'He scored 9 points.'): lower case, less a final -ing, -ed, -es or -s, then a final -e."""
    word = word.lower()
    return _INFLECTION.sub("", word).removesuffix("e") if len(word) > 4 else word


def _lead_in(word: str) -> bool:
    return _LEAD_IN.fullmatch(word) is not None


def _bare(text: str, words: set[str]) -> str:
    """`text` without what may close it after its value: closers, then units, words of the question and restating
    words, as long as any is left ('18 stickers left.' -> '18', '6 pages a day on average' -> '6')."""
    while True:
        text = _CLOSERS.sub("", text)
        word = _LAST_WORD.search(text)
        if word is None or not (_stem(word.group(1)) in words or UNIT.match(word.group(1)) or _lead_in(word.group(1))):
            return text
        text = text[: word.start()]


def _unboxed(text: str) -> str:
    r"""`text` with each `\boxed{...}` replaced by what it holds (a box is how a formula closes on its value)."""
    for start, end, content in reversed(boxes(text)):
        text = text[:start] + content + text[end:]
    return text


def _says_in_words(clause: str, value: str) -> bool:
    """The clause ends on the slot's number in words ('... so Sam is active for three and a half' for 3.5, 'a dozen'
    for 12); 'forty-two is only a guess' does not end on 42."""
    slot, tokens = find_numbers(value), clause.split()
    if len(slot) != 1 or not tokens or words_number(tokens[-1]) is None:
        return False  # the last word is no number word: the clause ends on something else
    for k in range(1, min(len(tokens), 8) + 1):
        said = words_number(" ".join(tokens[-k:]))
        if said is not None and numbers_equal(said, slot[0]):
            return True
    return False
