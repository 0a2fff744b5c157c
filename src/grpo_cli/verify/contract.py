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

Inside the answer tag the answer stands alone (`holds_answer_alone`): no question mark, no remark in brackets with
words (`42 (a guess)`), no clause with words after a dash, a semicolon or a comma and a space (`96, no wait, 97`).
What it holds is then read by the strict reading's rules (slots only, no last-number fallback), which must find that
same value: invisible text, two values in one expression, a negated or attributed statement are refused there as in
every reading.

Inside the think block the working must lead to the answer (`reached`): its last paragraph that says anything is
working (a digit, a math sign, LaTeX) or restates the answer's value, in figures or in words. A last paragraph of
complete sentences with no value ('I could not close the algebra; the tag below is a filler.') comments on the answer
instead of reaching it, and leaves no answer.

Examples both ways (tests/test_verify_rule_contract.py): paid: `<think>6 x 7 = 42</think>\n<answer>42</answer>`,
`6 x 7 = 42\n</think>\n\n<answer>42</answer><|im_end|>` (the prompt opened the block), `<think>6 x 7 = 42</think>
<answer>42</answer><!-- 41 -->` (a comment is not seen). Not paid: `... </think>\nThe answer:\n<answer>42</answer>`
(text between), `<think>6 x 7 = 42</think>\n<answer>42</answer>\nI hope it is correct.`, `The answer is
\boxed{42}.` (no format), `<think>6 x 7 = 42\n\nI gave up; this is a guess.</think>\n<answer>42</answer>`.

The price: a right answer outside the format is paid 0 in this reading (the tune corpus's many styles read far lower
than in the flexible one; docs/verifiers.md has the figures). A policy trained on the R1 prompt learns the format in
its first steps (the `format` reward, rewards.format_score, pays the same shape on the raw text). Reading other
models' outputs (`grpo eval`) keeps the flexible reading beside it.
"""

from __future__ import annotations

import re

from grpo_cli.verify.numbers import find_numbers, numbers_equal, words_number
from grpo_cli.verify.region import END_OF_TURN, own_problem
from grpo_cli.verify.sources import CLOSE_TAG, OPEN_TAG

# What may follow the answer tag: white space and an end-of-turn token.
_CLOSER = re.compile(r"(?:\s|" + END_OF_TURN.pattern + r")+\Z")
_THINK_OPEN, _THINK_CLOSE = "<think>", "</think>"


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
    if not before.endswith(_THINK_CLOSE) or before.count(_THINK_CLOSE) != 1:
        return None  # visible text between the think block and the answer, or no think block
    think = before[: -len(_THINK_CLOSE)]
    if _THINK_OPEN in think:
        if think.count(_THINK_OPEN) != 1 or think.lstrip().find(_THINK_OPEN) != 0:
            return None  # text before the think block, or two of them
        think = think.lstrip()[len(_THINK_OPEN) :]
    return think, body[opened + len(OPEN_TAG) : -len(CLOSE_TAG)]


def answer_slot(text: str) -> str | None:
    """The contract, all three parts: what the answer tag of an R1-format `text` holds when it holds the answer alone
    and the think block's working leads to it, else None."""
    found = r1_parts(text)
    if found is None or not holds_answer_alone(found[1]) or not reached(found[0], found[1]):
        return None
    return found[1]


# A remark inside the slot beside the answer: words in brackets ('42 (наугад)', '\text{(before the fix)}'), or
# words after a dash, a semicolon or a comma and a space ('12 — valeur au pif', '96, no wait, 97'). Words: two
# letters or more outside LaTeX commands ('(-\infty, 3)', 'x = 3, y = -1' and '\text{(A)}' hold none).
_BRACKETED = re.compile(r"[(（\[][^()（）\[\]]*[)）\]]")
_CLAUSE = re.compile(r"(?:[—–;；]|[,，](?=\s))\s*(.*)", re.S)  # (a hyphen with spaces is a minus: '16 - 3 - 4')
_WORD = re.compile(r"[^\W\d_]{2,}")
_COMMAND = re.compile(r"\\(?:begin|end)\s*\{[^{}]*\}|\\[A-Za-z]+")  # ('\begin{pmatrix}': an environment)


def _words(text: str) -> bool:
    return _WORD.search(_COMMAND.sub(" ", text)) is not None


def holds_answer_alone(slot: str) -> bool:
    """The slot holds its answer and nothing said about it: no question mark, no bracketed remark with words, no
    clause after a dash, semicolon or comma that holds words ('the slot should hold the answer alone', the
    contract's second half)."""
    if any(mark in slot for mark in "?？؟¿"):
        return False  # a slot that asks ('\boxed{\text{is it }20\text{?}}') states nothing
    if any(_words(m.group(0)) for m in _BRACKETED.finditer(slot)):
        return False
    clause = _CLAUSE.search(slot)
    return clause is None or not _words(clause.group(1))


# Working: a digit of any script, a math sign or a LaTeX command (what reasoning toward a value is written in).
_WORKING = re.compile(r"\d|[=+×÷<>≈≠%$]|\\[A-Za-z]+")
# A complete sentence: a terminator of any script, then a space, the end or closing emphasis.
_ENDS = ".!?。！？．।॥۔؟።፧။։។"
_ENDED = re.compile(r"[" + _ENDS + r"](?=[\s*_)\]]|\Z)")
_PARAGRAPH = re.compile(r"\n[ \t]*\n")
_CLAUSES = re.compile(r"[,;:，；：" + _ENDS + r"\n]")


def reached(think: str, slot: str) -> bool:
    """The think block's working leads to the answer: its last paragraph that says anything is working or restates
    the answer's value, not a comment of words on it ('Jeg fikk ikke løst oppgaven; tallet under er bare fyll.').
    Paragraphs with no complete sentence ('So the answer is:', '**Final Answer**') are passed over."""
    value = _COMMAND.sub("", slot).strip(" {}$")
    for paragraph in reversed(_PARAGRAPH.split(think)):
        if _WORKING.search(paragraph) or (value and value in paragraph) or _says_in_words(paragraph, value):
            return True  # working, or the value restated ('So Tom has forty-two marbles in all.')
        if _ENDED.search(paragraph):
            return False  # a complete sentence of words, no value: a comment on the answer
    return True


def _says_in_words(paragraph: str, value: str) -> bool:
    """A clause of the paragraph writes the slot's number in words ('... so Sam is active for three and a half
    hours.' for 3.5, 'a dozen' for 12); 'I never finished this one.' does not say 42."""
    slot = find_numbers(value)
    if len(slot) != 1:
        return False
    for clause in _CLAUSES.split(paragraph):
        said = words_number(clause)
        if said is not None and numbers_equal(said, slot[0]):
            return True
    return False
