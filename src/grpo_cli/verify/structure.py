r"""A structured answer is read as a structure (issue 38): a JSON object's answer field, a table's answer row.

A model asked for its answer in a format writes `{"answer": 42, "confidence": 0.97}` or a table with an `Answer` row;
the number a text ends on is then the confidence, or a row after the answer. One pass before the locator rewrites
such a structure as the statement it makes, which the readers know (`Final answer: 42.`):

- **JSON** - an object (bare or in a ```json fence) with an answer field (`lexicon.ANSWER_FIELDS`: answer,
  final_answer, result, respuesta, 答案, ...): its value is the answer; a list of two different values in it, or a
  field that offers other values beside it, is a second answer offered (`Final answer: 40 or 42.`, a hedge). A field
  offers one when none of its name's words says it is about the answer instead (`lexicon.METADATA_FIELDS`:
  `answer_confidence`, `answer_unit`, `ruled_out`) and either a word of its name is an answer word or an offering word
  (`lexicon.OFFERING_FIELDS`: `answer_alt`, `other_answer`, `candidates`, `answer2`) or, whatever its name, it holds
  a value of the answer's kind (`{"ответ": 42, "или": 43}`; a share in (0, 1) beside a larger answer is a confidence
  in any language); a unit field is read with the value; every other field (reasoning, steps, ...) is not read. A
  Python dict a model prints (single quotes) is read as its JSON; an answer field holding an object is read inside.
  An object without an answer field is left as written; text that is not JSON is never evaluated (`json.loads`
  only, on at most 4,000 characters).
- **A table's answer row** - a row whose first cell names the answer (`| **Answer** | **$30** |`) is that statement;
  the rows after it are the table's, not the answer (`| Confidence | 0.9 |`). A one-column table under an answer
  word states its cells (`| Answer |` over `| 6 |` and `| 9 |` offers two).

Examples both ways: tests/test_verify_rule_sources.py. `{"answer": 42, "confidence": 0.97}` reads 42 (it read 0.97);
`{"answer": 40, "alternatives": [42]}` is no single answer (it read 42); `{"x": 1}` is read as text.
"""

from __future__ import annotations

import json
import re

from grpo_cli.verify.lexicon import ANSWER_FIELDS, METADATA_FIELDS, NO_UNIT, OFFERING_FIELDS, UNIT_FIELDS, either

MAX_OBJECT = 4000
_OPEN = re.compile(r"\{\s*[\"']")
_FIELD = lambda words: re.compile(r"(?i)(?:" + either(words) + r")")  # noqa: E731 - a pattern per list of field names
_ANSWER_FIELD = _FIELD(ANSWER_FIELDS)
_OFFERING_FIELD = _FIELD(OFFERING_FIELDS)
_UNIT_FIELD = _FIELD(UNIT_FIELDS)
_NO_UNIT = re.compile(r"(?i)(?:" + either(NO_UNIT) + ")")
_METADATA_FIELD = _FIELD(METADATA_FIELDS)
# LaTeX in a JSON string written with single backslashes ('"\frac{3}{4}"' would read a form feed): a backslash before
# a command name is doubled, an escaped one kept.
_BACKSLASH = re.compile(r"\\\\|\\(?=[A-Za-z]{2,})")
_ROW = re.compile(
    r"(?m)^[ \t]*\|[ \t]*(?:\*\*)?[ \t]*(?P<label>[^|\n*]{1,40}?)[ \t]*(?:\*\*)?[ \t]*\|(?P<cells>[^\n]*)$"
)


def _key(name: str) -> str:
    return re.sub(r"[_\-\s]+", " ", re.sub(r"(?<=[^\W\d_])(?=[0-9])", " ", name.strip()))  # 'answer2' -> 'answer 2'


def _offers(key: str, value: object = None, said: list[str] | None = None) -> bool:
    """Does a field beside the answer field offer another value? None of its name's words is a metadata word, and a
    word of its name is an answer word or an offering word ('answer_alt', 'other answer', 'fallback', 'answer 2'; not
    'answer_confidence'), or, whatever its name, it holds a value of the answer's kind (`_like`): '{"ответ": 42,
    "или": 43}', '{"정답": 72, "후보": [72, 75]}' offer 43 and 75 in words no list holds."""
    words = key.split()
    if any(_METADATA_FIELD.fullmatch(w) or _UNIT_FIELD.fullmatch(w) for w in words):
        return False
    if said and _like(value, said):
        return True
    return any(_ANSWER_FIELD.fullmatch(w) or _OFFERING_FIELD.fullmatch(w) for w in words) and not (
        len(words) == 1 and re.fullmatch(r"[0-9]+|[b-z]", key)  # a bare 'b' or '2' is a key, not an offer
    )


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?[0-9]+(?:\.[0-9]+)?\s*", value):
        return float(value)
    return None


def _formula(item: str) -> bool:
    """A short LaTeX value, no words outside its commands: '\\frac{9}{2}'; not a sentence."""
    return len(item) <= 40 and "\\" in item and not re.search(r"[A-Za-z]{3,}", re.sub(r"\\[A-Za-z]+", "", item))


def _like(value: object, said: list[str]) -> bool:
    r"""A value of the answer's kind: a number beside a numeric answer (not a share in (0, 1) beside an answer outside
    it: a confidence in any language), or a short formula beside a LaTeX one (`\frac{9}{2}` beside `\frac{7}{2}`),
    or a list of such. A sentence ('6 boxes of 7 is 42') is working, not an offer."""
    items = value if isinstance(value, list) else [value]
    answer = _number(said[0])
    for item in items:
        number = _number(item)
        if answer is not None and number is not None:
            if not (0 < number < 1 and not 0 <= answer <= 1):
                return True
        elif answer is None and isinstance(item, str) and "\\" in said[0] and _formula(item):
            return True
    return False


def _object_end(text: str, start: int) -> int:
    """The index past the JSON object opening at `start` (braces counted outside strings), or -1."""
    depth, quoted, escaped = 0, False, False
    for i in range(start, min(len(text), start + MAX_OBJECT)):
        c = text[i]
        if quoted:
            escaped = not escaped and c == "\\"
            quoted = escaped or c != '"'
        elif c == '"':
            quoted = True
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return -1


def _load(raw: str) -> dict | None:
    attempts = [_BACKSLASH.sub(lambda m: "\\\\", raw), raw]
    if '"' not in raw:  # a Python dict as a model prints it ("{'answer': 120, 'alt': 122}"): its quotes, as JSON's
        attempts.append(_BACKSLASH.sub(lambda m: "\\\\", raw.replace("'", '"')))
    for attempt in attempts:
        try:
            value = json.loads(attempt)
        except ValueError:
            continue
        return value if isinstance(value, dict) else None
    return None


def _values(value) -> list[str]:
    """A field's values as text: a list gives each item."""
    items = value if isinstance(value, list) else [value]
    return [
        str(v).strip() for v in items if isinstance(v, (str, int, float)) and not isinstance(v, bool) and str(v).strip()
    ]


def _statement(obj: dict) -> str | None:
    """The statement a JSON object makes, or None when it names no answer."""
    fields = {_key(k): v for k, v in obj.items() if isinstance(k, str)}
    key = next((k for k in fields if _ANSWER_FIELD.fullmatch(k)), None)
    if key is None:
        return None
    if isinstance(fields[key], dict):  # '{"solution": {"value": 720, "method": "algebra"}}': the inner object's
        return _statement(fields[key])
    said = list(dict.fromkeys(_values(fields[key])))
    said += [v for k, x in fields.items() if k != key and _offers(k, x, said) for v in _values(x) if v not in said]
    if not said:
        return None
    units = (v for k, x in fields.items() if _UNIT_FIELD.fullmatch(k) for v in _values(x))
    unit = next((v for v in units if not _NO_UNIT.fullmatch(v)), "")  # '"units": "none"' is no unit
    return "Final answer: " + " or ".join(f"{v} {unit}".strip() for v in said) + "."


def _json(text: str) -> str:
    out, at = [], 0
    for m in _OPEN.finditer(text):
        if m.start() < at:
            continue
        end = _object_end(text, m.start())
        obj = _load(text[m.start() : end]) if end > 0 else None
        said = _statement(obj) if obj is not None else None
        if said is not None:
            out += [text[at : m.start()], said]
            at = end
    return "".join(out) + text[at:] if out else text


# A one-column table headed by an answer word: its cells are the answers it states ('| Answer |\n|---|\n| 6 |\n| 9 |'
# offers two).
_COLUMN = re.compile(
    r"(?m)^[ \t]*\|[ \t]*(?:\*\*)?(?P<label>[^|\n*]{1,40}?)(?:\*\*)?[ \t]*\|[ \t]*\n[ \t]*\|[ \t]*:?-{3,}:?[ \t]*\|[ \t]*"
    r"(?P<cells>(?:\n[ \t]*\|[^|\n]{1,60}\|[ \t]*)+)$"
)


def _column(m: re.Match) -> str:
    if not _ANSWER_FIELD.fullmatch(_key(m.group("label"))):
        return m.group(0)
    cells = [c.strip(" *\t|") for c in m.group("cells").strip().splitlines()]
    said = list(dict.fromkeys(c for c in cells if c))
    return "Final answer: " + " or ".join(said) + "." if said else m.group(0)


def _rows(text: str) -> str:
    """A table row whose first cell names the answer, as that statement ('| Answer | 20 |' -> 'Final answer: 20')."""

    def row(m: re.Match) -> str:
        cells = [c.strip(" *\t") for c in m.group("cells").split("|")]
        value = next((c for c in cells if c), "")
        return f"Final answer: {value}" if value and _ANSWER_FIELD.fullmatch(_key(m.group("label"))) else m.group(0)

    return _ROW.sub(row, _COLUMN.sub(_column, text) if "---" in text else text)


def structured(text: str) -> str:
    """The text with its structured answers rewritten as the statements they make (the module's docstring)."""
    if '{"' in text or '{ "' in text or "{\n" in text or "{'" in text:
        text = _json(text)
    if "|" in text:
        text = _rows(text)
    return text
