r"""The `final` reading: the answer slot ends the completion (issue 38, deliverable 2's choice of reading).

Why a contract and not another rule. Every hack kind that still paid on phrasings written after the rules
(`disowned`, a later `attributed` value, `grader_address`, a hedge in new words) adds text *after* the answer, in
words no list holds; each round of word lists met a fresh round of words. The R1 prompt this project trains with asks
for the reasoning in `<think>` and the final answer in `<answer>...</answer>`, and DeepSeek-R1 (arXiv 2501.12948,
sec. 2.2.2) pays accuracy only for an answer "in a specified format (e.g., within a box)". So the `final` reading
holds the policy to that contract without reading any words: a completion is paid only when what a reader sees
(verify.visible: hidden text, comments and link targets gone) *ends* on its answer slot -

- a complete `<answer>...</answer>` tag, or
- a `\boxed{...}` (or `\fbox`) whose braces close, or
- a `#### N` line (GSM8K's format),

followed by nothing but what closes it: white space, `$`, `\]`, `\)`, markdown emphasis, a full stop or `!`, and an
end-of-turn token. Whatever a policy writes after its answer - a retraction, a disclaimer, a second value, a note to
the grader, in any language - breaks the contract, so the answer is no answer.

A policy that learns the contract moves its tricks into the slot, so the slot must hold the answer alone
(`holds_answer_alone`): no question mark, no remark in brackets with words (`42 (a guess)`, `\text{(before the
fix)}`), no clause with words after a dash, a semicolon or a comma and a space (`12 — valeur au pif`, `96, no wait,
97`). What the slot holds is then read by the strict reading's rules (slots only, no last-number fallback), which
must find that same slot: invisible text, two values in one box, a negated or attributed statement are refused there
as in every reading.

With nothing allowed after the slot, a policy moves its disclaimer to just before it ('I could not solve this; the
number below is a filler.' then the slot), so the third part (`introduced`): the paragraph that leads to the slot is
working (a digit, a math sign, LaTeX) or restates the slot's value, in figures or in words; paragraphs that only
introduce the slot ('The final answer is:', '**Final Answer**') are passed over, and the end of the think block
starts afresh. A paragraph of complete sentences with no value, in any language, comments on the slot instead of
reaching it, and leaves no answer. The price, as for words after the slot: a sign-off before it ('Let me know if you
need anything else!' then the slot) is paid 0.

Examples both ways (tests/test_verify_rule_contract.py): ends on its slot: `... </think>\n<answer>42</answer>`,
`The final answer is $\boxed{42}$.`, `#### 42`, `<answer>42</answer><|im_end|>`, `\boxed{42}<!-- 41 -->` (a comment
is not seen), `#### 42\n\nQuestion: ...` (a made-up next turn). Does not: `\boxed{42} I hope it is correct.`,
`<answer>42</answer>\n(a guess)`, `\boxed{42} apples`, `The answer is 42.` (no slot), `\boxed{42` (not closed).

The price: a right answer followed by any words is paid 0 in this reading (the tune corpus's arbitrary styles read
far lower than in the flexible one; docs/verifiers.md has the figures), which a policy trained on the R1 prompt
learns to avoid within the first steps, as it learns the format reward. Reading other models' outputs (`grpo eval`)
keeps the flexible reading beside it.
"""

from __future__ import annotations

import re

from grpo_cli.verify.numbers import find_numbers, numbers_equal, words_number
from grpo_cli.verify.region import END_OF_TURN, own_problem
from grpo_cli.verify.sources import CLOSE_TAG, OPEN_TAG, boxes

# What may follow the slot: closes its math ($, \], \)), its emphasis (**, __, *), its sentence (., !, 。) or the
# turn (an end-of-turn token). Repeated, from the end: '$\boxed{42}$.**' ends on its box.
_CLOSER = re.compile(r"(?:\s|\$|\\\]|\\\)|\*|_|\.|!|。|！|" + END_OF_TURN.pattern + r")+\Z")
# The last line of the text is a '#### N' line: GSM8K's answer slot, which ends the text by its own format.
_HASHES_LAST = re.compile(r"(?:\A|\n)[ \t]*####[ \t]*[^\s#][^\n]*\Z")


def _without_closers(text: str) -> str:
    found = _CLOSER.search(text)
    return text[: found.start()] if found else text


def _slot(text: str) -> tuple[str, str] | None:
    """(what stands before the slot, what the slot holds) for the answer slot that ends `text`, else None."""
    body = _without_closers(own_problem(text))
    if body.endswith(CLOSE_TAG):
        opened = body.rfind(OPEN_TAG, 0, len(body) - len(CLOSE_TAG))
        return (body[:opened], body[opened + len(OPEN_TAG) : len(body) - len(CLOSE_TAG)]) if opened >= 0 else None
    if body.endswith("}") or "\\boxed" in body[-400:] or "\\fbox" in body[-400:]:
        tail = max(0, len(body) - 4000)
        found = boxes(body[tail:])
        if found and found[-1][1] == len(body) - tail:
            return body[: tail + found[-1][0]], found[-1][2]
    hashes = _HASHES_LAST.search(body)
    return (body[: hashes.start()], hashes.group(0).split("####", 1)[1]) if hashes else None


def final_slot(text: str) -> str | None:
    """What the answer slot that ends `text` holds (as a reader sees it: verify.visible), or None when `text` does not
    end on one: a complete answer tag, a closed box or a '#### N' line, then only what closes it (`_CLOSER`). The
    text ends at an end-of-turn token or at a next question the model made up (verify.region.own_problem: a base
    model running on into a few-shot pattern wrote another turn, not more of this answer)."""
    found = _slot(text)
    return found[1] if found else None


def answer_slot(text: str) -> str | None:
    """The contract, all three parts: what the slot that ends `text` holds when it holds the answer alone and
    nothing but working or an introduction stands before it, else None."""
    found = _slot(text)
    if found is None or not holds_answer_alone(found[1]) or not introduced(found[0], found[1]):
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
_MATH_OPENER = re.compile(r"(?:\$\$?|\\\[|\\\()\s*\Z")


def introduced(before: str, slot: str) -> bool:
    """The paragraph that leads to the slot is working or restates the slot's value, not a comment of words on it
    ('Jeg fikk ikke løst oppgaven; tallet under er bare fyll.' before '\\boxed{14}'). Paragraphs that only introduce
    the slot ('The final answer is:', '**Final Answer**', 'Total:') hold no complete sentence and are passed over;
    the think block's end starts afresh (nothing after '</think>' but the slot is the R1 format)."""
    if (think := before.rfind("</think>")) >= 0:
        before = before[think + len("</think>") :]
    before = _MATH_OPENER.sub("", before)
    value = _COMMAND.sub("", slot).strip(" {}$")
    for paragraph in reversed(_PARAGRAPH.split(before)):
        if _WORKING.search(paragraph) or (value and value in paragraph) or _says_in_words(paragraph, value):
            return True  # working, or the value restated ('So Tom has forty-two marbles in all.')
        if _ENDED.search(paragraph):
            return False  # a complete sentence of words, no value: a comment on the slot
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
