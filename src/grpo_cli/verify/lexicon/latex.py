"""LaTeX answers (verify.math_task, verify.latex): glosses, rejected roots, unit words inside \\text{}, set-builder words."""

from __future__ import annotations

# --- LaTeX answers (verify.math_task) -----------------------------------------------------------------------------
COPULAS_PAST = {"es": ("era", "fue", "son"), "de": ("sind",), "fr": ("sont",)}  # 'was', 'are' (es, de, fr)

# 'option (B)', 'alternativa C', 'opción D' (pt/it, en/fr, en, es, pt, en, fr, ro/fr)
OPTION_WORDS = ("alternativa", "alternative", "option", "opci[óo]n", "op[çc][ãa]o", "choice", "choix", "variante")

# A CJK sentence's 'is' before its value: '高约为 3.4641', 'x 的值是 7', '答えは 12' (zh, ja)
CJK_IS = ("约为", "約為", "约等于", "約等於", "等于", "等於", "为", "為", "是", "は", "が")

# A root rejected in an aside: 'x = 4 (x = −1 is extraneous)' (en)
REJECTED = (
    "extraneous",
    "rejected",
    "invalid",
    r"not\s+valid",
    r"does\s+not\s+work",
    r"doesn't\s+work",
    r"not\s+a\s+solution",
)

GLOSSES = ("approximately", "about", "roughly", "equivalently", r"i\.e\.")  # '(approximately 3.14)' (en)

# --- The LaTeX reader (verify.latex) ------------------------------------------------------------------------------
# Unit words after a value, in or out of \text{}: '12 \text{ cm}', '5 square units' (en)
LATEX_UNIT_WORDS = (
    "cm", "mm", "km", "meters?", "metres?", "inch(?:es)?", "in", "ft", "feet", "foot", "yards?", "yd", "miles?", "mi",
    "mph", "kg", "grams?", "pounds?", "lbs?", "oz", "ounces?", "sec", "seconds?", "mins?", "minutes?", "hours?",
    "hrs?", "days?", "weeks?", "months?", "years?", "dollars?", "cents?", "degrees?", "units?", "sq", "square",
    "cubic", "liters?", "litres?", "ml", "gallons?", "people", "students", "points?",
)  # fmt: skip

# 'all x with x > -2' (en, de, fr, es)
ALL_WORDS = {"en": ("all",), "de": ("alle",), "fr": (r"tous\s+les",), "es": (r"todos\s+los",)}

SUCH_THAT = {"en": ("with", r"such\s+that", "where"), "de": ("mit", r"für\s+die"), "fr": (r"tels?\s+que",),
             "es": (r"tal(?:es)?\s+que",)}  # fmt: skip

COPULAS_EQUALS = ("is", "are", "equals", "was", "be")  # (en)

# --- What an answer tag may hold (verify.notation) ----------------------------------------------------------------
# LaTeX commands that write a value (a number, a fraction, a root, an interval, a function of a value) or only set it
# out (spacing, size, wrappers); any other command, unless the reference uses it, says something about the value.
NOTATION_COMMANDS = (
    "frac", "dfrac", "tfrac", "cfrac", "sqrt", "cdot", "times", "ast", "div", "pm", "mp", "pi", "infty", "circ",
    "degree", "cup", "emptyset", "varnothing", "ldots", "cdots", "dots", "left", "right", "big", "Big", "bigl", "bigr",
    "displaystyle", "textstyle", "boxed", "text", "textbf", "textrm", "textnormal", "mathrm", "mathbf", "mbox",
    "operatorname", "quad", "qquad", "prime", "begin", "end", "binom", "dbinom", "tbinom",
)  # fmt: skip
