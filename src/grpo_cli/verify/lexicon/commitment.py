"""The final committed answer (verify.commitment): revision words, alternatives, the words of a range or a tolerance, conclusions, checks."""

from __future__ import annotations

import re

from grpo_cli.verify.lexicon.common import AND_WORDS, CJK_JOINS, LETTER_JOINS, OR_WORDS, either

# --- The final committed answer (verify.commitment, issue 26) ---------------------------------------------------
# Words that take back what was stated: a value after them is what the text finally commits to.
REVISION = {
    "en": (
        "wait", r"no,?\s+wait", "actually", "oops", "correction", "corrected", "correcting", "mistakes?", "mistaken", r"my\s+bad",
        "wrong", "incorrect", "errors?", "erred", r"scratch\s+that", r"on\s+second\s+thought", r"hold\s+on",
        r"i\s+reali[sz]e", r"re-?count(?:ing|ed)?", r"re-?calculat\w*", r"let\s+me\s+redo", r"not\s+right",
        r"not\s+correct", "misread", "miscounted", "forgot",
    ),
    "es": ("espera", r"me\s+equivoqu[ée]", "equivocad[oa]", "corrijo", "correcci[óo]n", r"en\s+realidad"),
    "fr": ("attends", "attendez", r"je\s+me\s+suis\s+tromp[ée]", "erreur", r"en\s+fait"),
    "de": ("moment", "fehler", "korrektur", "falsch", "eigentlich"),
    "it": ("aspetta", r"ho\s+sbagliato", "errore", "correzione", r"in\s+realt[àa]"),
    "pt": ("errei", "erro", r"na\s+verdade", "corre[çc][ãa]o"),
    "ru": (r"подожд\w*", r"ошиб\w*", r"исправ\w*", r"на\s+самом\s+деле"),
}  # fmt: skip

REVISION_WORDS = either(REVISION)

CJK_REVISION_WORDS = r"等等|等一下|算错|错了|更正|其实|实际上|待って|間違|訂正|実は|잠깐|틀렸|실수"

# Words that offer another value beside the answer (a hedge, unless a revision word came first).
ALTERNATIVE = {
    "en": ("or", "alternatively", "possibly", "perhaps", "maybe", "might", "could", "either", "otherwise"),
    "es pt fr de it ru uk": ("o", "ou", "oder", "oppure", "или", "або"),
    "es fr de it pt": ("quiz[áa]s?", "peut-[êe]tre", "vielleicht", "forse", "talvez"),
    "en phrases": (
        r"(?:is|be)\s+also",
        r"also\s+(?:be|possible|valid|correct|works?)",
        r"both\b[^.\n]{0,40}\b(?:possible|valid|correct|work)",
    ),
}

ALTERNATIVE_WORDS = either(ALTERNATIVE)

CJK_ALTERNATIVE_WORDS = r"或者?|または|也可能|もしくは|또는|혹은"

# 'my first answer stands': what a revision word opened is closed again, the answer found stays.
ANSWER_STANDS = either(
    r"(?:first|original|previous|initial|earlier)\s+(?:answer|result)\s+"
    r"(?:stands|holds|remains|is\s+(?:still\s+)?(?:right|correct))",
    r"(?:answer|result)\s+(?:stands|is\s+still\s+(?:right|correct))",
    r"so\s+(?:it|that)\s+is\s+(?:still\s+)?(?:right|correct)",
)  # (en)

# A tolerance or a range where a single value should stand: no single answer.
TOLERANCE_SIGNS = ("±", r"\\pm\b", r"\+/-", r"\+-(?=\s*[0-9])")

TOLERANCE_WORDS = {
    "en": (r"plus\s+or\s+minus", r"give\s+or\s+take", r"more\s+or\s+less"),
    "es": (r"m[áa]s\s+o\s+menos",),
    "fr": (r"plus\s+ou\s+moins",),
}

TOLERANCE = either(TOLERANCE_SIGNS, TOLERANCE_WORDS)

RANGE_WORDS = r"between|from|range|ranging|entre|zwischen|tra|fra|между|от|之间|到|から"

# The words a conclusion opens with: 'So ...', 'Therefore ...', 'Entonces ...', 'Итак ...', '所以 ...'.
THEREFORE = {
    "en": ("so", "therefore", "thus", "hence"),
    "es": ("entonces", r"por\s+lo\s+tanto"),
    "fr": ("donc",),
    "it": ("quindi",),
    "pt": ("portanto",),
    "ru": ("итак", "значит"),
    "zh": ("所以", "因此", "故"),
}

THEREFORE_EN = either(THEREFORE["en"])

THEREFORE_ELSEWHERE = {lang: words for lang, words in THEREFORE.items() if lang != "en"}

IN_TOTAL = ("finally", r"in\s+total", "altogether")  # (en)

# The verbs of a conclusion: 'is', 'equals', 'comes to', 'gives', and 'is' elsewhere
CONCLUDING_VERBS = (r"is|are|equals?|comes\s+to|gives?", "es|est|ist|è|é")

# A sentence that concludes a value: 'Therefore the total is 22.', 'So the result is 12501.', 'Итак, ответ 12.'
CONCLUDES = (
    r"^\W{0,4}(?:"
    + either(THEREFORE["en"], IN_TOTAL, THEREFORE_ELSEWHERE)
    + r")\b[^.\n]{0,60}?(?:\b(?:"
    + either(CONCLUDING_VERBS)
    + r")\b|=)"
)

# Words a conclusion opens with: a final sentence that restates the question with one of them still answers it.
CONCLUSION_WORDS = either(
    THEREFORE["en"],
    ("answer", "total", "now", "left", "final", "result", "altogether", r"in\s+all", r"remain\w*", "after", "then"),
    ("finally", "again", "still", r"in\s+the\s+end", r"at\s+the\s+end", r"ends?\s+up"),
    THEREFORE_ELSEWHERE,
    ("also",),  # (de)
)

# The words a restatement of the value is made of, beside an answer phrase, a conclusion word and the question's own
# words ('So the total we get is 42.', 'Yes, that is right: 42.'): the `final` reading pays a restatement after the
# derivation only when its words before the value are these (verify.contract). A positive list: what it does not
# hold ('Unchecked placeholder: 42.') is not a restatement, in any language. (en)
# (No word that doubts, denies, attributes or conditions: not 'could', 'may', 'not', 'if'.)
RESTATEMENT_WORDS = (
    "the", "a", "an", "we", "i", "get", "got", "have", "has", "had", "it", "its", "that", "this", "which", "there",
    "here", "makes", "make", "gives", "give", "equals", "equal", "is", "are", "was", "were", "be", "of", "in", "all",
    "sum", "value", "number", "amount", "yes", "right", "correct", "checked", "verified", "confirmed", "check",
    "indeed", "exactly", "our", "my", "come", "comes", "to", "out", "at", "and", "for", "with", "as", "s", "he",
    "she", "they", "you", "him", "her", "them", "his", "their", "your", "will", "can", "need", "needs", "do", "does",
    "did", "each", "every", "per", "on", "by", "from", "follows", "find", "obtain", "conclude", "solution",
    "required", "needed", "wanted", "asked",
)  # fmt: skip

# "or" / "and" between a value and the next assignment, also glued ('W(x)=1orW(x)=-1'): one assignment per root.
NEXT_ASSIGNMENT = re.compile(
    r"(?<=[)\]}0-9])\s*(?:\\text\s*\{\s*)?(?:\b(?:"
    + OR_WORDS
    + "|"
    + AND_WORDS
    + "|"
    + LETTER_JOINS
    + r")\b|or|and|"
    + CJK_JOINS
    + r")(?:\s*\})?\s*(?=[A-Za-z](?:_\{?\w+\}?|\([A-Za-z]\))?\s*=)"
)
