"""An answer's own forms (verify.sources): answer phrases in the languages models answer in, what may stand between boxes."""

from __future__ import annotations

from grpo_cli.verify.lexicon.common import either

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
