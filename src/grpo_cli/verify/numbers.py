"""Plain numbers in model output: finding them, reading them exactly, and the one tolerance rule.

Numbers are read into `fractions.Fraction`, never float, so "0.1 + 0.2" questions and 10-digit answers compare
exactly. Only ASCII digits count ("٣" is not 3), and a literal longer than `MAX_DIGITS` digits is kept as its digit
string (Python refuses int() on more than 4300 digits, and nobody's answer is that long).

Tolerance (documented in docs/verifiers.md): integers and fractions compare exactly. A decimal written with k digits
after the point also equals a value v when it is within one unit of its last digit of v (|x - v| < 10^-k) *and*
within 1e-4 of v relatively. So 0.3333 = 1/3 and 1.4142 = sqrt(2), but 0.33 != 1/3, 72.5 != 72 and
0.0000672 != 0.0000673 (math-verify's 6-decimal rounding calls the last pair equal, its issue #21).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

MAX_DIGITS = 1000
REL_TOL = Fraction(1, 10**4)

# A number: thousands-grouped (1,234,567.5), plain (1234.5) or a bare fraction part (.5). ASCII digits only.
_NUM = r"(?:[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?|\.[0-9]+)"
# A sign counts only when it is not a binary minus (not preceded by a digit, letter or closing bracket).
NUMBER_RE = re.compile(r"(?<![0-9A-Za-z)\].,])(?P<sign>[-−])?(?:\\?\$\s?)?(?P<num>" + _NUM + r")(?![0-9])")
_PLAIN = re.compile(r"[0-9]+(?:\.[0-9]+)?|\.[0-9]+")


@dataclass(frozen=True)
class Num:
    """An exactly-read number. `places` is the count of digits after the decimal point (0 for integers), which the
    tolerance rule needs; `digits` holds literals too long for exact arithmetic (then `value` is None)."""

    value: Fraction | None
    places: int = 0
    digits: str | None = None
    alt: Fraction | None = None  # '2.4 billion' is 2400000000, and 2.4 where the question counts in billions

    def canonical(self) -> str:
        if self.value is None:
            return self.digits or ""
        if self.value.denominator == 1:
            return str(self.value.numerator)
        if self.places:
            return _decimal_text(self.value, self.places)
        return f"{self.value.numerator}/{self.value.denominator}"


def _decimal_text(value: Fraction, places: int) -> str:
    sign = "-" if value < 0 else ""
    scaled = abs(value) * 10**places
    whole = int(scaled)
    if whole != scaled:  # not representable at that many places: fall back to the fraction
        return f"{value.numerator}/{value.denominator}"
    text = str(whole).rjust(places + 1, "0")
    text = f"{text[:-places]}.{text[-places:]}".rstrip("0").rstrip(".")
    return sign + text


def read_number(text: str, negative: bool = False) -> Num | None:
    """'1,234.50' -> Num(2469/2, places=2). Returns None for anything that is not one plain number."""
    text = text.replace(",", "")
    if not _PLAIN.fullmatch(text):
        return None
    if len(text) > MAX_DIGITS:  # compared as a digit string: exact, and no int() of a huge literal
        whole, _, frac = text.partition(".")
        frac = frac.rstrip("0")
        digits = (whole.lstrip("0") or "0") + (f".{frac}" if frac else "")
        return Num(None, 0, ("-" if negative and digits.strip("0.") else "") + digits)
    places = len(text.split(".", 1)[1]) if "." in text else 0
    value = Fraction(text)
    return Num(-value if negative else value, places)


def find_numbers(text: str) -> list[Num]:
    """Every number in `text`, in order, with its sign when the sign is not a binary minus."""
    out = []
    for m in NUMBER_RE.finditer(text):
        num = read_number(m.group("num"), negative=bool(m.group("sign")))
        if num is not None:
            out.append(num)
    return out


def decimal_close(x: Num | Fraction, places: int, y: Fraction | complex | float) -> bool:
    """The rounding half of the tolerance rule: `x` (written with `places` decimals) is within one unit of its last
    digit of `y` and within REL_TOL of it relatively."""
    xv = x.value if isinstance(x, Num) else x
    if xv is None or places <= 0:
        return False
    if isinstance(y, Fraction):
        diff = abs(xv - y)
        return diff < Fraction(1, 10**places) and diff <= REL_TOL * abs(y)
    y = complex(y)
    if abs(y.imag) > 1e-12 * max(1.0, abs(y.real)):
        return False
    diff = abs(float(xv) - y.real)
    return diff < 10.0**-places and diff <= float(REL_TOL) * abs(y.real)


def numbers_equal(a: Num, b: Num) -> bool:
    """Exact for integers and fractions; the documented decimal tolerance when either side is a decimal."""
    if a.value is None or b.value is None:
        return a.value is None and b.value is None and a.digits == b.digits
    if a.value == b.value:
        return True
    return decimal_close(a, a.places, b.value) or decimal_close(b, b.places, a.value)


_UNITS = {
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
_TENS = {
    w: 10 * i
    for i, w in enumerate(["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"])
    if i > 1
}
_WORD = re.compile(r"[a-z]+")
_MONEY = ("dollars", "dollar", "euros", "euro", "pounds", "pound")

# Number words in the languages models answer in (es, fr, de, it, pt, nl, ru, uk, tr), as the English words they
# stand for (a Russian hundred as two: 'двести' is 'two hundred'); when a text holds any of them, it is read in
# English after they are rewritten ('trente-six' is 36, not the English 'six'). Accents are dropped first ('três' is 'tres'). Left out: words that are also common English or
# articles ('once', 'due', 'cent', 'cents', 'elf', 'un', 'una', 'ein', 'een').
_FOREIGN = {
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
    **dict.fromkeys(("y", "et", "und", "e", "en", "и", "і", "та"), "and"),
    # Turkish (without 'on', 'bin': English words), and money words in other languages as English ones
    **{"bir": "one", "iki": "two", "uc": "three", "dort": "four", "bes": "five", "alti": "six", "yedi": "seven",
       "sekiz": "eight", "dokuz": "nine", "yirmi": "twenty", "otuz": "thirty", "elli": "fifty"},
    **dict.fromkeys(("reais", "real", "pesos", "peso", "рублей", "рубля", "рубль"), "dollars"),
    **dict.fromkeys(("centavos", "centavo", "centimos", "centimo", "centimes", "centime", "копеек", "копейки"), "cents"),
}  # fmt: skip
_ANY_WORD = re.compile(r"[^\W\d_]+(?:['ʼ][^\W\d_]+)?")  # any script's words ('тридцять', 'п'ять')
_DUTCH_UNITS = {"een": "one", "twee": "two", "drie": "three", "vier": "four", "vijf": "five", "zes": "six",
                "zeven": "seven", "acht": "eight", "negen": "nine"}  # fmt: skip
_HALF = ("media", "medio", "demi", "demie", "halb", "mezzo", "mezza", "meio", "meia")
# Compounds written as one word: German 'dreiundzwanzig' / 'dreieinhalb', Spanish 'veintitrés' / 'doscientos',
# French 'quatre-vingts' (80, not 4 + 20), Italian 'ventitré'.
_COMPOUNDS = [
    (re.compile(r"\b([a-z]+?)und(zwanzig|dreissig|vierzig|funfzig|sechzig|siebzig|achtzig|neunzig)\b"), r"\1 \2"),
    (re.compile(r"\b([a-z]+?)einhalb\b"), r"\1 and a half"),
    (re.compile(r"\bveinti([a-z]+)\b"), r"twenty \1"),
    (re.compile(r"\b(venti|trenta|quaranta|cinquanta|sessanta|settanta|ottanta|novanta)(uno|due|tre|quattro|cinque|sei"
                r"|sette|otto|nove)\b"), lambda m: m.group(1) + " " + ("two" if m.group(2) == "due" else m.group(2))),
    (re.compile(r"\b(deux|trois|quatre|cinq|six|sept|huit|neuf)\s+cents?\b"), r"\1 hundred"),
    (re.compile(r"\b(et|y)\s+un[oe]?\b"), "and one"),
    (re.compile(r"\b(dos|tres|cuatro|seis|siete|ocho|nueve)cientos\b"), r"\1 hundred"),
    (re.compile(r"\bquinientos\b"), "five hundred"),
    (re.compile(r"\bquatre[ -]vingts?\b"), "eighty"),
    (re.compile(r"\b(?:anderthalb|eineinhalb)\b"), "one and a half"),
    (re.compile(r"\bbucuk\b"), "and a half"),  # Turkish 'iki buçuk' is 2.5
    (re.compile(r"\b(een|twee|drie|vier|vijf|zes|zeven|acht|negen)e?en(twintig|dertig|veertig|vijftig|zestig|zeventig"
                r"|tachtig|negentig)\b"), lambda m: _DUTCH_UNITS[m.group(1)] + " " + m.group(2)),  # 'zesennegentig' is 96
]  # fmt: skip


def _in_english(text: str) -> str:
    """Number words of another language rewritten as English ones: 'tres docenas y media' -> 'three dozen and a
    half'; other words are kept."""
    text = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    text = (
        text.replace("ß", "ss")
        .replace("-", " ")
        .replace("baker's dozen", "thirteen")
        .replace("bakers dozen", "thirteen")
    )
    for pattern, repl in _COMPOUNDS:
        text = pattern.sub(repl, text)
    return " ".join("a half" if w in _HALF else _FOREIGN.get(w, w) for w in _ANY_WORD.findall(text))


# Chinese / Japanese numerals ('四十八' is 48, '两千零五' 2005, '三万' 30000), read only inside an answer span: in
# running text a numeral character is often a word ('一共' is 'altogether').
_CJK_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
               "九": 9}  # fmt: skip
_CJK_SCALES = {"十": 10, "百": 100, "千": 1000, "万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}
_CJK_NUMERAL = re.compile("[" + "".join(_CJK_DIGITS) + "十百千万萬亿億]{2,}|[" + "".join(_CJK_DIGITS) + "十]")


def cjk_numeral(text: str) -> Num | None:
    """The first run of two or more CJK numerals in `text` as a number, else the first single one, 一 last ('他一共有
    四十八本' is 48 and '一共五个' 5: '一共' is 'altogether'); None when there is none."""
    runs = _CJK_NUMERAL.findall(text)
    if not runs:
        return None
    total = section = digit = 0
    for c in next((r for r in runs if len(r) > 1), next((r for r in runs if r != "一"), runs[0])):
        if c in _CJK_DIGITS:
            digit = _CJK_DIGITS[c]
        elif _CJK_SCALES[c] >= 10**4:  # 万 and 亿 scale the section before them
            total += (section + digit) * _CJK_SCALES[c]
            section = digit = 0
        else:
            section += max(digit, 1) * _CJK_SCALES[c]  # '十二' is 12: a bare 十 is one ten
            digit = 0
    return Num(Fraction(total + section + digit))


_HALF_A = re.compile(r"(?i)\bhalf\s+an?\s+(million|billion|thousand)\b")
_HALF_OF = {"million": "five hundred thousand", "billion": "five hundred million", "thousand": "five hundred"}


def words_number(text: str) -> Num | None:
    """English number words, for a span with no digits: 'forty-two', 'one hundred and five', 'a dozen',
    'two dozen', 'one thousand two hundred', 'three and a half'. The first run of number words is read; None when
    there is none."""
    if any(c.isdigit() for c in text):
        return None
    if _CJK_NUMERAL.search(text):
        return cjk_numeral(text)  # '答案是四十八页。'
    text = _HALF_A.sub(lambda m: _HALF_OF[m.group(1).lower()], text)  # 'half a million' is 500,000
    foreign = _in_english(text)
    if foreign != " ".join(_ANY_WORD.findall(text.lower())):  # 'trente-six litres' (not English 'six')
        return english_words(foreign) or english_words(text)
    return english_words(text)


_BELOW_ZERO_WORDS = re.compile(r"(?:degrees?\s+(?:celsius\s+|fahrenheit\s+)?)?below\s+zero\b")
# Fractions in words: 'three-fifths', 'one third' (singular after 'one' only: 'the twenty-third' is an ordinal).
_DENOMINATORS = {"halves": 2, "third": 3, "thirds": 3, "quarters": 4, "fourth": 4, "fourths": 4, "fifth": 5,
                 "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7, "eighth": 8, "eighths": 8,
                 "ninth": 9, "ninths": 9, "tenth": 10, "tenths": 10}  # fmt: skip
_SCALE_AFTER = {"dozen": 12, "hundred": 100, "thousand": 10**3, "million": 10**6, "billion": 10**9}


def english_words(text: str) -> Num | None:
    """`words_number` for English words only."""
    total = current = 0
    part = Fraction(0)
    sign = 1
    unit = 1  # what 'and a half' is half of: 'three and a half' is 3.5, 'a dozen and a half' 18
    seen = False
    words = _WORD.findall(text.lower().replace("-", " "))
    for i, word in enumerate(words):
        if seen and word == "and" and words[i + 1 : i + 3] in (["a", "half"], ["a", "quarter"]):
            part = unit * (Fraction(1, 2) if words[i + 2] == "half" else Fraction(1, 4))
            scale = _SCALE_AFTER.get(words[i + 3]) if len(words) > i + 3 and total == 0 and unit == 1 else None
            if scale is not None:  # 'two and a half dozen' is 30 (and 2.5 dozen), 'three and a half million'
                value = (current + part) * scale
                return Num(value, alt=value / 12) if scale == 12 else Num(value)
            break
        if (
            seen
            and word == "and"
            and total == 0
            and unit == 1
            and (count := _UNITS.get(words[i + 1] if i + 1 < len(words) else ""))
            and (den := _DENOMINATORS.get(words[i + 2] if i + 2 < len(words) else ""))
            and count < den
        ):
            return Num(current + Fraction(count, den))  # 'two and three quarters' is 2.75 (not (2 + 3) / 4)
        if word == "half" and not seen and words[i + 1 : i + 3] == ["a", "dozen"]:
            return Num(Fraction(6), alt=Fraction(1, 2))  # 'half a dozen' is 6 (and half a dozen)
        den = _DENOMINATORS.get(word)
        if seen and den and total == 0 and part == 0 and unit == 1 and (current == 1) == (word[-1] != "s"):
            return Num(Fraction(current, den))  # 'three quarters (of an hour)', 'three-fifths', 'one third'

        if word in ("half", "quarter") and (
            not seen
            and words[i - 1 : i] in ([], ["a"])
            or seen
            and total == 0
            and current == 1
            and words[i - 1] == "one"
        ):
            current = 0  # 'half a cup', 'a quarter of an hour', 'one half'
            part = Fraction(1, 2) if word == "half" else Fraction(1, 4)
            seen = True
            break
        unit = 12 if word == "dozen" else unit
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word in ("thousand", "million", "billion"):
            total += max(current, 1) * {"thousand": 10**3, "million": 10**6, "billion": 10**9}[word]
            current = 0
        elif word == "dozen":
            current = max(current, 1) * 12
        elif word in ("and", "a") and (seen or word == "a"):
            continue
        elif seen:
            if words[i + 1 : i + 4] == ["and", "a", "half"]:  # 'three hours and a half'
                part = Fraction(1, 2)
            elif word in _MONEY and words[i + 1 : i + 2] == ["and"] and "cents" in words[i + 2 : i + 8]:
                cents = english_words(" ".join(words[i + 2 :]))
                if cents is not None and cents.value is not None and cents.value < 100:
                    part = cents.value / 100  # 'thirteen dollars and twenty-five cents'
            below = " ".join(words[i : i + 4])
            sign = -1 if _BELOW_ZERO_WORDS.match(below) and unit == 1 else 1  # 'seven degrees below zero'
            break
        else:
            continue
        seen = True
    if not seen:
        return None
    value = sign * (Fraction(total + current) + part)
    return Num(value, alt=value / 12) if unit == 12 else Num(value)  # 'three dozen and a half' is 42, and 3.5 dozen


_VOCABULARY = (
    frozenset(_UNITS) | frozenset(_TENS) | frozenset(_DENOMINATORS)
    | {"hundred", "thousand", "million", "billion", "dozen", "half", "quarter"}
)  # fmt: skip
_DETAIL_WORDS = frozenset(("with", "to", "for", "among", "between", "by", "from", "into", "in", "on", "at", "per", "of",
                           "each", "every", "all", "over", "during", "after", "before", "within", "across", "through",
                           "than", "since", "until", "the", "these", "those", "his", "her", "their", "its", "my",
                           "our", "your"))  # fmt: skip


def closing_words(text: str) -> str | None:
    """The last run of number words in `text` (a sentence's end, in any language `words_number` reads), when at most
    three other words follow it and it is not a detail ('with two friends'): the run and what follows, in English
    ('... collected twelve hundred cans.' -> 'twelve hundred cans'); None when there is none, or it says one."""
    words = _in_english(text).split()
    runs = []
    i = 0
    while i < len(words):
        if (
            words[i] in _VOCABULARY
            or words[i] in ("a", "an")
            and words[i + 1 : i + 2] in (["dozen"], ["half"], ["quarter"])
        ):
            j = i
            while j < len(words) and (
                words[j] in _VOCABULARY
                or words[j] in ("and", "a", "an")
                and (
                    words[j + 1 : j + 2]
                    and words[j + 1] in _VOCABULARY
                    or words[j + 1 : j + 3] in (["a", "half"], ["a", "quarter"])
                )
            ):
                j += 1
            runs.append((i, j))
            i = j
        i += 1
    if not runs:
        return None
    start, end = runs[-1]
    if start == 0 or words[start:end] == ["zero"] or len(words) - end > 3:
        return None  # '$2.4 million', '3 degrees below zero': the words belong to a number
    before = set(words[max(0, start - 3) : start])
    left = words[start - 1] == "with" and {"left", "leaving", "leaves"} & before
    if before & _DETAIL_WORDS and not left:
        return None  # 'with two friends', 'in a typical eight-hour day' are details; 'leaving her with half a dozen' is not
    said = " ".join(words[start:])
    value = english_words(said)
    return said if value is not None and value.value not in (None, 1) else None
