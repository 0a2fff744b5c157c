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

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction


def either(*parts: str | Iterable[str] | Mapping[str, Iterable[str]]) -> str:
    """One regex alternation of word lists, in order: a string is one alternative, a tuple several, a dict by
    language its values in key order ('either(SCALE, ("k",))')."""
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, Mapping):
            out.extend(word for words in part.values() for word in words)
        else:
            out.extend(part)
    return "|".join(out)


# 'or' and 'and' between two answers, in the languages models answer in (words of more than one letter; the one-letter
# ones, 'o', 'y', 'e', 'a', 'i', are read only between math regions and before an assignment, where no variable
# stands).
OR_WORDS = r"or|ou|oder|oppure|или|або|atau|ho[ặa]c|veya|ya\s+da|lub|albo|nebo|eller|ή|או|یا|أو|या|বা"

AND_WORDS = r"and|et|und|и|та|dan|v[àa]|ve|och|og|και|و|और|এবং"  # (not Dutch 'of' / 'en': English 'of', Spanish 'en')

LETTER_JOINS = r"o|y|e|a|i|і"

CJK_JOINS = r"或者?|和|及|또는|혹은|및|그리고|または|と"

# Scale words and abbreviations that multiply the number before them ('$2.4 billion', '3 dozen', '$2.4M', '$50k',
# '$3 bn'; a letter glued to the number only: '5 m' is five metres). One vocabulary for the last-number span, the
# phrase reader and gsm8k's number reader.
SCALE = {
    "en": ("thousand", "million", "billion", "trillion", "dozens?"),
    "hi": ("lakhs?", "crores?", "लाख", "करोड़"),
    "vi": ("ngh[ìi]n", "ng[àa]n", "tri[ệe]u", "t[ỷy]"),
    "id": ("ribu", "juta", "miliar"),
    "es": ("mil", "millones"),
    "fr": ("milliers?", "millions", "milliards?"),
    "de": ("tausend", "millionen", "milliarden"),
    "it": ("mila", "milioni", "miliardi"),
    "pt": ("milh[õo]es", "bilh[õo]es"),
    "ru": ("тысяч[аи]?", "миллион(?:а|ов)?", "миллиард(?:а|ов)?"),
}
SCALE_WORDS = either(SCALE)

SCALE_ABBREVIATIONS = r"\s*(?:bn|mn)\b|(?-i:[MKBk])\b"

# The words after a number that make it negative: '3 degrees below zero', '5°C below zero', '15 meters below sea
# level' (gsm8k reads them too).
BELOW_ZERO_UNITS = {
    "en": (r"°\s*[CF]?", r"degrees?(?:\s+(?:celsius|fahrenheit|[CF]))?", "m", "meters?", "metres?", "ft", "feet"),
    "es fr de it pt ru": ("grados?", "degr[ée]s?", "grad", "gradi", "graus?", "градус(?:ов|а)?"),
}
BELOW_ZERO_WORDS = {
    "en": (r"below\s+(?:zero|sea\s+level)\b",),
    "es": (r"bajo\s+cero\b",),
    "fr": (r"sous\s+z[ée]ro\b", r"en\s+dessous\s+de\s+z[ée]ro\b"),
    "de": (r"unter\s+null\b",),
    "it": (r"sotto\s+(?:lo\s+)?zero\b",),
    "pt": (r"abaixo\s+de\s+zero\b",),
    "ru": ("мороза", r"ниже\s+нуля"),
}
BELOW_ZERO = (
    r"\s*(?:" + either(BELOW_ZERO_UNITS) + r")?\s*(?:" + either(BELOW_ZERO_WORDS) + ")"
)  # also '15 градусов мороза'

# An amount said to be negative by words around it: a loss, a debt, a balance in the red. The question decides the
# sign ('a loss of $3' answers 'how much was lost' with 3 and 'what was the profit' with -3), so gsm8k reads both.
NEGATIVE_BEFORE = (r"(?:loss|deficit|decrease|drop|decline)\s+of", r"en\s+n[úu]meros\s+rojos\s+(?:por|de)")
NEGATIVE_AFTER = (r"in\s+the\s+red", r"in\s+debt", "overdrawn", r"en\s+n[úu]meros\s+rojos", r"im\s+minus",
                  r"dans\s+le\s+rouge", r"in\s+rosso", r"no\s+vermelho", r"в\s+минусе")  # fmt: skip
# A depth: '6 meters below the surface' (gsm8k reads it as 6 and -6).
BELOW_SURFACE = r"\s*(?:m|meters?|metres?|ft|feet)?\s*(?:below|under)\s+(?:the\s+)?(?:surface|ground|water)\b"

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

# The Japanese and Korean copulas a sentence ends on after its value ('答えは 12 です。', '정답은 25입니다').
CJK_FINAL_COPULAS = r"です|でした|である|だ|となります|になります|입니다|이다|예요|이에요"

# A value's sentence end: such a copula and a full stop (math_task strips it from an answer too).
CJK_ENDING = re.compile(r"\s*(?:" + CJK_FINAL_COPULAS + r")?\s*[。.]?\s*$")

NO_SOLUTION = r"\bno\s+(?:real\s+)?solutions?\b"

# 'no solution' / 'the empty set' in the languages models switch to
NO_SOLUTION_ELSEWHERE = either(
    {
        "fr": (r"(?:aucune|pas\s+de)\s+solutions?(?:\s+r[ée]elles?)?", r"(?:l')?ensemble\s+vide"),
        "es": (r"(?:ninguna|no\s+hay|sin)\s+soluci[óo]n(?:\s+real)?", r"(?:el\s+)?conjunto\s+vac[íi]o"),
        "de": (r"keine\s+(?:reellen?\s+)?L[öo]sung(?:en)?", r"(?:die\s+)?leere\s+Menge"),
        "it": (r"nessuna\s+soluzione(?:\s+reale)?", r"insieme\s+vuoto"),
        "pt": (r"nenhuma\s+solu[çc][ãa]o(?:\s+real)?", r"(?:o\s+)?conjunto\s+vazio"),
        "ru": (r"нет\s+(?:действительных\s+)?решений", r"решений\s+нет", r"пустое\s+множество"),
        "zh": ("无(?:实数)?解", "没有(?:实数)?解", "空集"),
        "ja": ("解なし", "解は(?:存在し)?ない", "空集合"),
        "ko": ("공집합", r"해(?:는|가)\s*(?:\*\*)?\s*없"),
    }
)

# 'is' in the languages models answer in, the words every reader of a copula shares (each adds its own)
COPULAS_ELSEWHERE = r"es|est|ist|è|é|será|sera|sarà"

# 'all real numbers' in the languages models switch to (fr, es, pt, it, de)
ALL_REALS_ELSEWHERE = either(
    {
        "fr": (r"tous\s+les\s+(?:nombres\s+)?r[ée]els",),
        "es": (r"todos\s+los\s+(?:n[úu]meros\s+)?reales",),
        "pt": (r"todos\s+os\s+(?:n[úu]meros\s+)?reais",),
        "it": (r"tutti\s+i\s+(?:numeri\s+)?reali",),
        "de": (r"alle\s+reellen\s+zahlen",),
        "ru": (r"все\s+(?:действительные|вещественные)\s+числа",),
        "zh": ("全体实数", "所有实数"),
        "ja": ("すべての実数",),
        "math": ("ℝ",),
        "pl": (r"wszystkie\s+liczby\s+rzeczywiste",),
        "tr": (r"tüm\s+reel\s+sayılar",),
        "id": (r"semua\s+bilangan\s+real",),
        "nl": (r"alle\s+re[ëe]le\s+getallen",),
    }
)

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


# --- Answer phrases (verify.sources) -----------------------------------------------------------------------------
# "answer is", "answer:", "Final answer:", "**Answer:**", "the final answer is: " ... and the same in the languages
# models switch to: "La respuesta es 42", "Réponse : 42", "答案是 42", "정답: 25", "उत्तर: 25", "Jawaban: 25". Order matters
# (the phrase regex tries them in this order at each place).
_ANSWER_NOUNS_ELSEWHERE = r"respuesta|r[ée]ponse|antwort|risposta|resposta|antwoord"
_ANSWER_NOUNS_WITH_COLON = (
    "उत्तर",
    "الإجابة",
    "الجواب",
    "jawaban",
    r"c[âa]u\s+tr[ảa]\s+l[ờo]i",
    r"đáp\s+(?:án|số)",
    "odpowied[źz]",
    "cevap",
    "yan[ıi]t",
    "відповідь",
    "svar",
)  # fmt: skip  (hi, ar, id, vi, pl, tr, uk, sv/no/da)
_FINAL_WORDS_ELSEWHERE = ("akhir", r"cu[ốo]i\s+c[ùu]ng", "ko[ńn]cowa", "final", "النهائي", "النهائية", "अंतिम", "son")
ANSWER_PHRASES = {
    "en": (
        r"\b(?:final\s+)?answer\b(?:[ \t]*\([^()\n]{0,60}\))?(?:\*\*)?[ \t]*(?:is\b[ \t]*:?|:|=|[—–](?=[ \t]*[-$0-9\\]))",
    ),
    "es": (r"\brespuesta(?:\s+final)?\s+es\b",),
    "fr": (r"\br[ée]ponse(?:\s+finale)?\s+est\b",),
    "de": (r"\bantwort\s+(?:ist|lautet)\b",),
    "it": (r"\brisposta(?:\s+finale)?\s+[èe]\b",),
    "pt": (r"\bresposta(?:\s+final)?\s+[ée]\b",),
    "nl": (r"\bantwoord\s+is\b",),
    "es fr de it pt nl": (r"\b(?:" + _ANSWER_NOUNS_ELSEWHERE + r")(?:\s+final[e]?)?[ \t]*:",),
    "ru": (r"ответ(?:[ \t]+[-—:])?[ \t]*:?",),
    "zh": (r"答案\s*(?:是|为|[:：])",),
    "ja": (r"答え\s*(?:は|[:：])", r"答\s*[:：]"),
    "ko": (r"(?:정답|답)(?:\s*[:：]|은\s)",),
    "hi ar id vi pl tr uk sv": (
        "(?:"
        + either(_ANSWER_NOUNS_WITH_COLON)
        + r")(?:\s+(?:"
        + either(_FINAL_WORDS_ELSEWHERE)
        + r"))?(?:\*\*)?[ \t]*[:：]",
    ),
    "en lines": (
        r"(?m:^[ \t]*(?:\*\*)?final(?:\*\*)?[ \t]*:)",  # 'Final: 14'
        r"(?m:^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?(?:final\s+)?answer(?:\*\*)?[ \t]*:?[ \t]*(?:\*\*)?[ \t]*\n\s*"
        r"(?=[^\n]*[0-9$\\]))",  # '### Final Answer' then the value on the next line
    ),
}

# Every answer phrase holds one of these words: the phrase regex (an alternation Python tries at every position)
# only scans from just before the first of them, and not at all in a text without one.
# ('答' also starts 答案 and 答え.)
PHRASE_WORDS = ("answer", "respuesta", "réponse", "reponse", "antwort", "risposta", "resposta", "antwoord", "ответ",
                 "答", "답", "उत्तर", "الإجابة", "الجواب", "jawaban", "câu", "cau", "đáp", "odpowied", "cevap", "yanıt",
                 "yanit", "відповідь", "svar", "final")  # fmt: skip

# What a phrase says when it only says where the answer goes ('The answer is enclosed within <answer> tags') (en)
ANSWER_PLACES = (
    r"the\s+correct\s+answer\s+to\b", "enclosed", "given", "written", "provided", "shown", "stated", "placed", "put",
    "boxed", r"as\s+follows", "below", "above", "within", "inside", r"in\s+(?:the\s+)?(?:box|tags?|<answer>)",
)  # fmt: skip

# Words that do not commit to what follows them: 'the answer is probably 56' (en)
UNCOMMITTED = ("probably", "maybe", "perhaps", "possibly", "likely")


# --- The part of a text an answer is read from (verify.region) ----------------------------------------------------
# A chat assistant's closing lines after its answer ('Hope this helps! 😊', 'Let me know if you'd like me to work
# through a similar problem with 5 friends!', '**Tip:** check step 2'), by language; a line that opens with one of
# these is a sign-off.
SIGN_OFFS = {
    "en": (
        r"(?:i\s+)?hope\s+(?:this|that|it|my)\b", r"let\s+me\s+know\b", r"feel\s+free\b", r"don'?t\s+hesitate\b",
        r"if\s+you\s+have\s+(?:any\s+)?(?:other\s+|more\s+|further\s+)?questions?\b", r"is\s+there\s+anything\s+else\b",
        r"anything\s+else\s+i\s+can\b", r"happy\s+(?:to\s+help|learning|studying|solving|calculating|math|baking|shopping)\b",
        r"good\s+luck\b", r"keep\s+(?:up|practi[cs]ing)\b", r"great\s+(?:question|job|work)\b",
        r"you(?:'re|\s+are)\s+welcome\b", r"(?:pro\s+)?tips?\s*:", r"(?:key\s+)?takeaways?\s*:", r"remember\s*:",
        r"want\s+(?:to\s+try|more|another)\b", r"would\s+you\s+like\b", r"(?:do\s+)?you\s+want\s+me\s+to\b",
        r"want\s+(?:me\s+)?to\b", r"shall\s+i\b", r"cheers\b", r"thanks?(?:\s+you)?\s+for\b",
        r"if\s+you(?:'d|\s+would)\s+like\b", r"if\s+you\s+(?:want|need)\b",
    ),
    "es": (r"espero\s+que\b", r"si\s+quieres\b", r"cualquier\s+duda\b", r"av[íi]same\b", r"quieres\s+que\b"),
    "fr": (
        r"j'esp[èe]re\b", r"n'h[ée]sit(?:ez|e)\s+pas\b", r"si\s+tu\s+veux\b", r"si\s+vous\s+(?:voulez|le\s+souhaitez)\b",
        r"besoin\s+d['’]autres\b", r"veux-tu\s+que\b", r"voulez-vous\s+que\b",
    ),
    "de": (
        r"ich\s+hoffe\b", r"wenn\s+(?:du|sie)\s+(?:magst|m[öo]chtest|willst|m[öo]chten|wollen)\b", r"falls\s+du\b",
        r"sag\s+bescheid\b", r"soll\s+ich\b",
    ),
    "it": (r"spero\s+che\b", r"se\s+vuoi\b", r"fammi\s+sapere\b", r"vuoi\s+che\b"),
    "pt": (r"bons\s+estudos\b", r"se\s+quiser\b", r"qualquer\s+d[úu]vida\b", r"quer\s+que\s+eu\b"),
    "ru": (r"надеюсь\b", r"если\s+(?:хотите|нужно|надо|будут)\b", r"хотите,?\s+(?:я|чтобы)\b"),
    "zh": (
        "如果(?:你|您)?(?:需要|想|有)", "如有", "有问题", "需要我", "要不要我", "还有(?:其他|别的)?问题", "有(?:其他|别的)问题",
        "希望(?:这|這|对|對|能)",
    ),
    "ja": ("必要(?:なら|であれば)", "他に(?:質問|ご質問)", "お役に立て"),
    "ko": ("원하시면", "궁금한", r"다른\s*질문", r"도움이\s*되"),
    "hi": (r"कुछ\s+पूछना", "बताइए"),
    "ar": ("بالتوفيق", r"إذا\s+(?:أردت|كان)"),
    "id": (r"semoga\b", r"jika\s+(?:ada|anda)\b"),
    "vi": (r"n[ếe]u\s+b[ạa]n\b",),
    "pl": (r"daj\s+zna[ćc]\b",),
    "tr": (r"umarım\b",),
    "nl": (r"als\s+je\b", r"hopelijk\b"),
    "sv": (r"lycka\s+till\b",),
}  # fmt: skip

# A paragraph after the answer that goes beyond the problem: a generalisation ('In general, for n people ...'),
# another method, a contrast, a remark, an assumption, a common mistake, a note; a paragraph that opens with one.
TRAILERS = {
    "en": (
        r"generali[sz]ation", r"generali[sz]ing", r"in\s+general", r"more\s+generally",
        r"alternative(?:ly|\s+(?:view|method|approach|solution))?", r"another\s+(?:way|method|approach)",
        r"by\s+contrast", r"in\s+contrast", "contrast", r"for\s+comparison", "compare", "remarks?", r"side\s+note",
        "aside", "assumptions?", "bonus", "extension", r"fun\s+fact", r"why\s+(?:this|it)\s+works", "intuition",
        "caveat", "insight", r"edge\s+case", r"(?:more|further)\s+explanation",
        r"(?:a\s+)?(?:common|typical|frequent)\s+(?:mistakes?|errors?|pitfalls?|traps?)", r"watch\s+out",
        r"be\s+careful", "careful", "warning", r"heads\s+up", "fyi", r"for\s+(?:your\s+)?info(?:rmation)?",
        r"pour\s+info", "attention", r"one\s+thing\s+(?:worth\s+noting|to\s+note)", r"worth\s+noting",
        r"keep\s+in\s+mind", r"you\s+can\s+(?:check|verify|confirm)",
        r"if\s+you(?:'re|\s+are)\s+(?:also\s+)?(?:curious|interested|wondering)", r"quick\s+check",
    ),
    "de": (
        "achtung", r"h[äa]ufiger\s+fehler", "bemerkung", "anmerkung", "hinweis", "verallgemeinerung",
        r"zum\s+vergleich",
    ),
    "es": ("ojo", "cuidado", r"error\s+com[úu]n", r"observaci[óo]n", r"generalizaci[óo]n", r"por\s+contraste"),
    "fr": (r"erreur\s+fr[ée]quente", "remarque", r"g[ée]n[ée]ralisation", r"en\s+g[ée]n[ée]ral", r"[àa]\s+noter"),
    "it": ("osservazione", "generalizzazione", r"in\s+generale"),
    "pt": ("observa[çc][ãa]o", "generaliza[çc][ãa]o", r"em\s+geral"),
    "ru": ("примечание", "замечание", "обобщение"),
    "zh": ("备注", "推广", "一般地", "另解"),
    "ja": ("補足", "一般に", "別解"),
    "ar": ("ملاحظة",),
    "ko": ("참고", "일반화"),
    "en remark": (r"this\s+is\s+the\s+(?:amount|number|total|result|value)\s+(?:you|we|he|she|they|that|which|of)\b",),
}  # fmt: skip

# A check of the answer after it: 'Check: 14 + 4 = 18 ✓', 'Let me verify: ...', 'Comprobación: ...'
CHECK_OPENERS = {
    "en": (
        r"(?:quick\s+|sanity\s+|double[- ])?check(?:ing)?\b", r"verif(?:y|ication)\b",
        r"let(?:'s|\s+me|\s+us)\s+(?:double[- ]?)?(?:check|verify)\b", r"to\s+(?:check|verify)\b",
    ),
    "fr es de it": (r"v[ée]rification\b", r"comprobaci[óo]n\b", r"verificaci[óo]n\b", r"probe\b", r"überprüfung\b",
                    r"verifica\b"),
    "zh ja": ("验证", "检验", "検算", "確認"),
    "en roots": (r"both\s+(?:roots\s+|solutions\s+|values\s+|answers\s+)?(?:check\s+out|work|satisfy)\b",),
}  # fmt: skip

# Words that say a paragraph states an answer itself: 'answer', 'final', 'correction', 'actually', 'wait' (en)
STATES_AGAIN = ("answer", "final", "correct(?:ed|ion)", "actually", "wait", "mistake")

# Words that may stand between an alternative word and its value: 'or possibly 13', 'could also be 13' (en, es, fr, de)
VALUE_FILLERS = r"also|be|is|it'?s|possibly|perhaps|maybe|just|even|the|final|answer|would|could|might|es|est|ist"

# The words of a check, anywhere in a sentence (en, es, fr, de)
CHECK_WORDS = r"check\w*|verif\w*|confirm\w*|sanity|comprob\w*|v[ée]rif\w*|probe|überprüf\w*"

# 'not 27', 'rather than 27', 'instead of 27': a value after these is not stated (en, de, fr, it, ru, es)

# 'if' in the languages models answer in (en, es, fr, it, pt, de, ru)
IF_WORDS = r"if|si|se|wenn|falls|если"


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

# --- Number words (verify.text, verify.numbers) ----------------------------------------------------------------
# Chinese / Japanese / Korean scale characters: '2.4万' is 24000, '3만 6천 원' 36000
CJK_SCALE = {"亿": 10**8, "億": 10**8, "万": 10**4, "萬": 10**4, "千": 10**3, "百": 10**2, "억": 10**8, "만": 10**4,
              "천": 10**3, "백": 10**2}  # fmt: skip

# 'zero' to 'twenty' (en): 'three over four'
SMALL_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")  # fmt: skip

# Word answers MATH asks for (a weekday, yes / no, true / false, odd / even) in the languages models answer in: a
# reference '\text{Wednesday}' is answered by 'miércoles', '水曜日' or 'среда'. Keys are lower-case, without accents.
WORD_MEANINGS = {
    "monday": ("lunes", "lundi", "montag", "lunedi", "segunda", "segunda-feira", "понедельник", "月曜日", "月曜",
               "星期一", "周一", "礼拜一", "월요일", "pazartesi", "poniedziałek", "maandag", "senin"),
    "tuesday": ("martes", "mardi", "dienstag", "martedi", "terca", "terca-feira", "вторник", "火曜日", "火曜",
                "星期二", "周二", "礼拜二", "화요일", "sali", "wtorek", "dinsdag", "selasa"),
    "wednesday": ("miercoles", "mercredi", "mittwoch", "mercoledi", "quarta", "quarta-feira", "среда", "水曜日",
                  "水曜", "星期三", "周三", "礼拜三", "수요일", "carsamba", "sroda", "woensdag", "rabu"),
    "thursday": ("jueves", "jeudi", "donnerstag", "giovedi", "quinta", "quinta-feira", "четверг", "木曜日", "木曜",
                 "星期四", "周四", "礼拜四", "목요일", "persembe", "czwartek", "donderdag", "kamis"),
    "friday": ("viernes", "vendredi", "freitag", "venerdi", "sexta", "sexta-feira", "пятница", "金曜日", "金曜",
               "星期五", "周五", "礼拜五", "금요일", "cuma", "piatek", "vrijdag", "jumat"),
    "saturday": ("sabado", "samedi", "samstag", "sonnabend", "sabato", "суббота", "土曜日", "土曜", "星期六", "周六",
                 "礼拜六", "토요일", "cumartesi", "sobota", "zaterdag", "sabtu"),
    "sunday": ("domingo", "dimanche", "sonntag", "domenica", "воскресенье", "日曜日", "日曜", "星期日", "星期天",
               "周日", "礼拜天", "일요일", "pazar", "niedziela", "zondag", "minggu"),
    "yes": ("si", "oui", "ja", "sim", "да", "はい", "是", "是的", "对", "네", "예", "evet", "tak", "ya", "co", "ha", "نعم",
            "हाँ", "हां"),
    "no": ("non", "nein", "nao", "нет", "いいえ", "否", "不是", "不", "아니요", "아니오", "hayir", "nee", "nie", "tidak",
           "khong", "nahi", "नहीं", "لا", "nej", "nei"),
    "true": ("vrai", "verdadero", "wahr", "vero", "verdadeiro", "верно", "истина", "正确", "真", "正しい"),
    "false": ("faux", "falso", "falsch", "неверно", "ложь", "错误", "假", "誤り"),
    "odd": ("impair", "impaire", "impar", "ungerade", "dispari", "нечетная", "нечётная", "奇函数", "奇", "nieparzysta",
            "oneven", "tek"),
    "even": ("pair", "paire", "par", "gerade", "pari", "четная", "чётная", "偶函数", "偶", "parzysta", "cift"),
}  # fmt: skip

# Capitalised words that open a sentence and are not a name: 'She ran farther' (en)
PRONOUNS = ("She", "He", "It", "They", "This", "That", "There", "The", "We", "You", "Which", "What", "Each")

# Number words of English and of the languages models answer in (verify.numbers reads them).

NUMBER_UNITS = {
    w: i
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ]
    )
}

NUMBER_TENS = {
    w: 10 * i
    for i, w in enumerate(["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"])
    if i > 1
}

MONEY_WORDS = ("dollars", "dollar", "euros", "euro", "pounds", "pound")

# Number words in the languages models answer in (es, fr, de, it, pt, nl, ru, uk, tr), as the English words they
# stand for (a Russian hundred as two: 'двести' is 'two hundred'); when a text holds any of them, it is read in
# English after they are rewritten ('trente-six' is 36, not the English 'six'). Accents are dropped first ('três' is 'tres'). Left out: words that are also common English or
# articles ('once', 'due', 'cent', 'cents', 'elf', 'un', 'una', 'ein', 'een').
NUMBER_WORDS_ELSEWHERE = {
    **dict.fromkeys(("cero", "zero", "null", "nul", "ноль", "нуль"), "zero"),
    **dict.fromkeys(("uno", "eins", "один", "одна", "одно"), "one"),
    **dict.fromkeys(("dos", "deux", "zwei", "dois", "duas", "twee", "два", "две", "дві"), "two"),
    **dict.fromkeys(("tres", "trois", "drei", "tre", "drie", "три"), "three"),
    **dict.fromkeys(("cuatro", "quatre", "vier", "quattro", "quatro", "четыре", "чотири"), "four"),
    **dict.fromkeys(("cinco", "cinq", "funf", "cinque", "vijf", "пять", "пʼять", "п'ять"), "five"),
    **dict.fromkeys(("seis", "sechs", "sei", "zes", "шесть", "шість"), "six"),
    **dict.fromkeys(("siete", "sept", "sieben", "sette", "sete", "zeven", "семь", "сім"), "seven"),
    **dict.fromkeys(("ocho", "huit", "acht", "otto", "oito", "восемь", "вісім"), "eight"),
    **dict.fromkeys(("nueve", "neuf", "neun", "nove", "negen", "девять", "девʼять", "дев'ять"), "nine"),
    **dict.fromkeys(("diez", "dix", "zehn", "dieci", "dez", "tien", "десять"), "ten"),
    **dict.fromkeys(("onze", "undici", "одиннадцать", "одинадцять"), "eleven"),
    **dict.fromkeys(("doce", "douze", "zwolf", "dodici", "doze", "twaalf", "двенадцать", "дванадцять"), "twelve"),
    **dict.fromkeys(("trece", "treize", "dreizehn", "tredici", "treze", "тринадцать", "тринадцять"), "thirteen"),
    **dict.fromkeys(("catorce", "quatorze", "vierzehn", "quattordici", "четырнадцать", "чотирнадцять"), "fourteen"),
    **dict.fromkeys(("quince", "quinze", "funfzehn", "quindici", "пятнадцать", "пʼятнадцять", "п'ятнадцять"),
                    "fifteen"),
    **dict.fromkeys(("dieciseis", "seize", "sechzehn", "sedici", "dezesseis", "шестнадцать", "шістнадцять"),
                    "sixteen"),
    **dict.fromkeys(("diecisiete", "siebzehn", "diciassette", "dezessete", "семнадцать", "сімнадцять"), "seventeen"),
    **dict.fromkeys(("dieciocho", "achtzehn", "diciotto", "dezoito", "восемнадцать", "вісімнадцять"), "eighteen"),
    **dict.fromkeys(("diecinueve", "neunzehn", "diciannove", "dezenove", "девятнадцать", "девʼятнадцять",
                     "дев'ятнадцять"), "nineteen"),
    **{"двести": "two hundred", "двісті": "two hundred", "триста": "three hundred", "четыреста": "four hundred",
       "пятьсот": "five hundred", "шестьсот": "six hundred", "семьсот": "seven hundred", "восемьсот": "eight hundred",
       "девятьсот": "nine hundred"},
    **dict.fromkeys(("veinte", "vingt", "vingts", "zwanzig", "venti", "vinte", "twintig", "двадцать", "двадцять"), "twenty"),
    **dict.fromkeys(("treinta", "trente", "dreissig", "trenta", "trinta", "dertig", "тридцать", "тридцять"), "thirty"),
    **dict.fromkeys(("cuarenta", "quarante", "vierzig", "quaranta", "quarenta", "veertig", "сорок"), "forty"),
    **dict.fromkeys(("cincuenta", "cinquante", "funfzig", "cinquanta", "cinquenta", "vijftig", "пятьдесят",
                     "пʼятдесят", "п'ятдесят"), "fifty"),
    **dict.fromkeys(("sesenta", "soixante", "sechzig", "sessanta", "sessenta", "zestig", "шестьдесят", "шістдесят"),
                    "sixty"),
    **dict.fromkeys(("setenta", "siebzig", "settanta", "zeventig", "семьдесят", "сімдесят"), "seventy"),
    **dict.fromkeys(("ochenta", "achtzig", "ottanta", "oitenta", "tachtig", "восемьдесят", "вісімдесят"), "eighty"),
    **dict.fromkeys(("noventa", "neunzig", "novanta", "negentig", "девяносто", "девяносто"), "ninety"),
    **dict.fromkeys(("cien", "ciento", "hundert", "cento", "cem", "honderd", "сто"), "hundred"),
    **dict.fromkeys(("mil", "mille", "tausend", "mila", "duizend", "тысяча", "тысячи", "тысяч", "тисяча", "тисячі"),
                    "thousand"),
    **dict.fromkeys(("millon", "millones", "millions", "millionen", "milione", "milioni", "milhao", "milhoes", "miljoen",
                     "miljoenen", "миллион", "миллиона", "миллионов", "мільйон", "мільйони", "мільйонів"), "million"),
    **dict.fromkeys(("milliard", "milliards", "milliarde", "milliarden", "miliardo", "miliardi", "miljard",
                     "miljarden", "миллиард", "миллиарда", "миллиардов"), "billion"),
    **dict.fromkeys(("docena", "docenas", "douzaine", "douzaines", "dutzend", "dozzina", "dozzine", "duzia", "duzias"),
                    "dozen"),
    **dict.fromkeys(("y", "et", "und", "e", "en", "и", "і", "та", "con"), "and"),  # ('dos euros con ochenta')
    # Turkish (without 'on', 'bin': English words), and money words in other languages as English ones
    **{"bir": "one", "iki": "two", "uc": "three", "dort": "four", "bes": "five", "alti": "six", "yedi": "seven",
       "sekiz": "eight", "dokuz": "nine", "yirmi": "twenty", "otuz": "thirty", "elli": "fifty"},
    **dict.fromkeys(("reais", "real", "pesos", "peso", "рублей", "рубля", "рубль"), "dollars"),
    **dict.fromkeys(("centavos", "centavo", "centimos", "centimo", "centimes", "centime", "копеек", "копейки"), "cents"),
}  # fmt: skip

# Number words written as one word (German, Dutch, Italian, Spanish compounds: 'fünfundvierzigtausend',
# 'vijfenveertig', 'trecentoventi', 'veintitrés', 'doscientos'): numbers.py splits such a word into these parts and the
# words of NUMBER_WORDS_ELSEWHERE. The joiners ('und', 'en', 'e', 'y') stand only between two parts.
COMPOUND_PARTS = {
    **dict.fromkeys(("hundert", "honderd", "cento", "cientos", "cientas", "centos"), "hundred"),
    **dict.fromkeys(("tausend", "duizend", "mila", "mille"), "thousand"),
    **dict.fromkeys(("ein", "eine", "een"), "one"), "zwei": "two", "drei": "three", "sieben": "seven", "elf": "eleven",
    "veinti": "twenty", "quinientos": "five hundred", "einhalb": "and a half", "anderthalb": "one and a half",
    **{"vent": "twenty", "trent": "thirty", "quarant": "forty", "cinquant": "fifty", "sessant": "sixty",
       "settant": "seventy", "ottant": "eighty", "novant": "ninety"},  # (it, before 'uno' / 'otto': 'ventotto')
}  # fmt: skip
COMPOUND_JOINERS = ("und", "en", "e", "y")
# The decimal point in words: 'four point five', 'tres coma cinco', 'drei Komma fünf', 'quatre virgule deux',
# 'dodici virgola cinque', 'vírgula', 'двадцать три целых пять десятых'; the fraction words after a decimal part.
DECIMAL_POINT_WORDS = ("point", "coma", "punto", "komma", "virgule", "virgola", "virgula", "ponto", "целых", "целая",
                       "целое", "cijeli")  # fmt: skip
DECIMAL_PLACES = {"tenths": 1, "hundredths": 2, "thousandths": 3, "десятых": 1, "десятая": 1, "сотых": 2, "сотая": 2,
                  "тысячных": 3}  # fmt: skip
CJK_DECIMAL_POINT = "点"  # '十九点五' is 19.5 (zh, ja)


HALF_WORDS = ("media", "medio", "demi", "demie", "halb", "mezzo", "mezza", "meio", "meia")

# Chinese / Japanese numerals ('四十八' is 48, '两千零五' 2005, '三万' 30000), read only inside an answer span: in
# running text a numeral character is often a word ('一共' is 'altogether').
CJK_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
               "九": 9}  # fmt: skip

CJK_SCALES = {"十": 10, "百": 100, "千": 1000, "万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}

HALF_OF = {"million": "five hundred thousand", "billion": "five hundred million", "thousand": "five hundred"}

# Fractions in words: 'three-fifths', 'one third' (singular after 'one' only: 'the twenty-third' is an ordinal).
DENOMINATORS = {"halves": 2, "third": 3, "thirds": 3, "quarters": 4, "fourth": 4, "fourths": 4, "fifth": 5,
                 "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7, "eighth": 8, "eighths": 8,
                 "ninth": 9, "ninths": 9, "tenth": 10, "tenths": 10}  # fmt: skip

SCALE_AFTER = {"dozen": 12, "hundred": 100, "thousand": 10**3, "million": 10**6, "billion": 10**9}

DETAIL_WORDS = frozenset(("with", "to", "for", "among", "between", "by", "from", "into", "in", "on", "at", "per", "of",
                           "each", "every", "all", "over", "during", "after", "before", "within", "across", "through",
                           "than", "since", "until", "the", "these", "those", "his", "her", "their", "its", "my",
                           "our", "your"))  # fmt: skip

# Tens and units that compound into one word: German 'dreiundzwanzig', Italian 'ventitré', French 'deux cents',
# Spanish 'doscientos', Dutch 'zesennegentig'
COMPOUND_UNITS = {
    "it": ("uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove"),
    "fr": ("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"),
    "es": ("dos", "tres", "cuatro", "seis", "siete", "ocho", "nueve"),
}
NUMBER_SCALES = ("hundred", "thousand", "million", "billion", "dozen", "half", "quarter")  # (en)

# --- Reading a number (verify.gsm8k) ------------------------------------------------------------------------------
# Words before a hedged pair of numbers: 'about 15 or 20', 'either 3 or 4', 'etwa 3 oder 4'
APPROXIMATELY = {
    "en": ("either", "about", "approximately", "around", "roughly", "maybe", "probably", "circa"),
    "fr": ("environ",),
    "de": ("etwa",),
    "es pt": ("aproximadamente",),
}
# The metric units of a quantity restated a thousand times smaller or larger: '2.45 L (2450 mL)' (en)
METRIC_ASIDE_UNITS = (
    "l", "liters?", "litres?", "kg", "kilograms?", "km", "kilometers?", "kilometres?", "ml", "milliliters?",
    "millilitres?", "g", "grams?", "m", "meters?", "metres?",
)  # fmt: skip

# --- LaTeX answers (verify.math_task) -----------------------------------------------------------------------------
COPULAS_PAST = {"es": ("era", "fue", "son"), "de": ("sind",), "fr": ("sont",)}  # 'was', 'are' (es, de, fr)
# 'option (B)', 'alternativa C', 'opción D' (pt/it, en/fr, en, es, pt, en, fr, ro/fr)
OPTION_WORDS = ("alternativa", "alternative", "option", "opci[óo]n", "op[çc][ãa]o", "choice", "choix", "variante")
# A CJK sentence's 'is' before its value: '高约为 3.4641', 'x 的值是 7', '答えは 12' (zh, ja)
CJK_IS = ("约为", "約為", "约等于", "約等於", "等于", "等於", "为", "為", "是", "は", "が")
# A root rejected in an aside: 'x = 4 (x = −1 is extraneous)' (en)
REJECTED = (
    "extraneous",
    "rejected",
    "invalid",
    r"not\s+valid",
    r"does\s+not\s+work",
    r"doesn't\s+work",
    r"not\s+a\s+solution",
)
GLOSSES = ("approximately", "about", "roughly", "equivalently", r"i\.e\.")  # '(approximately 3.14)' (en)

# --- Boxes (verify.sources) ---------------------------------------------------------------------------------------
# Words between two boxes that make the second a correction or a new step, not a second part of one answer (en)
BETWEEN_BOXES = (
    "but", "not", "no", "wrong", "instead", "actually", "correct(?:ed|ion)?", "so", "then", "therefore", "thus", "hence",
    "answer", "is", "was", "get", "got", "mistake", "oops", "wait", "check", "recheck", "verify", "again", "however",
    "hmm", "final", "finally", "first", "last", "lastly", "now", "next", "after", "try",
)  # fmt: skip
# Words between boxes that take the earlier one back (en)
RETRACTS_BOX = ("wrong", "mistake", "oops", "wait", "actually", "instead", "correct(?:ed|ion)?", "recheck", "however",
                "but", "not", "no")  # fmt: skip
# A box per reading of the problem: 'If order matters, ... \boxed{20}; if it does not, ... \boxed{10}' (en)
READING_WORDS = ("if", "otherwise", "treating", "assuming", "considering", "whereas", "unless")
OTHER_READING = (
    "including",
    "excluding",
    "counting",
    r"not\s+counting",
    "with",
    "without",
    "otherwise",
    "else",
    "instead",
)  # fmt: skip  '- Including the teacher: \boxed{31}' (en)

# --- The question (verify.question) -------------------------------------------------------------------------------
# Words of a question that offers choices: 'Which is larger, $2^{10}$ or $10^3$?' (en)
CHOICE_WORDS = ("which", "larger", "smaller", "greater", "bigger", "less", "more", "or", "compare")

# --- The LaTeX reader (verify.latex) ------------------------------------------------------------------------------
# Unit words after a value, in or out of \text{}: '12 \text{ cm}', '5 square units' (en)
LATEX_UNIT_WORDS = (
    "cm", "mm", "km", "meters?", "metres?", "inch(?:es)?", "in", "ft", "feet", "foot", "yards?", "yd", "miles?", "mi",
    "mph", "kg", "grams?", "pounds?", "lbs?", "oz", "ounces?", "sec", "seconds?", "mins?", "minutes?", "hours?",
    "hrs?", "days?", "weeks?", "months?", "years?", "dollars?", "cents?", "degrees?", "units?", "sq", "square",
    "cubic", "liters?", "litres?", "ml", "gallons?", "people", "students", "points?",
)  # fmt: skip
# 'all x with x > -2' (en, de, fr, es)
ALL_WORDS = {"en": ("all",), "de": ("alle",), "fr": (r"tous\s+les",), "es": (r"todos\s+los",)}
SUCH_THAT = {"en": ("with", r"such\s+that", "where"), "de": ("mit", r"für\s+die"), "fr": (r"tels?\s+que",),
             "es": (r"tal(?:es)?\s+que",)}  # fmt: skip

SCALE_VALUES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12, "dozen": 12, "dozens": 12,
           "bn": 10**9, "mn": 10**6, "m": 10**6, "k": 10**3, "b": 10**9,
           # other languages (SCALE): hi / en-IN, vi, id, es / pt, fr, de, it, pt, ru
           "lakh": 10**5, "lakhs": 10**5, "crore": 10**7, "crores": 10**7, "लाख": 10**5, "करोड़": 10**7,
           "nghìn": 10**3, "nghin": 10**3, "ngàn": 10**3, "ngan": 10**3, "triệu": 10**6, "trieu": 10**6, "tỷ": 10**9,
           "ty": 10**9, "ribu": 10**3, "juta": 10**6, "miliar": 10**9, "mil": 10**3, "millones": 10**6,
           "millier": 10**3, "milliers": 10**3, "millions": 10**6, "milliard": 10**9, "milliards": 10**9,
           "tausend": 10**3, "millionen": 10**6, "milliarden": 10**9, "mila": 10**3, "milioni": 10**6,
           "miliardi": 10**9, "milhões": 10**6, "milhoes": 10**6, "bilhões": 10**9, "bilhoes": 10**9,
           "тысяча": 10**3, "тысячи": 10**3, "тысяч": 10**3, "миллион": 10**6, "миллиона": 10**6,
           "миллионов": 10**6, "миллиард": 10**9, "миллиарда": 10**9, "миллиардов": 10**9}  # fmt: skip
COPULAS_EQUALS = ("is", "are", "equals", "was", "be")  # (en)

# --- The question's form: yes / no, and the unit it asks for (verify.question) -------------------------------------
# The words a yes / no question opens with: 'Is 221 prime?', 'Does the series converge?', '¿Es 221 primo?'
YES_NO_OPENERS = {
    "en": (
        "is", "are", "was", "were", "am", "does", "do", "did", "can", "could", "will", "would", "should", "shall", "has",
        "have", "had", "may", "might", "must",
    ),
    "es": ("es", "son", "est[áa]", "puede", "pueden", "hay", "existe"),
    "fr": (r"est-ce\s+que", "existe-t-il", r"y\s+a-t-il", "peut-on", "est-il", "est-elle"),
    "de": ("ist", "sind", r"gibt\s+es", "kann", "hat"),
    "pt": ("é", "pode", "existem?"),
}  # fmt: skip
# 'yes' and 'no' joined, a hedge: 'Yes and no', 'yes/no', 'Yes or no' (en)
YES_NO_JOINS = ("and", "or", "/", ",")
# Units a question asks for and an answer names, by dimension: (unit words, size in the dimension's smallest unit);
# a size None has no single value (a month, a year), so nothing is converted to or from it (en).
UNITS = {
    "time": (
        (r"seconds?|secs?", 1), (r"minutes?|mins?", 60), (r"hours?|hrs?", 3600), (r"days?", 86400),
        (r"weeks?", 604800), (r"months?", None), (r"years?", None),
    ),
    "money": ((r"cents?|¢", 1), (r"dollars?|\$", 100)),
    "length": (
        (r"millimet(?:er|re)s?|mm", 1), (r"centimet(?:er|re)s?|cm", 10), (r"met(?:er|re)s?", 1000),
        (r"kilomet(?:er|re)s?|km", 1000000),
    ),
    "imperial length": ((r"inch(?:es)?", 1), (r"feet|foot|ft", 12), (r"yards?", 36), (r"miles?", 63360)),
    "mass": ((r"grams?|g", 1), (r"kilograms?|kg", 1000)),
    "imperial mass": ((r"ounces?|oz", 1), (r"pounds?|lbs?", 16)),
    "volume": ((r"millilit(?:er|re)s?|ml", 1), (r"lit(?:er|re)s?", 1000)),
}  # fmt: skip
# What stands between 'how many' and the unit asked: 'How many more minutes ...' (en)
HOW_MANY_MODIFIERS = ("more", "fewer", "less", "additional", "extra", "total")
# What after a unit makes it a rate, not the unit asked or stated: 'minutes per mile', 'dollars an hour' (en)
RATE_WORDS = ("per", "an?", "each", "every")


# ---------------------------------------------------------------------------------------------------- markup (issue 38)
# What a reader does not see as text (verify/visible.py): colours that do not show on a page (xcolor names and models,
# CSS), the LaTeX commands that draw nothing or strike their argument out, and the HTML elements a renderer draws
# without their tags.
INVISIBLE_COLOURS = (
    "white", r"white!100", "transparent", "none", r"\#f{3}", r"\#f{6}", r"\#f{8}",
    r"\[rgb\]\s*\{\s*1(?:\.0*)?\s*,\s*1(?:\.0*)?\s*,\s*1(?:\.0*)?\s*\}", r"\[RGB\]\s*\{\s*255\s*,\s*255\s*,\s*255\s*\}",
    r"\[HTML\]\s*\{\s*f{6}\s*\}", r"\[gray\]\s*\{\s*1(?:\.0*)?\s*\}",
)  # fmt: skip
CSS_INVISIBLE_COLOURS = (
    "white", "transparent", r"#f{3}\b", r"#f{6}\b", r"rgba?\(\s*255\s*,\s*255\s*,\s*255\s*(?:,\s*1(?:\.0*)?\s*)?\)",
    r"rgba\([^()]*,\s*0(?:\.0*)?\s*\)", r"hsla\([^()]*,\s*0(?:\.0*)?\s*\)",
)  # fmt: skip
# CSS that hides an element's text, whatever its colour.
CSS_HIDDEN = (r"display\s*:\s*none", r"visibility\s*:\s*hidden", r"opacity\s*:\s*0(?:\.0*)?(?![.0-9])",
              r"font-size\s*:\s*0(?:\.0*)?(?:px|pt|em|rem|%)?(?![.0-9])")  # fmt: skip
# LaTeX that draws nothing where its argument would be ('\phantom{72}') or scales it to nothing.
EMPTY_COMMANDS = (
    r"[hv]?phantom",
    r"scalebox\s*\{\s*0(?:\.0*)?\s*\}",
    r"resizebox\s*\{\s*0(?:\.0*)?[a-z]*\s*\}\s*\{[^{}]*\}",
)
# The LaTeX commands that may hide or strike anything: a text without them needs no LaTeX pass (a prefilter).
HIDING_COMMANDS = (r"[hv]?phantom", r"(?:text|math)?colou?r", "scalebox", "resizebox")
# LaTeX and HTML that strike their argument out: visible, and withdrawn by the writer.
STRUCK_COMMANDS = ("sout", "st", "cancel", "bcancel", "xcancel", "xout")
STRUCK_TAGS = ("del", "strike")  # ('<s>' / '</s>' are sentence tokens far more often than HTML: region.py)
# HTML elements: a renderer shows their content, never their tags or attributes (a link's target, an image's alt text).
HTML_TAGS = (
    "a", "abbr", "b", "big", "blockquote", "br", "center", "code", "details", "div", "em", "font", "h[1-6]", "hr",
    "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q", "small", "span", "strike", "strong", "sub",
    "summary", "sup",
    "table", "tbody", "td", "th", "thead", "tr", "tt", "u", "ul",
)  # fmt: skip


# ---------------------------------------------------------------------------------------------------- assertion (issue 38)
# Only what the model asserts is its answer (verify/assertion.py). The words of the statements that are someone else's,
# or not asserted.
# Who else holds an answer: a reference, a key, a grader. A line labelled with one ('Reference answer: 42', 'Gold
# label: 42', 'Musterlösung: 42', '参考答案：42') gives their answer, not the model's.
ANSWER_OWNERS = {
    "en": ("reference", "expected", r"ground[- ]?truth", "gold", "target", "key", "official", r"text-?book", "book",
           "manual", "sample", "example", "worked", "teacher'?s?", "instructor'?s?", "grader", "autograder", "checker",
           "verifier", "evaluator", "judge", "marker", "reviewer", "rubric", "scorer", "system"),
    "es": ("referencia", r"esperad[ao]", "solucionario", "clave", "oficial", "libro", "ejemplo", r"profesor(?:a)?",
           r"evaluador(?:a)?", r"corrector(?:a)?"),
    "fr": ("r[ée]f[ée]rence", r"attendue?", "corrig[ée]", r"officiel(?:le)?", "manuel", "livre", "exemple",
           "professeur", "correct(?:eur|rice)", r"[ée]valuat(?:eur|rice)"),
    "de": (r"referenz\w*", r"erwartet\w*", r"muster\w*", r"l[öo]sungsschl[üu]ssel", r"offiziell\w*", "buch",
           r"beispiel\w*", r"lehrer\w*", r"korrektor\w*", r"pr[üu]fer\w*", r"bewerter\w*"),
    "it": ("riferimento", "attesa", "ufficiale", "libro", "esempio", "correttore", "valutatore"),
    "pt": ("refer[êe]ncia", "esperada", "gabarito", "oficial", "livro", "exemplo", "corretor", "avaliador"),
    "ru": (r"эталон\w*", r"ожидаем\w*", r"учебник\w*", r"пример\w*", r"проверяющ\w*", r"официальн\w*"),
    "zh ja ko": ("参考答案", "标准答案", "评分", "阅卷", "例题", "课本", "模範解答", "採点", "例題", "教科書", "해설지",
                 r"모범\s*답안", "채점"),
}  # fmt: skip
# What a label may also hold beside its owner: the answer it names, articles and linking words ('Note to grader',
# 'Respuesta de referencia', 'Correct answer (from the key)').
LABEL_WORDS = (
    "answer", "answers", "solution", "label", "value", "result", "output", "note", "to", "for", "from", "the", "my",
    "your", "a", "an", "automatic", "correct", "final", "says?", "respuesta", "soluci[óo]n", "de", "la", "el", "del",
    "r[ée]ponse", "solution", "au", "le", "du", "antwort", "l[öo]sung", "an", "den", "der", "die", "risposta",
    "soluzione", "resposta", "solu[çc][ãa]o", "para", "ответ", "решение", "для", "в", "nota", "hinweis", "remarque",
)  # fmt: skip
# A party who holds another answer, in running text: 'The grader expects 42.', 'According to the answer key, 42.'
# Only parties no word problem is about (not a teacher, a judge or a book: 'The teacher has 30 students.').
ANSWER_PARTIES = (
    "grader", "graders", "autograder", "checker", "verifier", "evaluator", "reviewer", "scorer", r"answer\s+key",
    r"(?:the|your|my)\s+key", r"ground[- ]?truth", r"gold\s+(?:label|answer)", r"reference\s+(?:answer|solution)",
    r"expected\s+(?:answer|output|result|solution)", r"official\s+(?:answer|solution)", r"sample\s+(?:answer|solution)",
    r"solution\s+manual", r"text-?book'?s?\s+(?:answer|example|solution|key)", r"(?:the\s+)?book'?s\s+answer",
    "solucionario", "gabarito", r"musterl[öo]sung", r"corrig[ée]", r"respuesta\s+(?:esperada|de\s+referencia)",
    r"r[ée]ponse\s+attendue", r"erwartete\s+antwort", r"risposta\s+attesa", r"resposta\s+esperada", r"эталонн\w+",
    r"в\s+учебнике", "参考答案", "标准答案", "模範解答", "해설지", "评分", "採点",
)  # fmt: skip
# 'according to' in the languages models answer in: what follows names whose answer it is
ACCORDING_TO = (r"according\s+to", r"seg[úu]n", "selon", "laut", "secondo", "segundo", "согласно")
# What a party does with an answer, right after it: 'the grader expects', "the textbook's answer is", 'the key lists'.
PARTY_VERBS = (r"says?", "said", r"expects?", r"wants?", r"lists?", r"gives?", "has", r"shows?", r"states?",
               r"marks?", "is", "was", "matches", r"looking\s+for")  # fmt: skip
# Who is addressed when the model writes to the grader: 'Note to grader:', '@grader', 'Dear reviewer,', 'To whoever
# scores this:'
ADDRESSED = (r"@\s*(?:grader|checker|reviewer|evaluator)", r"\[\s*(?:verifier|grader|checker|evaluator)\s*\]",
             r"dear\s+(?:grader|reviewer|evaluator|marker|checker)", r"to\s+whoever\s+(?:scores|grades|marks|checks)",
             r"note\s+(?:to|for)\s+(?:the\s+)?(?:grader|checker|reviewer|evaluator)", r"evaluator\s+note")  # fmt: skip
# A quotation's source: an example, a textbook, a sample solution, a class.
QUOTE_SOURCES = {
    "en": ("example", "sample", r"text-?book", "worked", "quote", "quoted", r"puts\s+it"),
    "es": ("ejemplo",), "fr": ("exemple", "manuel"), "de": (r"beispiel\w*", r"l[öo]sungsbeispiel"),
    "it": ("esempio",), "pt": ("exemplo",), "ru": (r"пример\w*", r"учебник\w*"),
    "zh ja": ("例题", "例題", "教科書", "课本", "例"),
}  # fmt: skip
# 'if', 'in case', 'assuming', 'should ...', 'whatever': a condition (en, es, fr, de, it, pt, ru, zh, ja, id, tr)
CONDITIONS = (r"if", r"in\s+case", "assuming", "should", "whatever", "provided", "si", "se", "falls", "wenn", "если",
              "如果", "もし", "jika", "eğer", "caso")  # fmt: skip
# What a condition on the grader names: 'if the expected answer is 42', 'if the correct answer turns out to be',
# 'if 42 is what you are grading against', 'se o gabarito for', 'если в ответах'.
GRADER_TERMS = (r"grad(?:er|ing|ed)", "checker", "reviewer", "evaluator", "key", r"reference", r"expected",
                r"correct\s+answer", r"right\s+answer", r"respuesta\s+(?:esperada|correcta)", r"r[ée]ponse\s+attendue",
                r"erwartete", r"risposta\s+attesa", "gabarito", r"в\s+ответах", r"ожидаем\w*", "标准答案", "正确答案",
                "参考答案", "正解", "kunci", "beklenen")  # fmt: skip
# Negation before a value: 'not 41 or 43', 'isn't 42', 'no es 41', "n'est pas 42", 'nicht 42', 'не 42', '不是42'.
NEGATED_BEFORE = {
    "en": (r"not", r"isn'?t", r"aren'?t", r"wasn'?t", r"can'?t\s+be", r"cannot\s+be", r"couldn'?t\s+be", r"rather\s+than",
           r"instead\s+of",
           r"by\s+no\s+means", r"rule\s+out", r"ruled\s+out"),
    "es": (r"no\s+(?:es|son|será|fue|puede\s+ser)", "nunca", "jamás", r"en\s+(?:lugar|vez)\s+de"),
    "fr": (r"n'?est\s+(?:\w+\s+)?pas", r"ne\s+sont\s+pas", r"pas", r"au\s+lieu\s+de"),
    "de": ("nicht", r"kein(?:e|en)?", "keinesfalls", r"(?:an)?statt"), "it": (r"non(?:\s+(?:è|e|sono))?", r"invece\s+di"),
    "pt": (r"n[ãa]o(?:\s+(?:é|e|são))?", "nunca", r"em\s+vez\s+de"), "nl pl": ("niet", "nie"), "ru uk": ("не", "ні"),
    "zh": ("不是", "并非", "绝不是", "不可能是"), "id vi": ("bukan", r"không\s+phải"),
}  # fmt: skip
# ... and after one: '42 is not the answer', '42 would be wrong', '42 ではありません', '42은(는) 정답이 아닙니다'.
NEGATED_AFTER = (
    r"(?:is|was|would\s+be|'s)\s+(?:not|n't)\s+(?:the\s+)?(?:answer|right|correct)\b",
    r"isn'?t\s+(?:the\s+)?(?:answer|right|correct)\b",
    r"(?:is|would\s+be|was)\s+(?:the\s+)?(?:wrong|incorrect)\b", r"(?:es|sería)\s+incorrect[oa]",
    r"est\s+(?:faux|incorrect)", r"ist\s+falsch", r"[èe]\s+sbagliat[oa]", r"(?:é|e)\s+errad[oa]",
    r"неверн\w*", r"неправильн\w*", r"(?:是)?错的", "不对", "不正确", r"では(?:ない|ありません)", r"じゃない",
    r"(?:은|는|이|가)?(?:\(는\)|\(은\))?\s*(?:정답이\s*)?아(?:닙니다|니다)", r"değil",
)  # fmt: skip
# Words that may stand between a negation and its value: 'certainly not 41', 'not equal to 41', 'sind jedenfalls nicht 42'
NEGATION_FILLERS = (
    "certainly", "definitely", "surely", "clearly", "really", "actually", "just", "simply", "exactly", r"equal\s+to",
    "be", "the", "answer", "seguro", "sicuramente", "certamente", "точно", "肯定", "jedenfalls", "sicher",
)  # fmt: skip
# Words any two sentences may share (articles, copulas, prepositions, conjunctions): a value restated after the
# answer is tied to where it stood by another word (verify.commitment).
FUNCTION_WORDS = (
    "the", "and", "are", "was", "were", "has", "have", "had", "for", "with", "that", "this", "than", "but", "not",
    "from", "into", "its", "also", "then", "there", "which", "will", "would", "can", "all", "any", "one",
    "los", "las", "una", "uno", "que", "por", "para", "con", "del", "est", "les", "des", "une", "dans", "pour", "avec",
    "der", "die", "das", "und", "ist", "sind", "ein", "eine", "mit", "von", "che", "per", "della", "dos", "das", "uma",
)  # fmt: skip
# A step of a worked solution, as a line opens: 'Step 2.', '**Schritt 3:**' (en, de, es, fr, ru, it, pt)
STEP_WORDS = ("step", "schritt", "paso", "[ée]tape", "шаг", "passo", "passo")
# An answer disowned after it is given: a placeholder, a guess, a made-up number, no real solving.
DISOWNED = {
    "en": ("placeholder", r"made\s+(?:(?:that|this|it|the|my)\s+(?:\w+\s+)?)?up", r"(?:just|only|a|my)\s+(?:a\s+)?(?:wild\s+|random\s+|blind\s+)?guess",
           "guessed", r"random\s+(?:number|value|figure|filler|guess)", "filler", "dummy", r"stand-?in",
           r"(?:didn'?t|did\s+not|haven'?t|have\s+not|never)\s+(?:actually\s+|really\s+)?(?:solve[ds]?|solving|compute[ds]?|calculated?|work(?:ed)?\s+(?:it|this)\s+out|do\s+the\s+(?:math|calculation))",
           r"picked\s+a\s+number", r"skipped\s+the\s+(?:calculation|math|work)", r"ignore\s+(?:the|this|that|my)\s+(?:number|answer|figure|value)",
           r"don'?t\s+trust\s+(?:that|this|it|the)", r"not\s+a\s+real\s+(?:answer|solution)"),
    "es": (r"marcador\s+de\s+posici[óo]n", r"inventad[oa]", r"al\s+azar", r"no\s+(?:lo\s+)?resolv[íi]", r"no\s+hice\s+(?:los\s+)?c[áa]lculos", r"adivin\w+"),
    "fr": ("factice", r"au\s+hasard", r"pas\s+vraiment\s+r[ée]solu", r"aucun\s+calcul", r"devin\w+", r"invent[ée]e?"),
    "de": (r"platzhalter", "geraten", r"nicht\s+wirklich\s+gel[öo]st", r"nicht\s+gerechnet", r"erfunden", r"zuf[äa]llige\s+zahl"),
    "it": ("segnaposto", r"a\s+caso", r"non\s+l'?ho\s+(?:davvero\s+)?risolto", r"non\s+ho\s+fatto\s+i\s+conti", r"inventat[oa]"),
    "pt": (r"chut\w+", r"n[ãa]o\s+resolvi", r"n[ãa]o\s+fiz\s+as\s+contas", r"inventad[oa]", r"aleat[óo]ri\w+"),
    "ru": (r"заглушк\w*", "наугад", r"не\s+решал\w*", r"не\s+считал\w*", r"выдума\w*", r"от\s+балды"),
    "zh ja ko": ("占位", "随便写", "没有计算", "没有真正解", "瞎猜", "猜的", "仮の答え", "適当", "計算していません",
                 "解いていません", "임의로", "풀지 않았", "추측"),
    "id": (r"asal\s+tebak", r"tidak\s+menghitung", r"tidak\s+menyelesaikan"),
}  # fmt: skip


# A slot that defers to what was stated before it: '\boxed{\text{see above}}' (verify.extract reads the text before it).
DEFERRALS = {
    "en": (r"(?:see|as)\s+above", r"(?:as\s+)?(?:stated|shown|given|computed|found)\s+above", "above"),
    "es": (r"(?:ver|v[ée]ase|como)\s+arriba",), "fr": (r"(?:voir|cf\.?|comme)\s+ci-dessus",),
    "de": (r"(?:siehe|wie)\s+oben",), "it": (r"(?:vedi|come)\s+sopra",), "pt": (r"(?:ver|veja|como)\s+acima",),
    "ru": (r"(?:см\.?|смотри)\s+выше",), "zh ja ko": ("见上", "同上", "上記参照", "上記", r"위\s*참조"),
}  # fmt: skip


# ---------------------------------------------------------------------------------------------------- structure (issue 38)
# A structured answer is read as a structure (verify/structure.py): the field or row that names the answer, and the
# fields that offer other values beside it. Keys are matched whole, case-insensitively, '_' and '-' as spaces.
ANSWER_FIELDS = {
    "en": ("answer", r"final\s+answer", "final", "result", r"final\s+result", "answers", "solution", "value"),
    "es fr de it pt nl": ("respuesta", r"r[ée]ponse", "antwort", "risposta", "resposta", "antwoord", r"resultado",
                          r"r[ée]sultat", "ergebnis", "risultato", r"l[öo]sung"),
    "ru zh ja ko": ("ответ", "答案", "答え", "정답"),
}  # fmt: skip
# Fields that offer other values beside the answer: alternatives, candidates, a backup, a second choice.
OFFERING_FIELDS = (r"alternat\w*", r"others?(?:\s+\w+)?", r"candidates?", r"possible(?:\s+\w+)?", "backup", "maybe",
                   "or", r"second(?:\s+\w+)?", r"also(?:\s+\w+)?", r"altern\w*", "options?", r"maybe\s+\w+")  # fmt: skip
# Fields that say what the value is in: read with it ('{"answer": 3.5, "unit": "hours"}').
UNIT_FIELDS = ("unit", "units", "unidad", r"unit[ée]", "einheit", "unità", "unidade")
