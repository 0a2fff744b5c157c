"""Which answer the text states (verify.extract and its fallbacks): conclusion words, details, hedges, copulas, word answers, deferrals."""

from __future__ import annotations

from grpo_cli.verify.lexicon.commitment import IN_TOTAL, THEREFORE
from grpo_cli.verify.lexicon.common import either

# --- Which answer the text states (verify.extract) ----------------------------------------------------------------
# A last sentence that concludes in number words, in another language: 'es decir, tres horas y media'
CONCLUDES_IN_WORDS = {
    "es": (r"es\s+decir", r"o\s+sea", r"por\s+lo\s+tanto", "entonces", r"en\s+total"),
    "fr": ("donc", "alors", "c'est-[àa]-dire", r"au\s+total", r"en\s+tout"),
    "de": ("insgesamt", r"das\s+hei(?:ß|ss)t", "daher", "somit"),
    "it": ("quindi", "cio[èe]", r"in\s+totale"),
    "pt": ("portanto", r"ou\s+seja", "ent[ãa]o", r"no\s+total"),
}

# ... and in English, after 'so' / 'therefore': 'in total', 'that leaves', "that's" (en)
WORDS_CONCLUDE = (
    "in total",
    "in all",
    "altogether",
    r"(?:that|this|which)\s+(?:leaves|makes|gives)",
    r"that(?:'s|\s+is)",
)

# The verbs that give a result: '... row of 7 gives forty-two chairs.' (en)
RESULT_VERBS = (
    "gives", "makes", "equals", "totals", "leaves", "gets", "receives", r"comes\s+to", r"amounts\s+to",
    r"adds\s+up\s+to", r"left\s+with",
)  # fmt: skip

# English number words as a pattern (a detail 'with two friends'), 'thirteen' to 'nineteen' as '[a-z]+teen'
SMALL_NUMBER_WORDS = (
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "[a-z]+teen",
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "dozen",
)  # fmt: skip

# The prepositions that open a detail after a value: 'with 8 cows', 'among 3 friends' (en)
DETAIL_PREPOSITIONS = r"with|to|for|among|between|by|from|into|in|on|at|per"

# Words that offer a more likely value in an aside: '(realistically 9–10 days)' (en)
MORE_LIKELY = r"realistically|in\s+practice|practically|more\s+likely|probably|perhaps|maybe|possibly"

# The words that open a conditional aside: '(if an 8% tax applies, ...)' (en, es, fr, de, it, pt)
IF_ASIDE_WORDS = r"if|unless|assuming|si|wenn|falls|se"

# 'which leaves her with 14' (en)
LEAVES = r"leaves|leaving|left|ends?\s+up"

# (en)
OBJECT_PRONOUNS = r"her|him|them|us|me|you|it"

# Comparatives after a value: ', which is less than her allowance' (en)
COMPARATIVES = r"less|more|greater|fewer|smaller|larger|bigger|higher|lower"

# What excludes a value from a set: 'all real numbers except 2' (en)
EXCLUDING = r"with|but|where|except|excluding|and"

# 'is' and its forms (en)
COPULAS_EN = r"is|are|was|were|be|belongs\s+to"

# What an answer is named as: 'the ordered pair', 'the interval' (en)
ANSWER_KINDS = (
    r"vector|point|pair|matrix|interval|set|triple|number|value|(?:answer\s+)?option|(?:answer\s+)?choice|alternative"
)

# (en)
EXCEPT = r"except|but|other\s+than|besides|excluding|apart\s+from"

# Words that negate a sentence (en, es, fr, de, it, pt)
NEGATED_WORDS = r"neither|nor|not|isn't|ni|weder|nicht|né|nem"

# 'because' in the languages models answer in: a reason after the answer
BECAUSE = {
    "en": ("since", "because", "as", "for"),
    "de": ("da", "weil", "denn"),
    "fr": ("car", "puisque", r"parce\s+que"),
    "es pt": ("porque", "pois"),
    "it": ("perch[ée]", "poich[ée]"),
    "ru": (r"так\s+как", r"потому\s+что"),
    "pl": ("ponieważ", "bo"),
    "tr": ("çünkü", "zira"),
    "nl": ("omdat", "want"),
}

# 'the final answer', 'the correct count' (en)
FINAL_ADJECTIVES = r"final|correct|actual|right|true"

# (en)
RESULT_NOUNS = r"answer|count|total|number|value|result|sum"

# Words that take back an answer already stated (en)
RETRACTIONS = r"wait|actually|oops|hold\s+on|mistake|misread|misunderstood|error|wrong|reconsider|re-?read"

# A table's total row: '| **Total** | 42 |' (en, de, zh, ja)
TOTAL_ROW = r"total|sum|answer|result|final|overall|grand\s+total|gesamt|总计|合计|合計"

# 'would be', 'would cost' (en)
WOULD_VERBS = r"be|give|make|get|cost|take|leave|mean"

# Verbs after ', which' that restate or use the value before them: ', which is', ', which gives' (en)
RESTATING_VERBS = (
    r"is\b|are\b|equals?\b|gives?\b|makes?\b|simplifies\b|means\b|comes\b|works\b|leaves\b|brings\b|totals?\b|adds\b"
)

# 'between 9 and 10' (en, es/pt/fr, de, it, nl, pl, ru, uk, cs/pl 'od')
BETWEEN = {
    "en": ("between",),
    "es pt fr": ("entre",),
    "de": ("zwischen",),
    "it": ("tra", "fra"),
    "nl": ("tussen",),
    "pl": ("między",),
    "ru uk": ("между", "от", "від"),
    "cs pl": ("od",),
}

ABOUT = ("about", "around", "roughly", "approximately", "some")  # 'about 9 to 10 shelves' (en)

# What opens a detail after a value in a concluding sentence: 'there are 4 stalls | with 8 cows' (en)
DETAIL_OPENERS = ("with", "after", "before", "from", "in", "into", "per")

# Words before a number of its own that restate a value: '..., which is 12', 'so he has 36', 'gives 15' (en)
RESTATING_WORDS = (
    "is", "are", "was", "were", "be", "equals?", r"(?<!the\s)totals?", "so", "then", "which", "that", "and", "or", "but",
    "gets?", "got", "gives?", "gave", "makes?", "made", "leaves?", "left", "ha[sd]", "have", "find", "finds",
    "yields?", "results?", "answer", r"(?:ends?|ended)\s+up", "becomes?", "became",
)  # fmt: skip

# 'is' elsewhere, beyond COPULAS_ELSEWHERE: plural and other forms
COPULAS_MORE = {
    "de": ("sind", "beträgt"), "es": ("son",), "fr": ("sont",), "pt": ("são",),
    "ru": ("равен", "равна", "равно", "равны", "это"), "uk": ("є",), "pl": ("jest",), "cs": ("je",),
    "fr es pt": ("vaut", "vale"),
}  # fmt: skip

COPULAS_ON = ("is", "are", "was", "be", r"falls\s+on")  # 'The 100th day falls on a Monday.' (en)

# 'was', 'will be', 'falls on' elsewhere: 'El día 100 cae en lunes.'
COPULAS_THEN = {"de": ("wird", "war", "fällt"), "es": ("fue", "era", "cae"), "fr": ("tombe",), "pt": ("cai",),
                "ru": ("это", "будет")}  # fmt: skip

# A bold word that is not a subject: '**Answer**', '**Note**' (en, case-sensitive)
NOT_SUBJECTS = ("Answer", "Note", "Step", "Final", "Total", "Solution", "Check", "Yes", "No")

SUBJECT_VERBS = (
    "is",
    "was",
    "has",
    "had",
    "wins",
    "won",
    r"will\s+win",
    "gets",
    "got",
    "scores?",
    "scored",
    "finishe[sd]",
    "comes",
    "came",
    "ran",
    "runs",
    "reads",
    "read",
    "saves",
    "saved",
)  # fmt: skip  (en)

COMPARED_VERBS = (
    "ran",
    "runs",
    "is",
    "was",
    "has",
    "had",
    "wins",
    "won",
    "scored",
    "reads",
    "read",
    "saved",
    "earned",
    "got",
    "gets",
)  # fmt: skip  (en)

COMPARED_WORDS = (
    "[a-z]+er",
    "more",
    "less",
    "most",
    "least",
    "farther",
    "further",
    "best",
    "worst",
    "fastest",
    "longest",
    "highest",
    "largest",
    "biggest",
)  # fmt: skip  (en)

# 'would' in a conditional aside: '(if ..., she would pay $77.76 instead)', '(si ..., le quedarían 20)'
WOULD = {
    "en": ("would", "instead"),
    "es": ("quedar[íi]an?", "ser[íi]an?", "tendr[íi]an?"),
    "de": ("w[üu]rden?", "h[äa]tten?"),
    "it": ("sarebbe(?:ro)?", "avrebbe(?:ro)?"),
    "pt": ("seriam?", "teriam?"),
    "fr": ("serai(?:en)?t", "aurai(?:en)?t"),
}

PLAUSIBLE = (
    "plausible",
    "possible",
    "correct",
    "valid",
    "right",
    "work",
    r"be\s+the\s+answer",
)  # '36 is also possible' (en)

# 'or' that restates rather than offers: 'or equivalently 0.5', 'or about 3.3' (en)
RESTATED_AS = ("equivalently", r"in\s+other\s+words", "simply", "written", "as", "about", "approximately", "roughly")

# A breakdown after the answer: '**Breakdown:**', 'Step-by-step', 'Desglose' (en, fr, es, de)
BREAKDOWN = {
    "en": ("breakdown", "details?", "explanation", "working", "calculations?", "step[- ]by[- ]step",
           r"how\s+(?:we|i)\s+got\s+(?:there|this|it)"),
    "fr": ("d[ée]tails?",),
    "es": ("desglose",),
    "de": ("aufschl[üu]sselung", "rechnung"),
}  # fmt: skip

CONCLUDE_EN = either(THEREFORE["en"], IN_TOTAL[1:])  # 'So', 'Therefore', 'In total', 'Altogether' (en)

ATTAINED = ("attained", "achieved", "reached", "obtained", "occurring", r"which\s+occurs", r"that\s+occurs")  # (en)

# An aside that restates the value: '(equivalently 0.5)', '(i.e. 3 hours)', '(d. h. 12)', '(es decir, 12)'
THAT_IS = {
    "en": ("equivalently", r"i\.\s?e\.,?", r"that\s+is,?", r"which\s+is", r"or\s+equivalently", "approximately", "about",
           "≈", "~", "also"),
    "de": (r"d\.\s?h\.",),
    "fr": ("soit",),
    "es": (r"es\s+decir",),
    "it": ("cio[èe]",),
    "pt": (r"ou\s+seja",),
    "ru": (r"то\s+есть",),
    "zh": ("即",),
}  # fmt: skip

PERHAPS = ("possibly", "perhaps", "maybe")  # 'or possibly 13' (en)

THOUGH = ("but", "or", "although", "though")  # '..., but 36 is also possible' (en)

OTHER_VALUE_OPENERS = ("alternatively", "otherwise", "maybe", r"(?:though|although|but)\s+if")  # '(Or 24, if ...)' (en)

# A slot that defers to what was stated before it: '\boxed{\text{see above}}' (verify.extract reads the text before it).
DEFERRALS = {
    "en": (r"(?:see|as)\s+above", r"(?:as\s+)?(?:stated|shown|given|computed|found)\s+above", "above"),
    "es": (r"(?:ver|v[ée]ase|como)\s+arriba",), "fr": (r"(?:voir|cf\.?|comme)\s+ci-dessus",),
    "de": (r"(?:siehe|wie)\s+oben",), "it": (r"(?:vedi|come)\s+sopra",), "pt": (r"(?:ver|veja|como)\s+acima",),
    "ru": (r"(?:см\.?|смотри)\s+выше",), "zh ja ko": ("见上", "同上", "上記参照", "上記", r"위\s*참조"),
}  # fmt: skip
