r"""Which mark is the decimal mark: the text's own convention (gsm8k task; issue 38, round five).

Half the languages a policy answers in write decimals with a comma and group thousands with a point (`7,20 €`,
`1.250,50 руб.`, `Rp 60.000`, `R$ 31,25`). A careful reader takes `Antwort: 1,5 Liter` as 1.5; the verifier read it
as no number (a comma was only ever a thousands separator or a list), which refused right answers in es, de, fr,
pt, ru, tr, id, ... on every fresh labelled set. Two principles, no word lists:

- **a comma followed by one or two digits** (and then no digit) is a decimal comma: a thousands separator is
  always followed by three digits, and a list puts a space after its comma. `7,20` -> `7.20`, `0,5` -> `0.5`.
  (`\boxed{18,19}` then reads 18.19, no value a list hack could be paid with.)
- **a text that writes its decimals with commas** (at least one decimal comma, and no decimal point: no point
  followed by one or two digits) groups its thousands with points: `12.500` -> `12,500`, `1.250,50` ->
  `1,250.50`; so does a text whose every number with a point is grouped in threes, at least twice (`8.500 đồng ...
  51.000 đồng`). In a text that also writes `2.5`, or `0.125`, a point stays a decimal point.

Each mark is swapped in place (same length, so positions the assertion pass recorded stay valid). Only the gsm8k
task reads this way: MATH answers list roots and coordinates as `1,2` (verify.math_task keeps a comma a separator).

Examples both ways (tests/test_verify_rule_text.py): `Respuesta: 7,20 €` -> 7.20; `Le falta 12.500 − 2.500 =
10.000 €` with `0,2` in it -> 10000; `3 ÷ 2 = 1.5 ... 1,5 liters` -> 1.5 (the comma) and no point is a group;
`1,000` stays 1000; `1, 5` stays a list.
"""

from __future__ import annotations

import re

# A decimal comma: digits, a comma, one or two digits, then no digit, comma or point-digit ('1,5', '7,20', '625,25',
# '1.250,50'); not '1,000' (a group), not '1, 5' (a list), not '1,5,7' (a list without spaces).
_DECIMAL_COMMA = re.compile(r"(?<=[0-9]),(?=[0-9]{1,2}(?![0-9]|,[0-9]|\.[0-9]))")
# A decimal point: a point, one or two digits, no digit after ('2.5', '7.50'); what makes a text point-decimal.
_DECIMAL_POINT = re.compile(r"(?<=[0-9])\.[0-9]{1,2}(?![0-9])")
# A point that groups thousands in a comma-decimal text: '12.500', '1.250,50', '2.345.678'.
_GROUP_POINT = re.compile(r"(?<=[0-9])\.(?=[0-9]{3}(?![0-9]))")


# Any number with a point in it, whole: what a point-grouping text writes only as '8.500', '51.000', '1.250.000'.
_POINTED = re.compile(r"(?<![0-9.,])[0-9]+(?:\.[0-9]+)+(?![0-9])")
_GROUPED = re.compile(r"[1-9][0-9]{0,2}(?:\.[0-9]{3})+")


def _groups_with_points(text: str) -> bool:
    """A text whose every number with a point is grouped in threes ('8.500', '51.000'; none starts with '0.'), at
    least twice: it groups thousands with points even without a decimal comma ('Mỗi quyển 8.500 đồng ... 51.000
    đồng'); one such number alone ('1.250') stays a decimal point."""
    pointed = _POINTED.findall(text)
    return len(pointed) >= 2 and all(_GROUPED.fullmatch(n) for n in pointed)


def read_marks(text: str) -> str:
    """`text` with its decimal commas as points and, in a text that groups with points (a comma-decimal one, or one
    whose pointed numbers are all grouped in threes), its grouping points as commas."""
    commas = list(_DECIMAL_COMMA.finditer(text)) if "," in text else []
    grouped = "." in text and not commas and _groups_with_points(text)
    if not commas and not grouped:
        return text
    chars = list(text)
    if grouped or _DECIMAL_POINT.search(text) is None or _groups_with_points(text):
        for m in _GROUP_POINT.finditer(text):
            chars[m.start()] = ","
    for m in commas:
        chars[m.start()] = "."
    return "".join(chars)
