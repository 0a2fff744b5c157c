"""The question (verify.question): conclusion words, yes / no openers, the units a question asks for."""

from __future__ import annotations

# --- The question (verify.question) -------------------------------------------------------------------------------
# Words of a question that offers choices: 'Which is larger, $2^{10}$ or $10^3$?' (en)
CHOICE_WORDS = ("which", "larger", "smaller", "greater", "bigger", "less", "more", "or", "compare")

# --- The question's form: yes / no, and the unit it asks for (verify.question) -------------------------------------
# The words a yes / no question opens with: 'Is 221 prime?', 'Does the series converge?', '¿Es 221 primo?'
YES_NO_OPENERS = {
    "en": (
        "is", "are", "was", "were", "am", "does", "do", "did", "can", "could", "will", "would", "should", "shall", "has",
        "have", "had", "may", "might", "must",
    ),
    "es": ("es", "son", "est[áa]", "puede", "pueden", "hay", "existe"),
    "fr": (r"est-ce\s+que", "existe-t-il", r"y\s+a-t-il", "peut-on", "est-il", "est-elle"),
    "de": ("ist", "sind", r"gibt\s+es", "kann", "hat"),
    "pt": ("é", "pode", "existem?"),
}  # fmt: skip

# 'yes' and 'no' joined, a hedge: 'Yes and no', 'yes/no', 'Yes or no' (en)
YES_NO_JOINS = ("and", "or", "/", ",")

# Units a question asks for and an answer names, by dimension: (unit words, size in the dimension's smallest unit);
# a size None has no single value (a month, a year), so nothing is converted to or from it (en).
UNITS = {
    "time": (
        (r"seconds?|secs?", 1), (r"minutes?|mins?", 60), (r"hours?|hrs?", 3600), (r"days?", 86400),
        (r"weeks?", 604800), (r"months?", None), (r"years?", None),
    ),
    "money": ((r"cents?|¢", 1), (r"dollars?|\$", 100)),
    "length": (
        (r"millimet(?:er|re)s?|mm", 1), (r"centimet(?:er|re)s?|cm", 10), (r"met(?:er|re)s?", 1000),
        (r"kilomet(?:er|re)s?|km", 1000000),
    ),
    "imperial length": ((r"inch(?:es)?", 1), (r"feet|foot|ft", 12), (r"yards?", 36), (r"miles?", 63360)),
    "mass": ((r"grams?|g", 1), (r"kilograms?|kg", 1000)),
    "imperial mass": ((r"ounces?|oz", 1), (r"pounds?|lbs?", 16)),
    "volume": ((r"millilit(?:er|re)s?|ml", 1), (r"lit(?:er|re)s?", 1000)),
}  # fmt: skip

# What stands between 'how many' and the unit asked: 'How many more minutes ...' (en)
HOW_MANY_MODIFIERS = ("more", "fewer", "less", "additional", "extra", "total")

# What after a unit makes it a rate, not the unit asked or stated: 'minutes per mile', 'dollars an hour' (en)
RATE_WORDS = ("per", "an?", "each", "every")
