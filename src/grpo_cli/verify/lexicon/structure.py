"""Structured answers (verify.structure): answer fields, fields that offer other values, unit fields."""

from __future__ import annotations

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
