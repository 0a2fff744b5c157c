"""The part of a completion an answer is read from: up to a made-up next question or an end-of-turn token, without a
chat's closing lines (`Hope this helps! 😊`), the paragraphs that go beyond the problem (a generalisation, another
method, a note) or only check the answer, and the emoji a line closes on.

Pure functions of the text, each linear in it; `extract.find_span` applies them before it looks for the answer.
"""

from __future__ import annotations

import re
import unicodedata

from grpo_cli.verify.lexicon import (
    CHECK_OPENERS,
    IN_TOTAL,
    SIGN_OFFS,
    STATES_AGAIN,
    THEREFORE,
    THEREFORE_EN,
    TRAILERS,
    either,
)
from grpo_cli.verify.numbers import NUMBER_RE
from grpo_cli.verify.sources import CLOSE_TAG, HASHES, THINK_CLOSE, phrase_matches, phrase_span

# A few-shot run-on: after answering, the model writes the next "Question:" of the prompt's pattern and answers that.
# A chat transcript continued the same way: 'Human:' / 'User:' then 'Assistant:'.
NEXT_QUESTION = re.compile(
    r"\n[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?(?:(?:Follow[- ]up|Next|New)\s+(?:question|problem)|Question|Problem|Q|Exercise|Human|User)"
    r"[ \t]*(?:[0-9]+[ \t]*(?:\*\*)?(?=\n)|[0-9]*[ \t]*(?:\*\*)?[ \t]*[:.])"  # ('## Exercise 2' as a heading too)
)

_NEXT_ANSWER = re.compile(r"\n[ \t]*(?:\*\*)?(?:Answer|Solution|A|Assistant)[ \t]*(?:\*\*)?[ \t]*:")

# A chat template's end-of-turn token, left in when special tokens were not skipped in decoding (ChatML, Llama 3,
# Gemma, DeepSeek, GPT-2, SentencePiece): the answer ended there, and whatever follows is another turn.
END_OF_TURN = re.compile(
    r"<\|(?:im_end|eot_id|endoftext|end_of_text|end|im_start)\|>|</s>|<end_of_turn>|<eos>|<｜end▁of▁sentence｜>"
)

# The R1-Zero prompt's own sentence, echoed ('The reasoning process and answer are enclosed within <think> </think> and
# <answer> </answer> tags, respectively, i.e., <think> reasoning process here </think> <answer> answer here
# </answer>.'): the prompt's words, not the model's (verify.assertion sets the line aside, its example tags with it).
PROMPT_ECHO = re.compile(
    r"(?i)(?m:^)[^\n]*\benclosed\s+within\s+<think>\s*</think>\s+and\s+<answer>\s*</answer>\s+tags\b[^\n]*"
)


def own_problem(text: str) -> str:
    """The text up to a new "Question:" / "Q:" line that follows a stated answer (#### line, box, tag or phrase)
    or some working, when an "Answer:" / "A:" follows it: what comes after it answers a problem the model made up
    (a few-shot prompt's pattern, continued), not this one; or the text up to an end-of-turn token."""
    if "<" in text and (end := END_OF_TURN.search(text)) is not None and text[: end.start()].strip():
        text = text[: end.start()].rstrip()
    found = NEXT_QUESTION.search(text)
    if found is None:
        return text
    head = text[: found.start()]
    if HASHES.search(head) or "\\boxed" in head or CLOSE_TAG in head or phrase_span(head) is not None:
        return head  # (an answer tag too: '<answer>24</answer>\n\nQuestion: ... <answer>31</answer>')
    if NUMBER_RE.search(head) and _NEXT_ANSWER.search(text, found.end()):
        return head
    return text


# A note after the answer ('Note: if he had given away 2 more, he would have 15.') is not where the answer is, nor a
# remark on the kind of problem ('This is a classic example of a recursive formula where ... multiplied by 10.').
_NOTE = re.compile(
    r"\n\s*(?:(?:\*\*|\()?(?:note|n\.b\.|p\.s\.)\b|(?:this|that|it)\s+(?:problem\s+)?(?:is|was)\s+(?:a|an)\s+(?:[a-z]+\s+){0,2}"
    r"(?:example|application|illustration|instance)\s+of\b)[^\n]*$",
    re.I,
)

# A chat assistant's closing lines after its answer ('Hope this helps! 😊', 'Let me know if you'd like me to work
# through a similar problem with 5 friends!', '**Tip:** check step 2', a '---' rule): not where the answer is.
_SIGN_OFF = re.compile(r"(?i)" + either(SIGN_OFFS))

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
    return without_trailers(without_sign_off(own_problem(text)))


def unmarked(line: str) -> str:
    """A line without its leading markup, opening punctuation and emoji: '> 💡 **Tip:**' -> 'Tip:**'."""
    core = line.lstrip(_LEAD + "\n")
    return core.lstrip("".join(c for c in core[:3] if unicodedata.category(c) in ("So", "Sk", "Cf", "Mn")) + _LEAD)


_LINE_SENTENCE_END = re.compile(r"[.!?](?:\*\*)?(?=\s)")


def closing_line(line: str) -> bool:
    """A line that closes a chat ('Want to try $\\log_3 81$ next?', 'Hope this helps!'): not where the answer is."""
    return _SIGN_OFF.match(unmarked(line)) is not None


def without_sign_off(text: str) -> str:
    """The text without the closing lines of a chat answer (at most 6 lines, from the end)."""
    end = len(text)
    for _ in range(6):
        body = text[:end].rstrip()
        start = body.rfind("\n") + 1
        line = body[start:]
        core = unmarked(line)
        closing = start > 0 and (_SIGN_OFF.match(core) or _decoration(line))
        if not closing or "\\boxed" in line or phrase_matches(line):  # a closing line that states the answer stays
            # or a closing sentence at the end of the answer's own line: '... pays **$35**. Want me to show ...?',
            # 'So there are forty-two chocolates in the box. I hope this helps!'
            ends = _LINE_SENTENCE_END.finditer(line, 0, max(0, len(line) - 2))  # ("**That's it!** Want me to ...?")
            last = max((m.end() for m in ends), default=0)
            if last > 0 and _SIGN_OFF.match(unmarked(line[last:])):
                end = start + last
            break
        end = start
    end = symbols_end(text, end)  # '**Tom needs a dozen eggs.** 🥚🥚🥚', '**x = 4** ✅'
    return text[:end].rstrip() if end < len(text) else text


# A paragraph after the answer that goes beyond the problem: a generalisation ('In general, for n people ... \boxed{45}
# handshakes for 10 people'), another method, a contrast, a remark, an assumption, a note (en, de, fr, es, it, pt, ru,
# zh, ja, ar, ko). Its numbers and boxes are not the answer to this problem.
TRAILER = re.compile(
    r"(?i)\(?(?:" + either(TRAILERS) + r")\b"
    r"|(?P<scenario>if\b[^\n]{0,200}?\b(?:instead|would)\b)"  # a second scenario: 'If you sent 300 texts instead, it would be $55.'
)


def without_trailers(text: str, scenarios: bool = True) -> str:
    """The text without paragraphs after the answer that go beyond the problem (`TRAILER`), check it or close a chat
    (`_SIGN_OFF`), at most 4, from the end. `scenarios=False` keeps a closing 'If ...' paragraph (to test it)."""
    end = len(text)
    for _ in range(4):
        body = text[:end].rstrip()
        start = body.rfind("\n\n") + 2
        # A closing '</think>' ends the reasoning's last paragraph as a blank line does: what follows it (the answer)
        # is no part of a trailer the reasoning ended on ('If they left at once, ... 12 + 5 = 17.\n</think>\n
        # <answer>17</answer>' is not a second scenario with the answer in it).
        start = max(start, body.rfind(THINK_CLOSE))
        core = unmarked(body[start:])
        trailer = TRAILER.match(core)
        if trailer and trailer.group("scenario") and (not scenarios or "\\boxed" in core):
            break  # 'If instead the roles differ, ... \\boxed{12} ways.': a box per reading, not a remark
        if start < 2 or not body[:start].strip():
            break
        closing = _SIGN_OFF.match(core) or not core.strip()
        check = (
            not (trailer or closing) and CHECK.match("\n" + body[start:]) and not CONCLUDES_AGAIN.search(body[start:])
        )
        if not (trailer or closing or check):
            break
        if closing and ("\\boxed" in core or phrase_matches(core)):
            break  # 'Great job working on this! 🎉 The answer is **x = 4**.' (a closing line that states the answer)
        end = start
    return text[:end].rstrip() if end < len(text) else text


# A check of the answer after it, that states nothing new ('Check: 14 + 4 = 18 ✓', 'Let me verify: ...'): its numbers
# are the check's, not the answer. A check that concludes again ('... So she has 13.') is kept.
CHECK = re.compile(
    r"\n[ \t]*(?:[*_>#-]+[ \t]*)?(?:✅|✔️?|☑️?)?[ \t]*(?:\*\*)?(?:" + either(CHECK_OPENERS) + ")",
    re.I,
)

CONCLUDES_AGAIN = re.compile(
    r"(?i)\b(?:" + THEREFORE_EN + r")\b[^.\n]{0,80}?[0-9]|\b(?:" + either(STATES_AGAIN) + r")\b"
    r"|\n[ \t]*\n[ \t]*(?:\*\*)?(?:"
    + either(THEREFORE["en"], IN_TOTAL[1:])
    + r")\b"  # a conclusion after it, in words too
)  # (not '..., so the calculation above is consistent.')


def without_note(text: str) -> str:
    """The text without a trailing note or remark (`_NOTE`) and without a check of the answer (`CHECK`) that
    concludes nothing itself."""
    check = None
    for check in CHECK.finditer(text, max(0, len(text) - 1500)):  # noqa: B007 - the last one
        pass
    if check is not None and not CONCLUDES_AGAIN.search(text, check.end()) and text[: check.start()].strip():
        text = text[: check.start()].rstrip()
    note = _NOTE.search(text, max(0, len(text) - 600))
    if note is None or not NUMBER_RE.search(text, 0, note.start()):
        return text
    return text[: note.start()]
