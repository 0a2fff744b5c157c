"""verify/'s words live in one place (issue 26, deliverable 4): the `verify/lexicon/` package (one module per rule
family, all re-exported by `verify.lexicon`) holds every word list the readers match (answer phrases, hedges, revision words, scale words, sign-offs, number words, ...), keyed by language where
the words are, and every rule composes its regex from those named parts. Checked on the source with `ast`:

- no string literal in verify/ (docstrings aside) is over 200 characters: a long pattern is composed from named
  parts (adjacent literals count as one, as Python joins them);
- outside lexicon/ no string literal holds a run of WORD_RUN or more alternatives that are natural-language words
  ('so|therefore|thus|hence|finally'); a group of LaTeX commands after a backslash ('\\(?:frac|sqrt|...)') is not
  words;
- outside lexicon/ no tuple, list, set or dict literal holds WORD_RUN or more plain words, except the LaTeX and
  function names the parser knows and the reason codes (`NOT_WORDS`).
"""

from __future__ import annotations

import ast
import re

import pytest

from conftest import REPO

VERIFY = REPO / "src" / "grpo_cli" / "verify"
VOCABULARY = "lexicon"  # the package
MAX_LITERAL = 200
WORD_RUN = 5

# A natural-language alternative: letters (any script), a character class of letters ('[ée]'), an optional letter or
# group of letters ('s?', '(?:s|es)?'), a stem ('ошиб\w*'), with spaces, '\s+', hyphens or apostrophes between words.
_WORD_ALTERNATIVE = re.compile(
    r"(?:[^\W\d_]|\[[^\W\d_]+\]|\\s[+*?]|\\-|[-' ’]|\(\?:[^\W\d_|]+(?:\|[^\W\d_|]+)*\)\??|[^\W\d_]\?|\\w[*+])+"
)
_OPENERS = re.compile(r"^(?:\(\?[a-zA-Z]+\)|\(\?:|\(\?P<\w+>|\(|\\b|\^|\\s\*|\s)+")
_CLOSERS = re.compile(r"(?:\)[?*+]?|\\b|\$|\\s\*|\?|\s)+$")
_LATEX_GROUP = re.compile(r"\\\\\(\?[:=](?:\(\?:)?[A-Za-z|\[\]+-]+\)|\\\\[A-Za-z]+")  # '\\(?:frac|sqrt)', '\\cdot'

# Collections of plain words that are not natural language: LaTeX commands and function names the parser and the
# evaluator know, and the verdict's reason codes.
NOT_WORDS = {
    ("latex.py", "FUNCS"),
    ("latex.py", "GREEK"),
    ("latex.py", "MATRIX_ENVS"),
    ("latex.py", "_Parser._starts_atom"),
    ("values.py", "_fn"),
    ("values.py", "fn"),
    ("gsm8k.py", "_closed_form"),  # the parser's node kinds
    ("types.py", "REASONS"),
    ("arithmetic.py", "OPERATIONS"),  # the kinds a claim is counted under, not words read from text
    ("__init__.py", "__all__"),
}


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, kinds) and node.body and isinstance(node.body[0], ast.Expr)
    }


def _literals(path):
    tree = ast.parse(path.read_text())
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield node


def word_run(pattern: str) -> int:
    """The longest run of consecutive natural-language alternatives in a regex pattern."""
    best = run = 0
    for piece in _LATEX_GROUP.sub("#", pattern).split("|"):
        core = _CLOSERS.sub("", _OPENERS.sub("", piece))
        if len(core) >= 2 and _WORD_ALTERNATIVE.fullmatch(core) and sum(c.isalpha() for c in core) >= 2:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def _owner(tree: ast.AST, target: ast.AST) -> str:
    """The name a collection is bound to, or the function (Class.method) it stands in."""
    owner = "?"
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and any(n is target for n in ast.walk(node)):
            names = [t for t in (node.targets if isinstance(node, ast.Assign) else [node.target])]
            if names and isinstance(names[0], ast.Name):
                return names[0].id
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and any(n is target for n in ast.walk(item)):
                    return f"{node.name}.{item.name}"
        if isinstance(node, ast.FunctionDef) and any(n is target for n in ast.walk(node)):
            owner = node.name
    return owner


def _plain_words(node: ast.AST) -> int:
    items = list(node.keys) + list(node.values) if isinstance(node, ast.Dict) else node.elts
    return sum(isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value.isalpha() for e in items)


def _modules():
    return sorted(VERIFY.rglob("*.py"))


def test_the_checks_can_fail():
    assert word_run(r"(?i)\b(?:so|therefore|thus|hence|finally)\b") == 5
    assert word_run(r"(?:wait|hold\s+on|me\s+equivoqu[ée]|ошиб\w*|moment|erreur)") == 6  # a stem ('ошиб\w*') is a word
    assert word_run(r"\\(?:frac|dfrac|tfrac|sqrt|binom|sum)(?![A-Za-z])") == 0
    assert word_run(r"[0-9]+|[a-z]|x|y") == 0


def test_no_literal_pattern_is_written_out_over_200_characters():
    long = [
        f"{p.name}:{n.lineno} ({len(n.value)} characters)"
        for p in _modules()
        for n in _literals(p)
        if len(n.value) > MAX_LITERAL
    ]
    assert not long, "compose these from named parts in lexicon/: " + ", ".join(long)


@pytest.mark.parametrize("path", [p for p in _modules() if p.parent.name != VOCABULARY], ids=lambda p: p.name)
def test_word_lists_live_in_the_vocabulary_module(path):
    runs = [f"{path.name}:{n.lineno} {n.value[:60]!r}" for n in _literals(path) if word_run(n.value) >= WORD_RUN]
    assert not runs, "move these words into lexicon/: " + ", ".join(runs)
    tree = ast.parse(path.read_text())
    collections = [
        n
        for n in ast.walk(tree)
        if isinstance(n, (ast.Tuple, ast.List, ast.Set, ast.Dict)) and _plain_words(n) >= WORD_RUN
    ]
    lists = [
        f"{path.name}:{n.lineno} {_owner(tree, n)}"
        for n in collections
        if (path.name, _owner(tree, n)) not in NOT_WORDS
    ]
    assert not lists, "move these word lists into lexicon/: " + ", ".join(lists)
