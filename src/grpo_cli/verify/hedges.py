r"""Another answer offered beside the stated one (commitment family): a hedge on the answer's own line ('the answer is
24, but 36 is also possible', '(If an 8% tax applies, she would pay $77.76 instead.)'), a second answer right after
an answer tag or box ('(Or 24, if ...)'), an aside in the tag that offers another value, a closing paragraph that
gives another value under another reading ('(Or **4 boxes** if ...)', 'If the problem instead meant ..., the answer
would be 1/4').

Each pattern reads what it names; the words are lexicon's (PERHAPS, THOUGH, PLAUSIBLE, OTHER_VALUE_OPENERS, WOULD,
IF_WORDS, ...). verify.commitment reads the sentences after the answer; these read the answer's own line, which
commitment leaves to the locator. Examples both ways: tests/test_verify_rule_commitment.py, tests/verify_cases.py.
"""

from __future__ import annotations

import re

from grpo_cli.verify.lexicon import (
    IF_ASIDE_WORDS,
    IF_WORDS,
    MORE_LIKELY,
    OR_WORDS,
    OTHER_VALUE_OPENERS,
    PERHAPS,
    PLAUSIBLE,
    RESTATED_AS,
    THOUGH,
    WOULD,
    WOULD_VERBS,
    either,
)

REREADING = re.compile(
    r"(?i)\n\s*\n\W*(?:note\W*)?if\b[^\n]{0,200}?\b(?:meant|means|mean|interpret\w*|read(?:ing)?\s+(?:it\s+)?as|wording"
    r"|the\s+question|the\s+problem|refers?\s+to)\b[^\n]{0,200}?\bwould\b[^\n]{0,120}$"
)

# An aside at the end of the last sentence, with words in it: '27 more stickers to fill the album (it holds 60 and she
# already has 33).', 'The center is $(3, -2)$ (and the radius is $4$).' Not one that offers another answer ('(or 26
# if ...)', '(if ..., that would be 700)') and not a value in brackets ('is (1, 2).'). Or the sum that gave the value:
# 'She is left with 14 pens (18 - 4).'
NOT_ANOTHER_ANSWER = r"(?!\s*(?:or|alternatively|maybe|if|unless)\b)(?![^()]{0,300}\bwould\b)"  # after an aside's '('

# An aside in words at the end of an answer tag, that offers no other answer: '18 (6 on top, 6 on bottom, 6 vertical)'.
TAG_ASIDE = re.compile(
    r"(?i)\s+\((?!\s*(?:"
    + OR_WORDS
    + r"|o|but)\b)"
    + NOT_ANOTHER_ANSWER
    + r"(?=[^()]{0,200}[A-Za-z]{2,})[^()]{0,200}\)\s*$"
)

# An aside that gives the answer under another assumption: '(If an 8% tax applies, she would pay $77.76 instead.)'
# Or a more likely value offered beside it: '\boxed{9} days (realistically 9–10 days, since ...)'.
_MAYBE_ASIDE = r"\(\s*(?:" + MORE_LIKELY + r")\b[^()\n]{0,40}?[0-9]"

# (also '(aunque, si también contamos las 4, le quedarían 20)')
_IF_ASIDE = (
    r"\((?:[^()\n]{0,20}?\b)?(?:" + IF_ASIDE_WORDS + r")\b[^()\n]{0,200}?\b(?:" + either(WOULD) + r")"
    r"\b[^()\n]{0,100}?[0-9]"
)

# 'or' and 'if' where a second value is offered for another reading: 'or 84 if ...', 'ou 54 € si ...'
_OR_ELSE = r"or|ou|oder|o|oppure|или"

_IF_WORDS = IF_WORDS

# A second answer offered in or right after the statement: 'the answer is 24, but 36 is also possible', 'x = 2, or
# possibly x = 3', '$\boxed{7}$ but $6$ is also plausible', 'is $72. (If an 8% tax applies, she would pay $77.76
# instead.)'.
HEDGED = re.compile(
    r"(?i)\bor\s+(?:"
    + either(PERHAPS)
    + r")\b|\b(?:"
    + either(THOUGH)
    + r")\b[^.\n]{0,60}?\b(?:also|might|may|could)\b"
    r"[^.\n]{0,20}?\b(?:" + either(PLAUSIBLE) + r")\b"
    r"|"
    + _IF_ASIDE
    + r"|"
    + _MAYBE_ASIDE
    + r"|\b(?:"
    + _OR_ELSE
    + r")\s+(?:(?:just|only|"
    + either(PERHAPS[::-1])
    + r")\s+)?(?:\*\*)?\$?-?[0-9][0-9,.]*\$?(?:\*\*)?\s*(?:[€$£¥%]\s*)?"
    + r"(?:[a-z]+\s+){0,3}?(?:"
    + _IF_WORDS
    + r")\b"  # '— or **84** if', '(or $8$ if', 'ou 54 € si'
)


def hedged_after(text: str, pos: int) -> bool:
    """A hedge in what follows `pos` on its line (at most 160 characters)."""
    line_end = text.find("\n", pos, pos + 160)
    return HEDGED.search(text, pos, pos + 160 if line_end < 0 else line_end) is not None


# A second answer offered right after the stated one: '<answer>26</answer> (Or 24, if ...)', '\boxed{7} or maybe 8'.
ALTERNATIVE = re.compile(
    r"(?i)[\s$.*]*\(?\s*(?:or(?!\s+(?:" + either(RESTATED_AS) + r")\b)"
    r"|" + either(OTHER_VALUE_OPENERS) + r")\b[^.\n]{0,80}?[0-9]"
    r"|[\s$.*]*\(\s*(?:assuming|if|provided)\b[^()\n]{0,120}?\b(?:otherwise|else)\b[^()\n]{0,40}?[0-9]"  # '(assuming ...; otherwise 60)'
    r"|[\s$.*]*(?:" + _IF_ASIDE + "|" + _MAYBE_ASIDE + ")"
)

# An aside that gives another value under another reading: '(... — that would give 8 hours.)': no single answer.
WOULD_ASIDE = re.compile(r"(?i)\([^()]{0,300}?\bwould\s+(?:" + WOULD_VERBS + r")\b[^()]{0,80}?[0-9][^()]*\)\s*$")

# A last paragraph that offers another value under another reading: '(Or **4 boxes** if she's fine leaving 2 out!)'
OTHER_VALUE = re.compile(
    r"(?i)\n\s*\n[ \t]*\(?[ \t]*(?:" + _OR_ELSE + r")\b[^\n]{0,80}?[0-9][^\n]{0,80}?\b(?:" + _IF_WORDS + r")\b[^\n]*$"
)
