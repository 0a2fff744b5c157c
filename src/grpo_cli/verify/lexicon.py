"""The words the answer readers share, in the languages models answer in: "or" and "and" between answers, scale
words, units of money, time and metric quantities, "below zero", "no solution", "all real numbers", copulas.

Plain strings (regex alternatives, lower case where the readers match case-insensitively) and one table, so that
extract, gsm8k, math_task and latex read the same vocabulary; nothing here reads a text.
"""

from __future__ import annotations

import re
from fractions import Fraction

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
SCALE_WORDS = (
    r"thousand|million|billion|trillion|dozens?|lakhs?|crores?|लाख|करोड़|ngh[ìi]n|ng[àa]n|tri[ệe]u|t[ỷy]|ribu|juta|miliar"
    r"|mil|millones|milliers?|millions|milliards?|tausend|millionen|milliarden|mila|milioni|miliardi|milh[õo]es|bilh[õo]es"
    r"|тысяч[аи]?|миллион(?:а|ов)?|миллиард(?:а|ов)?"
)

SCALE_ABBREVIATIONS = r"\s*(?:bn|mn)\b|(?-i:[MKBk])\b"

# The words after a number that make it negative: '3 degrees below zero', '5°C below zero', '15 meters below sea
# level' (gsm8k reads them too).
BELOW_ZERO = (
    r"\s*(?:°\s*[CF]?|degrees?(?:\s+(?:celsius|fahrenheit|[CF]))?|m|meters?|metres?|ft|feet|grados?|degr[ée]s?|grad|gradi"
    r"|graus?|градус(?:ов|а)?)?\s*(?:below\s+(?:zero|sea\s+level)\b|bajo\s+cero\b|sous\s+z[ée]ro\b|en\s+dessous\s+de\s+z[ée]ro\b"
    r"|unter\s+null\b|sotto\s+(?:lo\s+)?zero\b|abaixo\s+de\s+zero\b|мороза|ниже\s+нуля)"
)  # also '15 градусов мороза', '5 grados bajo cero'

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
NO_SOLUTION_ELSEWHERE = (
    r"(?:aucune|pas\s+de)\s+solutions?(?:\s+r[ée]elles?)?|(?:l')?ensemble\s+vide"
    r"|(?:ninguna|no\s+hay|sin)\s+soluci[óo]n(?:\s+real)?|(?:el\s+)?conjunto\s+vac[íi]o"
    r"|keine\s+(?:reellen?\s+)?L[öo]sung(?:en)?|(?:die\s+)?leere\s+Menge|nessuna\s+soluzione(?:\s+reale)?|insieme\s+vuoto"
    r"|nenhuma\s+solu[çc][ãa]o(?:\s+real)?|(?:o\s+)?conjunto\s+vazio|нет\s+(?:действительных\s+)?решений|решений\s+нет"
    r"|пустое\s+множество|无(?:实数)?解|没有(?:实数)?解|空集|解なし|解は(?:存在し)?ない|空集合|공집합|해(?:는|가)\s*(?:\*\*)?\s*없"
)

# 'is' in the languages models answer in, the words every reader of a copula shares (each adds its own)
COPULAS_ELSEWHERE = r"es|est|ist|è|é|será|sera|sarà"

# 'all real numbers' in the languages models switch to (fr, es, pt, it, de)
ALL_REALS_ELSEWHERE = (
    r"tous\s+les\s+(?:nombres\s+)?r[ée]els|todos\s+los\s+(?:n[úu]meros\s+)?reales|todos\s+os\s+(?:n[úu]meros\s+)?reais"
    r"|tutti\s+i\s+(?:numeri\s+)?reali|alle\s+reellen\s+zahlen|все\s+(?:действительные|вещественные)\s+числа|全体实数|所有实数"
    r"|すべての実数|ℝ|wszystkie\s+liczby\s+rzeczywiste|tüm\s+reel\s+sayılar|semua\s+bilangan\s+real|alle\s+re[ëe]le\s+getallen"
)

# --- The final committed answer (verify.commitment, issue 26) ---------------------------------------------------
# Words that take back what was stated: a value after them is what the text finally commits to.
REVISION_WORDS = (
    r"wait|actually|oops|correction|corrected|correcting|mistakes?|mistaken|my\s+bad|wrong|incorrect|errors?|erred"
    r"|scratch\s+that|on\s+second\s+thought|hold\s+on|i\s+reali[sz]e|re-?count(?:ing|ed)?|re-?calculat\w*|let\s+me\s+redo"
    r"|not\s+right|not\s+correct|misread|miscounted|forgot"
    r"|espera|me\s+equivoqu[ée]|equivocad[oa]|corrijo|correcci[óo]n|en\s+realidad|attends|attendez|je\s+me\s+suis\s+tromp[ée]"
    r"|erreur|en\s+fait|moment|fehler|korrektur|falsch|eigentlich|aspetta|ho\s+sbagliato|errore|correzione|in\s+realt[àa]"
    r"|errei|erro|na\s+verdade|corre[çc][ãa]o|подожд\w*|ошиб\w*|исправ\w*|на\s+самом\s+деле"
)
CJK_REVISION_WORDS = r"等等|等一下|算错|错了|更正|其实|实际上|待って|間違|訂正|実は|잠깐|틀렸|실수"

# Words that offer another value beside the answer (a hedge, unless a revision word came first).
ALTERNATIVE_WORDS = (
    r"or|alternatively|possibly|perhaps|maybe|might|could|either|otherwise|o|ou|oder|oppure|или|або"
    r"|quiz[áa]s?|peut-[êe]tre|vielleicht|forse|talvez|(?:is|be)\s+also|also\s+(?:be|possible|valid|correct|works?)"
    r"|both\b[^.\n]{0,40}\b(?:possible|valid|correct|work)"
)
CJK_ALTERNATIVE_WORDS = r"或者?|または|也可能|もしくは|또는|혹은"

# 'my first answer stands': what a revision word opened is closed again, the answer found stays.
ANSWER_STANDS = (
    r"(?:first|original|previous|initial|earlier)\s+(?:answer|result)\s+(?:stands|holds|remains|is\s+(?:still\s+)?(?:right|correct))"
    r"|(?:answer|result)\s+(?:stands|is\s+still\s+(?:right|correct))|so\s+(?:it|that)\s+is\s+(?:still\s+)?(?:right|correct)"
)

# A tolerance or a range where a single value should stand: no single answer.
TOLERANCE = r"±|\\pm\b|\+/-|\+-(?=\s*[0-9])|plus\s+or\s+minus|give\s+or\s+take|more\s+or\s+less|m[áa]s\s+o\s+menos|plus\s+ou\s+moins"
RANGE_WORDS = r"between|from|range|ranging|entre|zwischen|tra|fra|между|от|之间|到|から"

# A sentence that concludes a value: 'Therefore the total is 22.', 'So the result is 12501.', 'Итак, ответ 12.'
CONCLUDES = (
    r"^\W{0,4}(?:so|therefore|thus|hence|finally|in\s+total|altogether|entonces|por\s+lo\s+tanto|donc|quindi"
    r"|portanto|итак|значит|所以|因此|故)\b[^.\n]{0,60}?(?:\b(?:is|are|equals?|comes\s+to|gives?|es|est|ist|è|é)\b|=)"
)

# Words a conclusion opens with: a final sentence that restates the question with one of them still answers it.
CONCLUSION_WORDS = (
    r"so|therefore|thus|hence|answer|total|now|left|final|result|altogether|in\s+all|remain\w*|after|then|finally|again"
    r"|still|in\s+the\s+end|at\s+the\s+end|ends?\s+up"
    r"|entonces|por\s+lo\s+tanto|donc|also|quindi|portanto|итак|значит|所以|因此|故"
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
