"""Characters models write that mean ASCII: other scripts' digits, minus signs and dashes, superscript exponents,
no-break spaces inside numbers, fullwidth letters and punctuation. One linear pass before any extraction, for both
tasks.

    ascii_math("答案是４２")            # '答案是42'
    ascii_math("−5, 4.5·10⁴, 1 234")   # '-5, 4.5·10^{4}, 1 234'

Only characters whose meaning is not in doubt are mapped: every Unicode decimal digit (category Nd: Arabic-Indic,
Devanagari, fullwidth, ...) becomes its ASCII digit; U+2212 MINUS SIGN and fullwidth hyphen-minus become '-'; an en
or figure dash right before a digit, where a sign can stand, becomes '-' (a dash between two numbers, '3–5', is left
as it is); superscript digits become a caret exponent and subscript digits an index ('x₁' is x_{1}); a vulgar
fraction becomes a/b ('7¾' is the mixed number '7 3/4'); no-break and thin spaces become plain spaces; the Arabic
decimal separator is a point; digits with Chinese / Japanese / Korean scale characters become the number they write
('2.4万' is 24000, '3만 6천' 36000); a line ends in a bare newline (not CR LF, and no spaces before it). The module
also knows the word answers MATH asks for in other languages (`word_meaning`: 'miércoles' is Wednesday).
"""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction

from grpo_cli.verify.lexicon import (
    CJK_SCALE,
    FUNCTION_WORDS,
    SMALL_NUMBERS,
    WORD_MEANINGS,
)

_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_SUB_RUN = re.compile(r"[₀₁₂₃₄₅₆₇₈₉]+")


# The zero of every block of ten Unicode decimal digits (category Nd, Unicode 14; each block runs zero..nine).
_DIGIT_ZEROS = (
    0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66, 0xDE6, 0xE50, 0xED0, 0xF20,
    0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0,
    0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10, 0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0,
    0x11450, 0x114D0, 0x11650, 0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0, 0x16A60, 0x16AC0,
    0x16B50, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E950, 0x1FBF0,
)  # fmt: skip


_TABLE = {
    **{0xFF01 + k: chr(0x21 + k) for k in range(94)},  # fullwidth ASCII: 'ｘ＝５' is 'x=5'
    **{zero + k: str(k) for zero in _DIGIT_ZEROS for k in range(10)},
    0x2212: "-",  # minus sign
    0xFF0D: "-",  # fullwidth hyphen-minus
    0xFE63: "-",  # small hyphen-minus
    0x00A0: " ",  # no-break space
    0x202F: " ",  # narrow no-break space
    0x2009: " ",  # thin space
    0x2007: " ",  # figure space
    0xFF1A: ":",  # fullwidth colon
    0xFF0E: ".",  # fullwidth full stop
    0xFF0C: ",",  # fullwidth comma
    0x3002: ". ",  # ideographic full stop: ends a sentence
    # Other scripts' sentence ends and question marks end a sentence as their ASCII forms do ('36吗？我不确定。').
    0xFF1F: "? ",  # fullwidth question mark
    0xFF01: "! ",  # fullwidth exclamation mark
    0x061F: "? ",  # Arabic question mark
    0x1367: "? ",  # Ethiopic question mark
    0x0964: ". ",  # Devanagari danda
    0x06D4: ". ",  # Arabic full stop (Urdu)
    0x1362: ". ",  # Ethiopic full stop
    0x104B: ". ",  # Myanmar section mark
    0x17D4: ". ",  # Khmer sign khan
    0x066B: ".",  # Arabic decimal separator: '٧٫٥' is 7.5
    0x066C: ",",  # Arabic thousands separator
    0x060C: ", ",  # Arabic comma: separates a list
    0x3001: ", ",  # ideographic comma: separates clauses and list items ('90 かもしれないし、100 かもしれません')
}
# Vulgar fractions: '7¾' is the mixed number '7 3/4', a lone '½' is '1/2'.
_VULGAR = {"½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5", "⅘": "4/5",
           "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8"}  # fmt: skip
_VULGAR_RE = re.compile(r"(?:([0-9])\s?)?([" + "".join(_VULGAR) + "])")
# Digits with Chinese / Japanese / Korean scale characters: '2.4万' is 24000, '1万2千' 12000, '3亿5000万' 350000000,
# '3만 6천 원' 36000.
_CJK_RUN = re.compile(
    r"(?<![0-9.])(?:[0-9]{1,20}(?:\.[0-9]{1,20})?\s*[亿億万萬千百억만천백]\s*)+(?:[0-9]{1,20}(?![0-9.]))?"
)
_CJK_PAIR = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*([亿億万萬千百억만천백])|([0-9]+)")


def _cjk_number(m: re.Match) -> str:
    total = section = Fraction(0)
    for num, unit, rest in _CJK_PAIR.findall(m.group(0)):
        if rest:
            section += int(rest)
        elif CJK_SCALE[unit] >= 10**4:  # 万 and 亿 scale everything before them in their section
            total += (section + Fraction(num)) * CJK_SCALE[unit]
            section = Fraction(0)
        else:
            section += Fraction(num) * CJK_SCALE[unit]
    value = total + section
    text = str(value.numerator) if value.denominator == 1 else str(float(value))
    return text + (" " if m.group(0).endswith(" ") else "")


_DASH_SIGN = re.compile(r"(?<![0-9A-Za-z)\]}])[–‒](?=\s?[0-9.])")
_SUPER_RUN = re.compile(r"[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+")
_NEEDS_WORK = re.compile(r"[^\x00-\x7f]")


_LINE_END = re.compile(r"[ \t]*\r?\n|[ \t]*\r")


def ascii_math(text: str) -> str:
    if "\r" in text or " \n" in text or "\t\n" in text:  # Windows line ends, spaces before a line end: '\n'
        text = _LINE_END.sub("\n", text)
    if not _NEEDS_WORK.search(text):  # the common case: plain ASCII
        return number_forms(text)
    return number_forms(_other_scripts(text))


def _other_scripts(text: str) -> str:
    text = text.translate(_TABLE)
    text = _DASH_SIGN.sub("-", text)
    text = _CJK_RUN.sub(_cjk_number, text)
    text = _VULGAR_RE.sub(lambda m: (m.group(1) + " " if m.group(1) else "") + _VULGAR[m.group(2)], text)
    text = _SUB_RUN.sub(lambda m: "_{" + m.group(0).translate(_SUBSCRIPTS) + "}", text)  # 'x₁' is x_{1}
    return _SUPER_RUN.sub(lambda m: "^{" + m.group(0).translate(_SUPERSCRIPTS) + "}", text)


# Number forms other than the ones the readers know (issue 26): thousands grouped with dots or apostrophes, 'x over
# y' fractions, the accountant's negatives. Each becomes the plain form ('1234567', '3/4', '-300').
_DOT_GROUPS = re.compile(
    r"(?<![0-9.,])([0-9]{1,3})((?:\.[0-9]{3}){2,})(?![0-9]|\.[0-9])"
)  # 1.234.567 (one group: a point)
_INDIAN_GROUPS = re.compile(r"(?<![0-9.,])[0-9]{1,2}(?:,[0-9]{2})+,[0-9]{3}(?![0-9]|,[0-9])")  # ₹5,40,000 (lakh)
_APOSTROPHE_GROUPS = re.compile(r"(?<![0-9.,'’])([0-9]{1,3})((?:['’][0-9]{3})+)(?![0-9'’])")  # 1'234'567, 12’500
_SMALL_WORDS = {w: str(i) for i, w in enumerate(SMALL_NUMBERS)}
_SMALL = r"[0-9]+|" + "|".join(_SMALL_WORDS)
_OVER = re.compile(
    r"(?i)(?<![\w.])(?:(negative|minus)\s+)?("
    + _SMALL
    + r")\s+(?:over|sobre|sur|durch)\s+("
    + _SMALL
    + r")\b(?![.,][0-9])"
)
# '$(300)', 'Net income (loss): (45)', '(1,250.50)' after a money word or a loss / balance label: a negative amount
_ACCOUNTANT = re.compile(
    r"(?i)((?<!\$)\\?\$\s*|\b(?:loss\)?|balance|deficit|change|income)\s*:\s*)"
    r"\(([0-9]{1,3}(?:,[0-9]{3})*(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?)\)(?![$0-9])"
)


def _over(m: re.Match) -> str:
    num, den = (_SMALL_WORDS.get(g.lower(), g) for g in m.group(2, 3))
    return ("-" if m.group(1) else "") + f"{num}/{den}"


def number_forms(text: str) -> str:
    """'1.234.567' -> '1234567', "1'234'567" -> '1234567', '₹5,40,000' -> '₹540000', '3 over 4' -> '3/4', '$(300)' ->
    '$-300'."""
    if "." in text:
        text = _DOT_GROUPS.sub(lambda m: m.group(1) + m.group(2).replace(".", ""), text)
    if "," in text:
        text = _INDIAN_GROUPS.sub(lambda m: m.group(0).replace(",", ""), text)
    if "'" in text or "’" in text:
        text = _APOSTROPHE_GROUPS.sub(lambda m: m.group(1) + re.sub("['’]", "", m.group(2)), text)
    if " over " in text or " sobre " in text or " sur " in text or " durch " in text:
        text = _OVER.sub(_over, text)
    if "(" in text:
        text = _ACCOUNTANT.sub(lambda m: m.group(1) + "-" + m.group(2), text)
    return text


_MEANING = {word: english for english, words in WORD_MEANINGS.items() for word in (english, *words)}
_CJK_ENDINGS = sorted((k for k in _MEANING if len(k) >= 2 and "\u3040" <= k[0] <= "\u9fff"), key=len, reverse=True)
_LATEX_WORD = re.compile(r"\\[A-Za-z]+|[{}$\\]|[\s.!?,;:。！？*\"'()]+")


def word_meaning(text: str) -> str | None:
    """The English word a one-word answer in another language means ('\\text{miércoles}' -> 'wednesday'), or None.
    A CJK run may end in it ('是偶函数' -> 'even')."""
    if len(text) > 40:
        return None
    word = _LATEX_WORD.sub("", text)
    word = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c)).lower()
    word = unicodedata.normalize("NFC", word).replace("ı", "i")  # Hangul recomposed ('예'); Turkish dotless i ('hayır')
    if word in _MEANING:
        return _MEANING[word]
    if word and "\u3040" <= word[-1] <= "\u9fff":  # ends in kana or a CJK ideograph
        return next((_MEANING[k] for k in _CJK_ENDINGS if word.endswith(k)), None)
    return _MEANING.get(word.removesuffix("function").removesuffix("funktion"))


_WORDS = re.compile(r"[^\W\d_]{3,}")
_MARKUP = re.compile(r"\\[A-Za-z]+|</?[A-Za-z][^<>\n]{0,40}>")  # '\frac', '<think>': markup, not words
_FUNCTION_WORDS = frozenset(FUNCTION_WORDS)


def content_words(text: str) -> set[str]:
    """The words of a text that say what it is about: letters only, three or more, not a function word, not a LaTeX
    command or a tag (lower-cased). Two sentences that share one are about the same things (verify.commitment,
    verify.assertion)."""
    return {w for w in _WORDS.findall(_MARKUP.sub(" ", text).lower()) if w not in _FUNCTION_WORDS}
