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
from functools import lru_cache

from grpo_cli.verify.lexicon import (
    CJK_DECIMAL_POINT,
    CJK_DIGITS,
    CJK_SCALES,
    COMPOUND_JOINERS,
    COMPOUND_PARTS,
    COMPOUND_UNITS,
    DECIMAL_PLACES,
    DECIMAL_POINT_WORDS,
    DENOMINATORS,
    DETAIL_WORDS,
    HALF_OF,
    HALF_WORDS,
    MONEY_WORDS,
    NUMBER_SCALES,
    NUMBER_TENS,
    NUMBER_UNITS,
    NUMBER_WORDS_ELSEWHERE,
    SCALE_AFTER,
    either,
)

MAX_DIGITS = 1000
REL_TOL = Fraction(1, 10**4)

# A number: thousands-grouped (1,234,567.5), plain (1234.5) or a bare fraction part (.5). ASCII digits only.
_NUM = r"(?:[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?|\.[0-9]+)"
# A sign counts only when it is not a binary minus (not preceded by a digit, letter or closing bracket). A power of a
# unit is no number of its own: '44 m^{2}' (as text.ascii_math writes '44 m²'), '9 ft^2', '4 m/s^{-2}' state 44, 9, 4.
NUMBER_RE = re.compile(
    r"(?<![0-9A-Za-z)\].,])(?<![A-Za-z]\^)(?<![A-Za-z]\^\{)(?<![A-Za-z]\^\{-)(?<![A-Za-z]\^-)"
    r"(?P<sign>[-−])?(?:\\?\$\s?)?(?P<num>" + _NUM + r")(?![0-9])"
)
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
    off = abs(float(xv) - y.real)
    return off < 10.0**-places and off <= float(REL_TOL) * abs(y.real)


def numbers_equal(a: Num, b: Num) -> bool:
    """Exact for integers and fractions; the documented decimal tolerance when either side is a decimal."""
    if a.value is None or b.value is None:
        return a.value is None and b.value is None and a.digits == b.digits
    if a.value == b.value:
        return True
    return decimal_close(a, a.places, b.value) or decimal_close(b, b.places, a.value)


_WORD = re.compile(r"[a-z]+")
# The decimal point and the place words in English, as _in_english writes them
DECIMAL_PLACES_EN = {"tenths": 1, "hundredths": 2, "thousandths": 3}
DECIMAL_WORDS = {**dict.fromkeys(DECIMAL_POINT_WORDS, "point"), **{w: ("tenths", "hundredths", "thousandths")[n - 1]
                                                                   for w, n in DECIMAL_PLACES.items()}}  # fmt: skip

_ANY_WORD = re.compile(r"[^\W\d_]+(?:['ʼ][^\W\d_]+)?")  # any script's words ('тридцять', 'п'ять')
# Compounds written as one word: German 'dreiundzwanzig' / 'dreieinhalb', Spanish 'veintitrés' / 'doscientos',
# French 'quatre-vingts' (80, not 4 + 20), Italian 'ventitré'.
_COMPOUNDS = [
    (re.compile(r"\b(" + either(COMPOUND_UNITS["fr"]) + r")\s+cents?\b"), r"\1 hundred"),
    (re.compile(r"\b(et|y)\s+un[oe]?\b"), "and one"),
    (re.compile(r"\bquatre[ -]vingts?\b"), "eighty"),
    (re.compile(r"\bbucuk\b"), "and a half"),  # Turkish 'iki buçuk' is 2.5
]  # fmt: skip
# The parts a compound number word is made of (lexicon.COMPOUND_PARTS, the number words of other languages), and the
# joiners that stand between two of them.
_PARTS = {
    **{w: w for w in NUMBER_WORDS_ELSEWHERE if len(w) > 1 and NUMBER_WORDS_ELSEWHERE[w] != "and"},
    **COMPOUND_PARTS,
}
_JOINERS = frozenset(COMPOUND_JOINERS)
_LONGEST = max(map(len, (*_PARTS, *_JOINERS)))


@lru_cache(maxsize=4096)
def _split(word: str) -> tuple[str, ...] | None:
    """A word made only of number words, joined ('funfundvierzigtausend' -> funf, und, vierzig, tausend;
    'trecentoventi', 'vijfenveertig', 'doscientos', 'dreieinhalb'), or None. The longest part first, then shorter."""
    if word in _PARTS or len(word) < 6:
        return None
    return _parts(word, True)


def _parts(word: str, first: bool) -> tuple[str, ...] | None:
    if not word:
        return ()
    for n in range(min(len(word), _LONGEST), 1 if first else 0, -1):
        head = word[:n]
        if head in _PARTS or head in _JOINERS and not first and n < len(word):
            rest = _parts(word[n:], head in _JOINERS)
            if rest is not None and not (head in _JOINERS and rest[:1] and rest[0] in _JOINERS):
                return (head, *rest)
    return None


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
    out = []
    for word in _ANY_WORD.findall(text):
        parts = _split(word)
        out += [COMPOUND_PARTS.get(p) or _english_word(p) for p in parts] if parts else [_english_word(word)]
    return " ".join(out)


def _english_word(word: str) -> str:
    """One word in English: a number word of another language, a decimal point, 'a half'; a compound's part only as a
    whole word when it is one ('quinientos'; not 'een', an article on its own)."""
    if word in HALF_WORDS:
        return "a half"
    whole = COMPOUND_PARTS.get(word) if len(word) >= 8 else None
    return whole or NUMBER_WORDS_ELSEWHERE.get(word, DECIMAL_WORDS.get(word, word))


CJK_NUMERALS = "[" + "".join(CJK_DIGITS) + "十百千万萬亿億" + CJK_DECIMAL_POINT + "]"  # one character of a numeral
_CJK_DECIMAL = re.compile(
    "[" + "".join(CJK_DIGITS) + "十百千万萬亿億]+" + CJK_DECIMAL_POINT + "[" + "".join(CJK_DIGITS) + "]+"
)
_CJK_NUMERAL = re.compile("[" + "".join(CJK_DIGITS) + "十百千万萬亿億]{2,}|[" + "".join(CJK_DIGITS) + "十]")


def _cjk_decimal(text: str) -> Num | None:
    """'十九点五' is 19.5: the numeral before 点, then its digits one by one."""
    whole, _, digits = text.partition(CJK_DECIMAL_POINT)
    after = "".join(str(CJK_DIGITS[c]) for c in digits if c in CJK_DIGITS)
    before = cjk_numeral(whole) if whole else None
    if before is None or before.value is None or not after:
        return None
    return Num(before.value + Fraction(int(after), 10 ** len(after)), len(after))


def cjk_numeral(text: str) -> Num | None:
    """The first run of two or more CJK numerals in `text` as a number, else the first single one, 一 last ('他一共有
    四十八本' is 48 and '一共五个' 5: '一共' is 'altogether'); None when there is none."""
    runs = _CJK_NUMERAL.findall(text)
    if not runs:
        return None
    total = section = digit = 0
    for c in next((r for r in runs if len(r) > 1), next((r for r in runs if r != "一"), runs[0])):
        if c in CJK_DIGITS:
            digit = CJK_DIGITS[c]
        elif CJK_SCALES[c] >= 10**4:  # 万 and 亿 scale the section before them
            total += (section + digit) * CJK_SCALES[c]
            section = digit = 0
        else:
            section += max(digit, 1) * CJK_SCALES[c]  # '十二' is 12: a bare 十 is one ten
            digit = 0
    return Num(Fraction(total + section + digit))


_HALF_A = re.compile(r"(?i)\bhalf\s+an?\s+(million|billion|thousand)\b")


def words_number(text: str) -> Num | None:
    """English number words, for a span with no digits: 'forty-two', 'one hundred and five', 'a dozen',
    'two dozen', 'one thousand two hundred', 'three and a half'. The first run of number words is read; None when
    there is none."""
    if any(c.isdigit() for c in text):
        return None
    if (decimal := _CJK_DECIMAL.search(text)) is not None:
        return _cjk_decimal(decimal.group(0))  # '十九点五'
    if _CJK_NUMERAL.search(text):
        return cjk_numeral(text)  # '答案是四十八页。'
    text = _HALF_A.sub(lambda m: HALF_OF[m.group(1).lower()], text)  # 'half a million' is 500,000
    foreign = _in_english(text)
    if foreign != " ".join(_ANY_WORD.findall(text.lower())):  # 'trente-six litres' (not English 'six')
        return english_words(foreign) or english_words(text)
    return english_words(text)


_BELOW_ZERO_WORDS = re.compile(r"(?:degrees?\s+(?:celsius\s+|fahrenheit\s+)?)?below\s+zero\b")


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
            scale = SCALE_AFTER.get(words[i + 3]) if len(words) > i + 3 and total == 0 and unit == 1 else None
            if scale is not None:  # 'two and a half dozen' is 30 (and 2.5 dozen), 'three and a half million'
                value = (current + part) * scale
                return Num(value, alt=value / 12) if scale == 12 else Num(value)
            break
        if (
            seen
            and word == "and"
            and total == 0
            and unit == 1
            and (count := NUMBER_UNITS.get(words[i + 1] if i + 1 < len(words) else ""))
            and (den := DENOMINATORS.get(words[i + 2] if i + 2 < len(words) else ""))
            and count < den
        ):
            return Num(current + Fraction(count, den))  # 'two and three quarters' is 2.75 (not (2 + 3) / 4)
        if seen and word == "point" and total == 0 and part == 0 and unit == 1:
            decimal = _decimal_part(words[i + 1 :])
            if decimal is not None:
                return Num(sign * (current + decimal[0]), decimal[1])  # 'four point five', 'tres coma cinco'
            break
        if word == "half" and not seen and words[i + 1 : i + 3] == ["a", "dozen"]:
            return Num(Fraction(6), alt=Fraction(1, 2))  # 'half a dozen' is 6 (and half a dozen)
        den = DENOMINATORS.get(word)
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
        if word in NUMBER_UNITS:
            current += NUMBER_UNITS[word]
        elif word in NUMBER_TENS:
            current += NUMBER_TENS[word]
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
            elif word in MONEY_WORDS and words[i + 1 : i + 2] == ["and"] and "cents" in words[i + 2 : i + 8]:
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


def _decimal_part(words: list[str]) -> tuple[Fraction, int] | None:
    """The part after a decimal point in words: digit by digit ('point two five' is .25) or as one number ('coma
    veinticinco' is .25, 'целых пять десятых' .5 by its place word); (value, places)."""
    run = []
    for word in words:
        if word not in NUMBER_UNITS and word not in NUMBER_TENS and word != "and":
            break
        run.append(word)
    while run and run[-1] == "and":
        run.pop()
    if not run:
        return None
    places = DECIMAL_PLACES_EN.get(words[len(run)]) if len(words) > len(run) else None
    if places is None and all(NUMBER_UNITS.get(w, 10) < 10 for w in run):
        digits = "".join(str(NUMBER_UNITS[w]) for w in run)
        return Fraction(int(digits), 10 ** len(digits)), len(digits)
    value = english_words(" ".join(run))
    if value is None or value.value is None or value.value.denominator != 1:
        return None
    places = places or len(str(value.value.numerator))
    return value.value / 10**places, places


_VOCABULARY = (
    frozenset(NUMBER_UNITS) | frozenset(NUMBER_TENS) | frozenset(DENOMINATORS)
    | frozenset(NUMBER_SCALES)
)  # fmt: skip


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
            while (
                j < len(words)
                and (
                    words[j] in _VOCABULARY
                    or words[j] in ("and", "a", "an")
                    and (
                        words[j + 1 : j + 2]
                        and words[j + 1] in _VOCABULARY
                        or words[j + 1 : j + 3] in (["a", "half"], ["a", "quarter"])
                    )
                    or words[j] in MONEY_WORDS  # 'two euros and eighty cents': one amount in two units
                    and words[j + 1 : j + 2] == ["and"]
                    and "cents" in words[j + 2 : j + 6]
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
    if before & DETAIL_WORDS and not left:
        return None  # 'with two friends', 'in a typical eight-hour day' are details; 'leaving her with half a dozen' is not
    said = " ".join(words[start:])
    value = english_words(said)
    return said if value is not None and value.value not in (None, 1) else None
