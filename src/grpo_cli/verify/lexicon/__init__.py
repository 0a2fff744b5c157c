"""The vocabulary of verify/: every word list a reader matches, in the languages models answer in, in one place (issue
26). Answer phrases, "or" and "and" between answers, scale words, units of money, time and metric quantities,
hedges, revision and retraction words, conclusion words, sign-offs and trailers, the words of a check, number words,
"below zero", "no solution", "all real numbers", copulas, ...

Word lists that span languages are dicts keyed by language (ISO 639-1; a key naming several languages holds the forms
they share), each value a tuple of regex alternatives; `either` joins them into one alternation, in order (order
matters where a regex tries its alternatives from the first). English-only lists say so. Every rule composes its regex
from these named parts (tests/test_verify_vocabulary.py checks that no other verify module holds a word list and no
pattern is written out over 200 characters). Nothing here reads a text.
"""

from __future__ import annotations

from grpo_cli.verify.lexicon.assertion import *  # noqa: F403
from grpo_cli.verify.lexicon.commitment import *  # noqa: F403
from grpo_cli.verify.lexicon.common import *  # noqa: F403
from grpo_cli.verify.lexicon.latex import *  # noqa: F403
from grpo_cli.verify.lexicon.locator import *  # noqa: F403
from grpo_cli.verify.lexicon.markup import *  # noqa: F403
from grpo_cli.verify.lexicon.numbers import *  # noqa: F403
from grpo_cli.verify.lexicon.question import *  # noqa: F403
from grpo_cli.verify.lexicon.region import *  # noqa: F403
from grpo_cli.verify.lexicon.sources import *  # noqa: F403
from grpo_cli.verify.lexicon.structure import *  # noqa: F403
