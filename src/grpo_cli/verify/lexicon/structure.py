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

# A field beside the answer offers another value when its name, word by word ('answer_alt', 'other_answer',
# 'second choice', 'fallback'), holds an answer word (above) or one of these: alternatives, candidates, a backup, a
# second choice, in the languages the answer words are in.
OFFERING_FIELDS = (r"alt\w*", r"others?", r"candidat\w*", r"possib\w*", "backup", "fallback", "spare", "maybe",
                   "perhaps", "or", "else", r"second\w*", "also", r"options?", r"choices?", r"otr[oa]s?", r"autres?",
                   r"andere\w*", r"altr[oaie]", r"outr[oa]s?", r"друг\w*", "[0-9]+|[b-z]")  # fmt: skip

# ... unless another word of the name says it is about the answer, not another one ('answer_confidence',
# 'answer_unit', 'answer explanation'): metadata, not read.
METADATA_FIELDS = (r"conf\w*", r"prob\w*", r"certain\w*", "score", "likelihood", r"units?", r"explan\w*",
                   r"reason\w*", r"steps?", "work", r"notes?", "format", "type", "comment", "source", "time",
                   # values set aside, not offered ('"ruled_out": [45]', '"rejected": 40')
                   "ruled", r"exclu\w*", r"reject\w*", "wrong", "incorrect", r"eliminat\w*", r"discard\w*",
                   "not")  # fmt: skip

# Fields that say what the value is in: read with it ('{"answer": 3.5, "unit": "hours"}').
UNIT_FIELDS = ("unit", "units", "unidad", r"unit[ée]", "einheit", "unità", "unidade")

# A unit field's value that says there is no unit: nothing is read with the answer ('"units": "none"', 'n/a').
NO_UNIT = ("none", "null", "nil", r"n/?a", "-+", r"unit-?less", "dimensionless", "ninguna", "sin unidad", "aucune",
           "keine", "nessuna", "nenhuma", "нет", "无")  # fmt: skip
