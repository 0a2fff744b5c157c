"""Words every family reads: "or" / "and" between answers, scale words, units of money, time and metric quantities, "below zero", copulas, "no solution", "all real numbers"; and `either`, which joins word lists into one alternation."""

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
_K, _M, _G = 10**3, 10**6, 10**9  # thousand, million, billion
# Each word (a regex of its forms) with the value it multiplies by: one table for the words and their values.
SCALE = {
    "en": {"thousand": _K, "million": _M, "billion": _G, "trillion": 10**12, "dozens?": 12},
    "hi": {"lakhs?": 10**5, "crores?": 10**7, "लाख": 10**5, "करोड़": 10**7, "हज़ार": _K, "हजार": _K},
    "vi": {"ngh[ìi]n": _K, "ng[àa]n": _K, "tri[ệe]u": _M, "t[ỷy]": _G},
    "id": {"ribu": _K, "juta": _M, "miliar": _G},
    "es": {"mil": _K, "millones": _M},
    "fr": {"milliers?": _K, "millions": _M, "milliards?": _G},
    "de": {"tausend": _K, "millionen": _M, "milliarden": _G},
    "it": {"mila": _K, "milioni": _M, "miliardi": _G},
    "pt": {"milh[õo]es": _M, "bilh[õo]es": _G},
    "ru": {"тысяч[аи]?": _K, "миллион(?:а|ов)?": _M, "миллиард(?:а|ов)?": _G},
    "fa": {"هزار": _K, "میلیون": _M, "میلیارد": _G},
}
SCALE_ABBREVIATION_VALUES = {"bn": _G, "mn": _M, "m": _M, "k": _K, "b": _G}  # SCALE_ABBREVIATIONS, lower-cased
_SCALE_FORMS = [(re.compile(form, re.I), value) for words in SCALE.values() for form, value in words.items()]


def scale_value(word: str) -> int | None:
    """What a scale word or abbreviation multiplies by ('billion' -> 10**9, 'тысячи' -> 1000, 'k' -> 1000)."""
    word = word.strip().lower()
    if word in SCALE_ABBREVIATION_VALUES:
        return SCALE_ABBREVIATION_VALUES[word]
    return next((value for form, value in _SCALE_FORMS if form.fullmatch(word)), None)


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
# 0.45 and 45 (centimetres), '150,000 meters' also 150 (km), '2.45 L' also 2450 (mL): (unit words, factor). The
# one-letter symbols m and g are read in lower case only, as SI writes them: 'M' is mega or million and 'G' giga, so
# '2500\\text{M}' is no length and not also 2.5 (a hedge bench/verify_multishot.py found).
METRIC_UNITS: tuple[tuple[str, int | Fraction | None], ...] = (
    (r"km|kilomet(?:er|re)s?|kil[óo]metros?|kilom[èe]tres?", 1000),
    (r"kg|kilograms?|kilogramos?|kilogramm[e]?|kilogrammes?|килограмм(?:а|ов)?|кг", 1000),
    (r"l|liters?|litres?|litros?|liter", 1000),
    (r"ml|milliliters?|millilitres?|mililitros?|milliliter|мл", Fraction(1, 1000)),
    (r"(?-i:g)|grams?|gramos?|gramm|grammes?|грамм(?:а|ов)?", Fraction(1, 1000)),
    (r"cm|centimeters?|centimetres?|cent[íi]metros?|zentimeter", Fraction(1, 100)),
    # metres: 100 (cm) below 1000 m, else 1/1000 (km)
    (r"(?-i:m)|meters?|metres?|metros?|meter|m[èe]tres?|метр(?:а|ов)?", None),
)

METRIC_WORDS = "|".join(unit for unit, _ in METRIC_UNITS)

# The Japanese and Korean copulas a sentence ends on after its value ('答えは 12 です。', '정답은 25입니다').
CJK_FINAL_COPULAS = r"です|でした|である|だ|となります|になります|입니다|이다|예요|이에요"

# The copula or verb a verb-final language closes a sentence with after its value ('उत्तर 42 है।', 'Cevap 42'dir.'):
# the `final` reading's think block may end on one after the value (verify.contract). None that is a negation or
# a 'no' elsewhere (Hausa's 'ne' is Czech's and Slovene's 'no').
VERB_FINAL_COPULAS = {
    "ja/ko": (CJK_FINAL_COPULAS,),
    "hi/ne/mr": ("है", "हैं", "हो", "आहे", "छ", "हुन्छ"),
    "ur": ("ہے", "ہیں"),
    "fa": ("است", "هست", "می‌شود", "میشود"),
    "bn/as": ("হয়", "হবে", "আছে"),
    "ta/te/kn/ml": ("ஆகும்", "ஆகும", "అవుతుంది", "ಆಗುತ್ತದೆ", "ആണ്", "ആകുന്നു"),
    "tr/az": (r"(?:'|’)?(?:d|t)[ıiuü]r", "dır", "dir", "dur", "dür", "olur"),
    "my/si": ("ဖြစ်သည်", "ဖြစ်ပါတယ်", "වේ"),
}

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
