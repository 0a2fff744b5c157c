"""What a reader does not see as text (verify.visible): invisible colours, LaTeX that draws nothing or strikes out, HTML tags."""

from __future__ import annotations

# ---------------------------------------------------------------------------------------------------- markup (issue 38)
# What a reader does not see as text (verify/visible.py): colours that do not show on a page (xcolor names and models,
# CSS), the LaTeX commands that draw nothing or strike their argument out, and the HTML elements a renderer draws
# without their tags.
INVISIBLE_COLOURS = (
    "white", r"white!100", "transparent", "none", r"\#f{3}", r"\#f{6}", r"\#f{8}",
    r"\[rgb\]\s*\{\s*1(?:\.0*)?\s*,\s*1(?:\.0*)?\s*,\s*1(?:\.0*)?\s*\}", r"\[RGB\]\s*\{\s*255\s*,\s*255\s*,\s*255\s*\}",
    r"\[HTML\]\s*\{\s*f{6}\s*\}", r"\[gray\]\s*\{\s*1(?:\.0*)?\s*\}",
)  # fmt: skip

CSS_INVISIBLE_COLOURS = (
    "white", "transparent", r"#f{3}\b", r"#f{6}\b", r"rgba?\(\s*255\s*,\s*255\s*,\s*255\s*(?:,\s*1(?:\.0*)?\s*)?\)",
    r"rgba\([^()]*,\s*0(?:\.0*)?\s*\)", r"hsla\([^()]*,\s*0(?:\.0*)?\s*\)",
)  # fmt: skip

# CSS that hides an element's text, whatever its colour, or strikes it out (the writer withdraws it, as <del> does).
CSS_HIDDEN = (r"display\s*:\s*none", r"visibility\s*:\s*hidden", r"opacity\s*:\s*0(?:\.0*)?(?![.0-9])",
              r"font-size\s*:\s*0(?:\.0*)?(?:px|pt|em|rem|%)?(?![.0-9])",
              r"text-decoration[\w-]*\s*:[^;'\"]*line-through")  # fmt: skip

# LaTeX that draws nothing where its argument would be ('\phantom{72}') or scales it to nothing.
EMPTY_COMMANDS = (
    r"[hv]?phantom",
    r"scalebox\s*\{\s*0(?:\.0*)?\s*\}",
    r"resizebox\s*\{\s*0(?:\.0*)?[a-z]*\s*\}\s*\{[^{}]*\}",
)

# The LaTeX commands that may hide or strike anything: a text without them needs no LaTeX pass (a prefilter).
HIDING_COMMANDS = (r"[hv]?phantom", r"(?:text|math)?colou?r", "scalebox", "resizebox")

# LaTeX and HTML that strike their argument out: visible, and withdrawn by the writer.
STRUCK_COMMANDS = ("sout", "st", "cancel", "bcancel", "xcancel", "xout")

STRUCK_TAGS = ("del", "strike")  # ('<s>' / '</s>' are sentence tokens far more often than HTML: region.py)

# HTML elements: a renderer shows their content, never their tags or attributes (a link's target, an image's alt text).
HTML_TAGS = (
    "a", "abbr", "b", "big", "blockquote", "br", "center", "code", "details", "div", "em", "font", "h[1-6]", "hr",
    "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q", "small", "span", "strike", "strong", "sub",
    "summary", "sup",
    "table", "tbody", "td", "th", "thead", "tr", "tt", "u", "ul",
)  # fmt: skip
