r"""What a reader sees: the text as rendered, before anything is read (issues 26 and 38).

A policy under RL learns to put the reference where a regex still finds it and a reader does not (`The answer is
73.\phantom{\boxed{72}}`, `\boxed{\color{white}{18}\color{black}{19}}` reads 19 on the page). So one pass, before
every other reader, removes what a rendered page does not show as the writer's text:

- **text drawn invisible** - `\phantom{}` (also `\hphantom`, `\vphantom`), `\scalebox{0}{}`; a colour that does not
  show (white, transparent, `#fff`, `[rgb]{1,1,1}`, ...: `lexicon.INVISIBLE_COLOURS`) set by `\textcolor{c}{...}` /
  `\mathcolor{c}{...}` / `\color{c}{...}` for its argument, or by the switch `\color{c}` up to the end of its group,
  its math region, its line or the next colour switch in the same group; an HTML element hidden by its style
  (`display:none`, `opacity:0`, `font-size:0`, a white or transparent colour, `hidden`); zero-width characters;
- **markup that is not text** - HTML comments and markdown comments (`[//]: # (...)`), link reference definitions,
  a link's target (`[text](target)` shows its text), an image (`![alt](src)`, `<img alt=...>`: its alt text shows
  only when the image does not), a figure's code (`[asy]...[/asy]`, drawn, not read), HTML tags and their attributes (`<a href=...>text</a>` shows its text), addresses
  (`https://...`): an address is not a statement;
- **text struck out** - `~~...~~`, `~...~`, `<del>` / `<s>` / `<strike>`, CSS `line-through`, `\sout{}`, `\cancel{}`,
  `\xcancel{}`, ...: the writer shows it and withdraws it (`\cancelto{v}{x}` keeps `v`). A command left with nothing
  to draw once its argument went (`\mathrlap{ }`, `\underset{ }{38}`) goes too.

Examples both ways (tests/test_verify_rule_text.py): `\boxed{\color{white}{18}\color{black}{19}}` -> `\boxed{ 19}`
(19 is seen); `{\color{white} 18} 19` -> 19; `The answer is 40. [link](https://x.org/42)` -> `The answer is 40.
link`; `~~42~~ 40` -> 40. Kept: `\color{red}{42}` (a colour that shows), `<answer>` and `<think>` (the R1 format's
tags, not HTML), `x < 5 > y` (no tag name), `\~{}` and `~50` (a tilde that strikes nothing).
"""

from __future__ import annotations

import re

from grpo_cli.verify.lexicon import (
    CSS_HIDDEN,
    CSS_INVISIBLE_COLOURS,
    EMPTY_COMMANDS,
    HIDING_COMMANDS,
    HTML_TAGS,
    INVISIBLE_COLOURS,
    STRUCK_COMMANDS,
    STRUCK_TAGS,
    either,
)

_ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")  # rendered as nothing: 7\u200b2 reads 72, as it shows
_COMMENT = re.compile(r"<!--.*?(?:-->|$)|(?m:^[ \t]*\[(?!\^)[^\]\n]*\]:[^\n]*$)", re.S)  # '[//]: # (42)', '[1]: url'
_INVISIBLE = r"\s*(?:" + either(INVISIBLE_COLOURS) + r")\s*"
# A command whose argument does not show: '\phantom{', '\textcolor{white}{', '\color{white}{' (argument form)
_EMPTY_ARGUMENT = re.compile(
    r"(?i)\\(?:(?:" + either(EMPTY_COMMANDS) + r")|(?:textcolor|mathcolor|color)\s*(?:\{" + _INVISIBLE + r"\}"
    r"|" + _INVISIBLE + r")(?=\s*\{))\s*\{"
)
_STRUCK_ARGUMENT = re.compile(r"\\(?:" + either(STRUCK_COMMANDS) + r")\s*\{")
_CANCEL_TO = re.compile(r"\\cancelto\s*\{")
# A colour switch: '\color{white}' hides up to the end of its group; any '\color{...}' switch ends the one before it.
_SWITCH = re.compile(r"(?i)\\color\s*(?:\[[^\]]*\])?\s*\{[^{}]*\}(?!\s*\{)")
_INVISIBLE_SWITCH = re.compile(r"(?i)\\color\s*(?:\{" + _INVISIBLE + r"\}|" + _INVISIBLE + r")$")
_CSS_HIDES = (
    r"(?:" + either(CSS_HIDDEN) + r"|(?<![-\w])color\s*[:=]\s*['\"]?\s*(?:" + either(CSS_INVISIBLE_COLOURS) + "))"
)
_HIDDEN_ELEMENT = re.compile(
    r"(?is)<(?P<tag>[a-z][a-z0-9]*)\b(?=[^>]*(?:style\s*=\s*['\"][^'\"]*" + _CSS_HIDES + r"|\bhidden\b"
    r"|\bcolor\s*=\s*['\"]?\s*(?:" + either(CSS_INVISIBLE_COLOURS) + r")))[^>]*>.*?(?:</(?P=tag)\s*>|$)"
)
_STRUCK_ELEMENT = re.compile(
    r"(?is)<(" + either(STRUCK_TAGS) + r")\b[^>]*>.*?(?:</\1\s*>|$)|(?<=.)<s>[^<>\n]{1,80}</s>"
)
_STRUCK_TILDES = re.compile(
    r"~~(?=\S)[^~\n]{1,300}?(?<=\S)~~|(?<![~\w\\])~(?=[^\s~])[^~\n]{1,80}?(?<=[^\s~])~(?![~\w])"
)
_FIGURE = re.compile(r"\[asy\].*?(?:\[/asy\]|$)", re.S)  # Asymptote code: drawn as a figure, not read as text
_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
_LINK = re.compile(r"\[([^\]\n]*)\]\([^)\n]*\)")
# A line of links only ('[source](https://...)', '<a href=...>more</a>'): a citation, not a statement.
_CITATION = re.compile(r"(?m)^[ \t\-*>]*(?:(?:\[[^\]\n]*\]\([^)\n]*\)|<a\b[^>]*>[^<\n]*</a>)[ \t.,;]*)+$")
_TAG = re.compile(r"(?i)</?(?:" + either(HTML_TAGS) + r")\b(?:[^<>'\"]|'[^']*'|\"[^\"]*\")*/?>")
_ADDRESS = re.compile(r"(?i)<?\b(?:https?://|www\.)[^\s<>()\[\]]+>?")
# A colour that shows is presentation only: '\color{black}{19}' reads 19.
_SHOWN_COLOUR = re.compile(r"\\(?:text|math)?colou?r\s*(?:\[[^\]]*\])?\s*\{[^{}]*\}")
# A group left empty by what was removed from it ('\boxed{{ }\frac{7}{4}}'); not a command's own argument.
_EMPTY_GROUP = re.compile(r"(?<![A-Za-z\]}])\{\s*\}")
# A command left with nothing to draw once its argument went ('\mathrlap{ }', '\smash{ }', '\underset{ }{38}'s first
# part): it draws nothing either, so it goes too; an emptied box stays, an empty answer.
_EMPTIED_COMMAND = re.compile(r"\\(?!boxed\b|fbox\b)[A-Za-z]+\s*(?:\[[^\]\n]{0,20}\])?\s*\{\s*\}")
_NEEDS_LATEX = re.compile(r"\\(?:" + either(HIDING_COMMANDS, STRUCK_COMMANDS) + ")")


def group_end(text: str, start: int) -> int:
    """The index just past the brace group that opens at `start` - 1 (the text's end when it never closes)."""
    depth = 1
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


def _switch_end(text: str, start: int) -> int:
    """Where a colour switch at `start` stops: the end of its group (its closing brace stays), of its math region or
    line, or the next colour switch in the same group."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:
                return i
            depth -= 1
        elif depth == 0 and (c in "$\n" or c == "\\" and _SWITCH.match(text, i)):
            return i
        i += 1
    return len(text)


def _latex(text: str) -> str:
    """Drop LaTeX that draws nothing or is struck out: arguments of `\\phantom` and friends, invisible colours (the
    argument forms, then the switches), struck-out arguments; `\\cancelto{v}{x}` keeps v."""
    while m := _EMPTY_ARGUMENT.search(text) or _STRUCK_ARGUMENT.search(text):
        text = text[: m.start()] + " " + text[group_end(text, m.end()) :]
    while m := _CANCEL_TO.search(text):
        kept_end = group_end(text, m.end())
        struck = re.match(r"\s*\{", text[kept_end:])
        end = group_end(text, kept_end + struck.end()) if struck else kept_end
        text = text[: m.start()] + text[m.end() : kept_end - 1] + text[end:]
    at = 0
    while (m := _SWITCH.search(text, at)) is not None:
        if _INVISIBLE_SWITCH.match(m.group(0)):
            text = text[: m.start()] + " " + text[_switch_end(text, m.end()) :]
            at = m.start() + 1
        else:
            at = m.end()
    return _EMPTY_GROUP.sub(" ", _EMPTIED_COMMAND.sub(" ", _SHOWN_COLOUR.sub(" ", text)))


def visible(text: str) -> str:
    """The text as a reader sees it rendered, and as its writer leaves it standing (the module's docstring)."""
    if _ZERO_WIDTH.search(text):
        text = _ZERO_WIDTH.sub("", text)
    if "<!--" in text or "]:" in text:
        text = _COMMENT.sub(" ", text)
    if "<" in text:
        text = _HIDDEN_ELEMENT.sub(" ", text)
        text = _STRUCK_ELEMENT.sub(" ", text)
    if "~" in text:
        text = _STRUCK_TILDES.sub(" ", text)
    if "\\" in text and _NEEDS_LATEX.search(text):
        text = _latex(text)
    if "[asy]" in text:
        text = _FIGURE.sub(" ", text)
    if "](" in text:
        text = _LINK.sub(r"\1", _CITATION.sub("", _IMAGE.sub(" ", text)))
    if "<a" in text:
        text = _CITATION.sub("", text)
    if "<" in text:
        text = _TAG.sub(" ", text)
    if "://" in text or "www." in text:
        text = _ADDRESS.sub(" ", text)
    return text
